# A list extended before and after a break: in f the list is made during tracing, so
# `out += [...]` changes only its tracker; after the print it is a value from the frame
# (a parameter of the resume function), so `+=` and append on it are side effects,
# replayed after the resume function's graph (x - 1, x / 2) as one slice assignment
# (out[2:] = [...]), with no graph break. The list returned has all four tensors.
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 outputs=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 outputs=2 calls=2 cache_hits=1
# explain-reason: f@17: print
#
#
#
@capture
def f(x):
    out = [x + 1]
    out += [x * 2]
    print("mid", len(out))
    out += [x - 1]
    out.append(x / 2)
    return out
print(f(tensor([1.0, 2.0])))
print(f(tensor([4.0, 8.0])))
