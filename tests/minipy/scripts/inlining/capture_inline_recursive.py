# Recursion is inlined when the whole recursion is, within the inline depth limit (16
# calls): fact(4) folds to 24 (1 op); down(x, 1) is 2 nested calls (1 add), down(x, 15)
# 16 calls (15 adds), both whole. down(x, 16) would need a 17th call: the recursion is
# not inlined, and the graph breaks at its outermost recursive call, inside the inlined
# down(x, 16), after its one add; the interpreter runs down(x + 1, 15), and the resume
# function returns its result (no operation left, no graph).
# explain: graphs=4 graph_breaks=1 ops=18 recompiles=0 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 ops=1
# explain-frame: g1 graphs=1 breaks=0 ops=1
# explain-frame: g16 graphs=1 breaks=0 ops=15
# explain-frame: g17 graphs=1 breaks=1 ops=1
# explain-reason: g17@20: recursive call of function 'down' (not inlined whole: call of function 'down': inlining goes deeper than 16 calls
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)
def down(x, n):
    if n == 0:
        return x
    return down(x + 1, n - 1)
@capture
def f(x):
    return x * fact(4)
@capture
def g1(x):
    return down(x, 1)
@capture
def g16(x):
    return down(x, 15)
@capture
def g17(x):
    return down(x, 16)
print(f(tensor([1.0, 0.5])))
print(f(tensor([2.0, 2.0])))
print(g1(tensor([1.0])), g16(tensor([1.0])), g17(tensor([1.0])))
