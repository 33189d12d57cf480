# Functions with default parameter values and return values.
def greet(name, greeting="Hello", punct="!"):
    return greeting + ", " + name + punct
print(greet("Ann"))
print(greet("Bob", "Hi"))
print(greet("Cy", "Hey", "?"))
def power(base, exp=2):
    return base ** exp
print(power(3), power(2, 10), power(2.0))
def nothing():
    pass
print(nothing())
def early(x):
    if x > 0:
        return "positive"
    print("no early return for", x)
print(early(1))
print(early(-1))
def multi():
    return 1, "two", [3]
print(multi())
a, b, c = multi()
print(c, b, a)
def with_none(x=None):
    if x is None:
        return "default"
    return x
print(with_none(), with_none(0), with_none("given"))
def compose(f, g):
    return lambda x: f(g(x))
inc_then_double = compose(lambda x: x * 2, lambda x: x + 1)
print(inc_then_double(5))
