@capture
def f(x):
    y = x + 1
    l = [y]
    l.append(l)
    return l

print(f(tensor([1.0, 2.0]))[0])
