# A callback that raises ends the translation with its error as the reason: nothing is
# captured and the frame runs as plain Python (lasso.comptime itself does nothing there).
# The explain report counts the unsupported translation among graph_breaks (1).
# explain: graphs=0 graph_breaks=1 ops=0 recompiles=0 frames_captured=0
# explain-reason: comptime callback raised: ZeroDivisionError
import numpy as np

import lasso


def broken(ctx):
    return 1 / 0


@lasso.capture
def f(x):
    lasso.comptime(broken)
    return x + 1


print(f(np.arange(3.0)))
print(f(np.arange(3.0)))
