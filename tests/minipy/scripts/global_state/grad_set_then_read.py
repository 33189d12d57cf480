# A function that sets grad mode before it reads it: what it reads is what it set, so
# the translation is not guarded on grad mode. Its graph does not know the state it
# starts in and keeps both setters: set False, mul, set True (3 ops). Called in grad
# mode and under no_grad(): one translation, 1 cache hit; the call under no_grad()
# leaves grad mode True until the block's exit puts False back.
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=3
@capture
def f(x):
    set_grad_enabled(False)
    y = x * 2
    g = is_grad_enabled()
    set_grad_enabled(True)
    return y, g


x = tensor([1.0, 2.0])
print(f(x), is_grad_enabled())
with no_grad():
    print(f(x), is_grad_enabled())
print(is_grad_enabled())
