# The CPython mode's own check (tests/fuzz/CMakeLists.txt, fuzz.cpython.detects): this
# program prints something else when captured (LASSO_DISABLE is set only in the plain
# run), so `fuzz.py --cpython DIR --check` must report it as a mismatch of the captured
# and verify runs' stdout. A graph break (print) in the captured function as well.
import os

import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x + 1.0
    print("between", y.shape)
    return y * 2.0


print(f(np.ones(2)).tolist())
print("LASSO_DISABLE is", os.environ.get("LASSO_DISABLE"))
