@capture
def f(x):
    comptime(3)
    return x + 1

print(f(tensor([1.0, 2.0])))
