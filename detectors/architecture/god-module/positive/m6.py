import util

X = util.f0()
