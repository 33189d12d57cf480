# Dict stores before and after a graph break inside a no_grad() block: the first is
# replayed before the print, which sees it. The trace reads the dict's length, so each
# call (the dict has grown) recompiles both functions once: f: set, mul, set; the
# resume function: set, add, set (3 ops per graph).
# explain: graphs=4 graph_breaks=2 ops=12 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=3,3
# explain-frame: resume_in_f_at_12 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=3,3
@capture
def f(x, d):
    with no_grad():
        d["a"] = x * 2
        print("size", len(d))
        d["b"] = d["a"] + 1
    return d["b"], is_grad_enabled()


d = {}
x = tensor([1.0, 2.0])
print(f(x, d), sorted(d.keys()))
print(f(x, d), sorted(d.keys()))
