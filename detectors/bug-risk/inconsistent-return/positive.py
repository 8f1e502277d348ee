def find(xs, k):  # expect: inconsistent-return
    for x in xs:
        if x == k:
            return x
    return
