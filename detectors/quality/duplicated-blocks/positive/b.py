from a import MAX_PRICE, TAX_RATE


def costs(records, most):  # expect: duplicated-blocks
    result = []
    for record in records:
        if record.get("name") is None or len(record["name"]) > most:
            raise ValueError("bad record: %r" % (record,))
        cost = float(record.get("price", 0)) * (1 + TAX_RATE)
        if cost < 0 or cost > MAX_PRICE:
            continue
        result.append({"name": record["name"].strip(), "price": round(cost, 2)})
    result.sort(key=lambda r: (r["price"], r["name"]))
    return result[:most]
