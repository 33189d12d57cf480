# comptime.print_bt() prints the inline stack, outermost frame first, each with its
# file, line and function and the source line: from inner, called by middle, called by
# f. middle's own callback runs first; with stacklevel=1 it prints f alone.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
# explain-stderr: line 21, in f
# explain-stderr: return middle(x) - 1
# explain-stderr: line 21, in f
# explain-stderr: line 18, in middle
# explain-stderr: return inner(y * 2)
# explain-stderr: line 14, in inner
# explain-stderr: comptime.print_bt()
def inner(z):
    comptime.print_bt()
    return z
def middle(y):
    comptime(lambda ctx: ctx.print_bt(stacklevel=1))
    return inner(y * 2)
@capture
def f(x):
    return middle(x) - 1
x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
