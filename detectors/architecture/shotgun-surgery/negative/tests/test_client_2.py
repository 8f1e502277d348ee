from lib import make_client


def test_client_2():
    assert make_client()
