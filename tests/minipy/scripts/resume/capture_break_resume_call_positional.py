# A print in the second positional argument of matmul: matmul and x * 2 (f's graph
# output) are on the stack at the break. f never reads w, so a new shape of w hits f's
# entry; the resume function reads w (w + 1, then matmul: two ops) and recompiles.
# explain: graphs=3 graph_breaks=1 ops=5 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 outputs=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_10 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 graph_ops=2,2 calls=3 cache_hits=1
# explain-reason: f@10: print
@capture
def f(x, w):
    return matmul(x * 2, (print("mid") or w) + 1)
print(f(tensor([1.0, 2.0]), tensor([[1.0, 0.0], [0.0, 1.0]])))
print(f(tensor([3.0, 4.0]), tensor([[2.0, 1.0], [1.0, 2.0]])))
print(f(tensor([1.0, 1.0]), tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])))
