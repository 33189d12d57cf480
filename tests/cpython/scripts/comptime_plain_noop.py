# lasso.comptime(fn) runs fn once per translation, with capture's view of the frame;
# plain Python runs nothing. The callback here only records that it ran (checked when
# captured). f is one graph (mul, add: 2 ops), hit on the second call: one run.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
import os

import numpy as np

import lasso

runs = []


def note(ctx):
    runs.append(ctx.frames())


@lasso.capture
def f(x):
    y = x * 2
    lasso.comptime(note)
    return y + 1


print(f(np.arange(3.0)))
print(f(np.arange(3.0)))
assert runs == ([] if os.environ.get("LASSO_DISABLE") == "1" else [1]), runs
