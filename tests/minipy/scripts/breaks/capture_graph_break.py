# graph_break() inside captured functions is a graph break (it returns None): the graph
# so far is compiled, the call runs in the interpreter and a resume function goes on.
# print is a break too. Resume functions are guarded on the arguments they read: the
# ones that only pass a tensor through (at the print, at the second graph_break of
# log_then_compute) serve both input shapes from one cache entry.
# explain: graphs=6 graph_breaks=8 ops=6 recompiles=5 frames_captured=12
# explain-frame: step graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_step_at_22 graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_step_at_24 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_step_at_25 graphs=0 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-frame: log_then_compute graphs=0 unsupported=0 breaks=2 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-frame: resume_in_log_then_compute_at_31 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_log_then_compute_at_32 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-reason: step@22: graph_break
# explain-reason: resume_in_step_at_22@24: graph_break
# explain-reason: resume_in_step_at_24@25: print
# explain-reason: log_then_compute@31: print
# explain-reason: resume_in_log_then_compute_at_31@32: graph_break
@capture
def step(x):
    y = x * 2
    graph_break()
    z = y + 1
    r = graph_break()
    print("graph_break returned", r)
    return z
print(step(tensor([1, 2])))
print(step(tensor([[0.5]])))
@capture(fullgraph=False)
def log_then_compute(x):
    print("input shape", x.shape)
    graph_break()
    return x.sum()
print(log_then_compute(ones(2, 3)))
print(log_then_compute(ones(4)))
print(graph_break())
