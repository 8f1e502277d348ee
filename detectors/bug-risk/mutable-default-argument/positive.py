def add(item, bucket=[]):  # expect: mutable-default-argument
    bucket.append(item)
    return bucket


def merge(values, seen: dict = {}):  # expect: mutable-default-argument
    seen.update(values)
    return seen


def tags(name, found=set()):  # expect: mutable-default-argument
    found.add(name)
    return found
