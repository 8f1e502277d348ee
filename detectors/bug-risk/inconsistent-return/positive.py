def find(xs, k):  # expect: inconsistent-return
    for x in xs:
        if x == k:
            return x
    return


def rows(table):
    yield from table


def first_rows(table):  # expect: inconsistent-return
    if not table:
        return
    return rows(table)


def count(table):
    return len(table)


def size(table):  # expect: inconsistent-return
    if table is None:
        return
    return count(table)
