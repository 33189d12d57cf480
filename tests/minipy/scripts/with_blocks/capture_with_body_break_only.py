# A block whose body is a print alone: the graph's enter and leave cancel (add, 1 op),
# and so do the resume function's (mul, 1 op).
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_10 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
@capture
def f(x):
    y = x + 1
    with no_grad():
        print("only a print", is_grad_enabled())
    return y * 2, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
