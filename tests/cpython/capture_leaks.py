"""Reference counts and memory of captured calls: no leak and no early free.

Run by /usr/bin/python3.11 with the build's python/ directory on PYTHONPATH. Calls
captured functions 100,000 times each (a cache hit through the direct return, a cache
hit through the transformed code with a graph break and its resume function, a frame
lasso runs eagerly, a graph of nodes with keyword arguments, a tuple of arrays,
x.T and abs(), a graph of symbolic sizes: node arguments and an int computed on
each call, and list methods on a global list replayed after the graph with str
methods run at trace time; user objects: an instance made in the trace, a method
inlined, an attribute stored on an object of the caller's, an instance returned; a
graph break in a function with a cell and a closure; with blocks: a manager made in the
trace, a global manager's block open across a graph break (its bound __exit__ passed
to the resume function), and a graph that raises inside a block whose __exit__
swallows the exception, so that the frame runs again as plain Python; in-place
operators writing into an argument and into an array of the trace, with and without a
graph break after the write; subscripts, slices, astype and dtype= keywords, with
sizes, and a view returned; the higher-order operators cond, while_loop and map_rows
in one graph, with a comptime call; calls of instances (one of the caller's, one made in
the trace), a staticmethod, a property, bool(o) and a positional dtype;
exceptions: raised and caught in the trace with a finally,
a handler entered with a KeyError raised at a graph break (its traceback holds
frames), a raised exception kept by the caller (made in the interpreter), and a with
block whose __exit__ swallows an exception raised at a graph break; raises traced
through with blocks: suppressed by __exit__, passed by an __exit__(self, *exc) to a
try of the same function, and one whose __exit__ reads the exception, a break moved
to the raise) and checks that

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


@lasso.capture
def cells(x, y):
    z = x + y

    def add_z(v):
        return v + z

    lasso.graph_break()
    return add_z(y) * 2


class Layer:
    def __init__(self, w, b):
        self.w = w
        self.b = b

    def forward(self, x):
        return x * self.w + self.b


class Pair:
    def __init__(self, a, b):
        self.a = a + b
        self.b = a * b


layer = Layer(np.full(4, 2.0), np.ones(4))


@lasso.capture
def objects(x, y):
    p = Pair(x, y)
    layer.seen = y
    return layer.forward(p.a) - p.b


@lasso.capture
def made(x, y):
    return Pair(x, y)


class Scale:
    def __init__(self, k):
        self.k = k

    def __call__(self, v):
        return v * self.k

    def __len__(self):
        return 2

    @staticmethod
    def shift(v):
        return v + 1


class Scaled:
    def __init__(self, k):
        self.k = k

    @property
    def double(self):
        return self.k * 2


scale = Scale(3.0)
scaled = Scaled(0.5)


@lasso.capture
def called(x, y):
    z = scale(x) + Scale(2.0)(y) + np.zeros(4, np.float32) * bool(scale)
    return scale.shift(z) * scaled.double


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


@lasso.capture
def indexed(x, y):
    return x[1:] * y[:-1] + x[..., 0] + x[None, -1][0] + x.astype(np.float32).sum(dtype=np.float64)


@lasso.capture(dynamic=True)
def sliced(x, y):
    n = x.shape[0]
    return x[None, :].sum(axis=0) + x[: n // 2].sum(dtype="float64") + y[n - 1]


@lasso.capture
def viewed(x, y):
    return x[1:]


class Doubled:
    def __init__(self, w):
        self.w = w

    def __enter__(self):
        return self.w * 2

    def __exit__(self, exc_type, exc, tb):
        return False


class Gate:
    def __init__(self):
        self.state = "closed"

    def __enter__(self):
        self.state = "open"
        return self

    def __exit__(self, exc_type, exc, tb):
        self.state = "closed"
        return True


gate = Gate()


@lasso.capture
def with_made(x, y):
    with Doubled(y) as w2:
        z = x * w2
    return z + 1


@lasso.capture
def with_break(x, y):
    with gate as g:
        z = x + y
        lasso.graph_break()
        z = z * len(g.state)
    return z


@lasso.capture
def with_swallowed(x, y):
    z = x + y
    with gate:
        z = x / (y - 1)
    return z * 2


@lasso.capture
def written(x, y):
    x += y
    x -= y
    t = x * 2
    t += y
    return t


@lasso.capture
def written_break(x, y):
    x += y
    lasso.graph_break()
    x -= y
    return x + 0


def _comptime_noop(ctx):
    ctx.get_local("x")


@lasso.capture
def higher(x, y):
    lasso.comptime(_comptime_noop)
    r = lasso.cond(x.sum() > 0, lambda a, b: a + b, lambda a, b: a - b, (x, y))
    (acc,) = lasso.while_loop(lambda a: a.sum() < 100, lambda a: (a * 2,), (r,))
    return lasso.map_rows(lambda row: row * 2, acc.reshape(2, 2), ()).reshape(4)


@lasso.capture
def raised_caught(x, y):
    z = x + y
    try:
        raise KeyError("k")
    except LookupError:
        z = z * 2
    finally:
        z = z - 1
    return z


EMPTY = {}


@lasso.capture
def outside_handler(x, y):
    z = x * y
    try:
        z = z + EMPTY["missing"]
    except KeyError:
        z = z + 3
    return z


KEPT = [None]


@lasso.capture
def raised_kept(x, y):
    # No local holds the result: the kept exception's traceback keeps this frame (in
    # plain CPython too) and with it the frame's locals.
    try:
        raise ValueError("kept")
    except ValueError as e:
        KEPT[0] = e
    return (x - y) * 3


@lasso.capture
def with_outside_swallowed(x, y):
    z = x + y
    with gate:
        z = z + EMPTY["missing"]
    return z * 2


class Closing:
    def __init__(self):
        self.state = "closed"

    def __enter__(self):
        self.state = "open"
        return self

    def __exit__(self, *exc):
        self.state = "closed"
        return False


class Reader:
    def __init__(self):
        self.last = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.last = str(exc)
        return True


closing = Closing()
reader = Reader()


@lasso.capture
def with_raised_swallowed(x, y):
    z = x + y
    with gate:
        z = z * 2
        raise ValueError("swallowed")
    return z - 1


@lasso.capture
def with_raised_in_try(x, y):
    z = x - y
    try:
        with closing:
            z = z * 3
            raise KeyError("k")
    except KeyError:
        z = z + 1
    return z


@lasso.capture
def with_raised_read(x, y):
    z = x * y
    with reader:
        raise ValueError("read")
    return z


def check_with_exits():
    """Raises traced through with blocks: the managers' references unchanged, their
    blocks closed (__exit__ ran), the exception's text read by the real __exit__."""
    problems = []
    x, y = np.arange(4.0), np.ones(4)
    for fn in (with_raised_swallowed, with_raised_in_try, with_raised_read):
        fn(x, y)  # the translations keep the guarded globals
    refs = tuple(sys.getrefcount(m) for m in (gate, closing, reader))
    problems += check(with_raised_swallowed, lambda x, y: (x + y) * 2 - 1)
    problems += check(with_raised_in_try, lambda x, y: (x - y) * 3 + 1)
    problems += check(with_raised_read, lambda x, y: x * y)
    after = tuple(sys.getrefcount(m) for m in (gate, closing, reader))
    if after != refs or gate.state != "closed" or closing.state != "closed" or reader.last != "read":
        problems.append(
            f"with exits: refcounts {refs} -> {after}, gate {gate.state}, closing {closing.state}, "
            f"reader saw {reader.last!r}"
        )
    return problems


def calls(fn, x, y, watched):
    """Calls fn(x, y) CALLS times after three calls that translate and fill the caches:
    the refcounts of `watched` before and after, the traced memory's growth, the last
    result."""
    for _ in range(3):
        fn(x, y)
    before = tuple(sys.getrefcount(w) for w in watched)
    tracemalloc.start()
    start, _ = tracemalloc.get_traced_memory()
    for _ in range(CALLS):
        r = fn(x, y)
    end, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    after = tuple(sys.getrefcount(w) for w in watched)
    problems = []
    if end - start >= 64 * 1024:
        problems.append(f"{fn.__name__}: traced memory grew by {end - start} bytes over {CALLS} calls")
    return before, after, problems, r


def check_made():
    """An instance made in the trace and returned: built by generated code each call,
    held by the caller alone, its attributes held by it alone."""
    x = np.arange(4.0)
    y = np.ones(4)
    before, after, problems, r = calls(made, x, y, (x, y, Pair))
    # The last result is alive (an instance holds a reference to its class).
    if before != (after[0], after[1], after[2] - 1):
        problems.append(f"made: refcounts of x, y and Pair {before} -> {after} (the result holds one of Pair)")
    # getrefcount's argument is one reference: the caller's `r`, and `r`'s dict alone.
    refs = (sys.getrefcount(r) - 1, sys.getrefcount(r.a) - 1, sys.getrefcount(r.b) - 1)
    if refs != (1, 1, 1):
        problems.append(f"made: references of the result and its attributes {refs}, expected (1, 1, 1)")
    if type(r) is not Pair or r.a.tobytes() != (x + y).tobytes() or r.b.tobytes() != (x * y).tobytes():
        problems.append("made: the result differs from plain Pair(x, y)")
    return problems


def check(fn, expected):
    x = np.arange(4.0)
    y = np.ones(4)
    before, after, problems, r = calls(fn, x, y, (x, y))
    if before != after:
        problems.append(f"{fn.__name__}: argument refcounts {before} -> {after}")
    # getrefcount's own argument is one reference: `r` alone holds the result.
    if sys.getrefcount(r) != 2:
        problems.append(f"{fn.__name__}: the result has {sys.getrefcount(r) - 1} references, expected 1")
    if r.tobytes() != expected(x, y).tobytes():
        problems.append(f"{fn.__name__}: result {r} differs from plain {expected(x, y)}")
    return problems


def check_view():
    """A view returned: it holds its base, x; nothing else holds either."""
    x = np.arange(4.0)
    y = np.ones(4)
    before, after, problems, r = calls(viewed, x, y, (x, y))
    if (before[0] + 1, before[1]) != after:
        problems.append(f"viewed: argument refcounts {before} -> {after} (the view holds x once)")
    if sys.getrefcount(r) != 2 or r.base is not x or r.tobytes() != x[1:].tobytes():
        problems.append(f"viewed: the result has {sys.getrefcount(r) - 1} references or is not x[1:]")
    return problems


def check_with_blocks():
    """with blocks: the manager's references unchanged and its block closed after each
    call; the swallowed exception under np.seterr(all="raise") (the graph raises, the
    frame runs again as plain Python)."""
    problems = []
    x, y = np.arange(4.0), np.ones(4)
    old = np.seterr(all="raise")
    try:
        # The translations keep the guarded global `gate`.
        for fn in (with_made, with_break, with_swallowed):
            fn(x, y)
    finally:
        np.seterr(**old)
    gate_refs = sys.getrefcount(gate)
    problems += check(with_made, lambda x, y: x * (y * 2) + 1)
    problems += check(with_break, lambda x, y: (x + y) * 4)
    old = np.seterr(all="raise")
    try:
        problems += check(with_swallowed, lambda x, y: (x + y) * 2)
    finally:
        np.seterr(**old)
    if sys.getrefcount(gate) != gate_refs or gate.state != "closed":
        problems.append(f"with blocks: gate's refcount {gate_refs} -> {sys.getrefcount(gate)}, state {gate.state}")
    return problems


def check_kept():
    """A raised exception kept in a global: it holds its traceback, whose frames hold
    the caller's (`calls`) and so its last result, in plain CPython too. Once the
    exception is dropped, those frames die and the result is held by `r` alone (before,
    the guard that read KEPT[0] on the last call kept the exception of the call before
    it, and with it these frames)."""
    x = np.arange(4.0)
    y = np.ones(4)
    before, after, problems, r = calls(raised_kept, x, y, (x, y))
    if before != after:
        problems.append(f"raised_kept: argument refcounts {before} -> {after}")
    kept = KEPT[0]
    # getrefcount's argument, `kept` and KEPT[0].
    if type(kept) is not ValueError or kept.__traceback__ is None or sys.getrefcount(kept) != 3:
        problems.append(f"raised_kept: the kept exception {kept!r} has no traceback or {sys.getrefcount(kept) - 2} refs")
    del kept
    KEPT[0] = None
    # getrefcount's argument and `r`.
    if sys.getrefcount(r) != 2:
        problems.append(f"raised_kept: the last result has {sys.getrefcount(r) - 1} refs once the exception is dropped")
    if r.tobytes() != ((x - y) * 3).tobytes():
        problems.append(f"raised_kept: result {r} differs from plain {(x - y) * 3}")
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
    objects(np.arange(4.0), np.ones(4))  # the translation keeps `layer` (a guarded global)
    layer_refs = sys.getrefcount(layer)
    problems += check(objects, lambda x, y: (x + y) * layer.w + layer.b - x * y)
    if sys.getrefcount(layer) != layer_refs or layer.seen is None:
        problems.append(f"objects: layer's refcount {layer_refs} -> {sys.getrefcount(layer)}")
    problems += check_made()
    called(np.arange(4.0), np.ones(4))  # the translation keeps `scale` (a guarded global)
    scale_refs = sys.getrefcount(scale)
    problems += check(called, lambda x, y: (x * 3.0 + y * 2.0 + np.zeros(4, np.float32) + 1) * 1.0)
    if sys.getrefcount(scale) != scale_refs:
        problems.append(f"called: scale's refcount {scale_refs} -> {sys.getrefcount(scale)}")
    problems += check(cells, lambda x, y: (y + (x + y)) * 2)
    problems += check(sized, lambda x, y: np.zeros((5, 2)).sum() + x * 4 + 4)
    problems += check(containers, lambda x, y: x * 2.0 + 0)
    problems += check(written, lambda x, y: x * 2 + y)
    problems += check(written_break, lambda x, y: x + 0)
    if LOG:
        problems.append(f"containers: LOG holds {len(LOG)} items after the calls, expected none")
    problems += check(
        indexed,
        lambda x, y: x[1:] * y[:-1] + x[..., 0] + x[None, -1][0] + x.astype(np.float32).sum(dtype=np.float64),
    )
    problems += check(sliced, lambda x, y: x[None, :].sum(axis=0) + x[:2].sum(dtype="float64") + y[3])
    problems += check_view()
    problems += check(higher, lambda x, y: (x + y) * 32)
    problems += check_with_blocks()
    problems += check(raised_caught, lambda x, y: (x + y) * 2 - 1)
    problems += check(outside_handler, lambda x, y: x * y + 3)
    problems += check_kept()
    problems += check(with_outside_swallowed, lambda x, y: (x + y) * 2)
    if gate.state != "closed":
        problems.append(f"with_outside_swallowed: gate's state {gate.state}")
    problems += check_with_exits()
    problems += check_marks()
    report = lasso.explain_json()
    for p in problems:
        print(p)
    print("ok" if not problems else f"{len(problems)} problems")
    return 1 if problems or '"graphs"' not in report else 0


if __name__ == "__main__":
    sys.exit(main())
