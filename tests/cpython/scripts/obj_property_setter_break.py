# A class with a property (here with a setter) is not constructed in the trace: its
# __init__'s `self.value = v` runs the setter, and the trace would store the attribute
# on the instance. The call is a graph break; CPython makes the object. Graph 0: the
# add (1 op); the resume function reads `t._v`, which the setter stored in the instance's
# dict (a plain read): the mul (1 op).
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: call of class 'Temp', whose instances are not made by __init__ alone
import numpy as np

import lasso


class Temp:
    def __init__(self, v):
        self.value = v

    @property
    def value(self):
        return self._v * 10

    @value.setter
    def value(self, v):
        self._v = v


@lasso.capture
def f(x):
    t = Temp(x + 1)
    return t._v * 2


print(f(np.ones(2)))
print(f(np.arange(2.0)))
