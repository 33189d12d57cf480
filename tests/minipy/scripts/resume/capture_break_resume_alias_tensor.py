# One tensor in three places at a break: on the stack (the tuple's first item) and in
# the locals y and z. f's graph outputs it once and the generated code passes that one
# object three times, so the items returned are still one object (`is` holds outside).
# The resume function's graph reads only z (z + 1): one input, one output.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 inputs=1 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_13 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 inputs=1 outputs=1 calls=2 cache_hits=1
# explain-reason: f@13: graph_break
@capture
def f(x):
    y = x * 2
    z = y
    out = (y, graph_break(), z + 1, y)
    return out, z
r = f(tensor([1, 2]))
print(r, r[0][0] is r[0][3], r[0][0] is r[1])
r = f(tensor([5, 7]))
print(r, r[0][0] is r[0][3], r[0][0] is r[1])
