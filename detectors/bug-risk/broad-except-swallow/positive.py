import logging

log = logging.getLogger(__name__)


def send_all(reports, send):
    for report in reports:
        try:
            send(report)
        except Exception:  # expect: broad-except-swallow
            pass


def close(handle):
    try:
        handle.close()
    except:  # expect: broad-except-swallow
        pass


def first(items):
    try:
        return items[0]
    except BaseException as error:  # expect: broad-except-swallow
        return
