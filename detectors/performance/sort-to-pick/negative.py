def newest(items):
    return max(items, key=lambda i: i.date), sorted(items)[:3]
