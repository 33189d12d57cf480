# A captured function calling itself: every level with n > 0 breaks at the recursive
# call (recursion is not inlined; x is on the stack), n is guarded, so n = 3, 2, 1, 0 are four entries (n=0 has
# no break: x * 0 + 1). The multiplication after the call is one resume code for every
# level, guarded on x and the callee's result: one translation, then hits.
# explain: graphs=2 graph_breaks=3 ops=3 recompiles=3 frames_captured=5
# explain-frame: power graphs=1 unsupported=0 breaks=3 cache_entries=4 recompiles=3 ops=2 calls=8 cache_hits=4
# explain-frame: resume_in_power_at_13 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=6 cache_hits=5
# explain-reason: power@13: recursive call of function 'power'
@capture
def power(x, n):
    if n == 0:
        return x * 0 + 1
    return x * power(x, n - 1)
print(power(tensor([2, 3]), 3))
print(power(tensor([1, 5]), 3))
