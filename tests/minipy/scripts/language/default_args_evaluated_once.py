# Default values are evaluated once, at definition time.
def make_default():
    print("evaluating default")
    return 100
def f(x=make_default()):
    return x
print("defined f")
print(f(), f(), f(1))
def append_to(item, acc=[]):
    acc.append(item)
    return acc
print(append_to(1))
print(append_to(2))
print(append_to(3, []))
print(append_to(4))
counter = 5
def g(v=counter):
    return v
counter = 6
print(g(), counter)
def h(d={}):
    d["calls"] = d.get("calls", 0) + 1
    return d["calls"]
print(h(), h(), h())
