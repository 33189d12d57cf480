"""Reference counts and memory of captured calls: no leak and no early free.

Run by /usr/bin/python3.11 with the build's python/ directory on PYTHONPATH. Calls
captured functions 100,000 times each (a cache hit through the direct return, a cache
hit through the transformed code with a graph break and its resume function, a frame
lasso runs eagerly, a graph of nodes with keyword arguments, a tuple of arrays,
x.T and abs(), a graph of symbolic sizes: node arguments and an int computed on
each call, and list methods on a global list replayed after the graph with str
methods run at trace time) and checks that

* the arguments' reference counts (sys.getrefcount) are what they were before,
* a result is a new array each call whose only reference is the caller's,
* tracemalloc's traced memory grew by less than 64 KiB over the calls,
* and the results are the plain results.

It also marks 100,000 short-lived arrays with lasso.mark_dynamic: the table of marks
must forget each array when it dies (traced memory grows by less than 64 KiB).
"""

import sys
import tracemalloc

import numpy as np

import lasso

CALLS = 100_000


@lasso.capture
def whole(x, y):
    return np.tanh(x * y) + 1


@lasso.capture
def broken(x, y):
    z = x + y
    lasso.graph_break()
    return z * 2


@lasso.capture
def branchy(x, y):
    if x.sum() > 0:
        return x - y
    return y


@lasso.capture
def keywords(x, y):
    return abs(np.concatenate((x, y.T), axis=0)).sum(axis=0, keepdims=True)


@lasso.capture(dynamic=True)
def sized(x, y):
    n = x.shape[0]
    return np.zeros((n + 1, 2)).sum() + x * n + len(y)


LOG = []


@lasso.capture
def containers(x, y):
    LOG.append(y)
    parts = ["a", "b"]
    parts.extend(["c"])
    scale = {"A-B-C": 2.0}.get("-".join(parts).upper(), 1.0)
    LOG.append(LOG.pop())
    LOG.pop()
    return x * scale + len(LOG)


def check(fn, expected):
    x = np.arange(4.0)
    y = np.ones(4)
    # The first calls translate and fill the caches; counting starts after them.
    for _ in range(3):
        fn(x, y)
    before = (sys.getrefcount(x), sys.getrefcount(y))
    tracemalloc.start()
    start, _ = tracemalloc.get_traced_memory()
    for _ in range(CALLS):
        r = fn(x, y)
    end, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    after = (sys.getrefcount(x), sys.getrefcount(y))
    problems = []
    if before != after:
        problems.append(f"{fn.__name__}: argument refcounts {before} -> {after}")
    # getrefcount's own argument is one reference: `r` alone holds the result.
    if sys.getrefcount(r) != 2:
        problems.append(f"{fn.__name__}: the result has {sys.getrefcount(r) - 1} references, expected 1")
    if end - start >= 64 * 1024:
        problems.append(f"{fn.__name__}: traced memory grew by {end - start} bytes over {CALLS} calls")
    if r.tobytes() != expected(x, y).tobytes():
        problems.append(f"{fn.__name__}: result {r} differs from plain {expected(x, y)}")
    return problems


def check_marks():
    for _ in range(3):
        lasso.mark_dynamic(np.ones(3), 0)
    tracemalloc.start()
    start, _ = tracemalloc.get_traced_memory()
    for _ in range(CALLS):
        lasso.mark_dynamic(np.ones(3), 0)
    end, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    if end - start >= 64 * 1024:
        return [f"mark_dynamic: traced memory grew by {end - start} bytes over {CALLS} marks"]
    return []


def main():
    problems = []
    problems += check(whole, lambda x, y: np.tanh(x * y) + 1)
    problems += check(broken, lambda x, y: (x + y) * 2)
    problems += check(branchy, lambda x, y: x - y)
    problems += check(keywords, lambda x, y: abs(np.concatenate((x, y.T), axis=0)).sum(axis=0, keepdims=True))
    problems += check(sized, lambda x, y: np.zeros((5, 2)).sum() + x * 4 + 4)
    problems += check(containers, lambda x, y: x * 2.0 + 0)
    if LOG:
        problems.append(f"containers: LOG holds {len(LOG)} items after the calls, expected none")
    problems += check_marks()
    report = lasso.explain_json()
    for p in problems:
        print(p)
    print("ok" if not problems else f"{len(problems)} problems")
    return 1 if problems or '"graphs"' not in report else 0


if __name__ == "__main__":
    sys.exit(main())
