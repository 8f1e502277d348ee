import base

X = 1
