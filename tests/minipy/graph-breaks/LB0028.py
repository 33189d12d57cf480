@disable
def log_shapes(t):
    return t

@capture
def f(x):
    y = x + 1
    log_shapes(y)
    return y * 2

print(f(tensor([1.0, 2.0])))
