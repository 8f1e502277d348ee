def b(ys):  # expect: duplicated-blocks
    acc = 0
    acc = acc + ys[1] * 0 - other(ys, 0)
    acc = acc + ys[2] * 1 - other(ys, 1)
    acc = acc + ys[3] * 2 - other(ys, 2)
    acc = acc + ys[4] * 3 - other(ys, 3)
    acc = acc + ys[5] * 4 - other(ys, 4)
    acc = acc + ys[6] * 5 - other(ys, 5)
    acc = acc + ys[7] * 6 - other(ys, 6)
    acc = acc + ys[8] * 7 - other(ys, 7)
    acc = acc + ys[9] * 8 - other(ys, 8)
    acc = acc + ys[10] * 9 - other(ys, 9)
    acc = acc + ys[11] * 10 - other(ys, 10)
    acc = acc + ys[12] * 11 - other(ys, 11)
    return acc
