# A graph break inside an enable_grad() block of a function called under no_grad():
# the graph ends with the block left (back to False) and the resume function enters it
# again (set True, add, set False: 3 ops; f: set True, mul, set False: 3 ops). Called
# again in grad mode True, both recompile once, and every setter sets what is set
# already (one op each).
# explain: graphs=4 graph_breaks=2 ops=8 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=3,1
# explain-frame: resume_in_f_at_14 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=3,1
# explain-reason: f@14: call of print()
@capture
def f(x):
    with enable_grad():
        y = x * 2
        print("inside", is_grad_enabled())
        y = y + 1
    return y, is_grad_enabled()


x = tensor([1.0, 2.0])
with no_grad():
    print(f(x), is_grad_enabled())
    print(f(x), is_grad_enabled())
print(f(x), is_grad_enabled())
