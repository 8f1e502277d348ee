items = ["a", "b"]


class Field:
    type = "char"
    id = None


def ids(rows, type=None):
    first = rows[0]
    for kind in rows:
        print(kind)
    return first, type
