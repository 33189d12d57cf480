# Graph breaks inside inlined calls and with blocks. f calls a helper that prints
# inside f's no_grad() block: no graph break inside the inlined call is made within a
# block, so the call is the break (line 31), run with the block entered again; the
# block's enter and leave cancel (no graph), and the resume function subtracts (1 op).
# g calls a helper whose own with block prints: the helper's call is the break in g
# (line 37); the graph is g's addition (1 op), the helper runs in the interpreter and
# the resume function multiplies (1 op).
# explain: graphs=3 graph_breaks=2 ops=3 recompiles=0 frames_captured=4
# explain-frame: f graphs=0 breaks=1 cache_entries=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_31 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-frame: g graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_g_at_37 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@31: call of function 'helper'
# explain-reason: g@37: call of function 'blocked'
def helper(v):
    w = v * 2
    print("helper", is_grad_enabled())
    return w + 1


def blocked(v):
    with no_grad():
        u = v * 3
        print("blocked helper", is_grad_enabled())
        return u


@capture
def f(x):
    with no_grad():
        y = helper(x)
    return y - 1, is_grad_enabled()


@capture
def g(x):
    y = blocked(x + 1)
    return y * 2, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x), f(x))
print(g(x), g(x))
