async function totals(db, ids) {
  const orders = await db.order.findMany({ where: { id: { in: ids } } });
  for (const order of orders) {
    console.log(order.total);
  }
  return orders;
}
