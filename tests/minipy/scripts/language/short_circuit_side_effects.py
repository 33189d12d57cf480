# and/or short-circuit and return operand values.
def t(tag):
    print("t", tag)
    return True
def f(tag):
    print("f", tag)
    return False
print(t(1) and f(2))
print(f(3) and t(4))
print(t(5) or f(6))
print(f(7) or t(8))
print(f(9) or f(10) or t(11) or t(12))
print(t(13) and t(14) and f(15) and t(16))
print(0 or "default", "" or [], [] or {}, None or 0)
print(1 and 2, 0 and 2, "a" and "b", [] and 1)
print(None or "x" and "y")
x = []
y = x or [1]
print(y)
z = x and x[0]
print(z)
print(not (t(17) and f(18)))
def div(a, b):
    return b != 0 and a / b
print(div(1, 0), div(1, 4))
