@capture
def f(x):
    with no_grad(True):
        y = x + 1
    return y

print(f(tensor([1.0, 2.0])))
