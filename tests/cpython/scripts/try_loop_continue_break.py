# Exceptions in an unrolled loop, with continue and break in handlers and a finally run
# on every path. i = 0: y + 0, finally y * 2; i = 1: KeyError caught, continue, finally
# y * 2; i = 2: y + 2, y * 2; i = 3: StopLoop (a plain user class) caught, break,
# finally y * 2: 6 ops in one graph. The second call hits it.
# explain: graphs=1 ops=6 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x
    for i in range(5):
        try:
            if i == 1:
                raise KeyError(i)
            if i == 3:
                raise StopLoop
            y = y + i
        except KeyError:
            continue
        except StopLoop:
            break
        finally:
            y = y * 2
    return y


class StopLoop(Exception):
    pass


x = np.arange(3.0)
print(f(x))
print(f(x))
