def load(path):
    handle = open(path)
    try:
        return handle.read()
    finally:
        handle.close()
