@capture
def f(x, n):
    if n == 0:
        return x
    graph_break()
    return f(x + 1, n - 1)

print(f(tensor([1.0, 2.0]), 300))
