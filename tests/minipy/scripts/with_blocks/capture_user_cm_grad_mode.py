# A user context manager that turns grad mode off in __enter__ and back in
# __exit__ (a hand-made no_grad): the inlined methods set the traced state, so the
# graph holds set_grad_enabled(False), the multiplication and
# set_grad_enabled(True) (3 ops), and is_grad_enabled() is folded to False inside
# and True after. The value saved in __enter__ lives on the object made in the trace.
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1
# explain-frame: k graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=3
class Mode:
    def __enter__(self):
        self.prev = is_grad_enabled()
        set_grad_enabled(False)
        return self
    def __exit__(self, a, b, c):
        set_grad_enabled(self.prev)
@capture
def k(x):
    with Mode():
        y = x * 2
        inside = is_grad_enabled()
    return y, inside, is_grad_enabled()
x = tensor([1.0, 2.0])
print(k(x))
print(k(x), is_grad_enabled())
