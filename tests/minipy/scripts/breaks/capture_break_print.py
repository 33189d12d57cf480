# print() inside a captured function is a graph break: the graph so far (y = x * 2) is
# compiled, print runs in the interpreter on every call, and the rest (y + 1) runs in
# the resume function, a frame of its own guarded on print's None result and on y.
# Each new shape of x recompiles both frames; the last call hits both first entries.
# explain: graphs=4 graph_breaks=2 ops=4 recompiles=2 frames_captured=4
# explain-frame: noisy graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=4 cache_hits=2
# explain-frame: resume_in_noisy_at_12 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=4 cache_hits=2
# explain-reason: noisy@12: print
@capture
def noisy(x):
    y = x * 2
    print("computing", y.shape, y)
    return y + 1
print(noisy(tensor([1, 2])))
print(noisy(tensor([3, 4])))
print(noisy(tensor([[1.5]])))
print(noisy(tensor([5, 6])))
