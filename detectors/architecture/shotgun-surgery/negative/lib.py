def api():
    return 1
