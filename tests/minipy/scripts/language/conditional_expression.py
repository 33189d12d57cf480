# Conditional expressions, nested and with side effects.
def side(x):
    print("side", x)
    return x
for n in range(-2, 3):
    sign = "neg" if n < 0 else "zero" if n == 0 else "pos"
    print(n, sign)
print(side(1) if True else side(2))
print(side(3) if False else side(4))
a = 10
b = 20
print(a if a > b else b, (a if a < b else b) * 2)
vals = [x if x % 2 == 0 else -x for x in range(6)]
print(vals)
label = "big" if len(vals) > 3 else "small"
print(label)
f = lambda v: "even" if v % 2 == 0 else "odd"
print(f(3), f(4))
print((1 if a else 2) + (3 if not a else 4))
