# Basic int arithmetic and precedence.
a = 17
b = 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2)
print(b - a, -a, +a, -(-a))
print(2 + 3 * 4, (2 + 3) * 4, 2 ** 3 ** 2, (2 ** 3) ** 2)
print(-2 ** 2, (-2) ** 2, 2 ** -1, 10 ** 0)
print(10 / 2, 9 / 3, 1 / 4, 7 / 7)
print(10 ** 18, 2 ** 60, -(2 ** 61))
print(123456789 * 987654321)
print(1000000 * 1000000 * 1000)
x = 0
i = 1
while i <= 100:
    x = x + i * i
    i += 1
print("sum of squares", x)
print(abs(-42), abs(42), abs(0))
print(7 * -3, -7 * -3, 0 * -5)
print(3 - 10, 100 - 1 - 2 - 3)
print(1 + 2 - 3 + 4 - 5)
