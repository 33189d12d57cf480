# Captured closures over tensors and a training-like update loop.
# explain: graphs=4 graph_breaks=0 ops=10 recompiles=1 frames_captured=4
# explain-frame: predict graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=1
# explain-frame: f graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=2
# explain-frame: sgd_step graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=7 inputs=3 outputs=1
def make_model(w):
    @capture
    def predict(x):
        return x @ w
    return predict
w = tensor([[1.0], [2.0]])
model = make_model(w)
print(model(tensor([[1.0, 1.0], [2.0, 0.5]])))
def make_scaled(scale):
    @capture(backend="verify")
    def f(x):
        return x * scale
    return f
double = make_scaled(2)
half = make_scaled(0.5)
print(double(tensor([1, 2])), half(tensor([1, 2])))
@capture
def sgd_step(w, x, y, lr):
    pred = x @ w
    err = pred - y
    grad = x.t() @ err / len(y)
    return w - grad * lr
x = tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
y = tensor([1.0, 2.0, 3.0])
params = zeros(2)
for i in range(20):
    params = sgd_step(params, x, y, 0.5)
print(params)
print(allclose(params, tensor([1.0, 2.0]), tol=0.05))
