# A recursive closure made by an inlined factory: fact closes over its own cell (which
# holds fact itself) and over k. Returned, it is made again by the generated code: new
# cells, the function made over them, and only then the cells filled, so fact's cell
# holds the very function returned (its recursive calls work: 4 * 3 * 2 * 2 ** 3 = 192).
# get_rec: x + 1 (1 op), no break; the second call hits and makes another closure.
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=1
# explain-frame: get_rec graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
def make_rec(k):
    def fact(n):
        return 1 if n <= 1 else n * k * fact(n - 1)
    return fact
@capture
def get_rec(x):
    f = make_rec(2)
    return f, x + 1
first, y = get_rec(ones(2))
print(y, first(4))
second, y = get_rec(ones(2))
print(y, second(4), second is first, second(1))
