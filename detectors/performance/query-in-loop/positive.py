def totals(order_ids):
    result = []
    for order_id in order_ids:
        order = Order.objects.get(pk=order_id)  # expect: query-in-loop
        result.append(order.total)
    return result


def names(ids):
    return [Customer.objects.filter(pk=i).first() for i in ids]  # expect: query-in-loop
