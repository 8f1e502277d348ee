def load(path):
    with open(path) as f:
        return f.read()


def head(path):
    handle = open(path)
    try:
        print(handle.readline())
    finally:
        handle.close()


def opener(path):
    handle = open(path)
    return handle
