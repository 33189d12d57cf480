// lasso/bytecode/assemble.hpp
//
// Instructions -> bytes and tables. Arguments are re-derived from their meaning (names
// and constants are looked up, or appended to the code's tables; a cell gets the number
// the encoding gives it) and joined with their flag bits, relative jumps get the opcode
// of the right direction, and offsets are recomputed until every jump argument fits its
// extended-arg prefixes (sizes only grow, so this terminates). Every instruction is followed by the inline cache units its
// opcode declares, whoever made it. The exception table and the line table are rebuilt
// from the instructions.
#pragma once

#include <lasso/bytecode/cells.hpp>
#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/encoding.hpp>
#include <lasso/bytecode/instruction.hpp>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lasso::bytecode {

namespace detail {
inline std::size_t find_or_append(std::vector<std::string>& table, const std::string& name) {
    auto it = std::find(table.begin(), table.end(), name);
    if (it != table.end()) return static_cast<std::size_t>(it - table.begin());
    table.push_back(name);
    return table.size() - 1;
}

template <class A> std::string describe(const instruction<A>& inst, std::size_t index) {
    return std::string(inst.name()) + " (instruction #" + std::to_string(index) + ")";
}

/// Finds constants in a code's constant table, appending the missing ones. A small table
/// is searched with `A::same_constant`; a large one (generated code that rebuilds a list
/// of a thousand numbers, say) through an index by `A::constant_repr`, so that
/// assembling stays linear: constants that are the same have the same repr, and a repr
/// match is confirmed with `same_constant`.
template <class A> class constant_index {
public:
    using value = typename A::value;
    std::size_t index_of(std::vector<value>& pool, const value& v) {
        if (pool.size() < indexed_from) {
            for (std::size_t i = 0; i < pool.size(); ++i)
                if (A::same_constant(pool[i], v)) return i;
            pool.push_back(v);
            return pool.size() - 1;
        }
        while (indexed_ < pool.size()) {
            by_repr_.emplace(A::constant_repr(pool[indexed_]), indexed_);
            ++indexed_;
        }
        std::string repr = A::constant_repr(v);
        for (auto [at, end] = by_repr_.equal_range(repr); at != end; ++at)
            if (A::same_constant(pool[at->second], v)) return at->second;
        pool.push_back(v);
        by_repr_.emplace(std::move(repr), indexed_++);
        return pool.size() - 1;
    }

private:
    static constexpr std::size_t indexed_from = 64;
    std::unordered_multimap<std::string, std::size_t> by_repr_;
    std::size_t indexed_ = 0;
};
} // namespace detail

/// Assembles `instrs` into `fields` (bytecode, exception table, line table, and any
/// names or constants the instructions need). Updates each instruction's `offset` and
/// `arg`, and may switch a relative jump to its sibling opcode of the other direction.
/// An instruction's `flags` are kept; one its opcode does not have is an error.
template <class A> void assemble(std::vector<instruction<A>>& instrs, code_fields<typename A::value>& fields) {
    using traits = opcode_traits<A>;
    const std::size_t n = instrs.size();

    std::unordered_map<instruction_id, std::size_t> index_of;
    index_of.reserve(n * 2);
    for (std::size_t i = 0; i < n; ++i)
        if (!index_of.emplace(instrs[i].id, i).second)
            throw bytecode_error("instruction id " + std::to_string(instrs[i].id) + " appears twice (" +
                                 detail::describe(instrs[i], i) + ")");

    auto index_of_id = [&](instruction_id id, std::size_t user, const char* what) {
        auto it = index_of.find(id);
        if (it == index_of.end())
            throw bytecode_error(std::string(what) + " of " + detail::describe(instrs[user], user) +
                                 " is not in the instruction list");
        return it->second;
    };

    // 1. Non-jump arguments from their meaning; jump directions from list order.
    detail::constant_index<A> constant_pool;
    std::vector<std::size_t> jump_to(n, 0);
    std::vector<std::size_t> cell_args; ///< instructions whose argument is a cell index yet
    for (std::size_t i = 0; i < n; ++i) {
        auto& inst = instrs[i];
        if (!traits::is_valid(inst.opcode))
            throw bytecode_error("opcode number " + std::to_string(inst.opcode) +
                                 " is not in the adapter's table (instruction #" + std::to_string(i) + ")");
        const opcode_info& info = traits::info(inst.opcode);
        inst.semantic = info.semantic;
        if ((inst.flags & ~info.flags.mask()) != 0)
            throw bytecode_error(detail::describe(inst, i) + " has flag bits " + std::to_string(inst.flags) +
                                 " its opcode does not have");
        auto need_name = [&]() -> const std::string& {
            auto* s = inst.name_arg();
            if (!s) throw bytecode_error(detail::describe(inst, i) + " needs a name argument");
            return *s;
        };
        switch (info.arg) {
        case arg_kind::none: inst.arg = 0; break;
        case arg_kind::immediate: {
            auto* v = inst.int_arg();
            if (!v) throw bytecode_error(detail::describe(inst, i) + " needs an integer argument");
            inst.arg = *v;
            break;
        }
        case arg_kind::local:
            inst.arg = static_cast<std::int64_t>(detail::find_or_append(fields.varnames, need_name()));
            break;
        case arg_kind::name: inst.arg = static_cast<std::int64_t>(detail::find_or_append(fields.names, need_name())); break;
        case arg_kind::cell: {
            // Numbered after the loop: in the localsplus numbering a cell's number moves
            // with every local the instructions add.
            const std::string& s = need_name();
            const auto index = cell_index_named(fields, s);
            if (!index)
                throw bytecode_error(detail::describe(inst, i) + ": '" + s + "' is neither a cell nor a free variable");
            inst.arg = static_cast<std::int64_t>(*index);
            cell_args.push_back(i);
            break;
        }
        case arg_kind::constant: {
            auto* v = inst.constant();
            if (!v) throw bytecode_error(detail::describe(inst, i) + " needs a constant argument");
            inst.arg = static_cast<std::int64_t>(constant_pool.index_of(fields.constants, *v));
            break;
        }
        case arg_kind::jump: {
            auto* t = inst.target();
            if (!t) throw bytecode_error(detail::describe(inst, i) + " needs a jump target");
            const std::size_t target = index_of_id(t->id, i, "the jump target");
            jump_to[i] = target;
            // The next instruction is reachable both ways (a backward jump of distance 0),
            // so a backward jump to it keeps its opcode.
            const bool reaches = info.jump == jump_kind::relative_backward ? target <= i + 1 : target > i;
            const jump_kind want = target <= i ? jump_kind::relative_backward : jump_kind::relative_forward;
            if (info.jump != jump_kind::absolute && !reaches) {
                auto sibling = traits::find(info.semantic, want);
                if (!sibling)
                    throw bytecode_error(detail::describe(inst, i) + " jumps " +
                                         (want == jump_kind::relative_backward ? "backward" : "forward") +
                                         " but the adapter has no such variant of '" + std::string(name_of(info.semantic)) +
                                         "'");
                inst.opcode = *sibling;
            }
            break;
        }
        }
    }

    if constexpr (traits::enc.cells == cell_numbering::localsplus) fields.localsplus_kinds = localsplus_kinds_of(fields);
    if (!cell_args.empty()) {
        const cell_layout cells = cell_layout_of<A>(fields);
        for (std::size_t i : cell_args)
            instrs[i].arg = static_cast<std::int64_t>(cells.number_of(static_cast<std::size_t>(instrs[i].arg)));
    }

    // 2. Sizes and offsets to a fixed point.
    std::vector<int> size(n, 0);
    std::vector<long> offset(n + 1, 0);
    auto raw_arg = [&](std::size_t i, std::int64_t arg) {
        return traits::join_argument(instrs[i].opcode, arg, instrs[i].flags);
    };
    for (std::size_t i = 0; i < n; ++i)
        size[i] = encoded_size<A>(instrs[i].opcode, raw_arg(i, traits::is_jump(instrs[i].opcode) ? 0 : instrs[i].arg));
    auto jump_arg = [&](std::size_t i) -> std::int64_t {
        const long unit = traits::enc.jump_unit;
        const long next = offset[i + 1];
        const long target = offset[jump_to[i]];
        long distance = 0;
        switch (traits::info(instrs[i].opcode).jump) {
        case jump_kind::relative_forward: distance = target - next; break;
        case jump_kind::relative_backward: distance = next - target; break;
        case jump_kind::absolute: distance = target; break;
        case jump_kind::none: break;
        }
        if (distance < 0 || distance % unit != 0)
            throw bytecode_error(detail::describe(instrs[i], i) + ": jump distance " + std::to_string(distance) +
                                 " is not a non-negative multiple of the jump unit " + std::to_string(unit));
        return distance / unit;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < n; ++i) offset[i + 1] = offset[i] + size[i];
        for (std::size_t i = 0; i < n; ++i) {
            if (!traits::is_jump(instrs[i].opcode)) continue;
            const int need = encoded_size<A>(instrs[i].opcode, raw_arg(i, jump_arg(i)));
            if (need > size[i]) {
                size[i] = need;
                changed = true;
            }
        }
    }
    for (std::size_t i = 0; i < n; ++i)
        if (traits::is_jump(instrs[i].opcode)) instrs[i].arg = jump_arg(i);

    // 3. Bytes.
    fields.bytecode.clear();
    fields.bytecode.reserve(static_cast<std::size_t>(offset[n]));
    for (std::size_t i = 0; i < n; ++i) {
        instrs[i].offset = offset[i];
        encode<A>(fields.bytecode, instrs[i].opcode, raw_arg(i, instrs[i].arg), size[i]);
    }

    // 4. Exception table: maximal runs of instructions sharing one handler; each
    // instruction's link learns the bounds of its run.
    fields.exception_table.clear();
    for (const auto& [first, last] : detail::handler_runs(instrs)) {
        const exception_link link = *instrs[first].exception;
        const std::size_t target = index_of_id(link.target, first, "the exception handler");
        fields.exception_table.push_back({static_cast<std::uint32_t>(offset[first]),
                                          static_cast<std::uint32_t>(offset[last]),
                                          static_cast<std::uint32_t>(offset[target]), link.depth, link.lasti});
        for (std::size_t i = first; i < last; ++i) {
            instrs[i].exception->start = instrs[first].id;
            instrs[i].exception->end = instrs[last - 1].id;
        }
    }

    // 5. Line table: a row wherever the position changes.
    fields.line_table.clear();
    for (std::size_t i = 0; i < n; ++i)
        if (i == 0 || instrs[i].pos != instrs[i - 1].pos)
            fields.line_table.push_back({static_cast<std::uint32_t>(offset[i]), instrs[i].pos});
}

/// Inserts `inserted` before position `at`. When the instructions on both sides of the
/// insertion point are covered by the same handler, the new instructions are covered
/// too (they land inside the protected range); new instructions without a position
/// take the position of the instruction they precede.
template <class A>
void insert_instructions(std::vector<instruction<A>>& instrs, std::size_t at, std::vector<instruction<A>> inserted) {
    if (at > instrs.size()) throw bytecode_error("insertion point " + std::to_string(at) + " is past the end");
    std::optional<exception_link> shared;
    if (at > 0 && at < instrs.size() && instrs[at].exception && same_handler(instrs[at - 1].exception, instrs[at].exception))
        shared = instrs[at].exception;
    for (auto& inst : inserted) {
        if (!inst.exception) inst.exception = shared;
        if (inst.pos.line < 0 && at < instrs.size()) inst.pos = instrs[at].pos;
    }
    instrs.insert(instrs.begin() + static_cast<std::ptrdiff_t>(at), std::make_move_iterator(inserted.begin()),
                  std::make_move_iterator(inserted.end()));
}

} // namespace lasso::bytecode
