def run(task, log):
    try:
        task()
    except Exception:
        log.exception("failed")
