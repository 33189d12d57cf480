# A graph break inside nested grad-mode with blocks whose instruction raises: the code
# at the break enters the blocks' context managers again around the instruction, and
# the exception must leave every one of them, innermost first, so grad mode is what it
# was before the outer block. shifted: x += row fails its shape rule in the trace (a
# graph break at it, graph 0: the getitem of the row) and raises when it runs; called
# again with floats of a fitting shape and k = 1 (recompile on L['k']), the loop is
# unrolled: graph 1, getitem and add twice. nested: for n = 5, risky() is inlined with
# its try block (10 // 5 folds to 2): graph 0 is x + 1, set_grad_enabled(False), the
# mul and set_grad_enabled(True) (the inner blocks' changes cancel out). For n = 0
# (recompile on L['n']) the folding of 10 // 0 fails, so the break is at the call of
# risky inside three blocks (graph: x + 1) and the call raises; again with grad mode
# off (recompile on grad mode).
# explain: graphs=5 graph_breaks=3 ops=11 recompiles=3 frames_captured=5
# explain-frame: shifted graphs=2 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=5 calls=2 cache_hits=0
# explain-frame: nested graphs=3 unsupported=0 breaks=2 cache_entries=3 recompiles=2 ops=6 calls=3 cache_hits=0
@capture
def shifted(xs, x, k):
    with grad_mode(k > 0):
        with enable_grad():
            for row in xs:
                x += row
    return x
def risky(n):
    try:
        r = 10 // n
    finally:
        pass
    return r
@capture
def nested(x, n):
    y = x + 1
    with no_grad():
        with enable_grad():
            with no_grad():
                y = y * risky(n)
    return y, is_grad_enabled()
try:
    shifted(tensor([[0.0, 0.5], [1.25, 1.0]]), tensor([4, -4, 4, 2]), -0.0)
except ValueError as e:
    print("error:", e)
print(is_grad_enabled())
print(shifted(tensor([[0.0, 0.5], [1.25, 1.0]]), tensor([4.0, -4.0]), 1))
print(is_grad_enabled())
print(nested(tensor([1.0, 2.0]), 5))
try:
    nested(tensor([1.0, 2.0]), 0)
except ZeroDivisionError as e:
    print("error:", e)
print(is_grad_enabled())
set_grad_enabled(False)
try:
    nested(tensor([1.0, 2.0]), 0)
except ZeroDivisionError as e:
    print("error:", e)
print(is_grad_enabled())
