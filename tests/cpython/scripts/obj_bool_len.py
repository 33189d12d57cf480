# bool(o) of user objects, as Python takes their truth: Flag's __bool__ (its result
# self.on a guarded constant), Sized's __len__ (not zero), Plain's default (true);
# len(s) by Sized's __len__. Each is folded to a constant at trace time: the graph holds
# x + 1 and the mul under `if bool(s)` (2 ops). Call 2: Flag(False) fails the guard on
# L['o'].on: a recompile whose graph also holds the add and mul (2 ops): 2 graphs,
# 4 ops, 1 recompile. Call 3 matches the second entry.
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Flag:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on


class Sized:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


class Plain:
    pass


@lasso.capture
def f(o, s, p, x):
    y = x + 1
    if bool(s):
        y = y * len(s)
    return y, bool(o), bool(p), bool(Sized(0)), len(s)


x = np.arange(3.0)
print(f(Flag(True), Sized(2), Plain(), x))
print(f(Flag(False), Sized(2), Plain(), x))
print(f(Flag(False), Sized(2), Plain(), x))
