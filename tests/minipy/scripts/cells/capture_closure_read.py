# Free variables of a captured closure are read through its cells: a changed constant
# recompiles, another closure of the same code with the same guards shares the entry
# and reads its own cells.
# explain: graphs=4 graph_breaks=0 ops=8 recompiles=3 frames_captured=4
# explain-frame: apply graphs=4 unsupported=0 cache_entries=4 recompiles=3 ops=8
def make(scale, bias):
    @capture
    def apply(x):
        return x * scale + bias
    def set_scale(s):
        nonlocal scale
        scale = s
    return apply, set_scale
apply, set_scale = make(2, tensor([1.0, -1.0]))
x = tensor([1.0, 2.0])
print(apply(x))
print(apply(x * 3.0))
set_scale(5)
print(apply(x))
set_scale(2)
print(apply(x))
apply2, set2 = make(2, tensor([0.0, 0.0]))
print(apply2(x))
apply3, set3 = make(2, tensor([5, 5]))
print(apply3(x))
set3(5)
print(apply3(x), apply(x))
