// lasso_cpython/numpy_tensors.hpp
//
// numpy arrays as lasso's tensors: what a tensor is (a numeric `ndarray`, or a numeric
// numpy scalar such as the `float64` that `np.sum` returns: both are 0-d or n-d arrays
// to numpy's rules), its metadata (dtype and shape), the numpy functions that are graph
// operations, how each operation runs (`run_op`: numpy itself, so a graph computes bit
// for bit what the plain program computes), and the shape rules.
//
// The shape rules compute shapes themselves (broadcasting, matmul) and ask numpy for
// the dtype: the operation runs on tiny arrays of the operands' dtypes (ones of shape
// (1, ..., 1)) with the Python numbers as they are. numpy 1.x picks a dtype from the
// *value* of a 0-d operand next to n-d ones ("value-based casting"); metadata has no
// value, so such an operation is tried with the extreme values of the 0-d operand's
// dtype, and if the dtype is not the same for all of them the operation is refused with
// that reason (a graph break) rather than guessed.
#pragma once

#include <lasso_cpython/object.hpp>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <lasso/adapter/vocabulary.hpp>
#include <lasso/reasons.hpp>
#include <lasso_cpython/reasons.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lasso_cpython {

/// The sizes of an array's dimensions; a size may be a symbol (symbolic_sizes.hpp).
using shape_t = std::vector<lasso::sym_int>;

/// Whether two shapes are the same expressions (records no guard).
inline bool same_shape(const shape_t& a, const shape_t& b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) { return x.same_as(y); });
}

/// What guards and shape rules know of an array: its dtype and its shape.
struct tensor_meta {
    object dtype; ///< a `numpy.dtype`
    shape_t shape;
    friend bool operator==(const tensor_meta& a, const tensor_meta& b) {
        return same_shape(a.shape, b.shape) && PyArray_EquivTypes(reinterpret_cast<PyArray_Descr*>(a.dtype.get()),
                                                                  reinterpret_cast<PyArray_Descr*>(b.dtype.get()));
    }
};

namespace numpy {
inline std::string describe(const tensor_meta& m);
} // namespace numpy

/// "float64[2, 3]" (printed graphs show it).
inline std::string describe(const tensor_meta& m) { return numpy::describe(m); }

namespace numpy {

/// Whether dtype `d` is one lasso treats as a tensor's: bool, integers, floats, complex
/// (not objects, strings, dates or structured records).
inline bool numeric(const PyArray_Descr* d) {
    return d && (PyTypeNum_ISBOOL(d->type_num) || PyTypeNum_ISNUMBER(d->type_num)) && !PyDataType_HASFIELDS(d);
}

/// An exact `numpy.ndarray`. Subclasses are not tensors: their operators may mean
/// something else (`np.matrix`'s `*` is a matrix product) and their methods may be
/// overridden.
inline bool exact_array(PyObject* v) { return PyArray_CheckExact(v); }
/// A scalar of one of numpy's own scalar types (not a class the program derived from one).
inline bool numpy_scalar(PyObject* v) {
    return PyArray_IsScalar(v, Generic) && !(Py_TYPE(v)->tp_flags & Py_TPFLAGS_HEAPTYPE);
}

/// The dtype of `v` when it is an array or a numpy scalar of a numeric dtype, else null
/// (a new reference).
inline object tensor_dtype(PyObject* v) {
    if (exact_array(v)) {
        auto* d = PyArray_DESCR(reinterpret_cast<PyArrayObject*>(v));
        return numeric(d) ? object::borrow(reinterpret_cast<PyObject*>(d)) : object();
    }
    if (numpy_scalar(v)) {
        object d = object::steal(reinterpret_cast<PyObject*>(PyArray_DescrFromScalar(v)));
        if (!d) PyErr_Clear();
        return d && numeric(reinterpret_cast<PyArray_Descr*>(d.get())) ? d : object();
    }
    return {};
}

inline bool is_tensor(PyObject* v) { return exact_array(v) || numpy_scalar(v) ? bool(tensor_dtype(v)) : false; }

inline tensor_meta meta_of(PyObject* v) {
    tensor_meta m{tensor_dtype(v), {}};
    if (exact_array(v)) {
        auto* a = reinterpret_cast<PyArrayObject*>(v);
        m.shape.assign(PyArray_DIMS(a), PyArray_DIMS(a) + PyArray_NDIM(a));
    }
    return m;
}

/// Whether `v` is a tensor with metadata `m` (the guard of a tensor input).
inline bool matches(PyObject* v, const tensor_meta& m) {
    auto* want = reinterpret_cast<PyArray_Descr*>(m.dtype.get());
    if (exact_array(v)) {
        auto* a = reinterpret_cast<PyArrayObject*>(v);
        const int nd = PyArray_NDIM(a);
        if (static_cast<std::size_t>(nd) != m.shape.size()) return false;
        // A symbolic size accepts any size: lasso's size guards check those.
        for (int i = 0; i < nd; ++i)
            if (m.shape[i].is_constant() && m.shape[i].hint() != PyArray_DIMS(a)[i]) return false;
        auto* d = PyArray_DESCR(a);
        return d == want || PyArray_EquivTypes(d, want);
    }
    if (!m.shape.empty() || !numpy_scalar(v)) return false;
    object d = tensor_dtype(v);
    return d && PyArray_EquivTypes(reinterpret_cast<PyArray_Descr*>(d.get()), want);
}

inline std::string dtype_name(const object& dtype) {
    object name = object::steal(PyObject_GetAttrString(dtype.get(), "name"));
    if (!name) {
        PyErr_Clear();
        return "?";
    }
    return to_utf8(name.get());
}

/// "float64[2, 3]".
inline std::string describe(const tensor_meta& m) {
    std::string out = dtype_name(m.dtype) + "[";
    for (std::size_t i = 0; i < m.shape.size(); ++i) out += (i ? ", " : "") + m.shape[i].text();
    return out + "]";
}

/// The numpy module and the functions of it that are graph operations, found by identity.
struct module_functions {
    object numpy;
    object seterr;
    object full;
    /// (graph target, function): the target is "numpy." and the function's name.
    std::vector<std::pair<std::string, object>> operations;

    /// The graph target of numpy function `fn`, or nullptr.
    const std::string* target_of(PyObject* fn) const {
        for (const auto& [name, f] : operations)
            if (f.get() == fn) return &name;
        return nullptr;
    }
    PyObject* function_of(std::string_view target) const {
        for (const auto& [name, f] : operations)
            if (name == target) return f.get();
        return nullptr;
    }
};

/// The functions this slice captures: elementwise ufuncs, `where`, matmul, the
/// reductions `sum`, `mean`, `max` and `min` (numpy_reductions.hpp), reshape and
/// transpose, the constructors, and `concatenate` and `stack` (numpy_joins.hpp). `max` and `min` are `amax` and `amin` in numpy 1.x
/// (one function each, so one target).
inline constexpr std::array<std::string_view, 29> captured_functions{
    "add",    "subtract",   "multiply",  "divide",      "true_divide", "maximum", "minimum", "exp",
    "log",    "tanh",       "sqrt",      "absolute",    "negative",    "matmul",  "where",   "sum",
    "mean",   "max",        "min",       "reshape",     "transpose",   "zeros",   "ones",    "full",
    "arange", "zeros_like", "ones_like", "concatenate", "stack"};

/// The array methods that are graph operations (called on the array as the program does).
inline bool is_tensor_method(std::string_view op) {
    return op == "sum" || op == "mean" || op == "max" || op == "min" || op == "reshape" || op == "transpose" || op == "T" ||
           op == "astype";
}

/// Imports numpy (and its C API); false with a Python exception set when it fails.
inline bool load(module_functions& out) {
    if (PyArray_API == nullptr && _import_array() < 0) return false;
    out.numpy = object::steal(PyImport_ImportModule("numpy"));
    if (!out.numpy) return false;
    out.seterr = object::steal(PyObject_GetAttrString(out.numpy.get(), "seterr"));
    out.full = object::steal(PyObject_GetAttrString(out.numpy.get(), "full"));
    if (!out.seterr || !out.full) return false;
    auto add = [&](std::string_view name) {
        object f = object::steal(PyObject_GetAttrString(out.numpy.get(), std::string(name).c_str()));
        if (!f) return false;
        // `divide` and `true_divide` are one ufunc: one target.
        if (!out.target_of(f.get())) out.operations.emplace_back("numpy." + std::string(name), std::move(f));
        return true;
    };
    for (std::string_view name : captured_functions)
        if (!add(name)) return false;
    return true;
}

/// Whether `v` is a ufunc (their type is the type of `numpy.add`).
inline bool is_ufunc(const module_functions& np, PyObject* v) {
    return !np.operations.empty() && Py_TYPE(v) == Py_TYPE(np.operations.front().second.get());
}

/// Which rule a graph target follows.
enum class rule { elementwise, compare, unary, matmul, reduce, reshape, transpose, construct, like, join, none };

inline rule rule_of(std::string_view op) {
    constexpr std::array<std::string_view, 14> binary{"add",
                                                      "sub",
                                                      "pow",
                                                      "mul",
                                                      "truediv",
                                                      "floordiv",
                                                      "mod",
                                                      "numpy.add",
                                                      "numpy.subtract",
                                                      "numpy.multiply",
                                                      "numpy.divide",
                                                      "numpy.maximum",
                                                      "numpy.minimum",
                                                      "numpy.where"};
    constexpr std::array<std::string_view, 6> compare{"lt", "le", "eq", "ne", "gt", "ge"};
    constexpr std::array<std::string_view, 9> unary{
        "neg", "pos", "abs", "numpy.exp", "numpy.log", "numpy.tanh", "numpy.sqrt", "numpy.absolute", "numpy.negative"};
    auto in = [&](const auto& names) { return std::find(names.begin(), names.end(), op) != names.end(); };
    if (in(binary)) return rule::elementwise;
    if (in(compare)) return rule::compare;
    if (in(unary)) return rule::unary;
    if (op == "matmul" || op == "numpy.matmul") return rule::matmul;
    constexpr std::array<std::string_view, 8> reductions{"numpy.sum", "numpy.mean", "numpy.max", "numpy.min",
                                                         "sum",       "mean",       "max",       "min"};
    if (in(reductions)) return rule::reduce;
    if (op == "numpy.reshape" || op == "reshape") return rule::reshape;
    if (op == "numpy.transpose" || op == "transpose" || op == "T") return rule::transpose;
    if (op == "numpy.zeros" || op == "numpy.ones" || op == "numpy.full" || op == "numpy.arange") return rule::construct;
    if (op == "numpy.zeros_like" || op == "numpy.ones_like") return rule::like;
    if (op == "numpy.concatenate" || op == "numpy.stack") return rule::join;
    return rule::none;
}

/// The binary operators' targets and the number-protocol functions that run them.
inline constexpr std::array<std::pair<std::string_view, PyObject* (*)(PyObject*, PyObject*)>, 7> binary_operators{
    {{"add", PyNumber_Add},
     {"sub", PyNumber_Subtract},
     {"mul", PyNumber_Multiply},
     {"truediv", PyNumber_TrueDivide},
     {"floordiv", PyNumber_FloorDivide},
     {"mod", PyNumber_Remainder},
     {"matmul", PyNumber_MatrixMultiply}}};
/// The comparisons' targets and their rich-comparison operations.
inline constexpr std::array<std::pair<std::string_view, int>, 6> comparison_operators{
    {{"lt", Py_LT}, {"le", Py_LE}, {"eq", Py_EQ}, {"ne", Py_NE}, {"gt", Py_GT}, {"ge", Py_GE}}};

/// Runs graph target `op` on `args` as the plain program does: operators through the
/// number protocol (`x + y` is `PyNumber_Add`, as BINARY_OP runs it), numpy functions
/// by calling them, methods by calling the method. The last `keywords.size()` of
/// `args` are keyword arguments of a function or method. Throws python_error.
inline object run(const module_functions& np, std::string_view op, std::span<const object> args, bool is_method,
                  std::span<const std::string> keywords = {}) {
    std::vector<PyObject*> raw;
    for (const object& a : args) raw.push_back(a.get());
    object keyword_names;
    if (!keywords.empty()) {
        keyword_names = object::checked(PyTuple_New(static_cast<Py_ssize_t>(keywords.size())));
        for (std::size_t k = 0; k < keywords.size(); ++k)
            PyTuple_SET_ITEM(keyword_names.get(), static_cast<Py_ssize_t>(k), to_str(keywords[k]).release());
    }
    const std::size_t positional = args.size() - std::min(keywords.size(), args.size());
    auto need = [&](std::size_t n) {
        if (args.size() != n || !keywords.empty()) {
            PyErr_Format(PyExc_TypeError, "lasso: operation %.100s takes %d operands", std::string(op).c_str(), int(n));
            throw python_error();
        }
    };
    if (is_method) {
        if (positional == 0 || !is_tensor_method(op)) {
            PyErr_Format(PyExc_RuntimeError, "lasso: no tensor method %.100s", std::string(op).c_str());
            throw python_error();
        }
        object name = to_str(op);
        // The attribute `x.T` is read, not called.
        if (op == "T") return object::checked(args.size() == 1 ? PyObject_GetAttr(raw[0], name.get()) : nullptr);
        return object::checked(PyObject_VectorcallMethod(name.get(), raw.data(), positional, keyword_names.get()));
    }
    for (const auto& [name, fn] : binary_operators)
        if (name == op) {
            need(2);
            return object::checked(fn(args[0].get(), args[1].get()));
        }
    for (const auto& [name, how] : comparison_operators)
        if (name == op) {
            need(2);
            return object::checked(PyObject_RichCompare(args[0].get(), args[1].get(), how));
        }
    if (op == "pow") {
        // `x ** y` is the number protocol's power with no modulus, as BINARY_OP runs it.
        need(2);
        return object::checked(PyNumber_Power(args[0].get(), args[1].get(), Py_None));
    }
    if (op == "neg" || op == "pos" || op == "abs") {
        need(1);
        PyObject* x = args[0].get();
        return object::checked(op == "neg"   ? PyNumber_Negative(x)
                               : op == "pos" ? PyNumber_Positive(x)
                                             : PyNumber_Absolute(x));
    }
    PyObject* fn = np.function_of(op);
    if (!fn) {
        PyErr_Format(PyExc_RuntimeError, "lasso: no numpy operation %.100s", std::string(op).c_str());
        throw python_error();
    }
    return object::checked(PyObject_Vectorcall(fn, raw.data(), positional, keyword_names.get()));
}

using operand = lasso::operand<tensor_meta>;
using meta_result = lasso::meta_or_reason<tensor_meta>;

/// The broadcast shape of `shapes`, numpy's rule, or nullopt when they do not broadcast.
/// A symbolic size meets 1 or itself without a guard (sizes 0 and 1 are never symbols);
/// two different sizes are compared, which guards the answer.
inline std::optional<shape_t> broadcast(const std::vector<const shape_t*>& shapes) {
    std::size_t rank = 0;
    for (const auto* s : shapes) rank = std::max(rank, s->size());
    shape_t out(rank, 1);
    for (const auto* s : shapes)
        for (std::size_t i = 0; i < s->size(); ++i) {
            lasso::sym_int& o = out[rank - s->size() + i];
            const lasso::sym_int& d = (*s)[i];
            if (d.same_as(o) || d == 1) continue;
            if (o != 1) {
                if (d == o) continue;
                return std::nullopt;
            }
            o = d;
        }
    return out;
}

template <class Size> std::string shape_text(const std::vector<Size>& s) {
    std::string out = "(";
    for (std::size_t i = 0; i < s.size(); ++i) out += (i ? "," : "") + lasso::sym_int(s[i]).text();
    return out + (s.size() == 1 ? ",)" : ")");
}

/// matmul's shape rule (1-d operands are promoted and the added axis dropped).
inline meta_result matmul_shape(const tensor_meta& a, const tensor_meta& b, shape_t& out) {
    if (a.shape.empty() || b.shape.empty())
        return lasso::unsupported{lasso::reasons::would_raise, "matmul of a 0-d array (numpy raises ValueError)"};
    shape_t x = a.shape, y = b.shape;
    const bool a1 = x.size() == 1, b1 = y.size() == 1;
    if (a1) x.insert(x.begin(), 1);
    if (b1) y.push_back(1);
    if (x.back() != y[y.size() - 2])
        return lasso::unsupported{lasso::reasons::would_raise, "matmul of shapes " + shape_text(a.shape) + " and " +
                                                                   shape_text(b.shape) + " (numpy raises ValueError)"};
    const shape_t bx(x.begin(), x.end() - 2), by(y.begin(), y.end() - 2);
    auto batch = broadcast({&bx, &by});
    if (!batch)
        return lasso::unsupported{lasso::reasons::would_raise,
                                  "matmul batch shapes do not broadcast (numpy raises ValueError)"};
    out = *batch;
    if (!a1) out.push_back(x[x.size() - 2]);
    if (!b1) out.push_back(y.back());
    return tensor_meta{};
}

/// A dummy operand of dtype `dtype`, `ndim` dimensions of size 1, holding `fill`.
inline object dummy(const module_functions& np, const object& dtype, std::size_t ndim, PyObject* fill) {
    object shape = object::checked(PyTuple_New(static_cast<Py_ssize_t>(ndim)));
    for (std::size_t i = 0; i < ndim; ++i) PyTuple_SET_ITEM(shape.get(), static_cast<Py_ssize_t>(i), PyLong_FromLong(1));
    PyObject* args[] = {shape.get(), fill, dtype.get()};
    return object::checked(PyObject_Vectorcall(np.full.get(), args, 3, nullptr));
}

/// The values a 0-d operand of `dtype` is tried with: 1 and the dtype's extremes.
inline std::vector<object> probe_values(const module_functions& np, const object& dtype) {
    std::vector<object> out{object::checked(PyLong_FromLong(1))};
    auto* d = reinterpret_cast<PyArray_Descr*>(dtype.get());
    if (PyTypeNum_ISBOOL(d->type_num)) return out;
    const char* info = PyTypeNum_ISINTEGER(d->type_num) ? "iinfo" : PyTypeNum_ISFLOAT(d->type_num) ? "finfo" : nullptr;
    if (!info) return out; // complex: 1 only; such mixes are refused below
    object info_fn = object::checked(PyObject_GetAttrString(np.numpy.get(), info));
    object limits = object::checked(PyObject_CallOneArg(info_fn.get(), dtype.get()));
    out.push_back(object::checked(PyObject_GetAttrString(limits.get(), "max")));
    out.push_back(object::checked(PyObject_GetAttrString(limits.get(), "min")));
    return out;
}

/// The dtype numpy gives `op` on operands of these dtypes and Python numbers; an
/// unsupported reason when numpy raises or when it depends on a 0-d operand's value.
inline std::variant<object, lasso::unsupported> result_dtype(const module_functions& np, std::string_view op,
                                                             std::span<const operand> args, bool is_method) {
    bool has_nd = false;
    std::vector<std::size_t> zero_d;
    for (std::size_t i = 0; i < args.size(); ++i)
        if (args[i].tensor) {
            if (args[i].tensor->shape.empty()) zero_d.push_back(i);
            else has_nd = true;
        }
    const bool value_based = has_nd && !zero_d.empty();
    if (value_based && zero_d.size() > 2)
        return lasso::unsupported{lasso_cpython::reasons::value_based_casting,
                                  "numpy's value-based casting of many 0-d operands"};
    // The probes of each 0-d operand (only its own dtype's 1 unless value-based casting applies).
    std::vector<std::vector<object>> probes(args.size());
    for (std::size_t i : zero_d)
        probes[i] =
            value_based ? probe_values(np, args[i].tensor->dtype) : std::vector<object>{object::checked(PyLong_FromLong(1))};
    // Errors are ignored while probing (1/0 would warn), then restored.
    object ignore = object::checked(Py_BuildValue("{s:s}", "all", "ignore"));
    object empty = object::checked(PyTuple_New(0));
    object saved = object::checked(PyObject_Call(np.seterr.get(), empty.get(), ignore.get()));
    struct restore {
        const module_functions& np;
        object empty, saved;
        ~restore() {
            PyObject *type, *value, *tb;
            PyErr_Fetch(&type, &value, &tb);
            object r = object::steal(PyObject_Call(np.seterr.get(), empty.get(), saved.get()));
            if (!r) PyErr_Clear();
            PyErr_Restore(type, value, tb);
        }
    } restorer{np, empty, saved};
    object one = object::checked(PyLong_FromLong(1));
    std::optional<object> found;
    std::vector<std::size_t> pick(args.size(), 0);
    for (;;) {
        std::vector<object> dummies;
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (args[i].tensor) {
                const bool is0 = args[i].tensor->shape.empty();
                dummies.push_back(dummy(np, args[i].tensor->dtype, args[i].tensor->shape.size(),
                                        is0 ? probes[i][pick[i]].get() : one.get()));
            } else {
                dummies.push_back(lasso_cpython::object()); // filled below
                const lasso::constant& c = *args[i].value;
                if (const bool* b = std::get_if<bool>(&c)) dummies.back() = object::borrow(*b ? Py_True : Py_False);
                else if (const auto* n = std::get_if<std::int64_t>(&c))
                    dummies.back() = object::checked(PyLong_FromLongLong(*n));
                else dummies.back() = object::checked(PyFloat_FromDouble(std::get<double>(c)));
            }
        }
        object result = object::steal([&]() -> PyObject* {
            try {
                return run(np, op, dummies, is_method).release();
            } catch (const python_error&) { return nullptr; }
        }());
        if (!result) {
            PyObject *type, *value, *tb;
            PyErr_Fetch(&type, &value, &tb);
            object v = object::steal(value), t = object::steal(type), trace = object::steal(tb);
            object text = object::steal(v ? PyObject_Str(v.get()) : nullptr);
            if (!text) PyErr_Clear();
            return lasso::unsupported{lasso::reasons::would_raise,
                                      std::string("numpy raises ") +
                                          (t ? reinterpret_cast<PyTypeObject*>(t.get())->tp_name : "?") +
                                          (text ? ": " + to_utf8(text.get()) : std::string())};
        }
        object dtype = tensor_dtype(result.get());
        if (!dtype)
            return lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                                      "the result of " + std::string(op) + " is not a numeric array"};
        if (!found) found = dtype;
        else if (!PyArray_EquivTypes(reinterpret_cast<PyArray_Descr*>(found->get()),
                                     reinterpret_cast<PyArray_Descr*>(dtype.get())))
            return lasso::unsupported{lasso_cpython::reasons::value_based_casting,
                                      "numpy's value-based casting: the dtype of " + std::string(op) +
                                          " depends on the value of a 0-d operand"};
        // The next combination of probes.
        std::size_t k = 0;
        for (; k < zero_d.size(); ++k) {
            const std::size_t i = zero_d[k];
            if (++pick[i] < probes[i].size()) break;
            pick[i] = 0;
        }
        if (k == zero_d.size()) break;
    }
    return std::move(*found);
}

/// The most elements a constructor is run with at trace time to learn its result.
inline constexpr std::int64_t max_constructed = std::int64_t{1} << 20;

/// A number operand as a Python object, or null.
inline object number_object(const operand& o) {
    if (!o.value) return {};
    if (const bool* b = std::get_if<bool>(o.value)) return object::borrow(*b ? Py_True : Py_False);
    if (const auto* n = std::get_if<std::int64_t>(o.value)) return object::checked(PyLong_FromLongLong(*n));
    if (const auto* d = std::get_if<double>(o.value)) return object::checked(PyFloat_FromDouble(*d));
    return {};
}

/// Runs function `op` on `args` at trace time to learn what it makes: the numeric array
/// or numpy scalar it returns, or why not (numpy raised for `what`, or made no tensor).
inline std::variant<object, lasso::unsupported> run_at_trace_time(const module_functions& np, std::string_view op,
                                                                  std::span<const object> args, std::string_view what) {
    object made = object::steal([&]() -> PyObject* {
        try {
            return run(np, op, args, false).release();
        } catch (const python_error&) { return nullptr; }
    }());
    if (!made) {
        PyErr_Clear();
        return lasso::unsupported{lasso::reasons::would_raise,
                                  std::string(op) + " of " + std::string(what) + " raises in numpy"};
    }
    if (!is_tensor(made.get()))
        return lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                                  "the result of " + std::string(op) + " is not a numeric array"};
    return made;
}

} // namespace numpy
} // namespace lasso_cpython
