// _lasso: lasso inside CPython 3.11, as an extension module. This first part checks the
// bytecode layer on real code objects: `roundtrip(code)` decodes a code object through
// the adapter, assembles it again, builds a new code object from the result and says
// whether it is byte for byte the original.
//
// One translation unit on purpose: the module is the only thing built against Python's
// headers, and lasso's templates compile once.
#include <lasso_cpython/bytecode_adapter.hpp>
#include <lasso_cpython/frame_evaluator.hpp>

#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/error.hpp>
#include <lasso/bytecode/transform.hpp>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <exception>
#include <string>
#include <functional>
#include <list>
#include <vector>

namespace {

using lasso_cpython::bytecode_adapter;
using lasso_cpython::object;
using lasso_cpython::python_error;

/// `_lasso.BytecodeError`: lasso rejected a code object's bytecode or tables.
PyObject* bytecode_error_type = nullptr;

std::string hex_byte(int b) {
    char text[8];
    std::snprintf(text, sizeof text, "%02x", b & 0xff);
    return text;
}

/// "" when the bytes agree, else where and how they first differ.
std::string first_difference(const char* what, PyObject* original, PyObject* rebuilt) {
    const auto a = lasso_cpython::detail::bytes_of(original);
    const auto b = lasso_cpython::detail::bytes_of(rebuilt);
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    if (i == a.size() && i == b.size()) return {};
    auto at = [&](std::span<const std::uint8_t> s) { return i < s.size() ? hex_byte(s[i]) : std::string("end"); };
    return std::string(what) + " differs at byte " + std::to_string(i) + ": original " + at(a) + ", lasso " + at(b) +
           " (lengths " + std::to_string(a.size()) + " and " + std::to_string(b.size()) + ")";
}

/// The first of co_code, co_exceptiontable, co_linetable and co_stacksize that differs
/// between two code objects, or "".
std::string compare_codes(PyCodeObject* original, PyCodeObject* rebuilt) {
    object code_a = object::checked(PyCode_GetCode(original));
    object code_b = object::checked(PyCode_GetCode(rebuilt));
    std::string diff = first_difference("co_code", code_a.get(), code_b.get());
    if (diff.empty()) diff = first_difference("co_exceptiontable", original->co_exceptiontable, rebuilt->co_exceptiontable);
    if (diff.empty()) diff = first_difference("co_linetable", original->co_linetable, rebuilt->co_linetable);
    if (diff.empty() && original->co_stacksize != rebuilt->co_stacksize)
        diff = "co_stacksize differs: original " + std::to_string(original->co_stacksize) + ", lasso " +
               std::to_string(rebuilt->co_stacksize);
    return diff;
}

PyObject* roundtrip(PyObject*, PyObject* arg) {
    if (!PyCode_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "roundtrip() expects a code object, not %.200s", Py_TYPE(arg)->tp_name);
        return nullptr;
    }
    try {
        const auto original = bytecode_adapter::read_code(object::borrow(arg));
        auto instructions = lasso::bytecode::decode<bytecode_adapter>(original);
        auto fields = original;
        // Assembly re-derives the bytes and both tables; stack analysis the stack size.
        lasso::bytecode::finish_code<bytecode_adapter>(instructions, fields);
        object rebuilt = bytecode_adapter::make_code(std::move(fields));
        const std::string diff =
            compare_codes(reinterpret_cast<PyCodeObject*>(arg), reinterpret_cast<PyCodeObject*>(rebuilt.get()));
        if (diff.empty()) Py_RETURN_NONE;
        return lasso_cpython::to_str(diff).release();
    } catch (const lasso::bytecode::bytecode_error& e) {
        PyErr_SetString(bytecode_error_type, e.what());
    } catch (const python_error&) {
        // the Python exception is set
    } catch (const std::exception& e) { PyErr_SetString(PyExc_RuntimeError, e.what()); }
    return nullptr;
}

const char* arg_kind_name(lasso::bytecode::arg_kind k) {
    switch (k) {
    case lasso::bytecode::arg_kind::none: return "none";
    case lasso::bytecode::arg_kind::immediate: return "immediate";
    case lasso::bytecode::arg_kind::local: return "local";
    case lasso::bytecode::arg_kind::cell: return "cell";
    case lasso::bytecode::arg_kind::name: return "name";
    case lasso::bytecode::arg_kind::constant: return "constant";
    case lasso::bytecode::arg_kind::jump: return "jump";
    }
    return "?";
}

const char* jump_kind_name(lasso::bytecode::jump_kind k) {
    switch (k) {
    case lasso::bytecode::jump_kind::none: return "none";
    case lasso::bytecode::jump_kind::relative_forward: return "forward";
    case lasso::bytecode::jump_kind::relative_backward: return "backward";
    case lasso::bytecode::jump_kind::absolute: return "absolute";
    }
    return "?";
}

/// The adapter's opcode table as Python sees it, so that a test can hold it against `dis`.
PyObject* opcode_table(PyObject*, PyObject*) {
    try {
        const auto& table = bytecode_adapter::opcodes;
        object rows = object::checked(PyList_New(0));
        for (const auto& info : table) {
            object row = object::checked(Py_BuildValue(
                "{s:s#,s:i,s:s#,s:s,s:s,s:i,s:i}", "name", info.name.data(), static_cast<Py_ssize_t>(info.name.size()),
                "number", static_cast<int>(info.number), "semantic", lasso::bytecode::name_of(info.semantic).data(),
                static_cast<Py_ssize_t>(lasso::bytecode::name_of(info.semantic).size()), "arg", arg_kind_name(info.arg),
                "jump", jump_kind_name(info.jump), "caches", static_cast<int>(info.caches), "flag_bits",
                info.flags.count()));
            if (PyList_Append(rows.get(), row.get()) < 0) return nullptr;
        }
        return rows.release();
    } catch (const python_error&) { return nullptr; }
}

/// stack_effect(number, raw_arg, jump) -> (pops, pushes) of the adapter's table, the
/// argument's flag bits split off as decode splits them.
PyObject* stack_effect(PyObject*, PyObject* args) {
    int number = 0;
    long long raw = 0;
    int jump = 0;
    if (!PyArg_ParseTuple(args, "iLp:stack_effect", &number, &raw, &jump)) return nullptr;
    using traits = lasso::bytecode::opcode_traits<bytecode_adapter>;
    if (number < 0 || !traits::is_valid(static_cast<std::uint32_t>(number)) || raw < 0) {
        PyErr_Format(PyExc_ValueError, "stack_effect(): no opcode %d, or a negative argument", number);
        return nullptr;
    }
    const auto n = static_cast<std::uint32_t>(number);
    const auto [arg, flags] = traits::split_argument(n, traits::has_argument(n) ? raw : 0);
    const auto effect = traits::effect(n, arg, jump != 0, flags);
    return Py_BuildValue("(ii)", effect.pops, effect.pushes);
}

// ---- capture: the API the package `lasso` wraps ----------------------------------------

using lasso_cpython::frame_evaluator;

/// mark(code, backend, fullgraph, dynamic=None): frames of `code` are captured from now
/// on; `dynamic` None is automatic dynamic shapes, True every size a symbol, False none.
PyObject* mark(PyObject*, PyObject* args) {
    PyObject* code = nullptr;
    const char* backend = "eager";
    int fullgraph = 0;
    PyObject* dynamic = Py_None;
    if (!PyArg_ParseTuple(args, "O!sp|O:mark", &PyCode_Type, &code, &backend, &fullgraph, &dynamic)) return nullptr;
    using lasso::symbolic::dynamic_shapes;
    if (dynamic != Py_None && !PyBool_Check(dynamic)) {
        PyErr_SetString(PyExc_TypeError, "lasso.capture: dynamic must be None, True or False");
        return nullptr;
    }
    const dynamic_shapes mode = dynamic == Py_None   ? dynamic_shapes::automatic
                                : dynamic == Py_True ? dynamic_shapes::always
                                                     : dynamic_shapes::never;
    if (reinterpret_cast<PyCodeObject*>(code)->co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR)) {
        PyErr_SetString(PyExc_TypeError, "lasso.capture: generators and coroutines are not captured");
        return nullptr;
    }
    try {
        if (const char* logs = std::getenv("LASSO_LOGS")) lasso::parse_log_artifacts(logs);
        frame_evaluator::get().mark(code, {backend, fullgraph != 0, mode});
    } catch (const python_error&) { return nullptr; } catch (const std::invalid_argument& e) {
        PyErr_Format(PyExc_ValueError, "LASSO_LOGS: %s", e.what());
        return nullptr;
    }
    Py_RETURN_NONE;
}

PyObject* graph_break(PyObject*, PyObject*) { Py_RETURN_NONE; }

/// mark_dynamic(arr, dim): later translations make dimension `dim` of `arr` a symbol.
PyObject* mark_dynamic(PyObject*, PyObject* args) {
    PyObject* arr = nullptr;
    long long dim = 0;
    if (!PyArg_ParseTuple(args, "OL:mark_dynamic", &arr, &dim)) return nullptr;
    try {
        if (!lasso_cpython::dynamic_marks::get().mark(arr, dim)) return nullptr;
    } catch (const python_error&) { return nullptr; }
    Py_RETURN_NONE;
}

/// shape_rule(target, operands, keywords=None) -> (dtype, shape) or the reason: the
/// adapter's shape rule of graph target `target` on the metadata of arrays and the values
/// of numbers (and tuples of those), with keyword arguments from a dict, for a test that
/// holds it against numpy's own results.
PyObject* shape_rule(PyObject*, PyObject* args) {
    const char* target = nullptr;
    PyObject* operands = nullptr;
    PyObject* keywords = nullptr;
    if (!PyArg_ParseTuple(args, "sO!|O!:shape_rule", &target, &PyTuple_Type, &operands, &PyDict_Type, &keywords))
        return nullptr;
    using adapter = lasso_cpython::capture_adapter;
    using operand = lasso::operand<lasso_cpython::tensor_meta>;
    try {
        // Stable storage for what the operands point to.
        std::list<lasso_cpython::tensor_meta> metas;
        std::list<lasso::constant> constants;
        std::list<std::vector<lasso::constant>> tuple_items;
        std::list<std::vector<operand>> tuple_elements;
        auto scalar = [&](const object& v, operand& o) {
            if (adapter::classify(v) == lasso::value_kind::tensor) {
                o.tensor = &metas.emplace_back(adapter::tensor_meta_of(v));
                return true;
            }
            if (auto c = adapter::constant_from_value(v)) {
                o.value = &constants.emplace_back(*c);
                return true;
            }
            return false;
        };
        std::function<bool(const object&, operand&)> convert = [&](const object& v, operand& o) {
            if (scalar(v, o)) return true;
            if (!PyTuple_CheckExact(v.get())) return false;
            // A tuple of numbers (a shape, axes), of arrays (concatenate's operand), or of
            // tuples again (a getitem index holding slices).
            auto& items = tuple_items.emplace_back();
            auto& elements = tuple_elements.emplace_back();
            const auto m = static_cast<std::size_t>(PyTuple_GET_SIZE(v.get()));
            elements.resize(m);
            bool flat = true;
            for (std::size_t j = 0; j < m; ++j) {
                if (!convert(object::borrow(PyTuple_GET_ITEM(v.get(), static_cast<Py_ssize_t>(j))), elements[j]))
                    return false;
                if (elements[j].value) items.push_back(*elements[j].value);
                flat = flat && elements[j].value;
            }
            o.is_sequence = true;
            if (flat) o.items = &items;
            o.elements = elements.data();
            o.element_count = m;
            return true;
        };
        const auto n = static_cast<std::size_t>(PyTuple_GET_SIZE(operands));
        std::vector<operand> ops(n);
        for (std::size_t i = 0; i < n; ++i)
            if (!convert(object::borrow(PyTuple_GET_ITEM(operands, static_cast<Py_ssize_t>(i))), ops[i])) {
                PyErr_SetString(PyExc_TypeError,
                                "shape_rule(): operands are arrays, numpy scalars, numbers or tuples "
                                "of those");
                return nullptr;
            }
        std::vector<std::string> names;
        if (keywords) {
            Py_ssize_t pos = 0;
            PyObject *k, *v;
            while (PyDict_Next(keywords, &pos, &k, &v)) {
                if (!PyUnicode_Check(k) || !convert(object::borrow(v), ops.emplace_back())) {
                    PyErr_SetString(PyExc_TypeError, "shape_rule(): keywords are a dict of str to operands");
                    return nullptr;
                }
                names.push_back(lasso_cpython::to_utf8(k));
            }
        }
        auto result = adapter::infer_meta(target, ops, names);
        if (auto* u = std::get_if<lasso::unsupported>(&result)) return lasso_cpython::to_str(u->reason).release();
        const auto& m = std::get<lasso_cpython::tensor_meta>(result);
        object shape = object::checked(PyTuple_New(static_cast<Py_ssize_t>(m.shape.size())));
        for (std::size_t i = 0; i < m.shape.size(); ++i)
            PyTuple_SET_ITEM(shape.get(), static_cast<Py_ssize_t>(i), PyLong_FromLongLong(m.shape[i].hint()));
        return Py_BuildValue("(OO)", m.dtype.get(), shape.get());
    } catch (const python_error&) { return nullptr; }
}

PyObject* explain(PyObject*, PyObject*) {
    auto& e = frame_evaluator::get();
    const lasso::explain_report report = e.has_runtime() ? e.runtime().report() : lasso::explain_report{};
    return lasso_cpython::to_str(report.text()).release();
}

PyObject* explain_json(PyObject*, PyObject*) {
    auto& e = frame_evaluator::get();
    const lasso::explain_report report = e.has_runtime() ? e.runtime().report() : lasso::explain_report{};
    return lasso_cpython::to_str(report.json()).release();
}

PyObject* reset(PyObject*, PyObject*) {
    if (!frame_evaluator::get().reset()) return nullptr;
    Py_RETURN_NONE;
}

PyObject* shutdown(PyObject*, PyObject*) {
    frame_evaluator::get().shutdown();
    Py_RETURN_NONE;
}

PyMethodDef methods[] = {
    {"mark", mark, METH_VARARGS,
     "mark(code, backend, fullgraph, dynamic=None)\n\nFrames of the code object are captured from now on "
     "(lasso.capture)."},
    {"mark_dynamic", mark_dynamic, METH_VARARGS,
     "mark_dynamic(arr, dim)\n\nLater translations make dimension dim of the ndarray arr a symbol (lasso.mark_dynamic)."},
    {"shape_rule", shape_rule, METH_VARARGS,
     "shape_rule(target, operands, keywords=None) -> (dtype, shape) or str\n\nThe capture adapter's shape rule of a "
     "graph target "
     "(\"add\", \"numpy.maximum\", ...) on\narrays, numpy scalars and numbers: the result's dtype and shape, or why "
     "it is refused."},
    {"graph_break", graph_break, METH_NOARGS, "graph_break()\n\nDoes nothing; captured code breaks its graph here."},
    {"explain", explain, METH_NOARGS, "explain() -> str\n\nlasso's explain report as text."},
    {"explain_json", explain_json, METH_NOARGS, "explain_json() -> str\n\nlasso's explain report as JSON text."},
    {"reset", reset, METH_NOARGS, "reset()\n\nForgets every captured graph, cache entry and the report."},
    {"_register_operators", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&lasso_cpython::register_operators)),
     METH_FASTCALL,
     "_register_operators(cond, while_loop, map_rows, comptime)\n\nThe package's operators (higher_order.hpp)."},
    {"_shutdown", shutdown, METH_NOARGS, "_shutdown()\n\nRemoves the frame evaluator (at exit)."},
    {"roundtrip", roundtrip, METH_O,
     "roundtrip(code) -> None or str\n\n"
     "Decodes the code object with lasso, assembles it again and builds a new code object.\n"
     "Returns None when co_code, co_exceptiontable, co_linetable and co_stacksize are the\n"
     "same as the original's, else a description of the first difference. Raises\n"
     "_lasso.BytecodeError when lasso rejects the bytecode."},
    {"opcode_table", opcode_table, METH_NOARGS,
     "opcode_table() -> list of dict\n\n"
     "The adapter's 3.11 opcode table: name, number, semantic op, argument kind, jump\n"
     "direction, inline cache units and argument flag bits of every opcode."},
    {"stack_effect", stack_effect, METH_VARARGS,
     "stack_effect(opcode, arg, jump) -> (pops, pushes)\n\n"
     "The stack effect lasso gives an instruction (arg as encoded, flag bits included)\n"
     "along the fall-through edge or, with jump true, the jump edge."},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "_lasso",
    "lasso for CPython 3.11: graph capture through lasso's headers (so far: the bytecode round trip).",
    -1,
    methods,
    nullptr,
    nullptr,
    nullptr,
    nullptr,
};

} // namespace

PyMODINIT_FUNC PyInit__lasso() {
    object module = object::steal(PyModule_Create(&module_def));
    if (!module) return nullptr;
    if (!bytecode_error_type) {
        bytecode_error_type = PyErr_NewExceptionWithDoc(
            "_lasso.BytecodeError", "lasso rejected a code object's bytecode (the message names the offset).",
            PyExc_ValueError, nullptr);
        if (!bytecode_error_type) return nullptr;
    }
    if (!lasso_cpython::state().np.numpy) {
        if (!lasso_cpython::numpy::load(lasso_cpython::state().np)) return nullptr;
        if (!frame_evaluator::get().init()) return nullptr;
    }
    lasso_cpython::state().graph_break = object::steal(PyObject_GetAttrString(module.get(), "graph_break"));
    if (!lasso_cpython::state().graph_break) return nullptr;
    Py_INCREF(bytecode_error_type);
    if (PyModule_AddObject(module.get(), "BytecodeError", bytecode_error_type) < 0) {
        Py_DECREF(bytecode_error_type);
        return nullptr;
    }
    return module.release();
}
