# __enter__ and __exit__ that change state: a list append on a global list and
# attribute stores on the manager (`state` set to "open", then to "closed"). Read
# inside the block, `m.state` is "open" (the traced store); the stores and appends are
# replayed after the graph, so after each call the manager is closed and the history
# holds one "open"/"closed" pair per call. One graph of 2 ops (add, mul).
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso

history = []


class Session:
    def __init__(self):
        self.state = "closed"

    def __enter__(self):
        self.state = "open"
        history.append(self.state)
        return self

    def __exit__(self, exc_type, exc, tb):
        self.state = "closed"
        history.append(self.state)
        return False


m = Session()


@lasso.capture
def f(x):
    with m as s:
        y = x + 1
        seen = s.state
        y = y * 2
    return y, seen


x = np.arange(3.0)
print(f(x), m.state, history)
print(f(x), m.state, history)
