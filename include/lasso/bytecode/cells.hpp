// lasso/bytecode/cells.hpp
//
// A code's cells as its encoding numbers them (`encoding::cells`). lasso counts cells
// one way inside, its *cell index*: cell variables, then free variables, as
// `code_fields` lists them. A cell argument in the bytes, and the index the frame
// accessors (`frame_cell_contents`, `frame_cell`) are asked with, is the interpreter's
// *number*: the same in the `separate` numbering, a slot of the locals-plus-cells space in
// the `localsplus` one. `cell_layout` converts between the two for one code; it is
// computed from the code's names alone, so that the code lasso writes (resume functions
// with new locals and every cell made a free variable) gets its own numbers.
#pragma once

#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/opcode_table.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lasso::bytecode {

/// The kind bits of a localsplus slot, CPython 3.11's `co_localspluskinds` values: a
/// local, a cell variable (both for an argument a closure captures), a free variable.
namespace localsplus_kind {
inline constexpr std::uint8_t local = 0x20;
inline constexpr std::uint8_t cell = 0x40;
inline constexpr std::uint8_t free = 0x80;
} // namespace localsplus_kind

/// The numbering of one code's cells.
class cell_layout {
public:
    cell_layout() = default;
    template <class Value> cell_layout(const code_fields<Value>& fields, cell_numbering numbering) {
        cells_ = fields.cellvars.size() + fields.freevars.size();
        if (numbering == cell_numbering::separate) return; // the number is the index: no tables
        const std::size_t locals = fields.varnames.size();
        number_.reserve(cells_);
        std::size_t next = locals;
        for (const auto& name : fields.cellvars) {
            // A cell variable that is a local shares its slot (CPython merges only
            // arguments; its compiler never makes another local a cell variable too).
            auto it = std::find(fields.varnames.begin(), fields.varnames.end(), name);
            number_.push_back(it != fields.varnames.end() ? static_cast<std::size_t>(it - fields.varnames.begin()) : next++);
        }
        for (std::size_t k = 0; k < fields.freevars.size(); ++k) number_.push_back(next++);
        index_.assign(next, no_cell);
        for (std::size_t i = 0; i < cells_; ++i) index_[number_[i]] = i;
    }

    /// How many cells the code has (cell and free variables).
    std::size_t size() const noexcept { return cells_; }
    /// The interpreter's number of cell index `i` (< size()).
    std::size_t number_of(std::size_t i) const noexcept { return number_.empty() ? i : number_[i]; }
    /// The cell index a cell argument `number` names, or nullopt when it names none (out of
    /// range, or a local that is no cell).
    std::optional<std::size_t> index_of(std::int64_t number) const noexcept {
        if (number < 0) return std::nullopt;
        const auto n = static_cast<std::size_t>(number);
        if (index_.empty()) return n < cells_ ? std::optional<std::size_t>(n) : std::nullopt;
        if (n >= index_.size() || index_[n] == no_cell) return std::nullopt;
        return index_[n];
    }
    /// How many numbers there are: cells, or every slot of the localsplus space.
    std::size_t numbers() const noexcept { return index_.empty() ? cells_ : index_.size(); }

private:
    static constexpr std::size_t no_cell = ~std::size_t{0};
    std::size_t cells_ = 0;
    std::vector<std::size_t> number_; ///< by cell index; empty in the separate numbering
    std::vector<std::size_t> index_;  ///< by number, `no_cell` for a plain local
};

/// The layout of `fields`'s cells in the numbering of adapter `A`'s encoding.
template <class A, class Value> cell_layout cell_layout_of(const code_fields<Value>& fields) {
    return cell_layout(fields, opcode_traits<A>::enc.cells);
}

/// The cell index of the cell named `name` (cell variables first), or nullopt.
template <class Value>
std::optional<std::size_t> cell_index_named(const code_fields<Value>& fields, const std::string& name) {
    auto c = std::find(fields.cellvars.begin(), fields.cellvars.end(), name);
    if (c != fields.cellvars.end()) return static_cast<std::size_t>(c - fields.cellvars.begin());
    auto f = std::find(fields.freevars.begin(), fields.freevars.end(), name);
    if (f != fields.freevars.end()) return fields.cellvars.size() + static_cast<std::size_t>(f - fields.freevars.begin());
    return std::nullopt;
}

/// The cells' names by the interpreter's number ("" for a number that is no cell): what
/// guards resolve a cell's name through, so that they read `frame_cell_contents(f, number)`.
template <class A, class Value> std::vector<std::string> cell_names_by_number(const code_fields<Value>& fields) {
    const cell_layout layout = cell_layout_of<A>(fields);
    std::vector<std::string> names(layout.numbers());
    for (std::size_t i = 0; i < layout.size(); ++i)
        names[layout.number_of(i)] =
            i < fields.cellvars.size() ? fields.cellvars[i] : fields.freevars[i - fields.cellvars.size()];
    return names;
}

/// The kinds of the localsplus slots of `fields` (`localsplus_kind` bits): the locals,
/// then the cell variables that are not locals, then the free variables. What a code's
/// `localsplus_kinds` field holds when the encoding numbers cells so (empty otherwise).
template <class Value> std::vector<std::uint8_t> localsplus_kinds_of(const code_fields<Value>& fields) {
    const cell_layout layout(fields, cell_numbering::localsplus);
    std::vector<std::uint8_t> kinds(layout.numbers(), 0);
    for (std::size_t j = 0; j < fields.varnames.size(); ++j) kinds[j] = localsplus_kind::local;
    for (std::size_t i = 0; i < layout.size(); ++i)
        kinds[layout.number_of(i)] |= i < fields.cellvars.size() ? localsplus_kind::cell : localsplus_kind::free;
    return kinds;
}

} // namespace lasso::bytecode
