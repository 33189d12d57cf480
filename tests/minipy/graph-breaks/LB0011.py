@capture
def f(x):
    y = x + 1
    try:
        y = y * 2
    except ValueError:
        y = y * 3
    return y

print(f(tensor([1.0, 2.0])))
