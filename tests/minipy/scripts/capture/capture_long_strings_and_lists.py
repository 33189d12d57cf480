# Long strings and lists in a trace stay cheap to capture and readable in reports.
# Iterating over a string longer than a loop may unroll (100,000 characters by
# default) is a graph break, as for a long range, instead of one traced constant per
# character. A reason or guard that names a long string shows its first 60 characters
# and its length. A value whose rebuilding would take more than 65,536 instructions
# (a list of 80,000 ints live at graph_break()) is not rebuilt: the break is not made
# and the frame runs eagerly.
# first_char: "abc" is captured whole (x + 1); the long string recompiles (guard on s)
# and breaks at the loop with no ops; the resume at the loop's first step gets an
# iterator made outside its trace and breaks there; the next resume, on the first
# character, compiles x + 1 (both resume functions are named after line 3).
# compare: x * 2, then a graph break at the comparison, which raises TypeError in
# the code at the break (its resume function is never called).
# keep_list: runs eagerly, its second call a cache hit on the eager entry.
# explain: graphs=3 graph_breaks=4 ops=3 recompiles=1 frames_captured=5
# explain-unlisted: the two resume functions of first_char share a name
# explain-frame: first_char graphs=1 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=1 calls=2 cache_hits=0
# explain-frame: compare graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: keep_list graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: first_char@25: a string of 120000 characters is too long to unroll
# explain-reason: compare@33: comparison '<' of 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (70 characters) and 0
# explain-reason: keep_list@44: rebuilding the values live at the break or returned would take more than 65536 instructions
@capture
def first_char(x, s):
    for ch in s:
        return x + 1, ch
    return x, ""
print(first_char(tensor([1.0, 2.0]), "abc"))
print(first_char(tensor([1.0, 2.0]), "b" * 120000))
@capture
def compare(x, s):
    y = x * 2
    if s < 0:
        y = y + 1
    return y
try:
    compare(tensor([1.0]), "x" * 70)
except TypeError as e:
    print("TypeError:", e)
@capture
def keep_list(x):
    l = [1] * 40000
    l = l + l
    graph_break()
    return x + len(l)
print(keep_list(tensor([1.0])))
print(keep_list(tensor([2.0])))
