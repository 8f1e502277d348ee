TAX_RATE = 0.2
MAX_PRICE = 1000


def prices(items, limit):  # expect: duplicated-blocks
    rows = []
    for item in items:
        if item.get("name") is None or len(item["name"]) > limit:
            raise ValueError("bad record: %r" % (item,))
        price = float(item.get("price", 0)) * (1 + TAX_RATE)
        if price < 0 or price > MAX_PRICE:
            continue
        rows.append({"name": item["name"].strip(), "price": round(price, 2)})
    rows.sort(key=lambda r: (r["price"], r["name"]))
    return rows[:limit]
