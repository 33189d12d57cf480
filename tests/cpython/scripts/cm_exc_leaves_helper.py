# A raise inside a with block of an inlined helper, traced through the manager's
# __exit__. k is guarded by value: each of 0, 1, 2 compiles an entry of f (2 recompiles).
# k=0: no raise; the block's normal exit is inlined: x + 1, v * 0.5, t * 2 (3 ops).
# k=1: ValueError, which __exit__ suppresses (mode 2): the same 3 ops.
# k=2: FuzzError, which __exit__ lets pass: it leaves shielded, so the call is not
# inlined and f breaks at it: x + 1 (1 op); the call raises into f's handler, and the
# resume function runs -t and t * 2 (2 ops). 4 graphs, 9 ops, 1 break; 4 frames (3
# entries of f, the resume function). The second round hits every entry.
# The cleanup RERAISE of the block has no line in 3.11: the reason names none (it
# ends with the inner reason's parenthesis, not with ", line -1").
# explain: graphs=4 ops=9 graph_breaks=1 recompiles=2 frames_captured=4
# explain-reason: leaves the function (a 'FuzzError' exception made during tracing))
import numpy as np

import lasso
cm_log = []
class Catch:
    def __init__(self, tag, mode):
        self.tag = tag
        self.mode = mode
        self.caught = 0
    def __enter__(self):
        cm_log.append("+" + self.tag)
        return self
    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            cm_log.append("-" + self.tag)
            return False
        self.caught += 1
        cm_log.append("!" + self.tag)
        if self.mode == 2:
            return exc_type is ValueError
        if self.mode == 1:
            return True
class FuzzError(Exception):
    pass
def shielded(v, k):
    with Catch("h", 2):
        v = v * 0.5
        if k % 3 == 1:
            raise ValueError("one")
        if k % 3 == 2:
            raise FuzzError("two")
    return v
@lasso.capture
def f(x, k):
    t = x + 1
    try:
        t = shielded(t, k)
    except FuzzError:
        t = -t
    return t * 2
x = np.arange(3.0)
for k in (0, 1, 2, 0, 1, 2):
    print(k, f(x, k).tolist(), cm_log)
    cm_log.clear()
