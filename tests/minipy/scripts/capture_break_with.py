# with-blocks (builtin or user context managers) inside a captured frame: making the
# context manager (a call of no_grad() or of a class) is a graph break, and so is
# BEFORE_WITH in its resume function; the with body is covered by the exception table,
# so the second resume function (same line, so same name as the first) runs eagerly.
# explain: graphs=0 graph_breaks=6 ops=0 recompiles=0 frames_captured=4
# explain-frame: no_grad_inside graphs=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: tagged graphs=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: no_grad_inside@23: no_grad
# explain-reason: resume_in_no_grad_inside_at_23@23: before_with
# explain-reason: resume_in_no_grad_inside_at_23@23: with block
# explain-reason: tagged@29: class 'Tag'
# explain-reason: resume_in_tagged_at_29@29: before_with
# explain-reason: resume_in_tagged_at_29@29: with block
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
