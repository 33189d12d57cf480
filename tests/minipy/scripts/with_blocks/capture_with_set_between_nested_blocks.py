# no_grad() whose code turns grad mode on and then opens enable_grad(), which saves
# True; a graph break (print) inside both. The resume function enters no_grad() again,
# sets grad mode on again (what enable_grad() saved on entry), then enters
# enable_grad(): so enable_grad()'s exit puts back True, and z reads True as eagerly
# (it read False before the inner block's saved value was restored this way).
# f: no_grad() enter/set cancel, enable_grad() enter sets what is set, mul, both exits
# at the break set what is set (1 op); resume: the same cancel, add (1 op). The second
# call hits both cache entries.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_19 graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=1 calls=2 cache_hits=1
# explain-reason: f@19#LB0001: call of print()
@capture
def f(x):
    with no_grad():
        set_grad_enabled(True)
        with enable_grad():
            y = x * 2
            print("inner", is_grad_enabled())
            y = y + 1
        z = is_grad_enabled()
    return y, z, is_grad_enabled()

print(f(tensor([1.0])), is_grad_enabled())
print(f(tensor([1.0])), is_grad_enabled())
