# What list and dict methods do not model. f pops an empty list: the trace refuses the
# pop (Python raises IndexError), a graph break before it with nothing traced (no
# graph; the entry guards only that stack is a list), and CPython raises. The call with
# [3.0] hits that entry: CPython pops 3.0 (the list is empty after, as plain Python
# leaves it) and the resume function traces the add (1 op). g's d.update(...) is not
# modelled: a break (no graph before it), CPython runs the update and the resume
# function traces x * d.get("a") (mul: 1 op). Frames captured: f, g and their resume
# functions.
# explain: graphs=2 ops=2 graph_breaks=2 recompiles=0 frames_captured=4
# explain-reason: pop() of an empty list
# explain-reason: method 'update' of a dict
import numpy as np

import lasso


@lasso.capture
def f(x, stack):
    return x + stack.pop()


@lasso.capture
def g(x, d):
    d.update({"b": 2.0})
    return x * d.get("a")


try:
    f(np.ones(2), [])
except IndexError as e:
    print("IndexError:", e)
stack = [3.0]
print(f(np.ones(2), stack), stack)
d = {"a": 4.0}
print(g(np.ones(2), d), d)
