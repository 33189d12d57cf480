# Changes to a base class reach the instances of its subclasses: `o` is a Child, whose
# method `act` is found on Base. Replacing `Base.act` changes Base and, through it,
# Child, so the guard on `o`'s type fails (a recompile that inlines the new method);
# assigning `Child.__bases__` to another base with its own `act` fails it again.
# Three translations of one op each (add, sub, mul).
# explain: graphs=3 ops=3 graph_breaks=0 recompiles=2 frames_captured=3
import numpy as np

import lasso


class Base:
    def act(self, x):
        return x + 1


class Other:
    def act(self, x):
        return x * 10


class Child(Base):
    pass


def act_minus(self, x):
    return x - 1


@lasso.capture
def f(o, x):
    return o.act(x)


o = Child()
x = np.arange(3.0)
print(f(o, x))
Base.act = act_minus
print(f(o, x))
Child.__bases__ = (Other,)
print(f(o, x))
print(f(o, x))
