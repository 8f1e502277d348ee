A = 1  # expect: large-file
B = 2
C = 3
D = 4
