class Box:
    def __init__(self, size):
        self.size = size
        if size < 0:
            return
