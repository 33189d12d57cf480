# The call at a graph break inside no_grad(), after the code in the block turned grad
# mode on, raises: it runs with grad mode on (boom prints True), and the block's exit
# (in the code at the break) puts back the mode at the block's entry before the
# exception reaches the caller, as eagerly. No resume function runs. Called with grad
# mode on, then off (a recompile: the block saves the mode).
# On: enter/set cancel, mul, exit sets what is set (1 op). Off: enter sets what is
# set, set True, mul, exit sets False (3 ops).
# explain: graphs=2 graph_breaks=2 ops=4 recompiles=1 frames_captured=2
# explain-frame: c graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-reason: c@21#LB0028: disabled for capture
@disable
def boom(tag):
    print(tag, is_grad_enabled())
    raise ValueError("boom")

@capture
def c(x):
    with no_grad():
        set_grad_enabled(True)
        y = x * 3
        boom("inside")
    return y

for mode in (True, False):
    set_grad_enabled(mode)
    try:
        c(tensor([1.0]))
    except ValueError as err:
        print("caught", err, is_grad_enabled())
set_grad_enabled(True)
