# Oracle prelude for minipy (see examples/minipy/SPEC.md, sections "Tensors" and
# "Capture builtins"). Pure Python 3 standard library. This file is executed into the
# globals of every test script before the script itself runs under CPython, so every
# helper name is prefixed with `_mp_` to keep the script namespace clean, and builtins
# are reached through `_mp_b` so that a script shadowing e.g. `list` or `max` cannot
# change the behaviour of the tensor implementation.
#
# Cases SPEC.md leaves open, resolved here (the test scripts do not depend on them
# unless noted):
# - tensor([]) and other element-free data are int64 ("every element is an int" holds
#   vacuously; tensor_sum_mean.py prints tensor([]).sum().dtype). Nested data is checked
#   depth-first in row-major order, so the first offending element decides between the
#   ragged ValueError and the non-number TypeError.
# - Out-of-range index messages show the index as given (negative stays negative).
# - Element-wise float operations are plain Python float operations: division by zero
#   raises ZeroDivisionError, math.exp overflow raises OverflowError, sqrt of a negative
#   raises ValueError (math domain error); mean() of an empty tensor divides by zero.
# - A 0-d tensor accepts sum(0) / sum(-1) (returns a copy); the range in its error
#   message is [-1, 0]. Iterating a 0-d tensor raises TypeError.
# - zeros/ones/reshape take ints only (no shape tuple); relu/exp/tanh/sigmoid functions
#   require a Tensor; allclose also accepts Python numbers.

import builtins as _mp_b
import math as _mp_math


def _mp_is_number(x):
    return _mp_b.isinstance(x, (_mp_b.int, _mp_b.float))


def _mp_numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _mp_strides(shape):
    strides = [0] * _mp_b.len(shape)
    acc = 1
    for i in _mp_b.range(_mp_b.len(shape) - 1, -1, -1):
        strides[i] = acc
        acc *= shape[i]
    return strides


def _mp_indices(shape):
    """All multi-indices of `shape` in row-major order."""
    out = [()]
    for d in shape:
        out = [idx + (i,) for idx in out for i in _mp_b.range(d)]
    return out


def _mp_conv(x, dtype):
    if dtype == "float64":
        return _mp_b.float(x)
    return _mp_b.int(x)


def _mp_make(shape, data, dtype):
    t = _mp_b.object.__new__(Tensor)
    t._shape = _mp_b.tuple(shape)
    t._data = data
    t._dtype = dtype
    return t


def _mp_broadcast_shape(sa, sb):
    n = _mp_b.max(_mp_b.len(sa), _mp_b.len(sb))
    pa = (1,) * (n - _mp_b.len(sa)) + _mp_b.tuple(sa)
    pb = (1,) * (n - _mp_b.len(sb)) + _mp_b.tuple(sb)
    out = []
    for i in _mp_b.range(n):
        if pa[i] == pb[i]:
            out.append(pa[i])
        elif pa[i] == 1:
            out.append(pb[i])
        elif pb[i] == 1:
            out.append(pa[i])
        else:
            raise _mp_b.ValueError("shapes " + _mp_b.repr(_mp_b.tuple(sa)) + " and "
                                   + _mp_b.repr(_mp_b.tuple(sb)) + " cannot be broadcast")
    return _mp_b.tuple(out), pa, pb


def _mp_gather(shape, padded, strides_src, idx):
    # flat source index of broadcast multi-index idx
    off = 0
    for i in _mp_b.range(_mp_b.len(idx)):
        if padded[i] != 1:
            off += idx[i] * strides_src[i]
    return off


def _mp_binary(a, b, op):
    """a, b: Tensor or Python number (already validated). Returns a Tensor."""
    if _mp_b.isinstance(a, Tensor):
        sa, da, ta = a._shape, a._data, a._dtype
    else:
        sa, da = (), [_mp_b.int(a) if _mp_b.isinstance(a, _mp_b.bool) else a]
        ta = "float64" if _mp_b.isinstance(a, _mp_b.float) else "int64"
    if _mp_b.isinstance(b, Tensor):
        sb, db, tb = b._shape, b._data, b._dtype
    else:
        sb, db = (), [_mp_b.int(b) if _mp_b.isinstance(b, _mp_b.bool) else b]
        tb = "float64" if _mp_b.isinstance(b, _mp_b.float) else "int64"
    if op == "/" or ta == "float64" or tb == "float64":
        dtype = "float64"
    else:
        dtype = "int64"
    out_shape, pa, pb = _mp_broadcast_shape(sa, sb)
    # strides of the padded source shapes
    sta = _mp_strides(pa)
    stb = _mp_strides(pb)
    data = []
    for idx in _mp_indices(out_shape):
        x = da[_mp_gather(out_shape, pa, sta, idx)]
        y = db[_mp_gather(out_shape, pb, stb, idx)]
        if dtype == "float64":
            x = _mp_b.float(x)
            y = _mp_b.float(y)
        if op == "+":
            r = x + y
        elif op == "-":
            r = x - y
        elif op == "*":
            r = x * y
        else:
            r = x / y
        data.append(_mp_conv(r, dtype))
    return _mp_make(out_shape, data, dtype)


def _mp_operand_ok(x):
    return _mp_b.isinstance(x, Tensor) or _mp_is_number(x)


def _mp_check_shape_args(name, shape):
    for d in shape:
        if not _mp_b.isinstance(d, _mp_b.int) or _mp_b.isinstance(d, _mp_b.bool):
            raise _mp_b.TypeError(name + "(): shape must be a sequence of ints")
        if d < 0:
            raise _mp_b.ValueError(name + "(): negative dimension " + _mp_b.repr(d))
    return _mp_b.tuple(shape)


class Tensor:
    __slots__ = ("_shape", "_data", "_dtype")

    def __init__(self, *args, **kwargs):
        raise _mp_b.TypeError("cannot create 'Tensor' instances directly; use tensor()")

    # ---- attributes -------------------------------------------------------
    @property
    def shape(self):
        return self._shape

    @property
    def ndim(self):
        return _mp_b.len(self._shape)

    @property
    def dtype(self):
        return self._dtype

    # ---- printing ---------------------------------------------------------
    def __repr__(self):
        return "tensor(" + _mp_b.repr(self.tolist()) + ")"

    def __str__(self):
        return self.__repr__()

    # ---- conversions ------------------------------------------------------
    def tolist(self):
        if not self._shape:
            return self._data[0]

        def build(dim, off):
            n = self._shape[dim]
            if dim == _mp_b.len(self._shape) - 1:
                return _mp_b.list(self._data[off:off + n])
            step = _mp_numel(self._shape[dim + 1:])
            return [build(dim + 1, off + i * step) for i in _mp_b.range(n)]

        return build(0, 0)

    def item(self):
        if _mp_b.len(self._data) != 1:
            raise _mp_b.ValueError("only one element tensors can be converted to Python scalars")
        return self._data[0]

    def float(self):
        return _mp_make(self._shape, [_mp_b.float(x) for x in self._data], "float64")

    def __bool__(self):
        if _mp_b.len(self._data) != 1:
            raise _mp_b.ValueError("Boolean value of Tensor with more than one value is ambiguous")
        return _mp_b.bool(self._data[0])

    def __len__(self):
        if not self._shape:
            raise _mp_b.TypeError("len() of a 0-d tensor")
        return self._shape[0]

    def __getitem__(self, i):
        if not self._shape:
            raise _mp_b.IndexError("invalid index of a 0-d tensor")
        if not _mp_b.isinstance(i, _mp_b.int):
            raise _mp_b.TypeError("tensor indices must be integers")
        n = self._shape[0]
        j = i + n if i < 0 else i
        if j < 0 or j >= n:
            raise _mp_b.IndexError("index " + _mp_b.repr(i)
                                   + " is out of bounds for dimension 0 with size " + _mp_b.repr(n))
        step = _mp_numel(self._shape[1:])
        return _mp_make(self._shape[1:], self._data[j * step:(j + 1) * step], self._dtype)

    def __iter__(self):
        if not self._shape:
            raise _mp_b.TypeError("iteration over a 0-d tensor")
        return _mp_b.iter([self[i] for i in _mp_b.range(self._shape[0])])

    # ---- arithmetic -------------------------------------------------------
    def __neg__(self):
        return _mp_make(self._shape, [-x for x in self._data], self._dtype)

    def __add__(self, other):
        if not _mp_operand_ok(other):
            return _mp_b.NotImplemented
        return _mp_binary(self, other, "+")

    def __radd__(self, other):
        if not _mp_operand_ok(other):
            return _mp_b.NotImplemented
        return _mp_binary(other, self, "+")

    def __sub__(self, other):
        if not _mp_operand_ok(other):
            return _mp_b.NotImplemented
        return _mp_binary(self, other, "-")

    def __rsub__(self, other):
        if not _mp_operand_ok(other):
            return _mp_b.NotImplemented
        return _mp_binary(other, self, "-")

    def __mul__(self, other):
        if not _mp_operand_ok(other):
            return _mp_b.NotImplemented
        return _mp_binary(self, other, "*")

    def __rmul__(self, other):
        if not _mp_operand_ok(other):
            return _mp_b.NotImplemented
        return _mp_binary(other, self, "*")

    def __truediv__(self, other):
        if not _mp_operand_ok(other):
            return _mp_b.NotImplemented
        return _mp_binary(self, other, "/")

    def __rtruediv__(self, other):
        if not _mp_operand_ok(other):
            return _mp_b.NotImplemented
        return _mp_binary(other, self, "/")

    def __matmul__(self, other):
        if not _mp_b.isinstance(other, Tensor):
            return _mp_b.NotImplemented
        return _mp_matmul(self, other)

    # ---- elementwise methods ---------------------------------------------
    def relu(self):
        zero = 0.0 if self._dtype == "float64" else 0
        return _mp_make(self._shape, [x if x > 0 else zero for x in self._data], self._dtype)

    def abs(self):
        return _mp_make(self._shape, [_mp_b.abs(x) for x in self._data], self._dtype)

    def exp(self):
        return _mp_make(self._shape, [_mp_math.exp(_mp_b.float(x)) for x in self._data],
                        "float64")

    def tanh(self):
        return _mp_make(self._shape, [_mp_math.tanh(_mp_b.float(x)) for x in self._data],
                        "float64")

    def sqrt(self):
        return _mp_make(self._shape, [_mp_math.sqrt(_mp_b.float(x)) for x in self._data],
                        "float64")

    def sigmoid(self):
        return _mp_make(self._shape,
                        [1.0 / (1.0 + _mp_math.exp(-_mp_b.float(x))) for x in self._data],
                        "float64")

    # ---- reductions -------------------------------------------------------
    def sum(self, dim=None):
        zero = 0.0 if self._dtype == "float64" else 0
        if dim is None:
            acc = zero
            for x in self._data:
                acc = acc + x
            return _mp_make((), [acc], self._dtype)
        nd = _mp_b.len(self._shape)
        lo, hi = (-nd, nd - 1) if nd > 0 else (-1, 0)
        if not _mp_b.isinstance(dim, _mp_b.int) or dim < lo or dim > hi:
            raise _mp_b.IndexError("dimension out of range (expected to be in range of ["
                                   + _mp_b.repr(lo) + ", " + _mp_b.repr(hi) + "], but got "
                                   + _mp_b.repr(dim) + ")")
        if nd == 0:
            return _mp_make((), [self._data[0]], self._dtype)
        d = dim + nd if dim < 0 else dim
        out_shape = self._shape[:d] + self._shape[d + 1:]
        outer = _mp_numel(self._shape[:d])
        n = self._shape[d]
        inner = _mp_numel(self._shape[d + 1:])
        data = []
        for o in _mp_b.range(outer):
            for i in _mp_b.range(inner):
                acc = zero
                for k in _mp_b.range(n):
                    acc = acc + self._data[(o * n + k) * inner + i]
                data.append(acc)
        return _mp_make(out_shape, data, self._dtype)

    def mean(self):
        acc = 0.0
        for x in self._data:
            acc = acc + _mp_b.float(x)
        return _mp_make((), [acc / _mp_b.len(self._data)], "float64")

    def max(self):
        if not self._data:
            raise _mp_b.ValueError("max(): empty tensor")
        best = self._data[0]
        for x in self._data[1:]:
            if x > best:
                best = x
        return _mp_make((), [best], self._dtype)

    # ---- shape manipulation -----------------------------------------------
    def t(self):
        nd = _mp_b.len(self._shape)
        if nd > 2:
            raise _mp_b.ValueError("t() expects a tensor with <= 2 dimensions, but got "
                                   + _mp_b.repr(nd))
        if nd < 2:
            return _mp_make(self._shape, _mp_b.list(self._data), self._dtype)
        r, c = self._shape
        data = [self._data[i * c + j] for j in _mp_b.range(c) for i in _mp_b.range(r)]
        return _mp_make((c, r), data, self._dtype)

    def reshape(self, *shape):
        for d in shape:
            if not _mp_b.isinstance(d, _mp_b.int) or _mp_b.isinstance(d, _mp_b.bool):
                raise _mp_b.TypeError("reshape(): shape must be ints")
        given = _mp_b.tuple(shape)
        n = _mp_b.len(self._data)
        if given.count(-1) > 1:
            raise _mp_b.ValueError("reshape(): only one dimension can be inferred")
        for d in given:
            if d < -1:
                raise _mp_b.ValueError("cannot reshape tensor of shape " + _mp_b.repr(self._shape)
                                 + " into shape " + _mp_b.repr(given))
        if -1 in given:
            known = _mp_numel([d for d in given if d != -1])
            if known == 0 or n % known != 0:
                raise _mp_b.ValueError("cannot reshape tensor of shape " + _mp_b.repr(self._shape)
                                 + " into shape " + _mp_b.repr(given))
            new = _mp_b.tuple(n // known if d == -1 else d for d in given)
        else:
            new = given
        if _mp_numel(new) != n:
            raise _mp_b.ValueError("cannot reshape tensor of shape " + _mp_b.repr(self._shape)
                             + " into shape " + _mp_b.repr(given))
        return _mp_make(new, _mp_b.list(self._data), self._dtype)


def _mp_matmul(a, b):
    sa, sb = a._shape, b._shape
    na, nb = _mp_b.len(sa), _mp_b.len(sb)
    ok = na in (1, 2) and nb in (1, 2)
    if ok:
        ka = sa[-1]
        kb = sb[0]
        ok = ka == kb
    if not ok:
        raise _mp_b.ValueError("matmul: shapes " + _mp_b.repr(sa) + " and " + _mp_b.repr(sb)
                               + " are not aligned")
    dtype = "float64" if (a._dtype == "float64" or b._dtype == "float64") else "int64"
    zero = 0.0 if dtype == "float64" else 0
    rows = sa[0] if na == 2 else 1
    k = sa[-1]
    cols = sb[1] if nb == 2 else 1
    da, db = a._data, b._data
    data = []
    for i in _mp_b.range(rows):
        for j in _mp_b.range(cols):
            acc = zero
            for p in _mp_b.range(k):
                x = da[i * k + p]
                y = db[p * cols + j]
                if dtype == "float64":
                    x = _mp_b.float(x)
                    y = _mp_b.float(y)
                acc = acc + x * y
            data.append(acc)
    if na == 2 and nb == 2:
        shape = (rows, cols)
    elif na == 2:
        shape = (rows,)
    elif nb == 2:
        shape = (cols,)
    else:
        shape = ()
    return _mp_make(shape, data, dtype)


# ---- constructors -----------------------------------------------------------

def tensor(data):
    shape = []
    x = data
    while _mp_b.isinstance(x, (_mp_b.list, _mp_b.tuple)):
        shape.append(_mp_b.len(x))
        if _mp_b.len(x) == 0:
            break
        x = x[0]
    shape = _mp_b.tuple(shape)
    flat = []

    def walk(x, depth):
        if depth < _mp_b.len(shape):
            if not _mp_b.isinstance(x, (_mp_b.list, _mp_b.tuple)) or _mp_b.len(x) != shape[depth]:
                raise _mp_b.ValueError("tensor(): ragged nested sequence")
            for e in x:
                walk(e, depth + 1)
        else:
            if _mp_b.isinstance(x, (_mp_b.list, _mp_b.tuple)):
                raise _mp_b.ValueError("tensor(): ragged nested sequence")
            if not _mp_is_number(x):
                raise _mp_b.TypeError("tensor(): elements must be numbers")
            flat.append(_mp_b.int(x) if _mp_b.isinstance(x, _mp_b.bool) else x)

    walk(data, 0)
    if _mp_b.all(_mp_b.isinstance(v, _mp_b.int) for v in flat):
        dtype = "int64"
    else:
        dtype = "float64"
        flat = [_mp_b.float(v) for v in flat]
    return _mp_make(shape, flat, dtype)


def zeros(*shape):
    shape = _mp_check_shape_args("zeros", shape)
    return _mp_make(shape, [0.0] * _mp_numel(shape), "float64")


def ones(*shape):
    shape = _mp_check_shape_args("ones", shape)
    return _mp_make(shape, [1.0] * _mp_numel(shape), "float64")


def full(shape, value):
    if not _mp_b.isinstance(shape, (_mp_b.tuple, _mp_b.list)):
        raise _mp_b.TypeError("full(): shape must be a tuple of ints")
    shape = _mp_check_shape_args("full", shape)
    if not _mp_is_number(value):
        raise _mp_b.TypeError("full(): value must be a number")
    if _mp_b.isinstance(value, _mp_b.float):
        return _mp_make(shape, [value] * _mp_numel(shape), "float64")
    return _mp_make(shape, [_mp_b.int(value)] * _mp_numel(shape), "int64")


def arange(n):
    if not _mp_b.isinstance(n, _mp_b.int) or _mp_b.isinstance(n, _mp_b.bool):
        raise _mp_b.TypeError("arange(): n must be an int")
    return _mp_make((_mp_b.max(n, 0),), [_mp_b.float(i) for i in _mp_b.range(n)],
                    "float64")


# ---- functions --------------------------------------------------------------

def _mp_need_tensor(name, x):
    if not _mp_b.isinstance(x, Tensor):
        raise _mp_b.TypeError(name + "(): argument must be a Tensor")


def relu(x):
    _mp_need_tensor("relu", x)
    return x.relu()


def exp(x):
    _mp_need_tensor("exp", x)
    return x.exp()


def tanh(x):
    _mp_need_tensor("tanh", x)
    return x.tanh()


def sigmoid(x):
    _mp_need_tensor("sigmoid", x)
    return x.sigmoid()


def matmul(a, b):
    return a @ b


def allclose(a, b, tol=1e-9):
    if not _mp_operand_ok(a) or not _mp_operand_ok(b):
        raise _mp_b.TypeError("allclose(): arguments must be tensors or numbers")
    d = _mp_binary(a, b, "-")
    for x in d._data:
        if not (_mp_b.abs(x) <= tol):
            return False
    return True


# ---- capture builtins ---------------------------------------------------------

_mp_grad_state = [True]


def capture(fn=None, *, backend="eager", fullgraph=False, dynamic=None):
    if dynamic is not None and not isinstance(dynamic, bool):
        raise TypeError("capture(): dynamic must be None, True or False")
    if fn is None:
        def _mp_decorator(f):
            return f
        return _mp_decorator
    return fn


def graph_break():
    return None


def disable(fn):
    return fn


def mark_dynamic(t, dim):
    if not isinstance(t, Tensor):
        raise TypeError("mark_dynamic(): t must be a Tensor")
    if type(dim) is not int:
        raise TypeError("mark_dynamic(): dim must be an int")
    nd = len(t._shape)
    if nd == 0 or dim < -nd or dim >= nd:
        lo, hi = (-nd, nd - 1) if nd > 0 else (-1, 0)
        raise IndexError("dimension out of range (expected to be in range of [%d, %d], but got %d)" % (lo, hi, dim))
    return None


_MP_STANCES = ("default", "force_eager", "eager_on_recompile", "fail_on_recompile")


def set_stance(stance):
    if type(stance) is not str:
        raise TypeError("set_stance(): stance must be a str, not " + type(stance).__name__)
    if stance not in _MP_STANCES:
        raise ValueError("set_stance(): unknown stance %r (expected 'default', 'force_eager', "
                         "'eager_on_recompile' or 'fail_on_recompile')" % (stance,))
    return None


class no_grad:
    def __init__(self):
        self._mp_saved = []

    def __enter__(self):
        self._mp_saved.append(_mp_grad_state[0])
        _mp_grad_state[0] = False
        return None

    def __exit__(self, exc_type, exc, tb):
        _mp_grad_state[0] = self._mp_saved.pop()
        return False


class enable_grad:
    def __init__(self):
        self._mp_saved = []

    def __enter__(self):
        self._mp_saved.append(_mp_grad_state[0])
        _mp_grad_state[0] = True
        return None

    def __exit__(self, exc_type, exc, tb):
        _mp_grad_state[0] = self._mp_saved.pop()
        return False


def is_grad_enabled():
    return _mp_grad_state[0]


def set_grad_enabled(flag):
    _mp_grad_state[0] = _mp_b.bool(flag)
    return None


def grad_mode(flag):
    return enable_grad() if flag else no_grad()


def cond(pred, true_fn, false_fn, operands):
    _mp_check_tensor_tuple(operands, "cond", "operands")
    return true_fn(*operands) if pred else false_fn(*operands)


def while_loop(cond_fn, body_fn, carried):
    _mp_check_tensor_tuple(carried, "while_loop", "carried")
    while cond_fn(*carried):
        carried = body_fn(*carried)
        _mp_check_tensor_tuple(carried, "while_loop", "body_fn's result")
    return carried


def map_rows(fn, xs, args):
    if type(xs) is not Tensor or xs.ndim == 0:
        raise TypeError("map_rows(): xs must be a tensor with rows")
    _mp_check_tensor_tuple(args, "map_rows", "args")
    results = []
    for row in xs:
        r = fn(row, *args)
        if type(r) is not Tensor:
            raise TypeError("map_rows(): fn must return a tensor")
        results.append(r)
    if not results:
        raise ValueError("map_rows(): no rows to stack")
    first = results[0]
    for r in results:
        if r.dtype != first.dtype or r.shape != first.shape:
            raise ValueError("map_rows(): rows of different shapes or dtypes")
    return tensor([r.tolist() for r in results])


def _mp_check_tensor_tuple(v, fname, what):
    if type(v) is not tuple or any(type(x) is not Tensor for x in v):
        raise TypeError(fname + "(): " + what + " must be a tuple of tensors")


def comptime(fn):
    return None


def _mp_comptime_shortcut(stacklevel=0):
    return None


def _mp_comptime_no_arguments():
    return None


def _mp_comptime_print_value_stack_and_return(e, stacklevel=0):
    return e


comptime.graph_break = _mp_comptime_no_arguments
comptime.print_graph = _mp_comptime_no_arguments
comptime.print_guards = _mp_comptime_no_arguments
comptime.print_disas = _mp_comptime_shortcut
comptime.print_value_stack = _mp_comptime_shortcut
comptime.print_locals = _mp_comptime_shortcut
comptime.print_bt = _mp_comptime_shortcut
comptime.print_value_stack_and_return = _mp_comptime_print_value_stack_and_return

