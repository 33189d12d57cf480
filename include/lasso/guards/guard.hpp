// lasso/guards/guard.hpp
//
// Guards: the conditions under which a captured translation of a frame may be reused.
// Building a tracker from a frame value records guards on the value's source (its type,
// identity, constant value, tensor metadata, length), plus guards on global state such
// as grad mode. `compile_guards` (guards/compile_guards.hpp) turns the list into a
// `guard_program`: a flat array of checks whose operands are reached through
// pre-resolved accessors (a local index, a cell index or a global name, then
// attribute/item steps), evaluated in order with an early exit. Checking allocates nothing; only a failure builds a message, naming the
// guard by its source (`L['x']`, `G['model'].weight[0]`). A check reads locals, cells
// and globals where they live, without copying them (so without touching a reference
// count), and the values it read are there for the compiled graph (`value_at`).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/constant.hpp>
#include <lasso/global_state.hpp>
#include <lasso/guards/accessors.hpp>
#include <lasso/guards/guard_list.hpp>
#include <lasso/guards/size_guards.hpp>
#include <lasso/sources.hpp>
#include <lasso/detail/attributes.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lasso {

/// What a caller knows of a value it passes to a call: what its own passing checks
/// said of that very object, or what it knows of a value it made (a tensor's meta).
/// `guard_program::checks_left_on_arguments` drops the callee's checks this implies.
template <class Meta> struct known_argument {
    std::optional<Meta> tensor;             ///< a tensor of this meta
    std::optional<std::uintptr_t> type;     ///< of the type of this identity
    std::optional<std::uintptr_t> identity; ///< this object
};

/// A compiled guard list for adapter `A`.
template <class A>
    requires GuardAdapter<A>
class guard_program {
public:
    using value = typename A::value;
    using meta = typename A::tensor_meta;

    /// Checks the guards against `frame`; returns the index of the first failing check,
    /// or -1 when all pass. Allocates nothing. Kept a function of its own: inlined into
    /// a caller's frame hook, the loop measured a good deal slower.
    LASSO_OUT_OF_LINE long first_failure(const typename A::frame& frame) const {
        return first_failure_reading(frame, [&frame](std::size_t i) { return A::frame_local(frame, i); });
    }

    /// `first_failure` for a call about to be made: of a function whose positional
    /// arguments (`args`, each where it lies) are its first locals (the rest unbound) and
    /// whose globals are frame `base`'s. Only for a program that reads no cell
    /// (`reads_cells`).
    LASSO_OUT_OF_LINE long first_failure_on_arguments(const typename A::frame& base,
                                                      std::span<const value* const> args) const {
        return first_failure_reading(base, [args](std::size_t i) { return i < args.size() ? args[i] : nullptr; });
    }

    /// Whether a guard reads one of the frame's cells (its contents or the cell itself).
    bool reads_cells() const noexcept { return reads_cells_; }

    /// What this program's checks, once passed, say of the value of fast local `i` (read
    /// directly, not through an attribute or item): its tensor meta, type or identity.
    known_argument<meta> known_of_local(std::size_t i) const {
        known_argument<meta> k;
        for (const check_record& c : checks_) {
            if (c.accessor == no_accessor || local_index(c.accessor) != i) continue;
            if (c.kind == guard_kind::tensor_match) k.tensor = metas_[c.operand];
            else if (c.kind == guard_kind::type_match) k.type = c.expected;
            else if (c.kind == guard_kind::id_match) k.identity = c.expected;
        }
        return k;
    }

    /// For a call whose positional arguments are this program's first locals, made by a
    /// caller that knows `known` of them: the checks (indices) still to make, for
    /// `first_failure_of_checks`. Nothing when some accessor reads more than an argument
    /// (an unbound local, a cell, a global, an attribute or item): then the whole
    /// program runs. A type or tensor check is implied by the same check the caller
    /// passed only when types and tensor metadata never change in place
    /// (feature::fixed_types_and_shapes); an identity check always is.
    std::optional<std::vector<std::uint32_t>> checks_left_on_arguments(std::span<const known_argument<meta>> known) const {
        if (reads_cells_ || reads_versioned_) return std::nullopt;
        for (const auto& acc : accessors_)
            if (acc.step != detail::access_step::local || acc.index >= known.size()) return std::nullopt;
        std::vector<std::uint32_t> left;
        for (std::uint32_t c = 0; c < checks_.size(); ++c) {
            const check_record& r = checks_[c];
            if (r.accessor == no_accessor || !implied(r, known[accessors_[r.accessor].index])) left.push_back(c);
        }
        return left;
    }

    /// The first of `checks` (from `checks_left_on_arguments`) failing on positional
    /// arguments `args` (each where it lies), or -1. The values read are there for
    /// `value_at` afterwards, at the addresses given.
    long first_failure_of_checks(std::span<const std::uint32_t> checks, std::span<const value* const> args) const {
        const value** slots = slots_.data();
        for (std::size_t a = 0, n = accessors_.size(); a < n; ++a) slots[a] = args[accessors_[a].index];
        for (std::uint32_t c : checks)
            if (!passes(checks_[c], slots)) return static_cast<long>(c);
        return -1;
    }

    bool check(const typename A::frame& frame) const { return first_failure(frame) < 0; }

    /// Like `check`, but explains a failure (this part allocates).
    std::optional<guard_failure> explain(const typename A::frame& frame) const {
        const long failed = first_failure(frame);
        if (failed < 0) return std::nullopt;
        const auto& c = checks_[static_cast<std::size_t>(failed)];
        guard_failure out;
        out.index = c.spec;
        const std::string& who = subject_of(c);
        const value* v = c.accessor != no_accessor ? slots_[c.accessor] : nullptr;
        const std::string got = v ? A::describe_value(*v) : std::string("<missing>");
        const guard<meta>& g = specs_[c.spec];
        switch (g.kind) {
        case guard_kind::type_match: out.reason = "type(" + who + ") is " + g.type_name + ", but got " + got; break;
        case guard_kind::id_match: out.reason = who + " is the same object as when captured, but got " + got; break;
        case guard_kind::code_match:
            out.reason = who + " is a function of the code it had when captured, but got " + got;
            break;
        case guard_kind::constant_match:
            out.reason = who + " == " + brief_repr(g.expected_constant) + ", but got " + got;
            break;
        case guard_kind::tensor_match:
            out.reason = who + " is a tensor " + A::describe_meta(*g.expected_meta) + ", but got " + got;
            break;
        case guard_kind::length_match:
            out.reason = "len(" + who + ") == " + std::to_string(g.expected_length) + ", but got " + got;
            break;
        case guard_kind::global_state:
            out.reason = std::string(global_state_label(g.expected_length)) + " is " +
                         (g.expected_flag ? "enabled" : "disabled") + ", but it is " +
                         (g.expected_flag ? "disabled" : "enabled");
            break;
        case guard_kind::absent: out.reason = who + " is absent, but got " + got; break;
        case guard_kind::present: out.reason = who + " is present, but it is absent"; break;
        case guard_kind::same_object:
            out.reason = who + (g.expected_flag ? " is " : " is not ") + names_[c.operand].guard_name + ", but it " +
                         (g.expected_flag ? "is not" : "is");
            break;
        case guard_kind::sizes: out.reason = size_checks_[c.operand].explain(slots_.data()); break;
        case guard_kind::disjoint_memory:
            out.reason = who + " shares no memory with " + names_[c.operand].guard_name + ", but it does";
            break;
        }
        return out;
    }

    /// One line per guard, in the order they are checked.
    std::string describe() const {
        std::string out;
        for (const auto& c : checks_) {
            const std::string& who = subject_of(c);
            const guard<meta>& g = specs_[c.spec];
            switch (g.kind) {
            case guard_kind::type_match: out += "type(" + who + ") is " + g.type_name; break;
            case guard_kind::id_match: out += "id(" + who + ") == " + std::to_string(g.expected_id); break;
            case guard_kind::code_match: out += "id(" + who + ".__code__) == " + std::to_string(g.expected_id); break;
            case guard_kind::constant_match: out += who + " == " + brief_repr(g.expected_constant); break;
            case guard_kind::tensor_match: out += "tensor " + who + ": " + A::describe_meta(*g.expected_meta); break;
            case guard_kind::length_match: out += "len(" + who + ") == " + std::to_string(g.expected_length); break;
            case guard_kind::global_state:
                out += std::string(global_state_name(g.expected_length)) + (g.expected_flag ? " == True" : " == False");
                break;
            case guard_kind::absent: out += who + " is absent"; break;
            case guard_kind::present: out += who + " is present"; break;
            case guard_kind::same_object:
                out += who + (g.expected_flag ? " is " : " is not ") + names_[c.operand].guard_name;
                break;
            case guard_kind::sizes: out += size_checks_[c.operand].describe(); continue; // its own lines
            case guard_kind::disjoint_memory: out += who + " shares no memory with " + names_[c.operand].guard_name; break;
            }
            out += '\n';
        }
        return out;
    }

    std::size_t size() const noexcept { return checks_.size(); }

    /// The accessor that reads the value named `guard_name` (`L['x']`), if a guard
    /// reads it. After a passing `check`, `value_at` gives that value without reading
    /// the frame again: the cache-hit path hands it straight to the compiled graph.
    std::optional<std::uint32_t> accessor_named(std::string_view guard_name) const {
        for (std::size_t a = 0; a < accessors_.size(); ++a)
            if (names_[a].guard_name == guard_name) return static_cast<std::uint32_t>(a);
        return std::nullopt;
    }
    /// The value accessor `a` resolved to in the last check. A local, cell or global is
    /// read where it lives (no copy, no reference count touched; a global of an adapter
    /// with `globals_by_value` is held like an attribute), so the reference is
    /// good while that place keeps its value; an attribute or item value is held by the
    /// program until the next check.
    const value& value_at(std::uint32_t a) const { return *slots_[a]; }
    /// Lets go of the values the last check holds (attribute, item and closure-cell
    /// reads, globals read by value), so that a check keeps nothing alive: an object the
    /// program drops between calls dies when it drops it, as it would without capture
    /// (CPython: a weakref callback, a `__del__`, the frames of an exception's traceback).
    /// `value_at` is not called after it, before the next check. With object_versions
    /// the program keeps what its next check may reuse: a read from a base whose version
    /// it recorded. That value is also held by the base while the base is unchanged; once
    /// the base changes, the program holds the old value until its next check. An
    /// adapter with object_versions whose encoding does not ask for values to be let go
    /// of early (`clear_passed_values`, where lifetimes are observable) keeps them all:
    /// the walk would cost a cache hit instructions for nothing it can observe.
    void release_reads() const noexcept {
        if constexpr (VersionedObjectsAdapter<A>) {
            if constexpr (!releases_early) return;
            for (std::size_t a = 0, n = derived_.size(); a < n; ++a)
                if (derived_[a] && !(derived_step(accessors_[a].step) && seen_[accessors_[a].base].version != 0))
                    derived_[a].reset();
        } else {
            for (auto& held : derived_) held.reset();
        }
    }
    /// The fast-local index accessor `a` reads, if it reads one: a place that only the
    /// frame's own code writes, so its value stays put while the frame is suspended.
    std::optional<std::size_t> local_index(std::uint32_t a) const {
        if (accessors_[a].step != detail::access_step::local) return std::nullopt;
        return accessors_[a].index;
    }

private:
    template <GuardAdapter B>
    friend guard_program<B> compile_guards(const std::vector<guard<typename B::tensor_meta>>&,
                                           const source_table<typename B::value>&, const std::vector<std::string>&,
                                           const std::vector<std::string>&);

    static constexpr std::uint32_t no_accessor = ~std::uint32_t{0};
    static constexpr bool releases_early = detail::lets_go_early<A>();

    /// What the check loop reads, kept small so that a program's checks sit on a cache
    /// line or two; the guard as given (with the names for messages) stays in `specs_`.
    struct check_record {
        guard_kind kind = guard_kind::type_match;
        bool expected_flag = false;
        std::uint32_t accessor = no_accessor; ///< none for guards without a source
        std::uint32_t spec = 0;               ///< position in the guard list and in `specs_`
        /// With object_versions: the outcome depends only on the value (its identity, its
        /// state when versioned), so the check passes again on the value it passed last.
        bool skippable = false;
        std::uint32_t operand = 0;   ///< index in `metas_` or `constants_`; same_object, disjoint_memory: the other accessor
        std::uintptr_t expected = 0; ///< identity or length
    };

    /// Whether check `r` passes on a value of which `k` is known.
    bool implied(const check_record& r, const known_argument<meta>& k) const {
        switch (r.kind) {
        case guard_kind::present: return true; // every argument is bound
        case guard_kind::id_match: return k.identity == r.expected;
        case guard_kind::type_match: return fixed_types_and_shapes<A>() && k.type == r.expected;
        case guard_kind::tensor_match:
            if constexpr (std::equality_comparable<meta>)
                return fixed_types_and_shapes<A>() && k.tensor && *k.tensor == metas_[r.operand];
            return false;
        default: return false;
        }
    }

    static std::string_view global_state_name(std::size_t i) { return global_states<A>()[i].name; }
    static std::string_view global_state_label(std::size_t i) { return global_states<A>()[i].label; }

    /// The guard name of the value a check reads ("" for global state).
    const std::string& subject_of(const check_record& c) const {
        static const std::string none;
        return c.accessor != no_accessor ? names_[c.accessor].guard_name : none;
    }

    /// The check loop, with locals read by `local(i)` (a `const value*`, null when
    /// unbound) and everything else from `frame`.
    template <class LocalRead> long first_failure_reading(const typename A::frame& frame, const LocalRead& local) const {
        if constexpr (VersionedObjectsAdapter<A>)
            if (reads_versioned_) return first_failure_versioned(frame, local);
        const value** slots = slots_.data();
        for (std::size_t a = 0, n = accessors_.size(); a < n; ++a) {
            slots[a] = read(frame, a, local);
            if (!slots[a] && fails_when_missing_[a] >= 0) return fails_when_missing_[a];
        }
        const check_record* checks = checks_.data();
        for (std::size_t c = 0, n = checks_.size(); c < n; ++c)
            if (!passes(checks[c], slots)) return static_cast<long>(c);
        return -1;
    }

    // The value accessor `a` reaches, read from the frame or from its base (resolved
    // already: bases come first); nullptr when it cannot be reached (unbound local,
    // missing attribute or item). Locals, the common case, are read here; the rest out
    // of line, so that the check loop stays small.
    template <class LocalRead>
    const value* read(const typename A::frame& frame, std::size_t a, const LocalRead& local) const {
        const auto& acc = accessors_[a];
        if (acc.step == detail::access_step::local) return local(acc.index);
        return read_other(frame, a);
    }

    LASSO_OUT_OF_LINE const value* read_other(const typename A::frame& frame, std::size_t a) const {
        const auto& acc = accessors_[a];
        switch (acc.step) {
        case detail::access_step::local: return A::frame_local(frame, acc.index);
        case detail::access_step::cell: return A::frame_cell_contents(frame, acc.index);
        case detail::access_step::global:
            if constexpr (GlobalsByValue<A>) {
                // No place to point at: the program holds the value it read.
                std::optional<value>& held = derived_[a];
                held = read_global(frame, a);
                return held ? &*held : nullptr;
            } else {
                return read_global(frame, a);
            }
        case detail::access_step::attribute:
        case detail::access_step::item_int:
        case detail::access_step::item_string: {
            // Attribute and item reads make new values: the program holds them.
            std::optional<value>& held = derived_[a];
            held.reset();
            if (slots_[acc.base]) {
                const value& base = *slots_[acc.base];
                const std::string& name = names_[a].name;
                held = acc.step == detail::access_step::attribute  ? A::attribute(base, name)
                       : acc.step == detail::access_step::item_int ? A::item(base, acc.key)
                                                                   : A::item(base, std::string_view(name));
            }
            return held ? &*held : nullptr;
        }
        case detail::access_step::closure_cell: {
            std::optional<value>& held = derived_[a];
            held.reset();
            if constexpr (ClosureAdapter<A>)
                if (slots_[acc.base]) held = A::function_cell_contents(*slots_[acc.base], acc.index);
            return held ? &*held : nullptr;
        }
        case detail::access_step::frame_cell:
            if constexpr (CellIdentityAdapter<A>) return A::frame_cell(frame, acc.index);
            return nullptr;
        }
        return nullptr;
    }

    /// Global `a` as `frame_global` gives it, through the accessor's cache when the
    /// adapter keeps one (lasso::feature::global_read_caches).
    auto read_global(const typename A::frame& frame, std::size_t a) const {
        if constexpr (CachedGlobalsAdapter<A>) return A::frame_global(frame, names_[a].name, global_caches_[a]);
        else return A::frame_global(frame, names_[a].name);
    }

    // Versioned objects (lasso::feature::object_versions). An attribute or item read from
    // a base whose value is the same object at the same version as at the last read
    // gives what it gave then: the program holds that (`derived_`) and reuses it. A base
    // records its version only when its derived accessors are all read in the same
    // pass (a pass that stops early forgets every version).
    static constexpr bool derived_step(detail::access_step s) noexcept {
        return s == detail::access_step::attribute || s == detail::access_step::item_int ||
               s == detail::access_step::item_string;
    }
    bool reads_unchanged_base(std::size_t a) const noexcept {
        const auto& acc = accessors_[a];
        return derived_step(acc.step) && seen_[acc.base].unchanged;
    }
    const value* held(std::size_t a) const noexcept { return derived_[a] ? &*derived_[a] : nullptr; }
    void note_version(std::size_t a) const {
        seen_version& seen = seen_[a];
        if (!slots_[a]) {
            seen = {};
            return;
        }
        const std::uint64_t version = A::object_version(*slots_[a]);
        const std::uintptr_t id = A::identity(*slots_[a]);
        seen.unchanged = version != 0 && version == seen.version && id == seen.identity;
        seen.version = version;
        seen.identity = id;
    }
    void forget_versions() const noexcept {
        for (auto& seen : seen_) seen = {};
        passed_last_ = false;
    }
    // Which checks can be skipped on the value they passed last (with object_versions):
    // identity, code (unless code can be replaced), constant (constants are immutable),
    // absent and present (the held value is the one read from the unchanged base), and,
    // when the adapter states that types and tensor metadata never change in place,
    // type and tensor checks. Length, identity between two places, memory, sizes and
    // global state can change under an unchanged value: never.
    static constexpr bool skippable(guard_kind k) noexcept {
        switch (k) {
        case guard_kind::id_match:
        case guard_kind::constant_match:
        case guard_kind::absent:
        case guard_kind::present: return true;
        case guard_kind::code_match: return !mutable_function_code<A>();
        case guard_kind::type_match:
        case guard_kind::tensor_match: return fixed_types_and_shapes<A>();
        default: return false;
        }
    }

    // Tensor guards, the global-state guards (every program has them) and identity guards
    // (a global function, a module, an object's class) are tested here; the rest out of line.
    bool passes(const check_record& c, const value* const* slots) const {
        if (c.kind == guard_kind::tensor_match) return A::matches_tensor_meta(*slots[c.accessor], metas_[c.operand]);
        if (c.kind == guard_kind::global_state) return read_global_state<A>(c.expected) == c.expected_flag;
        if (c.kind == guard_kind::id_match) return A::identity(*slots[c.accessor]) == c.expected;
        return passes_other(c, slots);
    }

    LASSO_OUT_OF_LINE bool passes_other(const check_record& c, const value* const* slots) const {
        if (c.kind == guard_kind::absent) return slots[c.accessor] == nullptr;
        if (c.kind == guard_kind::sizes) return size_checks_[c.operand].holds(slots);
        const value& v = *slots[c.accessor];
        switch (c.kind) {
        case guard_kind::type_match: return A::type_identity(v) == c.expected;
        case guard_kind::id_match: return A::identity(v) == c.expected;
        case guard_kind::code_match:
            if constexpr (InlineAdapter<A> && TranslatorAdapter<A>)
                return A::classify(v) == value_kind::function && A::code_identity(A::function_code(v)) == c.expected;
            else return false;
        case guard_kind::constant_match: return A::matches_constant(v, constants_[c.operand]);
        case guard_kind::length_match: {
            auto n = A::length(v);
            return n && *n == c.expected;
        }
        case guard_kind::tensor_match: return A::matches_tensor_meta(v, metas_[c.operand]);
        case guard_kind::global_state: return read_global_state<A>(c.expected) == c.expected_flag;
        case guard_kind::absent: return false;
        case guard_kind::present: return true; // a missing value failed before the checks
        case guard_kind::same_object:
            return slots[c.operand] && (A::identity(v) == A::identity(*slots[c.operand])) == c.expected_flag;
        case guard_kind::sizes: break; // no source: checked above
        case guard_kind::disjoint_memory:
            if constexpr (TensorMutationAdapter<A>) {
                if (!slots[c.operand]) return false;
                return !memory_overlaps(A::tensor_memory(v), A::tensor_memory(*slots[c.operand]));
            }
            return false;
        }
        return false;
    }

    /// `first_failure` of a program that reads attributes or items of versioned objects.
    template <class LocalRead> long first_failure_versioned(const typename A::frame& frame, const LocalRead& local) const {
        const value** slots = slots_.data();
        for (std::size_t a = 0, n = accessors_.size(); a < n; ++a) {
            const bool reused = reads_unchanged_base(a);
            slots[a] = reused ? held(a) : read(frame, a, local);
            if (versioned_[a]) note_version(a);
            same_value_[a] = reused || (versioned_[a] && seen_[a].unchanged);
            if (!slots[a] && fails_when_missing_[a] >= 0) {
                // The value is gone: every check on this accessor but `absent` fails;
                // report the first. Later accessors were not read: what they hold is
                // no longer what their bases' recorded versions gave.
                forget_versions();
                return fails_when_missing_[a];
            }
        }
        // A check of a value that is the one it passed at the last check, where the
        // check's outcome depends on nothing else, passes again (see `skippable`).
        const check_record* checks = checks_.data();
        const bool may_skip = passed_last_;
        const std::uint8_t* same = same_value_.data();
        passed_last_ = false;
        for (std::size_t c = 0, n = checks_.size(); c < n; ++c) {
            if (may_skip && checks[c].skippable && same[checks[c].accessor]) continue;
            if (!passes(checks[c], slots)) return static_cast<long>(c);
        }
        passed_last_ = true;
        return -1;
    }

    // What a check reads, each kind of thing in one array. The slots are scratch space
    // reused by every check: a program is not meant to be checked from two threads at once.
    std::vector<check_record> checks_;
    std::vector<detail::accessor> accessors_;
    /// Per accessor: the first check that fails when its value is missing (any but
    /// `absent`), or -1.
    std::vector<long> fails_when_missing_;
    mutable std::vector<const value*> slots_;
    std::vector<meta> metas_;
    std::vector<constant> constants_;
    std::vector<size_check<A>> size_checks_;
    // What only failures, descriptions and attribute/item reads need.
    std::vector<guard<meta>> specs_;
    std::vector<detail::accessor_names> names_; ///< per accessor
    mutable std::vector<std::optional<value>> derived_;
    /// Per accessor, with global_read_caches: the adapter's cache for a global's reads.
    mutable std::vector<detail::global_cache_of<A>> global_caches_;
    // Per accessor, with object_versions: whether attribute or item reads start from its
    // value (`versioned_`), and the version its value had at the last read (`seen_`).
    struct seen_version {
        std::uint64_t version = 0;
        std::uintptr_t identity = 0;
        bool unchanged = false; ///< same object, same version as at the read before
    };
    std::vector<std::uint8_t> versioned_;
    mutable std::vector<seen_version> seen_;
    /// Per accessor, in the current check: its value is the one of the check before
    /// (held from an unchanged base, or a versioned object that did not change).
    mutable std::vector<std::uint8_t> same_value_;
    mutable bool passed_last_ = false; ///< the check before passed every guard
    /// Some accessor reads from a versioned object: checks go through the versions.
    bool reads_versioned_ = false;
    bool reads_cells_ = false; ///< some accessor reads a frame's cell or its contents
};

} // namespace lasso
