import c


class Helper:
    size = 1


def run():
    return c.use(Helper())
