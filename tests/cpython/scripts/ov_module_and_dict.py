# Object versions of a module and of a dict: `cfg.k` reads the module's dict and
# `d["k"]` the dict, both versioned. Storing a new value recompiles (`cfg.k = 3`,
# `d["k"] = 3`, `d.update(k=4)`); storing the same object again (`d["k"] = d["k"]`)
# or a new attribute of the module (`cfg.other = 1`) passes the guards. f:
# two translations, g: three; one graph of one op (mul) each.
# explain: graphs=5 ops=5 graph_breaks=0 recompiles=3 frames_captured=5
import types

import numpy as np

import lasso

cfg = types.ModuleType("cfg")
cfg.k = 2


@lasso.capture
def f(x):
    return x * cfg.k


@lasso.capture
def g(d, x):
    return x * d["k"]


x = np.arange(3.0)
print(f(x))
cfg.other = 1
print(f(x))
cfg.k = 3
print(f(x))
print(f(x))
d = {"k": 2}
print(g(d, x))
d["k"] = d["k"]
print(g(d, x))
d["k"] = 3
print(g(d, x))
d.update(k=4)
print(g(d, x))
print(g(d, x))
