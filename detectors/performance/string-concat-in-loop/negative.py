def to_csv(rows):
    return "".join(f"{row.id},{row.name}\n" for row in rows)


def total(values):
    count = 0
    for value in values:
        count += len(value)
    header = ""
    header += "done"
    return count, header
