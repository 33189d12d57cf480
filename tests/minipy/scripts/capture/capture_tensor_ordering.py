# Tensors have no ordering and no unary + (SPEC.md): the shape rules give Python's
# TypeError as the break reason, and the interpreter raises it. less computes a * 2
# first (a graph for tensor a; a constant for 2.5).
# explain: graphs=3 graph_breaks=4 ops=3 recompiles=2 frames_captured=4
# explain-frame: less graphs=2 unsupported=0 breaks=3 cache_entries=3 recompiles=2 ops=2 graph_ops=1,1 calls=3
# explain-frame: unary_plus graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-reason: less@12: '<' not supported between instances of 'Tensor' and 'int'
# explain-reason: unary_plus@15: bad operand type for unary +
@capture
def less(a, b):
    y = a * 2
    return y < b
@capture
def unary_plus(a):
    return +(a - 1)
for a, b in ((ones(2), ones(2)), (ones(2), 3), (2.5, ones(1))):
    try:
        less(a, b)
    except TypeError as e:
        print("TypeError", e)
try:
    unary_plus(ones(1))
except TypeError as e:
    print("TypeError", e)
