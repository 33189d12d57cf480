# Stances: under eager_on_recompile the first call translates f, the int tensor, which
# would be a recompile, runs eagerly, and the float tensor hits its entry again;
# force_eager runs every call eagerly and records none of them; back to default, the int
# tensor and the 2-d tensor each recompile (reasons: the dtype, then the shape after the
# int entry), and the int tensor hits. 2 ops a graph. A bad stance is an error, eagerly
# too. (fail_on_recompile raises where the eager run does not: tests/unit-runtime.cpp.)
# explain: graphs=3 graph_breaks=0 ops=6 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=6 cache_hits=2
# explain-recompile: f: L['x'] is a tensor f64[2], but got a tensor i64[2]
# explain-recompile: f: L['x'] is a tensor i64[2], but got a tensor f64[2, 1]
@capture
def f(x):
    return x * 2 + 1
a = tensor([1.0, 2.0])
b = tensor([1, 2])
c = tensor([[1.0], [2.0]])
set_stance("eager_on_recompile")
print(f(a), f(b), f(a))
set_stance("force_eager")
print(f(c), f(a))
set_stance("default")
print(f(b), f(c), f(b))
try:
    set_stance("fast")
except ValueError as e:
    print("ValueError", e)
try:
    set_stance(3)
except TypeError as e:
    print("TypeError", e)
