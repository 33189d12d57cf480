@capture(dynamic=False)
def f(x, k):
    return x * k

for k in range(10):
    print(f(tensor([1.0, 2.0]), k))
