# Unary minus, plus and not.
x = 5
y = -2.5
print(-x, +x, -y, +y, --x, -(-y))
print(not x, not 0, not "", not "s", not [], not None)
print(not not x, not (x > 3))
print(-True, +False, -(1 + 2))
z = 0.0
print(-z, +z)
print(- - - 1)
n = 2
print(-n ** 2, (-n) ** 2)
print(not x == 5, not x != 5)
lst = [1, -2, 3]
print([-v for v in lst])
