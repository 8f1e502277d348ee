list = ["a", "b"]  # expect: shadowed-builtin


def ids(rows):
    id = rows[0]  # expect: shadowed-builtin
    for type in rows:  # expect: shadowed-builtin
        print(type)
    return id


def open(path):  # expect: shadowed-builtin
    return path
