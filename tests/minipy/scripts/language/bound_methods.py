# Bound methods as first-class values.
class Acc:
    def __init__(self):
        self.total = 0
    def add(self, v):
        self.total += v
        return self.total
a = Acc()
f = a.add
f(3)
f(4)
print(a.total)
b = Acc()
methods = [a.add, b.add]
for m in methods:
    m(10)
print(a.total, b.total)
g = Acc.add
g(b, 5)
print(b.total)
def call_with(fn, v):
    return fn(v)
print(call_with(a.add, 100))
handlers = {"acc": a.add}
print(handlers["acc"](1))
words = []
push = words.append
push("x")
push("y")
print(words)
up = "hello".upper
print(up())
