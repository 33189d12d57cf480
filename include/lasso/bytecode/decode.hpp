// lasso/bytecode/decode.hpp
//
// Code -> instructions: every argument resolved to what it means (a name, a constant, a
// link to the jump target), every instruction tagged with its source position and the
// innermost exception handler covering it. Anything inconsistent is a `bytecode_error`
// naming the offset; decoding never reads out of bounds.
#pragma once

#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/encoding.hpp>
#include <lasso/bytecode/instruction.hpp>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

namespace lasso::bytecode {

namespace detail {
inline std::string index_error(std::string_view what, std::int64_t index, std::size_t size) {
    return std::string(what) + " index " + std::to_string(index) + " out of range (" +
           std::to_string(size) + " entries)";
}
} // namespace detail

/// Decodes `fields.bytecode` with the tables in `fields`.
template <class A> std::vector<instruction<A>> decode(const code_fields<typename A::value>& fields) {
    using traits = opcode_traits<A>;
    const auto raw = scan<A>(fields.bytecode);
    const long code_size = static_cast<long>(fields.bytecode.size());

    std::vector<instruction<A>> out;
    out.reserve(raw.size());
    std::unordered_map<long, std::size_t> index_at;
    index_at.reserve(raw.size() * 2);
    for (std::size_t i = 0; i < raw.size(); ++i) {
        instruction<A> inst;
        inst.opcode = raw[i].opcode;
        inst.semantic = traits::info(raw[i].opcode).semantic;
        inst.arg = raw[i].arg;
        inst.offset = raw[i].offset;
        index_at.emplace(raw[i].offset, i);
        out.push_back(std::move(inst));
    }

    // Source positions first, so that later errors can name the line.
    {
        std::size_t row = 0;
        const auto& rows = fields.line_table;
        int previous_line = -1;
        for (auto& inst : out) {
            while (row + 1 < rows.size() && rows[row + 1].start <= static_cast<std::uint32_t>(inst.offset)) ++row;
            if (!rows.empty() && rows[row].start <= static_cast<std::uint32_t>(inst.offset)) inst.pos = rows[row].pos;
            inst.starts_line = inst.pos.line >= 0 && inst.pos.line != previous_line;
            if (inst.pos.line >= 0) previous_line = inst.pos.line;
        }
    }

    const std::size_t cells = fields.cellvars.size() + fields.freevars.size();
    for (std::size_t i = 0; i < out.size(); ++i) {
        auto& inst = out[i];
        const opcode_info& info = traits::info(inst.opcode);
        const long at = inst.offset;
        const int line = inst.pos.line;
        const std::int64_t a = inst.arg;
        auto check = [&](std::string_view what, std::size_t size) {
            if (a < 0 || static_cast<std::uint64_t>(a) >= size)
                throw bytecode_error(std::string(info.name) + ": " + detail::index_error(what, a, size), at, line);
        };
        switch (info.arg) {
        case arg_kind::none: inst.argval = std::monostate{}; break;
        case arg_kind::immediate: inst.argval = a; break;
        case arg_kind::local: check("local variable", fields.varnames.size()); inst.argval = fields.varnames[a]; break;
        case arg_kind::name: check("name", fields.names.size()); inst.argval = fields.names[a]; break;
        case arg_kind::constant:
            check("constant", fields.constants.size());
            inst.argval = constant_arg<typename A::value>{fields.constants[a]};
            break;
        case arg_kind::cell: {
            check("cell variable", cells);
            const auto k = static_cast<std::size_t>(a);
            inst.argval = k < fields.cellvars.size() ? fields.cellvars[k] : fields.freevars[k - fields.cellvars.size()];
            break;
        }
        case arg_kind::jump: {
            const long next = at + raw[i].size;
            const long unit = traits::enc.jump_unit;
            if (a > code_size)
                throw bytecode_error(std::string(info.name) + ": jump argument " + std::to_string(a) +
                                         " is outside the code (size " + std::to_string(code_size) + ")", at, line);
            long target = 0;
            switch (info.jump) {
            case jump_kind::relative_forward: target = next + a * unit; break;
            case jump_kind::relative_backward: target = next - a * unit; break;
            case jump_kind::absolute: target = a * unit; break;
            case jump_kind::none: break;
            }
            if (target < 0 || target >= code_size)
                throw bytecode_error(std::string(info.name) + ": jump target " + std::to_string(target) +
                                         " is outside the code (size " + std::to_string(code_size) + ")", at, line);
            auto found = index_at.find(target);
            if (found == index_at.end())
                throw bytecode_error(std::string(info.name) + ": jump target " + std::to_string(target) +
                                         " is not the start of an instruction", at, line);
            inst.argval = jump_target{out[found->second].id};
            break;
        }
        }
    }

    // Exception table: each instruction gets the innermost (shortest) covering range.
    std::vector<std::uint32_t> covered_length(out.size(), 0);
    for (const auto& e : fields.exception_table) {
        auto bad = [&](const std::string& why) {
            return bytecode_error("exception table entry " + std::to_string(e.start) + " to " + std::to_string(e.end) +
                                      " -> " + std::to_string(e.target) + ": " + why, static_cast<long>(e.start));
        };
        if (e.start >= e.end) throw bad("empty or reversed range");
        if (static_cast<long>(e.end) > code_size) throw bad("range ends outside the code");
        if (!index_at.contains(e.start)) throw bad("range does not start at an instruction");
        if (static_cast<long>(e.end) != code_size && !index_at.contains(e.end)) throw bad("range does not end at an instruction");
        auto target = index_at.find(e.target);
        if (target == index_at.end()) throw bad("handler is not the start of an instruction");
        const std::size_t first = index_at.at(e.start);
        std::size_t last = first;
        while (last + 1 < out.size() && out[last + 1].offset < static_cast<long>(e.end)) ++last;
        const exception_link link{out[target->second].id, e.depth, e.lasti, out[first].id, out[last].id};
        const std::uint32_t length = e.end - e.start;
        for (std::size_t i = first; i <= last; ++i) {
            if (covered_length[i] == 0 || length < covered_length[i]) {
                out[i].exception = link;
                covered_length[i] = length;
            }
        }
    }
    return out;
}

/// Decodes an adapter code object.
template <CodeAdapter A> std::vector<instruction<A>> decode_code(const typename A::code& code) {
    return decode<A>(A::read_code(code));
}

} // namespace lasso::bytecode
