# A lambda and a new list stored as attributes of an argument object: the generated
# code makes them (make_function of the lambda's code; the list with the graph's
# x + 1.0) and stores them; the call through the attribute in the trace inlines the
# lambda. Nothing stored is read from the frame, so the second call hits.
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1
# explain-frame: install graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 outputs=2 calls=2 cache_hits=1
class Holder:
    pass
@capture
def install(h, x):
    h.fn = lambda v: v * 3.0
    h.data = [x, x + 1.0]
    return h.fn(x) + h.data[1]
h = Holder()
print(install(h, tensor([1.0])))
print(h.fn(tensor([2.0])), h.data[0], h.data[1])
print(install(h, tensor([2.0])), h.fn(2))
