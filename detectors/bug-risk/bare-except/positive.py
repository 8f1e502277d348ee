def run(task, log):
    try:
        task()
    except:  # expect: bare-except
        log.exception("failed")
