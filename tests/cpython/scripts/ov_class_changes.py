# Object versions: changes to what an instance reads through its class. `o` is a Child
# whose `k` comes from its class: `Child.k = 2` (class attribute store), `del Child.k`
# (Base's 1 shows through), `Base.k = 3` (a base's attribute) and `o.__class__ = Other`
# (4) leave `o`'s dict as it was, but each changes the class's version tag (or the
# class), which the instance's version covers: each call after a change recompiles
# (the type guard of `o` fails too). Five translations of one graph of one op (mul),
# each followed by a hit.
# explain: graphs=5 ops=5 graph_breaks=0 recompiles=4 frames_captured=5
import numpy as np

import lasso


class Base:
    k = 1


class Child(Base):
    pass


class Other:
    k = 4


def set_class(o, cls):
    o.__class__ = cls


@lasso.capture
def scaled(o, x):
    return x * o.k


o = Child()
o.name = "o"
x = np.arange(3.0)
changes = [
    lambda: None,
    lambda: setattr(Child, "k", 2),
    lambda: delattr(Child, "k"),
    lambda: setattr(Base, "k", 3),
    lambda: set_class(o, Other),
]
for change in changes:
    change()
    print(scaled(o, x), scaled(o, x))
