# tolist() (data-dependent, a graph break) inside a no_grad() block: set, mul, set
# (3 ops); the resume function gets the list, whose length it reads and guards (with
# its items): set, add, set (3 ops). The second call has the same data and hits.
# explain: graphs=2 graph_breaks=1 ops=6 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_f_at_12 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-reason: f@12: tolist() is data-dependent
@capture
def f(x):
    with no_grad():
        y = x * 2
        values = y.tolist()
        z = y + len(values)
    return z, values, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
