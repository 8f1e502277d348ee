def totals(order_ids):
    orders = Order.objects.filter(pk__in=order_ids)
    return [order.total for order in orders]


def names(ids, cache):
    for i in ids:
        cache.get(i)
