# A graph break at a call with keyword arguments inside a no_grad() block: its
# kw_names instruction runs inside the block entered again, too. set, mul, set and
# set, add, set (3 ops each).
# explain: graphs=2 graph_breaks=1 ops=6 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_f_at_11 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
@capture
def f(x):
    with no_grad():
        y = x * 2
        print("value", is_grad_enabled(), sep=": ")
        y = y + 1
    return y


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
