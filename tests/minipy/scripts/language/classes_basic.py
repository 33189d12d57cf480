# Classes: __init__, methods, attributes, instances are independent.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x * self.x + self.y * self.y
    def add(self, other):
        return Point(self.x + other.x, self.y + other.y)
    def scale(self, k):
        self.x = self.x * k
        self.y = self.y * k
        return self
    def as_tuple(self):
        return (self.x, self.y)
p = Point(3, 4)
q = Point(1, -1)
print(p.x, p.y, p.norm2())
r = p.add(q)
print(r.as_tuple(), p.as_tuple())
p.scale(2).scale(10)
print(p.as_tuple())
print(Point.norm2(q))
print(isinstance(p, Point))
class Empty:
    pass
e = Empty()
e.value = 3
print(e.value)
class Stack:
    def __init__(self):
        self.items = []
    def push(self, v):
        self.items.append(v)
    def pop(self):
        return self.items.pop()
    def size(self):
        return len(self.items)
s = Stack()
s.push(1)
s.push("two")
print(s.size(), s.pop(), s.size())
t = Stack()
print(t.size(), s.items)
