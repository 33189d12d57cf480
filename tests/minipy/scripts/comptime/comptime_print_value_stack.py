# comptime.print_value_stack_and_return(e) returns e and prints the value stack at its
# call: in `x * 2 + ...` the product waits on the stack under the call. In the
# callback, ctx.print_value_stack(stacklevel=1) shows the stack of the frame that
# inlined helper: the constant 10 pushed before the call of helper. The shortcut
# comptime.print_value_stack() in a tuple display shows the 7 before it.
# explain: graphs=1 graph_breaks=0 ops=4 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=4
# explain-stderr: - a tensor f64[2]
# explain-stderr: - the constant 10
# explain-stderr: - the constant 7
def helper(y):
    comptime(lambda ctx: ctx.print_value_stack(stacklevel=1))
    return y - 1
@capture
def f(x):
    z = x * 2 + comptime.print_value_stack_and_return(x)
    r = 10 + helper(z)
    pair = (7, comptime.print_value_stack())
    return r, pair
x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
