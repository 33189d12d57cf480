@capture
def f(x):
    return x + zeros(10 ** 9)

try:
    f(tensor([1.0, 2.0]))
except MemoryError:
    print("MemoryError")
