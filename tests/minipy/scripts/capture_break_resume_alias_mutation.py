# A list (f) and a dict (g) live in two locals at a break are made once by the
# generated code and passed twice, so the mutation through the second name after the
# break (append; an item store, each a break of its own) shows through the first: the
# returned list has two items and the returned dict two keys.
# explain: graphs=3 graph_breaks=4 ops=3 recompiles=0 frames_captured=6
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_20 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_21 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: g graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_27 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_29 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@20: print
# explain-reason: resume_in_f_at_20@21: append
# explain-reason: g@27: graph_break
# explain-reason: resume_in_g_at_27@28: assignment to an item
@capture
def f(x):
    lst = [x * 2]
    other = lst
    print("mid")
    other.append(x + 1)
    return lst, len(lst)
@capture
def g(x):
    d = {"a": x}
    e = d
    graph_break()
    e["b"] = x * 3
    return d
print(f(tensor([1, 2])))
print(f(tensor([3, 4])))
print(g(tensor([1.0])))
print(g(tensor([2.0])))
