# try inside a no_grad() block: the raise goes to the try's handler, traced; each call is
# one graph: set_grad_enabled(False), mul, set_grad_enabled(True), add (4 ops; n = 1
# recompiles). A with block inside a try: n = 0 is one graph (set, mul, set: 3 ops);
# for n = 1 (recompile) the raise goes to the with block's handler, whose exceptional
# exit is not traced: a graph break at the raise (set, mul, set before it), whose
# resume function enters no_grad() again and starts at the raise with no graph, so it
# runs eagerly; the block's exit and the outer handler run in it.
# explain: graphs=4 graph_breaks=2 ops=14 recompiles=2 frames_captured=4
# explain-frame: try_in_with graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=8 calls=2 cache_hits=0
# explain-frame: with_in_try graphs=2 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=6 calls=2 cache_hits=0
# explain-frame: resume_in_with_in_try_at_29 graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=1 cache_hits=0
# explain-reason: with_in_try@29: raise statement
@capture
def try_in_with(x, n):
    with no_grad():
        try:
            if n > 0:
                raise IndexError
            y = x * 2
        except IndexError:
            y = x * 3
    return y + 1, is_grad_enabled()
@capture
def with_in_try(x, n):
    try:
        with no_grad():
            y = x * 2
            if n > 0:
                raise IndexError
    except IndexError:
        y = x * 5
    return y
print(try_in_with(tensor([1.0]), 0), try_in_with(tensor([1.0]), 1))
print(with_in_try(tensor([1.0]), 0), with_in_try(tensor([1.0]), 1), is_grad_enabled())
