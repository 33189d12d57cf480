"""lasso's higher-order operators and comptime, as plain Python (docs/cpython.md).

What these functions do when Python runs them defines them: a captured frame that calls
one makes it one node with subgraphs (cond, while_loop, map_rows) or runs it at trace
time (comptime), and a call lasso cannot capture is a graph break after which Python
runs the function below. The signatures are minipy's (tests/minipy/scripts/higher_order).
"""


def _tensor_tuple(fname, what, v):
    import numpy as np

    if type(v) is not tuple or not all(isinstance(x, (np.ndarray, np.generic)) for x in v):
        raise TypeError(f"{fname}(): {what} must be a tuple of tensors")
    return v


def cond(pred, true_fn, false_fn, operands):
    """true_fn(*operands) if pred else false_fn(*operands); pred a bool or a one-element array."""
    _tensor_tuple("cond", "operands", operands)
    return true_fn(*operands) if pred else false_fn(*operands)


def while_loop(cond_fn, body_fn, carried):
    """carried = body_fn(*carried) while cond_fn(*carried); returns the last carried tuple."""
    _tensor_tuple("while_loop", "carried", carried)
    while cond_fn(*carried):
        carried = body_fn(*carried)
        _tensor_tuple("while_loop", "body_fn's result", carried)
    return carried


def map_rows(fn, xs, args):
    """numpy.stack([fn(row, *args) for row in xs]): fn applied to each row of array xs."""
    import numpy as np

    if not isinstance(xs, np.ndarray) or xs.ndim == 0:
        raise TypeError("map_rows(): xs must be a tensor with rows")
    _tensor_tuple("map_rows", "args", args)
    results = []
    for row in xs:
        r = fn(row, *args)
        if not isinstance(r, (np.ndarray, np.generic)):
            raise TypeError("map_rows(): fn must return a tensor")
        results.append(r)
    return np.stack(results)


def comptime(fn):
    """Runs fn(ctx) while lasso translates the calling frame (ctx: a view of the
    translation, lasso/comptime.hpp); does nothing when Python runs it."""
    return None


def _shortcut(name, doc, stacklevel=True):
    if stacklevel:
        def shortcut(stacklevel=0):
            return None
    else:
        def shortcut():
            return None

    shortcut.__name__ = shortcut.__qualname__ = name
    shortcut.__doc__ = doc
    return shortcut


comptime.graph_break = _shortcut("graph_break", "A graph break here, when captured.", False)
comptime.print_graph = _shortcut("print_graph", "Prints the graph traced so far to stderr, when captured.", False)
comptime.print_disas = _shortcut("print_disas", "Prints the frame's code to stderr, when captured.")
comptime.print_value_stack = _shortcut("print_value_stack", "Prints the frame's value stack, when captured.")
comptime.print_locals = _shortcut("print_locals", "Prints the frame's locals as traced, when captured.")
comptime.print_bt = _shortcut("print_bt", "Prints the inline stack, when captured.")
comptime.print_guards = _shortcut("print_guards", "Prints the guards made so far, when captured.", False)


def _print_value_stack_and_return(e, stacklevel=0):
    """Prints the value stack when captured; returns e."""
    return e


comptime.print_value_stack_and_return = _print_value_stack_and_return


class ComptimeVar:
    """What the translation knows of a value at a comptime call (ctx.get_local)."""

    def __init__(self, view):
        (self.description, self._type_name, self._object, self._constant, self._known, self._fake) = view

    def is_python_constant(self):
        return self._known

    def as_python_constant(self):
        if not self._known:
            raise ValueError(f"as_python_constant(): {self.description} is not known at trace time")
        return self._constant

    def is_proxy(self):
        """Whether it is a value of the graph (an array known only when the graph runs)."""
        return self._fake is not None

    def python_type(self):
        import builtins

        if self._object is not None:
            return type(self._object)
        t = getattr(builtins, self._type_name, None)
        return t if isinstance(t, type) else self._type_name

    def as_fake(self):
        """An array's traced shape and dtype, as an object with `shape` and `dtype`."""
        if self._fake is None:
            raise ValueError(f"as_fake(): {self.description} is not a tensor")
        import types

        return types.SimpleNamespace(shape=self._fake[0], dtype=self._fake[1])

    def __repr__(self):
        return f"ComptimeVar({self.description})"


class ComptimeContext:
    """The view of a translation a comptime callback gets; valid while it runs."""

    def __init__(self, methods):
        self._m = methods

    def get_local(self, name, stacklevel=0):
        return ComptimeVar(self._m["get_local"](name, stacklevel))

    def graph_break(self, msg="ComptimeContext.graph_break"):
        self._m["graph_break"](msg)

    def print_graph(self):
        self._m["print_graph"]()

    def print_guards(self):
        self._m["print_guards"]()

    def print_disas(self, stacklevel=0):
        self._m["print_disas"](stacklevel)

    def print_value_stack(self, stacklevel=0):
        self._m["print_value_stack"](stacklevel)

    def print_locals(self, stacklevel=0):
        self._m["print_locals"](stacklevel)

    def print_bt(self, stacklevel=0):
        self._m["print_bt"](stacklevel)

    def frames(self):
        return self._m["frames"]()


def _make_context(methods):
    return ComptimeContext(methods)
