# Shortest round-trip float repr, including exponent formats.
values = [0.1 + 0.2, 1e-05, 0.0001, 1e16, 1e15, 1e+16, 1.5e16, 12345678901234567.0,
          1234567890123456.0, 1e-7, 1.23e-18, 5e-324, 1.7976931348623157e308,
          100.0, 1.0, 0.5, 2.5e-05, 123e20, 1e22, 1e21, 9.999999999999999e15]
for v in values:
    print(v)
print(values)
print(repr(0.3), str(0.3), repr(2 / 3))
print(1 / 3 * 3, 0.1 * 0.1)
print(float(10 ** 16), float(2 ** 53), float(2 ** 53 + 1))
print(-1e-05, -1e16, -0.5)
print(3.14159, 2.718281828459045, 1.4142135623730951)
print(1e16 + 1, 1e16 + 2)
print((1e-05, 1e+16))
print({"small": 1e-10, "big": 2e50})
