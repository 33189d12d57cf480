"""The capture adapter's shape rules held against numpy's own results.

Run by /usr/bin/python3.11 with the build's python/ directory on PYTHONPATH. For a
fixed random sample of operand combinations (arrays and numpy scalars of nine dtypes and
several shapes, 0-d values at their dtype's extremes, Python bools, ints and floats) and
every graph target the adapter captures, `_lasso.shape_rule` must either refuse (a
graph break: fine) or give exactly the dtype and shape of what numpy returns when the
operation runs on those operands; where numpy raises, the rule must refuse. Prints the
counts and exits 1 on the first wrong answer's list.
"""

import random
import sys
import warnings

import numpy as np

import _lasso

DTYPES = [np.bool_, np.int8, np.uint8, np.int32, np.int64, np.float16, np.float32, np.float64, np.complex128]
SHAPES = [(3,), (2, 3), (1, 3), (2, 1), (4,), (2, 3, 3)]
NUMBERS = [True, 3, 300, -1, 70000, 2.5, 1e300]

BINARY = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "truediv": lambda a, b: a / b,
    "floordiv": lambda a, b: a // b,
    "mod": lambda a, b: a % b,
    "matmul": lambda a, b: a @ b,
    "pow": lambda a, b: a**b,
    "lt": lambda a, b: a < b,
    "eq": lambda a, b: a == b,
    "numpy.add": np.add,
    "numpy.subtract": np.subtract,
    "numpy.multiply": np.multiply,
    "numpy.divide": np.divide,
    "numpy.maximum": np.maximum,
    "numpy.minimum": np.minimum,
    "numpy.matmul": np.matmul,
}
UNARY = {
    "neg": lambda a: -a,
    "pos": lambda a: +a,
    "numpy.exp": np.exp,
    "numpy.log": np.log,
    "numpy.tanh": np.tanh,
    "numpy.sqrt": np.sqrt,
    "numpy.absolute": np.absolute,
    "numpy.negative": np.negative,
    "numpy.sum": np.sum,
    "numpy.mean": np.mean,
    "sum": lambda a: a.sum(),
    "mean": lambda a: a.mean(),
}


def extremes(dtype):
    if dtype is np.bool_:
        return [True, False]
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return [1, info.max, info.min]
    if np.issubdtype(dtype, np.floating):
        info = np.finfo(dtype)
        return [1.5, info.max, info.min]
    return [1 + 1j]


def operands(rng):
    pool = []
    for dtype in DTYPES:
        for shape in SHAPES:
            pool.append(np.asarray(rng.integers(-3, 4, size=shape)).astype(dtype))
        for v in extremes(dtype):
            pool.append(np.array(v, dtype=dtype))  # 0-d array
            pool.append(dtype(v))  # numpy scalar
    pool.extend(NUMBERS)
    return pool


def actual(fn, args, keywords):
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # the mean of an empty axis
            r = fn(*args, **keywords)
    except Exception as e:  # numpy's error: the rule must refuse
        return e
    return r


def main():
    # `==` of shapes that do not broadcast warns (and gives False) in numpy 1.24.
    warnings.simplefilter("ignore", DeprecationWarning)
    rng = np.random.default_rng(36)
    pick = random.Random(36)
    pool = operands(rng)
    cases = [(t, f, (a,)) for t, f in UNARY.items() for a in pool if not isinstance(a, (bool, int, float))]
    triples = [(c, a, b) for c in pool[:40] for a in pool[::3] for b in pool[::5]]
    cases += [("numpy.where", np.where, t) for t in pick.sample(triples, 1500)]
    # reshape and transpose: every array and numpy scalar with shapes and axes, as
    # separate ints and as one tuple, right and wrong.
    tensors = [a for a in pool if not isinstance(a, (bool, int, float))]
    shapes = [(), (1,), (-1,), (6,), (2, 3), (3, -1), (-1, -1), (2, 2), (0,), (-2, -3), (1, 1, -1), (18,), (2, 9)]
    axes_list = [(), (0,), (-1,), (1, 0), (0, 1), (0, 0), (2, 0, 1), (-1, -3, 1), (0, 3, 1), (1, 0, 2)]
    for a in tensors:
        for sh in shapes:
            cases.append(("reshape", lambda x, *d: x.reshape(*d), (a,) + sh))
            cases.append(("reshape", lambda x, d: x.reshape(d), (a, sh)))
            cases.append(("numpy.reshape", np.reshape, (a, sh)))
        cases.append(("transpose", lambda x: x.transpose(), (a,)))
        cases.append(("numpy.transpose", np.transpose, (a,)))
        for ax in axes_list:
            cases.append(("transpose", lambda x, *d: x.transpose(*d), (a,) + ax))
            cases.append(("numpy.transpose", np.transpose, (a, ax)))
    # Constructors of constants, and *_like of every array and numpy scalar.
    sizes = [0, 1, 3, -1, True, 2.5, (), (2, 3), (0, 4), (2, -3), (1, 1, 1), (2, 2.0)]
    for sh in sizes:
        cases.append(("numpy.zeros", np.zeros, (sh,)))
        cases.append(("numpy.ones", np.ones, (sh,)))
        for fill in NUMBERS + [False, -2.5]:
            cases.append(("numpy.full", np.full, (sh, fill)))
    bounds = [0, 1, 5, -3, 2.5, -0.5, 0.1, 1e300, True]
    for start in bounds:
        cases.append(("numpy.arange", np.arange, (start,)))
        for stop in bounds:
            cases.append(("numpy.arange", np.arange, (start, stop)))
            for step in [1, -1, 0.25, 3, 0, -0.3]:
                cases.append(("numpy.arange", np.arange, (start, stop, step)))
    for a in tensors:
        cases.append(("numpy.zeros_like", np.zeros_like, (a,)))
        cases.append(("numpy.ones_like", np.ones_like, (a,)))
    pairs = [(a, b) for a in pool for b in pool]
    for t, f in BINARY.items():
        cases += [(t, f, p) for p in pick.sample(pairs, 1500)]
    cases = [(t, f, a, {}) for t, f, a in cases]
    # Reductions along axes, with keepdims, as functions and methods; the axis
    # positional or as a keyword. Arrays with an empty axis too (max and min raise).
    reductions = {
        "numpy.sum": np.sum,
        "numpy.mean": np.mean,
        "numpy.max": np.max,
        "numpy.min": np.min,
        "sum": lambda x, *a, **k: x.sum(*a, **k),
        "mean": lambda x, *a, **k: x.mean(*a, **k),
        "max": lambda x, *a, **k: x.max(*a, **k),
        "min": lambda x, *a, **k: x.min(*a, **k),
    }
    reduced = tensors + [np.ones((0, 3)), np.ones((2, 0), dtype=np.int32)]
    axes = [None, 0, 1, -1, 2, -3, (0, 1), (0, 0), (), (1, -1), 1.0]
    for target, fn in reductions.items():
        for a in reduced:
            for ax in axes:
                cases.append((target, fn, (a, ax), {}))
                for keep in (True, False, 1):
                    cases.append((target, fn, (a,), {"axis": ax, "keepdims": keep}))
            cases.append((target, fn, (a,), {"keepdims": True}))
            cases.append((target, fn, (a,), {"dtype": "float32"}))
    # concatenate and stack of pairs of arrays along axes.
    joined = [a for a in tensors if a.ndim > 0 or a.dtype in (np.int8, np.float32)]
    join_pairs = pick.sample([(a, b) for a in joined for b in joined], 3000)
    for a, b in join_pairs:
        for ax in (0, 1, -1, 2, -3, None):
            cases.append(("numpy.concatenate", np.concatenate, ((a, b),), {"axis": ax}))
            cases.append(("numpy.stack", np.stack, ((a, b), ax), {}))
        cases.append(("numpy.concatenate", np.concatenate, ((a, b, a),), {}))
        cases.append(("numpy.stack", np.stack, ((a,),), {"out": None}))
    # Subscripts (getitem: numpy's basic indexing) of every array and numpy scalar, the
    # index passed as lasso passes it (always a tuple; a slice the tuple of its bounds,
    # Ellipsis the empty tuple); astype and the dtype= keyword of the constructors.
    indices = [0, -1, 2, 5, -4, (1, 2), (0, -1, 1), (0, 0, 0, 0), slice(1, 3), slice(None, None, -1),
               slice(5, 1), slice(-100, 100, 3), slice(None, None, 0), slice(3, None, -2), (Ellipsis, 0),
               (0, Ellipsis), (Ellipsis, Ellipsis), None, (slice(None), None), (None, Ellipsis, None),
               (slice(1, None), 0), (), True, 1.5, (slice(0, 0), slice(-1, None))]
    for a in tensors:
        for idx in indices:
            key = idx if isinstance(idx, tuple) else (idx,)
            encoded = tuple(() if k is Ellipsis else (k.start, k.stop, k.step) if isinstance(k, slice) else k
                            for k in key)
            cases.append(("getitem", lambda x, _, key=key: x[key], (a, encoded), {}))
        for dt in ("float32", "int8", "bool", "U3", "nonsense"):
            cases.append(("astype", lambda x, d: x.astype(d), (a, dt), {}))
    for sh in sizes:
        for dt in ("int8", "float32", "complex128", "U3"):
            cases.append(("numpy.zeros", np.zeros, (sh,), {"dtype": dt}))
            cases.append(("numpy.full", np.full, (sh, 2.5), {"dtype": dt}))
    for a in tensors:
        cases.append(("numpy.zeros_like", np.zeros_like, (a,), {"dtype": "int16"}))
    captured = refused = 0
    wrong = []
    for target, fn, args, keywords in cases:
        rule = _lasso.shape_rule(target, args, keywords)
        got = actual(fn, args, keywords)
        if isinstance(rule, str):
            refused += 1
            continue
        captured += 1
        dtype, shape = rule
        if isinstance(got, Exception):
            wrong.append(f"{target}{tuple(map(repr, args))}{keywords}: rule gives {dtype}{shape}, numpy raises {got!r}")
        elif not isinstance(got, (np.ndarray, np.generic)) or got.dtype != dtype or got.shape != shape:
            what = f"{got.dtype}{got.shape}" if hasattr(got, "dtype") else type(got).__name__
            wrong.append(f"{target}{tuple(map(repr, args))}{keywords}: rule gives {dtype}{shape}, numpy {what}")
    for w in wrong[:20]:
        print(w)
    print(f"{len(cases)} cases: {captured} captured, {refused} refused, {len(wrong)} wrong")
    return 1 if wrong or captured == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
