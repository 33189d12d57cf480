# with-blocks (builtin or user context managers) inside a captured frame run eagerly.
# explain: graphs=0 graph_breaks=2 ops=0 recompiles=0 frames_captured=0
# explain-frame: no_grad_inside graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: tagged graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-reason: no_grad_inside@16:
# explain-reason: tagged@22:
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
