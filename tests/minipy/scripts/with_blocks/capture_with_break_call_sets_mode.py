@disable
def turn_on():
    set_grad_enabled(True)

@disable
def turn_off():
    set_grad_enabled(False)

@capture
def f(x):
    with no_grad():
        y = x * 2
        turn_on()
        z = is_grad_enabled()
        y = y + 1
    return y, z, is_grad_enabled()

@capture
def g(x):
    with no_grad():
        set_grad_enabled(True)
        y = x * 2
        turn_off()
        z = is_grad_enabled()
        y = y + 1
    return y, z, is_grad_enabled()

@capture
def h(x):
    with no_grad():
        with enable_grad():
            y = x * 2
            turn_off()
            a = is_grad_enabled()
        b = is_grad_enabled()
    return y + 1, a, b, is_grad_enabled()

for v in (1.0, 2.0):
    print(f(tensor([v])), g(tensor([v])), h(tensor([v])), is_grad_enabled())

# Calls inside grad-mode blocks of functions never captured that change grad mode
# (LB0028): the rest of each block runs in the state the call left, as eagerly. The
# code at the break reads the state after the call; the resume function enters the
# blocks again and sets the state it was given.
# f: the call turns grad mode on, so z is True. f's graph: the entry's setter, mul,
# the exit's setter at the break (3 ops); resume: the entry and the set to True cancel,
# is_grad_enabled() folds, add, the exit sets what is set (1 op).
# g: the block's code turns grad mode on, the call turns it off: the code at the break
# enters no_grad() again and sets on before the call; the resume function sets off, so
# z is False, and the exit puts back on. g's graph: entry and set cancel, mul, the exit
# sets what is set (1 op); resume: the entry's setter, the set to off (what is set),
# add, the exit's setter (3 ops).
# h: enable_grad() inside no_grad(), the call turns grad mode off: a is False, and b
# too (enable_grad()'s exit puts back what it saved, off). The resume function enters
# no_grad(), enable_grad() (saving off), then sets off. h: mul (1 op); resume: add
# (1 op). Every entry hits on the second pass.
# explain: graphs=6 graph_breaks=3 ops=10 recompiles=0 frames_captured=6
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_13 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_23 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: h graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_h_at_33 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@13#LB0028: call of function 'turn_on', which is disabled for capture
# explain-reason: g@23#LB0028: call of function 'turn_off', which is disabled for capture
# explain-reason: h@33#LB0028: call of function 'turn_off', which is disabled for capture
