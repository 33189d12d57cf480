# A while_loop whose condition never fails runs until a signal handler raises: plain,
# Python runs the handler between bytecodes of the loop; captured, each pass of the
# compiled loop runs Python's signal handlers (loop_pass), so the handler's exception
# stops the graph as it stops the plain loop (without it the graph would never return).
# One graph: while_loop, getitem (2 ops); subgraph ops: gt, add (2).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1 subgraph_ops=2
import signal

import numpy as np

import lasso


class Stop(Exception):
    pass


def on_alarm(signum, frame):
    raise Stop()


@lasso.capture
def spin(n):
    return lasso.while_loop(lambda n: n > -1, lambda n: (n + 1,), (n,))


signal.signal(signal.SIGALRM, on_alarm)
signal.setitimer(signal.ITIMER_REAL, 0.5)
try:
    spin(np.array(0))
    print("returned")
except Stop:
    print("stopped")
