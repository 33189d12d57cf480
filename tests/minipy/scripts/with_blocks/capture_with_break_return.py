# A return from inside a no_grad() block after a graph break: the resume function's
# code leaves the block (its exit) before it returns. f: set, mul, set (3 ops). flag
# is read only after the break, so it is guarded in the resume function, which gets
# one entry per value (one recompile): set, add, set and set, sub, set (3 ops each).
# explain: graphs=3 graph_breaks=1 ops=9 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_f_at_12 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=3,3
@capture
def f(x, flag):
    with no_grad():
        y = x * 2
        print("in block")
        if flag:
            return y + 1, is_grad_enabled()
        y = y - 1
    return y, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x, True), is_grad_enabled())
print(f(x, False), is_grad_enabled())
