# ctx.get_local of lists: one of constants is a constant (as_python_constant gives an
# equal list), one holding a tensor is not. The callback checks with assert: a
# failing assert would make the callback raise, and the frame would run eagerly
# (unsupported=1), which the header rules out.
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
@capture
def f(x):
    sizes = [1, 2, 3]
    pair = (x, 2)
    @comptime
    def _(ctx):
        v = ctx.get_local("sizes")
        assert v.is_python_constant()
        assert v.as_python_constant() == [1, 2, 3]
        assert v.python_type() is list
        assert not v.is_proxy()
        p = ctx.get_local("pair")
        assert not p.is_python_constant()
        assert p.python_type() is tuple
    return x * len(sizes), pair[1]
x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
