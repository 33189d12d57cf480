# A call made as a statement whose result nothing reads (allclose needs tensor values
# at trace time: a graph break). The code at the break pops the result itself, so the
# resume function does not take it and is not guarded on it: allclose gives True on
# the first call and False on the second, and the second call is a cache hit.
# dropped: x + y, break, a * 2 (1 op each side).
# kept: the same result stored into a local is an argument of the resume function,
# guarded by value (bools stay constants): the second call recompiles it (2 entries,
# a * 2 in each).
# in_block: the dropped result inside a no_grad() block. The resume function enters
# the block again and takes the grad mode the call left (False, guarded), not the
# result: 4 ops (set False, a * 3, set True, b - 1) and a hit.
# in_loop: the dropped result inside a for loop over a list argument; the list
# iterator stays on the stack below it. in_loop computes total (y * 0) and breaks at
# the first allclose; resume_in_in_loop_at_58 adds x (1 op) and breaks at the
# for_iter on the iterator made outside its trace; the code at that break runs it:
# the next item goes to resume_in_in_loop_at_57 (stores x; no op), which breaks at
# allclose into resume_in_in_loop_at_58 again; the exhausted loop jumps to
# resume_in_in_loop_at_60 (returns total; no op). Per call: at_58 twice, each other
# frame once; the four allclose results (True False, False True) never recompile.
# explain: graphs=9 graph_breaks=6 ops=12 recompiles=1 frames_captured=11
# explain-frame: dropped graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_dropped_at_40 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: kept graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_kept_at_45 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: in_block graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_in_block_at_51 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 calls=2 cache_hits=1
# explain-frame: in_loop graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_in_loop_at_58 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=4 cache_hits=3
# explain-frame: resume_in_in_loop_at_57 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_in_loop_at_60 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: dropped@40: allclose
# explain-reason: kept@45: allclose
# explain-reason: in_block@51: allclose
# explain-reason: in_loop@58: allclose
# explain-reason: resume_in_in_loop_at_58@57: for_iter
# explain-reason: resume_in_in_loop_at_57@58: allclose
@capture
def dropped(x, y):
    a = x + y
    allclose(a, y)
    return a * 2
@capture
def kept(x, y):
    a = x + y
    r = allclose(a, y)
    return a * 2, r
@capture
def in_block(x, y):
    a = x + y
    with no_grad():
        allclose(a, y)
        b = a * 3
    return b - 1
@capture
def in_loop(xs, y):
    total = y * 0
    for x in xs:
        allclose(x, y)
        total = total + x
    return total
x = tensor([1.0, 2.0])
y = tensor([0.0, 0.0])
z = tensor([3.0, 4.0])
print(dropped(y, y), dropped(x, y))
print(kept(y, y), kept(x, y))
print(in_block(y, y), in_block(x, y))
print(in_loop([y, x], y), in_loop([z, y], y))
