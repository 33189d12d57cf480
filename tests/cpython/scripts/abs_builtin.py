# The builtin abs() of an array is an operation (the number protocol's absolute, as the
# builtin runs it); abs() of a constant is folded at trace time. One graph: sub, abs,
# max, mul by the folded 2 (4 ops). Ints and floats: two translations.
# explain: graphs=2 ops=8 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def worst_error(x, y):
    return abs(x - y).max() * abs(-2)


r = worst_error(np.array([1.0, 5.0, -2.0]), np.array([1.5, 4.0, 1.0]))
print(r, type(r).__name__)
r = worst_error(np.array([1, 5, -2]), np.array([3, 4, 1]))
print(r, type(r).__name__)
