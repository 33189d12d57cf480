# List and dict methods of frame values, traced as side effects and replayed after the
# graph. Call 1: log is [] and cfg {"scale": 2.0, "bias": 0.5}: the trace appends
# x.sum() to log, inserts "start" in front, gets scale (2.0), pops bias (0.5) and pops
# the sum back off log; the graph is sum, mul, add, add (4 ops) and the replay leaves
# log == ["start"] and cfg == {"scale": 2.0}. Call 2: the guards on log's length and
# cfg's items fail: a recompile, where pop("bias", 0.0) gives the default; 4 ops again,
# log ends as ["start", "start"].
# explain: graphs=2 ops=8 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x, log, cfg):
    log.append(x.sum())
    log.insert(0, "start")
    scale = cfg.get("scale", 1.0)
    bias = cfg.pop("bias", 0.0)
    last = log.pop()
    return x * scale + bias + last


log = []
cfg = {"scale": 2.0, "bias": 0.5}
print(f(np.arange(3.0), log, cfg), log, cfg)
print(f(np.arange(3.0), log, cfg), log, cfg)
