# np.sum and np.mean of a whole array are operations (numpy's Python functions are not
# inlined): sum, mean and add. A float64 call and an int64 call: two translations, the
# second a recompile (dtype guard); the int sum stays an int64, the mean a float64.
# explain: graphs=2 ops=6 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def stats(x):
    return np.sum(x) + np.mean(x)


for x in (np.arange(4.0), np.arange(4.0) * 3, np.arange(5)):
    r = stats(x)
    print(r, type(r).__name__)
