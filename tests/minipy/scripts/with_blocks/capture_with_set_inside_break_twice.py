# enable_grad() whose code turns grad mode off, breaks (a disabled call), turns it on
# again and breaks again. The first resume function enters the block and sets grad
# mode off again (the first probe and the code after it see False); the second needs
# no setting again (the code had put back the block's own value).
# b: enter sets what is set, add, set False and the exit at the break cancel (1 op);
# its first resume function: enter sets what is set, set False then True cancel, the
# exit at the second break sets what is set: no op, no graph; the second: nothing.
# explain: graphs=1 graph_breaks=2 ops=1 recompiles=0 frames_captured=3
# explain-frame: b graphs=1 unsupported=0 breaks=1 cache_entries=1 ops=1 calls=1
# explain-frame: resume_in_b_at_24 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1
# explain-frame: resume_in_b_at_27 graphs=0 unsupported=0 breaks=0 cache_entries=1 calls=1
# explain-reason: b@24#LB0028: disabled for capture
# explain-reason: resume_in_b_at_24@27#LB0028: disabled for capture
@disable
def probe(tag):
    print(tag, is_grad_enabled())
    return is_grad_enabled()

@capture
def b(x):
    with enable_grad():
        y = x + 1
        set_grad_enabled(False)
        first = probe("first")
        after = is_grad_enabled()
        set_grad_enabled(True)
        second = probe("second")
        g = is_grad_enabled()
    return y, first, after, second, g, is_grad_enabled()

print(b(tensor([1.0])), is_grad_enabled())
