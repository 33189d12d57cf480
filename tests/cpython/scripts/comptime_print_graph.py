# What comptime prints goes to stderr (stdout is the same captured and plain): here
# the stderr of the calls is read back and checked when captured. ctx.print_graph and
# lasso.comptime.print_graph show the graph so far (the mul), print_locals the traced
# locals, print_guards the guards. f is one graph: mul, add (2 ops).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
import os
import sys
import tempfile

import numpy as np

import lasso


def show(ctx):
    ctx.print_graph()
    ctx.print_locals()


@lasso.capture
def f(x):
    y = x * 2
    lasso.comptime(show)
    lasso.comptime.print_guards()
    return y + 1


with tempfile.TemporaryFile() as err:
    sys.stderr.flush()
    saved = os.dup(2)
    os.dup2(err.fileno(), 2)
    try:
        print(f(np.arange(3.0)))
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
    err.seek(0)
    text = err.read().decode()
if os.environ.get("LASSO_DISABLE") == "1":
    assert text == "", text
else:
    assert "mul" in text and "add" not in text, text
    assert "y" in text and "float64" in text, text
print("done")
