# Object versions: a value replaced by an equal one. Storing the same object again
# keeps the dict's version (the guards skip their reads and pass); an equal float that
# is another object, or another array of the same dtype and shape, gives a new version,
# the guards read again and pass: no recompile, and the graph reads the new array. A
# write into the array in place changes no version and the graph reads the same array.
# One translation of one graph of two ops (mul, add).
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


class Layer:
    def __init__(self):
        self.k = 2.5
        self.w = np.ones(3)


@lasso.capture
def f(o, x):
    return x * o.k + o.w


o = Layer()
x = np.arange(3.0)
print(f(o, x))
print(f(o, x))
o.k = o.k
print(f(o, x))
o.k = float("2.5")
print(f(o, x))
o.w = np.ones(3) * 2
print(f(o, x))
o.w[0] = 7.0
print(f(o, x))
vars(o).update(w=o.w)
print(f(o, x))
