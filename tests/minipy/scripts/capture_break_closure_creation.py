# Creating functions (lambda, def) inside a captured frame is not captured in this
# stage: the frame runs eagerly and the closures work.
# explain: graphs=0 graph_breaks=2 ops=0 recompiles=0 frames_captured=0
# explain-frame: with_lambda graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: with_def graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-reason: with_lambda@9:
@capture
def with_lambda(x):
    f = lambda v, s=2: v * s
    return f(x) + 1
@capture
def with_def(x, k):
    def add_k(v):
        return v + k
    return add_k(x), add_k(k)
print(with_lambda(tensor([1, 2])), with_lambda(tensor([3, 4])))
print(with_def(tensor([1.0]), 2), with_def(tensor([1.0]), 2))
