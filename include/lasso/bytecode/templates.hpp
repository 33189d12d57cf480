// lasso/bytecode/templates.hpp
//
// Bytecode templates: `constexpr` instruction sequences in the semantic vocabulary with
// labels, protected (try) ranges and exactly one hole. A template is checked when it is
// constructed, at compile time: labels resolve, ranges nest, every instruction's
// argument has the right form, and the stack is balanced (no underflow, one depth per
// instruction, the hole sees the same depth before and after, and the template ends at
// the depth it started with). A broken template does not compile; the error names the
// problem as a function `lasso::bytecode::template_error::<problem>`.
//
// `instantiate` turns a template into adapter instructions split at the hole: a
// prologue ending with a NOP that opens the hole and an epilogue starting with a NOP
// that closes it, exception depths shifted by the stack index the caller needs (the
// C++ form of Dynamo's `_bytecode_from_template_with_split`). The templates resume
// functions and the code at a graph break use are in resume/templates.hpp.
#pragma once

#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/instruction.hpp>
#include <lasso/bytecode/opcode_table.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lasso::bytecode {

struct template_item {
    enum class kind : std::uint8_t { instruction, label, hole, protect_begin, protect_end };
    enum class form : std::uint8_t { none, immediate, text, none_constant };
    kind what = kind::instruction;
    op semantic = op::nop;
    form arg = form::none;
    std::int64_t number = 0;
    std::string_view text; ///< name, label, or handler label of a protected range
    std::uint32_t depth = 0;
    bool lasti = false;
};

/// Builders for template items.
namespace tpl {
namespace detail {
constexpr template_item make(template_item::kind what, op o = op::nop, template_item::form arg = template_item::form::none,
                             std::int64_t number = 0, std::string_view text = {}) {
    template_item item;
    item.what = what;
    item.semantic = o;
    item.arg = arg;
    item.number = number;
    item.text = text;
    return item;
}
} // namespace detail
constexpr template_item ins(op o) { return detail::make(template_item::kind::instruction, o); }
constexpr template_item ins(op o, std::int64_t immediate) {
    return detail::make(template_item::kind::instruction, o, template_item::form::immediate, immediate);
}
/// A name (local, cell, global, attribute) or, for jumps, a label.
constexpr template_item ins(op o, std::string_view name_or_label) {
    return detail::make(template_item::kind::instruction, o, template_item::form::text, 0, name_or_label);
}
constexpr template_item load_none() {
    return detail::make(template_item::kind::instruction, op::load_const, template_item::form::none_constant);
}
constexpr template_item label(std::string_view name) {
    return detail::make(template_item::kind::label, op::nop, template_item::form::none, 0, name);
}
constexpr template_item hole() { return detail::make(template_item::kind::hole); }
/// Instructions until the matching `try_end` are covered by the handler at label
/// `handler`, which starts at stack depth `depth` (+1 if `lasti`, +1 for the exception).
constexpr template_item try_begin(std::string_view handler, std::uint32_t depth, bool lasti) {
    template_item item = detail::make(template_item::kind::protect_begin, op::nop, template_item::form::none, 0, handler);
    item.depth = depth;
    item.lasti = lasti;
    return item;
}
constexpr template_item try_end() { return detail::make(template_item::kind::protect_end); }
} // namespace tpl

/// The problems a template can have. Each is a declared-only function so that calling
/// it in a constant expression fails with its name in the compiler's message.
namespace template_error {
void needs_exactly_one_hole();
void duplicate_label();
void undefined_label();
void unbalanced_protected_range();
void wrong_argument_form_for_op();
void custom_op_in_template();
void stack_underflow();
void inconsistent_stack_depth();
void stack_not_balanced_across_hole();
void stack_not_balanced_at_end();
void handler_deeper_than_stack();
void too_many_nested_protected_ranges();
} // namespace template_error

namespace detail {
constexpr std::size_t max_template_nesting = 8;

struct template_link {
    bool active = false;
    std::size_t handler_item = 0; ///< item index of the handler label
    std::uint32_t depth = 0;
    bool lasti = false;
};

template <std::size_t N> struct template_analysis {
    std::array<template_link, N> link{};
    std::array<int, N> depth{}; ///< depth before each item; -1 unreachable
    std::size_t hole = 0;
    int hole_depth = 0;
};

template <std::size_t N> constexpr std::size_t find_label(const std::array<template_item, N>& items, std::string_view name) {
    for (std::size_t i = 0; i < N; ++i)
        if (items[i].what == template_item::kind::label && items[i].text == name) return i;
    return N;
}

constexpr bool argument_form_ok(const template_item& item) {
    using f = template_item::form;
    switch (default_arg_kind(item.semantic)) {
    case arg_kind::none: return item.arg == f::none;
    case arg_kind::immediate: return item.arg == f::immediate;
    case arg_kind::local:
    case arg_kind::cell:
    case arg_kind::name:
    case arg_kind::jump: return item.arg == f::text;
    case arg_kind::constant: return item.arg == f::none_constant;
    }
    return false;
}

// Every check calls a template_error function on failure, which stops constant
// evaluation there; at run time (never reached for valid templates) it would not link.
template <std::size_t N> constexpr template_analysis<N> analyze_template(const std::array<template_item, N>& items) {
    using k = template_item::kind;
    template_analysis<N> a{};
    std::size_t holes = 0;
    for (std::size_t i = 0; i < N; ++i) {
        const auto& it = items[i];
        if (it.what == k::hole) {
            ++holes;
            a.hole = i;
        }
        if (it.what == k::label)
            for (std::size_t j = 0; j < i; ++j)
                if (items[j].what == k::label && items[j].text == it.text) template_error::duplicate_label();
        if (it.what == k::instruction) {
            if (it.semantic == op::custom) template_error::custom_op_in_template();
            if (!argument_form_ok(it)) template_error::wrong_argument_form_for_op();
            if (default_arg_kind(it.semantic) == arg_kind::jump && find_label(items, it.text) == N)
                template_error::undefined_label();
        }
        if (it.what == k::protect_begin && find_label(items, it.text) == N) template_error::undefined_label();
    }
    if (holes != 1) template_error::needs_exactly_one_hole();

    // Innermost protected range per item.
    std::array<template_link, max_template_nesting> open{};
    std::size_t nesting = 0;
    for (std::size_t i = 0; i < N; ++i) {
        const auto& it = items[i];
        if (it.what == k::protect_begin) {
            if (nesting == max_template_nesting) template_error::too_many_nested_protected_ranges();
            open[nesting++] = {true, find_label(items, it.text), it.depth, it.lasti};
        } else if (it.what == k::protect_end) {
            if (nesting == 0) template_error::unbalanced_protected_range();
            --nesting;
        }
        if (nesting > 0) a.link[i] = open[nesting - 1];
    }
    if (nesting != 0) template_error::unbalanced_protected_range();

    // Stack depths over the item graph.
    for (auto& d : a.depth) d = -1;
    std::array<std::size_t, N + 1> work{};
    std::size_t top = 0;
    int end_depth = -1;
    auto reach = [&](std::size_t to, int depth) {
        if (to >= N) {
            if (end_depth >= 0 && end_depth != depth) template_error::inconsistent_stack_depth();
            end_depth = depth;
            return;
        }
        if (a.depth[to] < 0) {
            a.depth[to] = depth;
            work[top++] = to;
        } else if (a.depth[to] != depth) {
            template_error::inconsistent_stack_depth();
        }
    };
    reach(0, 0);
    while (top > 0) {
        const std::size_t i = work[--top];
        const auto& it = items[i];
        const int depth = a.depth[i];
        if (it.what != k::instruction) {
            if (it.what == k::hole) a.hole_depth = depth;
            reach(i + 1, depth);
            continue;
        }
        if (a.link[i].active) {
            if (static_cast<int>(a.link[i].depth) > depth) template_error::handler_deeper_than_stack();
            reach(a.link[i].handler_item, static_cast<int>(a.link[i].depth) + (a.link[i].lasti ? 1 : 0) + 1);
        }
        const std::int64_t arg = it.arg == template_item::form::immediate ? it.number : 0;
        if (is_jump(it.semantic)) {
            const stack_effect e = default_stack_effect(it.semantic, arg, true);
            if (depth < e.pops) template_error::stack_underflow();
            reach(find_label(items, it.text), depth - e.pops + e.pushes);
        }
        const stack_effect e = default_stack_effect(it.semantic, arg, false);
        if (depth < e.pops) template_error::stack_underflow();
        if (!is_terminator(it.semantic)) reach(i + 1, depth - e.pops + e.pushes);
    }
    if (a.depth[a.hole] < 0) template_error::stack_not_balanced_across_hole();
    // The hole is stack-neutral by construction; what follows must see that depth and
    // the template must end where it began.
    if (a.hole + 1 < N && a.depth[a.hole + 1] != a.depth[a.hole]) template_error::stack_not_balanced_across_hole();
    if (end_depth != 0) template_error::stack_not_balanced_at_end();
    return a;
}
} // namespace detail

/// A checked template of N items.
template <std::size_t N> class bytecode_template {
public:
    consteval bytecode_template(const template_item (&items)[N]) : items_{}, analysis_{} {
        for (std::size_t i = 0; i < N; ++i) items_[i] = items[i];
        analysis_ = detail::analyze_template(items_);
    }
    constexpr const std::array<template_item, N>& items() const noexcept { return items_; }
    /// Stack depth inside the hole, relative to the template's start.
    constexpr int hole_depth() const noexcept { return analysis_.hole_depth; }
    constexpr const detail::template_analysis<N>& analysis() const noexcept { return analysis_; }

private:
    std::array<template_item, N> items_;
    detail::template_analysis<N> analysis_;
};

/// A template instantiated for an adapter and split at its hole.
template <class A> struct template_split {
    std::vector<instruction<A>> prologue;
    std::vector<instruction<A>> epilogue;
    int hole_depth = 0;
};

/// Renames applied to the names a template uses (e.g. "ctx" -> "___context_manager_0").
using name_map = std::vector<std::pair<std::string, std::string>>;

/// Instantiates `t` for adapter `A`, remapping names through `names` and adding
/// `stack_index` to every exception depth. `enclosing` is the exception link of the code
/// the template is placed in (the hole of an outer template, say): the instructions the
/// template's own ranges leave uncovered get it, so an exception raised there still
/// reaches the outer handler.
template <TemplateConstantAdapter A, std::size_t N>
template_split<A> instantiate(const bytecode_template<N>& t, const name_map& names = {}, std::uint32_t stack_index = 0,
                              const std::optional<exception_link>& enclosing = std::nullopt) {
    using k = template_item::kind;
    const auto& items = t.items();
    const auto& analysis = t.analysis();

    // Each label names the first instruction at or after it; an end label gets a NOP.
    std::array<instruction_id, N + 1> id_at{};
    auto rename = [&](std::string_view name) {
        for (const auto& [from, to] : names)
            if (from == name) return to;
        return std::string(name);
    };
    template_split<A> split;
    split.hole_depth = t.hole_depth();

    // First pass: create instructions and ids.
    std::vector<instruction<A>> all;
    std::vector<std::size_t> item_of;
    std::size_t hole_start_index = 0;
    for (std::size_t i = 0; i < N; ++i) {
        const auto& it = items[i];
        if (it.what == k::instruction || it.what == k::hole) {
            instruction<A> inst = create_instruction<A>(it.what == k::hole ? op::nop : it.semantic);
            all.push_back(std::move(inst));
            item_of.push_back(i);
            if (it.what == k::hole) {
                hole_start_index = all.size() - 1;
                all.push_back(create_instruction<A>(op::nop));
                item_of.push_back(i);
            }
        }
    }
    bool trailing = false;
    {
        std::size_t next = all.size();
        for (std::size_t i = N + 1; i-- > 0;) {
            while (next > 0 && item_of[next - 1] >= i) --next;
            if (next < all.size()) id_at[i] = all[next].id;
            else id_at[i] = 0;
        }
    }
    for (std::size_t i = 0; i < N; ++i)
        if (items[i].what == k::label && id_at[i] == 0) trailing = true;
    if (trailing) {
        all.push_back(create_instruction<A>(op::nop));
        item_of.push_back(N);
        for (std::size_t i = 0; i <= N; ++i)
            if (id_at[i] == 0) id_at[i] = all.back().id;
    }

    // Second pass: arguments and exception links.
    for (std::size_t j = 0; j < all.size(); ++j) {
        const std::size_t i = item_of[j];
        if (i >= N) continue;
        const auto& it = items[i];
        auto& inst = all[j];
        if (it.what == k::instruction) {
            using f = template_item::form;
            switch (it.arg) {
            case f::none: break;
            case f::immediate:
                inst.argval = it.number;
                inst.arg = it.number;
                break;
            case f::text:
                if (is_jump(it.semantic)) inst.argval = jump_target{id_at[detail::find_label(items, it.text)]};
                else inst.argval = rename(it.text);
                break;
            case f::none_constant:
                inst.argval = constant_arg<typename A::value>{A::make_constant(template_constant{true, 0})};
                break;
            }
        }
        if (analysis.link[i].active)
            inst.exception = exception_link{id_at[analysis.link[i].handler_item], analysis.link[i].depth + stack_index,
                                            analysis.link[i].lasti};
    }
    if (enclosing)
        for (auto& inst : all)
            if (!inst.exception) inst.exception = enclosing;
    split.prologue.assign(std::make_move_iterator(all.begin()),
                          std::make_move_iterator(all.begin() + static_cast<std::ptrdiff_t>(hole_start_index + 1)));
    split.epilogue.assign(std::make_move_iterator(all.begin() + static_cast<std::ptrdiff_t>(hole_start_index + 1)),
                          std::make_move_iterator(all.end()));
    return split;
}

} // namespace lasso::bytecode
