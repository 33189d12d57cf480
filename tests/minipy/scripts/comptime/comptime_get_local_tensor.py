# ctx.get_local of a tensor: a graph value (is_proxy), not a constant, of type Tensor,
# whose fake has the traced shape and dtype. The callback asks for a graph break whose
# reason carries what it saw, so the explain check reads it: shape (2, 3), float64.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_11 graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@11: seen (2, 3) float64 Tensor proxy=True constant=False
@capture
def f(x):
    y = x * 2
    @comptime
    def _(ctx):
        v = ctx.get_local("y")
        fake = v.as_fake()
        message = "seen " + str(fake.shape) + " " + fake.dtype + " " + v.python_type().__name__
        message = message + " proxy=" + str(v.is_proxy()) + " constant=" + str(v.is_python_constant())
        ctx.graph_break(msg=message)
    return y.sum()
x = ones(2, 3)
print(f(x))
print(f(x))
