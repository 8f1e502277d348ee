export class Order {
  constructor(private items: number[]) {}
  subtotal(): number { return this.items.reduce((a, b) => a + b, 0); }
  tax(): number { return this.subtotal() * 0.2; }
  discount(): number { return 0; }
  shipping(): number { return 5; }
}

export class Invoice {
  amount(order: Order): number { // expect: feature-envy
    return order.subtotal() + order.tax() - order.discount() + order.shipping();
  }
}
