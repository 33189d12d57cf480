// lasso/resume/resume_code.hpp
//
// Resume functions: after a graph break, the rest of a frame runs as a new code made
// from the *original* code (never from an earlier resume code, so n breaks make n
// codes, not 2^n). Its parameters are the values on the stack at the resume point and
// the live locals there; its prologue pushes the stack values back (NULL markers and
// load_method pairs included) and jumps to the instruction to resume at; the original
// instructions follow unchanged, with their lines and exception-table entries, so
// loops that jump back before the resume point work.
//
// The stack at a resume point is described slot by slot, bottom to top: a value
// (passed as an argument), a NULL marker (pushed again, passed as nothing), or the
// first half of a `load_method` pair (the next slot is its self: the prologue loads
// self and does `load_method` again, so the interpreter rebuilds whatever pair it uses).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/transform.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace lasso::resume {

enum class slot_kind : std::uint8_t {
    value,  ///< an ordinary value, passed to the resume function
    null,   ///< a NULL marker (before a call's callable)
    method, ///< a load_method pair's first half; the next slot is its self
};

struct stack_slot {
    slot_kind kind = slot_kind::value;
    std::string method; ///< for `method`: the name load_method looked up
    friend bool operator==(const stack_slot&, const stack_slot&) = default;
    friend auto operator<=>(const stack_slot&, const stack_slot&) = default;
};

/// What identifies a resume code: the original code, where it resumes, the stack
/// layout and the live locals passed in.
struct resume_key {
    std::uintptr_t code = 0;
    long offset = 0; ///< byte offset of the instruction it resumes at
    std::vector<stack_slot> stack;
    std::vector<std::string> live;
    friend bool operator==(const resume_key&, const resume_key&) = default;
    friend auto operator<=>(const resume_key&, const resume_key&) = default; ///< keys of an ordered map
};

/// Copies of the instructions a code starts with that set its frame up (make_cell,
/// copy_free_vars, resume, nop), as new instructions outside any exception range: every
/// code lasso writes for a frame starts with them.
template <class A> std::vector<bytecode::instruction<A>> frame_prologue(const std::vector<bytecode::instruction<A>>& code) {
    std::vector<bytecode::instruction<A>> prologue;
    for (const auto& inst : code) {
        const op o = inst.semantic;
        if (o != op::make_cell && o != op::copy_free_vars && o != op::resume && o != op::nop) break;
        auto copy = inst;
        copy.exception.reset();
        copy.id = bytecode::next_instruction_id();
        prologue.push_back(std::move(copy));
    }
    return prologue;
}

/// The name of the parameter holding stack value `k` (counted over value slots).
inline std::string stack_parameter(std::size_t k) { return "__lasso_stack_" + std::to_string(k); }

/// Counts the value slots of a layout: the stack values a resume function takes.
inline std::size_t value_count(const std::vector<stack_slot>& stack) {
    return static_cast<std::size_t>(std::count_if(stack.begin(), stack.end(), [](const stack_slot& s) { return s.kind == slot_kind::value; }));
}

/// A resume code and the number of instructions its prologue put before the original
/// ones: instruction `i` of the resume code is instruction `i - prologue` of the
/// original, which is how a break inside a resume function finds its place in the
/// original code.
template <class Code> struct resume_code {
    Code code;
    std::size_t prologue = 0;
};

/// Makes the resume code of `original` (as `A::read_code` gives it; `decoded` is its
/// decoded form) that continues at instruction `target` of `decoded`, with the stack `stack` and the live locals
/// `live` (names of `original.varnames`) as parameters. `positional_flags(flags)` gives
/// the flags of a code whose parameters are plain positional ones (the adapter knows
/// which bits mean *args or **kwargs). The resume code is named
/// `resume_in_<function>_at_<line>`.
template <class A, class PositionalFlags>
resume_code<typename A::code> make_resume_code(const bytecode::code_fields<typename A::value>& original,
                                               const std::vector<bytecode::instruction<A>>& decoded, std::size_t target,
                                  const std::vector<stack_slot>& stack, const std::vector<std::string>& live,
                                  PositionalFlags&& positional_flags) {
    using bytecode::create_instruction;
    using instruction = bytecode::instruction<A>;
    std::vector<instruction> body = decoded;
    if (target >= body.size()) give_up("resume point ", lasso::detail::decimal(target), " is past the end of the code");
    const bytecode::position at = body[target].pos;
    const int line = at.line >= 0 ? at.line : original.first_line;

    bytecode::code_fields<typename A::value> fields = original;
    // Parameters first: the stack values, then the live locals, then every other local.
    std::vector<std::string> names;
    const std::size_t values = value_count(stack);
    for (std::size_t k = 0; k < values; ++k) names.push_back(stack_parameter(k));
    for (const auto& name : live) {
        if (std::find(original.varnames.begin(), original.varnames.end(), name) == original.varnames.end())
            give_up("live local '", name, "' is not a local of the code");
        names.push_back(name);
    }
    for (const auto& name : original.varnames)
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    fields.varnames = std::move(names);
    fields.argcount = static_cast<int>(values + live.size());
    fields.kwonly_argcount = 0;
    fields.flags = positional_flags(original.flags);
    fields.name = lasso::detail::join({"resume_in_", original.name, "_at_", lasso::detail::decimal(line)});

    // The prologue: the original's own (cells, free variables, resume), then the stack.
    std::vector<instruction> prologue = frame_prologue<A>(body);
    std::size_t k = 0;
    for (std::size_t i = 0; i < stack.size(); ++i) {
        switch (stack[i].kind) {
        case slot_kind::null: prologue.push_back(create_instruction<A>(op::push_null)); break;
        case slot_kind::value: prologue.push_back(create_instruction<A>(op::load_fast, stack_parameter(k++))); break;
        case slot_kind::method:
            if (i + 1 >= stack.size() || stack[i + 1].kind != slot_kind::value)
                give_up("a load_method pair at the resume point has no self");
            prologue.push_back(create_instruction<A>(op::load_fast, stack_parameter(k++)));
            prologue.push_back(create_instruction<A>(op::load_method, stack[i].method));
            ++i;
            break;
        }
    }
    prologue.push_back(create_instruction<A>(op::jump, bytecode::jump_target{body[target].id}));
    for (auto& inst : prologue) inst.pos = bytecode::position{line, line, -1, -1};
    const std::size_t prologue_size = prologue.size();
    body.insert(body.begin(), prologue.begin(), prologue.end());

    fields.bytecode.clear();
    fields.exception_table.clear();
    fields.line_table.clear();
    bytecode::finish_code<A>(body, fields);
    return {A::make_code(std::move(fields)), prologue_size};
}

} // namespace lasso::resume
