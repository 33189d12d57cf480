# @capture without arguments returns the function unchanged. with_default's second
# call changes scale (2 -> 3), which makes it a symbol (automatic dynamic); the third
# call's x is an int seen for the first time (a constant, 3), so 3 * scale is computed
# by a graph with no operations from the int input.
# explain: graphs=7 graph_breaks=0 ops=9 recompiles=6 frames_captured=10
# explain-frame: affine graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=6
# explain-frame: square graphs=1 unsupported=0 cache_entries=3 recompiles=2 ops=1
# explain-frame: plain graphs=0 unsupported=0 cache_entries=1 recompiles=0
# explain-frame: with_default graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=2 graph_ops=1,1,0
@capture
def affine(x, w, b):
    return x @ w + b
@capture
def square(n):
    return n * n
w = tensor([[1.0, 2.0], [3.0, 4.0]])
b = tensor([0.5, -0.5])
x = tensor([1.0, 1.0])
print(affine(x, w, b))
print(affine(tensor([[1.0, 0.0], [0.0, 1.0]]), w, b))
print(square(7), square(1.5), square(tensor([1, 2])))
print(affine(x, w, b=tensor(1.0)))
def plain(n):
    return n + 1
wrapped = capture(plain)
print(wrapped is plain, wrapped(41))
@capture
def with_default(x, scale=2):
    return x * scale
print(with_default(tensor([1, 2])), with_default(tensor([1, 2]), 3), with_default(3, scale=4))
