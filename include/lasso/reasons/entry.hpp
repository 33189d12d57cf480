// lasso/reasons/entry.hpp
//
// The registry of reasons: every reason lasso gives for not capturing something (a
// graph break, a frame run eagerly, a fullgraph error, a recompile, a limit reached) is
// one entry of a table with a stable id (`LB0001`, ...), a short type, an explanation,
// hints and a category. A place that gives a reason names its entry
// (`give_up(reasons::builtin_call, "call of ", name, "()")`, lasso/unsupported.hpp): a
// `reason` can only be made from a table at compile time, so a reason without an entry
// does not compile. Adapters keep their own table the same way (another id prefix,
// checked with `valid_reason_table` and `disjoint_reason_tables`) and declare it as
// `static constexpr std::span<const lasso::reason_entry> reasons` so reports find its
// hints. docs/graph-breaks.md is generated from the tables (tests/graph_breaks_doc.cpp).
//
// The table sits here, beside unsupported.hpp, rather than in runtime/: every layer
// gives reasons, and includes run down the data flow.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace lasso {

/// Whose the reason is: what the user can expect from a change.
enum class reason_category {
    lasso_limit,    ///< lasso does not model it (yet); another capture system might
    user_error,     ///< the program is wrong, or would raise: the interpreter says so
    not_capturable, ///< no capture system can make a graph of it (I/O, data-dependent values)
    expected        ///< capture doing what it was asked or built to do: a break asked for, a recompile, a limit
};

constexpr std::string_view category_name(reason_category c) noexcept {
    switch (c) {
    case reason_category::lasso_limit: return "limit of lasso";
    case reason_category::user_error: return "user error";
    case reason_category::not_capturable: return "not capturable";
    case reason_category::expected: return "expected";
    }
    return "?";
}

/// One entry of a reason table.
struct reason_entry {
    std::string_view id;          ///< stable: `LB0007` (adapters use their own prefix)
    std::string_view name;        ///< the identifier sites name it by: `builtin_call`
    std::string_view type;        ///< a short title
    std::string_view explanation; ///< what happened and why lasso stops there
    std::string_view hint;        ///< the one-line hint shown with the reason
    std::string_view more_hints;  ///< further hints for the documentation ("" if none)
    reason_category category = reason_category::lasso_limit;
};

/// A reason site's handle on an entry. Only `find_reason` makes one, at compile time,
/// so every handle names an entry of a table.
class reason_kind {
public:
    constexpr const reason_entry& entry() const noexcept { return *entry_; }
    constexpr std::string_view id() const noexcept { return entry_->id; }
    constexpr std::string_view hint() const noexcept { return entry_->hint; }

private:
    constexpr explicit reason_kind(const reason_entry* e) noexcept : entry_(e) {}
    template <std::size_t N> friend consteval reason_kind find_reason(const std::array<reason_entry, N>&, std::string_view);
    const reason_entry* entry_;
};

namespace detail {
consteval bool id_well_formed(std::string_view id) {
    // Two to four capital letters, then four digits.
    if (id.size() < 6 || id.size() > 8) return false;
    for (std::size_t i = 0; i < id.size(); ++i) {
        const char c = id[i];
        if (i + 4 < id.size() ? !(c >= 'A' && c <= 'Z') : !(c >= '0' && c <= '9')) return false;
    }
    return true;
}
[[noreturn]] inline void no_such_reason() { throw "lasso::find_reason: no entry of that name in the table"; }
} // namespace detail

/// The handle on the entry of `table` called `name`; not compiling when there is none.
template <std::size_t N> consteval reason_kind find_reason(const std::array<reason_entry, N>& table, std::string_view name) {
    for (const auto& e : table)
        if (e.name == name) return reason_kind(&e);
    detail::no_such_reason();
}

/// Whether a table is well made: ids well formed, one prefix, numbered 1, 2, ... in
/// order (so ids are unique and a new entry takes the next), names unique, and every
/// text present.
template <std::size_t N> consteval bool valid_reason_table(const std::array<reason_entry, N>& table) {
    for (std::size_t i = 0; i < N; ++i) {
        const auto& e = table[i];
        if (!detail::id_well_formed(e.id) || e.name.empty() || e.type.empty() || e.explanation.empty() || e.hint.empty())
            return false;
        const std::string_view prefix = e.id.substr(0, e.id.size() - 4);
        if (prefix != table[0].id.substr(0, table[0].id.size() - 4)) return false;
        std::size_t number = 0;
        for (char c : e.id.substr(e.id.size() - 4)) number = number * 10 + static_cast<std::size_t>(c - '0');
        if (number != i + 1) return false;
        for (std::size_t j = 0; j < i; ++j)
            if (table[j].name == e.name) return false;
    }
    return true;
}

/// Whether two tables share no id and no name (an adapter's against the library's).
template <std::size_t N, std::size_t M>
consteval bool disjoint_reason_tables(const std::array<reason_entry, N>& a, const std::array<reason_entry, M>& b) {
    for (const auto& x : a)
        for (const auto& y : b)
            if (x.id == y.id || x.name == y.name) return false;
    return true;
}

/// A reason's text with its id in front, the form reasons travel in through the
/// translation's endings: "LB0001 call of print()".
inline std::string tagged(reason_kind why, std::string_view text) {
    std::string out(why.id());
    out += ' ';
    out += text;
    return out;
}

/// The id in front of a tagged text ("" when there is none) and the text after it.
struct untagged {
    std::string_view id;
    std::string_view text;
};
inline untagged untag(std::string_view s) noexcept {
    std::size_t letters = 0;
    while (letters < s.size() && s[letters] >= 'A' && s[letters] <= 'Z') ++letters;
    if (letters < 2 || letters > 4 || s.size() < letters + 5 || s[letters + 4] != ' ') return {{}, s};
    for (std::size_t i = letters; i < letters + 4; ++i)
        if (s[i] < '0' || s[i] > '9') return {{}, s};
    return {s.substr(0, letters + 4), s.substr(letters + 5)};
}

} // namespace lasso
