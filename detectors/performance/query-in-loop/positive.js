async function totals(db, ids) {
  const out = [];
  for (const id of ids) {
    const order = await db.order.findUnique({ where: { id } }); // expect: query-in-loop
    out.push(order.total);
  }
  return out;
}
