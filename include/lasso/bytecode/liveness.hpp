// lasso/bytecode/liveness.hpp
//
// Which fast locals are live at each instruction: those that some path from there may
// read before writing them. At a graph break this says which locals the rest of the
// frame needs, so that generated code restores only those and a resume function takes
// only those as arguments.
//
// It is a backward dataflow over the edges stack analysis follows (the next instruction
// unless the op never falls through, the jump target, and, for every instruction an
// exception table entry covers, the entry's handler), solved with a worklist:
//
//     before(i) = uses(i) | (after(i) - defs(i))      after(i) = union of before(successors)
//
// An instruction whose argument is a local (`arg_kind::local` in the opcode table) reads
// it, except `store_fast`, which writes it. `delete_fast` reads it: `del x` raises when
// x is unbound, so the binding it removes is observed (a graph break before a `del`
// must keep x). An adapter opcode of another op with a local argument counts as a read,
// the safe guess. A handler edge leaves after the instruction's own write: a store
// cannot raise. Only `varnames` are tracked: a cell or
// free variable lives in its cell object, which keeps it alive whatever the frame does.
// Unreachable instructions get what the equations give them; they never change the sets
// of reachable ones.
//
//     const liveness live = analyze_liveness(decode_indexed<A>(fields), fields);
//     live.live_locals_after(i);   // what a resume function starting after i takes
#pragma once

#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/indexed_instruction.hpp>
#include <lasso/bytecode/instruction.hpp>
#include <lasso/bytecode/stack_analysis.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace lasso::bytecode {

namespace detail {
/// One instruction as liveness sees it: where control goes next and the local it touches.
struct liveness_node {
    std::array<std::uint32_t, 3> next{no_index, no_index, no_index}; ///< successor positions
    std::uint32_t local = no_index;                                  ///< the local its argument names, if any
    bool defines = false;                                            ///< writes or kills `local` rather than reading it
};

/// The node of instruction `i` of `n`. The callbacks give the handler's and the jump
/// target's positions (`n` or more when broken), the local's index (throwing when it is
/// not one) and the error for a problem with this instruction.
template <class A, class Handler, class Jump, class Local, class Fail>
liveness_node liveness_node_of(std::uint16_t opcode, bool covered, std::size_t i, std::size_t n, Handler handler, Jump jump,
                               Local local, Fail fail) {
    using traits = opcode_traits<A>;
    if (!traits::is_valid(opcode)) throw fail("unknown opcode " + std::to_string(opcode));
    liveness_node node;
    std::size_t k = 0;
    auto add = [&](std::size_t to, const char* what) {
        if (to >= n) throw fail(std::string(what) + " is not in the instruction list");
        node.next[k++] = static_cast<std::uint32_t>(to);
    };
    const control_edges edges = edges_of<A>(opcode, covered);
    if (edges.handler) add(handler(), "the exception handler");
    if (edges.jump) add(jump(), "the jump target");
    if (edges.next) {
        if (i + 1 >= n) throw fail("control falls off the end of the code");
        add(i + 1, "the next instruction");
    }
    const opcode_info& info = traits::info(opcode);
    if (info.arg == arg_kind::local) {
        node.local = static_cast<std::uint32_t>(local());
        node.defines = facts_of(info.semantic).has(op_flags::stores_local);
    }
    return node;
}
} // namespace detail

/// The live locals before and after every instruction of one code, as bitsets of
/// `local_count()` bits (one row of 64-bit words per instruction). Locals are indexes
/// into `code_fields::varnames`; instructions are positions in the analysed list.
/// Built by `analyze_liveness`; queries out of range throw `std::out_of_range`.
class liveness {
public:
    liveness() = default;
    /// Solves the equations over `nodes` (which `analyze_liveness` builds).
    liveness(const std::vector<detail::liveness_node>& nodes, std::size_t locals);

    std::size_t instruction_count() const noexcept { return count_; }
    std::size_t local_count() const noexcept { return locals_; }

    /// Whether `local` may be read before written from instruction `i` on.
    bool live_before(std::size_t i, std::size_t local) const { return test(before_, i, local); }
    /// Whether `local` may be read before written once instruction `i` is done, along
    /// any of its edges. For an instruction outside protected ranges that falls through
    /// this is `live_before(i + 1, local)`: what a resume function starting there needs.
    bool live_after(std::size_t i, std::size_t local) const { return test(after_, i, local); }
    /// The live locals before (after) instruction `i`, in increasing order.
    std::vector<std::size_t> live_locals_before(std::size_t i) const { return list(before_, i); }
    std::vector<std::size_t> live_locals_after(std::size_t i) const { return list(after_, i); }

private:
    const std::uint64_t* row(const std::vector<std::uint64_t>& sets, std::size_t i) const {
        if (i >= count_)
            throw std::out_of_range("liveness: instruction " + std::to_string(i) + " out of range (" +
                                    std::to_string(count_) + " instructions)");
        return sets.data() + i * words_;
    }
    bool test(const std::vector<std::uint64_t>& sets, std::size_t i, std::size_t local) const {
        const std::uint64_t* r = row(sets, i);
        if (local >= locals_)
            throw std::out_of_range("liveness: local " + std::to_string(local) + " out of range (" +
                                    std::to_string(locals_) + " locals)");
        return ((r[local / 64] >> (local % 64)) & 1u) != 0;
    }
    std::vector<std::size_t> list(const std::vector<std::uint64_t>& sets, std::size_t i) const {
        const std::uint64_t* r = row(sets, i);
        std::vector<std::size_t> out;
        for (std::size_t local = 0; local < locals_; ++local)
            if ((r[local / 64] >> (local % 64)) & 1u) out.push_back(local);
        return out;
    }

    std::size_t count_ = 0;
    std::size_t locals_ = 0;
    std::size_t words_ = 0;
    std::vector<std::uint64_t> before_; ///< count_ rows of words_ words
    std::vector<std::uint64_t> after_;
};

inline liveness::liveness(const std::vector<detail::liveness_node>& nodes, std::size_t locals)
    : count_(nodes.size()), locals_(locals), words_((locals + 63) / 64), before_(count_ * words_), after_(count_ * words_) {
    const std::size_t n = count_;
    // Predecessors, grouped by instruction: those of `i` are preds[first[i] .. first[i + 1]).
    std::vector<std::uint32_t> first(n + 1, 0);
    for (const auto& node : nodes)
        for (std::uint32_t s : node.next)
            if (s != no_index) ++first[s + 1];
    for (std::size_t i = 0; i < n; ++i) first[i + 1] += first[i];
    std::vector<std::uint32_t> preds(first[n]);
    std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
    for (std::size_t i = 0; i < n; ++i)
        for (std::uint32_t s : nodes[i].next)
            if (s != no_index) preds[fill[s]++] = static_cast<std::uint32_t>(i);

    // Every instruction once, last first (backward flow converges faster), then those
    // whose successors changed. Sets only grow, so this terminates.
    std::vector<std::uint32_t> work(n);
    for (std::size_t i = 0; i < n; ++i) work[i] = static_cast<std::uint32_t>(i);
    std::vector<char> queued(n, 1);
    while (!work.empty()) {
        const std::size_t i = work.back();
        work.pop_back();
        queued[i] = 0;
        const detail::liveness_node& node = nodes[i];
        std::uint64_t* out = after_.data() + i * words_;
        std::uint64_t* in = before_.data() + i * words_;
        std::fill(out, out + words_, std::uint64_t{0});
        for (std::uint32_t s : node.next)
            if (s != no_index)
                for (std::size_t w = 0; w < words_; ++w) out[w] |= before_[s * words_ + w];
        bool changed = false;
        for (std::size_t w = 0; w < words_; ++w) {
            std::uint64_t word = out[w];
            if (node.local != no_index && node.local / 64 == w) {
                const std::uint64_t bit = std::uint64_t{1} << (node.local % 64);
                word = node.defines ? word & ~bit : word | bit;
            }
            if (word != in[w]) {
                in[w] = word;
                changed = true;
            }
        }
        if (changed)
            for (std::uint32_t k = first[i]; k < first[i + 1]; ++k)
                if (!queued[preds[k]]) {
                    queued[preds[k]] = 1;
                    work.push_back(preds[k]);
                }
    }
}

/// Live locals of the indexed form (`decode_indexed`), decoded with `fields`.
template <class A, class Allocator, class Value>
liveness analyze_liveness(const std::vector<indexed_instruction<A>, Allocator>& code, const code_fields<Value>& fields) {
    const std::size_t n = code.size();
    const std::size_t locals = fields.varnames.size();
    std::vector<detail::liveness_node> nodes(n);
    for (std::size_t i = 0; i < n; ++i) {
        const indexed_instruction<A>& inst = code[i];
        auto fail = [&](const std::string& why) {
            return bytecode_error(std::string(inst.name()) + ": " + why, inst.offset, inst.line);
        };
        auto handler = [&]() -> std::size_t {
            if (inst.handler >= fields.exception_table.size())
                throw fail("exception table entry " + std::to_string(inst.handler) + " does not exist");
            return detail::instruction_at(code, fields.exception_table[inst.handler].target);
        };
        auto jump = [&]() -> std::size_t { return inst.target; };
        auto local = [&]() -> std::size_t {
            if (inst.arg < 0 || static_cast<std::uint64_t>(inst.arg) >= locals)
                throw fail("local variable index " + std::to_string(inst.arg) + " out of range (" + std::to_string(locals) +
                           " entries)");
            return static_cast<std::size_t>(inst.arg);
        };
        nodes[i] = detail::liveness_node_of<A>(inst.opcode, inst.in_handler_range(), i, n, handler, jump, local, fail);
    }
    return liveness(nodes, locals);
}

/// Live locals of the editable form (`decode`); its local names are looked up in
/// `fields.varnames`.
template <class A, class Value>
liveness analyze_liveness(const std::vector<instruction<A>>& code, const code_fields<Value>& fields) {
    const std::size_t n = code.size();
    // A freshly decoded code has consecutive ids: positions are then differences, and
    // only edited codes need the map.
    bool consecutive = true;
    for (std::size_t i = 1; i < n && consecutive; ++i) consecutive = code[i].id == code[0].id + i;
    std::unordered_map<instruction_id, std::size_t> index_of;
    if (!consecutive) {
        index_of.reserve(n * 2);
        for (std::size_t i = 0; i < n; ++i) index_of.emplace(code[i].id, i);
    }
    std::unordered_map<std::string, std::size_t> local_of;
    for (std::size_t k = 0; k < fields.varnames.size(); ++k) local_of.emplace(fields.varnames[k], k);
    auto position = [&](instruction_id id) -> std::size_t {
        if (consecutive) return id >= code[0].id && id - code[0].id < n ? static_cast<std::size_t>(id - code[0].id) : n;
        auto it = index_of.find(id);
        return it == index_of.end() ? n : it->second;
    };

    std::vector<detail::liveness_node> nodes(n);
    for (std::size_t i = 0; i < n; ++i) {
        const instruction<A>& inst = code[i];
        auto fail = [&](const std::string& why) {
            return bytecode_error(detail::where(inst, i) + ": " + why, inst.offset, inst.pos.line);
        };
        auto handler = [&] { return position(inst.exception->target); };
        auto jump = [&] { return inst.target() ? position(inst.target()->id) : n; };
        auto local = [&]() -> std::size_t {
            const std::string* name = inst.name_arg();
            auto it = name ? local_of.find(*name) : local_of.end();
            if (it == local_of.end())
                throw fail(name ? "'" + *name + "' is not a local variable of the code" : "no local variable name");
            return it->second;
        };
        nodes[i] = detail::liveness_node_of<A>(inst.opcode, inst.exception.has_value(), i, n, handler, jump, local, fail);
    }
    return liveness(nodes, fields.varnames.size());
}

} // namespace lasso::bytecode
