# stacklevel walks out along the inline stack: in the inlined helper, stacklevel=1 is
# f's frame. The callback checks f's local n there (a failing assert would make the
# frame run eagerly) and prints f's locals; at stacklevel 0 it sees helper's y.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
# explain-stderr: x: a tensor f64[2]
# explain-stderr: n: the constant 4
def helper(y):
    @comptime
    def _(ctx):
        assert ctx.get_local("n", stacklevel=1).as_python_constant() == 4
        assert ctx.get_local("y").is_proxy()
        ctx.print_locals(stacklevel=1)
    return y * 2
@capture
def f(x, n):
    return helper(x) + n
x = tensor([1.0, 2.0])
print(f(x, 4))
print(f(x, 4))
