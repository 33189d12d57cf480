# A print inside a dict display: keys and values alternate on the stack ("a", x * 2,
# "b"). The third key is the argument name, read only after the break: f's entry serves
# every name, the resume function is guarded on it and translates again for "d".
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_10 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-reason: f@10: print
@capture
def f(x, name):
    return {"a": x * 2, "b": print("m"), name: x + 1}
x = tensor([1, 2])
print(f(x, "c"))
print(f(x * 3, "c"))
print(f(x, "d"))
