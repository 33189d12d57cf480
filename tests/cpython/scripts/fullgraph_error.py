# Under fullgraph=True a graph break raises RuntimeError naming the reason and the line;
# nothing is compiled, and the failed translation leaves no record (the runtime throws
# instead of keeping an eager entry: lasso/runtime/capture.hpp, finish_eager). Plain, the
# function just runs; the script prints the same either way and checks the message when
# captured.
# explain: graphs=0 ops=0 graph_breaks=0 recompiles=0 frames_captured=0
import os

import numpy as np

import lasso


@lasso.capture(fullgraph=True)
def f(x):
    y = x + 1
    lasso.graph_break()
    return y


try:
    print(f(np.arange(3.0)))
except RuntimeError as e:
    message = str(e)
    assert os.environ.get("LASSO_DISABLE") != "1"
    assert "lasso.graph_break" in message and "line 17" in message, message
    print(np.arange(3.0) + 1)
