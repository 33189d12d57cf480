@capture
def f(x):
    items = [1, 2]
    for i, v in enumerate(items):
        if i == 0:
            items.append(3)
    return x * len(items)

print(f(tensor([1.0, 2.0])))
