# hasattr of a tensor is true for an attribute its metadata gives (shape, ndim,
# dtype), which the tensor's guards keep; a method or an absent name is not known from
# metadata: a graph break at the call (the interpreter answers).
#
# probe: the loop unrolls, each name found, then x * 3: one op in one graph.
# other: x + 1, then the break at hasattr(x, 'relu'); the resume function adds 2
# (the interpreter's answer is true): two graphs of one op.
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=0 frames_captured=3
# explain-frame: probe graphs=1 breaks=0 calls=1 ops=1
# explain-frame: other graphs=1 breaks=1 calls=1 ops=1
# explain-frame: resume_in_other_at_25 graphs=1 calls=1 ops=1
# explain-reason: other@25: hasattr
@capture
def probe(x):
    found = 0
    for name in ('shape', 'ndim', 'dtype'):
        if hasattr(x, name):
            found = found + 1
    return x * found


@capture
def other(x):
    y = x + 1
    if hasattr(x, 'relu'):
        y = y + 2
    return y


print(probe(tensor([1.0, 2.0])))
print(other(tensor([1.0, 2.0])))
