@capture
def f(x):
    y = x + 1
    err = ValueError("kept for later")
    return y * 2

print(f(tensor([1.0, 2.0])))
