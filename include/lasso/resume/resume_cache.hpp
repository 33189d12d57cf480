// lasso/resume/resume_cache.hpp
//
// The resume codes a runtime has made, and what it knows about the codes they come
// from. An original code is analysed once, at its first graph break (decoded, stack
// depths, liveness); each resume code is made once per key (original, resume point,
// stack layout, live locals, nested call) and reused, so n breaks in sequence make n
// codes and a frame that breaks at the same place on every call makes its resume code
// once. Every resume code remembers its origin: the analysis of its original, how many
// prologue instructions come before the original's, where its prologue calls an inner
// resume function (a nested break), and its number of each of the original's locals.
// That is how a break inside a resume function, or inside a resume function inlined
// into another, finds its place and its live locals in the original.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/liveness.hpp>
#include <lasso/resume/resume_code.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <tuple>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lasso::resume {

template <class A> class resume_cache {
public:
    using code = typename A::code;
    using value = typename A::value;

    /// An original code that breaks, analysed once for all its breaks and resume codes.
    struct original_analysis {
        code original; ///< kept alive: its identity is the key of its resume codes
        resume_source<A> source;
        bytecode::liveness live;
    };
    /// Where a resume code comes from.
    struct origin {
        std::shared_ptr<const original_analysis> analysis;
        /// Instructions of the prologue, before the original's first.
        std::size_t prologue = 0;
        /// The resume code's number of each of the original's locals.
        std::vector<std::size_t> frame_local;
        /// For a nested resume code: the prologue's call of the inner resume function
        /// (an index in the resume code), which stands for the original's call
        /// instruction `resumed_call` (an index in the original).
        std::optional<std::size_t> nested_call;
        std::size_t resumed_call = 0;
    };

    /// The analysis of `original` (whose fields are `fields`), made on its first break.
    std::shared_ptr<const original_analysis> analysis_of(const code& original, const bytecode::code_fields<value>& fields) {
        auto& slot = tables().analyses[A::code_identity(original)];
        if (!slot) {
            resume_source<A> source(fields);
            bytecode::liveness live = bytecode::analyze_liveness<A>(source.decoded, source.fields);
            slot =
                std::make_shared<const original_analysis>(original_analysis{original, std::move(source), std::move(live)});
        }
        return slot;
    }
    /// The analysis of `original`, reading its fields only when it has none yet.
    std::shared_ptr<const original_analysis> analysis_of(const code& original) {
        if (auto found = tables().analyses.find(A::code_identity(original));
            found != tables().analyses.end() && found->second)
            return found->second;
        return analysis_of(original, A::read_code(original));
    }

    /// The origin of `c` when it is a resume code this cache made, else nullptr.
    const origin* origin_of(const code& c) const {
        if (!tables_) return nullptr;
        auto found = tables_->origins.find(A::code_identity(c));
        return found == tables_->origins.end() ? nullptr : &found->second;
    }

    /// The resume code of `analysis`'s original at instruction `index` with this stack,
    /// these live locals and, for a nested break, a call of an inner resume function
    /// (of code `inner_code`) as `nested` says; `made` is set when it is new.
    code get(const std::shared_ptr<const original_analysis>& analysis, std::size_t index,
             const std::vector<stack_slot>& stack, const std::vector<std::string>& live, const nested_call* nested,
             std::uintptr_t inner_code, bool& made) {
        resume_key key{A::code_identity(analysis->original),
                       analysis->source.decoded.at(index).offset,
                       stack,
                       live,
                       nested ? std::optional<std::size_t>(nested->arguments) : std::nullopt,
                       nested ? inner_code : 0};
        made = false;
        auto& codes = tables().codes;
        if (auto found = codes.find(key); found != codes.end()) return found->second;
        // Two resume codes of one function at one line (one resumes at the instruction,
        // the other after it) get distinct names, so reports tell them apart.
        const std::size_t ordinal =
            ++tables().names_made[{key.code, resume_line(analysis->source, index), nested ? nested->via : std::string()}];
        auto result = make_resume_code<A>(
            analysis->source, index, stack, live, [](std::uint32_t flags) { return A::positional_flags(flags); }, false,
            nested, ordinal);
        made = true;
        codes.emplace(std::move(key), result.code);
        tables().origins.emplace(A::code_identity(result.code),
                                 origin{analysis, result.prologue, std::move(result.local_of_original), result.nested_call,
                                        index == 0 ? 0 : index - 1});
        return result.code;
    }

    /// The resume function of an inlined frame at a nested break, for resume code `c`
    /// and the inlined `function`: made by `make` once and kept (with `function`, so
    /// that neither identity is reused), since the frame's resume function guards the
    /// identity of the one it receives and a new object each time would recompile it.
    template <class Make> value inner_function(const code& c, const value& function, Make&& make) {
        auto& functions = tables().inner_functions;
        const std::pair<std::uintptr_t, std::uintptr_t> key{A::code_identity(c), A::identity(function)};
        if (auto found = functions.find(key); found != functions.end()) return found->second.first;
        return functions.emplace(key, std::pair<value, value>{make(), function}).first->second.first;
    }

    /// The host function that generated code of a frame with cells calls as
    /// `binder(resume_function, cells)` to get the resume function with the frame's cells
    /// (`ClosureResumeAdapter::with_closure`); nothing when the adapter cannot do that.
    std::optional<value> closure_binder() {
        if constexpr (ClosureResumeAdapter<A>) {
            auto& binder = tables().closure_binder;
            if (!binder)
                binder = A::make_host_function("lasso_with_closure", [](std::span<const value> args) -> value {
                    if (args.size() != 2) throw std::logic_error("lasso_with_closure takes a function and a tuple of cells");
                    return A::with_closure(args[0], args[1]);
                });
            return binder;
        } else {
            return std::nullopt;
        }
    }

    /// Resume codes made so far.
    std::size_t size() const noexcept { return tables_ ? tables_->codes.size() : 0; }

private:
    struct table_set {
        std::map<resume_key, code> codes; ///< made once per key
        /// How many resume codes were made per original, line and nested function.
        std::map<std::tuple<std::uintptr_t, int, std::string>, std::size_t> names_made;
        std::unordered_map<std::uintptr_t, origin> origins;
        std::unordered_map<std::uintptr_t, std::shared_ptr<const original_analysis>> analyses;
        std::map<std::pair<std::uintptr_t, std::uintptr_t>, std::pair<value, value>> inner_functions;
        std::optional<value> closure_binder;
    };
    /// Made at the first graph break: a runtime whose frames never break keeps none.
    table_set& tables() {
        if (!tables_) tables_ = std::make_unique<table_set>();
        return *tables_;
    }
    std::unique_ptr<table_set> tables_;
};

} // namespace lasso::resume
