def configure(options):
    DEBUG = True
    options.debug = DEBUG
    return options


class Flags:
    DEBUG = True
