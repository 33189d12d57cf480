# A graph break inside an inlined call: graph 0 holds what came before it in both
# frames (relu and the + 1.0 in helper); the resume function holds the rest of helper
# and of f together (* 2.0 and - x).
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=0 frames_captured=2
def helper(h):
    h = h + 1.0
    print("inside helper")
    return h * 2.0

@capture
def f(x):
    y = relu(x)
    return helper(y) - x

print(f(tensor([-1.0, 2.0])))
