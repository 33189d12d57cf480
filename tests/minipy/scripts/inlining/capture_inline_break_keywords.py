# A helper called with keyword arguments and defaults, whose print takes a keyword
# argument too (its keyword names are written again before the call at the break).
# Called twice: the second call's break is inside the first resume function.
# explain: graphs=3 graph_breaks=2 ops=9 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16_via_report_at_12 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=4 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17_via_report_at_12 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-reason: f@12: call of print() (in an inlined call: f line 16 > report line 12)
# explain-reason: resume_in_f_at_16_via_report_at_12@12: call of print() (in an inlined call: resume_in_f_at_16_via_report_at_12 line 17 > report line 12)
def report(v, label="value", scale=1.0):
    total = v.sum() * scale
    print(label, "done", sep=": ")
    return v * scale + total
@capture
def f(x):
    a = report(x, scale=2.0)
    b = report(label="again", v=x)
    return a + b
print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0])))
