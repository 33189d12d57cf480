# A graph break (print) before the read: f's translation (mul, 1 op, up to the break)
# does not read grad mode and serves both calls; the resume function reads it and
# recompiles in the second mode (add, then sub: 1 op each). 2 calls of each code.
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_12 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=1,1
# explain-reason: f@12: call of print()
# explain-recompile: resume_in_f_at_12: grad mode is enabled, but it is disabled
@capture
def f(x):
    y = x * 2
    print("between")
    if is_grad_enabled():
        return y + 1
    return y - 1


x = tensor([1.0, 2.0])
print(f(x))
with no_grad():
    print(f(x))
