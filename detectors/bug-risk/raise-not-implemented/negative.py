class Shape:
    def area(self):
        raise NotImplementedError

    def __eq__(self, other):
        return NotImplemented
