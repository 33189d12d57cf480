# A model holding a list of layer objects, looped over in its method: the loop unrolls
# over the list's items (its length guarded), each layer's method inlined: 3 ops per
# layer (matmul, add, maximum), 9 for three layers. A layer's weights replaced by an
# array of the same shape pass the guards; a fourth layer appended fails the length
# guard: a recompile of 12 ops.
# explain: graphs=2 ops=21 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Linear:
    def __init__(self, w, b):
        self.w = w
        self.b = b

    def forward(self, x):
        return x @ self.w + self.b


class Stack:
    def __init__(self, layers):
        self.layers = layers

    def forward(self, x):
        for layer in self.layers:
            x = np.maximum(layer.forward(x), 0.0)
        return x


@lasso.capture
def run(model, x):
    return model.forward(x)


rng = np.random.default_rng(1)
sizes = [(3, 4), (4, 4), (4, 2)]
model = Stack([Linear(rng.standard_normal(s), rng.standard_normal(s[1])) for s in sizes])
x = rng.standard_normal((5, 3))
for step in range(3):
    print(step, run(model, x).round(6).tolist())
    model.layers[1].w = model.layers[1].w * 0.5
model.layers.append(Linear(np.eye(2), np.zeros(2)))
print(run(model, x).round(6).tolist())
