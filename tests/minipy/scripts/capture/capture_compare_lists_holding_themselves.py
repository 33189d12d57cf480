# Lists that hold themselves, compared in a trace. Python compares the items of two
# sequences by identity first, so a list that holds itself equals itself, and two
# such lists that are not one object recurse until RecursionError. The translator
# recursed without end on both (a stack overflow, found by the translator fuzz target).
# Now an item equals itself without a look inside, and a comparison that follows items
# more than 64 sequences deep gives up, and the interpreter compares.
# same: captured whole (x + 1; every comparison folded to a constant, also of lists that
# hold one NaN, or one tensor, at the same place); two cache hits.
# nested: x * 2; l and m are lists depth + 1 deep, and comparing them follows their
# items depth levels down: folded for depths 3 and 64; a graph break at `l == m` for
# 65 and 66 (reason below). The resume function gets l and m as frame inputs and breaks again at
# `l < m` (it does not read their items); the second call of each is a cache hit.
# apart: two distinct lists holding themselves; the comparison would recurse forever.
# A graph break at `a == b` (reason below) after y = x - 1 (1 graph, 1 op): the code at
# the break builds a and b (each made empty, then given its items, itself among them)
# and the interpreter compares them, raising RecursionError as in the eager run (so no
# resume function runs).
# explain: graphs=6 graph_breaks=4 ops=6 recompiles=3 frames_captured=8
# explain-frame: same graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: nested graphs=4 unsupported=0 breaks=2 cache_entries=4 recompiles=3 ops=4 calls=4 cache_hits=0
# explain-frame: apart graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-unlisted: nested's two resume functions (after `l == m`, after `l < m`) share a name (resume_in_nested_at_40); each has 2 calls, 1 cache hit, no graph
# explain-reason: nested@40: comparison of sequences nested more than 64 deep
# explain-reason: apart@49#LB0024: comparison of sequences nested more than 64 deep
@capture
def same(x):
    a = [x, 1]
    a.append(a)
    b = (a, 1)
    nan = float("nan")
    return x + 1, a == a, b == b, a <= a, [a, 2] == [a, 2], (a, 3) < (a, 4), a != a, [nan, x] == [nan, x]

@capture
def nested(x, depth):
    l = [1]
    m = [1]
    for i in range(depth):
        l = [l]
        m = [m]
    return x * 2, l == m, l < m

@capture
def apart(x):
    a = [1]
    a.append(a)
    b = [1]
    b.append(b)
    y = x - 1
    return y, a == b

t = tensor([1.0, 2.0])
for k in range(3):
    r = same(t)
    print(r[0], r[1:])
for d in (3, 64, 65, 66):
    print(nested(t, d))
try:
    print(apart(t))
except RecursionError as e:
    print("RecursionError", e)
