# Class attributes shared between instances; instance attributes shadow them.
class Counter:
    count = 0
    label = "counter"
    def __init__(self):
        Counter.count += 1
        self.id = Counter.count
a = Counter()
b = Counter()
c = Counter()
print(Counter.count, a.count, a.id, b.id, c.id)
a.label = "mine"
print(a.label, b.label, Counter.label)
Counter.label = "changed"
print(a.label, b.label)
class Config:
    defaults = {"debug": False}
    sizes = [1, 2]
    def set_debug(self):
        self.defaults["debug"] = True
x = Config()
y = Config()
x.set_debug()
print(y.defaults)
class Sub(Counter):
    kind = "sub"
s = Sub()
print(s.kind, s.id, Sub.count, Counter.count)
class Math:
    factor = 3
    def times(self, v):
        return v * self.factor
print(Math().times(5))
