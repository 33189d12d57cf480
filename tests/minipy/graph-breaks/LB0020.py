@capture
def f(x):
    l = [x + 1]
    def get(a=l):
        return a
    l.append(get)
    return l

r = f(tensor([1.0, 2.0]))
print(r[0], r[1]() is r)
