# with-blocks inside a captured frame. A no_grad() block is captured: entering and
# leaving it are graph nodes (set_grad_enabled(False), set_grad_enabled(True)) around
# the multiplication, so no_grad_inside is one graph of 4 ops (set, mul, set, add),
# and is_grad_enabled() is folded (False inside, True after). Tag's __enter__ prints,
# so it cannot be inlined: the break is at BEFORE_WITH, where the Tag() made in the
# trace is live and built by the generated code (a bare Tag: it has no attributes);
# the resume function starts inside the with body, which is covered by the exception
# table, and traces x - 1 (1 op); the __exit__ that before_with left on the stack (a
# bound method of the frame) is inlined at the block's end, and its print is a graph
# break inside that call: the nested resume function after it returns the value.
# explain: graphs=2 graph_breaks=2 ops=5 recompiles=0 frames_captured=4
# explain-frame: no_grad_inside graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=4
# explain-frame: tagged graphs=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_tagged_at_33 graphs=1 unsupported=0 breaks=1 cache_entries=1 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_tagged_at_33_via___exit___at_23 graphs=0 unsupported=0 breaks=0 cache_entries=1 calls=2 cache_hits=1
# explain-reason: tagged@33: with block of a 'Tag' object made during tracing
# explain-reason: resume_in_tagged_at_33@23: call of print() (in an inlined call: resume_in_tagged_at_33 line 33 > __exit__ line 23)
class Tag:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, a, b, c):
        print("exit")
        return False
@capture
def no_grad_inside(x):
    with no_grad():
        y = x * 2
        g = is_grad_enabled()
    return y + 1, g, is_grad_enabled()
@capture
def tagged(x):
    with Tag():
        return x - 1
x = tensor([1.0, 2.0])
print(no_grad_inside(x), no_grad_inside(x))
print(tagged(x))
print(tagged(x), is_grad_enabled())
