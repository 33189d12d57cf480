# The three ways to pass a callback: @comptime on a nested def (the name is bound to
# None, as comptime returns), a lambda, and a function of the module. Each asserts
# what it sees (a failing assert would make the frame run eagerly, unsupported=1).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
def check_scale(ctx):
    assert ctx.get_local("scale").as_python_constant() == 0.5
@capture
def f(x):
    scale = 0.5
    @comptime
    def hook(ctx):
        assert ctx.get_local("x").as_fake().shape == (3,)
    r = comptime(lambda ctx: ctx.get_local("scale").python_type() is float)
    comptime(check_scale)
    return x * scale + 1, hook, r
x = tensor([1.0, 2.0, 3.0])
print(f(x))
print(f(x))
