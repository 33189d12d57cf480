# int() and float() conversions from int, float, bool and str.
print(int(5), int(-5), int(3.0), int(3.99), int(-3.99), int(True), int(False))
print(int("42"), int("-17"), int("0"), int("1000000000000"))
print(float(5), float(-5), float(0), float(2.5), float("3"), float("-0.25"))
print(float("inf"), float("-inf"), float("nan"))
print(float(10 ** 15), int(1e15), int(1e18))
print(str(12), str(-3), str(2.5), str(1e-05), str(1e16), str(True))
print(int(str(123) + "4") + 1)
print(float(str(0.1)) == 0.1)
print(int(7 / 2), int(-7 / 2), 7 // 2, -7 // 2)
print(repr(int("99")), repr(float("99")))
print(isinstance(int("5"), int), isinstance(float("5"), float))
x = 1
x = x + 0.0
print(x)
n = int(float("12.75"))
print(n, n * 2)
