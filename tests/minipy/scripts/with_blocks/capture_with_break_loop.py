# A print inside a loop inside a no_grad() block. f: mul, set, mul, add, set (5 ops),
# break at the print of i = 0. The resume function after the print gets the loop's
# iterator from outside (its items are not known: a break at for_iter, run with the
# block entered again; no operation, the enter and leave cancel, no graph), once per
# print. The resume function at the loop body has i = 1 and i = 2 (one recompile):
# set, mul, add, set (4 ops each), each breaking at its print. When the iterator ends,
# the resume function at the block's exit (line 17) has no operation.
# explain: graphs=3 graph_breaks=4 ops=13 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=5
# explain-frame: resume_in_f_at_20 graphs=0 breaks=1 cache_entries=1 calls=6 cache_hits=5
# explain-frame: resume_in_f_at_18 graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=4,4
# explain-frame: resume_in_f_at_17 graphs=0 breaks=0 cache_entries=1 calls=2 cache_hits=1
# explain-reason: resume_in_f_at_20@18: for_iter
@capture
def f(x):
    total = x * 0
    with no_grad():
        for i in range(3):
            total = total + x * i
            print("step", i, is_grad_enabled())
    return total, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
