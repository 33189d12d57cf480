# Mutations recorded before a graph break are replayed by the code at the break before
# the unsupported instruction runs, so it and the resume function see them: f's print
# sees the appended item, and its resume function reads the item and the attribute
# back from the frame. In g the break is inside the inlined record: both appends (g's
# and record's) are replayed before record's print. The lists grow, and their lengths
# are guarded, so the second call of each frame translates again.
# explain: graphs=8 graph_breaks=4 ops=14 recompiles=4 frames_captured=8
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_20 graphs=2 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: g graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-frame: resume_in_g_at_30_via_record_at_24 graphs=2 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-reason: f@20: print
# explain-reason: g@24: call of print() (in an inlined call: g line 30 > record line 24)
class Box:
    pass
@capture
def f(x, log, box):
    log.append(x + 1)
    box.v = x * 2
    print("seen", len(log))
    return log[-1] + box.v
def record(log, v):
    log.append(v.sum())
    print("inner", len(log))
    return v * 2
@capture
def g(x, log):
    y = x - 1
    log.append(y)
    return record(log, y) + len(log)
log = []
b = Box()
print(f(tensor([1.0, 2.0]), log, b), len(log), b.v)
print(f(tensor([3.0, 4.0]), log, b), len(log))
other = [0]
print(g(tensor([5.0]), other), other)
print(g(tensor([6.0]), other), len(other))
