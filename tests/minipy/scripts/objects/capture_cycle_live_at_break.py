# A list and a dict that hold themselves, live at a graph break (print): the code at
# the break makes each empty and fills it (the dict's "l" is the list), and the resume
# function gets them as frame values, guarded on their layout (`L['l'][1] is L['l']`).
# k has no operation before the break (no graph); its resume function computes
# l[0] * 3 (1 graph, 1 op) and folds both identity tests. The second call hits both
# cache entries.
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=0 frames_captured=2
# explain-frame: k graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_k_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: k@17#LB0001: call of print()
@capture
def k(x):
    l = [x]
    l.append(l)
    d = {"l": l}
    d["d"] = d
    print("break")
    return l[0] * 3, l[1] is l, d["d"]["l"] is l, len(d)

print(k(tensor([2.0])))
print(k(tensor([4.0])))
