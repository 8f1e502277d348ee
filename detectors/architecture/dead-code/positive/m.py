def _unused():  # expect: dead-code
    return 1

def used():
    return 2
