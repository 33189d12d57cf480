@capture
def f(x):
    y = x + 1
    raise ValueError("no")

try:
    f(tensor([1.0, 2.0]))
except ValueError:
    print("ValueError")
