def down(t, n):
    if n == 0:
        return t
    return down(t + 1, n - 1)

@capture
def f(x):
    return down(x, 100)

print(f(tensor([1.0, 2.0])))
