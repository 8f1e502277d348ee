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


class Invoice:
    def __init__(self, number):
        self.number = number

    def header(self):
        return f"Invoice {self.number}"

    def amount(self, order: Order):  # expect: feature-envy
        return order.subtotal() + order.tax() - order.discount() + order.shipping() + order.tax() * 0 + order.subtotal() * 0
