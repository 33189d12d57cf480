# An exception inside the block that __exit__ sees and swallows: under
# np.seterr(all="raise"), `x / d` raises FloatingPointError when `d` has a zero. The
# trace cannot know that: it captures one graph of 3 ops (mul, truediv, add) with
# __enter__ and __exit__(None, None, None) inlined (`x * 0`, whose result is always
# overwritten, stays: numpy operations may raise, so unused ones still run). When the compiled graph raises, the frame runs again from
# its start as plain Python (no effect of the trace was replayed), so CPython's own
# __exit__ sees the exception, records it and returns True: `y` keeps x * 0. Calls: d
# of ones (the graph), of zeros (the graph raises, the frame runs plainly), of ones
# again (the graph): one translation.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso

np.seterr(all="raise")


class Suppress:
    def __init__(self):
        self.seen = []

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.seen.append(None if exc_type is None else exc_type.__name__)
        return True


s = Suppress()


@lasso.capture
def f(x, d):
    y = x * 0
    with s:
        y = x / d
    return y + 1


x = np.arange(1.0, 4.0)
print(f(x, np.ones(3)), s.seen)
print(f(x, np.zeros(3)), s.seen)
print(f(x, np.ones(3)), s.seen)
