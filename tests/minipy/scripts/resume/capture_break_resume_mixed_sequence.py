# Breaks of different kinds in one frame: item(), tolist() and graph_break(); between
# them a global store and an item store into an argument dict, side effects replayed
# after the graph of the resume function that traced them, with no break of their
# own. A resume function is guarded on its stack values and on what it reads: the
# global count (new every call) and log's length (0, then 1) recompile the first
# resume function every call, and the tolist() list (by item) the last one; the one
# before only stores the list and passes it on, unread, so only its type is guarded.
# explain: graphs=6 graph_breaks=5 ops=9 recompiles=3 frames_captured=7
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_21 graphs=3 unsupported=0 breaks=3 cache_entries=3 recompiles=2 ops=6 calls=3 cache_hits=0
# explain-frame: resume_in_f_at_26 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_27 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-reason: f@21: item
# explain-reason: resume_in_f_at_21@26: tolist
# explain-reason: resume_in_f_at_26@27: graph_break
#
count = 0
@capture
def f(x, log):
    global count
    n = x.sum().item()
    count = count + 1
    y = x * n
    log["y"] = y
    z = y - 1
    vals = z.tolist()
    graph_break()
    return y + len(vals), vals
log = {}
print(f(tensor([1, 2]), log), count, log)
print(f(tensor([2, 1]), log), count, log)
print(f(tensor([1, 2]), log), count, log)
