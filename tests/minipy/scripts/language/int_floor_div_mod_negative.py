# Floor division and modulo follow Python's floor semantics, also for negatives.
pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 3), (6, 3), (-6, 3), (1, 10), (-1, 10)]
for p in pairs:
    a = p[0]
    b = p[1]
    print(a, b, a // b, a % b, (a // b) * b + a % b == a)
print(7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2)
print(7 // 2.0, -7 // 2.0, 7 % 2.5, -1 % 3.0)
print(5.0 % -3, -5.0 % 3)
print(100 // 7 // 2, 100 % 7 % 2)
x = -17
x //= 5
print(x)
y = -17
y %= 5
print(y)
