@capture
def f(x):
    table = {1: "one"}
    return x + 1, table[x]

try:
    f(tensor([1.0, 2.0]))
except TypeError:
    print("TypeError")
