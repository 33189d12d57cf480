# Capture is one thread's: the thread that marked the first function. A captured
# function called from another thread runs as plain Python (no translation), with the
# same results; the main thread's call is captured (one graph of two ops).
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import threading

import numpy as np

import lasso


@lasso.capture
def f(x):
    return x * 2 + 1


results = []
worker = threading.Thread(target=lambda: results.append(f(np.arange(3.0))))
worker.start()
worker.join()
print(results[0])
print(f(np.arange(3.0)))
