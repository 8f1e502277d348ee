def api():  # expect: shotgun-surgery
    return 1
