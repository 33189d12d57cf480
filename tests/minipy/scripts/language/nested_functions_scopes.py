# Local, enclosing, global and builtin scopes; nested and recursive inner functions.
x = "global x"
def outer():
    x = "outer x"
    def inner():
        return x
    def shadow():
        x = "shadow x"
        return x
    return inner(), shadow(), x
print(outer(), x)
def reader():
    return x
print(reader())
def make_fact():
    def fact(n):
        return 1 if n <= 1 else n * fact(n - 1)
    return fact
print(make_fact()(6))
def level1(a):
    def level2(b):
        def level3(c):
            return a + b + c
        return level3
    return level2
print(level1(1)(10)(100))
def uses_builtin():
    return len([1, 2]) + abs(-3)
print(uses_builtin())
def param_shadows(len):
    return len * 2
print(param_shadows(21), len("abc"))
fs = []
def register(name):
    def handler():
        return "handled " + name
    fs.append(handler)
register("a")
register("b")
print([h() for h in fs])
