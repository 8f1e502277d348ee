def newest(items):
    return sorted(items, key=lambda i: i.date)[-1]  # expect: sort-to-pick
