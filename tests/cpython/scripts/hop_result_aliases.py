# while_loop and cond may return the very arrays they were given (a loop that makes no
# pass returns its carried tuple; a branch may return its operand), so a later in-place
# write to one of those arrays is a graph break and the result shows the write exactly
# when plain Python's does. f: graph 1 is the while_loop node and the getitems of the
# counter and the accumulator (3 ops; a getitem is kept though unused); `x += 1`
# breaks; the resume function's graph is `r * 2` (1 op). g: graph 1 is the cond node and its getitem
# (2 ops); `y -= 1` breaks; the resume graph is `r + 0` (1 op). The second calls hit
# both caches. Subgraphs: gt, sub, mul (while_loop); neg (cond's false branch; the true
# branch returns its operand, no op): 4.
# explain: graphs=4 ops=7 graph_breaks=2 recompiles=0 frames_captured=4 subgraph_ops=4
# explain-reason: may share memory
import numpy as np

import lasso


def body(n, acc):
    return (n - 1, acc * 2)


def check(n, acc):
    return n > 0


@lasso.capture
def f(x, n):
    _, r = lasso.while_loop(check, body, (n, x))
    x += 1
    return r * 2


def same(a):
    return (a,)


def negated(a):
    return (-a,)


@lasso.capture
def g(y, p):
    (r,) = lasso.cond(p, same, negated, (y,))
    y -= 1
    return r + 0


x = np.array([1.0, 2.0])
print(f(x, np.array(0)), x)
x = np.array([1.0, 2.0])
print(f(x, np.array(2)), x)
y = np.array([3.0, 4.0])
print(g(y, np.array(True)), y)
y = np.array([3.0, 4.0])
print(g(y, np.array(False)), y)
