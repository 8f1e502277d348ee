class Box:
    def __init__(self, size):
        self.size = size
        if size < 0:
            return


class Decoder(Box):
    def __init__(self, *args, **kwargs):
        return super().__init__(*args, **kwargs)
