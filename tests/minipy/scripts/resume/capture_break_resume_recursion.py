# A captured function calling itself deeper than the inline limit: the recursion cannot
# be inlined whole, so every frame breaks at its recursive call (no operation before
# it), the interpreter calls power(x, n - 1), a captured frame again, and the resume
# function multiplies by x (1 op, one code for every level). n = 20 is a constant entry;
# 19 makes n a symbol (automatic dynamic), whose entry (a graph of no operation
# computing n - 1) serves 19 down to 2; 1 is a constant again and inlines power(x, 0)
# whole (x * 0 + 1, times x: 3 ops). The second call hits every entry.
# explain: graphs=3 graph_breaks=2 ops=4 recompiles=2 frames_captured=4
# explain-frame: power graphs=2 unsupported=0 breaks=2 cache_entries=3 recompiles=2 ops=3 calls=40 cache_hits=37 graph_ops=0,3
# explain-frame: resume_in_power_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=38 cache_hits=37
# explain-reason: power@17: recursive call of function 'power' (not inlined whole: call of function 'power': inlining goes deeper than 16 calls
# explain-recompile: power: L['n']: 20 -> 19, now dynamic
@capture
def power(x, n):
    if n == 0:
        return x * 0 + 1
    return x * power(x, n - 1)
print(power(tensor([1, 2]), 20))
print(power(tensor([2, 1]), 20))
