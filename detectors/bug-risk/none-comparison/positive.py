def label(value):
    if value == None:  # expect: none-comparison
        return "-"
    return str(value)
