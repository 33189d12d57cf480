# item(), tolist() and allclose() need tensor values at trace time: each is a graph
# break. The graph before it is compiled (x * 2 and sum; x + 1; a * 2), the call runs
# in the interpreter, and its Python result is the argument of the resume function.
# item() gives 20 then 40: the second int makes the resume function's argument a
# symbol (automatic dynamic), and its + 1 is a graph with no operations. allclose()
# gives True then False, guarded by value (bools stay constants): two translations, no
# graph (the bool is returned as it is). tolist()'s list is returned unread, guarded by
# type alone, so [[2, 3], [4, 5]] then [[1, 2], [3, 4]] is one translation and a hit.
# explain: graphs=4 graph_breaks=3 ops=4 recompiles=2 frames_captured=8
# explain-frame: total_item graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_total_item_at_21 graphs=1 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=0
# explain-frame: as_list graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_as_list_at_24 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: close graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_close_at_27 graphs=0 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-reason: total_item@21: item
# explain-reason: as_list@24: tolist
# explain-reason: close@27: allclose
@capture
def total_item(x):
    return (x * 2).sum().item() + 1
@capture
def as_list(x):
    return (x + 1).tolist()
@capture
def close(a, b):
    return allclose(a * 2, b)
x = tensor([[1, 2], [3, 4]])
print(total_item(x), total_item(x * 2))
print(as_list(x), as_list(x - 1))
print(close(tensor([1.0, 2.0]), tensor([2.0, 4.0])), close(tensor([1.0, 2.0]), tensor([2.0, 5.0])))
