import logging

log = logging.getLogger(__name__)


def total(items):
    return sum(items)
    log.info("summed")  # expect: unreachable-code


def find(items, wanted):
    for item in items:
        if item == wanted:
            break
            print("found")  # expect: unreachable-code
    raise KeyError(wanted)
    return None  # expect: unreachable-code
