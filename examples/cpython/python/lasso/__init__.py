"""lasso for CPython 3.11: graph capture of numpy functions (docs/cpython.md).

    import lasso

    @lasso.capture
    def f(x, y):
        return np.tanh(x @ y) + 1

The frames of a captured function are sent to lasso by a PEP 523 frame evaluator; what
lasso cannot capture runs as plain Python. LASSO_DISABLE=1 in the environment turns
capture off: `capture` then returns the function unchanged. LASSO_BACKEND=NAME
overrides every function's backend (the tests run their scripts with "verify"),
LASSO_EXPLAIN_JSON=FILE writes `explain_json()` to FILE at exit, and LASSO_LOGS=LIST
(graph, guards, bytecode, breaks, recompiles, all) logs what capture does to stderr.
"""
import atexit
import os

import _lasso

__all__ = ["capture", "graph_break", "mark_dynamic", "explain", "explain_json", "reset", "cond", "while_loop",
           "map_rows", "comptime"]

_BACKENDS = ("eager", "verify")


def capture(fn=None, *, backend="eager", fullgraph=False, dynamic=None):
    """Marks `fn` for capture and returns it; with arguments only, a decorator.

    backend: "eager" (numpy runs each graph's operations) or "verify" (also checks
    them against a second run). fullgraph: a graph break raises RuntimeError instead of
    running the rest as plain Python. dynamic: None (automatic: a size that changes
    between calls becomes a symbol at the recompile), True (every size above 1 is a
    symbol from the first call), False (sizes are static: a new shape recompiles).
    """
    backend = os.environ.get("LASSO_BACKEND") or backend
    if backend not in _BACKENDS:
        raise ValueError(f"lasso.capture: unknown backend {backend!r} (one of {', '.join(_BACKENDS)})")
    if dynamic is not None and not isinstance(dynamic, bool):
        raise TypeError(f"lasso.capture: dynamic must be None, True or False, got {dynamic!r}")

    def mark(f):
        if os.environ.get("LASSO_DISABLE") == "1":
            return f
        code = getattr(f, "__code__", None)
        if code is None:
            raise TypeError(f"lasso.capture: expected a Python function, got {type(f).__name__}")
        _lasso.mark(code, backend, bool(fullgraph), dynamic)
        return f

    return mark if fn is None else mark(fn)


graph_break = _lasso.graph_break
# mark_dynamic(arr, dim): captured functions called with `arr` later make its dimension
# `dim` a symbol from their first translation; plain numpy otherwise (it returns None).
mark_dynamic = _lasso.mark_dynamic
explain = _lasso.explain
explain_json = _lasso.explain_json
reset = _lasso.reset

from lasso._operators import comptime, cond, map_rows, while_loop  # noqa: E402

_lasso._register_operators(cond, while_loop, map_rows, comptime)


def _at_exit():
    path = os.environ.get("LASSO_EXPLAIN_JSON")
    if path:
        with open(path, "w", encoding="utf-8") as out:
            out.write(explain_json())
    # The runtime holds Python objects: it goes before the interpreter finalizes.
    _lasso._shutdown()


atexit.register(_at_exit)
