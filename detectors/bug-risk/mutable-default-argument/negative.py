def add(item, bucket=None):
    bucket = [] if bucket is None else bucket
    bucket.append(item)
    return bucket


def merge(values, seen: tuple = (), name="x", limit=frozenset()):
    return seen + tuple(values)
