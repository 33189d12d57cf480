"""Random Python + numpy programs for differential testing of lasso's CPython adapter.

    python3 gen_numpy.py SEED            print the program of SEED
    python3 gen_numpy.py SEED OUT.py     write it to OUT.py

`generate(seed)` returns the text of one program for CPython 3.11 with numpy: a few
functions under `lasso.capture`, called many times with float64 (now and then float32 or int64)
arrays of fixed values, with the state they read (globals, closure cells, helper
functions) changed between calls, and every result printed through `show` (dtype,
shape, type and `tolist()`, so the text does not depend on numpy's print options).
fuzz.py --cpython runs it plain (LASSO_DISABLE=1), captured and captured with the
verifying backend, and compares.

This is gen.py's generator with other tables. gen.py's drivers (tensor_expr,
number_expr, condition, statements), its plans, symbolic shapes, magnitude bounds and
loop rules, its inputs and the constructs that are plain Python (`if`, `while`, leaves,
conditions on flags and shapes, helpers, lambdas, user objects and their methods,
closures and their cells) are used as they are: a NumpyGenerator names this module as
the place of the tables, and makes the inputs' arrays. The constructs written here use
numpy, and only what docs/cpython.md lists as captured (or as a graph break):
elementwise operators and ufuncs, reductions with `axis`/`keepdims`/`dtype`, reshape,
transpose, concatenate, stack, constructors (some with `dtype=`), `np.where`, `astype`,
`x.size`, basic indexing and slicing (`x[i]`, `x[i, j]`, `x[:, j]`, `x[None]`,
`x[1:]`, `x[..., ::2]`, bounds that are sizes), in-place operators on arrays made in
the body and on the caller's arrays, `with` blocks of user managers, globals, lists and
dicts, `print` and `lasso.graph_break()`, `lasso.capture(dynamic=...)` and
`lasso.mark_dynamic`, try blocks with raises caught in the same function and handlers
entered from a graph break, raises inside with blocks whose `__exit__` (also one taking
`*args`) suppresses them or passes them on (s_with_raise), `lasso.cond`/`while_loop`/
`map_rows`, `lasso.comptime`, callable instances and a property. Left out, as the
adapter does not build them: classmethods, staticmethods, `super()`, grad mode and
stores into array items (gen.py's constructs of these are not in this module's tables).
A body that may raise on purpose (an index out of range for some sizes, an int array +=
float, a broadcast that would grow the target, a raise in a with block that no manager
or handler of the function surely stops) is called inside `try` at the call site, so
both runs print the same error. The same seed gives another
program than gen.py's (the tables differ), always the same one.

Values stay valid as in gen.py (bounds, divisors away from zero, `exp` of small values):
no numpy warning is ever printed, so the plain run has an empty stderr.
"""

import math
import sys

import gen
# gen.py's drivers (tensor_expr, number_expr, condition, statements and the blocks) read
# their tables from the generator: NumpyGenerator names this module.
from gen import (CAP, DIM_MAX, EXP_MAX, FLOAT_POOL, MAX_DEPTH, NT, PARAM_BOUND, TT, Ctx, Param, Plan, Reject,
                 Scope, Slot, body_block, condition, dim_expr, dim_max, dim_size, enter_loop, factors,
                 inner_dim, interesting_shape, leave_loop, loop_reads, num_literal, number_expr, numel_max,
                 ordered_params, pick, raises_read_bound, related_shape, shape_symbols, shape_tuple_expr,
                 signature, sub_shape, tensor_expr, tensor_literal)

# ---------------------------------------------------------------------------
# Values and array expressions: (code, bound), or Reject.

def array_value(rng, t, binding):
    """Module-level code making an array of type t under binding: float64 mostly, now
    and then float32 or int64 (a dtype recompile); 0-d values are numpy scalars or 0-d
    arrays."""
    sizes = [dim_size(d, binding) for d in t.shape]
    if getattr(t, "dtype", None) is None or rng.random() < 0.12:
        t.dtype = pick(rng, [(0.75, "float64"), (0.15, "float32"), (0.1, "int64")])
    dt = "np." + t.dtype
    if t.dtype == "int64":
        b = int(min(t.bound, PARAM_BOUND))
        if not sizes:
            return "%s(%d)" % (dt, rng.randint(-b, b))
        return "np.array(%s, dtype=%s)" % (tensor_literal(rng, sizes, "int64", b), dt)
    n = 1
    for s in sizes:
        n *= s
    if not sizes:
        v = repr(rng.choice(FLOAT_POOL))
        return "%s(%s)" % (dt, v) if rng.random() < 0.6 else "np.array(%s, dtype=%s)" % (v, dt)
    tup = "(" + ", ".join(str(s) for s in sizes) + ("," if len(sizes) == 1 else "") + ")"
    r = rng.random()
    if r < 0.06:
        return "np.ones(%s, dtype=%s)" % (tup, dt)
    if r < 0.1:
        return "np.full(%s, %r, dtype=%s)" % (tup, rng.choice(FLOAT_POOL), dt)
    if r < 0.15 and n <= t.bound + 1:
        return "np.arange(%d, dtype=%s).reshape(%s)" % (n, dt, tup)
    return "np.array(%s, dtype=%s)" % (tensor_literal(rng, sizes, "float64", min(t.bound, PARAM_BOUND)), dt)


def t_construct(ctx, shape, depth):
    """A constructor; now and then with `dtype=` (float dtypes, ints where the values
    are whole)."""
    rng = ctx.rng
    like = [e for e, t in ctx.scope.tensors if t.shape == shape]
    r = rng.random()
    typed = rng.random() < 0.25

    def kw(allow_int=True):
        return ", dtype=%s" % dtype_text(ctx, allow_int) if typed else ""
    if like and r < 0.25:
        return "np.%s(%s%s)" % (rng.choice(("zeros_like", "ones_like")), rng.choice(like), kw()), 1.0
    if r < 0.5:
        return "np.ones(%s%s)" % (shape_tuple_expr(ctx, shape), kw()), 1.0
    if r < 0.6:
        return "np.zeros(%s%s)" % (shape_tuple_expr(ctx, shape), kw()), 0.0
    if len(shape) == 1 and shape[0].isdigit() and r < 0.75:
        n = int(shape[0])
        if rng.random() < 0.5:
            return "np.arange(%d.0%s)" % (n, kw()), float(n)
        return "np.arange(1, %d%s)" % (n + 1, kw()), float(n)
    v, b = num_literal(rng)
    return "np.full(%s, %s%s)" % (shape_tuple_expr(ctx, shape), v, kw(False)), b


def number_or_tensor(ctx, shape, depth):
    """A Python number (30%) or an array broadcasting to shape."""
    if ctx.rng.random() < 0.3:
        code, b, _ = number_expr(ctx, depth)
        return code, b
    return tensor_expr(ctx, sub_shape(ctx.rng, shape), depth)


def t_binop(ctx, shape, depth):
    rng = ctx.rng
    op = rng.choice("+-*/")
    a, ba = tensor_expr(ctx, shape, depth - 1)
    if op == "/":
        d, lb = denominator(ctx, shape, depth - 1)
        code = "(%s / %s)" % (a, d) if rng.random() < 0.7 else "np.divide(%s, %s)" % (a, d)
        return code, ba / lb
    b, bb = number_or_tensor(ctx, shape, depth - 1)
    bound = ba * bb if op == "*" else ba + bb
    if rng.random() < 0.5:
        a, b = b, a
    if rng.random() < 0.25:
        fn = {"+": "add", "-": "subtract", "*": "multiply"}[op]
        return "np.%s(%s, %s)" % (fn, a, b), bound
    return "(%s %s %s)" % (a, op, b), bound


def t_floor_mod(ctx, shape, depth):
    """`//` and `%` by a divisor away from zero (float results, no warning)."""
    a, ba = tensor_expr(ctx, shape, depth - 1)
    if ctx.rng.random() < 0.5:
        d, lb = denominator(ctx, shape, depth - 1)
        return "(%s // %s)" % (a, d), ba / lb + 1
    c = ctx.rng.choice((1.5, 2, 0.75, -2, 3))
    return "(%s %% %r)" % (a, c), abs(c)


def t_unary(ctx, shape, depth):
    rng = ctx.rng
    a, ba = tensor_expr(ctx, shape, depth - 1)
    kind = rng.choice(("neg", "pos", "tanh", "abs", "abs_builtin", "relu", "clip", "exp", "sqrt", "log",
                       "square", "negative"))
    if kind == "neg":
        return "(-%s)" % a, ba
    if kind == "pos":
        return "(+%s)" % a, ba
    if kind == "negative":
        return "np.negative(%s)" % a, ba
    if kind == "tanh":
        return "np.tanh(%s)" % a, 1.0
    if kind == "abs":
        return "np.abs(%s)" % a, ba
    if kind == "abs_builtin":
        return "abs(%s)" % a, ba
    if kind == "relu":
        return "np.maximum(%s, 0.0)" % a, ba
    if kind == "clip":
        return "np.minimum(np.maximum(%s, -1.0), 1.0)" % a, 1.0
    if kind == "sqrt":
        return "np.sqrt(np.abs(%s))" % a, math.sqrt(ba)
    if kind == "log":
        return "np.log(np.abs(%s) + 1.0)" % a, math.log(ba + 1.0)
    if kind == "square":
        if ba * ba > CAP:
            raise Reject()
        return "(%s ** 2)" % a, ba * ba
    if ba > EXP_MAX:
        raise Reject()
    return "np.exp(%s)" % a, math.exp(ba)


def t_where(ctx, shape, depth):
    rng = ctx.rng
    a, ba = tensor_expr(ctx, shape, depth - 1)
    b, bb = number_or_tensor(ctx, shape, depth - 1)
    c, _ = tensor_expr(ctx, sub_shape(rng, shape), depth - 1)
    return "np.where(%s > %s, %s, %s)" % (c, rng.choice(("0", "0.5", "-1.0")), a, b), max(ba, bb)


def t_transpose(ctx, shape, depth):
    rng = ctx.rng
    if len(shape) == 3:
        perm = list(range(3))
        rng.shuffle(perm)
        src = [None] * 3
        for i, p in enumerate(perm):
            src[p] = shape[i]
        a, ba = tensor_expr(ctx, tuple(src), depth - 1)
        return "np.transpose(%s, %s)" % (a, tuple(perm)), ba
    src = tuple(reversed(shape))
    a, ba = tensor_expr(ctx, src, depth - 1)
    forms = ["%s.T", "np.transpose(%s)", "%s.transpose()"]
    if len(shape) == 2:
        forms += ["%s.transpose(1, 0)", "%s.transpose((1, 0))", "np.transpose(%s, (1, 0))"]
    return rng.choice(forms) % a, ba


def t_view(ctx, shape, depth):
    """A view of the same shape by basic indexing (a getitem node that shares the
    operand's memory): full and reversed slices, `...`, and a new axis taken off again.
    Shape-preserving only, so it holds for every size the driver passes."""
    if not shape:
        raise Reject()
    rng = ctx.rng
    a, ba = tensor_expr(ctx, shape, depth - 1)
    forms = ["%s[:]", "%s[...]", "%s[::-1]", "%s[None][0]", "%s[0:]", "%s[-1::-1]"]
    if len(shape) >= 2:
        forms += ["%s[:, ::-1]", "%s[..., ::-1]", "%s[:, None][:, 0]"]
    return rng.choice(forms) % a, ba


REDUCTIONS = ("sum", "mean", "max", "min")


def reduction_call(rng, how, a, axis_text, ctx=None):
    """np.HOW(a, AXIS...) or a.HOW(AXIS...), with `axis_text` the arguments after a;
    given ctx, a sum or mean now and then with `dtype=`."""
    fn = {"max": rng.choice(("max", "amax")), "min": rng.choice(("min", "amin"))}.get(how, how)
    if ctx is not None and how in ("sum", "mean") and rng.random() < 0.2:
        axis_text = ", ".join(p for p in (axis_text, "dtype=%s" % dtype_text(ctx)) if p)
    if rng.random() < 0.5:
        return "np.%s(%s%s)" % (fn, a, ", " + axis_text if axis_text else "")
    return "%s.%s(%s)" % (a, how, axis_text)


def t_reduce_axis(ctx, shape, depth):
    """A reduction along one axis, positional or `axis=`, negative now and then, or with
    keepdims=True where the result keeps a dimension of size 1."""
    rng = ctx.rng
    if len(shape) > 2:
        raise Reject()
    d = inner_dim(ctx)
    ones = [i for i, s in enumerate(shape) if s == "1"]
    if ones and rng.random() < 0.4:
        p = rng.choice(ones)
        src = shape[:p] + (d,) + shape[p + 1:]
        keep = ", keepdims=True"
    else:
        p = rng.randint(0, len(shape))
        src = shape[:p] + (d,) + shape[p:]
        keep = ", keepdims=False" if rng.random() < 0.1 else ""
    a, ba = tensor_expr(ctx, src, depth - 1)
    axis = p if rng.random() < 0.7 else p - len(src)
    how = rng.choice(REDUCTIONS)
    text = ("axis=%d" % axis if keep or rng.random() < 0.5 else str(axis)) + keep
    return reduction_call(rng, how, a, text, ctx), dim_max(d) * ba if how == "sum" else ba


def t_reduce_global_axis(ctx, shape, depth):
    """A reduction of a square array along an axis read from a global that changes
    between calls (0, 1, -1 or -2): the axis is a constant of the trace, guarded."""
    axes = getattr(ctx.plan, "axes", [])
    if len(shape) != 1 or not axes:
        raise Reject()
    rng = ctx.rng
    a, ba = tensor_expr(ctx, (shape[0], shape[0]), depth - 1)
    how = rng.choice(REDUCTIONS)
    text = ("axis=%s" if rng.random() < 0.5 else "%s") % rng.choice(axes)
    return reduction_call(rng, how, a, text, ctx), dim_max(shape[0]) * ba if how == "sum" else ba


def t_reduce_all(ctx, shape, depth):
    rng = ctx.rng
    if shape != () and not all(s == "1" for s in shape):
        raise Reject()
    src = interesting_shape(ctx)
    if len(src) < len(shape):
        raise Reject()
    if shape:
        # keepdims=True with every axis: all dimensions of size 1.
        src = src[:len(shape)] if len(src) == len(shape) else None
        if src is None:
            raise Reject()
    a, ba = tensor_expr(ctx, src, depth - 1)
    how = rng.choice(REDUCTIONS)
    if shape:
        text = "axis=None, keepdims=True" if rng.random() < 0.5 else "keepdims=True"
    elif len(src) == 2 and rng.random() < 0.3:
        text = "axis=(0, 1)" if rng.random() < 0.5 else "(1, 0)"
    else:
        text = "axis=None" if rng.random() < 0.2 else ""
    return reduction_call(rng, how, a, text, ctx), ba * numel_max(src) if how == "sum" else ba


def t_reshape(ctx, shape, depth):
    """gen.py's reshape (its shapes, sizes read from arrays, -1 now and then), written
    as `a.reshape(d0, d1)`, `a.reshape((d0, d1))` or `np.reshape(a, (d0, d1))`."""
    code, bound = gen.t_reshape(ctx, shape, depth)
    a, _, dims = code.rpartition(".reshape(")
    dims = dims[:-1]        # the sizes are dimension expressions: commas only between them
    tup = "(%s%s)" % (dims, "" if "," in dims else ",")
    r = ctx.rng.random()
    if r < 0.4:
        return code, bound
    if r < 0.7:
        return "%s.reshape(%s)" % (a, tup), bound
    return "np.reshape(%s, %s)" % (a, tup), bound


def t_stack(ctx, shape, depth):
    """np.stack of two or three arrays: the result has a literal dimension 2 or 3."""
    rng = ctx.rng
    at = [i for i, s in enumerate(shape) if s in ("2", "3")]
    if not at:
        raise Reject()
    p = rng.choice(at)
    part = shape[:p] + shape[p + 1:]
    items, bound = [], 0.0
    for _ in range(int(shape[p])):
        a, ba = tensor_expr(ctx, part, depth - 1)
        items.append(a)
        bound = max(bound, ba)
    seq = "(%s)" % ", ".join(items) if rng.random() < 0.6 else "[%s]" % ", ".join(items)
    axis = p if rng.random() < 0.7 else p - len(shape)
    if axis == 0 and rng.random() < 0.4:
        return "np.stack(%s)" % seq, bound
    return "np.stack(%s, axis=%d)" % (seq, axis), bound


def t_concatenate(ctx, shape, depth):
    """np.concatenate along an axis of literal size n (pieces of sizes 1 and n - 1), or
    of one array along any axis, or of 1-d pieces with axis=None."""
    rng = ctx.rng
    if not shape:
        raise Reject()
    lits = [i for i, s in enumerate(shape) if s in ("2", "3")]
    if lits and rng.random() < 0.7:
        p = rng.choice(lits)
        n = int(shape[p])
        sizes = ["1", str(n - 1)] if rng.random() < 0.5 else [str(n - 1), "1"]
    else:
        p = rng.randrange(len(shape))
        sizes = [shape[p]]
    items, bound = [], 0.0
    for s in sizes:
        a, ba = tensor_expr(ctx, shape[:p] + (s,) + shape[p + 1:], depth - 1)
        items.append(a)
        bound = max(bound, ba)
    seq = "(%s%s)" % (", ".join(items), "," if len(items) == 1 else "")
    if rng.random() < 0.3:
        seq = "[%s]" % ", ".join(items)
    if p == 0 and rng.random() < 0.4:
        return "np.concatenate(%s)" % seq, bound
    if len(shape) == 1 and rng.random() < 0.3:
        return "np.concatenate(%s, axis=None)" % seq, bound
    return "np.concatenate(%s, axis=%d)" % (seq, p if rng.random() < 0.7 else p - len(shape)), bound


def t_join_reduce(ctx, shape, depth):
    """An elementwise max, min or mean of two arrays through a join and a reduction."""
    rng = ctx.rng
    a, ba = tensor_expr(ctx, shape, depth - 1)
    b, bb = tensor_expr(ctx, shape, depth - 1)
    how = rng.choice(("max", "min", "mean", "sum"))
    bound = ba + bb if how == "sum" else max(ba, bb)
    if rng.random() < 0.5 or not shape:
        p = rng.randint(0, len(shape))
        return reduction_call(rng, how, "np.stack((%s, %s), axis=%d)" % (a, b, p), "axis=%d" % p), bound
    # Through a size-1 axis: concatenate gives size 2 there, keepdims keeps it.
    p = rng.randrange(len(shape))
    if shape[p] != "1":
        raise Reject()
    return reduction_call(rng, how, "np.concatenate((%s, %s), axis=%d)" % (a, b, p),
                          "axis=%d, keepdims=True" % p), bound


def denominator(ctx, shape, depth):
    """(code, lower bound of the magnitude) of a divisor away from zero: a number or an
    array broadcasting to shape."""
    rng = ctx.rng
    if rng.random() < 0.3:
        if depth > 0 and rng.random() < 0.4:
            n, _, _ = number_expr(ctx, depth - 1)
            return "(abs(%s) + 1)" % n, 1.0
        v = rng.choice((2, 4, 0.5, -2, 1.5, 3, -0.25))
        return repr(v), abs(v)
    a, ba = tensor_expr(ctx, sub_shape(rng, shape), max(depth - 1, 0))
    kind = rng.randrange(3)
    if kind == 0:
        c = rng.choice((1, 0.5, 2))
        return "(np.abs(%s) + %s)" % (a, c), float(c)
    if kind == 1 and ba <= 5:
        return "np.exp(%s)" % a, math.exp(-ba)
    return "(%s * %s + 1)" % (a, a), 1.0


# ---------------------------------------------------------------------------
# Number expressions: (code, bound, is_int).

def n_binop(ctx, depth, integral):
    rng = ctx.rng
    a, ba, ia = number_expr(ctx, depth - 1, integral)
    op = rng.choice(("+", "-", "*", "//", "%") if integral else ("+", "-", "*", "/", "//", "%"))
    if op in ("/", "//", "%"):
        d = rng.choice((2, 3, -2) if op != "/" else (2, 4, 0.5, -2))
        bound = abs(d) if op == "%" else ba / abs(d) + 1
        return "(%s %s %r)" % (a, op, d), bound, ia and op != "/"
    b, bb, ib = number_expr(ctx, depth - 1, integral)
    return "(%s %s %s)" % (a, op, b), ba * bb if op == "*" else ba + bb, ia and ib


def n_abs(ctx, depth, integral):
    a, ba, ia = number_expr(ctx, depth - 1, integral)
    return "abs(%s)" % a, ba, ia


def n_min_max(ctx, depth, integral):
    """min and max of numbers: builtins the adapter does not fold (a graph break)."""
    rng = ctx.rng
    fn = rng.choice(("min", "max"))
    a, ba, ia = number_expr(ctx, depth - 1, integral)
    b, bb, ib = number_expr(ctx, depth - 1, integral)
    return "%s(%s, %s)" % (fn, a, b), max(ba, bb), ia and ib


def n_float(ctx, depth, integral):
    """A Python float of an array's value: `float(x.sum())` (a graph break)."""
    if integral:
        raise Reject()
    shape = interesting_shape(ctx)
    a, ba = tensor_expr(ctx, shape, max(depth - 1, 0))
    how = ctx.rng.choice(("sum", "mean", "max"))
    return "float(%s.%s())" % (a, how), ba * numel_max(shape) if how == "sum" else ba, False


# ---------------------------------------------------------------------------
# Conditions: code of a bool.

def c_array_value(ctx, depth):
    """A branch on an array's value: a graph break (data-dependent)."""
    shape = interesting_shape(ctx)
    a, _ = tensor_expr(ctx, shape, 1)
    how = ctx.rng.choice(("sum", "mean", "max", "min"))
    return "%s.%s() %s %s" % (a, how, ctx.rng.choice((">", "<")), ctx.rng.choice(("0", "0.5", "-1")))


# ---------------------------------------------------------------------------
# Statements: emit lines, or Reject (everything they emitted is taken back).

def s_rebind_local(ctx):
    """`t = <t updated>`: out of place, so the caller's arrays never change."""
    if not ctx.scope.locals:
        raise Reject()
    rng = ctx.rng
    name = rng.choice(sorted(ctx.scope.locals))
    t = ctx.scope.locals[name]
    e, be = tensor_expr(ctx, sub_shape(rng, t.shape), rng.randint(0, 2))
    forms = ["decay", "squash_all"] + (["add", "mul"] if ctx.loop_mult == 1 else [])
    kind = rng.choice(forms)
    if kind == "decay":
        code, nb = "%s * 0.5 + np.tanh(%s)" % (name, e), gen.grow(t, 1.0, 0.5, ctx)
    elif kind == "squash_all":
        code, nb = "np.tanh(%s + %s)" % (name, e), max(t._bound, 1.0)
    elif kind == "add":
        code, nb = "%s %s %s" % (name, rng.choice("+-"), e), t._bound + be
    else:
        if t._bound * be > CAP:
            raise Reject()
        code, nb = "%s * %s" % (name, e), max(t._bound, t._bound * be)
    if raises_read_bound(t, nb):
        raise Reject()
    ctx.emit("%s = %s" % (name, code))
    t.bound = nb


def s_accumulate(ctx):
    """An accumulator made here, updated in place (`acc += ...`: the graph's result is
    the array's new contents) in a loop over a list or a range, or once."""
    rng = ctx.rng
    shape = interesting_shape(ctx)
    acc = ctx.fresh("acc")
    ctx.emit("%s = %s" % (acc, rng.choice(("np.zeros(%s)" % shape_tuple_expr(ctx, shape),
                                             "np.ones(%s)" % shape_tuple_expr(ctx, shape)))))
    lists = [(e, et, n) for e, et, n, _ in ctx.scope.lists if gen.broadcasts_to(et.shape, shape)]
    op = rng.choice(("+=", "-=", "*="))
    if lists and rng.random() < 0.5 and ctx.loop_depth == 0:
        e, et, n = rng.choice(lists)
        v = ctx.fresh("e")
        ctx.emit("for %s in %s:" % (v, e))
        ctx.emit("    %s %s np.tanh(%s)" % (acc, op, v))
        passes = n
    else:
        e, _ = tensor_expr(ctx, sub_shape(rng, shape), 1)
        ctx.emit("%s %s np.tanh(%s)" % (acc, op, e))
        passes = 1
    bound = 1.0 + passes * ctx.loop_mult if op != "*=" else 1.0
    t = TT(shape, bound)
    ctx.scope.tensors.append((acc, t))


def pass_count(ctx):
    n, b, _ = number_expr(ctx, 1, integral=True)
    if b > 6:
        k = ctx.rng.randint(2, 4)
        n, b = "(%s %% %d + 1)" % (n, k), k
    return n, b


def s_for_range(ctx):
    if ctx.loop_depth >= 2 or ctx.block_depth >= 3:
        raise Reject()
    rng = ctx.rng
    n, b = pass_count(ctx)
    i = ctx.fresh("i")
    r = rng.random()
    if r < 0.2:
        ctx.emit("for %s in range(1, %s):" % (i, n))
    elif r < 0.3:
        ctx.emit("for %s in range(%s, 0, -1):" % (i, n))
    else:
        ctx.emit("for %s in range(%s):" % (i, n))
    passes = max(int(b), 1)
    saved = enter_loop(ctx, passes)
    ctx.scope.numbers.append((i, NT(b, True)))
    body_block(ctx, 1, 3)
    leave_loop(ctx, saved, passes)


def s_for_list(ctx):
    if ctx.loop_depth >= 2 or ctx.block_depth >= 3 or not ctx.scope.lists:
        raise Reject()
    e, et, n, _ = ctx.rng.choice(ctx.scope.lists)
    v = ctx.fresh("e")
    extra = None
    if ctx.rng.random() < 0.3:
        i = ctx.fresh("i")
        ctx.emit("for %s, %s in enumerate(%s):" % (i, v, e))
        extra = (i, NT(n, True))
    else:
        ctx.emit("for %s in %s:" % (v, e))
    saved = enter_loop(ctx, n)
    ctx.scope.tensors.append((v, TT(et.shape, et.bound)))
    if extra:
        ctx.scope.numbers.append(extra)
    body_block(ctx, 1, 2)
    leave_loop(ctx, saved, n)


def s_print(ctx):
    """print inside the body: a graph break."""
    if ctx.kind != "capture":
        raise Reject()
    rng = ctx.rng
    items = ['"%s"' % ctx.plan.name]
    if ctx.scope.tensors:
        e, t = rng.choice(ctx.scope.tensors)
        items.append(rng.choice(("%s.shape", "%s.ndim", "%s")) % e)
    if ctx.scope.numbers and rng.random() < 0.5:
        items.append(rng.choice(ctx.scope.numbers)[0])
    ctx.emit("print(%s)" % ", ".join(items))


def s_graph_break(ctx):
    if ctx.kind != "capture":
        raise Reject()
    ctx.emit("lasso.graph_break()")


def s_dropped_result(ctx):
    """A call made as a statement that breaks the graph, whose result nothing reads and
    which changes with the inputs (`float(x.sum())`): the code at the break drops it,
    and the resume function is not guarded on it."""
    if ctx.kind != "capture" or not ctx.scope.tensors:
        raise Reject()
    e, _ = ctx.rng.choice(ctx.scope.tensors)
    ctx.emit("float(%s.%s())" % (e, ctx.rng.choice(("sum", "mean", "max"))))


def s_write_global(ctx):
    """A global written by the body (a side effect replayed after the graph); the call
    site prints it."""
    if ctx.kind != "capture" or ctx.block_depth > 0:
        raise Reject()
    shape = interesting_shape(ctx)
    code, _ = tensor_expr(ctx, shape, ctx.rng.randint(1, 2))
    name = ctx.plan.sink("OUT")
    ctx.globals_written.append(name)
    ctx.emit("%s = %s" % (name, code))


def s_update_global(ctx):
    """A global array the body reads, written back contracted (`global G; G = G * 0.5 +
    np.tanh(...)`): the next call must read the new value, and the bound holds across
    calls (it never exceeds max(PARAM_BOUND, 2))."""
    if ctx.kind != "capture":
        raise Reject()
    cands = [(e, t) for e, t in ctx.scope.tensors if e.startswith("G") and "[" not in e]
    if not cands:
        raise Reject()
    name, t = ctx.rng.choice(cands)
    code, nb = contracted_update(ctx, name, t)
    ctx.globals_written.append(name)
    ctx.emit("%s = %s" % (name, code))
    t.bound = nb


def contracted_update(ctx, target, t):
    """(code, new bound) of a new value of `target`, state that outlives the call, made
    from itself: `T * 0.5 + np.tanh(...)` or `np.tanh(T + ...)`. Its bound never exceeds
    max(PARAM_BOUND, 2), so it holds across calls."""
    rng = ctx.rng
    e, _ = tensor_expr(ctx, sub_shape(rng, t.shape), rng.randint(0, 2))
    if rng.random() < 0.5:
        code, nb = "%s * 0.5 + np.tanh(%s)" % (target, e), gen.grow(t, 1.0, 0.5, ctx)
    else:
        code, nb = "np.tanh(%s + %s)" % (target, e), max(t._bound, 1.0)
    if raises_read_bound(t, nb) or nb > PARAM_BOUND:
        raise Reject()
    return code, nb


def s_store_argument(ctx):
    """An item of an argument list or dict replaced (the caller's container changes;
    later reads of it, in this call and the next, see the new array)."""
    if ctx.kind != "capture":
        raise Reject()
    cands = [(e, t) for e, t in ctx.scope.tensors
             if (e.startswith("xs") and e.endswith("[0]")) or e.endswith('["w"]')]
    if not cands:
        raise Reject()
    rng = ctx.rng
    target, t = rng.choice(cands)
    e, _ = tensor_expr(ctx, t.shape, rng.randint(1, 2))
    if target.endswith("[0]") and rng.random() < 0.4:
        target = target[:-3] + "[-1]"
    ctx.emit("%s = np.tanh(%s)" % (target, e))


def s_store_item(ctx):
    """An item stored into a global dict or list (side effects on containers)."""
    if ctx.kind != "capture":
        raise Reject()
    shape = interesting_shape(ctx)
    code, _ = tensor_expr(ctx, shape, ctx.rng.randint(1, 2))
    if ctx.rng.random() < 0.5:
        ctx.emit('%s["%s"] = %s' % (ctx.plan.sink_dict(), ctx.fresh("k"), code))
    else:
        ctx.emit("%s[%d] = %s" % (ctx.plan.sink_list(), ctx.rng.randint(-2, 1), code))


def s_write_state(ctx):
    """State outside the frame written by the body: an array attribute of an object
    argument or of `self` (the store is replayed after the graph), a closure cell
    (`nonlocal`, or through a sibling closure that assigns it: the cell is one object
    in the trace), or an int counter (`self.hits += 1`, a global). Arrays are written
    contracted, so their bound holds across calls, as in s_update_global."""
    if ctx.kind != "capture":
        raise Reject()
    cands = [w for w in ctx.scope.writable if w[0] in ("attr", "cell", "bump", "counter")]
    if not cands:
        raise Reject()
    rng = ctx.rng
    kind, expr, t = rng.choice(cands)
    if kind == "counter":
        if ctx.loop_depth > 0:
            raise Reject()
        gen.declare_write(ctx, expr)
        ctx.emit("%s += 1" % expr)
        return
    code, nb = contracted_update(ctx, expr, t)
    if kind == "bump":
        ctx.emit("bump_%s(%s)" % (expr, code))
    else:
        gen.declare_write(ctx, expr)
        ctx.emit("%s = %s" % (expr, code))
    t.bound = nb


def s_append(ctx):
    """list.append in the body (a graph break today)."""
    if ctx.kind != "capture" or ctx.loop_depth > 0:
        raise Reject()
    code, _ = tensor_expr(ctx, interesting_shape(ctx), 1)
    ctx.emit("%s.append(%s)" % (ctx.plan.sink_list(), code))


def s_for_rows(ctx):
    """Iteration over an array's rows."""
    if ctx.loop_depth >= 2 or ctx.block_depth >= 3:
        raise Reject()
    cands = [(e, t) for e, t in ctx.scope.tensors if t.shape]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    row = ctx.fresh("row")
    ctx.emit("for %s in %s:" % (row, e))
    n = dim_max(t.shape[0])
    saved = enter_loop(ctx, n)
    ctx.scope.tensors.append((row, TT(t.shape[1:], t.bound)))
    body_block(ctx, 1, 2)
    leave_loop(ctx, saved, n)


# ---------------------------------------------------------------------------
# Indexing that changes shapes (numpy's basic indexing: docs/cpython.md, "Indexing").

def axis_index(ctx, d, risky_ok):
    """(code, risky) of an int index into an axis of size d. Literal sizes get any index
    in range; a symbolic size gets 0 or -1, an index computed from a size read back
    (`x.shape[0] - 1`, `n % len(x)`), or, where the body may raise, an index that is in
    range only for some sizes (`2`: numpy's IndexError for a size of 1 or 2). Risky
    indices and those read from another array's size (which a call with bad shapes makes
    inconsistent) make the plan's call sites catch IndexError."""
    rng = ctx.rng
    if d.isdigit():
        n = int(d)
        return str(rng.randint(-n, n - 1)), False
    r = rng.random()
    if r < 0.5:
        return rng.choice(("0", "-1")), False
    if r < 0.8:
        size = dim_expr(ctx, d)
        if rng.random() < 0.5:
            return "%s - 1" % size, True
        if rng.random() < 0.5:
            return "%s // 2" % size, True
        n, _, _ = number_expr(ctx, 1, integral=True)
        return "(%s) %% %s" % (n, size), True
    if not risky_ok:
        return rng.choice(("0", "-1")), False
    return rng.choice(("1", "2", "-2", "3")), True


def may_raise(ctx):
    """Whether a construct here may raise on purpose: in the captured body only (not in
    a helper, which a with block may call), and outside with blocks (s_with_raise makes
    the raises inside a block, knowing which of its managers stop them)."""
    return ctx.kind == "capture" and not getattr(ctx, "in_with", 0)


def subscript_at(rng, rank, p, part):
    """The subscript text selecting `part` at axis p of a rank-`rank` operand: leading
    `:`s, or `...` for the last axis now and then."""
    if p == 0:
        return part
    if p == rank - 1 and rng.random() < 0.5:
        return "..., " + part
    return ", ".join([":"] * p + [part])


def shrinking_slice(ctx, d_out):
    """(source dimension, slice text) of a slice giving an axis of size d_out ("1" or
    "2") from a longer one: literal bounds, negative ones, steps, or a bound that is a
    size read back (`x.shape[0] - 1:`, one element for every size)."""
    rng = ctx.rng
    if d_out == "2":
        return "3", rng.choice(("1:", ":2", ":-1", "::2", "-2:", "1:3"))
    r = rng.random()
    if r < 0.3:
        return "2", rng.choice(("1:", "::2", ":-1", "-1:", "1:2"))
    d = inner_dim(ctx)
    if not d.isdigit() and rng.random() < 0.4:
        try:
            size = dim_expr(ctx, d)
        except Reject:
            return d, ":1"
        return d, rng.choice(("%s - 1:" % size, "%s // 2:%s // 2 + 1" % (size, size)))
    return d, rng.choice((":1", "-1:", "0:1"))


def t_index(ctx, shape, depth):
    """An array indexed to a smaller or larger rank, or sliced to a shorter axis: `x[i]`,
    `x[i, j]`, `x[:, j]`, `x[..., j]`, `x[None]`, `x[:, None]`, `x[1:]`, `x[..., ::2]`,
    `x[n - 1:]`."""
    rng = ctx.rng
    kinds = ["int", "int2", "axis", "slice"]
    if "1" in shape:
        kinds.append("newaxis")
    kind = rng.choice(kinds)
    risky_ok = may_raise(ctx)
    if kind == "int" or kind == "int2":
        dims = (inner_dim(ctx),) if kind == "int" else (inner_dim(ctx), inner_dim(ctx))
        src = dims + shape
        if len(src) > 4:
            raise Reject()
        a, ba = tensor_expr(ctx, src, depth - 1)
        parts = []
        for d in dims:
            i, risky = axis_index(ctx, d, risky_ok)
            if risky:
                ctx.plan.may_raise.add("IndexError")
            parts.append(i)
        return "%s[%s]" % (a, ", ".join(parts)), ba
    if kind == "axis":
        if not shape or len(shape) > 2:
            raise Reject()
        p = rng.randint(1, len(shape))
        d = inner_dim(ctx)
        src = shape[:p] + (d,) + shape[p:]
        a, ba = tensor_expr(ctx, src, depth - 1)
        i, risky = axis_index(ctx, d, risky_ok)
        if risky:
            ctx.plan.may_raise.add("IndexError")
        return "%s[%s]" % (a, subscript_at(rng, len(src), p, i)), ba
    if kind == "newaxis":
        p = rng.choice([i for i, s in enumerate(shape) if s == "1"])
        src = shape[:p] + shape[p + 1:]
        if p not in (0, 1, len(shape) - 1):
            raise Reject()
        a, ba = tensor_expr(ctx, src, depth - 1)
        new = "np.newaxis" if rng.random() < 0.2 else "None"
        if p == 0:
            return "%s[%s]" % (a, new), ba
        if p == len(shape) - 1 and rng.random() < 0.5:
            return "%s[..., %s]" % (a, new), ba
        return "%s[%s]" % (a, ", ".join([":"] * p + [new])), ba
    at = [i for i, s in enumerate(shape) if s in ("1", "2")]
    if not at:
        raise Reject()
    p = rng.choice(at)
    d, part = shrinking_slice(ctx, shape[p])
    src = shape[:p] + (d,) + shape[p + 1:]
    a, ba = tensor_expr(ctx, src, depth - 1)
    return "%s[%s]" % (a, subscript_at(rng, len(src), p, part)), ba


def named_operand(ctx, shape):
    """A name in scope of this shape (an expression read twice must be a name)."""
    names = [e for e, t in ctx.scope.tensors if t.shape == shape and e.isidentifier()]
    if not names:
        raise Reject()
    return ctx.rng.choice(names)


def t_split_join(ctx, shape, depth):
    """An array cut in two along its first or last axis and joined again, in order or
    swapped (a rotation), or its even and odd rows joined: slices whose bounds are
    sizes (`x[: x.shape[0] // 2]`), empty for some sizes, and a join whose size is the
    sum of the two symbolic pieces."""
    if not shape:
        raise Reject()
    rng = ctx.rng
    e = named_operand(ctx, shape)
    t = [t for n, t in ctx.scope.tensors if n == e][0]
    last = len(shape) > 1 and rng.random() < 0.35
    axis = len(shape) - 1 if last else 0
    sizes = ("%s.shape[%d]" % (e, axis), "len(%s)" % e) if not last else ("%s.shape[-1]" % e,)
    k = rng.choice(["%s // 2" % s for s in sizes] + ["%s - 1" % s for s in sizes] + ["1", "-1"])
    pre = "..., " if last else ""
    r = rng.random()
    if r < 0.2 and not last:
        pieces = ("%s[::2]" % e, "%s[1::2]" % e)
    else:
        lo, hi = "%s[%s:%s]" % (e, pre, k), "%s[%s%s:]" % (e, pre, k)
        pieces = (lo, hi) if r < 0.6 else (hi, lo)
    if last:
        return "np.concatenate((%s, %s), axis=-1)" % pieces, t.bound
    if rng.random() < 0.5:
        return "np.concatenate((%s, %s))" % pieces, t.bound
    return "np.concatenate([%s, %s], axis=0)" % pieces, t.bound


def t_slice_sum(ctx, shape, depth):
    """A sum of a slice whose bound is a size (`x[1:].sum(axis=0)`, `np.sum(x[: n // 2],
    axis=0)`): empty for some sizes, so a sum (never a mean or max) gives zeros there."""
    rng = ctx.rng
    d = inner_dim(ctx)
    if len(shape) > 2:
        raise Reject()
    a, ba = tensor_expr(ctx, (d,) + shape, depth - 1)
    ks = ["1", "-1", "2"]
    if not d.isdigit():
        size = dim_expr(ctx, d)
        ks += ["%s // 2" % size, "%s - 1" % size]
    k = rng.choice(ks)
    part = rng.choice(("%s:" % k, ":%s" % k))
    if rng.random() < 0.5:
        return "(%s)[%s].sum(axis=0)" % (a, part), dim_max(d) * ba
    return "np.sum(%s[%s], axis=0)" % (a, part), dim_max(d) * ba


# ---------------------------------------------------------------------------
# Dtypes: astype, dtype= of constructors and reductions, size.

FLOAT_DTYPES = ("np.float32", "np.float64", '"float32"', '"float64"', "float")


def dtype_text(ctx, allow_int=False):
    """A dtype as the programs spell it: a numpy type, a string, a builtin type, or a
    global of the plan that the call site changes (a recompile)."""
    rng = ctx.rng
    globs = getattr(ctx.plan, "dtypes", [])
    if globs and rng.random() < 0.25:
        return rng.choice(globs)
    if allow_int and rng.random() < 0.2:
        return rng.choice(("np.int64", "int", '"int64"'))
    return rng.choice(FLOAT_DTYPES)


def t_astype(ctx, shape, depth):
    a, ba = tensor_expr(ctx, shape, depth - 1)
    return "%s.astype(%s)" % (a, dtype_text(ctx, allow_int=True)), ba


def n_size(ctx, depth, integral):
    """`x.size`: the number of elements (a product of sizes)."""
    cands = [(e, t) for e, t in ctx.scope.tensors if e.isidentifier()]
    if not cands:
        raise Reject()
    e, t = ctx.rng.choice(cands)
    return "%s.size" % e, numel_max(t.shape), True


def in_global_dtype(g, plan):
    """A global dtype (np.float32, "float64", float, ...) read by astype, dtype= of
    constructors and reductions; the call site changes it now and then."""
    glob = plan.module_name("DT")
    plan.slots.append(Slot(set(), lambda rng, bd: ["%s = %s" % (glob, rng.choice(FLOAT_DTYPES))]))
    if not hasattr(plan, "dtypes"):
        plan.dtypes = []
    plan.dtypes.append(glob)


# ---------------------------------------------------------------------------
# In-place operators on arrays (docs/cpython.md, "In-place operators").

def s_inplace(ctx):
    """`x op= e` on an array made in the body or on an argument (which the call site
    prints after the call), and the cases that are graph breaks: a view written in place
    (which writes its base), a base written after a view of it was taken, a float32
    array += float64 (numpy casts, the adapter breaks), an int array += float (numpy
    raises TypeError: the call site catches it), a broadcast that would grow the target
    (ValueError for some sizes), a 0-d target, and (c_alias) the same array passed for
    two parameters."""
    if ctx.kind != "capture":
        raise Reject()
    rng = ctx.rng
    plan = ctx.plan
    params = {p.name for p in plan.params if p.tt is not None}
    in_with = getattr(ctx, "in_with", 0) > 0
    cands = [(e, t) for e, t in ctx.scope.tensors
             if e.isidentifier() and (e in params or e in ctx.scope.locals or e.startswith("acc"))]
    if in_with:
        # Only accumulators (float64, made in the body) in with blocks: nothing raises.
        cands = [(e, t) for e, t in cands if e.startswith("acc")]
    if rng.random() < 0.8:
        # A 0-d target is always a graph break (a numpy scalar is rebound where a 0-d
        # array is written): now and then only, so that most writes are captured.
        cands = [(e, t) for e, t in cands if t.shape]
    if not cands:
        raise Reject()
    name, t = rng.choice(cands)
    kinds = [(5.0, "plain")]
    if t.shape and not in_with:
        kinds += [(1.0, "view"), (1.0, "after_view"), (0.8, "float32")]
        if "1" in t.shape:
            kinds.append((1.0, "grow"))
    kind = pick(rng, kinds)
    # Everything is decided before the scope changes: a Reject takes back the lines
    # only.
    views = list(plan.views.get(name, []))
    target, tt, lines, made = name, t, [], []
    if kind == "float32":
        target = ctx.fresh("low")
        lines.append("%s = %s.astype(np.float32)" % (target, name))
        tt = TT(t.shape, t.bound)
        views = []
        made.append((target, tt))
    elif kind in ("view", "after_view"):
        v = ctx.fresh("view")
        lines.append("%s = %s[%s]" % (v, name, rng.choice(view_forms(t.shape))))
        vt = TT(t.shape, t.bound)
        made.append((v, vt))
        views.append(vt)
        if kind == "view":
            target = v
    if kind == "grow":
        p = rng.choice([i for i, s in enumerate(t.shape) if s == "1"])
        big = t.shape[:p] + (rng.choice(plan.symbols),) + t.shape[p + 1:]
        e, _ = tensor_expr(ctx, big, 1)
        code, nb = "+= np.tanh(%s)" % e, t._bound + ctx.loop_mult
    else:
        code, nb = inplace_update(ctx, tt)
    written = [tt] + views + ([t] if kind == "view" else [])
    if any(raises_read_bound(w, nb) for w in written):
        raise Reject()
    if kind == "grow":
        plan.may_raise.add("ValueError")
    if not target.startswith("acc"):
        # The target may hold ints (an int64 argument, or a value made from one):
        # numpy raises TypeError for a float result.
        plan.may_raise.add("TypeError")
    if name in params and kind != "float32":
        plan.writes_args = True
    for line in lines:
        ctx.emit(line)
    ctx.emit("%s %s" % (target, code))
    for n, w in made:
        ctx.scope.tensors.append((n, w))
    if kind in ("view", "after_view"):
        plan.views.setdefault(name, []).append(made[0][1])
    for w in written:
        w.bound = max(w._bound, nb)


def view_forms(shape):
    """Subscripts of a view of the same shape (the base and the view share memory)."""
    forms = [":", "::-1", "...", "-1::-1"]
    if len(shape) >= 2:
        forms += [":, ::-1", "::-1, ::-1", "..., ::-1"]
    return forms


def inplace_update(ctx, t):
    """(text after the target, new bound) of an in-place update of t: `+=`/`-=` of a
    squashed array (growing the bound by one a pass), `*=` by a factor of at most one,
    `/=` by a divisor of magnitude at least one."""
    rng = ctx.rng
    op = rng.choice(("+=", "-=", "*=", "/="))
    if op in ("+=", "-="):
        e, _ = tensor_expr(ctx, sub_shape(rng, t.shape), rng.randint(0, 2))
        return "%s np.tanh(%s)" % (op, e), t._bound + ctx.loop_mult
    if op == "*=":
        if rng.random() < 0.5:
            if ctx.loop_mult == 1 and rng.random() < 0.3:
                return "*= 2", 2 * t._bound
            return "*= %s" % rng.choice(("0.5", "-1.0")), t._bound
        e, _ = tensor_expr(ctx, sub_shape(rng, t.shape), rng.randint(0, 2))
        return "*= np.tanh(%s)" % e, t._bound
    if rng.random() < 0.5:
        return "/= %s" % rng.choice(("2.0", "-2.0", "4", "1.5")), t._bound
    e, _ = tensor_expr(ctx, sub_shape(rng, t.shape), 1)
    return "/= (np.abs(%s) + 1.0)" % e, t._bound


# ---------------------------------------------------------------------------
# with blocks of user classes (docs/cpython.md, "Context managers").

# Managers whose __enter__ and __exit__ capture inlines: Rec logs its entries and exits
# on a global list and counts exits in an attribute; Scale hands a number to its `as`
# target and sets an attribute on exit. Loud prints in __enter__: not inlined, the
# break moves to the block's start and CPython enters it. The call site prints and
# empties the log after each call, and prints the attributes of managers it made.
CM_CLASSES = [
    "cm_log = []",
    "class Rec:",
    "    def __init__(self, tag):",
    "        self.tag = tag",
    "        self.exits = 0",
    "    def __enter__(self):",
    '        cm_log.append("+" + self.tag)',
    "        return self",
    "    def __exit__(self, a, b, c):",
    '        cm_log.append("-" + self.tag)',
    "        self.exits += 1",
    "        return False",
    "class Scale:",
    "    def __init__(self, k):",
    "        self.k = k",
    "        self.last = None",
    "    def __enter__(self):",
    '        cm_log.append("scale")',
    "        return self.k",
    "    def __exit__(self, a, b, c):",
    "        self.last = self.k",
    '        cm_log.append("unscale")',
    "        return False",
    "class Loud:",
    "    def __init__(self, tag):",
    "        self.tag = tag",
    "    def __enter__(self):",
    '        print("enter", self.tag, len(cm_log))',
    "        return self",
    "    def __exit__(self, a, b, c):",
    '        print("exit", self.tag, len(cm_log))',
    "        return False",
]


def in_manager(g, plan):
    """A Rec passed as an argument (`m`) or read from a global (`CM`): the call site
    makes it (a new one now and then) and prints its count of exits after calls."""
    rng = g.rng
    g.shared("Rec", CM_CLASSES)
    glob = plan.module_name("CM")
    tag = "g%d" % plan.counter
    # The slot's update runs now and then between calls: a new manager, its count of
    # exits from zero.
    plan.slots.append(Slot(set(), lambda rng, bd: ['%s = Rec("%s")' % (glob, tag)]))
    plan.manager_globals.append(glob)
    if rng.random() < 0.5:
        name = plan.param_name("m")
        plan.params.append(Param(name, lambda rng, bd: glob))
        plan.managers.append(name)
    else:
        plan.managers.append(glob)


def s_with(ctx):
    """A with block of a user manager: made in the body (with or without `as`), passed
    in or global; nested blocks, and a graph break inside (a print showing how much of
    the log exists there, or lasso.graph_break())."""
    if ctx.kind != "capture" or ctx.block_depth >= 3:
        raise Reject()
    rng = ctx.rng
    g = ctx.gen
    g.shared("Rec", CM_CLASSES)
    ctx.plan.uses_log = True
    r = rng.random()
    number = None
    tag = rng.choice("abc")
    if ctx.plan.managers and r < 0.45:
        header = "with %s:" % rng.choice(ctx.plan.managers)
        if rng.random() < 0.3:
            header = "with %s as %s:" % (header[5:-1], ctx.fresh("cm"))
    elif r < 0.6:
        k, bk, _ = number_expr(ctx, 1)
        s = ctx.fresh("s")
        header = "with Scale(%s) as %s:" % (k, s)
        number = (s, NT(bk, False))
    elif r < 0.7 and ctx.breaks_left > 0:
        ctx.breaks_left -= 1
        header = 'with Loud("%s"):' % tag
    elif rng.random() < 0.35:
        header = 'with Rec("%s") as %s:' % (tag, ctx.fresh("cm"))
    else:
        header = 'with Rec("%s"):' % tag
    ctx.emit(header)
    saved = ctx.child()
    ctx.in_with = getattr(ctx, "in_with", 0) + 1
    if number:
        ctx.scope.numbers.append(number)
    if ctx.breaks_left > 0 and rng.random() < 0.4:
        ctx.breaks_left -= 1
        if rng.random() < 0.6:
            ctx.emit('print("%s", "in", len(cm_log))' % ctx.plan.name)
        else:
            ctx.emit("lasso.graph_break()")
    try:
        body_block(ctx, 1, 2)
    finally:
        ctx.in_with -= 1
    ctx.leave(saved)


# ---------------------------------------------------------------------------
# Raises inside with blocks (docs/cpython.md, "Context managers": traced_with_exits and
# varargs_parameters). The raise goes through the block's __exit__, which suppresses it
# or not; one that is not suppressed goes on to an outer with block, to a try of the
# same function, or out of the function (a break moved to the raise), where the call
# site catches it (plan.may_raise).

# Managers whose __exit__ sees the exception: Catch's `mode` says what it suppresses (0:
# nothing, returning None; 1: everything; 2: ValueError only) and it counts what it saw
# in an attribute; Swallow takes `*args` and suppresses when `on` is true, except a
# KeyError; Note takes `(exc_type, *rest)` and never suppresses; Keep reads the exception
# (its repr: a break moved to the raise) and suppresses a KeyError only. All log on
# cm_log (gen_numpy's CM_CLASSES), which the call site prints.
RAISE_CLASSES = [
    "class Catch:",
    "    def __init__(self, tag, mode):",
    "        self.tag = tag",
    "        self.mode = mode",
    "        self.caught = 0",
    "    def __enter__(self):",
    '        cm_log.append("+" + self.tag)',
    "        return self",
    "    def __exit__(self, exc_type, exc, tb):",
    "        if exc_type is None:",
    '            cm_log.append("-" + self.tag)',
    "            return False",
    "        self.caught += 1",
    '        cm_log.append("!" + self.tag)',
    "        if self.mode == 2:",
    "            return exc_type is ValueError",
    "        if self.mode == 1:",
    "            return True",
    "class Swallow:",
    "    def __init__(self, tag, on):",
    "        self.tag = tag",
    "        self.on = on",
    "    def __enter__(self):",
    '        cm_log.append("+" + self.tag)',
    "        return self",
    "    def __exit__(self, *args):",
    '        cm_log.append(("-" + self.tag, len(args), args[0] is None))',
    "        if args[0] is KeyError:",
    "            return False",
    "        return self.on",
    "class Note:",
    "    def __init__(self, tag):",
    "        self.tag = tag",
    "    def __enter__(self):",
    '        cm_log.append("+" + self.tag)',
    "        return self",
    "    def __exit__(self, exc_type, *rest):",
    '        cm_log.append(("note", self.tag, exc_type is ValueError, len(rest)))',
    "class Keep:",
    "    def __init__(self, tag):",
    "        self.tag = tag",
    "    def __enter__(self):",
    "        return self",
    "    def __exit__(self, exc_type, exc, tb):",
    "        if exc is not None:",
    "            cm_log.append(repr(exc))",
    "        return exc_type is KeyError",
]


def raise_classes(g):
    g.shared("Rec", CM_CLASSES)
    g.shared("Catch", RAISE_CLASSES)


def in_catcher(g, plan):
    """A global Catch (`CX`) whose mode the call site changes between calls (a new
    manager: what its __exit__ suppresses is not known where the block is written). The
    call site prints its mode and how many exceptions it saw."""
    raise_classes(g)
    glob = plan.module_name("CX")
    tag = "g%d" % plan.counter
    plan.slots.append(Slot(set(), lambda rng, bd: ['%s = Catch("%s", %d)' % (glob, tag, rng.randrange(3))]))
    plan.catcher_globals.append(glob)


def exit_manager(ctx, outer):
    """(header text after `with `, what it suppresses: a function of the class raised
    giving True, False or None for not known, the `as` target or None)."""
    rng = ctx.rng
    tag = ("o" if outer else "") + rng.choice("abc")
    globs = ctx.plan.catcher_globals
    r = rng.random()
    if globs and r < 0.35:
        return rng.choice(globs), lambda cls: None, None
    if r < 0.55:
        mode = rng.randrange(3)
        text = 'Catch("%s", %d)' % (tag, mode)
        target = None
        if rng.random() < 0.4:
            target = ctx.fresh("cm")
            text += " as %s" % target
        return text, lambda cls: mode == 1 or (mode == 2 and cls == "ValueError"), target
    if r < 0.75:
        on = rng.choice(("True", "False", "1", "0", "None"))
        return ('Swallow("%s", %s)' % (tag, on),
                lambda cls: on in ("True", "1") and cls != "KeyError", None)
    if r < 0.82:
        return 'Note("%s")' % tag, lambda cls: False, None
    if r < 0.92 or not ctx.plan.managers:
        return 'Keep("%s")' % tag, lambda cls: cls == "KeyError", None
    return rng.choice(ctx.plan.managers), lambda cls: False, None


def raise_statement(ctx):
    """(lines, class raised, whether it always raises) of a raise in a with block:
    `raise CLS(...)` (now and then under a condition), a call of a helper that raises
    FuzzError for odd arguments (its call is a graph break), or an index past the
    end for some sizes (numpy's IndexError)."""
    rng = ctx.rng
    r = rng.random()
    cands = [(e, t) for e, t in ctx.scope.tensors if t.shape]
    if r < 0.2 and ctx.breaks_left > 0 and ctx.scope.tensors:
        ctx.breaks_left -= 1
        e, t = rng.choice(ctx.scope.tensors)
        helper = ctx.gen.shared("strict_half", STRICT_HALF) if rng.random() < 0.5 else \
            ctx.gen.shared("checked_half", CHECKED_HALF)
        ctx.gen.shared("FuzzError", FUZZ_ERROR)
        k, _, _ = number_expr(ctx, 1, integral=True)
        v = ctx.fresh("t")
        return ["%s = %s(%s, %s)" % (v, helper, e, k)], "FuzzError", False
    if r < 0.35 and cands:
        e, t = rng.choice(cands)
        return ["%s = %s[%d]" % (ctx.fresh("t"), e, rng.randint(1, 4))], "IndexError", False
    cls = rng.choice(ctx.gen.RAISED)
    ctx.gen.define_exception(cls)
    text = "raise %s" % cls if rng.random() < 0.3 else 'raise %s("%s")' % (cls, ctx.plan.name)
    if rng.random() < 0.25:
        return [text], cls, True
    return ["if %s:" % condition(ctx), "    " + text], cls, False


def s_with_raise(ctx):
    """A with block whose body raises: array work before the raise, now and then a
    graph break (before or after it), more work after it; the block sometimes inside
    another with block and sometimes inside a try whose handler catches the class (with
    a finally now and then); work after the block. An exception that may get past all of them leaves the function:
    the call site catches it."""
    if ctx.kind != "capture" or ctx.block_depth >= 2 or not ctx.scope.tensors:
        raise Reject()
    rng = ctx.rng
    g = ctx.gen
    raise_classes(g)
    ctx.plan.uses_log = True
    layers = []     # "try", or what a with block suppresses (exit_manager), innermost last
    opened = []     # saved scopes of the blocks opened here, innermost last
    in_with = getattr(ctx, "in_with", 0)

    def open_with(outer, most, chance):
        """Opens a with block of exit_manager's, starting (by chance) with 1..most
        statements; gives its `as` target."""
        header, suppresses, target = exit_manager(ctx, outer)
        ctx.emit("with %s:" % header)
        opened.append(ctx.child())
        ctx.in_with = in_with + 1
        layers.append(suppresses)
        if rng.random() < chance:
            body_block(ctx, 1, most)
        return target

    try:
        if rng.random() < 0.4:
            ctx.emit("try:")
            opened.append(ctx.child())
            layers.append("try")
        if rng.random() < 0.35:
            open_with(True, 1, 0.4)
        target = open_with(False, 2, 0.6)
        gap = None
        if ctx.breaks_left > 0 and rng.random() < 0.5:
            ctx.breaks_left -= 1
            gap = 'print("%s", "in", len(cm_log))' % ctx.plan.name if rng.random() < 0.6 else "lasso.graph_break()"
        late_gap = gap is not None and rng.random() < 0.4
        if gap and not late_gap:
            ctx.emit(gap)
        lines, cls, always = raise_statement(ctx)
        for line in lines:
            ctx.emit(line)
        if not always:
            if late_gap:
                ctx.emit(gap)
            if rng.random() < 0.6:
                body_block(ctx, 1, 2)
        ctx.leave(opened.pop())
        if target is not None and rng.random() < 0.6:
            n = ctx.fresh("n")
            ctx.emit("%s = %s.caught" % (n, target))
            ctx.scope.numbers.append((n, NT(1, True)))
        if len(opened) > (layers[0] == "try"):
            if rng.random() < 0.5:
                body_block(ctx, 1, 1)
            ctx.leave(opened.pop())
    finally:
        ctx.in_with = in_with
    escapes = not any(layer(cls) for layer in layers if layer != "try")
    if layers[0] == "try":
        ctx.leave(opened.pop())
        caught = [cls] + rng.sample([c for c in ("ValueError", "KeyError", "IndexError") if c != cls], rng.randint(0, 1))
        if rng.random() < 0.8 or not escapes:
            escapes = False
            what = "Exception" if rng.random() < 0.2 else "(%s)" % ", ".join(caught) if len(caught) > 1 else cls
        else:
            # A handler of another class: the exception goes past it.
            what = rng.choice([c for c in ("ZeroDivisionError", "TypeError") if c != cls])
        named = rng.random() < 0.5
        first = g.handler_first_line(ctx) if named else None
        gen.block(ctx, "except %s%s:" % (what, " as err" if named else ""), 1, 1, first)
        if rng.random() < 0.25:
            gen.block(ctx, "finally:", 1, 1)
    if escapes:
        ctx.plan.may_raise.add(cls)
    if rng.random() < 0.5:
        gen.s_assign_tensor(ctx)


# ---------------------------------------------------------------------------
# Inputs of a plan (besides gen.py's, whose arrays NumpyGenerator.value_code makes).

def in_global_axis(g, plan):
    """A global axis for reductions of square arrays (t_reduce_global_axis)."""
    glob = plan.module_name("AX")
    plan.slots.append(Slot(set(), lambda rng, bd: ["%s = %d" % (glob, rng.choice((0, 1, -1, -2)))]))
    if not hasattr(plan, "axes"):
        plan.axes = []
    plan.axes.append(glob)


INPUTS = [
    (3.0, gen.in_tensor),
    (1.5, gen.in_number),
    (0.8, gen.in_flag),
    (1.0, gen.in_list),
    (0.6, gen.in_dict),
    (1.0, gen.in_global_tensor),
    (0.8, gen.in_global_number),
    (0.5, in_global_axis),
    (1.0, gen.in_object),
    (0.4, in_global_dtype),
    (1.5, in_manager),
    (0.6, in_catcher),
]


# ---------------------------------------------------------------------------
# Plans and the program.

class NumpyPlan(Plan):
    """A plan with the global sinks its body writes (printed after each call)."""

    def __init__(self, g, index):
        super().__init__(g, index)
        self.sinks = []           # global names the body assigns
        self.sink_dict_name = None
        self.sink_list_name = None
        self.helper_defs = []
        self.cells = []
        self.classes = []
        self.objs = []            # module-level names of a method plan's instances
        self.may_raise = set()    # exceptions the body may raise on purpose: its calls catch them
        self.writes_args = False  # the body writes an argument array in place
        self.views = {}           # array name -> TTs of views of it taken in the body
        self.managers = []        # Rec managers the body may enter (arguments, globals)
        self.manager_globals = []
        self.catcher_globals = []  # global Catch managers (in_catcher): the call site changes their mode
        self.uses_log = False     # the body has with blocks: cm_log is printed after calls
        self.uses_gain = False    # the body calls GAIN, or reads KNOB (c_retune changes them)
        self.uses_knob = False

    def sink(self, prefix):
        name = self.module_name(prefix)
        self.sinks.append(name)
        return name

    def sink_dict(self):
        if self.sink_dict_name is None:
            self.sink_dict_name = "SD%d" % self.index
        return self.sink_dict_name

    def sink_list(self):
        if self.sink_list_name is None:
            self.sink_list_name = "SL%d" % self.index
        return self.sink_list_name


class NumpyGenerator(gen.Generator):
    """gen.py's generator with this module's tables and numpy's spellings (arrays of
    the inputs, np.tanh to squash a helper's argument, lasso.graph_break(), np.matmul)."""

    tables = sys.modules[__name__]

    def value_code(self, rng, t, binding):
        return array_value(rng, t, binding)

    def squash(self, code):
        return "np.tanh(%s)" % code

    def bound_method_allowed(self, ctx):
        """A method read as a value is a graph break on CPython (docs/cpython.md): one
        of the plan's budget of breaks."""
        if ctx.breaks_left <= 0:
            return False
        ctx.breaks_left -= 1
        return True

    # gen.s_raise_catch raises a user subclass of Exception too, and its handlers print
    # the error or leave the loop now and then.
    RAISED = ("ValueError", "KeyError", "FuzzError")

    def define_exception(self, name):
        if name == "FuzzError":
            self.shared(name, FUZZ_ERROR)

    def handler_first_line(self, ctx):
        """A print of the error (a graph break), or inside a loop now and then a `break`
        out of it (a loop only ends sooner, so its bounds hold)."""
        if ctx.loop_depth > 0 and ctx.rng.random() < 0.3:
            return "break"
        if not break_allowed(ctx):
            return None
        return 'print("%s caught", type(err).__name__, err)' % ctx.plan.name

    RECURSION_STEPS = ("np.tanh(v * 0.5)", "np.tanh(v + 1) * 0.5", "v * 0.5 + 0.25", "np.maximum(v, 0.0) * 0.5")

    def print_allowed(self, ctx):
        return break_allowed(ctx)

    def tensor_predicate(self, ctx, e):
        return "%s.sum() > %s" % (e, ctx.rng.choice(("0", "0.5", "-1.0")))

    BREAK_CALL = "lasso.graph_break()"
    CAPTURE_DECORATOR = "@lasso.capture"
    MARK_DYNAMIC = "lasso.mark_dynamic"
    COMPTIME = "lasso.comptime"
    MATMUL = "np.matmul"


def emit_return(ctx):
    rng = ctx.rng
    items = [tensor_expr(ctx, interesting_shape(ctx), rng.randint(1, MAX_DEPTH))[0]]
    local_tensors = [e for e, _ in ctx.scope.tensors if e in ctx.scope.locals or e.startswith("acc")]
    items += [e for e in local_tensors[-2:] if rng.random() < 0.7]
    local_numbers = [e for e, _ in ctx.scope.numbers if e.startswith("n")]
    if local_numbers and rng.random() < 0.7:
        items.append(local_numbers[-1])
    if len(items) == 1 and rng.random() < 0.6:
        ctx.emit("return %s" % items[0])
    else:
        ctx.emit("return %s" % ", ".join(items))


def build_plan(g, index):
    rng = g.rng
    plan = NumpyPlan(g, index)
    r = rng.random()
    plan.host = "module" if r < 0.6 else ("closure" if r < 0.85 else "method")
    plan.peeks, plan.bumps = [], []
    gen.in_tensor(g, plan)
    for _ in range(rng.randint(1, 4)):
        pick(rng, INPUTS)(g, plan)
    if plan.host == "closure":
        # gen.py's cells: arrays (which the body may assign, directly with `nonlocal` or
        # through a sibling closure `bump_c`, and read through a sibling `peek_c`),
        # numbers and functions.
        for _ in range(rng.randint(1, 2)):
            plan.cells.append(gen.add_cell(g, plan))
    if plan.host == "method":
        gen.add_self(g, plan)
    plan.binding = plan.new_binding()
    ctx = Ctx(g, plan, Scope(plan.scope), 1 if plan.host == "module" else 2)
    ctx.breaks_left = pick(rng, gen.STYLES)
    gen.statements(ctx, rng.randint(2, 8))
    emit_return(ctx)
    pad = "    " * ctx.indent
    head = []
    if ctx.globals_written:
        head.append(pad + "global " + ", ".join(sorted(set(ctx.globals_written))))
    if ctx.nonlocals_written:
        head.append(pad + "nonlocal " + ", ".join(ctx.nonlocals_written))
    return plan, head + [pad + line for line in ctx.head] + ctx.lines


def decorator(rng):
    r = rng.random()
    if r < 0.5:
        return "@lasso.capture"
    if r < 0.62:
        return '@lasso.capture(backend="eager")'
    if r < 0.7:
        return "@lasso.capture(fullgraph=False)"
    if r < 0.8:
        return "@lasso.capture(dynamic=True)"
    if r < 0.87:
        return "@lasso.capture(dynamic=False)"
    if r < 0.92:
        return "@lasso.capture(dynamic=None)"
    return "@lasso.capture()"


# Functions a closure cell holds (t_call_value calls them): an ufunc, and lambdas.
ACTIVATIONS = ("np.tanh", "lambda v: np.maximum(v, 0.0)", "lambda v: np.tanh(v) * 2.0")


def cell_value(rng, t, bd):
    if t == "func":
        return rng.choice(ACTIVATIONS)
    return num_literal(rng)[0] if t is None else array_value(rng, t, bd)


def emit_definition(g, plan, body):
    rng = g.rng
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
    for name in plan.sinks:
        out.append("%s = None" % name)
    if plan.sink_dict_name:
        out.append("%s = {}" % plan.sink_dict_name)
    if plan.sink_list_name:
        out.append("%s = [None, None]" % plan.sink_list_name)
    sig = signature(plan)
    wrap = rng.random() < 0.2
    if plan.host == "module":
        if not wrap:
            out.append(decorator(rng))
        out.append("def %s(%s):" % (plan.name, sig))
        out += body
        if wrap:
            dyn = rng.choice(("", "", ", dynamic=True", ", dynamic=False"))
            out.append("%s = lasso.capture(%s%s)" % (plan.name, plan.name, dyn))
        plan.instances = [plan.name]
        return out
    if plan.host == "method":
        return out + emit_class(g, plan, sig, body)
    factory = "make_%s" % plan.name
    cells = ", ".join(c for c, _ in plan.cells)
    out.append("def %s(%s):" % (factory, cells))
    for c in plan.peeks:
        out += ["    def peek_%s():" % c, "        return %s" % c]
    for c in plan.bumps:
        out += ["    def bump_%s(v):" % c, "        nonlocal %s" % c, "        %s = v" % c]
    out.append("    " + decorator(rng))
    out.append("    def %s(%s):" % (plan.name, sig))
    out += body
    # set_cell assigns a cell between calls (the trace read its contents, guarded).
    out.append("    def set_cell(name, value):")
    out.append("        nonlocal %s" % cells)
    for c, _ in plan.cells:
        out += ['        if name == "%s":' % c, "            %s = value" % c]
    out.append("    return %s, set_cell" % plan.name)
    plan.instances = []
    for i in range(2 if rng.random() < 0.4 else 1):
        inst = plan.name if i == 0 else "%s_%d" % (plan.name, i)
        out.append(make_closure(rng, plan, inst))
        plan.instances.append(inst)
    return out


def make_closure(rng, plan, inst):
    """`f1, set_f1 = make_f1(cells...)`: a new closure with new cells."""
    vals = ", ".join(cell_value(rng, t, plan.binding) for _, t in plan.cells)
    return "%s, set_%s = make_%s(%s)" % (inst, inst, plan.name, vals)


def emit_class(g, plan, sig, body):
    """A method plan: `forward` of a class (with the methods t_method made), called on
    one or two instances, now and then also on an instance of a subclass. The plan's
    instances are the bound `forward`s the call site calls."""
    rng = g.rng
    cls = plan.self_class
    t = cls.attrs[0][1]
    out = ["class %s:" % cls.name,
           "    bias = 0.5",
           "    def __init__(self, w, s):",
           "        self.w = w",
           "        self.s = s",
           "        self.hits = 0"]
    out += cls.methods
    out.append("    " + decorator(rng))
    out.append("    def forward(self%s):" % (", " + sig if sig else ""))
    out += body
    plan.objs = []
    for i in range(2 if rng.random() < 0.4 else 1):
        inst = "m%d_%d" % (plan.index, i)
        out.append("%s = %s(%s, %s)" % (inst, cls.name, array_value(rng, t, plan.binding), num_literal(rng)[0]))
        plan.objs.append(inst)
    if rng.random() < 0.3:
        sub = "%sSub" % cls.name
        inst = "m%d_sub" % plan.index
        out += ["class %s(%s):" % (sub, cls.name),
                "    def __init__(self, w, s):",
                "        self.w = w * 0.5",
                "        self.s = s",
                "        self.hits = 0",
                "%s = %s(%s, %s)" % (inst, sub, array_value(rng, t, plan.binding), num_literal(rng)[0])]
        plan.objs.append(inst)
    plan.instances = ["%s.forward" % o for o in plan.objs]
    return out


def refresh_state(g, plan, changed, force_all=False):
    """Module-level lines giving the plan's state values consistent with its binding:
    state whose shape uses a changed symbol is rebuilt, other state changes now and
    then. Closures whose cells depend on a changed symbol are made again."""
    rng = g.rng
    out = []
    bd = plan.binding
    for slot in plan.slots:
        if force_all or slot.symbols & changed:
            out += slot.init(rng, bd)
        elif rng.random() < 0.25:
            out += slot.update(rng, bd)
    if plan.host == "closure":
        stale = any(shape_symbols(t) & changed for _, t in plan.cells if isinstance(t, TT))
        for inst in plan.instances:
            if (force_all or stale) and rng.random() < 0.5:
                out.append(make_closure(rng, plan, inst))
                continue
            for c, t in plan.cells:
                dep = shape_symbols(t) if isinstance(t, TT) else set()
                if force_all or dep & changed or rng.random() < 0.2:
                    out.append('set_%s("%s", %s)' % (inst, c, cell_value(rng, t, bd)))
    if plan.host == "method":
        out += gen.refresh_instances(g, plan, plan.objs, changed, force_all)
    return out + gen.rebind_methods(g, plan, out)


def call_args(g, plan, binding, keywords=False):
    rng = g.rng
    args = []
    for p in ordered_params(plan):
        if p.default is not None and rng.random() < 0.4:
            continue
        v = p.make(rng, binding)
        if p.default is not None or keywords or (rng.random() < 0.15):
            keywords = True
            args.append("%s=%s" % (p.name, v))
        else:
            args.append(v)
    return ", ".join(args)


def call_tag(plan):
    plan.calls += 1
    return "%s#%d" % (plan.name, plan.calls)


def show_sinks(plan, out):
    if plan.uses_log:
        out.append('print("cm_log", cm_log)')
        out.append("cm_log.clear()")
    for name in plan.manager_globals:
        out.append('print("%s", %s.tag, %s.exits)' % (name, name, name))
    for name in plan.catcher_globals:
        out.append('print("%s", %s.tag, %s.mode, %s.caught)' % (name, name, name, name))
    for name in plan.sinks:
        out.append('print("%s", show(%s))' % (name, name))
    if plan.sink_dict_name:
        out.append('print("%s", show(%s))' % (plan.sink_dict_name, plan.sink_dict_name))
    if plan.sink_list_name:
        out.append('print("%s", show(%s))' % (plan.sink_list_name, plan.sink_list_name))


def c_plain(g, plan, out):
    inst = g.rng.choice(plan.instances)
    out.append('print("%s", show(%s(%s)))' % (call_tag(plan), inst, call_args(g, plan, plan.binding)))


def c_keywords(g, plan, out):
    inst = g.rng.choice(plan.instances)
    out.append('print("%s", show(%s(%s)))' % (call_tag(plan), inst, call_args(g, plan, plan.binding, True)))


def c_same_twice(g, plan, out):
    """The same argument objects twice: the second call is a cache hit."""
    rng = g.rng
    names = []
    for p in ordered_params(plan):
        n = "A%d_%s" % (plan.index, p.name)
        out.append("%s = %s" % (n, p.make(rng, plan.binding)))
        names.append(n)
    call = "%s(%s)" % (rng.choice(plan.instances), ", ".join(names))
    r1, r2 = "R%d_1" % plan.index, "R%d_2" % plan.index
    out.append("%s = %s" % (r1, call))
    out.append("%s = %s" % (r2, call))
    out.append('print("%s", show(%s), show(%s))' % (call_tag(plan), r1, r2))


def c_bad_shapes(g, plan, out):
    """Arguments whose sizes break the body's assumptions: numpy's error (if any) is
    caught at the call site, and all state is rebuilt afterwards."""
    rng = g.rng
    bad = dict(plan.binding)
    s = rng.choice(plan.symbols)
    bad[s] = rng.choice([v for v in range(1, DIM_MAX + 1) if v != bad[s]])
    args = ", ".join(p.make(rng, bad if rng.random() < 0.5 else plan.binding) for p in ordered_params(plan))
    out.append("try:")
    out.append('    print("%s", show(%s(%s)))' % (call_tag(plan), rng.choice(plan.instances), args))
    out.append("except ValueError as err:")
    out.append('    print("%s error", type(err).__name__, err)' % plan.name)
    plan.dirty = True


def c_alias(g, plan, out):
    """One array passed for two parameters of the same shape."""
    rng = g.rng
    params = ordered_params(plan)
    groups = {}
    for p in params:
        if getattr(p, "tt", None) is not None:
            groups.setdefault(p.tt.shape, []).append(p)
    pairs = [ps for ps in groups.values() if len(ps) >= 2]
    if not pairs:
        raise Reject()
    a, b = rng.sample(rng.choice(pairs), 2)
    shared = "S%d" % plan.index
    out.append("%s = %s" % (shared, array_value(rng, a.tt, plan.binding)))
    args = ", ".join(shared if p in (a, b) else p.make(rng, plan.binding) for p in params)
    out.append('print("%s", show(%s(%s)))' % (call_tag(plan), rng.choice(plan.instances), args))


def c_args_after(g, plan, out):
    """The arguments bound to names, the call, then the arrays printed again: a body
    that writes an argument in place changes the caller's array."""
    if not plan.writes_args:
        raise Reject()
    rng = g.rng
    names = []
    for p in ordered_params(plan):
        n = "A%d_%s" % (plan.index, p.name)
        out.append("%s = %s" % (n, p.make(rng, plan.binding)))
        names.append((p, n))
    args = ", ".join(n for _, n in names)
    out.append('print("%s", show(%s(%s)))' % (call_tag(plan), rng.choice(plan.instances), args))
    shown = ["show(%s)" % n for p, n in names if p.tt is not None]
    out.append('print("%s args", %s)' % (plan.name, ", ".join(shown)))


def c_reset(g, plan, out):
    """lasso.reset() between calls: every cache is forgotten, results stay the same."""
    out.append("lasso.reset()")
    c_plain(g, plan, out)


def c_mark_dynamic(g, plan, out):
    """Array arguments with a dimension marked dynamic (`lasso.mark_dynamic`) before
    the call."""
    args = gen.marked_arguments(g, plan, out)
    out.append('print("%s", show(%s(%s)))' % (call_tag(plan), g.rng.choice(plan.instances), ", ".join(args)))


def c_replace_box(g, plan, out):
    """Box's method or __init__ replaced between calls (gen.py's c_replace_box): a
    trace that inlined the old one must not be reused."""
    lines = []
    gen.c_replace_box(g, plan, lines)
    # gen.py's event ends with its own call of the plan: this module's call instead.
    plan.calls -= 1
    out += lines[:-1]
    c_plain(g, plan, out)


def c_redefine_helper(g, plan, out):
    if not plan.helpers:
        raise Reject()
    out += g.rng.choice(plan.helpers)
    c_plain(g, plan, out)


# ---------------------------------------------------------------------------
# Callable instances and properties (docs/cpython.md, "User objects"): `__call__` and a
# property's getter written in Python are inlined where they are called or read, guarded
# on the class. A class with a property is not constructed in the trace (a break), so
# Knob's only instance is the global KNOB; Gain instances are made in the body too.

# GAIN_KS and KNOB_KS: what the call site sets GAIN.k and KNOB.k to (c_retune).
GAIN_KS = (1.0, 0.5, -1.0, 2.0)
KNOB_KS = (1.0, -2.0, 0.5, 3.0)
GAIN_CLASS = [
    "class Gain:",
    "    def __init__(self, k):",
    "        self.k = k",
    "    def __call__(self, v):",
    "        return v * self.k + 1.0",
    "GAIN = Gain(1.0)",
]
KNOB_CLASS = [
    "class Knob:",
    "    def __init__(self, k):",
    "        self.k = k",
    "    @property",
    "    def half(self):",
    "        return self.k * 0.5",
    "    def scaled(self, v):",
    "        return v * self.half",
    "KNOB = Knob(1.0)",
]


def t_gain(ctx, shape, depth):
    """A Gain instance called (`GAIN(a)`, `Gain(k)(a)`), or KNOB's method that reads
    its property (`KNOB.scaled(a)`)."""
    rng = ctx.rng
    a, ba = tensor_expr(ctx, shape, depth - 1)
    ctx.gen.shared("Gain", GAIN_CLASS)
    r = rng.random()
    if r < 0.4:
        ctx.plan.uses_gain = True
        code, b = "GAIN(%s)" % a, ba * max(abs(k) for k in GAIN_KS) + 1.0
    elif r < 0.7:
        k, bk = num_literal(rng)
        code, b = "Gain(%s)(%s)" % (k, a), ba * bk + 1.0
    else:
        ctx.gen.shared("Knob", KNOB_CLASS)
        ctx.plan.uses_knob = True
        code, b = "KNOB.scaled(%s)" % a, ba * max(abs(k) for k in KNOB_KS) * 0.5
    if b > CAP:
        raise Reject()
    return code, b


def n_knob(ctx, depth, integral):
    """KNOB's property, a float."""
    if integral:
        raise Reject()
    ctx.gen.shared("Knob", KNOB_CLASS)
    ctx.plan.uses_knob = True
    return "KNOB.half", max(abs(k) for k in KNOB_KS) * 0.5, False


def c_retune(g, plan, out):
    """What a trace that inlined Gain's `__call__` or Knob's property relied on changes
    before the call: an attribute of GAIN or KNOB, `Gain.__call__` or the property
    replaced (each replacement keeps the value's bound)."""
    rng = g.rng
    changes = []
    if plan.uses_gain:
        changes += ["GAIN.k = %r" % rng.choice(GAIN_KS),
                    "def gain_call_%d(self, v):\n    return v * self.k - 1.0\nGain.__call__ = gain_call_%d"
                    % (plan.calls, plan.calls)]
    if plan.uses_knob:
        changes += ["KNOB.k = %r" % rng.choice(KNOB_KS), "Knob.half = property(lambda self: self.k * 0.25)"]
    if not changes:
        raise Reject()
    out += rng.choice(changes).split("\n")
    c_plain(g, plan, out)


CALL_EVENTS = [
    (6.0, c_plain),
    (1.0, c_keywords),
    (1.5, c_same_twice),
    (0.6, c_bad_shapes),
    (1.5, c_redefine_helper),
    (0.8, c_alias),
    (0.2, c_reset),
    (0.6, c_mark_dynamic),
    (0.5, c_replace_box),
    (3.0, c_args_after),
    (1.0, c_retune),
]


def emit_call(g, plan, out):
    """gen.py's call (new sizes now and then, the state refreshed, a call event), then
    the sinks the body writes."""
    lines = []
    gen.emit_call(g, plan, lines)
    if plan.may_raise:
        # The body raises on purpose for some inputs (an index out of range, an int
        # array += float, a broadcast that would grow the target): the same exception,
        # plain and captured, is caught here.
        out.append("try:")
        out += ["    " + line for line in lines]
        out.append("except (%s) as err:" % ", ".join(sorted(plan.may_raise)))
        out.append('    print("%s raised", type(err).__name__, err)' % plan.name)
    else:
        out += lines
    show_sinks(plan, out)


# What every program starts with: `show` prints a value the same way whatever numpy's
# print options are, with the type, dtype and shape of arrays and numpy scalars.
PRELUDE = [
    "import numpy as np",
    "",
    "import lasso",
    "",
    "",
    "def show(v):",
    "    if isinstance(v, (np.ndarray, np.generic)):",
    '        return "%s:%s%s:%r" % (type(v).__name__, v.dtype, v.shape, v.tolist())',
    "    if isinstance(v, (tuple, list)):",
    '        return "%s[%s]" % (type(v).__name__, ", ".join(show(i) for i in v))',
    "    if isinstance(v, dict):",
    '        return "{%s}" % ", ".join("%s: %s" % (k, show(v[k])) for k in sorted(v))',
    "    return repr(v)",
    "",
]


def generate(seed):
    return generate_with_plans(seed)[0]


def generate_with_plans(seed):
    """(program text, its plans): test_gen.py checks the plans' call sites."""
    del loop_reads()[:]
    g = NumpyGenerator(seed)
    rng = g.rng
    out = ["# lasso CPython differential fuzz program, seed %d (tests/fuzz/gen_numpy.py)" % seed] + PRELUDE
    defs = []
    for i in range(1, rng.randint(2, 4) + 1):
        plan, body = build_plan(g, i)
        g.plans.append(plan)
        defs.append(emit_definition(g, plan, body))
    out += g.defs
    for d in defs:
        out += d
    for plan in gen.call_schedule(rng, g.plans):
        emit_call(g, plan, out)
    if "tick_c" in g.shared_names:
        out.append("print(read_c())")
    if "box_log" in g.shared_names:
        out.append("print(len(box_log), [b.k for b in box_log], [show(b.v) for b in box_log])")
    out.append('print("done")')
    return "\n".join(out) + "\n", g.plans


# ---------------------------------------------------------------------------
# Exceptions (docs/cpython.md, "Exceptions"): raises of plain classes caught by a handler
# of the same function are traced into the handler (gen.s_raise_catch, with
# NumpyGenerator's classes); a handler entered with an exception raised at a graph break
# is traced in the resume function that starts there (s_call_raises, and gen.s_try with
# risky_statement below). None of these raise past the body: every exception raised on
# purpose has a handler around it.

# A user exception class without __init__ (made in the trace like ValueError).
FUZZ_ERROR = [
    "class FuzzError(Exception):",
    "    pass",
]
# A helper whose print leaves a rest that cannot be inlined: its call is a graph break,
# and the exception it raises for odd k reaches the caller's handler from outside.
CHECKED_HALF = [
    "def checked_half(v, k):",
    '    print("checked", k)',
    "    if k % 2:",
    '        raise FuzzError("odd %r" % (k,))',
    "    return v * 0.5",
]
# checked_half without the print (and without formatting the message: FORMAT_VALUE is a
# break of its own).
STRICT_HALF = [
    "def strict_half(v, k):",
    "    if k % 2:",
    '        raise FuzzError("odd")',
    "    return v * 0.5",
]
# A helper with a try of its own: a raise and its handler inside an inlined call.
GUARDED = [
    "def guarded(v, lim):",
    "    try:",
    "        if lim < 0:",
    '            raise ValueError("negative limit")',
    "        return np.minimum(v, lim)",
    "    except ValueError:",
    "        return v * 0.5",
]


def break_allowed(ctx):
    """Spends one of the plan's graph breaks on a `print` inside a construct."""
    if ctx.breaks_left <= 0:
        return False
    gen.used(ctx, s_print)
    return True


def risky_statement(ctx):
    """gen.s_try's statement, in numpy: one that raises ValueError, IndexError or
    ZeroDivisionError for some inputs (or always): an odd size reshaped to two rows, a
    row past the end, an axis past the rank (numpy's AxisError is both), a broadcast of
    unrelated sizes, a matmul of mismatched lengths, a Python division by a number that
    is zero for some calls."""
    rng = ctx.rng
    if not ctx.scope.tensors:
        raise Reject()
    e, t = rng.choice(ctx.scope.tensors)
    r = rng.randrange(6)
    if r == 0:
        return "print(%s.reshape(2, -1).shape)" % e
    if r == 1:
        value = "%s[%d]" % (e, rng.randint(1, 4))
    elif r == 2:
        value = "%s.sum(axis=%d)" % (e, rng.randint(1, 3))
    elif r == 3:
        value = "%s + %s" % (e, tensor_expr(ctx, (rng.choice(ctx.scope.dims() + ["3"]),), 0)[0])
    elif r == 4:
        value = "%s.reshape(-1) @ np.ones(%d)" % (e, rng.choice((3, 100)))
    else:
        value = "%s * (1.0 / (%s %% 2))" % (e, number_expr(ctx, 1, integral=True)[0])
    return "print(show(%s))" % value


def call_raises(ctx, helper, lines):
    """`v = e`, then `v = helper(v, k)` in a try whose handler negates v: helper raises
    FuzzError for odd k, which this function's handler catches. v keeps its shape and
    bound on both paths (halved, or negated)."""
    # As gen.s_try: in the captured body only, outside with blocks, three blocks deep.
    if not may_raise(ctx) or ctx.block_depth >= 3 or not ctx.scope.tensors:
        raise Reject()
    rng = ctx.rng
    e, t = rng.choice(ctx.scope.tensors)
    ctx.gen.shared("FuzzError", FUZZ_ERROR)
    ctx.gen.shared(helper, lines)
    k, _, _ = number_expr(ctx, 1, integral=True)
    v = ctx.fresh("t")
    ctx.emit("%s = %s" % (v, e))
    ctx.emit("try:")
    ctx.emit("    %s = %s(%s, %s)" % (v, helper, v, k))
    ctx.emit("except %s%s:" % (rng.choice(("FuzzError", "Exception", "(KeyError, FuzzError)")),
                                " as err" if rng.random() < 0.5 else ""))
    ctx.emit("    %s = -%s" % (v, v))
    nt = TT(t.shape, t.bound)
    ctx.scope.tensors.append((v, nt))
    ctx.scope.locals[v] = nt


def s_call_raises(ctx):
    """checked_half prints, so its call is a graph break: its FuzzError enters the
    handler from outside the trace."""
    call_raises(ctx, "checked_half", CHECKED_HALF)


def s_helper_raises(ctx):
    """strict_half has no print, but a raise that leaves an inlined call is not traced
    today: the call is a graph break (in BREAKS_TODAY; move it out when such raises are
    traced into the caller's handler)."""
    call_raises(ctx, "strict_half", STRICT_HALF)


# A helper with a with block of its own: its Catch suppresses the ValueError raised for
# k % 3 == 1 (the exit traced inside the inlined call) and lets the FuzzError of
# k % 3 == 2 leave the helper (its call is then a graph break) to the caller's handler.
SHIELDED = [
    "def shielded(v, k):",
    '    with Catch("h", 2):',
    "        v = v * 0.5",
    "        if k % 3 == 1:",
    '            raise ValueError("one")',
    "        if k % 3 == 2:",
    '            raise FuzzError("two")',
    "    return v",
]


def s_shielded_call(ctx):
    """A call of `shielded` in a try whose handler catches its FuzzError."""
    if not may_raise(ctx):
        raise Reject()
    raise_classes(ctx.gen)
    ctx.plan.uses_log = True
    call_raises(ctx, "shielded", SHIELDED)


def t_guarded(ctx, shape, depth):
    """A call of `guarded`, an inlined helper whose own try catches the ValueError it
    raises for a negative limit."""
    a, ba = tensor_expr(ctx, shape, depth - 1)
    n, _, _ = number_expr(ctx, 1)
    return "%s(%s, %s)" % (ctx.gen.shared("guarded", GUARDED), a, n), ba


# ---------------------------------------------------------------------------
# Higher-order operators and comptime (docs/cpython.md): lasso.cond, while_loop and
# map_rows are plain Python functions when run plainly, one node with subgraphs when
# captured; lasso.comptime does nothing plainly and prints to stderr when captured
# (stderr is not compared), so stdout is the same.

def branch_body(ctx, param, t):
    """(code, a, c) of an array expression of `param` (an array like t) with its shape
    and dtype, whose bound is a * (param's bound) + c: arithmetic with ints, a relu
    against the int 0, or an array of the scope of the same shape (lifted into the
    subgraph; its dtype may differ: a break), or an array returned as it is (the
    parameter, or an array of the scope): Python's cond and while_loop then return an
    array they were given or read, which lasso must treat as sharing its memory."""
    rng = ctx.rng
    r = rng.randrange(7)
    same = [(e, u) for e, u in ctx.scope.tensors if u.shape == t.shape and u.bound <= t.bound]
    if r == 5:
        return param, 1, 0
    if r == 6 and same:
        e, u = rng.choice(same)
        return e, 0, u.bound
    if r == 0:
        k, m = rng.randint(-3, 3), rng.randint(-2, 2)
        return "%s * %d + %d" % (param, k, m), abs(k), abs(m)
    if r == 1:
        k = rng.randint(0, 2)
        return "np.maximum(%s - %d, 0)" % (param, k), 1, k
    if r < 4 and same:
        e, u = rng.choice(same)
        return "%s %s %s" % (param, rng.choice(("+", "-")), e), 1, u.bound
    k = rng.randint(1, 4)
    return "%s + %d" % (param, k), 1, k


def hop_operand(ctx):
    if ctx.kind != "capture" or not ctx.scope.tensors:
        raise Reject()
    return ctx.rng.choice(ctx.scope.tensors)


def s_cond(ctx):
    """lasso.cond with a one-element array predicate (one node, two subgraphs), a flag or
    a constant (the branch inlined)."""
    e, t = hop_operand(ctx)
    pred = gen.cond_predicate(ctx)
    yes, ay, cy = branch_body(ctx, "a_", t)
    no, an, cn = branch_body(ctx, "a_", t)
    b = max(ay * t.bound + cy, an * t.bound + cn, t.bound)
    if b > CAP:
        raise Reject()
    name = ctx.fresh("c")
    ctx.emit("%s = lasso.cond(%s, lambda a_: %s, lambda a_: %s, (%s,))" % (name, pred, yes, no, e))
    ctx.scope.tensors.append((name, TT(t.shape, b)))


def s_cond_mismatch(ctx):
    """lasso.cond whose branches differ in shape (a sum against the array): a graph
    break, after which Python runs cond."""
    e, t = hop_operand(ctx)
    if ctx.rng.random() < 0.3:
        ctx.emit("%s = lasso.cond(%s.sum() > 0, lambda a_: a_.sum(), lambda a_: a_ + 1, (%s,))"
                 % (ctx.fresh("c"), e, e))
    else:
        ctx.emit('print("%s", show(lasso.cond(%s.sum() > 0, lambda a_: a_, lambda a_: a_.sum(), (%s,))))'
                 % (ctx.plan.name, e, e))


def s_while_loop(ctx):
    """lasso.while_loop counting a 0-d int array down from 1..3, carrying an array of the
    scope through a body of branch_body's forms."""
    e, t = hop_operand(ctx)
    rng = ctx.rng
    body, a, c = branch_body(ctx, "acc_", t)
    # After no pass, Python's while_loop returns the carried array itself: an in-place
    # write to it later shows through the result (lasso breaks at such a write).
    count = rng.randint(0, 3)
    b = t.bound
    for _ in range(count):
        b = max(b, a * b + c)
        if b > CAP:
            raise Reject()
    name = ctx.fresh("w")
    ctx.emit("%s = lasso.while_loop(lambda n_, acc_: n_ > 0, lambda n_, acc_: (n_ - 1, %s), (np.array(%d), %s))[1]"
             % (name, body, count, e))
    ctx.scope.tensors.append((name, TT(t.shape, b)))


def s_map_rows(ctx):
    """lasso.map_rows over an array's rows with a body of branch_body's forms (a row of
    the scope lifted into the subgraph), now and then with an argument of a row's shape."""
    cands = [(e, t) for e, t in ctx.scope.tensors if len(t.shape) >= 1]
    if ctx.kind != "capture" or not cands:
        raise Reject()
    rng = ctx.rng
    e, t = rng.choice(cands)
    row = TT(t.shape[1:], t.bound)
    body, a, c = branch_body(ctx, "r_", row)
    b = max(a * row.bound + c, row.bound)
    args = [(a, u) for a, u in ctx.scope.tensors if u.shape == row.shape and a != e]
    name = ctx.fresh("m")
    if args and rng.random() < 0.4:
        a, u = rng.choice(args)
        ctx.emit("%s = lasso.map_rows(lambda r_, b_: %s * b_, %s, (%s,))" % (name, body, e, a))
        b *= u.bound
        if b > CAP:
            raise Reject()
    else:
        ctx.emit("%s = lasso.map_rows(lambda r_: %s, %s, ())" % (name, body, e))
    ctx.scope.tensors.append((name, TT(t.shape, b)))


# ---------------------------------------------------------------------------
# Tables (as in gen.py: a construct is a function listed with a weight).

TENSOR_FORMS = [
    (3.0, gen.t_leaf),
    (0.6, t_construct),
    (4.0, t_binop),
    (0.5, t_floor_mod),
    (1.0, gen.t_outer),
    (2.5, t_unary),
    (0.6, t_where),
    (0.8, t_transpose),
    (0.6, t_view),
    (1.0, t_index),
    (0.4, t_split_join),
    (0.3, t_slice_sum),
    (0.4, t_astype),
    (1.2, gen.t_matmul),
    (1.2, t_reduce_axis),
    (1.0, t_reduce_all),
    (0.6, t_reduce_global_axis),
    (1.0, t_reshape),
    (0.6, t_stack),
    (0.6, t_concatenate),
    (0.5, t_join_reduce),
    (0.4, gen.t_cond),
    (1.0, gen.t_list_item),
    (0.5, gen.t_helper),
    (0.1, gen.t_lambda),
    (0.6, gen.t_method),
    (0.8, gen.t_call_value),
    (0.4, t_gain),
    (0.2, gen.t_recursive),
    (0.1, t_guarded),
]
TENSOR_LEAF_FORMS = [
    (6.0, gen.t_leaf),
    (1.0, t_construct),
    (1.0, gen.t_list_item),
]

NUMBER_FORMS = [
    (3.0, gen.n_leaf),
    (1.5, gen.n_literal),
    (1.5, gen.n_shape),
    (2.0, n_binop),
    (0.4, n_abs),
    (0.4, n_min_max),
    (0.5, gen.n_list_len),
    (0.3, gen.n_cond),
    (0.4, n_float),
    (0.3, gen.n_getattr),
    (0.4, gen.n_dunder),
    (0.3, n_size),
    (0.2, n_knob),
]
NUMBER_LEAF_FORMS = [
    (3.0, gen.n_leaf),
    (1.5, gen.n_literal),
    (1.0, gen.n_shape),
]

CONDITIONS = [
    (2.0, gen.c_compare),
    (1.5, gen.c_flag),
    (1.5, gen.c_mode),
    (1.5, gen.c_shape),
    (0.8, c_array_value),
    (0.5, gen.c_bool_op),
    (0.8, gen.c_list_len),
    (0.5, gen.c_object_identity),
    (0.4, gen.c_dunder),
]

STATEMENTS = [
    (10.0, gen.s_assign_tensor),
    (3.0, gen.s_assign_number),
    (4.0, s_rebind_local),
    (0.8, s_accumulate),
    (3.0, gen.s_if),
    (2.0, s_for_range),
    (2.0, s_for_list),
    (0.5, s_for_rows),
    (0.7, gen.s_while),
    (1.5, s_print),
    (1.2, s_graph_break),
    (0.5, s_dropped_result),
    (1.0, s_write_global),
    (0.6, s_store_item),
    (0.4, s_append),
    (0.8, s_update_global),
    (0.6, s_store_argument),
    (2.0, s_write_state),
    (0.8, gen.s_construct),
    (0.4, gen.s_inner_def),
    (0.3, gen.s_tick),
    (1.2, s_inplace),
    (1.0, s_with),
    (1.0, s_with_raise),
    (1.0, gen.s_try),
    (1.0, gen.s_raise_catch),
    (0.4, s_call_raises),
    (0.4, s_helper_raises),
    (0.3, s_shielded_call),
    (0.3, gen.s_noisy_try),
    (0.6, s_cond),
    (0.15, s_cond_mismatch),
    (0.4, s_while_loop),
    (0.4, s_map_rows),
    (0.4, gen.s_comptime),
    (0.2, gen.s_comptime_break),
]

# Constructs capture does not put in one graph today (a graph break, or the frame runs
# as plain Python), left out of plans whose style allows none (gen.STYLES).
BREAKS_TODAY = {
    gen.t_lambda, n_float, n_min_max, c_array_value, s_for_rows, s_print, s_graph_break, s_dropped_result,
    s_append,
    # Each prints (or calls a helper that does), or asks for the break.
    gen.s_try, s_call_raises, s_helper_raises, s_shielded_call, gen.s_noisy_try, s_cond_mismatch,
    gen.s_comptime_break,
    # Some of their forms call builtins the adapter does not model (getattr, hasattr,
    # sum, list, bool): graph breaks.
    gen.n_getattr, gen.n_dunder, gen.c_object_identity, gen.c_dunder,
}

# Every construct name the programs may use from numpy, for test_gen.py.
NUMPY_NAMES = {
    "add", "subtract", "multiply", "divide", "maximum", "minimum", "exp", "log", "tanh", "sqrt", "abs",
    "negative", "matmul", "where", "sum", "mean", "max", "min", "amax", "amin", "reshape", "transpose",
    "concatenate", "stack", "zeros", "ones", "full", "arange", "zeros_like", "ones_like", "array",
    "float64", "float32", "int64", "ndarray", "generic", "newaxis",
}


if __name__ == "__main__":
    sys.exit(gen.main(sys.argv, generate, "gen_numpy.py"))
