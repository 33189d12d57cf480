// lasso/bytecode/decode.hpp
//
// Code -> instructions, in two forms: `decode_indexed`, the read-only form whose
// arguments stay indexes into the code's tables (what the translator walks), and
// `decode`, the editable form built from it, with every argument resolved to what it
// means (a name, a constant, a link to the jump target). Both tag every instruction
// with its source position and the innermost exception handler covering it, and split
// an argument's flag bits from what its kind reads; a cell argument's number (in the
// encoding's `cell_numbering`) becomes lasso's cell index in the indexed form. Inline
// cache units are not instructions: an instruction's bytes end after them. Anything inconsistent is a
// `bytecode_error` naming the offset; decoding never reads out of bounds.
#pragma once

#include <lasso/bytecode/cells.hpp>
#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/encoding.hpp>
#include <lasso/bytecode/indexed_instruction.hpp>
#include <lasso/bytecode/instruction.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <span>
#include <utility>
#include <vector>

namespace lasso::bytecode {

namespace detail {
/// The position in `instrs` (sorted by offset) of the instruction starting at byte
/// `offset`, or `no_index`.
template <class Instructions> std::uint32_t instruction_at(const Instructions& instrs, long offset) noexcept {
    using instruction = typename Instructions::value_type;
    auto it = std::lower_bound(instrs.begin(), instrs.end(), offset,
                               [](const instruction& inst, long o) { return static_cast<long>(inst.offset) < o; });
    if (it == instrs.end() || static_cast<long>(it->offset) != offset) return no_index;
    return static_cast<std::uint32_t>(it - instrs.begin());
}

/// The positions of the first and last instruction an exception table entry covers
/// (an entry `decode_indexed` has checked).
template <class Instructions>
std::pair<std::size_t, std::size_t> covered_range(const Instructions& instrs, const exception_entry& e) noexcept {
    const std::size_t first = instruction_at(instrs, static_cast<long>(e.start));
    std::size_t last = first;
    while (last + 1 < instrs.size() && instrs[last + 1].offset < e.end) ++last;
    return {first, last};
}
} // namespace detail

/// Decodes `fields.bytecode` with the tables in `fields` into the read-only indexed
/// form: arguments checked against the tables, jumps resolved to positions, each
/// instruction tagged with its line and the innermost exception table entry covering it.
template <class A, class Allocator>
void decode_indexed_into(const code_fields<typename A::value>& fields, std::vector<indexed_instruction<A>, Allocator>& out) {
    using traits = opcode_traits<A>;
    using lasso::detail::decimal;
    using lasso::detail::join;
    const std::span<const std::uint8_t> bytes(fields.bytecode);
    const long code_size = static_cast<long>(bytes.size());
    if (bytes.size() > no_index)
        throw bytecode_error(join({"code of ", decimal(bytes.size()), " bytes is too large (offsets are 32-bit)"}));

    // Room for an instruction every two bytes: all of them in a fixed-width encoding
    // (prefixes only make fewer), most of them in a variable-width one.
    out.clear();
    out.reserve(bytes.size() / 2 + 1);

    // Source positions as instructions are read, so that later errors can name the line.
    const auto& rows = fields.line_table;
    std::size_t row = 0;
    int previous_line = -1;
    scan_each<A>(bytes, [&](const raw_instruction& raw) {
        indexed_instruction<A> inst;
        const auto [arg, flags] = traits::split_argument(raw.opcode, raw.arg);
        inst.arg = arg;
        inst.flags = flags;
        inst.offset = static_cast<std::uint32_t>(raw.offset);
        inst.opcode = static_cast<std::uint8_t>(raw.opcode); // one byte: the table checks every number
        inst.semantic = traits::info(raw.opcode).semantic;
        while (row + 1 < rows.size() && rows[row + 1].start <= inst.offset) ++row;
        if (!rows.empty() && rows[row].start <= inst.offset) {
            inst.line_row = static_cast<std::uint32_t>(row);
            inst.line = rows[row].pos.line;
        }
        inst.starts_line = inst.line >= 0 && inst.line != previous_line;
        if (inst.line >= 0) previous_line = inst.line;
        out.push_back(inst);
    });

    const cell_layout cells = cell_layout_of<A>(fields);
    if (!fields.localsplus_kinds.empty() &&
        (traits::enc.cells != cell_numbering::localsplus || fields.localsplus_kinds != localsplus_kinds_of(fields)))
        throw bytecode_error("the code's localsplus kinds disagree with its local, cell and free variable names");
    for (std::size_t i = 0; i < out.size(); ++i) {
        auto& inst = out[i];
        const opcode_info& info = traits::info(inst.opcode);
        const long at = inst.offset;
        const int line = inst.line;
        const std::int64_t a = inst.arg;
        auto check = [&](std::string_view what, std::size_t size) {
            if (a < 0 || static_cast<std::uint64_t>(a) >= size)
                throw bytecode_error(
                    join({info.name, ": ", what, " index ", decimal(a), " out of range (", decimal(size), " entries)"}), at,
                    line);
        };
        switch (info.arg) {
        case arg_kind::none:
        case arg_kind::immediate: break;
        case arg_kind::local: check("local variable", fields.varnames.size()); break;
        case arg_kind::name: check("name", fields.names.size()); break;
        case arg_kind::constant: check("constant", fields.constants.size()); break;
        case arg_kind::cell: {
            // The interpreter's number becomes lasso's cell index (lasso/bytecode/cells.hpp).
            const auto index = cells.index_of(a);
            if (!index) {
                check("cell variable", cells.numbers());
                throw bytecode_error(join({info.name, ": slot ", decimal(a), " is a local, not a cell"}), at, line);
            }
            inst.arg = static_cast<std::int64_t>(*index);
            break;
        }
        case arg_kind::jump: {
            // Instructions are contiguous: this one (its inline caches included) ends where
            // the next one starts.
            const long next = i + 1 < out.size() ? static_cast<long>(out[i + 1].offset) : code_size;
            const long unit = traits::enc.jump_unit;
            if (a > code_size)
                throw bytecode_error(join({info.name, ": jump argument ", decimal(a), " is outside the code (size ",
                                           decimal(code_size), ")"}),
                                     at, line);
            long target = 0;
            switch (info.jump) {
            case jump_kind::relative_forward: target = next + a * unit; break;
            case jump_kind::relative_backward: target = next - a * unit; break;
            case jump_kind::absolute: target = a * unit; break;
            case jump_kind::none: break;
            }
            if (target < 0 || target >= code_size)
                throw bytecode_error(join({info.name, ": jump target ", decimal(target), " is outside the code (size ",
                                           decimal(code_size), ")"}),
                                     at, line);
            inst.target = detail::instruction_at(out, target);
            if (inst.target == no_index)
                throw bytecode_error(
                    join({info.name, ": jump target ", decimal(target), " is not the start of an instruction"}), at, line);
            break;
        }
        }
    }

    // Exception table: each instruction gets the innermost (shortest) covering range;
    // of equal ranges, the first in the table.
    const auto& entries = fields.exception_table;
    for (std::size_t k = 0; k < entries.size(); ++k) {
        const exception_entry& e = entries[k];
        auto bad = [&](std::string_view why) {
            return bytecode_error(join({"exception table entry ", decimal(e.start), " to ", decimal(e.end), " -> ",
                                        decimal(e.target), ": ", why}),
                                  static_cast<long>(e.start));
        };
        if (e.start >= e.end) throw bad("empty or reversed range");
        if (static_cast<long>(e.end) > code_size) throw bad("range ends outside the code");
        if (detail::instruction_at(out, e.start) == no_index) throw bad("range does not start at an instruction");
        if (static_cast<long>(e.end) != code_size && detail::instruction_at(out, e.end) == no_index)
            throw bad("range does not end at an instruction");
        if (detail::instruction_at(out, e.target) == no_index) throw bad("handler is not the start of an instruction");
        const auto [first, last] = detail::covered_range(out, e);
        const std::uint32_t length = e.end - e.start;
        for (std::size_t i = first; i <= last; ++i) {
            const std::uint32_t h = out[i].handler;
            if (h == no_index || length < entries[h].end - entries[h].start) out[i].handler = static_cast<std::uint32_t>(k);
        }
    }
}
template <class A> std::vector<indexed_instruction<A>> decode_indexed(const code_fields<typename A::value>& fields) {
    std::vector<indexed_instruction<A>> out;
    decode_indexed_into<A>(fields, out);
    return out;
}

/// Decodes `fields.bytecode` with the tables in `fields` into the editable form: every
/// argument resolved to what it means, jumps and exception handlers linked by id.
template <class A> std::vector<instruction<A>> decode(const code_fields<typename A::value>& fields) {
    const auto indexed = decode_indexed<A>(fields);
    const cell_layout cells = cell_layout_of<A>(fields);
    std::vector<instruction<A>> out(indexed.size());

    // The link of each exception table entry, by instruction ids.
    std::vector<exception_link> links;
    links.reserve(fields.exception_table.size());
    for (const exception_entry& e : fields.exception_table) {
        const auto [first, last] = detail::covered_range(indexed, e);
        const auto target = detail::instruction_at(indexed, e.target);
        links.push_back({out[target].id, e.depth, e.lasti, out[first].id, out[last].id});
    }

    for (std::size_t i = 0; i < out.size(); ++i) {
        const indexed_instruction<A>& from = indexed[i];
        instruction<A>& inst = out[i];
        inst.opcode = from.opcode;
        inst.semantic = from.semantic;
        // The argument as encoded: a cell's number, not lasso's cell index.
        inst.arg = from.kind() == arg_kind::cell
                       ? static_cast<std::int64_t>(cells.number_of(static_cast<std::size_t>(from.arg)))
                       : from.arg;
        inst.flags = from.flags;
        inst.offset = from.offset;
        inst.starts_line = from.starts_line;
        if (from.line_row != no_index) inst.pos = fields.line_table[from.line_row].pos;
        if (from.handler != no_index) inst.exception = links[from.handler];
        switch (from.kind()) {
        case arg_kind::none: break;
        case arg_kind::immediate: inst.argval = from.arg; break;
        case arg_kind::local:
        case arg_kind::name:
        case arg_kind::cell: inst.argval = *arg_name(from, fields); break;
        case arg_kind::constant: inst.argval = constant_arg<typename A::value>{*arg_constant(from, fields)}; break;
        case arg_kind::jump: inst.argval = jump_target{out[from.target].id}; break;
        }
    }
    return out;
}

/// Decodes an adapter code object.
template <CodeAdapter A> std::vector<instruction<A>> decode_code(const typename A::code& code) {
    return decode<A>(A::read_code(code));
}

} // namespace lasso::bytecode
