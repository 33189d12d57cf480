# A two-layer perceptron of user objects: layer objects holding their weights, the
# model's method calling each layer's method (all inlined, read through `self`). One
# graph of 5 ops (matmul, add, tanh, matmul, add). Between steps the biases are replaced
# by new arrays of the same dtype and shape: the guards on `m.l1.b` and `m.l2.b` pass,
# no recompile; the graph reads the new arrays.
# explain: graphs=1 ops=5 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


class Linear:
    def __init__(self, w, b):
        self.w = w
        self.b = b

    def forward(self, x):
        return x @ self.w + self.b


class MLP:
    def __init__(self, l1, l2):
        self.l1 = l1
        self.l2 = l2

    def forward(self, x):
        return self.l2.forward(np.tanh(self.l1.forward(x)))


@lasso.capture
def run(model, x):
    return model.forward(x)


rng = np.random.default_rng(0)
model = MLP(Linear(rng.standard_normal((3, 4)), np.zeros(4)), Linear(rng.standard_normal((4, 2)), np.ones(2)))
x = rng.standard_normal((5, 3))
for step in range(4):
    out = run(model, x)
    print(step, out.shape, out.sum())
    model.l1.b = model.l1.b - 0.1
    model.l2.b = model.l2.b * 0.5
