def scale(t, k):
    return t * k

@capture
def f(x):
    y = x + 1
    return scale(y)

try:
    f(tensor([1.0, 2.0]))
except TypeError:
    print("TypeError")
