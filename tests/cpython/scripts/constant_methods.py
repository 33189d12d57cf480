# Methods of str constants run at trace time: sep.join([name, "v2"]).upper(),
# "a, b, c".split(", ") and label.startswith("LAYER") are constants of the trace (the
# arguments name and sep are guarded by value). f's first call: "LAYER-V2" starts with
# LAYER: x * 3 (1 op); the second call hits; the third ("block", "_") fails the guards:
# a recompile whose branch returns x itself (no operation: no graph). g joins a list
# holding an int: str.join raises, so the method is not run at trace time: a break
# with nothing traced before it (no graph), its entry guarded on parts being a list,
# and CPython raises TypeError. The call with ["a", "b"] hits that entry: CPython joins,
# and the resume function traces x + len("a-b") (1 op).
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=1 frames_captured=4
# explain-reason: could not be evaluated at trace time
import numpy as np

import lasso


@lasso.capture
def f(x, name, sep):
    label = sep.join([name, "v2"]).upper()
    parts = "a, b, c".split(", ")
    if label.startswith("LAYER"):
        return x * len(parts), label, parts
    return x, label.lower(), parts


@lasso.capture
def g(x, parts):
    return x + len("-".join(parts))


print(f(np.ones(2), "layer", "-"))
print(f(np.ones(2), "layer", "-"))
print(f(np.ones(2), "block", "_"))
try:
    g(np.ones(2), ["a", 1])
except TypeError as e:
    print("TypeError:", e)
print(g(np.ones(2), ["a", "b"]))
