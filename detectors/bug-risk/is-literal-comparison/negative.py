def done(status, count, other):
    if status == "done" or status is None:
        return True
    return count is not other and count is not True
