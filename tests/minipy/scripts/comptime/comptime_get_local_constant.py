# ctx.get_local of a constant argument (guarded, so each value translates once): its
# value and type, passed on in the reason of a graph break the callback asks for.
# A string local made in the trace is a constant too.
# explain: graphs=4 graph_breaks=2 ops=4 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 breaks=2 unsupported=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1
# explain-frame: resume_in_f_at_13 graphs=2 breaks=0 unsupported=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1
# explain-reason: f@13: n=3 int label=n is 3 str
# explain-reason: f@13: n=2.5 float label=n is 2.5 str
@capture
def f(x, n):
    label = "n is " + str(n)
    y = x * n
    @comptime
    def _(ctx):
        v = ctx.get_local("n")
        s = ctx.get_local("label")
        ctx.graph_break(msg="n=" + str(v.as_python_constant()) + " " + v.python_type().__name__ + " label=" + s.as_python_constant() + " " + s.python_type().__name__)
    return y + 1, label
x = tensor([1.0, 2.0])
print(f(x, 3))
print(f(x, 3))
print(f(x, 2.5))
