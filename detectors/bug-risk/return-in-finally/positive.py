def load(path):
    try:
        return open(path).read()
    finally:
        return None  # expect: return-in-finally
