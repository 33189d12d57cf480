# A print right before the return: f's graph computes y and z (two ops) but outputs
# only z, which is both print's argument on the stack and a live local (one output);
# y is dead. The resume function only returns z: no operation, no graph. It reads z, so
# it is guarded on z's shape: the second call (same shape) hits both frames.
# explain: graphs=1 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 inputs=1 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_13 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@13: print
@capture
def f(x):
    y = x * 2
    z = y + 1
    print("z is", z)
    return z
print(f(tensor([1.0, 2.0])))
print(f(tensor([5.0, -6.0])))
