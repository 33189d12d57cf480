@capture
def f(x):
    return x.sum(x)

print(f(tensor([1.0, 2.0])))
