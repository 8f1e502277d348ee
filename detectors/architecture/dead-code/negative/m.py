import functools

def _helper():
    return 1

@functools.cache
def _hooked():
    return 3

def used():
    return _helper()
