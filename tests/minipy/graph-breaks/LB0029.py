@capture
def f(x):
    return x * 2

print(f(tensor([1, 2])))
print(f(tensor([1.0, 2.0])))
