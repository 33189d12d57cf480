# minipy's lists have no sort(): the interpreter raises AttributeError at the call.
# An interpreter whose lists have it meets the same entry: lasso does not model the
# method.
@capture
def f(x):
    order = [2, 1]
    order.sort()
    return x * order[0]

try:
    f(tensor([1.0, 2.0]))
except AttributeError:
    print("AttributeError")
