# A branch on a symbolic int guards the relation (s0 > 3): 5 and 7 share an entry, 3
# takes the other branch under s0 <= 3; 2 was the first, constant entry, and hits it
# again. A loop over range(n) is unrolled, so n is specialized (s0 == 3, s0 == 4): one
# entry per n, with 2, 3 and 4 ops.
# explain: graphs=6 graph_breaks=0 ops=12 recompiles=4 frames_captured=6
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=6 cache_hits=3 graph_ops=1,1,1
# explain-frame: g graphs=3 cache_entries=3 recompiles=2 calls=3 cache_hits=0 graph_ops=2,3,4
# explain-guard: f: s0 > 3
# explain-guard: f: s0 <= 3
# explain-guard: g: s0 == 3
# explain-recompile: f: s0 > 3, but s0 = 3
# explain-recompile: g: s0 == 3, but s0 = 4
@capture
def f(x, n):
    if n > 3:
        y = x * n
    else:
        y = x - n
    return y
@capture
def g(x, n):
    for i in range(n):
        x = x + i
    return x
x = arange(3)
for n in [2, 5, 6, 3, 2, 7]:
    print(f(x, n))
print(g(x, 2), g(x, 3), g(x, 4))
