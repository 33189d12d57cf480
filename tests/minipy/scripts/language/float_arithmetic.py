# Float arithmetic and mixing ints and floats.
a = 1.5
b = 0.25
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2)
print(0.1 + 0.2, 0.1 * 3, 1.1 * 1.1, 3.0 - 2.9)
print(1 + 2.0, 3 * 0.5, 10 / 4, 2 ** 0.5, 9 ** 0.5)
print(1.0 / 3, 2.0 / 3, 10.0 / 3)
print(-1.5 * 2, -(0.5), abs(-2.25))
print(1e3, 1.5e3, 2.5e-3, 1e100)
print(100.0, 1e15, 123456.789)
x = 0.0
for i in range(10):
    x += 0.1
print(x)
y = 1.0
for i in range(5):
    y = y / 3
print(y)
print(0.5 == 1 / 2, 0.1 + 0.2 == 0.3, 1.0 == 1)
print(3.0 * 2, 6.0 / 2, 7.0 // 2)
print(2.0 ** 10, 2 ** 0.0, 4.0 ** -1)
