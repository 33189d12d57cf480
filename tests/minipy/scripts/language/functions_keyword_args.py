# Keyword arguments at call sites, mixed with positional ones.
def describe(name, age, city="unknown", unit="years"):
    return name + " is " + str(age) + " " + unit + " old, lives in " + city
print(describe("Ann", 30))
print(describe("Bob", age=25))
print(describe(name="Cy", age=40, city="Oslo"))
print(describe("Di", 22, unit="summers"))
print(describe(city="Rome", age=50, name="Ed"))
def box(w, h=1, d=1):
    return w * h * d
print(box(2), box(2, d=3), box(w=4, h=5), box(1, 2, 3))
def f(a, b):
    return a - b
print(f(b=1, a=10))
print(sorted([3, 1, 2], reverse=True), sorted([3, 1, 2], reverse=False))
print("a", "b", sep="-", end="!\n")
g = lambda x, y=1: x * 10 + y
print(g(2), g(2, y=5), g(y=3, x=4))
class P:
    def __init__(self, x, y=0):
        self.x = x
        self.y = y
    def moved(self, dx=0, dy=0):
        return P(self.x + dx, self.y + dy)
p = P(1).moved(dy=5)
print(p.x, p.y)
q = P(y=2, x=3)
print(q.x, q.y)
