# A captured function calling itself: every level with n > 0 breaks at the recursive
# call (recursion is not inlined; x is on the stack). n = 3 is a constant; n = 2 makes it
# a symbol (it changed: automatic dynamic), whose entry computes n - 1 for the call in a
# graph with no operations; n = 1 and n = 0 are constants again (0 and 1 are
# specialized): four entries (n = 0 has no break: x * 0 + 1). The second top-level call
# hits all four. The multiplication after the call is one resume code for every level,
# guarded on x and the callee's result: one translation, then hits.
# explain: graphs=3 graph_breaks=3 ops=3 recompiles=3 frames_captured=5
# explain-frame: power graphs=2 unsupported=0 breaks=3 cache_entries=4 recompiles=3 ops=2 calls=8 cache_hits=4 graph_ops=0,2
# explain-frame: resume_in_power_at_16 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=6 cache_hits=5
# explain-reason: power@16: recursive call of function 'power'
@capture
def power(x, n):
    if n == 0:
        return x * 0 + 1
    return x * power(x, n - 1)
print(power(tensor([2, 3]), 3))
print(power(tensor([1, 5]), 3))
