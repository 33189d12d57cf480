# grad_mode(flag) with constant flags, nested: the outer block turns grad mode off,
# the inner one (flag 1) on again; each entry and exit is a setter node: set(False),
# mul, set(True), add, set(False), set(True); the inner exit and the outer exit are
# adjacent and cancel, so 4 ops remain. The flag of tensor_flag is a tensor: the call
# grad_mode(t) is a graph break (the interpreter makes the manager), and the resume
# function enters the no_grad or enable_grad object it is given in its prologue,
# guarded on its type: set, mul, set (3 ops) for no_grad, the mul alone for
# enable_grad (its setters change nothing).
# explain: graphs=4 graph_breaks=1 ops=9 recompiles=1 frames_captured=4
# explain-frame: nested graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=4
# explain-frame: tensor_flag graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=1
# explain-frame: resume_in_tensor_flag_at_26 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=3,1
# explain-reason: tensor_flag@26: grad_mode() of a tensor (the value it sets must be known at trace time)
@capture
def nested(x):
    with grad_mode(False):
        y = x * 2
        with grad_mode(1):
            z = y + 1
            inner = is_grad_enabled()
        outer = is_grad_enabled()
    return z, inner, outer, is_grad_enabled()
@capture
def tensor_flag(x, t):
    y = x - 1
    with grad_mode(t):
        y = y * 3
        g = is_grad_enabled()
    return y, g
x = tensor([1.0, 2.0])
print(nested(x), nested(x))
print(tensor_flag(x, tensor([0.0])), tensor_flag(x, tensor([2.0])), tensor_flag(x, tensor([0.0])))
