def total(items):
    if not items:
        return 0
    result = sum(items)
    return result


def find(items, wanted):
    for item in items:
        if item == wanted:
            return item
        # keep looking
    raise KeyError(wanted)
