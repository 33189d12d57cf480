# A graph break in a loop inside a block. f enters the block, traces the first x * 2
# and breaks at the print (graph: 1 op). The resume function after the print gets the
# loop's range iterator from outside the trace, so its FOR_ITER is a graph break of its
# own (no graph), whose two continuations are the loop body (the next x * 2 and the
# print: `i` is 1, then 2, so automatic dynamic recompiles it once, 2 graphs of 1 op)
# and the loop's exit (x + 1 and the inlined __exit__: 1 op). Per call: 3 prints,
# the block entered and left once.
# explain: graphs=4 ops=4 graph_breaks=4 recompiles=1 frames_captured=5
# explain-reason: print
# explain-reason: for_iter on a 'range_iterator' object made outside the trace
import numpy as np

import lasso


class Logged:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit")
        return False


logged = Logged()


@lasso.capture
def f(x, n):
    with logged:
        for i in range(n):
            x = x * 2
            print("step", i)
        x = x + 1
    return x


x = np.arange(3.0)
print(f(x, 3), logged.log)
print(f(x, 3), logged.log)
