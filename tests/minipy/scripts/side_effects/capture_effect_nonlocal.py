# nonlocal writes in a captured closure: stores to the frame's free variables are side
# effects, replayed by the generated code (store_deref into the closure's cells) after
# the graph, with no graph break; reads after a store see the stored value (count is
# 2 at the return). count is read from its cell first, guarded by value, so the
# second call translates again; another closure of the same code whose cells pass the
# guards (count 0, a tensor total) uses the first entry and writes its own cells.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: step graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 outputs=2,2 calls=3 cache_hits=1
def make_counter():
    count = 0
    total = zeros(2)
    @capture
    def step(x):
        nonlocal count, total
        count += 1
        total = total + x
        count = count + 1
        return total * count
    def read():
        return count, total
    return step, read
step, read = make_counter()
print(step(tensor([1.0, 2.0])), read())
print(step(tensor([1.0, 2.0])), read())
other, read_other = make_counter()
print(other(tensor([0.5, 0.5])), read_other(), read())
