# Branching on a tensor value (if/while/and/bool()) is a graph break: the graph up to
# the branch is compiled, the generated code does the jump and each target continues
# in a resume function of its own. The while loop breaks on every test: the body
# resumes in the same resume code, with n = 0, 1, 2, 3: 0 and 1 are constants, 2 makes n
# a symbol (it changed: automatic dynamic), and 3 hits that entry.
# `x.sum() and x` resumes on the same line on both sides (two frames of one name).
# bool(t) breaks at the call; its resume function is guarded on the bool it receives.
# explain: graphs=12 graph_breaks=8 ops=31 recompiles=5 frames_captured=16
# explain-frame: clip_if_big graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-frame: resume_in_clip_if_big_at_27 graphs=2 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_clip_if_big_at_28 graphs=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-frame: halve_until_small graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=5 calls=1
# explain-frame: resume_in_halve_until_small_at_33 graphs=3 breaks=3 cache_entries=3 recompiles=2 ops=18 graph_ops=6,6,6 calls=4 cache_hits=1
# explain-frame: resume_in_halve_until_small_at_35 graphs=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-frame: sum_or_input graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: positive_max graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_positive_max_at_41 graphs=2 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-reason: clip_if_big@26: branch on a tensor
# explain-reason: halve_until_small@32: branch on a tensor
# explain-reason: resume_in_halve_until_small_at_33@32: branch on a tensor
# explain-reason: sum_or_input@38: tensor
# explain-reason: positive_max@41:
@capture
def clip_if_big(x):
    s = x.sum()
    if s:
        return x * 0.5
    return x
@capture
def halve_until_small(x):
    n = 0
    while (x.abs().max() - 1.0).relu().sum():
        x = x / 2
        n = n + 1
    return x, n
@capture
def sum_or_input(x):
    return x.sum() and x
@capture
def positive_max(x):
    if bool(x.max()):
        return x.max()
    return x.sum()
print(clip_if_big(tensor([1.0, 2.0, 3.0])))
print(clip_if_big(tensor([-1.0, 0.0, 1.0])))
print(clip_if_big(tensor([1.0, 2.0])))
print(halve_until_small(tensor([3.0, -10.0])))
print(sum_or_input(tensor([1, -1])), sum_or_input(tensor([1, 1])))
print(positive_max(tensor([0, -3])), positive_max(tensor([2, 5])))
