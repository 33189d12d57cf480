@capture
def f(x):
    return x.frobnicate()

try:
    f(tensor([1.0, 2.0]))
except AttributeError:
    print("AttributeError")
