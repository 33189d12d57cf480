# Containers that hold themselves, read in the trace: len(), indexing through the
# cycle and == of a list with itself (an item equals itself without a look inside)
# fold to constants; `l in l` is a graph break (LB0012: `in` on values unknown at trace
# time, here a tensor), and the resume function gets l, guarded on its layout; str()
# of a list is a graph break too, and the interpreter prints the cycle as [...].
# reads: no graph before the break; its resume function: x * 8 (1 op). text: no graph
# before the break; its resume function: x + 1 (1 op).
# explain: graphs=2 graph_breaks=2 ops=2 recompiles=0 frames_captured=4
# explain-frame: reads graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1
# explain-frame: resume_in_reads_at_23 graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=1 calls=1
# explain-frame: text graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1
# explain-frame: resume_in_text_at_30 graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=1 calls=1
# explain-reason: reads@23#LB0012: 'in' or index() on a sequence
# explain-reason: text@30#LB0012: call of str() on a list
@capture
def reads(x):
    l = [x, 2]
    l.append(l)
    d = {"a": 1}
    d["me"] = d
    n = len(l) + len(d) + len(l[2][2])
    same = l == l and d["me"]["me"] is d
    has = l in l
    return x * n, same, has, l[2][2][1]

@capture
def text(x):
    l = [1]
    l.append(l)
    s = str(l)
    return x + 1, s

print(reads(tensor([1.0])))
print(text(tensor([1.0])))
