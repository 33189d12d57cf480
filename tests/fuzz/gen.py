"""Random minipy programs for differential testing of graph capture.

    python3 gen.py SEED            print the program of SEED
    python3 gen.py SEED OUT.py     write it to OUT.py

`generate(seed)` returns the text of one program. The same seed always gives the same
program (only `random.Random(seed)` is used). Every program is valid minipy and runs
under CPython with tests/minipy/prelude.py with exit status 0: errors are raised only
where a handler catches them.

A program defines a few `@capture` functions ("plans") and then calls them many times
with new shapes, dtypes, constants and containers, changing between calls the state the
functions read (globals, closure cells, object attributes, list and dict contents, grad
mode, redefined helpers), and printing every result. A stale cached result therefore
shows up as a difference from CPython or from eager minipy.

How values stay valid
- Tensor shapes are symbolic: a dimension is a symbol ("a", "b", "c"), a literal ("1",
  "2", "3") or a product ("a*b"). Every call binds the symbols of its plan to sizes in
  1..DIM_MAX, so a body that is shape-correct symbolically is correct for every call.
  Only the literal "1" broadcasts against other dimensions.
- Every value carries a bound on its magnitude; constructions whose bound would pass
  CAP are not generated, `exp` only sees small arguments and divisors are built to stay
  away from zero. This keeps int64 from overflowing and `math.exp` from raising.

Extending: every construct is a function in one of the weighted tables at the end of
this file (TENSOR_FORMS, NUMBER_FORMS, CONDITIONS, STATEMENTS, INPUTS, CALL_EVENTS). See
tests/fuzz/README.md, "Adding a construct".
"""

import collections
import math
import random
import sys
import threading

DIM_MAX = 4          # largest size a symbolic dimension takes in a call
CAP = 1.0e6          # no generated value may exceed this in magnitude
EXP_MAX = 8.0        # exp() only of values bounded by this
SIGMOID_MAX = 700.0  # sigmoid() computes exp(-x): only of values bounded by this
PARAM_BOUND = 4.0    # tensors and numbers passed in are within this
LIST_MAX = 24        # no list of tensors gets longer than this
MAX_DEPTH = 3        # expression nesting
FLOAT_POOL = (-2.5, -1.5, -1.0, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0,
              3.5, 0.1, -0.3, 1.7, 2.2, -3.1)
SYMBOLS = ("a", "b", "c")


class Reject(Exception):
    """A construct does not apply here; the caller picks another."""


# ---------------------------------------------------------------------------
# Types of generated values.

_THREAD = threading.local()   # fuzz.py generates programs in several threads


def loop_reads():
    """This thread's open loops, one set each, innermost last: the tensors whose bound a
    construct in that loop's body has consulted so far (see TT.bound)."""
    if not hasattr(_THREAD, "loop_reads"):
        _THREAD.loop_reads = []
    return _THREAD.loop_reads


class TT:
    """A tensor: symbolic shape (tuple of dimension strings) and magnitude bound.

    Reading `bound` inside a loop body records the tensor in loop_reads(). A construct
    that relied on the bound holds on the loop's first pass only; so a later statement
    in the same loop may not raise that bound (see raises_read_bound), or the next
    pass would run the earlier construct on values beyond what it was built for
    (`exp` or `sigmoid` of a value grown by an accumulation below it, for example)."""

    def __init__(self, shape, bound):
        self.shape = tuple(shape)
        self._bound = float(bound)

    @property
    def bound(self):
        # The tensor itself, not its id: a set of ids could match a new tensor made
        # where a freed one was, and which addresses are reused depends on what other
        # threads allocate, so the programs would differ from thread to thread.
        for reads in loop_reads():
            reads.add(self)
        return self._bound

    @bound.setter
    def bound(self, value):
        self._bound = float(value)


def raises_read_bound(t, new_bound):
    """True when setting t's bound to new_bound would raise a bound that an enclosing
    loop's body has already relied on."""
    return new_bound > t._bound and any(t in reads for reads in loop_reads())


class NT:
    """A Python number: magnitude bound; `integral` when it is always an int."""

    def __init__(self, bound, integral):
        self.bound = float(bound)
        self.integral = integral


def factors(d):
    return [f for f in d.split("*") if f != "1"]


def dim_of(fs):
    fs = sorted(f for f in fs if f != "1")
    return "*".join(fs) if fs else "1"


def dim_max(d):
    n = 1
    for f in factors(d):
        n *= DIM_MAX if f.isalpha() else int(f)
    return n


def dim_size(d, binding):
    n = 1
    for f in factors(d):
        n *= binding[f] if f.isalpha() else int(f)
    return n


def numel_max(shape):
    n = 1
    for d in shape:
        n *= dim_max(d)
    return n


def broadcasts_to(small, big):
    if len(small) > len(big):
        return False
    return all(s == b or s == "1" for s, b in zip(reversed(small), reversed(big)))


def shape_symbols(t):
    out = set()
    if isinstance(t, TT):
        for d in t.shape:
            out.update(f for f in factors(d) if f.isalpha())
    return out


# ---------------------------------------------------------------------------
# Scope: what a piece of generated code may read.

class Scope:
    def __init__(self, parent=None):
        if parent is None:
            self.tensors = []   # (expr, TT)
            self.numbers = []   # (expr, NT)
            self.lists = []     # (expr, element TT, max length, mutable)
            self.flags = []     # bool expressions
            self.modes = []     # (expr, choices) string parameters
            self.funcs = []     # expressions naming a tensor -> tensor function
            self.idents = []    # tensor parameters (for `is` tests)
            self.locals = {}    # name -> TT of local tensor variables that may be rebound
            self.writable = []  # (kind, expr, TT) state the body may write
        else:
            self.tensors = list(parent.tensors)
            self.numbers = list(parent.numbers)
            self.lists = list(parent.lists)
            self.flags = list(parent.flags)
            self.modes = list(parent.modes)
            self.funcs = list(parent.funcs)
            self.idents = list(parent.idents)
            self.locals = dict(parent.locals)
            self.writable = list(parent.writable)

    def dims(self):
        out = set()
        for _, t in self.tensors:
            out.update(t.shape)
        return sorted(out)


class Ctx:
    """Generation state for one function body (or helper, lambda, method)."""

    def __init__(self, gen, plan, scope, indent, kind="capture"):
        self.gen = gen
        self.rng = gen.rng
        self.plan = plan
        self.scope = scope
        self.indent = indent
        self.lines = []
        self.kind = kind          # "capture", "helper" (no state writes, no prints)
        self.loop_mult = 1        # how many times the current block may run per call
        self.loop_depth = 0
        self.block_depth = 0
        self.appended = False
        self.globals_written = []
        self.nonlocals_written = []
        self.breaks_left = 0      # constructs from BREAKS_TODAY still allowed
        self.helper_level = 0     # for a helper: how many helper calls deep it is
        self.head = []            # lines at the top of the body (bound method locals)

    def emit(self, line):
        self.lines.append("    " * self.indent + line)

    def fresh(self, prefix):
        return self.plan.fresh(prefix)

    def child(self):
        """Enter a nested block: new names defined inside do not outlive it."""
        saved = self.scope
        self.scope = Scope(saved)
        self.indent += 1
        self.block_depth += 1
        return saved

    def leave(self, saved):
        self.scope = saved
        self.indent -= 1
        self.block_depth -= 1


# ---------------------------------------------------------------------------
# Small helpers for expressions.

def choose(ctx, table):
    """A construct from a weighted table, leaving out the ones in BREAKS_TODAY once
    the body's budget for them is spent."""
    if ctx.breaks_left <= 0:
        table = [(w, f) for w, f in table if f not in ctx.gen.tables.BREAKS_TODAY]
    return pick(ctx.rng, table)


def used(ctx, construct):
    if construct in ctx.gen.tables.BREAKS_TODAY:
        ctx.breaks_left -= 1


def pick(rng, weighted):
    """weighted: list of (weight, item)."""
    total = sum(w for w, _ in weighted)
    r = rng.random() * total
    for w, item in weighted:
        r -= w
        if r < 0:
            return item
    return weighted[-1][1]


def num_literal(rng, integral=False, positive=False):
    if integral or rng.random() < 0.5:
        v = rng.randint(1 if positive else -3, 4)
        return str(v), abs(v)
    v = rng.choice(FLOAT_POOL)
    if positive:
        v = abs(v) or 0.5
    return repr(v), abs(v)


def dim_expr(ctx, d):
    """An expression for the size of dimension d, read from a tensor in scope."""
    if d.isdigit():
        return d
    holders = [(e, t.shape.index(d)) for e, t in ctx.scope.tensors if d in t.shape]
    if holders:
        e, i = ctx.rng.choice(holders)
        if i == 0 and ctx.rng.random() < 0.3:
            return "len(%s)" % e
        return "%s.shape[%d]" % (e, i)
    fs = factors(d)
    if len(fs) > 1:
        return "(" + " * ".join(dim_expr(ctx, f) for f in fs) + ")"
    raise Reject("no tensor has dimension " + d)


def shape_tuple_expr(ctx, shape):
    exact = [e for e, t in ctx.scope.tensors if t.shape == shape]
    if exact and ctx.rng.random() < 0.5:
        return ctx.rng.choice(exact) + ".shape"
    parts = [dim_expr(ctx, d) for d in shape]
    if len(parts) == 1:
        return "(" + parts[0] + ",)"
    return "(" + ", ".join(parts) + ")"


def interesting_shape(ctx):
    """A shape worth computing: one in scope, or one made of dimensions in scope."""
    rng = ctx.rng
    shapes = [t.shape for _, t in ctx.scope.tensors]
    dims = [d for d in ctx.scope.dims() if d != "1"] or ["1"]
    r = rng.random()
    if shapes and r < 0.6:
        return rng.choice(shapes)
    if r < 0.7:
        return ()
    if r < 0.85:
        return (rng.choice(dims),)
    return (rng.choice(dims), rng.choice(dims))


def sub_shape(rng, shape):
    """A shape that broadcasts to `shape`."""
    if rng.random() < 0.5:
        return shape
    drop = rng.randint(0, len(shape))
    out = list(shape[drop:])
    for i in range(len(out)):
        if rng.random() < 0.25:
            out[i] = "1"
    return tuple(out)


def tensor_literal(rng, sizes, dtype, bound):
    """Nested list text of a tensor of concrete sizes."""
    def elem():
        if dtype == "int64":
            b = int(min(bound, 4))
            return str(rng.randint(-b, b))
        v = rng.choice(FLOAT_POOL)
        return repr(max(-bound, min(bound, v)))

    def build(dims):
        if not dims:
            return elem()
        return "[" + ", ".join(build(dims[1:]) for _ in range(dims[0])) + "]"
    return build(list(sizes))


def tensor_value(rng, t, binding, dtype=None):
    """Module-level code building a tensor of type t under binding."""
    sizes = [dim_size(d, binding) for d in t.shape]
    n = 1
    for s in sizes:
        n *= s
    if dtype is None:
        # A tensor keeps its dtype most of the time, so that calls hit the cache.
        if getattr(t, "dtype", None) is None or rng.random() < 0.15:
            t.dtype = rng.choice(("int64", "float64"))
        dtype = t.dtype
    r = rng.random()
    args = ", ".join(str(s) for s in sizes)
    if r < 0.06:
        return "ones(%s)" % args
    if r < 0.1:
        return "zeros(%s)" % args
    if r < 0.16:
        tup = "(" + args + ("," if len(sizes) == 1 else "") + ")"
        v = str(rng.randint(-3, 3)) if dtype == "int64" else repr(rng.choice(FLOAT_POOL))
        return "full(%s, %s)" % (tup, v)
    if r < 0.2 and sizes and n <= t.bound + 1:
        return "arange(%d).reshape(%s)" % (n, args)
    return "tensor(%s)" % tensor_literal(rng, sizes, dtype, min(t.bound, PARAM_BOUND))


# ---------------------------------------------------------------------------
# Tensor expressions: tensor_expr(ctx, shape, depth) -> (code, bound).
# Each form returns (code, bound) or raises Reject.

def tensor_expr(ctx, shape, depth):
    tables = ctx.gen.tables
    for _ in range(30):
        forms = tables.TENSOR_FORMS if depth > 0 else tables.TENSOR_LEAF_FORMS
        form = choose(ctx, forms)
        try:
            code, bound = form(ctx, tuple(shape), depth)
        except Reject:
            continue
        if bound <= CAP:
            used(ctx, form)
            return code, bound
    return tables.t_construct(ctx, tuple(shape), depth)


def t_leaf(ctx, shape, depth):
    cands = [(e, t) for e, t in ctx.scope.tensors if t.shape == shape]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    return e, t.bound


def t_construct(ctx, shape, depth):
    rng = ctx.rng
    r = rng.random()
    if r < 0.35:
        return "ones(%s)" % ", ".join(dim_expr(ctx, d) for d in shape), 1.0
    if r < 0.45:
        return "zeros(%s)" % ", ".join(dim_expr(ctx, d) for d in shape), 0.0
    if depth > 0 and rng.random() < 0.5:
        v, b, _ = number_expr(ctx, depth - 1)
    else:
        v, b = num_literal(rng)
    return "full(%s, %s)" % (shape_tuple_expr(ctx, shape), v), b


def t_literal(ctx, shape, depth):
    """tensor(<nested list>) for a shape of literal dimensions."""
    if not all(d.isdigit() for d in shape):
        raise Reject()
    sizes = [int(d) for d in shape]
    dtype = ctx.rng.choice(("int64", "float64"))
    return "tensor(%s)" % tensor_literal(ctx.rng, sizes, dtype, 3.0), 3.0


def t_binop(ctx, shape, depth):
    rng = ctx.rng
    op = rng.choice("+-*/")
    a, ba = tensor_expr(ctx, shape, depth - 1)
    if op == "/":
        if rng.random() < 0.3:
            d, lb = number_denominator(ctx, depth - 1)
        else:
            d, lb = tensor_denominator(ctx, sub_shape(rng, shape), depth - 1)
        return "(%s / %s)" % (a, d), ba / lb
    if rng.random() < 0.3:
        b, bb, _ = number_expr(ctx, depth - 1)
    else:
        b, bb = tensor_expr(ctx, sub_shape(rng, shape), depth - 1)
    bound = ba * bb if op == "*" else ba + bb
    if rng.random() < 0.5:
        a, b = b, a
    return "(%s %s %s)" % (a, op, b), bound


def t_outer(ctx, shape, depth):
    if len(shape) != 2 or "1" in shape:
        raise Reject()
    op = ctx.rng.choice("+-*")
    a, ba = tensor_expr(ctx, (shape[0], "1"), depth - 1)
    b, bb = tensor_expr(ctx, ("1", shape[1]), depth - 1)
    return "(%s %s %s)" % (a, op, b), ba * bb if op == "*" else ba + bb


def t_unary(ctx, shape, depth):
    rng = ctx.rng
    a, ba = tensor_expr(ctx, shape, depth - 1)
    kind = rng.choice(("neg", "relu", "relu_fn", "abs", "tanh", "tanh_fn", "sigmoid",
                       "sigmoid_fn", "exp", "exp_fn", "sqrt", "float"))
    if kind == "neg":
        return "(-%s)" % a, ba
    if kind.startswith("sigmoid") and ba > SIGMOID_MAX:
        raise Reject()
    if kind in ("relu", "abs", "tanh", "sigmoid", "float"):
        b = 1.0 if kind in ("tanh", "sigmoid") else ba
        return "%s.%s()" % (a, kind), b
    if kind.endswith("_fn") and kind != "exp_fn":
        name = kind[:-3]
        return "%s(%s)" % (name, a), 1.0 if name != "relu" else ba
    if kind == "sqrt":
        return "%s.abs().sqrt()" % a, math.sqrt(ba)
    if ba > EXP_MAX:
        raise Reject()
    return "%s.exp()" % a if kind == "exp" else "exp(%s)" % a, math.exp(ba)


def t_transpose(ctx, shape, depth):
    if len(shape) > 2:
        raise Reject()
    src = tuple(reversed(shape)) if len(shape) == 2 else shape
    a, ba = tensor_expr(ctx, src, depth - 1)
    return "%s.t()" % a, ba


def inner_dim(ctx):
    dims = ctx.scope.dims() + ["1", "2"]
    return ctx.rng.choice(dims)


def t_matmul(ctx, shape, depth):
    rng = ctx.rng
    k = inner_dim(ctx)
    if len(shape) == 2:
        sa, sb = (shape[0], k), (k, shape[1])
    elif len(shape) == 1:
        sa, sb = ((k,), (k, shape[0])) if rng.random() < 0.5 else ((shape[0], k), (k,))
    elif len(shape) == 0:
        sa, sb = (k,), (k,)
    else:
        raise Reject()
    a, ba = tensor_expr(ctx, sa, depth - 1)
    b, bb = tensor_expr(ctx, sb, depth - 1)
    code = "(%s @ %s)" % (a, b) if rng.random() < 0.7 else "%s(%s, %s)" % (ctx.gen.MATMUL, a, b)
    return code, dim_max(k) * ba * bb


def t_sum_dim(ctx, shape, depth):
    if len(shape) > 2:
        raise Reject()
    rng = ctx.rng
    d = inner_dim(ctx)
    p = rng.randint(0, len(shape))
    src = shape[:p] + (d,) + shape[p:]
    a, ba = tensor_expr(ctx, src, depth - 1)
    dim = p if rng.random() < 0.6 else p - len(src)
    return "%s.sum(%d)" % (a, dim), dim_max(d) * ba


def t_reduce_all(ctx, shape, depth):
    if shape != ():
        raise Reject()
    src = interesting_shape(ctx)
    a, ba = tensor_expr(ctx, src, depth - 1)
    how = ctx.rng.choice(("sum", "mean", "max"))
    return "%s.%s()" % (a, how), ba * numel_max(src) if how == "sum" else ba


def t_index(ctx, shape, depth):
    if len(shape) > 2:
        raise Reject()
    d = inner_dim(ctx)
    a, ba = tensor_expr(ctx, (d,) + shape, depth - 1)
    return "%s[%s]" % (a, ctx.rng.choice(("0", "-1"))), ba


def t_reshape(ctx, shape, depth):
    rng = ctx.rng
    if shape == ():
        raise Reject()
    if len(shape) == 2 and shape[1] == "1" and rng.random() < 0.5:
        a, ba = tensor_expr(ctx, (shape[0],), depth - 1)
        return "%s.reshape(-1, 1)" % a, ba
    if len(shape) == 2 and shape[0] == "1" and rng.random() < 0.5:
        a, ba = tensor_expr(ctx, (shape[1],), depth - 1)
        return "%s.reshape(1, -1)" % a, ba
    total = dim_of([f for d in shape for f in factors(d)])
    choices = [(total,)]
    if len(shape) == 2:
        choices.append((shape[1], shape[0]))
    if len(shape) == 1 and len(factors(shape[0])) == 2:
        choices.append(tuple(factors(shape[0])))
    choices.append(("1",) + shape)
    src = rng.choice(choices)
    a, ba = tensor_expr(ctx, src, depth - 1)
    dims = [dim_expr(ctx, d) for d in shape]
    if rng.random() < 0.4:
        dims[rng.randrange(len(dims))] = "-1"
    return "%s.reshape(%s)" % (a, ", ".join(dims)), ba


def t_cond(ctx, shape, depth):
    a, ba = tensor_expr(ctx, shape, depth - 1)
    b, bb = tensor_expr(ctx, shape, depth - 1)
    return "(%s if %s else %s)" % (a, condition(ctx), b), max(ba, bb)


def t_sum_list(ctx, shape, depth):
    lists = [(e, t, n) for e, t, n, _ in ctx.scope.lists if t.shape == shape]
    if not lists:
        raise Reject()
    e, t, n = ctx.rng.choice(lists)
    if ctx.rng.random() < 0.3:
        # With a start: tensor start + items, one `+` at a time.
        return "sum(%s, %s)" % (e, ctx.rng.choice(("0", "1", "0.5"))), t.bound * n + 1
    return "sum(%s)" % e, t.bound * n


def t_list_item(ctx, shape, depth):
    lists = [(e, t) for e, t, n, _ in ctx.scope.lists if t.shape == shape]
    if not lists:
        raise Reject()
    e, t = ctx.rng.choice(lists)
    return "%s[%s]" % (e, ctx.rng.choice(("0", "-1"))), t.bound


def t_call_value(ctx, shape, depth):
    """A call of a function held by a global or a closure cell."""
    if not ctx.scope.funcs:
        raise Reject()
    a, ba = tensor_expr(ctx, shape, depth - 1)
    if ba > SIGMOID_MAX:
        raise Reject()      # the function may be sigmoid
    return "%s(%s)" % (ctx.rng.choice(ctx.scope.funcs), a), max(ba, 2.0)


def t_helper(ctx, shape, depth):
    """A call of a module-level helper made for this shape (maybe redefined later),
    from the captured body or from another helper (two levels at most): captured code
    inlines it."""
    if ctx.kind == "helper" and ctx.helper_level < 2 and depth > 0:
        return ctx.plan.gen.make_helper(ctx, shape, depth)
    if ctx.kind != "capture":
        raise Reject()
    return ctx.plan.gen.make_helper(ctx, shape, depth)


def t_recursive(ctx, shape, depth):
    """A call of a module-level recursive helper: inlined whole when its recursion ends
    within the inline depth limit (16 calls), else a graph break at the outermost
    recursive call; one with a print in it breaks wherever it is not inlined."""
    if ctx.kind != "capture":
        raise Reject()
    rng = ctx.rng
    name = ctx.plan.module_name("rec")
    a, ba = tensor_expr(ctx, shape, depth - 1)
    step = rng.choice(ctx.gen.RECURSION_STEPS)
    lines = ["def %s(v, n):" % name, "    if n <= 0:", "        return v"]
    if rng.random() < 0.2 and ctx.gen.print_allowed(ctx):
        lines.append('    print("%s", n)' % name)
    lines.append("    return %s(%s, n - 1)" % (name, step))
    ctx.plan.helper_defs.append(lines)
    ctx.plan.helpers.append(list(lines))
    n = rng.choice((0, 1, 2, 5, 14, 15, 16, 17, 25))
    return "%s(%s, %d)" % (name, a, n), max(ba, 1.0)


def t_lambda(ctx, shape, depth):
    if ctx.kind != "capture":
        raise Reject()
    a, ba = tensor_expr(ctx, shape, depth - 1)
    inner = Ctx(ctx.gen, ctx.plan, Scope(), 0, kind="helper")
    u = ctx.fresh("u")
    inner.scope.tensors.append((u, TT(shape, ba)))
    body, bb = tensor_expr(inner, shape, 1)
    return "(lambda %s: %s)(%s)" % (u, body, a), bb


def t_method(ctx, shape, depth):
    objs = [o for o in ctx.plan.objects if o.expr_in_body]
    if not objs or ctx.kind != "capture":
        raise Reject()
    obj = ctx.rng.choice(objs)
    return obj.cls.method_call(ctx, obj, shape, depth)


# ---------------------------------------------------------------------------
# Divisors that stay away from zero: (code, lower bound of the magnitude).

def number_denominator(ctx, depth):
    rng = ctx.rng
    if depth > 0 and rng.random() < 0.4:
        n, b, _ = number_expr(ctx, depth - 1)
        return "(abs(%s) + 1)" % n, 1.0
    v = rng.choice((2, 4, 0.5, -2, 1.5, 3, -0.25))
    return repr(v), abs(v)


def tensor_denominator(ctx, shape, depth):
    rng = ctx.rng
    a, ba = tensor_expr(ctx, shape, max(depth - 1, 0))
    kind = rng.randrange(4)
    if kind == 0:
        c = rng.choice((1, 0.5, 2))
        return "(%s.abs() + %s)" % (a, c), float(c)
    if kind == 1 and ba <= 5:
        return "%s.exp()" % a, math.exp(-ba)
    if kind == 2 and ba <= SIGMOID_MAX:
        return "(%s.sigmoid() + 0.5)" % a, 0.5
    return "(%s * %s + 1)" % (a, a), 1.0


# ---------------------------------------------------------------------------
# Number expressions: number_expr(ctx, depth, integral) -> (code, bound, integral).

def number_expr(ctx, depth, integral=False):
    tables = ctx.gen.tables
    for _ in range(30):
        forms = tables.NUMBER_FORMS if depth > 0 else tables.NUMBER_LEAF_FORMS
        form = choose(ctx, forms)
        try:
            code, bound, is_int = form(ctx, depth, integral)
        except Reject:
            continue
        if bound <= CAP and (is_int or not integral):
            used(ctx, form)
            return code, bound, is_int
    code, bound = num_literal(ctx.rng, integral)
    return code, bound, True if integral else "." not in code


def n_literal(ctx, depth, integral):
    code, b = num_literal(ctx.rng, integral)
    return code, b, "." not in code


def n_leaf(ctx, depth, integral):
    cands = [(e, t) for e, t in ctx.scope.numbers if t.integral or not integral]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    return e, t.bound, t.integral


def n_shape(ctx, depth, integral):
    cands = [(e, t) for e, t in ctx.scope.tensors if t.shape]
    rng = ctx.rng
    if not cands:
        raise Reject()
    e, t = rng.choice(cands)
    r = rng.random()
    if r < 0.3:
        return "len(%s)" % e, dim_max(t.shape[0]), True
    if r < 0.45:
        return "%s.ndim" % e, len(t.shape), True
    i = rng.randrange(len(t.shape))
    return "%s.shape[%d]" % (e, i), dim_max(t.shape[i]), True


def n_item(ctx, depth, integral):
    if integral:
        raise Reject()
    shape = interesting_shape(ctx)
    a, ba = tensor_expr(ctx, shape, depth - 1)
    how = ctx.rng.choice(("sum", "max", "mean"))
    bound = ba * numel_max(shape) if how == "sum" else ba
    return "%s.%s().item()" % (a, how), bound, False


def n_tolist(ctx, depth, integral):
    cands = [(e, t) for e, t in ctx.scope.tensors if len(t.shape) == 1]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    if integral:
        return "len(%s.tolist())" % e, dim_max(t.shape[0]), True
    if ctx.rng.random() < 0.5:
        return "sum(%s.tolist())" % e, t.bound * dim_max(t.shape[0]), False
    return "max(%s.tolist())" % e, t.bound, False


def n_binop(ctx, depth, integral):
    rng = ctx.rng
    a, ba, ia = number_expr(ctx, depth - 1, integral)
    op = rng.choice(("+", "-", "*", "//", "%", "/", "**")) if not integral else \
        rng.choice(("+", "-", "*", "//", "%"))
    if op in ("//", "%"):
        # Divisors of both signs, and floats that are not exact in binary.
        if integral or rng.random() < 0.6:
            k = rng.choice((2, 3, 4, -2, -3))
        else:
            k = rng.choice((0.1, 0.3, -0.25, 1.5, 2.5, -0.7))
        bound = ba / abs(k) + 1 if op == "//" else abs(k)
        return "(%s %s %r)" % (a, op, k), bound, ia and isinstance(k, int)
    if op == "/":
        d, lb = number_denominator(ctx, depth - 1)
        return "(%s / %s)" % (a, d), ba / lb, False
    if op == "**":
        if ba > 1000:
            raise Reject()
        return "(%s ** 2)" % a, ba * ba, ia
    b, bb, ib = number_expr(ctx, depth - 1, integral)
    return "(%s %s %s)" % (a, op, b), ba * bb if op == "*" else ba + bb, ia and ib


def n_builtin(ctx, depth, integral):
    rng = ctx.rng
    a, ba, ia = number_expr(ctx, depth - 1, integral)
    kind = rng.choice(("abs", "min", "max", "int", "float"))
    if kind == "abs":
        return "abs(%s)" % a, ba, ia
    if kind == "int":
        return "int(%s)" % a, ba, True
    if kind == "float":
        if integral:
            raise Reject()
        return "float(%s)" % a, ba, False
    b, bb, ib = number_expr(ctx, depth - 1, integral)
    return "%s(%s, %s)" % (kind, a, b), max(ba, bb), ia and ib


def n_list_len(ctx, depth, integral):
    if not ctx.scope.lists:
        raise Reject()
    e, t, n, _ = ctx.rng.choice(ctx.scope.lists)
    return "len(%s)" % e, n, True


def n_dict_get(ctx, depth, integral):
    cands = [(e, t) for e, t in ctx.scope.numbers if e.endswith('["k"]') or e.endswith('["s"]')]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    base, key = e[:-5], e[-3]
    if integral and not t.integral:
        raise Reject()
    return '%s.get("%s", 0)' % (base, key), t.bound, t.integral


def body_objects(ctx):
    return [o for o in ctx.plan.objects if o.expr_in_body] if ctx.kind == "capture" else []


def n_getattr(ctx, depth, integral):
    """getattr and hasattr of an object argument: the attribute read they stand for (the
    call site reassigns it, or shadows the class attribute), or a default for an
    attribute it never has."""
    objs = body_objects(ctx)
    if not objs:
        raise Reject()
    rng = ctx.rng
    o = rng.choice(objs).expr
    r = rng.random()
    if r < 0.25 and not integral:
        return "getattr(%s, %r)" % (o, rng.choice(("s", "bias"))), PARAM_BOUND, False
    if r < 0.45 and not integral:
        return "getattr(%s, %r, 2)" % (o, rng.choice(("s", "bias"))), PARAM_BOUND, False
    if r < 0.7:
        d, bd = num_literal(rng, integral)
        return "getattr(%s, \"missing\", %s)" % (o, d), bd, "." not in d
    attr = rng.choice(("w", "s", "bias", "missing", "__class__"))
    return "(2 if hasattr(%s, %r) else 3)" % (o, attr), 3, True


def n_convert(ctx, depth, integral):
    """Conversions and orderings of values known at trace time: list, tuple, dict,
    sorted, min and max of numbers, of a shape's sizes (symbolic ones stay symbolic)
    and of a range."""
    rng = ctx.rng
    r = rng.random()
    shaped = [(e, t) for e, t in ctx.scope.tensors if t.shape]
    if r < 0.2 and shaped:
        e, t = rng.choice(shaped)
        form = rng.choice(("max(%s.shape)", "min(%s.shape)", "len(tuple(%s.shape))", "sorted(%s.shape)[-1]",
                           "min(%s.shape[0], 3)", "max(list(%s.shape) + [2])"))
        bound = max(dim_max(d) for d in t.shape) if "len" not in form else len(t.shape)
        return form % e, max(bound, 3), True
    if r < 0.3:
        k = rng.randint(0, 4)
        return rng.choice(("len(list(range(%d)))", "sum(tuple(range(%d)))")) % k, 10, True
    a, ba, ia = number_expr(ctx, depth - 1, integral)
    b, bb, ib = number_expr(ctx, depth - 1, integral)
    bound, is_int = max(ba, bb), ia and ib
    r = rng.random()
    if r < 0.2:
        return "%s([%s, %s])" % (rng.choice(("min", "max")), a, b), bound, is_int
    if r < 0.35:
        return "max(%s, %s, 1)" % (a, b), max(bound, 1), is_int
    if r < 0.5:
        return "sorted([%s, %s]%s)[0]" % (a, b, rng.choice(("", ", reverse=True"))), bound, is_int
    if r < 0.65:
        return "list((%s, %s))[1]" % (a, b), bb, ib
    if r < 0.8:
        return "tuple([%s, %s])[0]" % (a, b), ba, ia
    if r < 0.9:
        return 'dict([("p", %s), ("q", %s)])["q"]' % (a, b), bb, ib
    return 'dict(p=%s, q=%s)["p"]' % (a, b), ba, ia


def n_str_method(ctx, depth, integral):
    """Methods of strings known at trace time (a mode argument, guarded, or a literal),
    which run at trace time."""
    rng = ctx.rng
    ascii_only = True
    if ctx.scope.modes and rng.random() < 0.6:
        s, choices = rng.choice(ctx.scope.modes)
        ascii_only = all(str(c).isascii() for c in choices)
    else:
        s = repr(rng.choice(("a,b", " tanh ", "x-y-z", "Relu")))
    forms = ["len(%s.split(\",\"))", "len(%s.strip())", "len(\"-\".join([%s, \"q\"]))",
             "len(%s.replace(\"a\", \"aa\"))", "(2 if %s.startswith((\"t\", \"x\")) else 1)",
             "len(%s.split())"]
    if ascii_only:
        # minipy's upper and lower raise on non-ASCII text (SPEC.md), CPython's do not.
        forms.append("len(%s.upper() + %s.lower())")
    return rng.choice(forms).replace("%s", s), 30, True


def n_cond(ctx, depth, integral):
    a, ba, ia = number_expr(ctx, depth - 1, integral)
    b, bb, ib = number_expr(ctx, depth - 1, integral)
    return "(%s if %s else %s)" % (a, condition(ctx), b), max(ba, bb), ia and ib


# ---------------------------------------------------------------------------
# Conditions (bool expressions). Some depend on constants and shapes (decided at
# trace time), others on tensor data.

def condition(ctx, depth=1):
    for _ in range(30):
        form = choose(ctx, ctx.gen.tables.CONDITIONS)
        try:
            code = form(ctx, depth)
        except Reject:
            continue
        used(ctx, form)
        return code
    return "True"


def c_compare(ctx, depth):
    rng = ctx.rng
    a, _, _ = number_expr(ctx, depth)
    b, _ = num_literal(rng)
    op = rng.choice(("<", "<=", ">", ">=", "==", "!="))
    if rng.random() < 0.2:
        c, _ = num_literal(rng)
        return "%s < %s %s %s" % (b, a, rng.choice(("<", "<=")), c)
    return "%s %s %s" % (a, op, b)


def c_flag(ctx, depth):
    if not ctx.scope.flags:
        raise Reject()
    f = ctx.rng.choice(ctx.scope.flags)
    return f if ctx.rng.random() < 0.7 else "not " + f


def c_mode(ctx, depth):
    if not ctx.scope.modes:
        raise Reject()
    e, choices = ctx.rng.choice(ctx.scope.modes)
    return "%s == %r" % (e, ctx.rng.choice(choices))


def c_shape(ctx, depth):
    cands = [(e, t) for e, t in ctx.scope.tensors if t.shape]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    r = ctx.rng.random()
    if r < 0.4:
        return "%s.shape[0] %s %d" % (e, ctx.rng.choice((">", "==", "<=")), ctx.rng.randint(1, 3))
    if r < 0.7:
        return "%s.ndim == %d" % (e, len(t.shape))
    return "%s.shape[-1] != %d" % (e, ctx.rng.randint(1, 4))


def c_shape_tuple(ctx, depth):
    cands = [(e, t) for e, t in ctx.scope.tensors if t.shape]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    op = ctx.rng.choice(("==", "==", "!=", "<", ">="))
    return "%s.shape %s %s" % (e, op, shape_tuple_expr(ctx, t.shape))


def c_grad(ctx, depth):
    return "is_grad_enabled()" if ctx.rng.random() < 0.7 else "not is_grad_enabled()"


def c_tensor_truth(ctx, depth):
    rng = ctx.rng
    a, _ = tensor_expr(ctx, interesting_shape(ctx), depth)
    r = rng.random()
    if r < 0.4:
        return "bool(%s.sum())" % a
    if r < 0.6:
        return "%s.max()" % a
    if not ctx.scope.tensors:
        raise Reject()
    x = rng.choice(ctx.scope.tensors)
    y, _ = tensor_expr(ctx, sub_shape(rng, x[1].shape), 0)
    tol = rng.choice(("", ", 0.5", ", tol=1.0"))
    return "allclose(%s, %s%s)" % (x[0], y, tol)


def c_item(ctx, depth):
    a, _ = tensor_expr(ctx, interesting_shape(ctx), depth)
    return "%s.sum().item() %s %s" % (a, ctx.rng.choice((">", "<", ">=")),
                                      num_literal(ctx.rng)[0])


def c_isinstance(ctx, depth):
    cands = [e for e, t in ctx.scope.numbers]
    if not cands:
        raise Reject()
    return "isinstance(%s, %s)" % (ctx.rng.choice(cands),
                                   ctx.rng.choice(("int", "float", "(int, float)")))


def c_bool_op(ctx, depth):
    if depth <= 0:
        raise Reject()
    a = condition(ctx, depth - 1)
    b = condition(ctx, depth - 1)
    return "(%s) %s (%s)" % (a, ctx.rng.choice(("and", "or")), b)


def c_identity(ctx, depth):
    ids = ctx.scope.idents
    if len(ids) < 2:
        raise Reject()
    a, b = ctx.rng.sample(ids, 2)
    if len(ids) >= 3 and ctx.rng.random() < 0.2:
        # Membership compares items by identity first, then with == (identity again
        # for minipy's tensors).
        c = ctx.rng.choice([i for i in ids if i != b])
        return "%s %s [%s, %s]" % (a, ctx.rng.choice(("in", "not in")), b, c)
    # == and != of tensors compare identity, as `is` does.
    return "%s %s %s" % (a, ctx.rng.choice(("is", "is not", "==", "!=")), b)


def c_object_identity(ctx, depth):
    """== and != of objects and classes without __eq__ (identity, as in Python), and
    hasattr."""
    objs = body_objects(ctx)
    if not objs:
        raise Reject()
    rng = ctx.rng
    o = rng.choice(objs)
    other = rng.choice(objs)
    r = rng.random()
    if r < 0.3:
        return "%s %s None" % (o.expr, rng.choice(("==", "!=")))
    if r < 0.5:
        return "%s %s %s" % (o.expr, rng.choice(("==", "!=")), other.expr)
    if r < 0.7:
        return "%s %s %s" % (rng.choice((o.cls.name, o.expr)), rng.choice(("==", "!=")),
                             rng.choice(("None", other.cls.name, "3")))
    if r < 0.85:
        return "%s in [%s, 1]" % (o.expr, other.expr)
    if r < 0.93 and ctx.scope.tensors:
        return "hasattr(%s, %r)" % (rng.choice(ctx.scope.tensors)[0], rng.choice(("shape", "ndim", "dtype", "relu")))
    return "hasattr(%s, %r)" % (o.expr, rng.choice(("w", "missing", "bias")))


def c_dict_view(ctx, depth):
    """Views of a dict (an argument or one the body made): keys, values, items."""
    bases = dict_bases(ctx)
    if not bases:
        raise Reject()
    rng = ctx.rng
    d = rng.choice(bases)
    return rng.choice(('"w" in %s.keys()' % d, '"zz" not in %s.keys()' % d, "len(%s.items()) == 2" % d,
                       'list(%s)[0] == "w"' % d, 'sorted(%s.keys())[-1] != "k"' % d, "%s.values()" % d,
                       "not %s.items()" % d, '("k", %d) in %s.items()' % (rng.randint(0, 2), d),
                       '("w", "k") not in %s.items()' % d))


def dunder_bag(ctx, depth):
    """A Bag (DUNDER_CLASSES) for an expression: the global one (read from the frame),
    or one made in the expression from number expressions; its items' bound and
    count."""
    rng = ctx.rng
    ctx.gen.shared("Bag", DUNDER_CLASSES)
    if rng.random() < 0.5:
        return "bag_g", 3, 3
    items = [number_expr(ctx, max(depth - 1, 0), True) for _ in range(rng.randint(0, 3))]
    bound = max([b for _, b, _ in items], default=0)
    return "Bag([%s], %d)" % (", ".join(e for e, _, _ in items), rng.randint(0, 2)), bound, len(items)


def n_dunder(ctx, depth, integral):
    """Operations Python gives to a user class's special methods: len (__len__), an
    index (__getitem__), sum and list (__iter__), `in` (__contains__), truth (__bool__,
    or __len__), == and != (__eq__, __ne__)."""
    rng = ctx.rng
    b, bound, n = dunder_bag(ctx, depth)
    r = rng.random()
    if r < 0.2:
        return "len(%s)" % b, 3, True
    if r < 0.35 and n:
        return "%s[%d]" % (b, rng.randint(-n, n - 1)), bound, True
    if r < 0.5:
        return "sum(%s)" % b, bound * 3, True
    if r < 0.6 and n:
        return "list(%s)[%d]" % (b, rng.randint(-n, n - 1)), bound, True
    gate = "Gate(%s)" % number_expr(ctx, 0)[0]
    test = rng.choice(("%d in %s" % (rng.randint(0, 3), b), "%d not in %s" % (rng.randint(0, 3), b), b,
                       "not %s" % b, "bool(%s)" % b, "%s == bag_g" % b, "%s != Bag([], 1)" % b, gate,
                       "not " + gate, "%s != %d" % (gate, rng.randint(0, 2)), "%d == %s" % (rng.randint(0, 2), b)))
    return "(2 if %s else 3)" % test, 3, True


def c_dunder(ctx, depth):
    """A condition on a user object that its class's special methods answer."""
    rng = ctx.rng
    b, _, _ = dunder_bag(ctx, depth)
    return rng.choice(("%d in %s" % (rng.randint(0, 3), b), b, "not %s" % b, "len(%s) > 1" % b, "%s == bag_g" % b,
                       "bag_g != %s" % b, "Gate(%s)" % number_expr(ctx, 0)[0]))


def dict_bases(ctx):
    return sorted({e[:-5] for e, _ in ctx.scope.numbers if e.endswith('["k"]') or e.endswith('["s"]')})


def c_list_len(ctx, depth):
    if not ctx.scope.lists:
        raise Reject()
    e = ctx.rng.choice(ctx.scope.lists)[0]
    return "len(%s) %s %d" % (e, ctx.rng.choice((">", "==", "<")), ctx.rng.randint(1, 4))


# ---------------------------------------------------------------------------
# Statements of a captured body. Each piece emits lines through ctx and returns, or
# raises Reject when it does not apply.

def statements(ctx, count):
    done = 0
    tries = 0
    while done < count and tries < count * 20:
        tries += 1
        piece = choose(ctx, ctx.gen.tables.STATEMENTS)
        mark = len(ctx.lines)
        saved_scope = ctx.scope
        # A construct may give up inside a block it opened: everything it changed goes back.
        saved_state = (ctx.indent, ctx.block_depth, ctx.loop_depth, ctx.loop_mult)
        open_loops = len(loop_reads())
        try:
            piece(ctx)
            used(ctx, piece)
            done += 1
        except Reject:
            del loop_reads()[open_loops:]
            del ctx.lines[mark:]
            ctx.scope = saved_scope
            ctx.indent, ctx.block_depth, ctx.loop_depth, ctx.loop_mult = saved_state


def s_assign_tensor(ctx):
    shape = interesting_shape(ctx)
    code, b = tensor_expr(ctx, shape, ctx.rng.randint(1, MAX_DEPTH))
    name = ctx.fresh("t")
    ctx.emit("%s = %s" % (name, code))
    t = TT(shape, b)
    ctx.scope.tensors.append((name, t))
    ctx.scope.locals[name] = t


def s_assign_number(ctx):
    code, b, is_int = number_expr(ctx, ctx.rng.randint(1, 2))
    name = ctx.fresh("n")
    ctx.emit("%s = %s" % (name, code))
    ctx.scope.numbers.append((name, NT(b, is_int)))


def grow(t, step_bound, contract, ctx):
    """Bound of a variable updated `ctx.loop_mult` times by b -> contract*b + step."""
    b = t._bound
    for _ in range(ctx.loop_mult):
        b = contract * b + step_bound
        if b > CAP:
            raise Reject()
    return max(b, t._bound)


def update_expr(ctx, target, t):
    """Code and new bound for a rebinding of `target` (of tensor type t) to a value of
    the same shape computed from itself. Inside loops only forms whose growth per
    iteration does not depend on other variables are used."""
    rng = ctx.rng
    e, be = tensor_expr(ctx, sub_shape(rng, t.shape), rng.randint(0, 2))
    forms = ["decay", "add_squashed", "squash_all"]
    if ctx.loop_mult == 1:
        forms += ["add", "add", "mul", "div"]
    kind = rng.choice(forms)
    # sigmoid computes exp(-x) of what it squashes: e, or target + e for squash_all
    # (only then is the target's own bound relied on).
    squashed = be + (t.bound if kind == "squash_all" else 0.0)
    squash = "tanh"
    if squashed <= SIGMOID_MAX and rng.random() < 0.5:
        squash = "sigmoid"
    if kind == "decay":
        return "%s * 0.5 + %s.%s()" % (target, e, squash), grow(t, 1.0, 0.5, ctx), None
    if kind == "add_squashed":
        op = rng.choice(("+=", "-="))
        return "%s.%s()" % (e, squash), grow(t, 1.0, 1.0, ctx), op
    if kind == "squash_all":
        return "(%s + %s).%s()" % (target, e, squash), max(t._bound, 1.0), None
    e2, be = tensor_expr(ctx, sub_shape(rng, t.shape), rng.randint(0, 2))
    if kind == "add":
        return e2, t._bound + be, rng.choice(("+=", "-="))
    if kind == "mul":
        if t._bound * be > CAP:
            raise Reject()
        return e2, max(t._bound, t._bound * be), "*="
    d, lb = tensor_denominator(ctx, sub_shape(rng, t.shape), 1)
    return d, max(t._bound, t._bound / lb), "/="


def s_mutate_local(ctx):
    if not ctx.scope.locals:
        raise Reject()
    name = ctx.rng.choice(sorted(ctx.scope.locals))
    t = ctx.scope.locals[name]
    code, nb, op = update_expr(ctx, name, t)
    if raises_read_bound(t, nb):
        raise Reject()
    if op:
        ctx.emit("%s %s %s" % (name, op, code))
    else:
        ctx.emit("%s = %s" % (name, code))
    t.bound = nb


def body_block(ctx, lo, hi):
    """Statements of a nested block (at least one line)."""
    mark = len(ctx.lines)
    statements(ctx, ctx.rng.randint(lo, hi))
    if len(ctx.lines) == mark:
        ctx.emit("pass")


def block(ctx, header, lo, hi, first=None):
    """A compound statement's header and a nested block of lo..hi statements (after the
    line or lines `first`, if given). Names defined inside do not outlive the block."""
    ctx.emit(header)
    saved = ctx.child()
    for line in [first] if isinstance(first, str) else first or []:
        ctx.emit(line)
    body_block(ctx, lo, hi)
    ctx.leave(saved)


def s_if(ctx):
    if ctx.block_depth >= 3:
        raise Reject()
    block(ctx, "if %s:" % condition(ctx), 1, 3)
    r = ctx.rng.random()
    if r < 0.3:
        block(ctx, "elif %s:" % condition(ctx), 1, 2)
    if r < 0.7:
        block(ctx, "else:", 1, 2)


def enter_loop(ctx, iterations):
    saved = ctx.child()
    ctx.loop_mult *= iterations
    ctx.loop_depth += 1
    loop_reads().append(set())
    return saved


def leave_loop(ctx, saved, iterations):
    ctx.loop_mult //= iterations
    ctx.loop_depth -= 1
    loop_reads().pop()
    ctx.leave(saved)


def pass_count(ctx):
    """An int expression for how many passes a loop makes, at most a few: (code, bound)."""
    n, b, _ = number_expr(ctx, 1, integral=True)
    if b > 6:
        n = "min(%s, %d)" % (n, ctx.rng.randint(2, 4))
        b = 4
    return n, b


def loop_limit(ctx, n):
    """Binds a new name to `n` before a loop over a long sequence; the loop's body
    starts with `leave_at(index, limit)`."""
    limit = ctx.fresh("lim")
    ctx.emit("%s = %s" % (limit, n))
    return limit


def leave_at(index, limit):
    return ["if %s >= %s:" % (index, limit), "    break"]


def s_for_range(ctx):
    if ctx.loop_depth >= 2 or ctx.block_depth >= 3:
        raise Reject()
    rng = ctx.rng
    n, b = pass_count(ctx)
    i = ctx.fresh("i")
    r = rng.random()
    first = []
    if r < 0.2:
        header = "for %s in range(1, %s):" % (i, n)
    elif r < 0.3:
        header = "for %s in range(%s, 0, -1):" % (i, n)
    elif r < 0.4:
        # A long range left by `break`: a graph break in the body leaves its iterator
        # live, and generated code must make it again without listing its items.
        limit = loop_limit(ctx, n)
        header = "for %s in range(%d):" % (i, rng.choice((10 ** 6, 10 ** 9)))
        first = leave_at(i, limit)
    else:
        header = "for %s in range(%s):" % (i, n)
    ctx.emit(header)
    saved = enter_loop(ctx, max(int(b), 1))
    for line in first:
        ctx.emit(line)
    ctx.scope.numbers.append((i, NT(b, True)))
    body_block(ctx, 1, 3)
    leave_loop(ctx, saved, max(int(b), 1))


def s_break_every_pass(ctx):
    """A loop that breaks the graph on every pass, more often than captured frames may
    nest (runtime_options::max_nested_frames): its resume functions call each other up
    to that bound, and the rest of the loop runs eagerly."""
    if ctx.kind != "capture" or ctx.loop_depth > 0 or ctx.block_depth >= 2 or not ctx.scope.tensors:
        raise Reject()
    rng = ctx.rng
    _, t = rng.choice(ctx.scope.tensors)
    first, _ = tensor_expr(ctx, t.shape, 1)
    acc, i = ctx.fresh("acc"), ctx.fresh("i")
    ctx.emit("%s = (%s).tanh()" % (acc, first))
    ctx.emit("for %s in range(%d):" % (i, rng.choice((20, 40, 70, 130))))
    ctx.emit('    print("%s", %s)' % (ctx.plan.name, i))
    ctx.emit("    %s = (%s * 0.5 + %s).tanh()" % (acc, acc, i))
    ctx.scope.tensors.append((acc, TT(t.shape, 1.0)))


def s_for_string(ctx):
    """A loop over the characters of a string: a mode parameter or a literal, unrolled
    one constant per character; or, with a graph break allowed, the same text repeated
    past what a loop may unroll, left by `break` after a few characters (a graph break
    at the loop, then one per pass over an iterator made outside the trace)."""
    if ctx.loop_depth >= 2 or ctx.block_depth >= 3:
        raise Reject()
    rng = ctx.rng
    if ctx.scope.modes and rng.random() < 0.6:
        word, choices = rng.choice(ctx.scope.modes)
        letters = sorted(set("".join(choices)))
        passes = max(len(c) for c in choices)
    else:
        text = rng.choice(("ab", "xyz", "relu", "aé€"))  # characters, not bytes
        word, letters, passes = repr(text), sorted(set(text)), len(text)
    ch = ctx.fresh("ch")
    first = []
    if ctx.breaks_left > 0 and rng.random() < 0.3:
        used(ctx, s_graph_break)
        n, b = pass_count(ctx)
        limit = loop_limit(ctx, n)
        i = ctx.fresh("i")
        ctx.emit("for %s, %s in enumerate(%s * %d):" % (i, ch, word, rng.choice((40000, 100000))))
        first = leave_at(i, limit)
        passes = max(int(b), 1)
    else:
        ctx.emit("for %s in %s:" % (ch, word))
    saved = enter_loop(ctx, passes)
    for line in first:
        ctx.emit(line)
    ctx.scope.modes.append((ch, tuple(letters)))
    body_block(ctx, 1, 3)
    leave_loop(ctx, saved, passes)


def s_for_rows(ctx):
    if ctx.loop_depth >= 2 or ctx.block_depth >= 3:
        raise Reject()
    cands = [(e, t) for e, t in ctx.scope.tensors if t.shape]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    row = ctx.fresh("row")
    if ctx.rng.random() < 0.3:
        i = ctx.fresh("i")
        ctx.emit("for %s, %s in enumerate(%s):" % (i, row, e))
    else:
        i = None
        ctx.emit("for %s in %s:" % (row, e))
    n = dim_max(t.shape[0])
    saved = enter_loop(ctx, n)
    ctx.scope.tensors.append((row, TT(t.shape[1:], t.bound)))
    if i:
        ctx.scope.numbers.append((i, NT(n, True)))
    # Not into the tensor iterated: in an enclosing loop, the next pass would iterate
    # the grown tensor and the growth would compound beyond the bound's model.
    accumulate(ctx, row, TT(t.shape[1:], t.bound), exclude=e)
    body_block(ctx, 0, 2)
    leave_loop(ctx, saved, n)


def accumulate(ctx, elem, et, exclude=None):
    """Inside a loop: add the loop element into a local that it broadcasts to."""
    targets = [(n, t) for n, t in ctx.scope.locals.items()
               if n != exclude and broadcasts_to(et.shape, t.shape)]
    if not targets or ctx.rng.random() < 0.3:
        return
    name, t = ctx.rng.choice(sorted(targets, key=lambda p: p[0]))
    new_bound = grow(t, et.bound, 1.0, ctx)
    if raises_read_bound(t, new_bound):
        return
    op = ctx.rng.choice(("+", "-"))
    if ctx.rng.random() < 0.5:
        ctx.emit("%s = %s %s %s" % (name, name, op, elem))
    else:
        ctx.emit("%s %s= %s" % (name, op, elem))
    t.bound = new_bound


def s_for_list(ctx):
    if ctx.loop_depth >= 2 or ctx.block_depth >= 3 or not ctx.scope.lists:
        raise Reject()
    e, et, n, _ = ctx.rng.choice(ctx.scope.lists)
    v = ctx.fresh("e")
    r = ctx.rng.random()
    extra = None
    if r < 0.25:
        i = ctx.fresh("i")
        ctx.emit("for %s, %s in enumerate(%s):" % (i, v, e))
        extra = (i, NT(n, True))
    elif r < 0.4:
        w = ctx.fresh("e")
        ctx.emit("for %s, %s in zip(%s, %s):" % (v, w, e, e))
        extra = None
    elif r < 0.55:
        # Through a user object whose __iter__ gives iter() of the list.
        ctx.emit("for %s in %s(%s):" % (v, ctx.gen.shared("Bag", DUNDER_CLASSES), e))
    else:
        ctx.emit("for %s in %s:" % (v, e))
    saved = enter_loop(ctx, n)
    ctx.scope.tensors.append((v, TT(et.shape, et.bound)))
    if extra:
        ctx.scope.numbers.append(extra)
    accumulate(ctx, v, et)
    body_block(ctx, 0, 2)
    leave_loop(ctx, saved, n)


def s_for_shared_iterator(ctx):
    """An iterator held in a local and driven by two loops: the first may stop early,
    the second takes the rest. A break in the first loop's body finds the iterator both
    on the stack and in the local, and the two must stay one object."""
    if ctx.loop_depth >= 1 or ctx.block_depth >= 3 or not ctx.scope.lists:
        raise Reject()
    rng = ctx.rng
    e, et, n, _ = rng.choice(ctx.scope.lists)
    it, i = ctx.fresh("it"), ctx.fresh("i")
    ctx.emit("%s = enumerate(%s)" % (it, e))
    for loop in range(2):
        v = ctx.fresh("e")
        ctx.emit("for %s, %s in %s:" % (i, v, it))
        saved = enter_loop(ctx, n)
        ctx.scope.tensors.append((v, TT(et.shape, et.bound)))
        ctx.scope.numbers.append((i, NT(n, True)))
        accumulate(ctx, v, et)
        if loop == 0:
            body_block(ctx, 0, 2)
            ctx.emit("if %s == %d:" % (i, rng.randint(0, max(0, n - 1))))
            ctx.emit("    break")
        else:
            ctx.emit("pass")  # the body is never empty, accumulate or not
        leave_loop(ctx, saved, n)


def s_while(ctx):
    if ctx.loop_depth >= 2 or ctx.block_depth >= 3:
        raise Reject()
    rng = ctx.rng
    i = ctx.fresh("w")
    n = rng.randint(1, 3)
    ctx.emit("%s = 0" % i)
    ctx.emit("while %s < %d:" % (i, n))
    saved = enter_loop(ctx, n)
    ctx.emit("%s += 1" % i)
    ctx.scope.numbers.append((i, NT(n, True)))
    if rng.random() < 0.3:
        ctx.emit("if %s == %d:" % (i, rng.randint(1, n)))
        ctx.emit("    %s" % rng.choice(("continue", "break")))
    body_block(ctx, 1, 2)
    leave_loop(ctx, saved, n)


def branch_body(ctx, param, t):
    """A tensor expression of `param` (a tensor like `t`) with the same shape and dtype:
    arithmetic with numbers, relu, or a tensor of the scope of the same shape (lifted
    into the subgraph)."""
    rng = ctx.rng
    r = rng.randrange(5)
    if r == 0:
        return "%s * %d + %d" % (param, rng.randint(-3, 3), rng.randint(-2, 2))
    if r == 1:
        return "(%s - %d).relu()" % (param, rng.randint(0, 2))
    same = [e for e, u in ctx.scope.tensors if u.shape == t.shape and u.bound <= t.bound]
    if r < 4 and same:
        return "%s %s %s" % (param, rng.choice(("+", "-", "*")), rng.choice(same))
    return "%s + %d" % (param, rng.randint(1, 4))


def cond_predicate(ctx):
    """cond's predicate: a flag, a constant, or a tensor of the scope summed (the
    generator's tensor_predicate)."""
    rng = ctx.rng
    r = rng.randrange(4)
    if r == 0 and ctx.scope.flags:
        return rng.choice(ctx.scope.flags)
    if r == 1:
        return rng.choice(("True", "0"))
    return ctx.gen.tensor_predicate(ctx, rng.choice(ctx.scope.tensors)[0])


def s_cond(ctx):
    """cond with a tensor predicate (one node with two subgraphs) or a constant one
    (the branch inlined); rarely branches whose shapes differ (a graph break)."""
    e, t = capture_tensor(ctx)
    pred = cond_predicate(ctx)
    yes = "lambda a_: " + branch_body(ctx, "a_", t)
    no = "lambda a_: " + branch_body(ctx, "a_", t)
    name = ctx.fresh("c")
    ctx.emit("%s = cond(%s, %s, %s, (%s,))" % (name, pred, yes, no, e))
    ctx.scope.tensors.append((name, TT(t.shape, t.bound * 8 + 8)))


def s_cond_mismatch(ctx):
    """cond whose branches return different shapes: a graph break at the call."""
    e, t = capture_tensor(ctx)
    name = ctx.fresh("c")
    ctx.emit("%s = cond(%s.sum(), lambda a_: a_.sum(), lambda a_: a_.sum() + 1, (%s,))" % (name, e, e)
             if ctx.rng.random() < 0.3 else
             'print("%s", cond(%s.sum(), lambda a_: a_, lambda a_: a_.sum(), (%s,)))' % (ctx.plan.name, e, e))


def s_while_loop(ctx):
    """while_loop counting a tensor down to zero, carrying a tensor of the scope."""
    e, t = capture_tensor(ctx)
    rng = ctx.rng
    body = branch_body(ctx, "acc_", t)
    name = ctx.fresh("w")
    ctx.emit("%s = while_loop(lambda n_, acc_: n_, lambda n_, acc_: (n_ - 1, %s), (tensor(%d.0), %s))[1]"
             % (name, body, rng.randint(0, 3), e))
    ctx.scope.tensors.append((name, TT(t.shape, (t.bound + 8) * 1000)))


def s_map_rows(ctx):
    """map_rows over a tensor's rows with an elementwise body (the result has the
    tensor's shape); the body may read a scope tensor of a row's shape (lifted)."""
    cands = [(e, t) for e, t in ctx.scope.tensors if len(t.shape) >= 1]
    if ctx.kind != "capture" or not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    row = TT(t.shape[1:], t.bound)
    name = ctx.fresh("m")
    ctx.emit("%s = map_rows(lambda r_: %s, %s, ())" % (name, branch_body(ctx, "r_", row), e))
    ctx.scope.tensors.append((name, TT(t.shape, t.bound * 8 + 8)))


def s_comptime(ctx):
    """A comptime call: a shortcut or a callback that reads the trace and prints to
    stderr at trace time (nothing eagerly, in CPython or in the graph)."""
    if ctx.kind != "capture":
        raise Reject()
    rng = ctx.rng
    ct = ctx.gen.COMPTIME
    r = rng.randrange(10)
    if r < 6:
        ctx.emit("%s.%s()" % (ct, rng.choice(("print_graph", "print_locals", "print_guards",
                                             "print_value_stack", "print_disas", "print_bt"))))
    elif r < 8 and ctx.scope.locals:
        name = rng.choice(sorted(ctx.scope.locals))
        ctx.emit('%s(lambda ctx: ctx.get_local("%s").is_proxy())' % (ct, name))
    elif r < 9:
        if rng.random() < 0.5:
            ctx.emit("%s(lambda ctx: ctx.print_locals())" % ct)
        else:
            # The decorator form: the function runs at trace time, once per translation.
            f = ctx.fresh("ct")
            ctx.emit("@" + ct)
            ctx.emit("def %s(ctx):" % f)
            ctx.emit("    ctx.print_value_stack()")
    else:
        e, t = capture_tensor(ctx)
        name = ctx.fresh("v")
        ctx.emit("%s = %s.print_value_stack_and_return(%s)" % (name, ct, e))
        ctx.scope.tensors.append((name, t))


def s_comptime_break(ctx):
    """A graph break asked for by comptime: the shortcut, or a callback's."""
    if ctx.kind != "capture":
        raise Reject()
    ct = ctx.gen.COMPTIME
    ctx.emit(ctx.rng.choice(("%s.graph_break()" % ct,
                             '%s(lambda ctx: ctx.graph_break(msg="fuzz"))' % ct)))


def s_print(ctx):
    if ctx.kind != "capture":
        raise Reject()
    rng = ctx.rng
    items = ['"%s"' % ctx.plan.name]
    for _ in range(rng.randint(1, 2)):
        r = rng.random()
        if r < 0.5 and ctx.scope.tensors:
            items.append(rng.choice(ctx.scope.tensors)[0])
        elif r < 0.8:
            items.append(number_expr(ctx, 1)[0])
        elif r < 0.9:
            items.append("is_grad_enabled()")
        else:
            e = [e for e, t in ctx.scope.tensors]
            if not e:
                raise Reject()
            items.append(rng.choice(e) + rng.choice((".shape", ".dtype", ".ndim")))
    tail = rng.choice(("", "", ', sep=" | "', ', end=";\\n"'))
    ctx.emit("print(%s%s)" % (", ".join(items), tail))


def s_graph_break(ctx):
    if ctx.kind != "capture":
        raise Reject()
    ctx.emit("graph_break()")


def capture_tensor(ctx):
    """A tensor of the scope of a capture function's body (Reject elsewhere)."""
    if ctx.kind != "capture" or not ctx.scope.tensors:
        raise Reject()
    return ctx.rng.choice(ctx.scope.tensors)


def s_tolist(ctx):
    e, t = capture_tensor(ctx)
    name = ctx.fresh("l")
    ctx.emit("%s = %s.tolist()" % (name, e))
    ctx.emit('print("%s", %s)' % (ctx.plan.name, name))


def s_dropped_result(ctx):
    """A call made as a statement that breaks the graph and whose result, which nothing
    reads, changes with the inputs: the code at the break drops it, and the resume
    function is not guarded on it."""
    e, _ = capture_tensor(ctx)
    form = ctx.rng.choice(("%s.sum().item()", "%s.tolist()", "allclose(%s, %s.abs())"))
    ctx.emit(form.replace("%s", e))


def grad_manager(ctx):
    """A grad-mode context manager: no_grad(), enable_grad(), or grad_mode(flag) with
    a constant flag (made again by the same call at a graph break in its block)."""
    r = ctx.rng.randrange(7)
    if r < 2:
        return "no_grad()"
    if r < 4:
        return "enable_grad()"
    if r == 6 and ctx.scope.numbers:
        # A flag computed from a number of the frame (guarded by value).
        n = ctx.rng.choice(ctx.scope.numbers)[0]
        return "grad_mode(%s > 0)" % n
    return "grad_mode(%s)" % ctx.rng.choice(("False", "True", "0", "1"))


def s_with_no_grad(ctx):
    """A grad-mode block (captured in the graph, with is_grad_enabled() folded)."""
    if ctx.block_depth >= 3:
        raise Reject()
    header = "with %s:" % grad_manager(ctx)
    block(ctx, header, 1, 2)


def s_with_no_grad_print(ctx):
    """A grad-mode block that starts with a print: a graph break inside the block,
    which the code at the break and the resume function enter again."""
    if ctx.block_depth >= 3 or ctx.kind != "capture":
        raise Reject()
    header = "with %s:" % grad_manager(ctx)
    first = 'print("%s", is_grad_enabled())' % ctx.plan.name
    r = ctx.rng.random()
    if r < 0.3:
        # The block's code changes the state the block set, then breaks: the code at
        # the break and the resume function set it again after entering the block.
        first = ["set_grad_enabled(not is_grad_enabled())", first]
    elif r < 0.45:
        # A call of a function never captured that changes the state: the break is
        # that call, and the rest of the block runs in the state it left.
        first = ["%s()" % ctx.gen.grad_flipper(), first]
    block(ctx, header, 1, 2, first)


def s_with_manager_local(ctx):
    """A grad-mode context manager made first and entered later, sometimes after a
    print (it is then live at the graph break before its block and made again)."""
    if ctx.block_depth >= 3 or ctx.kind != "capture":
        raise Reject()
    name = ctx.fresh("cm")
    ctx.emit("%s = %s" % (name, grad_manager(ctx)))
    if ctx.rng.random() < 0.4:
        ctx.emit('print("%s", is_grad_enabled())' % ctx.plan.name)
    block(ctx, "with %s:" % name, 1, 2)


def s_set_grad(ctx):
    """set_grad_enabled in the body: in the graph before any tensor operation, a graph
    break after one (outside a with block)."""
    if ctx.kind != "capture":
        raise Reject()
    ctx.emit("set_grad_enabled(%s)" % ctx.rng.choice(("False", "True", "not is_grad_enabled()")))


def s_with_user(ctx):
    if ctx.block_depth >= 3 or ctx.kind != "capture":
        raise Reject()
    cm = ctx.gen.context_manager()
    tag = ctx.rng.choice(("a", "b", "c"))
    if ctx.rng.random() < 0.4:
        header = 'with %s("%s") as %s:' % (cm, tag, ctx.fresh("cm"))
    else:
        header = 'with %s("%s"):' % (cm, tag)
    block(ctx, header, 1, 2)


def s_with_captured_user(ctx):
    """A block of a user context manager whose __enter__ and __exit__ are captured
    (inlined): one that records its entries and exits on a global list, printed at the
    end of the program, or one that turns grad mode off and back on."""
    if ctx.block_depth >= 3:
        raise Reject()
    if ctx.rng.random() < 0.6:
        cm = ctx.gen.marker()
        tag = ctx.rng.choice(("a", "b"))
        if ctx.rng.random() < 0.3:
            header = 'with %s("%s") as %s:' % (cm, tag, ctx.fresh("cm"))
        else:
            header = 'with %s("%s"):' % (cm, tag)
    else:
        header = "with %s():" % ctx.gen.grad_off()
    block(ctx, header, 1, 2)


def s_suppress(ctx):
    """A user context manager whose __exit__ swallows a tensor error."""
    if ctx.block_depth >= 3 or ctx.kind != "capture":
        raise Reject()
    cm = ctx.gen.suppressor()
    ctx.emit("with %s():" % cm)
    saved = ctx.child()
    ctx.emit(risky_statement(ctx))
    ctx.leave(saved)


def risky_statement(ctx):
    """A statement that raises a tensor (or Python) error for some inputs or always."""
    rng = ctx.rng
    cands = [(e, t) for e, t in ctx.scope.tensors]
    if not cands:
        raise Reject()
    e, t = rng.choice(cands)
    r = rng.randrange(8)
    if r == 0:
        return "print(%s.reshape(2, -1).shape)" % e
    if r == 1:
        return "print(%s.item())" % e
    if r == 2:
        return "print(%s.reshape(-1) @ ones(%d))" % (e, rng.choice((3, 100)))
    if r == 3:
        return "print(%s[%d])" % (e, rng.randint(1, 4))
    if r == 4:
        return "print(%s.sum(%d))" % (e, rng.randint(1, 3))
    if r == 5:
        o, _ = tensor_expr(ctx, (rng.choice(ctx.scope.dims() + ["3"]),), 0)
        return "print(%s + %s)" % (e, o)
    if r == 6:
        return "print(%s.t().shape)" % e
    n, _, _ = number_expr(ctx, 1, integral=True)
    return "print(%s / (%s %% 2))" % (e, n)


def s_risky_division(ctx):
    """A division of a tensor by a number that is zero for some inputs: in the graph, it
    raises after the state writes before it were traced, and the frame runs again
    eagerly (the call site may catch the ZeroDivisionError)."""
    e, t = capture_tensor(ctx)
    # A dimension (it changes between calls) or a number, zero when even.
    dims = [d for d in ctx.scope.dims() if not d.isdigit()]
    if dims and ctx.rng.random() < 0.8:
        n = dim_expr(ctx, ctx.rng.choice(dims))
    else:
        n, _, _ = number_expr(ctx, 1, integral=True)
    if ctx.scope.writable and ctx.rng.random() < 0.7:
        try:
            s_write_state(ctx)  # traced before the division, in the same graph
        except Reject:
            pass
    ctx.emit('print("%s", %s / (%s %% 2))' % (ctx.plan.name, e, n))
    ctx.plan.raises = True  # every call site catches the error (c_data_error)


def s_try(ctx):
    # Not inside gen_numpy's with blocks (in_with): the raises there are s_with_raise's.
    if ctx.block_depth >= 3 or ctx.kind != "capture" or getattr(ctx, "in_with", 0):
        raise Reject()
    rng = ctx.rng
    ctx.emit("try:")
    saved = ctx.child()
    ctx.emit(ctx.gen.tables.risky_statement(ctx))
    if rng.random() < 0.3:
        body_block(ctx, 1, 1)
    ctx.leave(saved)
    kinds = rng.sample(["ValueError", "IndexError", "ZeroDivisionError"], 3)
    if rng.random() < 0.3:
        ctx.emit("except (%s) as err:" % ", ".join(kinds))
        ctx.emit('    print("%s caught", err)' % ctx.plan.name)
    else:
        for k in kinds:
            ctx.emit("except %s as err:" % k)
            ctx.emit('    print("%s %s", err)' % (ctx.plan.name, k))
    if rng.random() < 0.3:
        ctx.emit("else:")
        ctx.emit('    print("%s no error")' % ctx.plan.name)
    if rng.random() < 0.3:
        ctx.emit("finally:")
        ctx.emit('    print("%s finally")' % ctx.plan.name)


def s_raise_catch(ctx):
    """A raise that a handler of the same frame catches: traced through the handler when
    the trace makes the exception, with work on both paths and sometimes a finally. The
    classes raised and the handler's first line are the generator's (RAISED,
    handler_first_line)."""
    if ctx.block_depth >= 3 or ctx.kind != "capture" or getattr(ctx, "in_with", 0):
        raise Reject()
    rng = ctx.rng
    raised = rng.choice(ctx.gen.RAISED)
    ctx.gen.define_exception(raised)
    caught = rng.choice([raised, "(ZeroDivisionError, %s)" % raised, "Exception"])
    ctx.emit("try:")
    saved = ctx.child()
    ctx.emit("if %s:" % condition(ctx))
    if rng.random() < 0.5:
        ctx.emit("    raise %s" % raised)
    else:
        ctx.emit('    raise %s("%s")' % (raised, ctx.plan.name))
    body_block(ctx, 1, 2)
    ctx.leave(saved)
    named = rng.random() < 0.5
    first = ctx.gen.handler_first_line(ctx) if named else None
    block(ctx, "except %s%s:" % (caught, " as err" if named else ""), 1, 2, first)
    if rng.random() < 0.3:
        block(ctx, "finally:", 1, 1)


def s_listcomp(ctx):
    cands = [(e, t) for e, t in ctx.scope.tensors if t.shape and dim_max(t.shape[0]) <= 4]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    name = ctx.fresh("rows")
    r = ctx.fresh("r")
    # Half the time the body uses only the loop variable: a comprehension without
    # cells, inlined; otherwise it may read the frame's variables (a closure).
    inner = Scope(ctx.scope) if ctx.rng.random() < 0.5 else Scope()
    saved = ctx.scope
    ctx.scope = inner
    inner.tensors.append((r, TT(t.shape[1:], t.bound)))
    body, b = tensor_expr(ctx, t.shape[1:], 1)
    ctx.scope = saved
    if ctx.rng.random() < 0.3:
        ctx.emit("%s = [%s for %s in %s if %s.ndim >= 0]" % (name, body, r, e, r))
    else:
        ctx.emit("%s = [%s for %s in %s]" % (name, body, r, e))
    ctx.scope.lists.append((name, TT(t.shape[1:], b), dim_max(t.shape[0]), False))


def tensor_and_number(ctx):
    """A tensor in scope and a new number expression, to put in a container."""
    if not ctx.scope.tensors:
        raise Reject()
    e, t = ctx.rng.choice(ctx.scope.tensors)
    return (e, t) + number_expr(ctx, 1)


def s_construct(ctx):
    """An object of a plain class made in the body: its attributes are read, written
    and passed to its method; the tensor it holds stays in scope as `b.v`, so a later
    print or break has the object live, and some are appended to a global list: the
    generated code then builds the object."""
    rng = ctx.rng
    cls = ctx.gen.box_class()
    shape = interesting_shape(ctx)
    e, bound = tensor_expr(ctx, shape, rng.randint(0, 2))
    k = rng.randint(1, 3)
    b = ctx.fresh("b")
    if rng.random() < 0.5:
        ctx.emit("%s = %s(%s)" % (b, cls, e))
        k = 2
    else:
        ctx.emit("%s = %s(%s, k=%d)" % (b, cls, e, k))
    if rng.random() < 0.3:
        # The object outlives the trace: generated code builds it, and the replayed
        # append stores it (with the attributes it has at the end of the trace).
        ctx.emit("%s.append(%s)" % (ctx.gen.shared("box_log", ["box_log = []"]), b))
    if rng.random() < 0.4:
        e2, b2 = tensor_expr(ctx, sub_shape(rng, shape), rng.randint(0, 1))
        ctx.emit("%s.v = %s.v + %s" % (b, b, e2))
        bound += b2
    if bound * k > CAP:
        raise Reject()
    name = ctx.fresh("t")
    if ctx.gen.side.random() < 0.3 and ctx.gen.bound_method_allowed(ctx):
        # The method of an object made in the trace, read as a value, then called.
        ctx.emit("op_%s = %s.scaled" % (b, b))
        ctx.emit("%s = op_%s()" % (name, b))
    else:
        ctx.emit("%s = %s.scaled()" % (name, b))
    ctx.scope.tensors.append((name, TT(shape, bound * k)))
    ctx.scope.tensors.append(("%s.v" % b, TT(shape, bound)))


def s_tick(ctx):
    """A counter closure made at module level (its cell is no frame's) called in the
    body: its store is replayed into its own cell, and a later read in the same body
    sees it."""
    name = ctx.gen.shared("tick_c", TICK_COUNTER)
    n = ctx.fresh("n")
    ctx.emit("%s = %s()" % (n, name))
    ctx.scope.numbers.append((n, NT(2, True)))
    if ctx.rng.random() < 0.5:
        m = ctx.fresh("n")
        ctx.emit("%s = read_c() + %s" % (m, n))
        ctx.scope.numbers.append((m, NT(4, True)))


def s_noisy_try(ctx):
    """A helper that prints, then has a try block: the graph break inside it leaves a
    rest that cannot be inlined, so the caller's resume function breaks at its call of
    the helper's, and the caller's rest is captured in a resume function of its own."""
    name = ctx.gen.shared("noisy_try", NOISY_TRY)
    e, t = capture_tensor(ctx)
    v = ctx.fresh("t")
    ctx.emit("%s = %s(%s)" % (v, name, e))
    ctx.scope.tensors.append((v, t))


def s_pack(ctx):
    rng = ctx.rng
    e, t, n, nb, ni = tensor_and_number(ctx)
    p = ctx.fresh("p")
    holds_itself = False
    if rng.random() < 0.5:
        ctx.emit("%s = (%s, %s)" % (p, e, n))
    else:
        ctx.emit("%s = [%s, %s]" % (p, e, n))
        if rng.random() < 0.15:
            # A list that holds itself, compared: Python takes the items by identity
            # first, so it equals itself (a comparison that followed the items would
            # never end). Live at a later graph break, it makes the frame run eagerly.
            holds_itself = True
            c = ctx.fresh("n")
            ctx.emit("%s.append(%s)" % (p, p))
            ctx.emit("{c} = len({p}) if {p} == {p}[-1] and {p}[:2] == [{p}[0], {p}[1]] else 0"
                     .format(c=c, p=p))
            ctx.scope.numbers.append((c, NT(3, True)))
    a, b = ctx.fresh("t"), ctx.fresh("n")
    if rng.random() < 0.5 and not holds_itself:
        ctx.emit("%s, %s = %s" % (a, b, p))
    else:
        ctx.emit("%s = %s[0]" % (a, p))
        ctx.emit("%s = %s[%d]" % (b, p, 1 if holds_itself else -1))
    ctx.scope.tensors.append((a, TT(t.shape, t.bound)))
    ctx.scope.numbers.append((b, NT(nb, ni)))


def s_dict(ctx):
    rng = ctx.rng
    e1, t1, n, nb, ni = tensor_and_number(ctx)
    d = ctx.fresh("dd")
    ctx.emit('%s = {"w": %s, "k": %s}' % (d, e1, n))
    if rng.random() < 0.5:
        ctx.emit('%s["extra"] = %s' % (d, n))
    ctx.scope.tensors.append(('%s["w"]' % d, TT(t1.shape, t1.bound)))
    ctx.scope.numbers.append(('%s["k"]' % d, NT(nb, ni)))


def s_dict_views(ctx):
    """A loop over a dict's keys or items, and its values as a list: the dict is read as
    the loop advances."""
    bases = dict_bases(ctx)
    if not bases:
        raise Reject()
    rng = ctx.rng
    d = rng.choice(bases)
    n = ctx.fresh("n")
    ctx.emit("%s = 0" % n)
    if rng.random() < 0.5:
        ctx.emit("for key in %s.keys():" % d)
        ctx.emit("    %s = %s + len(key)" % (n, n))
    else:
        ctx.emit("for key, val in %s.items():" % d)
        ctx.emit("    %s = %s + len(key) + len(%s.values())" % (n, n, d))
    ctx.scope.numbers.append((n, NT(40, True)))
    w = [t for e, t in ctx.scope.tensors if e == '%s["w"]' % d]
    if w:
        v = ctx.fresh("t")
        ctx.emit("%s = list(%s.values())[0]" % (v, d))
        ctx.scope.tensors.append((v, TT(w[0].shape, w[0].bound)))


def s_list_index(ctx):
    """list.index and conversions of numbers."""
    cands = ctx.scope.numbers
    if len(cands) < 2:
        raise Reject()
    (a, ta), (b, tb) = ctx.rng.sample(cands, 2)
    n = ctx.fresh("n")
    ctx.emit("%s = [%s, %s, %s].index(%s)" % (n, a, b, a, b))
    ctx.scope.numbers.append((n, NT(2, True)))


def s_assert(ctx):
    cands = [(e, t) for e, t in ctx.scope.tensors]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    ctx.emit("assert %s.ndim == %d" % (e, len(t.shape)))


def s_assert_shape(ctx):
    cands = [(e, t) for e, t in ctx.scope.tensors]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    ctx.emit('assert %s.shape == %s, "shape changed"' % (e, shape_tuple_expr(ctx, t.shape)))


def s_del(ctx):
    if ctx.block_depth > 0 or not ctx.scope.locals:
        raise Reject()
    name = ctx.rng.choice(sorted(ctx.scope.locals))
    if sum(1 for e, _ in ctx.scope.tensors if e == name) == 0:
        raise Reject()
    if len(ctx.scope.tensors) < 3:
        raise Reject()
    ctx.emit("del %s" % name)
    del ctx.scope.locals[name]
    ctx.scope.tensors = [(e, t) for e, t in ctx.scope.tensors
                         if e != name and not e.startswith(name + ".")]
    ctx.scope.idents = [e for e in ctx.scope.idents if e != name]


def s_inner_def(ctx):
    """A nested function (a closure over a local) defined and called in the body."""
    if ctx.kind != "capture" or ctx.block_depth > 0:
        raise Reject()
    shape = interesting_shape(ctx)
    f = ctx.fresh("inner")
    u = ctx.fresh("u")
    sub = Ctx(ctx.gen, ctx.plan, Scope(ctx.scope), ctx.indent + 1, kind="helper")
    sub.scope.tensors.append((u, TT(shape, PARAM_BOUND)))
    sub.scope.locals = {}
    sub.scope.writable = []
    body, b = tensor_expr(sub, shape, 2)
    arg, ba = tensor_expr(ctx, shape, 1)
    if ba > PARAM_BOUND:
        arg = ctx.gen.squash(arg)
    name = ctx.fresh("t")
    r = ctx.rng.random()
    if r < 0.35:
        # A factory with a cell of its own (k), called in the body: inlined with the
        # cell made in the trace.
        k, bk, _ = number_expr(ctx, 1)
        mk = ctx.fresh("mk")
        ctx.emit("def %s(k):" % mk)
        ctx.emit("    def %s(%s):" % (f, u))
        ctx.emit("        return (%s) * k" % body)
        ctx.emit("    return %s" % f)
        if ctx.rng.random() < 0.5 and ctx.breaks_left > 0:
            # The closure is live at a graph break: generated code makes it again,
            # with a new cell holding k.
            g = ctx.fresh("g")
            ctx.emit("%s = %s(%s)" % (g, mk, k))
            used(ctx, s_print)
            ctx.emit('print("%s", %s)' % (ctx.plan.name, number_expr(ctx, 1)[0]))
            ctx.emit("%s = %s(%s)" % (name, g, arg))
        else:
            ctx.emit("%s = %s(%s)(%s)" % (name, mk, k, arg))
        b = b * max(1.0, abs(bk))
    else:
        ctx.emit("def %s(%s):" % (f, u))
        ctx.emit("    return %s" % body)
        if r > 0.7 and ctx.breaks_left > 0:
            # A graph break between making the closure and calling it: the resume
            # function gets the frame's cells.
            used(ctx, s_print)
            ctx.emit('print("%s", %s)' % (ctx.plan.name, number_expr(ctx, 1)[0]))
        ctx.emit("%s = %s(%s)" % (name, f, arg))
    t = TT(shape, b)
    ctx.scope.tensors.append((name, t))
    ctx.scope.locals[name] = t


def s_write_state(ctx):
    """Mutation of what the body reads from outside: argument lists and dicts, object
    attributes, globals and closure cells."""
    if ctx.kind != "capture" or not ctx.scope.writable:
        raise Reject()
    rng = ctx.rng
    kind, expr, t = rng.choice(ctx.scope.writable)
    if kind == "list":
        if ctx.loop_depth > 0:
            raise Reject()
        e, be = tensor_expr(ctx, t.shape, 1)
        r = rng.random()
        if be > SIGMOID_MAX:
            r = min(r, 0.69)
        if r < 0.4 and not ctx.appended:
            ctx.appended = True
            ctx.emit("%s.append(%s.tanh())" % (expr, e))
        elif r < 0.5:
            # Same length, items moved: insert at the front, drop the last.
            ctx.emit("%s.insert(0, %s.tanh())" % (expr, e))
            ctx.emit(rng.choice(("%s.pop()", "del %s[-1]")) % expr)
        elif r < 0.7:
            ctx.emit("%s[%s] = %s.tanh()" % (expr, rng.choice(("0", "-1")), e))
        else:
            ctx.emit("%s[0] = %s[-1] * 0.5 + %s.sigmoid()" % (expr, expr, e))
        return
    if kind == "counter":
        if ctx.loop_depth > 0:
            raise Reject()
        declare_write(ctx, expr)
        ctx.emit("%s += 1" % expr)
        return
    if kind == "bump":
        # A sibling closure assigns the frame's cell.
        code, nb, op = update_expr(ctx, expr, t)
        if nb > t.bound or op:
            raise Reject()
        ctx.emit("bump_%s(%s)" % (expr, code))
        return
    code, nb, op = update_expr(ctx, expr, t)
    if nb > t.bound:
        # State outlives the call, so only forms that keep it within its bound.
        raise Reject()
    declare_write(ctx, expr)
    if op:
        raise Reject()
    if kind == "attr" and rng.random() < 0.3:
        # The builtin form of the store (as the attribute store it stands for).
        obj, attr = expr.rsplit(".", 1)
        ctx.emit("setattr(%s, %r, %s)" % (obj, attr, code))
        return
    ctx.emit("%s = %s" % (expr, code))


def declare_write(ctx, expr):
    plan = ctx.plan
    if "." in expr or "[" in expr:
        return
    if expr in plan.cell_names:
        if expr not in ctx.nonlocals_written:
            ctx.nonlocals_written.append(expr)
    elif expr not in ctx.globals_written:
        ctx.globals_written.append(expr)


# ---------------------------------------------------------------------------
# Inputs of a plan: parameters and outside state. Each piece adds parameters or state
# to the plan and what the body may read to plan.scope.

class Param:
    def __init__(self, name, make, default=None):
        self.tt = None            # the TT of a tensor parameter
        self.name = name
        self.make = make          # make(rng, binding) -> argument code
        self.default = default    # default value code, or None


class Slot:
    """Outside state read by the body. `update(rng, binding)` returns module-level
    lines that give it a new value consistent with `binding`; `symbols` are the shape
    symbols its value depends on."""

    def __init__(self, symbols, update, init=None):
        self.symbols = symbols
        self.update = update
        self.init = init or update


def random_shape(rng, plan, rank=None):
    if rank is None:
        rank = pick(rng, [(1, 0), (3, 1), (4, 2), (1, 3)])
    out = []
    for _ in range(rank):
        r = rng.random()
        if r < 0.12:
            out.append("1")
        elif r < 0.2:
            out.append(rng.choice(("2", "3")))
        else:
            out.append(rng.choice(plan.symbols))
    return tuple(out)


def related_shape(rng, plan):
    """A shape sharing dimensions with the plan's existing tensors (so that operations
    between them are likely), or a fresh random one."""
    shapes = [t.shape for _, t in plan.scope.tensors if t.shape]
    if shapes and rng.random() < 0.6:
        base = rng.choice(shapes)
        r = rng.random()
        if r < 0.3:
            return base
        if r < 0.5:
            return tuple(reversed(base))
        if r < 0.7:
            return base[-1:]
        return base[:1] + (rng.choice(plan.symbols),)
    return random_shape(rng, plan)


def in_tensor(gen, plan):
    rng = gen.rng
    name = plan.param_name("x")
    t = TT(related_shape(rng, plan), PARAM_BOUND)
    plan.params.append(Param(name, lambda rng, bd, t=t: gen.value_code(rng, t, bd)))
    plan.params[-1].tt = t
    plan.scope.tensors.append((name, t))
    plan.scope.idents.append(name)
    if rng.random() < 0.5:
        plan.scope.locals[name] = TT(t.shape, t.bound)
        plan.scope.tensors[-1] = (name, plan.scope.locals[name])


def in_number(gen, plan):
    rng = gen.rng
    name = plan.param_name("k")
    kind = rng.choice(("int", "float", "mixed"))
    last = []

    def make(rng, bd, kind=kind):
        if last and rng.random() < 0.5:
            return last[0]
        if kind == "int":
            v = str(rng.randint(0, 3))
        elif kind == "float":
            v = repr(rng.choice((0.5, 1.5, -1.0, 2.0, 0.25, 0.0, -0.0)))
        else:
            # Equal under == but of other types or signs: guards must tell them apart.
            v = rng.choice(("0", "1", "2", "1.0", "2.0", "0.0", "-0.0", "True", "False"))
        last[:] = [v]
        return v
    default = None
    if rng.random() < 0.3:
        default = make(rng, None)
    plan.params.append(Param(name, make, default))
    plan.scope.numbers.append((name, NT(3.0, kind == "int")))


def in_flag(gen, plan):
    rng = gen.rng
    if rng.random() < 0.5:
        name = plan.param_name("flag")
        plan.params.append(Param(name, lambda rng, bd: rng.choice(("True", "False"))))
        plan.scope.flags.append(name)
    else:
        name = plan.param_name("mode")
        choices = ("relu", "tanh", "id")
        plan.params.append(Param(name, lambda rng, bd: repr(rng.choice(choices)),
                                 default=repr("id") if rng.random() < 0.4 else None))
        plan.scope.modes.append((name, choices))


def in_list(gen, plan):
    rng = gen.rng
    name = plan.param_name("xs")
    glob = plan.module_name("L")
    et = TT(related_shape(rng, plan), PARAM_BOUND)
    length = [rng.randint(1, 3)]

    def init(rng, bd):
        n = length[0] = rng.randint(1, 3)
        return ["%s = [%s]" % (glob, ", ".join(gen.value_code(rng, et, bd) for _ in range(n)))]

    def update(rng, bd):
        r = rng.random()
        if r < 0.4:
            return init(rng, bd)
        if r < 0.7:
            return ["%s[%s] = %s" % (glob, rng.choice(("0", "-1")), gen.value_code(rng, et, bd))]
        if length[0] >= 6:
            return ["%s.pop()" % glob] if length[0] > 1 else init(rng, bd)
        length[0] += 1
        return ["%s.append(%s)" % (glob, gen.value_code(rng, et, bd))]
    plan.params.append(Param(name, lambda rng, bd: glob))
    plan.slots.append(Slot(shape_symbols(et), update, init))
    plan.scope.lists.append((name, et, LIST_MAX, True))
    plan.scope.tensors.append(("%s[0]" % name, et))
    plan.scope.writable.append(("list", name, et))


def in_tuple(gen, plan):
    rng = gen.rng
    name = plan.param_name("pair")
    t = TT(related_shape(rng, plan), PARAM_BOUND)

    def make(rng, bd):
        a = tensor_value(rng, t, bd)
        n = rng.randint(-2, 3)
        return "(%s, %d)" % (a, n) if rng.random() < 0.7 else "[%s, %d]" % (a, n)
    plan.params.append(Param(name, make))
    plan.scope.tensors.append(("%s[0]" % name, t))
    plan.scope.numbers.append(("%s[1]" % name, NT(3, True)))


def in_dict(gen, plan):
    rng = gen.rng
    name = plan.param_name("d")
    glob = plan.module_name("D")
    t = TT(related_shape(rng, plan), PARAM_BOUND)

    def init(rng, bd):
        return ['%s = {"w": %s, "s": %s}' % (glob, gen.value_code(rng, t, bd),
                                             num_literal(rng)[0])]

    def update(rng, bd):
        if rng.random() < 0.5:
            return ['%s["w"] = %s' % (glob, gen.value_code(rng, t, bd))]
        return init(rng, bd)
    plan.params.append(Param(name, lambda rng, bd: glob))
    plan.slots.append(Slot(shape_symbols(t), update, init))
    plan.scope.tensors.append(('%s["w"]' % name, t))
    plan.scope.numbers.append(('%s["s"]' % name, NT(PARAM_BOUND, False)))


def in_global_tensor(gen, plan):
    rng = gen.rng
    glob = plan.module_name("G")
    t = TT(related_shape(rng, plan), PARAM_BOUND)
    plan.slots.append(Slot(shape_symbols(t),
                           lambda rng, bd: ["%s = %s" % (glob, gen.value_code(rng, t, bd))]))
    plan.scope.tensors.append((glob, t))
    plan.scope.writable.append(("global", glob, t))


def in_global_number(gen, plan):
    rng = gen.rng
    glob = plan.module_name("C")
    plan.slots.append(Slot(set(), lambda rng, bd: ["%s = %s" % (glob, num_literal(rng)[0])]))
    plan.scope.numbers.append((glob, NT(PARAM_BOUND, False)))
    if rng.random() < 0.3:
        cnt = plan.module_name("CALLS")
        plan.setup.append("%s = 0" % cnt)
        plan.scope.writable.append(("counter", cnt, None))
        plan.scope.numbers.append((cnt, NT(40, True)))


ACTIVATIONS = ("relu", "tanh", "sigmoid", "lambda v: v.tanh() * 2.0")


def in_global_function(gen, plan):
    """A global naming a tensor function (a builtin or a lambda), rebound between
    calls: the function called is part of what a trace relies on."""
    rng = gen.rng
    glob = plan.module_name("ACT")
    plan.slots.append(Slot(set(), lambda rng, bd: ["%s = %s" % (glob, rng.choice(ACTIVATIONS))]))
    plan.scope.funcs.append(glob)


def in_number_list(gen, plan):
    """A list of Python numbers passed as an argument; its items and length change."""
    rng = gen.rng
    name = plan.param_name("ks")
    glob = plan.module_name("KS")
    length = [2]

    def init(rng, bd):
        length[0] = 2
        return ["%s = [%s, %s]" % (glob, num_literal(rng)[0], num_literal(rng)[0])]

    def update(rng, bd):
        r = rng.random()
        if r < 0.4:
            return ["%s[%s] = %s" % (glob, rng.choice(("0", "-1")), num_literal(rng)[0])]
        if r < 0.6 and length[0] < 5:
            length[0] += 1
            return ["%s.append(%s)" % (glob, num_literal(rng)[0])]
        return init(rng, bd)
    plan.params.append(Param(name, lambda rng, bd: glob))
    plan.slots.append(Slot(set(), update, init))
    plan.scope.numbers.append(("%s[0]" % name, NT(PARAM_BOUND, False)))
    plan.scope.numbers.append(("%s[-1]" % name, NT(PARAM_BOUND, False)))
    plan.scope.numbers.append(("len(%s)" % name, NT(5, True)))


def in_object(gen, plan):
    """An instance with tensor and number attributes (and maybe a method), passed as an
    argument; the call site reassigns its attributes between calls."""
    rng = gen.rng
    cls = gen.new_class(plan)
    glob = plan.module_name("O")
    name = plan.param_name("o")
    t = TT(related_shape(rng, plan), PARAM_BOUND)
    cls.attrs = [("w", t), ("s", None)]

    def init(rng, bd):
        return ["%s = %s(%s, %s)" % (glob, cls.name, gen.value_code(rng, t, bd),
                                     num_literal(rng)[0])]

    def update(rng, bd):
        r = rng.random()
        if r < 0.35:
            return ["%s.w = %s" % (glob, gen.value_code(rng, t, bd))]
        if r < 0.5:
            return ["%s.s = %s" % (glob, num_literal(rng)[0])]
        if r < 0.6:
            return ["setattr(%s, \"s\", %s)" % (glob, num_literal(rng)[0])]
        if r < 0.7:
            # A class attribute read through the instance.
            return ["%s.bias = %s" % (cls.name, num_literal(rng)[0])]
        if r < 0.75:
            # An instance attribute now shadows the class attribute.
            return ["%s.bias = %s" % (glob, num_literal(rng)[0])]
        if r < 0.8:
            # The shadowing attribute deleted, if there is one.
            return ["try:", "    del %s.bias" % glob, "except AttributeError:", "    pass"]
        if r < 0.85:
            # Values replaced by equal ones: a new tensor object, the same number.
            return ["%s.w = %s.w * 1" % (glob, glob), "%s.s = %s.s" % (glob, glob)]
        return init(rng, bd)
    plan.params.append(Param(name, lambda rng, bd: glob))
    plan.slots.append(Slot(shape_symbols(t), update, init))
    plan.scope.tensors.append(("%s.w" % name, t))
    plan.scope.numbers.append(("%s.s" % name, NT(PARAM_BOUND, False)))
    plan.scope.numbers.append(("%s.bias" % name, NT(PARAM_BOUND, False)))
    plan.scope.writable.append(("attr", "%s.w" % name, t))
    plan.objects.append(ObjRef(cls, name, glob))


class ObjRef:
    def __init__(self, cls, expr, glob=None):
        self.cls = cls
        self.expr = expr
        self.expr_in_body = True
        self.glob = glob          # the module-level name of the object, if it has one


class UserClass:
    """A class made for one plan: __init__(w, s) storing attributes, and methods added
    on demand by t_method."""

    def __init__(self, gen, name):
        self.gen = gen
        self.name = name
        self.attrs = []
        self.methods = []   # lines of method definitions

    def method_call(self, ctx, obj, shape, depth):
        wt = dict(self.attrs).get("w")
        if wt is None:
            raise Reject()
        m = ctx.fresh("apply")
        u = ctx.fresh("u")
        sub = Ctx(self.gen, ctx.plan, Scope(), 2, kind="helper")
        sub.scope.tensors.append((u, TT(shape, PARAM_BOUND)))
        sub.scope.tensors.append(("self.w", wt))
        sub.scope.numbers.append(("self.s", NT(PARAM_BOUND, False)))
        body, b = tensor_expr(sub, shape, 2)
        self.methods.append("    def %s(self, %s):" % (m, u))
        self.methods.append("        return %s" % body)
        arg, ba = tensor_expr(ctx, shape, depth - 1)
        if ba > PARAM_BOUND:
            arg = self.gen.squash(arg)
        return bound_method_call(ctx, obj, m, arg), b

    def lines(self):
        out = ["class %s:" % self.name,
               "    bias = 0.5",
               "    def __init__(self, w, s):",
               "        self.w = w",
               "        self.s = s"]
        return out + self.methods


# A helper that calls the function value it is given: with a bound method, the method
# reaches the inlined call as an argument.
CALL_WITH = [
    "def call_with(fn, v):",
    "    return fn(v)",
]


def bound_method_call(ctx, obj, method, arg):
    """`obj.method(arg)`, or the same call through the bound method as a value: a local
    bound at the top of the body (`op = obj.method`, then `op(arg)`), an argument of a
    helper (`call_with(obj.method, arg)`), or a global bound at module level after the
    object (bound again where the call site makes the object again, and now and then
    where it only changes its attributes: rebind_methods).
    The form is drawn from the generator's second random stream, so that programs
    without methods are the ones they were before these forms existed."""
    gen = ctx.gen
    r = gen.side.random()
    forms = ["local", "apply"] + (["global"] if obj.glob else [])
    if r < 0.4 or not gen.bound_method_allowed(ctx):
        return "%s.%s(%s)" % (obj.expr, method, arg)
    form = forms[gen.side.randrange(len(forms))]
    plan = ctx.plan
    if form == "local":
        op = "op_%s" % method     # method names are unique in a program: no fresh name
        ctx.head.append("%s = %s.%s" % (op, obj.expr, method))
        return "%s(%s)" % (op, arg)
    if form == "apply":
        return "%s(%s.%s, %s)" % (gen.shared("call_with", CALL_WITH), obj.expr, method, arg)
    op = "BM%d_%s" % (plan.index, method)
    bind = "%s = %s.%s" % (op, obj.glob, method)
    plan.setup.append(bind)
    plan.rebinds.append((obj.glob, bind))
    return "%s(%s)" % (op, arg)


# ---------------------------------------------------------------------------
# Plans: one @capture function, where it lives (module, closure factory, class), its
# inputs, body and calls.

class Plan:
    def __init__(self, gen, index):
        self.gen = gen
        self.index = index
        self.name = "f%d" % index
        self.symbols = SYMBOLS[:gen.rng.randint(2, 3)]
        self.params = []
        self.slots = []
        self.setup = []           # module-level lines before the definition
        self.scope = Scope()
        self.objects = []
        self.cell_names = []
        self.counter = 0
        self.host = "module"
        self.helpers = []         # (name, params text, alternative body generator)
        self.binding = None
        self.calls = 0
        self.rebinds = []         # (object, line binding a global to its method): rebind_methods

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def param_name(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def module_name(self, prefix):
        self.counter += 1
        return "%s%d_%d" % (prefix, self.index, self.counter)

    def new_binding(self, old=None):
        rng = self.gen.rng
        if old is None:
            return {s: rng.randint(1, DIM_MAX) for s in self.symbols}
        out = dict(old)
        for s in rng.sample(self.symbols, rng.randint(1, len(self.symbols))):
            out[s] = rng.randint(1, DIM_MAX)
        return out


# A user context manager that prints, and one that swallows exceptions.
TAG_CLASS = [
    "class Tag:",
    "    def __init__(self, tag):",
    "        self.tag = tag",
    "    def __enter__(self):",
    '        print("enter", self.tag)',
    "        return self",
    "    def __exit__(self, a, b, c):",
    '        print("exit", self.tag, a is None)',
    "        return False",
]
# A helper whose rest after a graph break cannot be traced (s_noisy_try).
NOISY_TRY = [
    "def noisy_try(v):",
    '    print("noisy")',
    "    try:",
    "        v = v * 1.0",
    "    except ValueError:",
    "        pass",
    "    return v",
]
# A counter whose cell belongs to no captured frame (s_tick).
TICK_COUNTER = [
    "def make_counter():",
    "    c = 0",
    "    def tick():",
    "        nonlocal c",
    "        c += 1",
    "        return c % 3",
    "    def read():",
    "        return c % 3",
    "    return tick, read",
    "tick_c, read_c = make_counter()",
]
# Classes with special methods (minipy's SPEC lists them), and a Bag read from a global.
DUNDER_CLASSES = [
    "class Bag:",
    "    def __init__(self, items, tag=0):",
    "        self.items = items",
    "        self.tag = tag",
    "    def __eq__(self, other):",
    "        return isinstance(other, Bag) and self.tag == other.tag",
    "    def __len__(self):",
    "        return len(self.items)",
    "    def __getitem__(self, i):",
    "        return self.items[i]",
    "    def __contains__(self, x):",
    "        return x in self.items",
    "    def __iter__(self):",
    "        return iter(self.items)",
    "class Gate:",
    "    def __init__(self, on):",
    "        self.on = on",
    "    def __bool__(self):",
    "        return self.on > 0",
    "    def __ne__(self, other):",
    "        return self.on != other",
    "bag_g = Bag([2, 1, 3], 1)",
]
# A plain class constructed inside captured code (its __init__ is inlined on an object
# that exists only in the trace, unless it outlives it).
BOX_CLASS = [
    "class Box:",
    "    def __init__(self, v, k=2):",
    "        self.v = v",
    "        self.k = k",
    "    def scaled(self):",
    "        return self.v * self.k",
]
# A value that refers back to the list holding it, and the view of such a result the
# call site prints: the items, and whether the back link is the very list returned
# (the instance's own repr would print an address).
RING_CLASS = [
    "class Ring:",
    "    pass",
    "def ring_view(r):",
    "    return r[:-1], r[-1].back is r",
]
# A result that holds one tuple or list twice: the view says whether it is one object.
PAIR_VIEW = [
    "def pair_view(r):",
    "    return r[0], r[0] is r[1]",
]
# A result holding one range twice, then the other values: the view prints the range,
# whether both places hold one object, and the values.
RANGE_VIEW = [
    "def range_view(r):",
    "    return r[0], r[0] is r[1], r[2]",
]
# User context managers that capture inlines: one that records what it does on a
# global list (printed at the end), and a hand-made no_grad.
MARK_CLASS = [
    "mark_events = []",
    "class Mark:",
    "    def __init__(self, tag):",
    "        self.tag = tag",
    "    def __enter__(self):",
    '        mark_events.append("+" + self.tag)',
    "        return self",
    "    def __exit__(self, a, b, c):",
    '        mark_events.append("-" + self.tag + str(a is None))',
    "        return False",
]
GRAD_OFF_CLASS = [
    "class GradOff:",
    "    def __enter__(self):",
    "        self.prev = is_grad_enabled()",
    "        set_grad_enabled(False)",
    "    def __exit__(self, a, b, c):",
    "        set_grad_enabled(self.prev)",
]
# A function never captured that turns grad mode around (a graph break where it is called).
FLIP_GRAD = [
    "@disable",
    "def flip_grad():",
    "    set_grad_enabled(not is_grad_enabled())",
]
QUIET_CLASS = [
    "class Quiet:",
    "    def __enter__(self):",
    "        return None",
    "    def __exit__(self, a, b, c):",
    "        if a is not None:",
    '            print("suppressed", b)',
    "        return True",
]


class Generator:
    # Where tensor_expr, number_expr, condition and statements find their tables
    # (TENSOR_FORMS, ..., BREAKS_TODAY, t_construct): this module; gen_numpy.py's
    # generator names itself, and so reuses these drivers and the constructs of its
    # tables that are plain Python.
    tables = sys.modules[__name__]

    def __init__(self, seed):
        self.rng = random.Random(seed)
        # Choices of constructs added after the programs of the main stream were fixed
        # (bound_method_call): a stream of their own leaves other programs unchanged.
        self.side = random.Random("side-%d" % seed)
        self.seed = seed
        self.defs = []          # module-level definition lines
        self.shared_names = []
        self.class_count = 0
        self.plans = []

    def value_code(self, rng, t, binding):
        """Module-level code of a value of tensor type t (the inputs' arguments)."""
        return tensor_value(rng, t, binding)

    # How make_helper writes a squashing call, a graph break and the capture decorator.
    def squash(self, code):
        return "%s.tanh()" % code

    def bound_method_allowed(self, ctx):
        """Whether a method call may go through a bound method value (captured whole
        by minipy)."""
        return True

    # s_raise_catch: the classes raised (each defined by define_exception where it is
    # first raised), and the first line of a handler that names the error (or None).
    RAISED = ("ValueError", "KeyError", "IndexError")

    def define_exception(self, name):
        pass

    def handler_first_line(self, ctx):
        return None

    # t_recursive's step: v to a value no larger than max(|v|, 1).
    RECURSION_STEPS = ("(v * 0.5).tanh()", "(v + 1).tanh() * 0.5", "v.sigmoid()", "v * 0.5 + 0.25")

    def print_allowed(self, ctx):
        """Whether a construct may add a print (a graph break on CPython)."""
        return True

    def tensor_predicate(self, ctx, e):
        """cond_predicate's one-element tensor predicate made from tensor e."""
        return "%s.sum()" % e

    BREAK_CALL = "graph_break()"
    COMPTIME = "comptime"      # s_comptime's and s_comptime_break's callable
    CAPTURE_DECORATOR = "@capture"
    MARK_DYNAMIC = "mark_dynamic"
    MATMUL = "matmul"          # t_matmul's function form

    # -- shared module-level helpers -------------------------------------
    def shared(self, name, lines):
        """Defines a module-level helper class once, where it is first needed."""
        if name not in self.shared_names:
            self.shared_names.append(name)
            self.defs += lines
        return name

    def context_manager(self):
        return self.shared("Tag", TAG_CLASS)

    def box_class(self):
        return self.shared("Box", BOX_CLASS)

    def marker(self):
        return self.shared("Mark", MARK_CLASS)

    def grad_off(self):
        return self.shared("GradOff", GRAD_OFF_CLASS)

    def suppressor(self):
        return self.shared("Quiet", QUIET_CLASS)

    def grad_flipper(self):
        return self.shared("flip_grad", FLIP_GRAD)

    def new_class(self, plan):
        self.class_count += 1
        cls = UserClass(self, "K%d" % self.class_count)
        plan.classes.append(cls)
        return cls

    def make_helper(self, ctx, shape, depth):
        plan = ctx.plan
        rng = self.rng
        name = plan.module_name("h")
        nargs = rng.randint(1, 2)
        params, args, types = [], [], []
        for i in range(nargs):
            s = shape if i == 0 else sub_shape(rng, shape)
            a, ba = tensor_expr(ctx, s, depth - 1)
            if ba > PARAM_BOUND:
                a = self.squash(a)
            params.append("v%d" % i)
            args.append(a)
            types.append(TT(s, PARAM_BOUND))

        # A number parameter with a default, given by keyword or left to the default.
        number = None
        if rng.random() < 0.3:
            default, bound = num_literal(rng)
            number = ("k", default, bound)
            if rng.random() < 0.5:
                given, given_bound = num_literal(rng)
                args.append("k=%s" % given)
                number = ("k", default, max(bound, given_bound))
        level = ctx.helper_level + 1 if ctx.kind == "helper" else 1
        # Some helpers break between two statements (a print or graph_break()): a graph
        # break inside the inlined call, which the rest of the helper and of its
        # callers resume after.
        breaking = rng.random() < 0.25

        def body():
            sub = Ctx(self, plan, Scope(), 1, kind="helper")
            sub.helper_level = level
            for p, t in zip(params, types):
                sub.scope.tensors.append((p, t))
            if number:
                sub.scope.numbers.append((number[0], NT(number[2], False)))
            lines = []
            if breaking:
                first, bound = tensor_expr(sub, shape, 2)
                if bound > PARAM_BOUND:
                    first, bound = self.squash(first), 1.0
                lines.append("    t = %s" % first)
                if rng.random() < 0.5:
                    lines.append('    print("%s", t.shape)' % name)
                else:
                    lines.append("    " + self.BREAK_CALL)
                sub.scope.tensors.append(("t", TT(shape, bound)))
            code, b = tensor_expr(sub, shape, 2)
            return lines + ["    return %s" % code], b
        code, b = body()
        alt, b2 = body()
        signature = ", ".join(params + (["%s=%s" % number[:2]] if number else []))
        lines = ["def %s(%s):" % (name, signature)] + code
        if rng.random() < 0.2:
            lines.insert(0, self.CAPTURE_DECORATOR)
        plan.helper_defs.append(lines)
        plan.helpers.append(["def %s(%s):" % (name, signature)] + alt)
        return "%s(%s)" % (name, ", ".join(args)), max(b, b2)


# Input pieces: (weight, function). A plan gets one or more tensor parameters and a
# random selection of the others.
INPUTS = [
    (3.0, in_tensor),
    (1.5, in_number),
    (0.8, in_flag),
    (1.0, in_list),
    (0.6, in_tuple),
    (0.6, in_dict),
    (1.0, in_global_tensor),
    (0.8, in_global_number),
    (1.0, in_object),
    (0.6, in_global_function),
    (0.5, in_number_list),
]


def build_plan(gen, index):
    rng = gen.rng
    plan = Plan(gen, index)
    plan.classes = []
    plan.helper_defs = []
    r = rng.random()
    plan.host = "module" if r < 0.6 else ("closure" if r < 0.85 else "method")
    plan.peeks = []
    plan.bumps = []
    in_tensor(gen, plan)
    for _ in range(rng.randint(1, 4)):
        pick(rng, INPUTS)(gen, plan)
    cells = []
    if plan.host == "closure":
        for _ in range(rng.randint(1, 2)):
            cells.append(add_cell(gen, plan))
    if plan.host == "method":
        add_self(gen, plan)
    plan.binding = plan.new_binding()

    ctx = Ctx(gen, plan, Scope(plan.scope), 2 if plan.host != "module" else 1)
    ctx.breaks_left = pick(rng, STYLES)
    statements(ctx, rng.randint(2, 8))
    emit_return(ctx)
    body = ctx.lines
    head = []
    pad = "    " * ctx.indent
    if ctx.globals_written:
        head.append(pad + "global " + ", ".join(ctx.globals_written))
    if ctx.nonlocals_written:
        head.append(pad + "nonlocal " + ", ".join(ctx.nonlocals_written))
    body = head + [pad + line for line in ctx.head] + body
    return plan, body, cells


def add_cell(gen, plan):
    rng = gen.rng
    name = "c%d_%d" % (plan.index, len(plan.cell_names))
    plan.cell_names.append(name)
    if rng.random() < 0.15:
        plan.scope.funcs.append(name)
        return (name, "func")
    if rng.random() < 0.7:
        t = TT(related_shape(rng, plan), PARAM_BOUND)
        plan.scope.tensors.append((name, t))
        plan.scope.writable.append(("cell", name, t))
        if rng.random() < 0.4:
            # A sibling closure of the factory reads the same cell: a call of it after
            # the body assigned the cell must see the new value.
            plan.peeks.append(name)
            plan.scope.tensors.append(("peek_%s()" % name, t))
        if rng.random() < 0.6:
            # One that assigns it: the body's later reads (its own and the peek's)
            # must see what the call stored.
            plan.bumps.append(name)
            plan.scope.writable.append(("bump", name, t))
        return (name, t)
    plan.scope.numbers.append((name, NT(PARAM_BOUND, False)))
    return (name, None)


def add_self(gen, plan):
    rng = gen.rng
    cls = gen.new_class(plan)
    t = TT(related_shape(rng, plan), PARAM_BOUND)
    cls.attrs = [("w", t), ("s", None)]
    plan.self_class = cls
    plan.scope.tensors.append(("self.w", t))
    plan.scope.numbers.append(("self.s", NT(PARAM_BOUND, False)))
    plan.scope.numbers.append(("self.bias", NT(PARAM_BOUND, False)))
    plan.scope.writable.append(("attr", "self.w", t))
    if rng.random() < 0.3:
        plan.scope.writable.append(("counter", "self.hits", None))
    plan.objects.append(ObjRef(cls, "self"))


def emit_return(ctx):
    """The result: a new expression together with the latest locals and numbers, so
    that what the body computed reaches the printed output."""
    rng = ctx.rng
    items = []
    a, _ = tensor_expr(ctx, interesting_shape(ctx), rng.randint(1, MAX_DEPTH))
    items.append(a)
    local_tensors = [e for e, _ in ctx.scope.tensors if e in ctx.scope.locals]
    items += [e for e in local_tensors[-2:] if rng.random() < 0.7]
    local_numbers = [e for e, _ in ctx.scope.numbers if e.startswith("n")]
    if local_numbers and rng.random() < 0.7:
        items.append(local_numbers[-1])
    elif rng.random() < 0.4:
        items.append(number_expr(ctx, 1)[0])
    r = rng.random()
    if r < 0.04:
        # The result refers back to itself. Through containers alone (the list holds
        # itself), generated code cannot build it and the frame runs eagerly; through
        # an object made in the trace, it is built as the interpreter built it.
        cyc = ctx.fresh("cyc")
        if r < 0.02:
            ctx.emit("%s = [%s]" % (cyc, ", ".join(items)))
            ctx.emit("%s.append(%s)" % (cyc, cyc))
        else:
            ring = ctx.fresh("ring")
            ctx.emit("%s = Ring()" % ring)
            ctx.emit("%s = [%s, %s]" % (cyc, ", ".join(items), ring))
            ctx.emit("%s.back = %s" % (ring, cyc))
            ctx.plan.result_view = ctx.gen.shared("ring_view", RING_CLASS)
        ctx.emit("return %s" % cyc)
        return
    if r < 0.06:
        # One tuple or list twice in the result (also rebuilt on cache hits).
        pair = ctx.fresh("pair")
        if r < 0.05:
            ctx.emit("%s = (%s,)" % (pair, ", ".join(items)))
        else:
            ctx.emit("%s = [%s]" % (pair, ", ".join(items)))
        ctx.emit("return %s, %s" % (pair, pair))
        ctx.plan.result_view = ctx.gen.shared("pair_view", PAIR_VIEW)
        return
    if r < 0.08:
        # A range made in the trace, returned twice (one object): at a graph break
        # before the return it is live, and generated code makes it again by calling
        # range, once.
        rg = ctx.fresh("rg")
        n, _, _ = number_expr(ctx, 1, integral=True)
        ctx.emit("%s = range(%s)" % (rg, n) if rng.random() < 0.5 else "%s = range(1, %s, 2)" % (rg, n))
        if ctx.breaks_left > 0 and rng.random() < 0.6:
            used(ctx, s_print)
            ctx.emit('print("%s", %s)' % (ctx.plan.name, rg))
        ctx.emit("return %s, %s, (%s,)" % (rg, rg, ", ".join(items)))
        ctx.plan.result_view = ctx.gen.shared("range_view", RANGE_VIEW)
        return
    r = (r - 0.08) / 0.92
    if len(items) == 1:
        if r < 0.8:
            ctx.emit("return %s" % a)
        elif r < 0.9:
            ctx.emit("return %s if %s else None" % (a, condition(ctx)))
        else:
            ctx.emit("return (%s,)" % a)
    elif r < 0.6:
        ctx.emit("return %s" % ", ".join(items))
    elif r < 0.8:
        ctx.emit("return [%s]" % ", ".join(items))
    else:
        keys = ["out", "a", "b", "n", "m"]
        ctx.emit("return {%s}" % ", ".join('"%s": %s' % (k, v) for k, v in zip(keys, items)))


# ---------------------------------------------------------------------------
# Emitting a plan's definition and its calls.

def decorator(rng):
    r = rng.random()
    if r < 0.65:
        return "@capture"
    if r < 0.77:
        return '@capture(backend="eager")'
    if r < 0.85:
        return "@capture(dynamic=True)"
    if r < 0.9:
        return "@capture(dynamic=False)"
    return "@capture()"


def signature(plan):
    parts = []
    for p in plan.params:
        parts.append(p.name if p.default is None else "%s=%s" % (p.name, p.default))
    # Parameters with defaults must come last.
    plain = [p for p in parts if "=" not in p]
    dflt = [p for p in parts if "=" in p]
    return ", ".join(plain + dflt)


def ordered_params(plan):
    return ([p for p in plan.params if p.default is None]
            + [p for p in plan.params if p.default is not None])


def emit_definition(gen, plan, body, cells):
    rng = gen.rng
    out = []
    for cls in plan.classes:
        if cls is not getattr(plan, "self_class", None):
            out += cls.lines()
    for lines in plan.helper_defs:
        out += lines
    bd = plan.binding
    for slot in plan.slots:
        out += slot.init(rng, bd)
    out += plan.setup
    sig = signature(plan)
    if plan.host == "module":
        out.append(decorator(rng))
        out.append("def %s(%s):" % (plan.name, sig))
        out += body
        plan.instances = [plan.name]
    elif plan.host == "closure":
        factory = "make_%s" % plan.name
        cell_args = ", ".join(c for c, _ in cells)
        out.append("def %s(%s):" % (factory, cell_args))
        for c in plan.peeks:
            out.append("    def peek_%s():" % c)
            out.append("        return %s" % c)
        for c in plan.bumps:
            out.append("    def bump_%s(v):" % c)
            out.append("        nonlocal %s" % c)
            out.append("        %s = v" % c)
        out.append("    " + decorator(rng))
        out.append("    def %s(%s):" % (plan.name, sig))
        out += body
        out.append("    def set_cell(name, value):")
        out.append("        nonlocal %s" % cell_args)
        for c, _ in cells:
            out.append('        if name == "%s":' % c)
            out.append("            %s = value" % c)
        out.append("    return %s, set_cell" % plan.name)
        plan.instances = []
        plan.cells = cells
        n = 2 if rng.random() < 0.35 else 1
        for i in range(n):
            inst = plan.name if i == 0 else "%s_%d" % (plan.name, i)
            setter = "set_%s" % inst
            vals = [cell_value(rng, t, bd) for _, t in cells]
            out.append("%s, %s = %s(%s)" % (inst, setter, factory, ", ".join(vals)))
            plan.instances.append(inst)
    else:
        cls = plan.self_class
        out.append("class %s:" % cls.name)
        out.append("    bias = 0.5")
        out.append("    def __init__(self, w, s):")
        out.append("        self.w = w")
        out.append("        self.s = s")
        out.append("        self.hits = 0")
        out += cls.methods
        out.append("    " + decorator(rng))
        out.append("    def forward(self, %s):" % sig if sig else "    def forward(self):")
        out += body
        plan.instances = []
        n = 2 if rng.random() < 0.4 else 1
        for i in range(n):
            inst = "m%d_%d" % (plan.index, i)
            out.append("%s = %s(%s, %s)" % (inst, cls.name,
                                            tensor_value(rng, cls.attrs[0][1], bd),
                                            num_literal(rng)[0]))
            plan.instances.append(inst)
        if rng.random() < 0.3:
            sub = "%sSub" % cls.name
            out.append("class %s(%s):" % (sub, cls.name))
            out.append("    def __init__(self, w, s):")
            out.append("        self.w = w * 0.5")
            out.append("        self.s = s")
            out.append("        self.hits = 0")
            inst = "m%d_sub" % plan.index
            out.append("%s = %s(%s, %s)" % (inst, sub, tensor_value(rng, cls.attrs[0][1], bd),
                                            num_literal(rng)[0]))
            plan.instances.append(inst)
    return out


def cell_value(rng, t, bd):
    if t == "func":
        return rng.choice(ACTIVATIONS)
    if t is None:
        return num_literal(rng)[0]
    return tensor_value(rng, t, bd)


def refresh_state(gen, plan, changed, force_all=False):
    """Module-level lines bringing the plan's state in line with its binding: state
    whose shape uses a changed symbol must be rebuilt, other state is changed now and
    then (the guard-soundness part)."""
    rng = gen.rng
    out = []
    bd = plan.binding
    for slot in plan.slots:
        if force_all or slot.symbols & changed:
            out += slot.init(rng, bd)
        elif rng.random() < 0.25:
            out += slot.update(rng, bd)
    if plan.host == "closure":
        for inst in plan.instances:
            for c, t in plan.cells:
                dep = shape_symbols(t) if isinstance(t, TT) else set()
                if force_all or dep & changed or rng.random() < 0.2:
                    out.append('set_%s("%s", %s)' % (inst, c, cell_value(rng, t, bd)))
    if plan.host == "method":
        out += refresh_instances(gen, plan, plan.instances, changed, force_all)
    return out + rebind_methods(gen, plan, out)


def rebind_methods(gen, plan, lines):
    """Lines binding the plan's global bound methods again after the refresh `lines`:
    always where the object was made again (the old one's arrays may have stale
    shapes), else now and then (otherwise the global keeps the object whose attributes
    the refresh changed)."""
    out = []
    for glob, bind in plan.rebinds:
        if any(line.startswith(glob + " = ") for line in lines) or gen.side.random() < 0.5:
            out.append(bind)
    return out


def refresh_instances(gen, plan, instances, changed, force_all):
    """Module-level lines changing a method plan's instances between calls: `w` made
    again where its shape uses a changed symbol, else now and then `w`, `s` or the class
    attribute `bias` (on the class, or shadowed on the instance)."""
    rng = gen.rng
    bd = plan.binding
    t = plan.self_class.attrs[0][1]
    out = []
    for inst in instances:
        if force_all or shape_symbols(t) & changed:
            out.append("%s.w = %s" % (inst, gen.value_code(rng, t, bd)))
        elif rng.random() < 0.2:
            r = rng.random()
            if r < 0.5:
                out.append("%s.w = %s" % (inst, gen.value_code(rng, t, bd)))
            elif r < 0.8:
                out.append("%s.s = %s" % (inst, num_literal(rng)[0]))
            else:
                out.append("%s.bias = %s" % (rng.choice((inst, plan.self_class.name)),
                                             num_literal(rng)[0]))
    return out


def call_expr(gen, plan, binding, keywords):
    rng = gen.rng
    args = []
    for p in ordered_params(plan):
        if p.default is not None and rng.random() < 0.4:
            continue   # use the default
        v = p.make(rng, binding)
        if p.default is not None or (keywords and rng.random() < 0.3):
            args.append("%s=%s" % (p.name, v))
            keywords = True
        else:
            if keywords:
                args.append("%s=%s" % (p.name, v))
            else:
                args.append(v)
    inst = rng.choice(plan.instances)
    if plan.host == "method":
        return "%s.forward(%s)" % (inst, ", ".join(args))
    return "%s(%s)" % (inst, ", ".join(args))


def shown(plan, result):
    """What a call site prints of a call's result."""
    view = getattr(plan, "result_view", None)
    return "%s(%s)" % (view, result) if view else result


def c_plain(gen, plan, out):
    out.append('print("%s", %s)' % (call_tag(plan), shown(plan, call_expr(gen, plan, plan.binding, False))))


def c_keywords(gen, plan, out):
    out.append('print("%s", %s)' % (call_tag(plan), shown(plan, call_expr(gen, plan, plan.binding, True))))


def c_same_twice(gen, plan, out):
    """The same argument objects twice: the second call should hit the cache."""
    rng = gen.rng
    names = []
    for p in ordered_params(plan):
        v = p.make(rng, plan.binding)
        n = "A%d_%s" % (plan.index, p.name)
        out.append("%s = %s" % (n, v))
        names.append(n)
    inst = rng.choice(plan.instances)
    call = ("%s.forward(%s)" if plan.host == "method" else "%s(%s)") % (inst, ", ".join(names))
    r1, r2 = "R%d_1" % plan.index, "R%d_2" % plan.index
    out.append("%s = %s" % (r1, call))
    out.append("%s = %s" % (r2, call))
    out.append('print("%s", %s, %s is %s)' % (call_tag(plan), shown(plan, r1), r1, r2))
    out.append('print("%s", %s)' % (call_tag(plan), shown(plan, r2)))


def marked_arguments(gen, plan, out):
    """The arguments of a call, tensor arguments with a dimension marked dynamic
    (gen.MARK_DYNAMIC) before it, in lines appended to out."""
    rng = gen.rng
    params = ordered_params(plan)
    marked = [p for p in params if p.tt is not None and len(p.tt.shape) > 0 and rng.random() < 0.7]
    if not marked:
        raise Reject()
    args = []
    for p in params:
        v = p.make(rng, plan.binding)
        if p in marked:
            n = "M%d_%s" % (plan.index, p.name)
            out.append("%s = %s" % (n, v))
            out.append("%s(%s, %d)" % (gen.MARK_DYNAMIC, n, rng.randrange(len(p.tt.shape))))
            v = n
        args.append(v)
    return args


def c_mark_dynamic(gen, plan, out):
    """Tensor arguments with a dimension marked dynamic (`mark_dynamic`) before the call."""
    rng = gen.rng
    args = marked_arguments(gen, plan, out)
    inst = rng.choice(plan.instances)
    call = ("%s.forward(%s)" if plan.host == "method" else "%s(%s)") % (inst, ", ".join(args))
    out.append('print("%s", %s)' % (call_tag(plan), shown(plan, call)))


def c_alias(gen, plan, out):
    """One tensor passed for two parameters of the same type."""
    rng = gen.rng
    params = ordered_params(plan)
    groups = collections.defaultdict(list)
    for p in params:
        if p.tt is not None:
            groups[p.tt.shape].append(p)
    pairs = [g for g in groups.values() if len(g) >= 2]
    if not pairs:
        raise Reject()
    group = rng.choice(pairs)
    a, b = rng.sample(group, 2)
    shared = "S%d" % plan.index
    out.append("%s = %s" % (shared, tensor_value(rng, a.tt, plan.binding)))
    args = []
    for p in params:
        args.append(shared if p in (a, b) else p.make(rng, plan.binding))
    inst = rng.choice(plan.instances)
    call = ("%s.forward(%s)" if plan.host == "method" else "%s(%s)") % (inst, ", ".join(args))
    out.append('print("%s", %s)' % (call_tag(plan), shown(plan, call)))


def c_no_grad(gen, plan, out):
    out.append("with no_grad():")
    out.append('    print("%s", %s)' % (call_tag(plan), shown(plan, call_expr(gen, plan, plan.binding, False))))


def c_grad_toggle(gen, plan, out):
    out.append("set_grad_enabled(False)")
    out.append('print("%s", %s)' % (call_tag(plan), shown(plan, call_expr(gen, plan, plan.binding, False))))
    out.append("set_grad_enabled(True)")


def c_bad_shapes(gen, plan, out):
    """Arguments whose shapes break the body's assumptions; the error (if any) is
    caught at the call site. All state is rebuilt afterwards."""
    rng = gen.rng
    bad = dict(plan.binding)
    s = rng.choice(plan.symbols)
    bad[s] = rng.choice([v for v in range(1, DIM_MAX + 1) if v != bad[s]])
    # Only some parameters see the wrong size.
    args = []
    for p in ordered_params(plan):
        args.append(p.make(rng, bad if rng.random() < 0.5 else plan.binding))
    inst = rng.choice(plan.instances)
    call = ("%s.forward(%s)" if plan.host == "method" else "%s(%s)") % (inst, ", ".join(args))
    out.append("try:")
    out.append('    print("%s", %s)' % (call_tag(plan), shown(plan, call)))
    out.append("except (ValueError, IndexError, AssertionError) as err:")
    out.append('    print("%s error", err)' % plan.name)
    plan.dirty = True


def c_redefine_helper(gen, plan, out):
    if not plan.helpers:
        raise Reject()
    lines = gen.rng.choice(plan.helpers)
    out += lines
    c_plain(gen, plan, out)


def c_replace_box(gen, plan, out):
    """Guard soundness for constructed objects: Box's method or __init__ is replaced
    between calls (a trace that inlined the old one must not be reused)."""
    if "Box" not in gen.shared_names:
        raise Reject()
    name = "box_v%d_%d" % (plan.index, plan.calls)
    if gen.rng.random() < 0.5:
        out += ["def %s(self):" % name, "    return self.v * self.k * 0.5", "Box.scaled = %s" % name]
    else:
        out += ["def %s(self, v, k=2):" % name, "    self.v = v * 0.5", "    self.k = k",
                "Box.__init__ = %s" % name]
    c_plain(gen, plan, out)


def c_data_error(gen, plan, out):
    """A call wrapped in try at the call site (errors from inside the frame)."""
    out.append("try:")
    out.append('    print("%s", %s)' % (call_tag(plan), shown(plan, call_expr(gen, plan, plan.binding, False))))
    out.append("except ZeroDivisionError as err:")
    out.append('    print("%s error", err)' % plan.name)


def call_tag(plan):
    plan.calls += 1
    return "%s#%d" % (plan.name, plan.calls)


# Call events: (weight, function(gen, plan, out)). Each appends module-level lines.
CALL_EVENTS = [
    (6.0, c_plain),
    (1.0, c_keywords),
    (1.5, c_same_twice),
    (0.6, c_mark_dynamic),
    (0.8, c_alias),
    (1.0, c_no_grad),
    (0.6, c_grad_toggle),
    (0.6, c_bad_shapes),
    (1.5, c_redefine_helper),
    (0.8, c_replace_box),
    (0.4, c_data_error),
]


def emit_call(gen, plan, out):
    rng = gen.rng
    tables = gen.tables      # refresh_state, CALL_EVENTS and c_plain (gen_numpy.py has its own)
    changed = set()
    force = getattr(plan, "dirty", False)
    if force or (plan.calls > 0 and rng.random() < 0.25):
        old = plan.binding
        plan.binding = plan.new_binding(old)
        changed = {s for s in plan.symbols if plan.binding[s] != old[s]}
        if force:
            changed = set(plan.symbols)
    plan.dirty = False
    if plan.calls > 0 or force:
        out += tables.refresh_state(gen, plan, changed, force_all=force)
    if getattr(plan, "raises", False):
        c_data_error(gen, plan, out)
        return
    for _ in range(10):
        try:
            pick(rng, tables.CALL_EVENTS)(gen, plan, out)
            return
        except Reject:
            continue
    tables.c_plain(gen, plan, out)


# ---------------------------------------------------------------------------
# Tables. Add a construct by writing a function of the matching kind and listing it
# here with a weight.

TENSOR_FORMS = [
    (3.0, t_leaf),
    (0.6, t_construct),
    (0.3, t_literal),
    (4.0, t_binop),
    (1.0, t_outer),
    (2.5, t_unary),
    (0.8, t_transpose),
    (1.2, t_matmul),
    (1.0, t_sum_dim),
    (1.0, t_reduce_all),
    (0.8, t_index),
    (1.0, t_reshape),
    (0.4, t_cond),
    (0.6, t_sum_list),
    (1.0, t_list_item),
    (0.5, t_helper),
    (0.2, t_recursive),
    (0.8, t_call_value),
    (0.2, t_lambda),
    (0.4, t_method),
]
TENSOR_LEAF_FORMS = [
    (6.0, t_leaf),
    (1.0, t_construct),
    (0.3, t_literal),
    (1.0, t_list_item),
]

NUMBER_FORMS = [
    (3.0, n_leaf),
    (1.5, n_literal),
    (1.5, n_shape),
    (1.0, n_item),
    (0.5, n_tolist),
    (2.0, n_binop),
    (0.8, n_builtin),
    (0.5, n_list_len),
    (0.3, n_dict_get),
    (0.3, n_cond),
    (0.4, n_getattr),
    (0.5, n_convert),
    (0.3, n_str_method),
    (0.6, n_dunder),
]
NUMBER_LEAF_FORMS = [
    (3.0, n_leaf),
    (1.5, n_literal),
    (1.0, n_shape),
]

CONDITIONS = [
    (2.0, c_compare),
    (1.5, c_flag),
    (1.5, c_mode),
    (1.5, c_shape),
    (0.5, c_shape_tuple),
    (0.7, c_grad),
    (1.0, c_tensor_truth),
    (0.7, c_item),
    (0.5, c_isinstance),
    (0.5, c_bool_op),
    (0.8, c_list_len),
    (0.6, c_identity),
    (0.5, c_object_identity),
    (0.3, c_dict_view),
    (0.5, c_dunder),
]

STATEMENTS = [
    (0.4, s_dict_views),
    (0.3, s_list_index),
    (10.0, s_assign_tensor),
    (3.0, s_assign_number),
    (4.0, s_mutate_local),
    (3.0, s_if),
    (2.0, s_for_range),
    (0.2, s_break_every_pass),
    (1.5, s_for_rows),
    (2.0, s_for_list),
    (0.5, s_for_string),
    (1.2, s_for_shared_iterator),
    (0.7, s_while),
    (2.0, s_print),
    (1.2, s_graph_break),
    (0.8, s_tolist),
    (0.6, s_dropped_result),
    (1.2, s_with_no_grad),
    (0.8, s_with_no_grad_print),
    (0.3, s_set_grad),
    (0.4, s_with_manager_local),
    (0.8, s_with_user),
    (0.8, s_with_captured_user),
    (0.6, s_comptime),
    (0.8, s_cond),
    (0.2, s_cond_mismatch),
    (0.5, s_while_loop),
    (0.5, s_map_rows),
    (0.3, s_comptime_break),
    (0.4, s_suppress),
    (1.5, s_try),
    (1.0, s_raise_catch),
    (0.3, s_risky_division),
    (0.8, s_listcomp),
    (0.8, s_pack),
    (0.8, s_construct),
    (0.3, s_tick),
    (0.3, s_noisy_try),
    (0.5, s_dict),
    (0.3, s_assert),
    (0.3, s_assert_shape),
    (0.3, s_del),
    (0.4, s_inner_def),
    (3.0, s_write_state),
]


# Constructs that capture does not put in one graph today: each is a graph break (the
# rest of the frame continues in a resume function) or, inside a try or with block or
# in a frame with cells, makes the code run eagerly (see the capture report's breaks
# and reasons). A "graph" plan uses none of them, so it must be captured whole; a
# "mixed" plan one or two, an "any" plan as many as it likes. Move a construct out of
# this set once capture handles it in the graph.
BREAKS_TODAY = {
    n_item, n_tolist, n_dict_get,
    c_tensor_truth, c_item,
    s_print, s_graph_break, s_tolist, s_dropped_result, s_with_no_grad_print, s_set_grad, s_with_user, s_suppress, s_try,
    s_risky_division, s_with_manager_local,
    s_assert_shape, s_comptime_break, s_cond_mismatch,
}

# Plan styles: (weight, budget of BREAKS_TODAY constructs).
STYLES = [
    (0.45, 0),
    (0.3, 1),
    (0.1, 2),
    (0.15, 1000),
]


def call_schedule(rng, plans):
    """The order of the calls: 3 to 7 per plan, mostly in plan order, some interleaved."""
    schedule = []
    for plan in plans:
        schedule += [plan] * rng.randint(3, 7)
    for _ in range(len(schedule) // 4):
        i, j = rng.randrange(len(schedule)), rng.randrange(len(schedule))
        schedule[i], schedule[j] = schedule[j], schedule[i]
    return schedule


def generate(seed):
    del loop_reads()[:]
    gen = Generator(seed)
    rng = gen.rng
    out = ["# minipy differential fuzz program, seed %d (tests/fuzz/gen.py)" % seed]
    nplans = rng.randint(2, 4)
    defs = []
    for i in range(1, nplans + 1):
        plan, body, cells = build_plan(gen, i)
        gen.plans.append(plan)
        defs.append(emit_definition(gen, plan, body, cells))
    out += gen.defs
    for d in defs:
        out += d
    for plan in call_schedule(rng, gen.plans):
        emit_call(gen, plan, out)
    if "Mark" in gen.shared_names:
        out.append("print(mark_events)")
    if "tick_c" in gen.shared_names:
        out.append("print(read_c())")
    if "box_log" in gen.shared_names:
        out.append("print(len(box_log), [b.k for b in box_log], [b.v for b in box_log[-3:]])")
    out.append('print("done")')
    return "\n".join(out) + "\n"


def main(argv, generate=generate, name="gen.py"):
    """The command line (gen_numpy.py's too, with its generate and name)."""
    if len(argv) < 2:
        sys.stderr.write("usage: %s SEED [OUT.py]\n" % name)
        return 2
    text = generate(int(argv[1]))
    if len(argv) > 2:
        with open(argv[2], "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
