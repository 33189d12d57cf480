# A class whose metaclass is not `type` is not modelled (the metaclass decides what a
# call and a lookup do): calling it in captured code is a graph break, and CPython makes
# the object. Graph 0: the add (1 op). The first resume function starts with the new
# object on the stack; reading `b.v` of it breaks again, before any operation (no
# graph). The second resume function starts with the array `b.v`: the mul (1 op).
# explain: graphs=2 ops=2 graph_breaks=2 recompiles=0 frames_captured=3
# explain-reason: attribute 'v' of Box is not statically readable
import numpy as np

import lasso


class Meta(type):
    def __call__(cls, *args):
        obj = super().__call__(*args)
        obj.made_by_meta = True
        return obj


class Box(metaclass=Meta):
    def __init__(self, v):
        self.v = v


@lasso.capture
def f(x):
    y = x + 1
    b = Box(y)
    return b.v * 2


print(f(np.arange(3.0)))
print(f(np.arange(3.0)))
