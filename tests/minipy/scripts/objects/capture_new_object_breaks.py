# An object made in captured code and live at two graph breaks. At the first print the
# generated code builds it (a bare Acc whose total is the graph's x * 0 + x); the resume
# function gets that real object, and its store to acc.total (x * 2 added) is a side
# effect on a frame value, replayed before the second print; the last resume function
# adds x * 3 and returns the total and the object, the one built at the first break.
# 2 ops per graph. The second call hits every cache entry.
# explain: graphs=3 graph_breaks=2 ops=6 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_20 graphs=1 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_22 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@20: print
# explain-reason: resume_in_f_at_20@22: print
class Acc:
    def __init__(self, t):
        self.total = t
@capture
def f(x):
    acc = Acc(x * 0)
    acc.total = acc.total + x
    print("step 1")
    acc.total = acc.total + x * 2
    print("step 2")
    acc.total = acc.total + x * 3
    return acc.total, acc
t, a = f(tensor([1.0, 2.0]))
print(t, a.total is t)
t2, a2 = f(tensor([1.0, 1.0]))
print(t2, a2 is a, a.total)
