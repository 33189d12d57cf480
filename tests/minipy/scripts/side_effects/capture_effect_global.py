# A global counter bumped by an inlined helper, twice in one trace (the second read
# sees the first store), a global list appended to and a global float scaled: side
# effects replayed after the graph (store_global, a slice assignment). The counter is
# read from the frame, guarded by value, so each call translates again.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: step graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
calls = 0
history = []
scale = 2.0
def bump():
    global calls
    calls = calls + 1
    return calls
@capture
def step(x):
    global scale
    n = bump()
    history.append(n)
    scale = scale * 1.5
    return x * scale + bump()
print(step(tensor([1.0])), calls, history, scale)
print(step(tensor([1.0])), calls, history, scale)
print(calls, history)
