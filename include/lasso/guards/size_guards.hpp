// lasso/guards/size_guards.hpp
//
// The guard on symbolic sizes: one check, after every other check of a program, that
// reads each symbol from the dimension of the tensor it was made from (the tensor guards
// have checked dtype, rank and static sizes already, and skip symbolic ones), or from the
// int input it was made from (its type guard has checked it is an int), and holds when
//   * every symbol is at least 2 (sizes 0 and 1 were specialized when traced, so an
//     entry with a symbol never serves them),
//   * a symbol read from two dimensions (duck sizing) has one value, and
//   * every relation the trace recorded (`s0 > 3`, `s0 == s1*2`) holds.
// Reading a size is `A::tensor_size(value, dim)`, which allocates nothing; the values
// go into scratch space the check owns.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/fold.hpp>
#include <lasso/symbolic/shape_env.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace lasso {

/// Dimension `dim` of the tensor a guard program reads with accessor `accessor` is
/// symbol `symbol`; with `dim == symbolic::whole_value`, the int read there is.
struct size_binding {
    std::uint32_t accessor = 0, dim = 0, symbol = 0;
    std::string tensor; ///< the value's guard name, for messages

    /// `L['x'].shape[0]`, or `L['n']`.
    std::string where() const {
        return dim == symbolic::whole_value ? tensor : tensor + ".shape[" + std::to_string(dim) + "]";
    }
};

template <class A> class size_check {
public:
    using value = typename A::value;

    explicit size_check(std::shared_ptr<const symbolic::shape_env> env) : env_(std::move(env)) {}

    /// Adds a binding. Relations are chosen when the bindings are complete (`finish`).
    void bind(size_binding b) { bindings_.push_back(std::move(b)); }

    /// Ready to check once the bindings are complete.
    void finish() {
        values_.assign(env_->symbols().size(), 0);
        seen_.assign(env_->symbols().size(), 0);
        select_relations();
    }

    /// Whether the sizes of the values in `slots` (indexed by accessor) satisfy the
    /// entry's symbols and relations.
    bool holds(const value* const* slots) const { return first_failure(slots).what == failure::kind::none; }

    /// One line per binding, per symbol's lower bound and per relation.
    std::string describe() const {
        std::string out;
        std::vector<bool> said(env_->symbols().size(), false);
        for (const size_binding& b : bindings_) {
            const auto& s = env_->symbols()[b.symbol];
            if (!said[b.symbol]) out += s.name + " = " + b.where() + "\n";
            else out += b.where() + " == " + s.name + "\n";
            said[b.symbol] = true;
        }
        for (std::size_t i = 0; i < said.size(); ++i)
            if (said[i]) out += env_->symbols()[i].name + " >= 2\n";
        for (std::size_t r : relations_) out += env_->guards()[r].text + "\n";
        return out;
    }

    /// Why the check fails on `slots`.
    std::string explain(const value* const* slots) const {
        const failure f = first_failure(slots);
        auto values = [&] {
            std::string out;
            for (std::size_t i = 0; i < values_.size(); ++i)
                if (seen_[i])
                    out += (out.empty() ? "" : ", ") + env_->symbols()[i].name + " = " + std::to_string(values_[i]);
            return out;
        };
        switch (f.what) {
        case failure::kind::none: return "the sizes hold";
        case failure::kind::below_two: {
            const size_binding& b = bindings_[f.index];
            return b.where() + " is " + std::to_string(f.got) + ", but " + env_->symbols()[b.symbol].name + " >= 2 (" +
                   (b.dim == symbolic::whole_value ? "ints" : "sizes") + " 0 and 1 are specialized)";
        }
        case failure::kind::unequal: {
            const size_binding& b = bindings_[f.index];
            return b.where() + " == " + env_->symbols()[b.symbol].name + ", but " + std::to_string(f.got) +
                   " != " + std::to_string(values_[b.symbol]);
        }
        case failure::kind::relation: return env_->guards()[relations_[f.index]].text + ", but " + values();
        }
        return "the sizes fail";
    }

private:
    struct failure {
        enum class kind : std::uint8_t { none, below_two, unequal, relation } what = kind::none;
        std::size_t index = 0;
        std::int64_t got = 0;
    };

    /// Keeps the relations whose symbols are all bound: a symbol made by an evaluation
    /// the trace took back (a speculation rolled back) has no tensor guard, and the
    /// relations about it were about nothing the entry does. Relations recorded after the
    /// program was compiled (code generation may still ask) are picked up on the next check.
    void select_relations() const {
        std::vector<bool> bound(env_->symbols().size(), false);
        for (const size_binding& b : bindings_) bound[b.symbol] = true;
        relations_.clear();
        for (std::size_t i = 0; i < env_->guards().size(); ++i) {
            std::vector<std::uint32_t> used;
            env_->collect_symbols(env_->guards()[i].canonical.p, used);
            bool all = true;
            for (std::uint32_t s : used) all = all && s < bound.size() && bound[s];
            if (all) relations_.push_back(i);
        }
        relations_seen_ = env_->guards().size();
    }

    failure first_failure(const value* const* slots) const {
        if (env_->guards().size() != relations_seen_) [[unlikely]]
            select_relations();
        if constexpr (SymbolicShapesAdapter<A>) {
            std::fill(seen_.begin(), seen_.end(), 0);
            for (std::size_t i = 0; i < bindings_.size(); ++i) {
                const size_binding& b = bindings_[i];
                const std::int64_t got = b.dim == symbolic::whole_value ? *fold::as_int(A::constant_of(*slots[b.accessor]))
                                                                        : A::tensor_size(*slots[b.accessor], b.dim);
                if (!seen_[b.symbol]) {
                    if (got < 2) return {failure::kind::below_two, i, got};
                    values_[b.symbol] = got;
                    seen_[b.symbol] = 1;
                } else if (values_[b.symbol] != got) {
                    return {failure::kind::unequal, i, got};
                }
            }
            for (std::size_t i = 0; i < relations_.size(); ++i)
                if (!env_->guard_holds(relations_[i], values_)) return {failure::kind::relation, i, 0};
            return {};
        } else {
            (void)slots;
            return {};
        }
    }

    std::shared_ptr<const symbolic::shape_env> env_;
    std::vector<size_binding> bindings_;
    mutable std::vector<std::size_t> relations_;
    mutable std::size_t relations_seen_ = 0;
    mutable std::vector<std::int64_t> values_;
    mutable std::vector<char> seen_;
};

} // namespace lasso
