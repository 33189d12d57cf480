# A block inside a try block, with a graph break inside it: the block stays open
# across the print, under both handlers. f's graph: x + 1 (1 op); the resume function
# after the print traces y * 3 (1 op) and inlines __exit__. In g the body raises
# (d["missing"] of an empty dict: a graph break after g's graph, x - 1, 1 op; CPython
# raises the KeyError in the code at the break, under the block's handler): the code at
# the break passes it to a resume function that starts at that handler with the
# exception as its argument. The handler's code is traced from there, one break at each
# step lasso leaves to CPython (no graph in any of them): WITH_EXCEPT_START (the
# exceptional exit of a block is not traced: CPython calls __exit__, which sees the
# KeyError and does not swallow it); in the next resume function the RERAISE of the
# exception (raised outside the trace); in the block's cleanup handler the POP_EXCEPT of
# the state it was given, then its RERAISE. The last resume function starts at the
# try's handler: the except clause is matched in the trace (the exception's class
# guarded: KeyError) and y * 0 is traced (1 op). Per call: graphs f 1, its resume 1,
# g 1, the handler's 1 = 4 (4 ops); breaks f 1, g 5 = 6; frames f, its resume, g and
# its 5 resume functions = 8. The second round hits every cache.
# explain: graphs=4 ops=4 graph_breaks=6 recompiles=0 frames_captured=8
# explain-reason: print
# explain-reason: key 'missing' is not in the dict
import numpy as np

import lasso


class Logged:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit" if exc_type is None else "exit " + exc_type.__name__)
        return False


m = Logged()


@lasso.capture
def f(x):
    try:
        with m:
            y = x + 1
            print("in try")
            y = y * 3
    except ValueError:
        y = None
    return y


@lasso.capture
def g(x, d):
    y = x
    try:
        with m:
            y = x - 1
            y = d["missing"]
    except KeyError:
        y = y * 0
    return y


x = np.arange(3.0)
for _ in range(2):
    print(f(x), m.log)
    print(g(x, {}), m.log)
