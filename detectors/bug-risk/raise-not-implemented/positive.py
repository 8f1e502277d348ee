class Shape:
    def area(self):
        raise NotImplemented  # expect: raise-not-implemented
