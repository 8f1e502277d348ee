from lib import make_client


def test_client_3():
    assert make_client()
