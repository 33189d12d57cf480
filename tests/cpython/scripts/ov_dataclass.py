# Object versions of a dataclass instance: its class's body holds
# `__dataclass_params__`, an instance of a Python class, whose class (and its version
# tag) the instance's version covers as well. Storing the same value again (`c.scale =
# c.scale`) keeps the version, a new value (`c.scale = 3.0`) fails the guard
# `L['c'].scale == 2.0` and recompiles. Two translations of one graph of one op (mul).
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import dataclasses

import numpy as np

import lasso


@dataclasses.dataclass
class Config:
    scale: float = 2.0


@lasso.capture
def f(c, x):
    return x * c.scale


c = Config()
x = np.arange(3.0)
print(f(c, x))
c.scale = c.scale
print(f(c, x))
c.scale = 3.0
print(f(c, x))
print(f(c, x))
