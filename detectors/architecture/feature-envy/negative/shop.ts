export class Order {
  constructor(private items: number[]) {}
  subtotal(): number { return this.items.reduce((a, b) => a + b, 0); }
  tax(): number { return this.subtotal() * 0.2; }
  discount(): number { return 0; }
  shipping(): number { return 5; }
  amount(): number { return this.subtotal() + this.tax() - this.discount() + this.shipping(); }
}

export class Invoice {
  amount(order: Order): number {
    return order.amount();
  }
}
