# Closures made outside the trace are inlined: their free variables are read from the
# function's closure cells, guarded through the function's source
# (G['scale'].__closure__[0].cell_contents == 2.0), and a tensor in a cell is a graph
# input the generated code reloads from there. A changed cell (set_s) recompiles; the
# resume function of g inlines the closure as well. A graph break inside an inlined
# closure (noisy's print) is a break at its call instead: the closure runs in the
# interpreter, since a resume function of it would need its cells.
# explain: graphs=5 graph_breaks=2 ops=10 recompiles=1 frames_captured=6
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=6 calls=3 cache_hits=1
# explain-frame: g graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_34 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: h graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_h_at_45 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-reason: g@34: print
# explain-reason: h@45: call of function 'noisy' (not inlined: call of print(), line 38)
def make_scale(s, shift):
    def scale(v):
        return v * s + shift
    def set_s(value):
        nonlocal s
        s = value
    return scale, set_s
scale, set_s = make_scale(2.0, tensor([1.0, -1.0]))
def make_counter_reader(counts):
    def read(key):
        return counts[key]
    return read
read = make_counter_reader({"a": 3})
@capture
def f(x):
    return scale(x) + read("a")
@capture
def g(x):
    print("breaks in the caller")
    return scale(x)
def make_noisy(k):
    def noisy(v):
        print("noisy", k)
        return v + k
    return noisy
noisy = make_noisy(4)
@capture
def h(x):
    y = x * 2
    return noisy(y) + 1
x = tensor([1.0, 2.0])
print(f(x))
print(f(x * 2.0))
set_s(5.0)
print(f(x))
print(g(x), g(x))
print(scale.__closure__[0].cell_contents)
print(h(x))
