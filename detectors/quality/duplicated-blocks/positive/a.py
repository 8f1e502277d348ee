def a(xs):  # expect: duplicated-blocks
    total = 0
    total = total + xs[0] * 0 - helper(xs, 0)
    total = total + xs[1] * 1 - helper(xs, 1)
    total = total + xs[2] * 2 - helper(xs, 2)
    total = total + xs[3] * 3 - helper(xs, 3)
    total = total + xs[4] * 4 - helper(xs, 4)
    total = total + xs[5] * 5 - helper(xs, 5)
    total = total + xs[6] * 6 - helper(xs, 6)
    total = total + xs[7] * 7 - helper(xs, 7)
    total = total + xs[8] * 8 - helper(xs, 8)
    total = total + xs[9] * 9 - helper(xs, 9)
    total = total + xs[10] * 10 - helper(xs, 10)
    total = total + xs[11] * 11 - helper(xs, 11)
    return total
