DEBUG = True  # expect: debug-enabled
