# Properties whose getters are Python functions, inlined where they are read: `o.area`
# (Rect's getter multiplies two attributes), `o.scaled` (a getter that calls a method
# and reads another property), and `o.base_total`, a property of the base class. `Rect.area`
# read through the class is the property object itself (returned as it is).
# Call 1: w * h is folded (attributes are constants 2.0 * 3.0), so the graph holds
# x * 6.0, x * (6.0 * 2) and + base (3 ops). Call 2, same object: a hit. Then the class's
# `area` is replaced by a property that adds: its guard fails, a recompile (3 ops).
# explain: graphs=2 ops=6 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Base:
    def __init__(self):
        self.base = 1.0

    @property
    def base_total(self):
        return self.base + 1.0


class Rect(Base):
    def __init__(self, w, h):
        super().__init__()
        self.w = w
        self.h = h

    @property
    def area(self):
        return self.w * self.h

    def twice(self, v):
        return v * 2

    @property
    def scaled(self):
        return self.twice(self.area)


@lasso.capture
def f(o, x):
    return x * o.area, x * o.scaled + o.base_total, Rect.area


o = Rect(2.0, 3.0)
x = np.arange(3.0)
a, b, p = f(o, x)
print(a, b, p is Rect.__dict__["area"])
print(f(o, x)[:2])
Rect.area = property(lambda self: self.w + self.h)
print(f(o, x)[:2])
