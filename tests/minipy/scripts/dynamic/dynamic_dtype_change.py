# A dtype change is an ordinary recompile: the dimension already marked dynamic stays
# so, and the new entry is symbolic at once.
# explain: graphs=3 graph_breaks=0 ops=3 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=5 cache_hits=2
# explain-guard: f: tensor L['x']: i64[s0]
# explain-guard: f: tensor L['x']: f64[s0]
@capture
def f(x):
    return x + x
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([1.5, 2.5])))
print(f(tensor([1.5, 2.5, 3.5, 4.5])))
print(f(tensor([7, 8, 9, 10])))
