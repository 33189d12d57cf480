# is / is not on objects, None, lists and user instances.
a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, a is not c, b is not a)
n = None
print(n is None, n is not None, None is None)
def f():
    pass
r = f()
print(r is None)
class Box:
    def __init__(self, v):
        self.v = v
p = Box(1)
q = p
w = Box(1)
print(p is q, p is w, p is not w)
items = [p, w]
print(items[0] is p, items[1] is p)
d = {"k": a}
print(d["k"] is a)
x = True
y = x
print(x is y, y is not None)
