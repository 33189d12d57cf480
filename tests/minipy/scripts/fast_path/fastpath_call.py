# CALL: bound methods taken as values are unpacked in place (self joins the arguments),
# other callables are called as they are, and a Python function given exactly its
# positional parameters skips argument binding. Back to back: Python functions (with and
# without defaults and keywords), builtins, classes, bound methods of user and builtin
# objects, and calls of what is not callable; each followed by more calls.


def show(tag, x):
    print(tag, len(str(x)), x)


class Counter:
    def __init__(self, start):
        self.n = start

    def add(self, k, times=1):
        self.n = self.n + k * times
        return self.n


def plain(a, b=2):
    return a * b


c = Counter(1)
bump = c.add
show("bound method then function", [bump(2), plain(3)])
show("function then bound method", [plain(4, b=3), bump(1, times=5)])
show("builtin then bound method", [abs(-2), bump(k=1), len(str(bump(0)))])
items = []
push = items.append
show("builtin bound method then class", [push(1), Counter(5).add(2), items])
show("method call then keywords", [c.add(1), c.add(k=2, times=2), plain(b=1, a=9)])
f = plain
show("functions as values", [f(2), max(f(1), f(3)), sorted([f(2, 1), f(1, 1)])])
try:
    show("not callable", c.n(1))
except TypeError as e:
    show("not callable", str(e))
try:
    show("bad keyword", bump(1, size=2))
except TypeError as e:
    show("bad keyword", str(e))
show("after the errors", [bump(1), abs(-c.n)])


def apply_all(fs, x):
    out = []
    for g in fs:
        out.append(g(x))
        out.append(len(str(g(x))))
    return out


show("in a function", apply_all([bump, plain, abs, str, Counter(2).add, push], 3))
show("final", [c.n, items, len(items)])
