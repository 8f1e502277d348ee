class Order:
    def __init__(self, items):
        self.items = items

    def subtotal(self):
        return sum(self.items)

    def tax(self):
        return self.subtotal() * 0.2

    def discount(self):
        return 0

    def shipping(self):
        return 5

    def amount(self):
        return self.subtotal() + self.tax() - self.discount() + self.shipping()


class Invoice:
    def __init__(self, number):
        self.number = number

    def amount(self, order: Order):
        return order.amount()


class Base:
    def load(self):
        return 1

    def parse(self):
        return 2

    def check(self):
        return 3

    def store(self):
        return 4


class Child(Base):
    def run(self):
        return self.load() + self.parse() + self.check() + self.store()
