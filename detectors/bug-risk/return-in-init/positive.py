class Box:
    def __init__(self, size):
        self.size = size
        return self  # expect: return-in-init
