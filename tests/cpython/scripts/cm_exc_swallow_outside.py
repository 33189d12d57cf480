# An exception from outside the trace (d["k"] of a dict without "k": a graph break)
# inside a block whose __exit__ swallows it (f) or not (g); __exit__ reads the
# traceback (its line), which is CPython's: the exit runs in CPython (WITH_EXCEPT_START
# is a break). d = {"k": 1.0}: x * 2, y + 1.0 (2 ops) each. d = {} recompiles each:
# x * 2 (1 op) and the break at the lookup. f: resume functions at the block's handler
# (break at WITH_EXCEPT_START), after it (the POP_EXCEPT of the state it was given),
# then the rest (no break, no graph). g: the handler's, the RERAISE, the cleanup's
# POP_EXCEPT and its RERAISE: the caller sees the KeyError. The third round hits every
# entry. Graphs 2 + 2 (6 ops); breaks f 3, g 5; frames f 2 + 3, g 2 + 4.
# explain: graphs=4 ops=6 graph_breaks=8 recompiles=2 frames_captured=11
# explain-reason: key 'k' is not in the dict
import numpy as np

import lasso


class Guard:
    def __init__(self, swallow):
        self.swallow = swallow
        self.seen = []

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.seen.append(None if exc_type is None else (exc_type.__name__, str(exc), tb.tb_lineno))
        return self.swallow


quiet = Guard(True)
loud = Guard(False)


@lasso.capture
def f(x, d):
    y = x * 2
    with quiet:
        y = y + d["k"]
    return y


@lasso.capture
def g(x, d):
    y = x * 2
    with loud:
        y = y + d["k"]
    return y


x = np.arange(3.0)
for d in ({"k": 1.0}, {}, {}):
    print(f(x, d), quiet.seen)
    try:
        print(g(x, d), loud.seen)
    except KeyError as e:
        print("raised", repr(e), loud.seen)
