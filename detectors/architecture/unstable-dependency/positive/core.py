import leaf  # expect: unstable-dependency

X = 1
