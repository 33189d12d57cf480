class Box:
    pass

b = Box()

@capture
def f(x):
    y = x + 1
    del b.v
    return y

b.v = 1
print(f(tensor([1.0, 2.0])))
