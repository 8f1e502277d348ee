from lib import make_client


def test_client_1():
    assert make_client()
