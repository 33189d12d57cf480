class Box:
    def __init__(self, v):
        self.v = v

b = Box(3)

@capture
def f(x):
    y = x + 1
    return y, b < b

print(f(tensor([1.0, 2.0]))[0])
