# Three prints in sequence: three graph breaks, each resume function made from f's own
# code and capturing the next piece (x + 1 | a * 2 | b - a | return). Only the locals
# still needed are passed on (x is dead after the first piece). The second call hits
# every cache entry.
# explain: graphs=3 graph_breaks=3 ops=3 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_18 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_20 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@16: print
# explain-reason: resume_in_f_at_16@18: print
# explain-reason: resume_in_f_at_18@20: print
@capture
def f(x):
    a = x + 1
    print("one")
    b = a * 2
    print("two")
    c = b - a
    print("three")
    return c
print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0])))
