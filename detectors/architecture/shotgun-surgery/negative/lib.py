def api():
    return 1


def make_client():
    return object()
