@capture
def f(x):
    order = sorted([3, 1, 2], key=None)
    return x * order[0]

print(f(tensor([1.0, 2.0])))
