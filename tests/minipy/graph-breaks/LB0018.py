@capture
def f(x):
    y = x + 1
    with no_grad():
        y = y * 2
        raise ValueError("inside")
    return y

try:
    f(tensor([1.0, 2.0]))
except ValueError as e:
    print("caught", e, is_grad_enabled())
