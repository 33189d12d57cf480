# Branching on a tensor value (if/while/and/bool()) cannot be captured in this stage:
# the frame runs eagerly; the eager entry keeps the guards seen before the branch.
# explain: graphs=0 graph_breaks=5 ops=0 recompiles=1 frames_captured=0
# explain-frame: clip_if_big graphs=0 unsupported=2 cache_entries=2 recompiles=1
# explain-frame: halve_until_small graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: sum_or_input graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: positive_max graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-reason: clip_if_big@15: branch on a tensor
# explain-reason: halve_until_small@21: branch on a tensor
# explain-reason: sum_or_input@27: tensor
# explain-reason: positive_max@30:
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
