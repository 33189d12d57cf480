// lasso_cpython/capture_adapter.hpp
//
// The CPython 3.11 capture adapter (lasso's InterpreterAdapter): frames are 3.11's
// `_PyInterpreterFrame` as the PEP 523 hook receives them, before their first
// instruction ran; values are owning `PyObject*` references; tensors are numpy arrays
// (numpy_tensors.hpp). Globals are read by value (a dict has no slot that stays put) and
// the code cache lives in `co_extra`.
//
// Everything lasso cannot model here is a graph break or a frame run by CPython itself:
// objects whose attributes could run code are `other`, numpy's Python-level functions
// other than the captured ones are never inlined, and in-place operators on arrays
// write into them only as tensor_writes.hpp says (with a Python number or list on the
// left and an array on the right they stop the translation: capture_config in
// frame_evaluator.hpp).
#pragma once

#include <lasso_cpython/adapter_state.hpp>
#include <lasso_cpython/bound_methods.hpp>
#include <lasso_cpython/bytecode_adapter.hpp>
#include <lasso_cpython/closures.hpp>
#include <lasso_cpython/comptime_calls.hpp>
#include <lasso_cpython/constant_methods.hpp>
#include <lasso_cpython/higher_order.hpp>
#include <lasso_cpython/host_calls.hpp>
#include <lasso_cpython/numpy_operations.hpp>
#include <lasso_cpython/object_versions.hpp>
#include <lasso_cpython/prepared_operations.hpp>
#include <lasso_cpython/properties.hpp>
#include <lasso_cpython/reasons.hpp>
#include <lasso_cpython/symbolic_sizes.hpp>
#include <lasso_cpython/tensor_writes.hpp>
#include <lasso_cpython/traced_exceptions.hpp>
#include <lasso_cpython/user_objects.hpp>
#include <lasso_cpython/varargs_calls.hpp>
#include <lasso_cpython/with_exits.hpp>

#include <internal/pycore_frame.h>

#include <lasso/adapter.hpp>
#include <lasso/bytecode/cells.hpp>

#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lasso_cpython {

static_assert(sizeof(object) == sizeof(PyObject*), "an object is one PyObject* (frame slots are read as objects)");

namespace detail {
inline const object* slot(PyObject* const& p) { return p ? reinterpret_cast<const object*>(&p) : nullptr; }

/// A function of numpy's own (its globals are a numpy module's): never inlined.
inline bool numpy_function(PyObject* fn) {
    if (!PyFunction_Check(fn)) return false;
    PyObject* name = PyDict_GetItemString(PyFunction_GET_GLOBALS(fn), "__name__");
    if (!name || !PyUnicode_Check(name)) return false;
    const std::string n = to_utf8(name);
    return n == "numpy" || n.starts_with("numpy.");
}

inline std::optional<lasso::constant> constant_of(PyObject* v) {
    if (v == Py_None) return lasso::constant{lasso::none_t{}};
    if (PyBool_Check(v)) return lasso::constant{v == Py_True};
    if (PyLong_CheckExact(v)) {
        int overflow = 0;
        const long long n = PyLong_AsLongLongAndOverflow(v, &overflow);
        if (overflow) return std::nullopt;
        return lasso::constant{static_cast<std::int64_t>(n)};
    }
    if (PyFloat_CheckExact(v)) return lasso::constant{PyFloat_AS_DOUBLE(v)};
    if (PyUnicode_CheckExact(v)) {
        Py_ssize_t size = 0;
        const char* text = PyUnicode_AsUTF8AndSize(v, &size);
        if (!text) {
            PyErr_Clear();
            return std::nullopt;
        }
        return lasso::constant{std::string(text, static_cast<std::size_t>(size))};
    }
    return std::nullopt;
}

inline bool str_keyed_dict(PyObject* v) {
    if (!PyDict_CheckExact(v)) return false;
    Py_ssize_t pos = 0;
    PyObject *k, *x;
    while (PyDict_Next(v, &pos, &k, &x))
        if (!PyUnicode_CheckExact(k)) return false;
    return true;
}

/// The builtins lasso models, by name (`builtins.len` is only the real one: checked by identity).
inline std::optional<lasso::builtin_behaviour> builtin_by_name(PyObject* v) {
    using K = lasso::builtin_kind;
    PyObject* builtins = PyEval_GetBuiltins();
    const char* names[] = {"len", "range", "enumerate", "zip", "isinstance", "abs", "int", "float", "bool", "str", "print"};
    for (const char* name : names) {
        PyObject* b = PyDict_GetItemString(builtins, name);
        if (b != v) continue;
        const std::string n = name;
        if (n == "len") return lasso::builtin_behaviour{K::len, n};
        if (n == "range") return lasso::builtin_behaviour{K::range, n};
        if (n == "enumerate") return lasso::builtin_behaviour{K::enumerate, n};
        if (n == "zip") return lasso::builtin_behaviour{K::zip, n};
        if (n == "print") return lasso::builtin_behaviour{K::graph_break, n};
        // `bool(o)` of a user object: its class's `__bool__`, else `__len__`, inlined.
        if (n == "bool") return lasso::builtin_behaviour{K::truth, n};
        lasso::builtin_behaviour pure{K::pure, n};
        // `abs(x)` of an array is the operation "abs" (PyNumber_Absolute, as the builtin).
        if (n == "abs") pure.on_tensors = "abs";
        return pure;
    }
    return std::nullopt;
}
} // namespace detail

struct capture_adapter : bytecode_adapter,
                         symbolic_size_members,
                         constant_method_members,
                         user_object_members,
                         closure_members,
                         tensor_write_members,
                         indexing_members,
                         numpy_operation_members,
                         higher_order_members,
                         prepared_operation_members,
                         property_members,
                         exception_members,
                         varargs_members,
                         with_exit_members,
                         object_version_members {
    using value = object;
    using code = object;
    using frame = lasso_cpython::frame;
    using tensor_meta = lasso_cpython::tensor_meta;

    /// The adapter's entries in the registry of reasons (lasso_cpython/reasons.hpp).
    static constexpr std::span<const lasso::reason_entry> reasons{cpython_reasons};

    /// Python functions' `__code__` can be assigned: inlined functions are guarded on
    /// their code too (lasso::feature::mutable_function_code).
    static constexpr lasso::feature_set base_features{
        lasso::feature::template_constants,
        lasso::feature::code_cache_accessors,
        lasso::feature::globals_by_value,
        lasso::feature::graph_breaks,
        lasso::feature::inlining,
        lasso::feature::mutable_function_code,
        lasso::feature::tensor_keywords,
        lasso::feature::tensor_sequences,
        lasso::feature::symbolic_shapes,  // symbolic_sizes.hpp
        lasso::feature::constant_methods, // constant_methods.hpp
        lasso::feature::python_container_methods,
        lasso::feature::operations_may_raise, // numpy raises under seterr(all="raise")
        lasso::feature::callable_instances,   // `o(x)` runs type(o).__call__
    };
    /// With those of user objects (user_objects.hpp), of closures (closures.hpp), of
    /// in-place writes (tensor_writes.hpp), of indexing (numpy_indexing.hpp), of
    /// higher-order operators (higher_order.hpp), of properties (properties.hpp), of
    /// exceptions (traced_exceptions.hpp), of *args (varargs_calls.hpp), of with
    /// blocks' exceptional exits (with_exits.hpp) and of object versions
    /// (object_versions.hpp).
    static constexpr lasso::feature_set features =
        base_features | user_object_members::features | closure_members::features | tensor_write_members::features |
        indexing_members::features | higher_order_members::features | prepared_operation_members::features |
        property_members::features | exception_members::features | varargs_members::features | with_exit_members::features |
        object_version_members::features | lasso::feature::comptime; // comptime_calls.hpp

    static value make_constant(lasso::bytecode::template_constant c) {
        if (c.is_none) return object::borrow(Py_None);
        return object::checked(PyLong_FromLongLong(c.integer));
    }

    // ---------------------------------------------------------------- guards
    static const value* frame_local(const frame& f, std::size_t i) {
        if (i >= static_cast<std::size_t>(f.f->f_code->co_nlocalsplus)) return nullptr;
        return detail::slot(f.f->localsplus[i]);
    }
    /// Cell `i` is localsplus slot `i`. The frame has not started: a cell that is an
    /// argument still holds the argument, other cells are not made yet, and free
    /// variables are read from the function's closure.
    static const value* frame_cell_contents(const frame& f, std::size_t i) {
        PyCodeObject* co = f.f->f_code;
        if (i >= static_cast<std::size_t>(co->co_nlocalsplus)) return nullptr;
        const auto kind = static_cast<unsigned char>(PyBytes_AS_STRING(co->co_localspluskinds)[i]);
        if (kind & lasso::bytecode::localsplus_kind::free) {
            PyObject* closure = f.f->f_func ? f.f->f_func->func_closure : nullptr;
            const auto k = static_cast<Py_ssize_t>(i) - (co->co_nlocalsplus - co->co_nfreevars);
            if (!closure || k < 0 || k >= PyTuple_GET_SIZE(closure)) return nullptr;
            PyObject* cell = PyTuple_GET_ITEM(closure, k);
            return detail::slot(reinterpret_cast<PyCellObject*>(cell)->ob_ref);
        }
        return detail::slot(f.f->localsplus[i]);
    }
    static std::optional<value> frame_global(const frame& f, std::string_view name) {
        PyObject* key = state().name(name);
        for (PyObject* d : {f.f->f_globals, f.f->f_builtins}) {
            PyObject* v = PyDict_GetItemWithError(d, key);
            if (v) return object::borrow(v);
            if (PyErr_Occurred()) throw python_error();
        }
        return std::nullopt;
    }
    /// Reads that run no code: a module's dict; a function's defaults and closure; user
    /// instances and classes (user_objects.hpp); a bound method's function and object
    /// (bound_methods.hpp); an exception's class (traced_exceptions.hpp).
    static std::optional<value> attribute(const value& v, std::string_view name) {
        PyObject* o = v.get();
        if (PyType_Check(o)) return user_objects::class_attribute(reinterpret_cast<PyTypeObject*>(o), state().name(name));
        if (user_objects::modelled_class(Py_TYPE(o))) return user_objects::instance_attribute(o, state().name(name));
        if (PyMethod_Check(o)) return bound_methods::method_attribute(o, name);
        if (PyObject_TypeCheck(o, &PyProperty_Type)) return properties::property_attribute(o, name);
        if (PyExceptionInstance_Check(o)) return exceptions::instance_class(o, name);
        if (PyModule_CheckExact(o)) {
            PyObject* a = PyDict_GetItemString(PyModule_GetDict(o), std::string(name).c_str());
            if (a) return object::borrow(a);
            return std::nullopt;
        }
        if (auto a = lasso_operator_attribute(o, state().name(name))) return a; // higher_order.hpp
        if (PyFunction_Check(o)) {
            if (name == "__defaults__") {
                PyObject* d = PyFunction_GET_DEFAULTS(o);
                return object::borrow(d ? d : Py_None);
            }
            if (name == "__closure__") {
                PyObject* c = PyFunction_GET_CLOSURE(o);
                return object::borrow(c ? c : Py_None);
            }
        }
        return std::nullopt;
    }
    static std::optional<value> item(const value& v, std::int64_t k) {
        PyObject* o = v.get();
        if (PyTuple_CheckExact(o) && k >= 0 && k < PyTuple_GET_SIZE(o)) return object::borrow(PyTuple_GET_ITEM(o, k));
        if (PyList_CheckExact(o) && k >= 0 && k < PyList_GET_SIZE(o)) return object::borrow(PyList_GET_ITEM(o, k));
        return std::nullopt;
    }
    static std::optional<value> item(const value& v, std::string_view key) {
        if (!PyDict_CheckExact(v.get())) return std::nullopt;
        PyObject* x = PyDict_GetItemWithError(v.get(), state().name(key));
        if (!x) {
            PyErr_Clear();
            return std::nullopt;
        }
        return object::borrow(x);
    }
    /// An int beyond int64 is no constant (`other`): it has an identity of its own (the
    /// type's address with its low bit set), so a guard made for an int of 64 bits, such
    /// as a symbolic int's type guard, fails for it. A user class's identity changes with
    /// the class (user_objects::class_identity: an odd number far below any address).
    static std::uintptr_t type_identity(const value& v) {
        if (PyLong_CheckExact(v.get()) && !detail::constant_of(v.get()))
            return reinterpret_cast<std::uintptr_t>(Py_TYPE(v.get())) | 1u;
        return user_objects::class_identity(Py_TYPE(v.get()));
    }
    static std::uintptr_t identity(const value& v) { return user_objects::identity(v.get()); }
    /// Same exact type and value (floats bit for bit).
    static bool matches_constant(const value& v, const lasso::constant& c) {
        auto mine = detail::constant_of(v.get());
        if (!mine || mine->index() != c.index()) return false;
        if (const double* x = std::get_if<double>(&c)) {
            const double y = std::get<double>(*mine);
            return std::memcmp(x, &y, sizeof y) == 0;
        }
        return *mine == c;
    }
    static bool matches_tensor_meta(const value& v, const tensor_meta& m) { return numpy::matches(v.get(), m); }
    static std::optional<std::size_t> length(const value& v) {
        PyObject* o = v.get();
        if (PyTuple_CheckExact(o)) return static_cast<std::size_t>(PyTuple_GET_SIZE(o));
        if (PyList_CheckExact(o)) return static_cast<std::size_t>(PyList_GET_SIZE(o));
        if (PyDict_CheckExact(o)) return static_cast<std::size_t>(PyDict_GET_SIZE(o));
        return std::nullopt;
    }
    static bool grad_enabled() { return true; }
    static std::string describe_value(const value& v) {
        if (numpy::is_tensor(v.get())) return "an array " + numpy::describe(numpy::meta_of(v.get()));
        return std::string("a value of type ") + Py_TYPE(v.get())->tp_name;
    }
    static std::string describe_meta(const tensor_meta& m) { return numpy::describe(m); }

    // ------------------------------------------------------------ translator
    static lasso::value_kind classify(const value& v) {
        using K = lasso::value_kind;
        PyObject* o = v.get();
        if (o == Py_None) return K::none;
        if (PyBool_Check(o)) return K::boolean;
        if (PyLong_CheckExact(o)) return detail::constant_of(o) ? K::integer : K::other;
        if (PyFloat_CheckExact(o)) return K::floating;
        if (PyUnicode_CheckExact(o)) return K::string;
        if (PyTuple_CheckExact(o)) return K::tuple;
        if (PyList_CheckExact(o)) return K::list;
        if (detail::str_keyed_dict(o)) return K::dict;
        if (numpy::is_tensor(o)) return K::tensor;
        if (state().np.target_of(o) || o == state().graph_break.get() || detail::builtin_by_name(o) || lasso_operator(o))
            return K::builtin;
        if (PyFunction_Check(o)) return detail::numpy_function(o) ? K::builtin : K::function;
        if (PyCFunction_Check(o) || numpy::is_ufunc(state().np, o) || numpy::dtype_value(o)) return K::builtin;
        if (PyType_Check(o) && user_objects::modelled_class(reinterpret_cast<PyTypeObject*>(o))) return K::type;
        if (exceptions::exception_class(o)) return K::type;
        return K::other;
    }
    static lasso::constant constant_of(const value& v) {
        auto c = detail::constant_of(v.get());
        if (!c) throw std::logic_error("lasso_cpython: constant_of a value that is no constant");
        return std::move(*c);
    }
    static std::optional<lasso::constant> constant_from_value(const value& v) { return detail::constant_of(v.get()); }
    static tensor_meta tensor_meta_of(const value& v) { return numpy::meta_of(v.get()); }
    static std::vector<value> elements(const value& v) {
        std::vector<value> out;
        PyObject* o = v.get();
        if (PyTuple_CheckExact(o))
            for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(o); ++i) out.push_back(object::borrow(PyTuple_GET_ITEM(o, i)));
        if (PyList_CheckExact(o))
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(o); ++i) out.push_back(object::borrow(PyList_GET_ITEM(o, i)));
        return out;
    }
    static std::vector<std::pair<std::string, value>> dict_items(const value& v) {
        std::vector<std::pair<std::string, value>> out;
        if (!PyDict_CheckExact(v.get())) return out;
        Py_ssize_t pos = 0;
        PyObject *k, *x;
        while (PyDict_Next(v.get(), &pos, &k, &x))
            if (PyUnicode_CheckExact(k)) out.emplace_back(to_utf8(k), object::borrow(x));
        return out;
    }
    static std::string type_name(const value& v) {
        if (PyLong_CheckExact(v.get()) && !detail::constant_of(v.get())) return "int (beyond 64 bits)";
        return Py_TYPE(v.get())->tp_name;
    }
    static std::string builtin_name(const value& v) {
        if (const std::string* t = state().np.target_of(v.get())) return *t;
        object name = object::steal(PyObject_GetAttrString(v.get(), "__qualname__"));
        if (name && PyUnicode_Check(name.get())) return to_utf8(name.get());
        PyErr_Clear();
        return type_name(v);
    }
    static lasso::builtin_behaviour builtin_behaviour(const value& v) {
        using K = lasso::builtin_kind;
        if (const std::string* t = state().np.target_of(v.get())) return {K::tensor_op, *t};
        if (v.get() == state().graph_break.get()) return {K::graph_break, "lasso.graph_break"};
        if (auto b = detail::builtin_by_name(v.get())) return *b;
        if (auto b = lasso_operator(v.get())) return *b; // higher_order.hpp
        return {K::graph_break, builtin_name(v)};
    }
    /// Runs a pure builtin on constants (`isinstance` also on user objects); nullopt on
    /// any error.
    static std::optional<value> call_pure(const value& fn, std::span<const value> args) {
        if (args.size() == 2 && fn.get() == PyDict_GetItemString(PyEval_GetBuiltins(), "isinstance"))
            return user_objects::isinstance(args[0].get(), args[1].get());
        std::vector<PyObject*> raw;
        for (const value& a : args) {
            if (!detail::constant_of(a.get())) return std::nullopt;
            raw.push_back(a.get());
        }
        object r = object::steal(PyObject_Vectorcall(fn.get(), raw.data(), raw.size(), nullptr));
        if (!r) {
            PyErr_Clear();
            return std::nullopt;
        }
        return r;
    }
    // ----------------------------------------------------------------- eager
    static value value_of_constant(const lasso::constant& c) {
        switch (c.index()) {
        case 0: return object::borrow(Py_None);
        case 1: return object::borrow(std::get<bool>(c) ? Py_True : Py_False);
        case 2: return object::checked(PyLong_FromLongLong(std::get<std::int64_t>(c)));
        case 3: return object::checked(PyFloat_FromDouble(std::get<double>(c)));
        default: return to_str(std::get<std::string>(c));
        }
    }
    /// The same object, or arrays of one type, dtype and shape with the same bytes, or
    /// equal constants of one type.
    static bool same_result(const value& a, const value& b) {
        if (a == b) return true;
        if (numpy::is_tensor(a.get()) && numpy::is_tensor(b.get())) {
            if (Py_TYPE(a.get()) != Py_TYPE(b.get()) || !(numpy::meta_of(a.get()) == numpy::meta_of(b.get()))) return false;
            object x = object::steal(PyObject_CallMethod(a.get(), "tobytes", nullptr));
            object y = object::steal(PyObject_CallMethod(b.get(), "tobytes", nullptr));
            if (!x || !y) {
                PyErr_Clear();
                return false;
            }
            return PyObject_RichCompareBool(x.get(), y.get(), Py_EQ) == 1;
        }
        auto x = detail::constant_of(a.get()), y = detail::constant_of(b.get());
        return x && y && matches_constant(a, *y);
    }

    // --------------------------------------------------------------- running
    static code frame_code(const frame& f) { return object::borrow(reinterpret_cast<PyObject*>(f.f->f_code)); }
    static std::uintptr_t code_identity(const code& c) { return reinterpret_cast<std::uintptr_t>(c.get()); }
    static void* code_cache_get(const code& c) {
        void* p = nullptr;
        if (_PyCode_GetExtra(c.get(), state().cache_index, &p) < 0) PyErr_Clear();
        return p;
    }
    static void code_cache_set(const code& c, void* p) {
        if (_PyCode_SetExtra(c.get(), state().cache_index, p) < 0) PyErr_Clear();
    }
    /// Runs code `c` (the frame's code transformed) as a new function with the frame's
    /// globals and closure, called with the frame's arguments.
    static value call_code(const frame& f, const code& c);
    /// Runs the frame as CPython would have. An exception still set is that of a compiled
    /// graph that raised, after which lasso runs the frame again from its start
    /// (lasso/runtime/graph_exceptions.hpp): the frame raises its own.
    static value run_eagerly(frame& f) {
        PyErr_Clear();
        return object::checked(_PyEval_EvalFrameDefault(f.thread, f.f, 0));
    }
    static value make_host_function(std::string name, lasso::host_function<value> fn);
    /// Runs a comptime callback (comptime_calls.hpp).
    static std::optional<std::string> run_comptime(const lasso::comptime_callback<capture_adapter>& callback, const frame& f,
                                                   lasso::comptime_context<capture_adapter>& ctx) {
        return comptime_calls<capture_adapter>::run(callback, f, ctx);
    }
    static value make_tuple(std::vector<value> items) {
        object t = object::checked(PyTuple_New(static_cast<Py_ssize_t>(items.size())));
        for (std::size_t i = 0; i < items.size(); ++i)
            PyTuple_SET_ITEM(t.get(), static_cast<Py_ssize_t>(i), items[i].release());
        return t;
    }

    // ------------------------------------------------------------ graph breaks
    static value make_resume_function(const code& c, const frame& f) {
        object fn = object::checked(PyFunction_New(c.get(), f.f->f_globals));
        state().mark_resume(c.get(), f.f->f_code);
        return fn;
    }
    static std::uint32_t positional_flags(std::uint32_t flags) {
        return flags & ~std::uint32_t(CO_VARARGS | CO_VARKEYWORDS);
    }

    // ------------------------------------------------------------ inlining
    static code function_code(const value& fn) { return object::borrow(PyFunction_GET_CODE(fn.get())); }
    static bool same_globals(const value& fn, const frame& f) {
        return PyFunction_Check(fn.get()) && PyFunction_GET_GLOBALS(fn.get()) == f.f->f_globals;
    }
};

inline capture_adapter::value capture_adapter::call_code(const frame& f, const code& c) {
    object fn = object::checked(PyFunction_New(c.get(), f.f->f_globals));
    if (f.f->f_func && f.f->f_func->func_closure && PyFunction_SetClosure(fn.get(), f.f->f_func->func_closure) < 0)
        throw python_error();
    const auto a = detail::arguments_of(f.f);
    return object::checked(PyObject_Vectorcall(fn.get(), a.args.data(), a.positional, a.kwnames.get()));
}

inline capture_adapter::value capture_adapter::make_host_function(std::string name, lasso::host_function<value> fn) {
    auto* box = new detail::host_function_box{std::move(name), std::move(fn)};
    object capsule = object::steal(PyCapsule_New(box, "lasso.host_function", [](PyObject* cap) {
        delete static_cast<detail::host_function_box*>(PyCapsule_GetPointer(cap, "lasso.host_function"));
    }));
    if (!capsule) {
        delete box;
        throw python_error();
    }
    return object::checked(PyCFunction_New(&detail::host_method, capsule.get()));
}

static_assert(lasso::check_interpreter_adapter<capture_adapter>());
static_assert(lasso::InterpreterAdapter<capture_adapter>);

} // namespace lasso_cpython
