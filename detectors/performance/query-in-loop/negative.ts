export async function totals(db: any, ids: number[]): Promise<unknown> {
  const orders = await db.order.findMany({ where: { id: { in: ids } } });
  for (const order of orders) {
    console.log(order.total);
  }
  return orders;
}
