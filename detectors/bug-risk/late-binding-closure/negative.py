def make(names, rows):
    handlers = [lambda i=i: print(i) for i in range(3)]
    for column in range(3):
        rows = sorted(rows, key=lambda row: row[column])
    return handlers, rows
