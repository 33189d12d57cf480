# A bound method passed in is called as its function on its object, both read through
# the method (`m.__func__`, `m.__self__`) and guarded: `A(2).scale` inlines scale on
# the instance (mul, sub: 2 ops). `A(3).scale` fails the guard on `m.__self__.k == 2`
# (an attribute's int is a constant): a recompile of 2 ops. `A.make`, a classmethod
# bound to the class, fails the guard on `m.__func__`'s code: a recompile inlining
# make on the class (add, sub: 2 ops). Each method is called twice: the second call
# hits the cache.
# explain: graphs=3 ops=6 graph_breaks=0 recompiles=2 frames_captured=3
import numpy as np

import lasso


class A:
    def __init__(self, k):
        self.k = k

    def scale(self, x):
        return x * self.k

    @classmethod
    def make(cls, x):
        return x + 1


@lasso.capture
def f(x, m):
    return m(x) - 1


x = np.arange(3.0)
for m in (A(2).scale, A(3).scale, A.make):
    print(f(x, m))
    print(f(x, m))
