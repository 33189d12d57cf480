# A two-layer classifier with a softmax head: matmul, add, maximum, matmul, add, then the
# softmax's max, sub, exp, sum, truediv along axis 1 (10 ops in one graph). Two batches of
# the same shape: one translation, one cache hit.
# explain: graphs=1 ops=10 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def classify(x, w1, b1, w2, b2):
    h = np.maximum(x @ w1 + b1, 0.0)
    logits = h @ w2 + b2
    e = np.exp(logits - np.max(logits, axis=1, keepdims=True))
    return e / np.sum(e, axis=1, keepdims=True)


w1 = np.array([[0.5, -1.0, 0.25], [1.0, 0.5, -0.5]])
b1 = np.array([0.1, 0.0, -0.1])
w2 = np.array([[1.0, -1.0], [0.5, 0.5], [-0.25, 2.0]])
b2 = np.array([0.0, 0.5])
print(classify(np.array([[1.0, 2.0], [-1.0, 0.5]]), w1, b1, w2, b2))
print(classify(np.array([[0.0, 0.0], [3.0, -2.0]]), w1, b1, w2, b2))
