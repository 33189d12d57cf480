# Special methods of user instances inlined by lasso's own paths: `if o:` runs Flag's
# __bool__ (its result `self.on` is a guarded constant), `if p:` of a class with neither
# __bool__ nor __len__ is true, `len(s)` runs Sized's __len__, and `==`/`!=` of
# instances whose classes have no __eq__ or __ne__ compare identity (object.__eq__).
# Call 1 (o true, p and q distinct): add, mul, sub (3 ops). Call 2: o false fails the
# guard on `L['o'].on`: a recompile without the mul (2 ops). Call 3: o true again but
# q is p: the guard that they are distinct objects (which `p != q` depended on) fails
# entry 0, o's truth fails entry 1: a third translation (3 ops), where `p != q` is False.
# explain: graphs=3 ops=8 graph_breaks=0 recompiles=2 frames_captured=3
import numpy as np

import lasso


class Flag:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on


class Plain:
    pass


class Sized:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


@lasso.capture
def f(o, p, q, s, x):
    y = x + 1
    if o:
        y = y * 2
    if p:
        y = y - 1
    return y, o == p, p == p, p != q, len(s)


x = np.arange(3.0)
p = Plain()
print(f(Flag(True), p, Plain(), Sized(2), x))
print(f(Flag(False), p, Plain(), Sized(2), x))
print(f(Flag(True), p, p, Sized(2), x))
