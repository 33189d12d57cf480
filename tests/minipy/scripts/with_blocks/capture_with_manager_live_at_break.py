# A no_grad() object made in the trace and live at a graph break before its block:
# generated code makes it again by its call, and the resume function enters it (a
# frame value guarded on its type). mul (1 op), then set, add, set (3 ops).
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_11 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
@capture
def f(x):
    cm = no_grad()
    y = x * 2
    print("made, not entered", is_grad_enabled())
    with cm:
        z = y + 1
    return z, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
