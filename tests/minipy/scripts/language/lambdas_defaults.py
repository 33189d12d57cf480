# Lambdas with defaults, closures and as arguments.
square = lambda x: x * x
add = lambda a, b=10: a + b
print(square(7), add(1), add(1, 2), add(b=5, a=1))
ops = {"inc": lambda v: v + 1, "neg": lambda v: -v, "half": lambda v: v / 2}
for name in ["inc", "neg", "half"]:
    print(name, ops[name](8))
def apply_twice(f, x):
    return f(f(x))
print(apply_twice(lambda s: s + "!", "hi"))
print(apply_twice(lambda n, k=3: n * k, 2))
scale = 4
mul = lambda v, s=scale: v * s
scale = 100
print(mul(2))
noargs = lambda: "constant"
print(noargs())
nested = lambda x: lambda y: x + y
print(nested(3)(4))
pairs = [(1, "b"), (0, "a")]
first = lambda p: p[0]
print([first(p) for p in pairs])
