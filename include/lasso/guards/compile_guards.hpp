// lasso/guards/compile_guards.hpp
//
// From the guards a translation recorded to the `guard_program` its cache entry checks
// (guards/guard.hpp): every source resolved once to an accessor (a local or cell index or
// a global name, then attribute and item steps), accessors shared by the sources that
// read the same place, and the checks laid out in order with their operands' accessors.
#pragma once

#include <lasso/guards/guard.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lasso {

/// Compiles guards whose sources live in `sources`. Local and cell sources are resolved
/// to indexes through the code's `varnames` and `cellnames` (the cells' names by the
/// number the frame accessors take, `bytecode::cell_names_by_number`); constant sources
/// cannot be guarded.
template <GuardAdapter A>
guard_program<A> compile_guards(const std::vector<guard<typename A::tensor_meta>>& guards,
                                const source_table<typename A::value>& sources, const std::vector<std::string>& varnames,
                                const std::vector<std::string>& cellnames) {
    guard_program<A> program;
    // Accessors are made once per place (sources that read the same value share one),
    // found by source first, then by what identifies a place given its base's accessor:
    // constant time per source, however many guards a translation makes.
    constexpr std::uint32_t none = UINT32_MAX;
    std::vector<std::uint32_t> by_source(sources.size(), none);
    struct place {
        source_kind kind;
        std::uint32_t base;
        const std::string* name;
        const source_key* key;
        std::uint32_t cell_index;
        bool operator==(const place& o) const {
            return kind == o.kind && base == o.base && *name == *o.name && *key == *o.key && cell_index == o.cell_index;
        }
    };
    struct place_hash {
        std::size_t operator()(const place& p) const noexcept {
            std::size_t h = std::hash<std::string>{}(*p.name);
            const std::size_t parts[] = {static_cast<std::size_t>(p.kind), p.base, p.cell_index,
                                         p.key->is_string ? std::hash<std::string>{}(p.key->text)
                                                          : std::hash<std::int64_t>{}(p.key->integer)};
            for (std::size_t part : parts) h ^= part + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
            return h;
        }
    };
    std::unordered_map<place, std::uint32_t, place_hash> by_place;

    auto index_in = [](const std::vector<std::string>& names, const std::string& name, const char* what) {
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == name) return i;
        throw guard_error(std::string("guard on unknown ") + what + " '" + name + "'");
    };
    // Returns the accessor of `r`, creating it (and its bases) once per place.
    auto accessor_of = [&](auto& self, source_ref r) -> std::uint32_t {
        if (r.index < by_source.size() && by_source[r.index] != none) return by_source[r.index];
        const auto& e = sources[r];
        const std::uint32_t base = e.base ? self(self, *e.base) : none;
        const place at{e.kind, base, &e.name, &e.key, e.cell_index};
        if (e.kind != source_kind::constant)
            if (auto found = by_place.find(at); found != by_place.end()) {
                if (r.index < by_source.size()) by_source[r.index] = found->second;
                return found->second;
            }
        detail::accessor acc;
        detail::accessor_names names;
        names.guard_name = sources.guard_name(r);
        switch (e.kind) {
        case source_kind::local:
            acc.step = detail::access_step::local;
            acc.index = index_in(varnames, e.name, "local");
            break;
        case source_kind::local_cell:
            acc.step = detail::access_step::cell;
            acc.index = index_in(cellnames, e.name, "cell variable");
            break;
        case source_kind::global:
            acc.step = detail::access_step::global;
            names.name = e.name;
            break;
        case source_kind::attribute:
            acc.step = detail::access_step::attribute;
            acc.base = base;
            names.name = e.name;
            break;
        case source_kind::item:
            acc.base = base;
            if (e.key.is_string) {
                acc.step = detail::access_step::item_string;
                names.name = e.key.text;
            } else {
                acc.step = detail::access_step::item_int;
                acc.key = e.key.integer;
            }
            break;
        case source_kind::closure_cell:
            if (!ClosureAdapter<A>)
                throw guard_error("the adapter cannot read closure cells (function_cell_contents): " + names.guard_name);
            acc.step = detail::access_step::closure_cell;
            acc.base = base;
            acc.index = e.cell_index;
            break;
        case source_kind::frame_cell:
            if (!CellIdentityAdapter<A>)
                throw guard_error("the adapter cannot read the frame's cell objects (frame_cell): " + names.guard_name);
            acc.step = detail::access_step::frame_cell;
            acc.index = index_in(cellnames, e.name, "cell variable");
            break;
        case source_kind::constant: throw guard_error("a constant source cannot be guarded");
        }
        program.accessors_.push_back(acc);
        program.names_.push_back(std::move(names));
        const auto index = static_cast<std::uint32_t>(program.accessors_.size() - 1);
        by_place.emplace(at, index);
        if (r.index < by_source.size()) by_source[r.index] = index;
        return index;
    };

    std::vector<size_binding> bindings; // from the tensor guards, for the size guard after them
    for (std::size_t g = 0; g < guards.size(); ++g) {
        const auto& in = guards[g];
        typename guard_program<A>::check_record c;
        c.kind = in.kind;
        c.expected_flag = in.expected_flag;
        c.spec = static_cast<std::uint32_t>(g);
        c.expected = in.kind == guard_kind::length_match || in.kind == guard_kind::global_state
                         ? static_cast<std::uintptr_t>(in.expected_length)
                         : in.expected_id;
        if (in.kind == guard_kind::global_state && in.expected_length >= global_states<A>().size())
            throw guard_error("global-state guard #" + std::to_string(g) + " names no variable of the adapter");
        if (in.kind != guard_kind::global_state && in.kind != guard_kind::sizes) {
            if (!in.source) throw guard_error("guard #" + std::to_string(g) + " has no source");
            c.accessor = accessor_of(accessor_of, *in.source);
        }
        if (in.kind == guard_kind::tensor_match) {
            if (!in.expected_meta) throw guard_error("tensor guard #" + std::to_string(g) + " has no metadata");
            c.operand = static_cast<std::uint32_t>(program.metas_.size());
            program.metas_.push_back(*in.expected_meta);
        }
        for (const auto& [dim, symbol] : in.symbol_dims) // tensor sizes, or an int (type_match)
            bindings.push_back({c.accessor, dim, symbol, program.names_[c.accessor].guard_name});
        if (in.kind == guard_kind::sizes) {
            if (!in.shapes) throw guard_error("size guard #" + std::to_string(g) + " has no shape environment");
            size_check<A> check(in.shapes);
            for (auto& b : bindings) check.bind(std::move(b));
            bindings.clear();
            check.finish();
            c.operand = static_cast<std::uint32_t>(program.size_checks_.size());
            program.size_checks_.push_back(std::move(check));
        }
        if (in.kind == guard_kind::same_object || in.kind == guard_kind::disjoint_memory) {
            if (!in.other_source) throw guard_error("identity guard #" + std::to_string(g) + " has no second source");
            c.operand = accessor_of(accessor_of, *in.other_source);
        }
        if (in.kind == guard_kind::constant_match) {
            c.operand = static_cast<std::uint32_t>(program.constants_.size());
            program.constants_.push_back(in.expected_constant);
        }
        program.checks_.push_back(c);
    }
    program.specs_ = guards;
    program.slots_.resize(program.accessors_.size());
    program.derived_.resize(program.accessors_.size());
    if constexpr (CachedGlobalsAdapter<A>) program.global_caches_.resize(program.accessors_.size());
    program.fails_when_missing_.assign(program.accessors_.size(), -1);
    for (std::size_t c = program.checks_.size(); c-- > 0;) {
        const auto& check = program.checks_[c];
        if (check.accessor != guard_program<A>::no_accessor && check.kind != guard_kind::absent)
            program.fails_when_missing_[check.accessor] = static_cast<long>(c);
    }
    for (const auto& acc : program.accessors_)
        if (acc.step == detail::access_step::cell || acc.step == detail::access_step::frame_cell)
            program.reads_cells_ = true;
    if constexpr (VersionedObjectsAdapter<A>) {
        program.versioned_.assign(program.accessors_.size(), 0);
        for (const auto& acc : program.accessors_)
            if (guard_program<A>::derived_step(acc.step)) program.versioned_[acc.base] = 1;
        program.reads_versioned_ =
            std::find(program.versioned_.begin(), program.versioned_.end(), 1) != program.versioned_.end();
        program.seen_.resize(program.accessors_.size());
        program.same_value_.assign(program.accessors_.size(), 0);
        for (auto& c : program.checks_)
            c.skippable = c.accessor != guard_program<A>::no_accessor && guard_program<A>::skippable(c.kind);
    }
    return program;
}

} // namespace lasso
