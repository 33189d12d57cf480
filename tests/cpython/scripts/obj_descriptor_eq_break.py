# A special method that is a descriptor other than a function (`__eq__` made by
# functools.partialmethod) would read as absent, and `==` would be taken for identity:
# such a class is not modelled, and `a == b` is a graph break (CPython runs the
# method: True for two distinct objects). Graph 0: the add (1 op); the resume function
# only builds the tuple (no graph).
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: comparison '==' of a 'WeirdEq' object and a 'WeirdEq' object
import functools

import numpy as np

import lasso


class WeirdEq:
    def _eq(self, other):
        return True

    __eq__ = functools.partialmethod(_eq)


@lasso.capture
def g(a, b, x):
    return x + 1, a == b


print(g(WeirdEq(), WeirdEq(), np.ones(2)))
print(g(WeirdEq(), WeirdEq(), np.arange(2.0)))
