# A callback that calls ctx.graph_break(msg) breaks the graph at the comptime call with
# msg as the reason. f's graph: sub (1 op); the resume function's: mul (1 op).
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-reason: the callback asked for it
import numpy as np

import lasso


def split(ctx):
    ctx.graph_break("the callback asked for it")


@lasso.capture
def f(x):
    y = x - 1
    lasso.comptime(split)
    return y * 3


print(f(np.arange(3.0)))
print(f(np.arange(3.0)))
