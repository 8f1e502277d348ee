def run(task, log):
    try:
        task()
    except Exception:
        log.exception("failed")


def wrapped(task, cleanup):
    try:
        task()
    except:
        cleanup()
        raise
