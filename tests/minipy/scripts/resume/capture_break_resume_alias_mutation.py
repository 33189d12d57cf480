# A list (f) and a dict (g) live in two locals at a break are made once by the
# generated code and passed twice, so the resume function gets one object under two
# names. Tracing it builds one tracker for both, guarded as one object (L['lst'] is
# L['other']), so the mutation through the second name shows through the first: the
# returned list has two items and the returned dict two keys. The mutations (append;
# an item store) are side effects, replayed after the resume function's graph, with
# no graph break of their own. A call that passed two different lists would fail that
# guard and translate again.
# explain: graphs=3 graph_breaks=2 ops=3 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_20 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: g graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_27 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@20: print
# explain-reason: g@27: graph_break
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
