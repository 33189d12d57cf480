# A comptime callback that raises ends the translation with its error as the reason:
# the frame runs eagerly (every call, from its cache entry), never a crash. A callback
# reading a local that has no value raises NameError the same way.
# explain: graphs=0 graph_breaks=2 ops=0 recompiles=0 frames_captured=0
# explain-frame: f graphs=0 breaks=0 unsupported=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: g graphs=0 breaks=0 unsupported=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@16: comptime callback raised: ValueError: not at trace time
# explain-reason: g@20: comptime callback raised: NameError: get_local(): no local 'missing'
def fail(ctx):
    raise ValueError("not at trace time")
def read_missing(ctx):
    ctx.get_local("missing")
@capture
def f(x):
    y = x * 2
    comptime(fail)
    return y
@capture
def g(x):
    comptime(read_missing)
    return x + 1
x = tensor([1.0, 2.0])
print(f(x), g(x))
print(f(x), g(x))
