# comptime.print_locals() prints each local of the frame that has a value, with how
# the trace tracks it (for a tensor, its dtype and shape); ctx.print_locals() does the
# same from a callback. A local not assigned yet is left out.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
# explain-stderr: x: a tensor f64[2]
# explain-stderr: n: the constant 3
# explain-stderr: sizes: a list
# explain-stderr: y: a tensor f64[2]
# explain-stderr: word: the constant 'go'
@capture
def f(x, n):
    sizes = [n, n]
    y = x * n
    comptime.print_locals()
    word = "go"
    comptime(lambda ctx: ctx.print_locals())
    later = y + len(sizes)
    return later, word
x = tensor([1.0, 2.0])
print(f(x, 3))
print(f(x, 3))
