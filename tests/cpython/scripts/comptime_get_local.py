# ctx.get_local reads what the translation knows of a local at the comptime call: an int
# argument is a constant (guarded), an array is a value of the graph with a traced shape
# and dtype, a list of constants is a constant list. Checked when captured; plain runs no
# callback. f's graph: add (1 op), hit on the second call.
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=1
import os

import numpy as np

import lasso

seen = []


def look(ctx):
    n = ctx.get_local("n")
    x = ctx.get_local("x")
    names = ctx.get_local("names")
    fake = x.as_fake()
    seen.append((n.is_python_constant(), n.as_python_constant(), x.is_proxy(), x.is_python_constant(),
                 fake.shape, str(fake.dtype), names.as_python_constant(), n.python_type() is int))
    try:
        n.as_fake()
    except ValueError:
        seen.append("no fake of an int")
    try:
        ctx.get_local("nothing")
    except NameError:
        seen.append("no local")


@lasso.capture
def f(x, n):
    names = ["a", "b"]
    lasso.comptime(look)
    return x + n, names


print(f(np.ones((2, 3), dtype=np.float32), 4))
print(f(np.ones((2, 3), dtype=np.float32), 4))
if os.environ.get("LASSO_DISABLE") != "1":
    assert seen == [(True, 4, True, False, (2, 3), "float32", ["a", "b"], True), "no fake of an int", "no local"], seen
