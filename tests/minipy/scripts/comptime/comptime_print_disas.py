# comptime.print_disas() prints the frame's code with an arrow at the instruction
# being evaluated (the call of print_disas itself); ctx.print_disas(stacklevel=1) in
# an inlined helper prints the caller's code, with the arrow at its call of helper.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
# explain-stderr: LOAD_FAST                   0 (x)
# explain-stderr: LOAD_METHOD                 1 (print_disas)
# explain-stderr: -->       14 CALL                        0
# explain-stderr: RETURN_VALUE
# explain-stderr: LOAD_GLOBAL                 2 (helper)
# explain-stderr: -->       24 CALL                        1
# explain-stderr: RETURN_VALUE
def helper(y):
    comptime(lambda ctx: ctx.print_disas(stacklevel=1))
    return y + 1
@capture
def f(x):
    y = x * 2
    comptime.print_disas()
    return helper(y)
x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
