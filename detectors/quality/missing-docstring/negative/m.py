def parse(text):
    """Parse text."""
    a = text
    return a
