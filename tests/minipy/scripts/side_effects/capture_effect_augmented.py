# Augmented assignments to items of a dict argument, to an attribute and to an item
# of a global dict: each reads the current value (the frame's, or the one stored
# before in the trace) and stores the result, a side effect. The global dict's float
# is read and guarded by value, so the second call translates again.
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=1 frames_captured=2
# explain-frame: tally graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=6 calls=2 cache_hits=0
totals = {"n": 0, "sum": 0.0}
@capture
def tally(x, counts, box):
    for i in range(3):
        counts["n"] += 1
        counts[i] = i * 2
    box.acc += x.sum()
    box.acc *= 2
    totals["sum"] += 1.5
    return counts["n"], box.acc
class Box:
    def __init__(self):
        self.acc = tensor(0.0)
counts = {"n": 1}
b = Box()
print(tally(tensor([1.0, 2.0]), counts, b), counts, b.acc, totals)
print(tally(tensor([3.0, 4.0]), {"n": 1}, b), b.acc, totals)
