@capture
def f(x):
    for i in range(100000):
        x = x + 1
    return x

print(f(tensor([1.0, 2.0])))
