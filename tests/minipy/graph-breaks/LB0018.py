@capture
def f(x):
    y = x + 1
    with no_grad():
        set_grad_enabled(True)
        y = y * 2
        print("inside")
        y = y * 3
    return y

print(f(tensor([1.0, 2.0])))
