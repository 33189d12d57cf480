# Defaults of an inlined function: a number default (2.0) used when the argument is
# left out and replaced by a keyword argument, and a tensor default (BIAS, read as
# shift.__defaults__[1] and guarded like any tensor: a graph input, one for both calls).
# f: x * 2.0 + BIAS, x * 3.0 + BIAS, their sum: 5 ops, inputs x and BIAS.
# explain: graphs=1 graph_breaks=0 ops=5 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=5 inputs=2 outputs=1 calls=2 cache_hits=1
BIAS = tensor([1.0, -1.0])
def shift(v, scale=2.0, bias=BIAS):
    return v * scale + bias
@capture
def f(x):
    return shift(x) + shift(x, scale=3.0)
print(f(tensor([1.0, 2.0])))
print(f(tensor([-1.0, 0.5])))
