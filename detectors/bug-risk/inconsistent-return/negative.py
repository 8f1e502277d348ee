def find(xs, k):
    for x in xs:
        if x == k:
            return x
    return None
