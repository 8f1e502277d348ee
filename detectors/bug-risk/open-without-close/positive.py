def load(path):
    data = open(path).read()  # expect: open-without-close
    return data


def head(path):
    handle = open(path)  # expect: open-without-close
    first = handle.readline()
    print(first)
