# Three nested grad-mode blocks with a print (a graph break) at each depth. Each resume
# function enters again every block open at its start (stack values of type no_grad
# or enable_grad), and each graph ends with the blocks open at its break left.
# Counted after removing setters that cancel (enter then leave with nothing between):
# f: set, add, set (3 ops); at_16: mul (enter/leave pairs cancel, 1 op); at_19: set,
# sub, set (3 ops); at_22: set, mul, set, add, set, mul, set (7 ops).
# explain: graphs=4 graph_breaks=3 ops=14 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_f_at_16 graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_19 graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_f_at_22 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=7
@capture
def f(x):
    with no_grad():
        a = x + 1
        print("depth 1", is_grad_enabled())
        with enable_grad():
            b = a * 2
            print("depth 2", is_grad_enabled())
            with no_grad():
                c = b - 1
                print("depth 3", is_grad_enabled())
                c = c * 2
            d = c + is_grad_enabled()
        e = d * 3
    return e, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
