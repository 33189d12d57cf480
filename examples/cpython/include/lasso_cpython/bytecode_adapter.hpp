// lasso_cpython/bytecode_adapter.hpp
//
// The bytecode adapter for CPython 3.11: the instruction set (opcodes.hpp), values as
// owning `PyObject*` references, and how lasso reads a code object into `code_fields`
// and builds one back with `PyCode_NewWithPosOnlyArgs`. Exception tables are 3.11's
// varint format in code units; location tables are 3.11's (lasso/bytecode/location_table.hpp).
#pragma once

#include <lasso_cpython/object.hpp>
#include <lasso_cpython/opcodes.hpp>

#include <lasso/adapter/check.hpp>
#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/encoding.hpp>
#include <lasso/bytecode/exception_table.hpp>
#include <lasso/bytecode/location_table.hpp>

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

namespace lasso_cpython {

namespace detail {
inline std::span<const std::uint8_t> bytes_of(PyObject* b) {
    return {reinterpret_cast<const std::uint8_t*>(PyBytes_AS_STRING(b)), static_cast<std::size_t>(PyBytes_GET_SIZE(b))};
}
inline object bytes_from(std::span<const std::uint8_t> b) {
    return object::checked(
        PyBytes_FromStringAndSize(reinterpret_cast<const char*>(b.data()), static_cast<Py_ssize_t>(b.size())));
}
inline std::vector<std::string> strings_of(PyObject* tuple) {
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(PyTuple_GET_SIZE(tuple)));
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tuple); ++i) out.push_back(to_utf8(PyTuple_GET_ITEM(tuple, i)));
    return out;
}
inline object tuple_of(const std::vector<std::string>& strings) {
    object t = object::checked(PyTuple_New(static_cast<Py_ssize_t>(strings.size())));
    for (std::size_t i = 0; i < strings.size(); ++i) {
        PyObject* name = to_str(strings[i]).release();
        PyUnicode_InternInPlace(&name); // names are interned, as the compiler's are
        PyTuple_SET_ITEM(t.get(), static_cast<Py_ssize_t>(i), name);
    }
    return t;
}
} // namespace detail

struct bytecode_adapter : instruction_set {
    using value = object;
    /// A code object (`PyCodeObject`).
    using code = object;

    static lasso::bytecode::code_fields<value> read_code(const code& c) {
        if (!c || !PyCode_Check(c.get())) {
            PyErr_SetString(PyExc_TypeError, "expected a code object");
            throw python_error();
        }
        auto* co = reinterpret_cast<PyCodeObject*>(c.get());
        lasso::bytecode::code_fields<value> f;
        object bytes = object::checked(PyCode_GetCode(co));
        const auto code_bytes = detail::bytes_of(bytes.get());
        f.bytecode.assign(code_bytes.begin(), code_bytes.end());
        f.constants.reserve(static_cast<std::size_t>(PyTuple_GET_SIZE(co->co_consts)));
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(co->co_consts); ++i)
            f.constants.push_back(object::borrow(PyTuple_GET_ITEM(co->co_consts, i)));
        f.names = detail::strings_of(co->co_names);
        f.varnames = detail::strings_of(object::checked(PyCode_GetVarnames(co)).get());
        f.cellvars = detail::strings_of(object::checked(PyCode_GetCellvars(co)).get());
        f.freevars = detail::strings_of(object::checked(PyCode_GetFreevars(co)).get());
        const auto kinds = detail::bytes_of(co->co_localspluskinds);
        f.localsplus_kinds.assign(kinds.begin(), kinds.end());
        f.argcount = co->co_argcount;
        f.posonly_argcount = co->co_posonlyargcount;
        f.kwonly_argcount = co->co_kwonlyargcount;
        f.flags = static_cast<std::uint32_t>(co->co_flags);
        f.name = to_utf8(co->co_name);
        f.qualname = to_utf8(co->co_qualname);
        f.filename = to_utf8(co->co_filename);
        f.first_line = co->co_firstlineno;
        f.stacksize = co->co_stacksize;
        f.exception_table = lasso::bytecode::unpack_exception_table(detail::bytes_of(co->co_exceptiontable), 2);
        f.line_table = lasso::bytecode::unpack_location_table(detail::bytes_of(co->co_linetable), f.first_line, 2);
        return f;
    }

    /// Builds a code object with `PyCode_NewWithPosOnlyArgs`, packing the tables as 3.11 does.
    static code make_code(lasso::bytecode::code_fields<value> f);

    /// `repr()` of the constant; a constant whose repr fails prints as its type.
    static std::string constant_repr(const value& v) {
        object r = object::steal(PyObject_Repr(v.get()));
        if (r) return to_utf8(r.get());
        PyErr_Clear();
        return std::string("<") + Py_TYPE(v.get())->tp_name + ">";
    }

    /// Constants are the same when CPython's compiler would merge them: the same object,
    /// or of the same exact type (so 1, 1.0 and True differ) and equal, floats and
    /// complex numbers bit for bit (so 0.0 and -0.0 differ). Containers and code objects
    /// are the same only when identical.
    static bool same_constant(const value& a, const value& b) {
        PyObject* x = a.get();
        PyObject* y = b.get();
        if (x == y) return true;
        if (!x || !y || Py_TYPE(x) != Py_TYPE(y)) return false;
        if (PyFloat_CheckExact(x)) {
            const double p = PyFloat_AS_DOUBLE(x), q = PyFloat_AS_DOUBLE(y);
            return std::memcmp(&p, &q, sizeof p) == 0;
        }
        if (PyComplex_CheckExact(x)) {
            const Py_complex p = PyComplex_AsCComplex(x), q = PyComplex_AsCComplex(y);
            return std::memcmp(&p.real, &q.real, sizeof p.real) == 0 && std::memcmp(&p.imag, &q.imag, sizeof p.imag) == 0;
        }
        if (PyLong_CheckExact(x) || PyUnicode_CheckExact(x) || PyBytes_CheckExact(x)) {
            const int equal = PyObject_RichCompareBool(x, y, Py_EQ);
            if (equal < 0) PyErr_Clear();
            return equal == 1;
        }
        return false;
    }
};

/// Byte offsets of the instructions of 3.11 bytecode (their first EXTENDED_ARG), which
/// the location table has one entry for each.
inline std::vector<std::uint32_t> instruction_starts(std::span<const std::uint8_t> bytecode) {
    std::vector<std::uint32_t> starts;
    lasso::bytecode::scan_each<bytecode_adapter>(bytecode, [&](const lasso::bytecode::raw_instruction& r) {
        starts.push_back(static_cast<std::uint32_t>(r.offset));
    });
    return starts;
}

/// The 3.11 location table of `f` (one entry per instruction, as the compiler writes it).
inline std::vector<std::uint8_t> location_table(const lasso::bytecode::code_fields<object>& f) {
    return lasso::bytecode::pack_location_table(f.line_table, instruction_starts(f.bytecode),
                                                static_cast<std::uint32_t>(f.bytecode.size()), f.first_line, 2);
}

inline bytecode_adapter::code bytecode_adapter::make_code(lasso::bytecode::code_fields<value> f) {
    object consts = object::checked(PyTuple_New(static_cast<Py_ssize_t>(f.constants.size())));
    for (std::size_t i = 0; i < f.constants.size(); ++i)
        PyTuple_SET_ITEM(consts.get(), static_cast<Py_ssize_t>(i), object(f.constants[i]).release());
    object bytecode = detail::bytes_from(f.bytecode);
    object names = detail::tuple_of(f.names);
    object varnames = detail::tuple_of(f.varnames);
    object freevars = detail::tuple_of(f.freevars);
    object cellvars = detail::tuple_of(f.cellvars);
    object filename = to_str(f.filename);
    object name = to_str(f.name);
    object qualname = to_str(f.qualname.empty() ? f.name : f.qualname);
    object linetable = detail::bytes_from(location_table(f));
    object exceptions = detail::bytes_from(lasso::bytecode::pack_exception_table(f.exception_table, 2));
    return object::checked(reinterpret_cast<PyObject*>(PyCode_NewWithPosOnlyArgs(
        f.argcount, f.posonly_argcount, f.kwonly_argcount, static_cast<int>(f.varnames.size()), f.stacksize,
        static_cast<int>(f.flags), bytecode.get(), consts.get(), names.get(), varnames.get(), freevars.get(), cellvars.get(),
        filename.get(), name.get(), qualname.get(), f.first_line, linetable.get(), exceptions.get())));
}

static_assert(lasso::check_bytecode_adapter<bytecode_adapter>());
static_assert(lasso::bytecode::CodeAdapter<bytecode_adapter>);

} // namespace lasso_cpython
