# comptime.print_guards() prints the guards made so far: grad mode (is_grad_enabled()
# read it), the tensor x's dtype and shape, the constant n (it was read), and the
# comptime builtin's identity; ctx.print_guards() from a callback after the list is read
# adds its length.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
# explain-stderr: grad_mode == True
# explain-stderr: tensor L['x']: f64[2]
# explain-stderr: L['n'] == 3
# explain-stderr: id(G['comptime'])
# explain-stderr: len(L['xs']) == 2
@capture
def f(x, n, xs):
    g = is_grad_enabled()
    y = x * n
    comptime.print_guards()
    k = len(xs)
    comptime(lambda ctx: ctx.print_guards())
    return y + k, g
x = tensor([1.0, 2.0])
print(f(x, 3, [1, 2]))
print(f(x, 3, [1, 2]))
