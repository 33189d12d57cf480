# A finally block on the normal and on the exceptional path. k = 0: x + 1, y * 2 and the
# finally's y + 10 (3 ops). k = 1 recompiles: x + 1, then the KeyError goes to the
# finally's exceptional copy (y + 10), whose RERAISE the outer except catches, in the
# trace too: y - 100 (3 ops). The third call hits the first entry. No graph break.
# explain: graphs=2 ops=6 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x, k):
    y = x + 1
    try:
        try:
            if k:
                raise KeyError("k")
            y = y * 2
        finally:
            y = y + 10
    except KeyError:
        y = y - 100
    return y


x = np.arange(3.0)
print(f(x, 0))
print(f(x, 1))
print(f(x, 0))
