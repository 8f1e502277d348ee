import logging

log = logging.getLogger(__name__)


def send_all(reports, send):
    for report in reports:
        try:
            send(report)
        except ConnectionError:
            pass
        except Exception:
            log.warning("report not sent", exc_info=True)


def close(handle):
    try:
        handle.close()
    except Exception:
        raise
