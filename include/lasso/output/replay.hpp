// lasso/output/replay.hpp
//
// Generated code that performs the mutations of the side-effect record
// (output/side_effects.hpp) after the graph has run: the final state of every place
// the trace mutated, in the order the places were first mutated.
//
// Replay is two steps, so that nothing is read after something was changed: `stage`
// computes every value to store into a temporary (reading frame values from their
// sources as they were on entry), before the code that rebuilds the stack, locals or
// return value; `apply` stores them, after that code. A list gets its new items by
// slice assignment (`a[n:] = tail` when only items were added at its end, `a[:] =
// items` otherwise; nothing when its items are the same again); a dict loses the keys
// that are gone or moved and gets the others in order (so its key order is the
// trace's); a list the trace only appended to, without reading it
// (`trackers::unread_list`), is extended (`a.extend(items)`); an attribute is stored with `store_attr`, a global with `store_global`, a
// free variable with `store_deref` (the generated code has the frame's cells); a tensor
// written in place gets its new contents through the adapter's `tensor_writer()`
// (`writer(tensor, contents)`, lasso::feature::tensor_mutation).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/instruction.hpp>
#include <lasso/constant.hpp>
#include <lasso/output/reconstruct.hpp>
#include <lasso/output/side_effects.hpp>
#include <lasso/sources.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lasso::output {

template <class A, class Output> class effect_replay {
public:
    using value = typename A::value;
    using instruction = bytecode::instruction<A>;

    explicit effect_replay(const Output& out) : out_(out), final_(out.effects.final_mutations()) {
        for (const mutation* m : final_) plans_.push_back(plan(*m));
    }

    bool empty() const noexcept { return final_.empty(); }

    /// The trackers whose values replay stores (for the graph's outputs, and for the
    /// reconstructor's count of values used twice).
    std::vector<tracker_ref> roots() const {
        std::vector<tracker_ref> out;
        for (const step& p : plans_) out.insert(out.end(), p.stored.begin(), p.stored.end());
        return out;
    }

    /// Computes every value to store into temporaries (call before anything is rebuilt
    /// from sources, after the reconstructor counted `roots()`).
    template <class Rebuild>
    void stage(Rebuild& rebuild, bytecode::code_fields<value>& fields, std::vector<instruction>& body) {
        auto store_temp = [&](step& p) {
            std::string name = "__lasso_effect_" + std::to_string(temps_++);
            ensure_local(fields, name);
            body.push_back(bytecode::create_instruction<A>(op::store_fast, name));
            p.temps.push_back(std::move(name));
        };
        for (std::size_t i = 0; i < final_.size(); ++i) {
            step& p = plans_[i];
            if (p.keep || p.extend) {
                // A list's new items, as one list.
                for (tracker_ref r : p.stored) rebuild.emit(r);
                body.push_back(bytecode::create_instruction<A>(op::build_list, static_cast<std::int64_t>(p.stored.size())));
                store_temp(p);
                continue;
            }
            for (tracker_ref r : p.stored) {
                rebuild.emit(r);
                store_temp(p);
            }
            if (final_[i]->kind == mutation_kind::tensor) {
                // The tensor itself, read before any store (one may rebind its source).
                load_target(final_[i]->target, body);
                store_temp(p);
            }
        }
    }

    /// Stores the staged values (call after `stage`, once the stack, the locals or the
    /// return value are rebuilt).
    void apply(std::vector<instruction>& body) {
        using bytecode::create_instruction;
        for (std::size_t i = 0; i < final_.size(); ++i) {
            const mutation& m = *final_[i];
            const step& p = plans_[i];
            switch (m.kind) {
            case mutation_kind::global:
                body.push_back(create_instruction<A>(op::load_fast, p.temps.at(0)));
                body.push_back(create_instruction<A>(op::store_global, m.name));
                break;
            case mutation_kind::cell:
                body.push_back(create_instruction<A>(op::load_fast, p.temps.at(0)));
                body.push_back(create_instruction<A>(op::store_deref, m.name));
                break;
            case mutation_kind::attribute:
                body.push_back(create_instruction<A>(op::load_fast, p.temps.at(0)));
                load_target(m.target, body);
                body.push_back(create_instruction<A>(op::store_attr, m.name));
                break;
            case mutation_kind::tensor: apply_tensor(p, body); break;
            case mutation_kind::contents:
                if (p.extend) apply_extend(m, p, body);
                else if (trackers::container_kind_of(out_.trackers, m.target) == trackers::container_kind::list)
                    apply_list(m, p, body);
                else apply_dict(m, p, body);
                break;
            }
        }
    }

private:
    /// What replay does for one place: the values it stores (a list's new items, a
    /// dict's values for `keys`, an attribute's or global's value), and for a list
    /// where the slice starts (`keep` items stay; none: nothing changes) or for a dict
    /// which entry keys go and which keys are set. `temps` holds the staged values (a
    /// list's items as one list).
    struct step {
        std::vector<tracker_ref> stored;
        std::optional<std::size_t> keep;
        bool extend = false; ///< a list not read: `stored` are appended to it
        std::vector<tracker_ref> removed_keys, keys;
        std::vector<std::string> temps;
    };

    step plan(const mutation& m) const {
        step p;
        if (m.kind != mutation_kind::contents) {
            p.stored.push_back(m.value);
            return p;
        }
        if (auto* unread = out_.trackers.template get_if<trackers::unread_list<value>>(m.target)) {
            p.extend = true;
            p.stored = unread->appended;
            return p;
        }
        if (auto* l = out_.trackers.template get_if<trackers::list>(m.target)) {
            const auto& now = l->items;
            const auto& before = m.entry_items;
            const bool prefix = now.size() >= before.size() && std::equal(before.begin(), before.end(), now.begin());
            if (prefix && now.size() == before.size()) return p; // the same items again
            p.keep = prefix ? before.size() : 0;
            p.stored.assign(now.begin() + static_cast<std::ptrdiff_t>(*p.keep), now.end());
            return p;
        }
        const auto& now = out_.trackers.template get_if<trackers::dict>(m.target)->items;
        // Entry keys that are still first, in their order, keep their place (a key
        // stored again keeps its tracker); every other entry key is deleted, and the
        // rest of the keys are set in order, which appends them.
        std::size_t in_entry = 0, kept = 0;
        for (; kept < now.size(); ++kept) {
            std::size_t q = in_entry;
            while (q * 2 < m.entry_items.size() && m.entry_items[q * 2] != now[kept].first) ++q;
            if (q * 2 >= m.entry_items.size()) break;
            in_entry = q + 1;
        }
        for (std::size_t q = 0; q * 2 < m.entry_items.size(); ++q) {
            const tracker_ref key = m.entry_items[q * 2];
            bool stays = false;
            for (std::size_t j = 0; j < kept; ++j) stays = stays || now[j].first == key;
            if (!stays) p.removed_keys.push_back(key);
        }
        for (std::size_t j = 0; j < now.size(); ++j) {
            if (j < kept) {
                // A kept key whose value is the one it had on entry needs no store.
                bool unchanged = false;
                for (std::size_t q = 0; q * 2 < m.entry_items.size(); ++q)
                    if (m.entry_items[q * 2] == now[j].first) unchanged = m.entry_items[q * 2 + 1] == now[j].second;
                if (unchanged) continue;
            }
            p.keys.push_back(now[j].first);
            p.stored.push_back(now[j].second);
        }
        return p;
    }

    void apply_list(const mutation& m, const step& p, std::vector<instruction>& body) {
        using bytecode::create_instruction;
        if (!p.keep) return;
        body.push_back(create_instruction<A>(op::load_fast, p.temps.at(0)));
        load_target(m.target, body);
        push_constant(*p.keep == 0 ? constant{none_t{}} : constant{static_cast<std::int64_t>(*p.keep)}, body);
        push_constant(constant{none_t{}}, body);
        body.push_back(create_instruction<A>(op::build_slice, std::int64_t{2}));
        body.push_back(create_instruction<A>(op::store_subscr));
    }

    void apply_extend(const mutation& m, const step& p, std::vector<instruction>& body) {
        using bytecode::create_instruction;
        if (p.stored.empty()) return;
        load_target(m.target, body);
        body.push_back(create_instruction<A>(op::load_method, std::string("extend")));
        body.push_back(create_instruction<A>(op::load_fast, p.temps.at(0)));
        body.push_back(create_instruction<A>(op::call, std::int64_t{1}));
        body.push_back(create_instruction<A>(op::pop_top));
    }

    /// `writer(tensor, contents)` (lasso::feature::tensor_mutation).
    void apply_tensor(const step& p, std::vector<instruction>& body) {
        using bytecode::create_instruction;
        if constexpr (TensorMutationAdapter<A>) {
            body.push_back(create_instruction<A>(op::push_null));
            body.push_back(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{A::tensor_writer()}));
            body.push_back(create_instruction<A>(op::load_fast, p.temps.at(1)));
            body.push_back(create_instruction<A>(op::load_fast, p.temps.at(0)));
            body.push_back(create_instruction<A>(op::call, std::int64_t{2}));
            body.push_back(create_instruction<A>(op::pop_top));
        } else {
            (void)p, (void)body;
            give_up(reasons::internal_error, "a tensor write without tensor_mutation");
        }
    }

    void apply_dict(const mutation& m, const step& p, std::vector<instruction>& body) {
        using bytecode::create_instruction;
        for (tracker_ref key : p.removed_keys) {
            load_target(m.target, body);
            push_key(key, body);
            body.push_back(create_instruction<A>(op::delete_subscr));
        }
        for (std::size_t j = 0; j < p.keys.size(); ++j) {
            body.push_back(create_instruction<A>(op::load_fast, p.temps.at(j)));
            load_target(m.target, body);
            push_key(p.keys[j], body);
            body.push_back(create_instruction<A>(op::store_subscr));
        }
    }

    void push_key(tracker_ref key, std::vector<instruction>& body) const {
        const constant* c = trackers::known_constant_of(out_.trackers, key);
        if (!c) give_up(reasons::value_not_rebuildable, "a dict key to replay is not a constant");
        push_constant(*c, body);
    }
    void load_target(tracker_ref target, std::vector<instruction>& body) const {
        const auto& source = out_.trackers[target].source;
        if (!source) give_up(reasons::value_not_rebuildable, "a mutated value has no source to load it from");
        reconstruct_source<A>(out_.sources, *source, body, [](const source_key& k) -> value {
            return k.is_string ? A::value_of_constant(constant{k.text}) : A::value_of_constant(constant{k.integer});
        });
    }
    static void push_constant(const constant& c, std::vector<instruction>& body) {
        body.push_back(
            bytecode::create_instruction<A>(op::load_const, bytecode::constant_arg<value>{A::value_of_constant(c)}));
    }

    const Output& out_;
    std::vector<const mutation*> final_;
    std::vector<step> plans_;
    std::size_t temps_ = 0;
};

/// Adds to `roots` the values the side effects of `t` store: what generated code
/// rebuilds besides the stack, the locals or the return value (nothing without effects).
template <class A, class Translation> void append_effect_roots(const Translation& t, std::vector<tracker_ref>& roots) {
    if (t.effects.empty()) return;
    const auto stored = effect_replay<A, Translation>(t).roots();
    roots.insert(roots.end(), stored.begin(), stored.end());
}

} // namespace lasso::output
