// lasso/resume/resume_code.hpp
//
// Resume functions: after a graph break, the rest of a frame runs as a new code made
// from the *original* code (never from an earlier resume code, so n breaks make n
// codes, not 2^n). Its parameters are the values on the stack at the resume point and
// the live locals there; its prologue pushes the stack values back (NULL markers and
// load_method pairs included) and jumps to the instruction to resume at; the original
// instructions follow unchanged, with their lines and exception-table entries, so
// loops that jump back before the resume point work. The original is decoded and
// analysed once (`resume_source`); each resume code then copies its bytes after the
// prologue with the locals renumbered, so making one costs a scan of the bytes, not a
// decoding and assembly of the whole original (which remains the fallback).
//
// The stack at a resume point is described slot by slot, bottom to top: a value
// (passed as an argument), a NULL marker (pushed again, passed as nothing), the
// first half of a `load_method` pair (the next slot is its self: the prologue loads
// self and does `load_method` again, so the interpreter rebuilds whatever pair it
// uses), or the `__exit__` of a `with` block the resume point is inside: the context
// manager is passed, and the prologue enters it again (`before_with`, whose result
// is dropped), covered by the block's own exception handler from there on, so the
// original's code ends the block, normally or by an exception, exactly once. When code
// in the block had changed the state the manager sets, the builtin that sets it is
// passed after the manager, and the prologue calls it with the value the code had set.
// A value that the instruction at the resume point pops unread (the result of a call
// made as a statement) is not passed at all: the prologue pushes None for that pop, so
// no resume function is specialized, and no guard made, on a value nothing reads.
//
// A nested resume code continues a frame whose call was inlined when a graph break
// happened inside the callee: it resumes after the call instruction, and the value the
// call returns is what the callee's own resume function returns. So its prologue, after
// the stack, calls the parameter `__lasso_inner` (that resume function) on the
// parameters `__lasso_inner_0 ...` and leaves the result on the stack for the
// instructions after the call. Inner frames of a deeper inline stack nest the same way:
// the inner resume function is itself a nested resume code, with the frames below it
// among its arguments.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/cells.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/relocate.hpp>
#include <lasso/bytecode/stack_analysis.hpp>
#include <lasso/bytecode/transform.hpp>
#include <lasso/constant.hpp>
#include <lasso/global_state_functions.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <compare>
#include <optional>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace lasso::resume {

enum class slot_kind : std::uint8_t {
    value,     ///< an ordinary value, passed to the resume function
    null,      ///< a NULL marker (before a call's callable)
    method,    ///< a load_method pair's first half; the next slot is its self
    with_exit, ///< the `__exit__` of an open `with` block: its context manager is passed, and entered again
    /// A value the instruction at the resume point pops unread (a call's result dropped
    /// by the statement): not passed, so nothing is guarded on it; the prologue pushes
    /// None in its place for that pop.
    discarded,
};

struct stack_slot {
    slot_kind kind = slot_kind::value;
    std::string method; ///< for `method`: the name load_method looked up
    /// For `with_exit`: the block's exception handler (an instruction index of the
    /// original) and the depth and lasti of the exception table entry covering its body.
    std::size_t handler = 0;
    std::uint32_t depth = 0;
    bool lasti = false;
    /// For `with_exit`: when code in the block changed the global state its manager
    /// sets, the value to set again once the block is entered (by lasso's setter of
    /// variable `state`: global_state_functions.hpp).
    std::optional<bool> restate;
    /// For `with_exit`: the value to set again is passed as the next argument instead
    /// (the innermost block of a variable: the state the instruction at the break left).
    bool restate_passed = false;
    std::size_t state = 0;
    /// For `restate_passed`: the traced value at the break, which the code at the break
    /// passes where no instruction runs before the resume function. Not part of the
    /// resume key: the resume code is the same for either value (and so for `restate`,
    /// which only the code at the break uses then).
    bool traced_state = false;
    auto key_fields() const {
        return std::make_tuple(kind, std::string_view(method), handler, depth, lasti,
                               restate_passed ? std::optional<bool>{} : restate, restate_passed, state);
    }
    friend bool operator==(const stack_slot& a, const stack_slot& b) { return a.key_fields() == b.key_fields(); }
    friend auto operator<=>(const stack_slot& a, const stack_slot& b) { return a.key_fields() <=> b.key_fields(); }
};

/// What identifies a resume code: the original code, where it resumes, the stack
/// layout and the live locals passed in.
struct resume_key {
    std::uintptr_t code = 0;
    long offset = 0; ///< byte offset of the instruction it resumes at
    std::vector<stack_slot> stack;
    std::vector<std::string> live;
    /// For a nested resume code: how many arguments its prologue passes to the inner
    /// resume function, and that function's code (so that each inline stack has resume
    /// codes of its own, whose guards on the inner function always pass).
    std::optional<std::size_t> nested_arguments;
    std::uintptr_t inner_code = 0;
    friend bool operator==(const resume_key&, const resume_key&) = default;
    friend auto operator<=>(const resume_key&, const resume_key&) = default; ///< keys of an ordered map
};

/// Copies of the instructions a code starts with that set its frame up (make_cell,
/// copy_free_vars, resume, nop: `op_flags::prologue`), as new instructions outside any
/// exception range: every code lasso writes for a frame starts with them.
template <class A> std::vector<bytecode::instruction<A>> frame_prologue(const std::vector<bytecode::instruction<A>>& code) {
    std::vector<bytecode::instruction<A>> prologue;
    for (const auto& inst : code) {
        if (!bytecode::facts_of(inst.semantic).has(bytecode::op_flags::prologue)) break;
        auto copy = inst;
        copy.exception.reset();
        copy.id = bytecode::next_instruction_id();
        prologue.push_back(std::move(copy));
    }
    return prologue;
}

/// Makes `prologue` (a `frame_prologue`) that of a code whose `cells` cells all come
/// from its closure: a resume code of a frame with cells, whose cell variables are its
/// free variables (`ClosureResumeAdapter`). One copy_free_vars replaces make_cell and
/// the original's copy_free_vars.
template <class A> void cells_from_closure(std::vector<bytecode::instruction<A>>& prologue, std::size_t cells) {
    if constexpr (!bytecode::opcode_traits<A>::find(op::copy_free_vars)) {
        (void)prologue, (void)cells;
        give_up(reasons::adapter_cannot,
                "a resume function of a frame with cells needs copy_free_vars, which the bytecode does not have");
    } else {
        std::erase_if(prologue,
                      [](const auto& i) { return i.semantic == op::make_cell || i.semantic == op::copy_free_vars; });
        prologue.insert(prologue.begin(),
                        bytecode::create_instruction<A>(op::copy_free_vars, static_cast<std::int64_t>(cells)));
    }
}

/// The prologue of generated code for a frame running `frame` (its fields), made from
/// `decoded`: the original code, which is `frame` itself unless the frame runs a resume
/// code, whose cells, if any, come from its closure.
template <class A>
std::vector<bytecode::instruction<A>> frame_prologue(const std::vector<bytecode::instruction<A>>& decoded,
                                                     const bytecode::code_fields<typename A::value>& frame) {
    auto prologue = frame_prologue<A>(decoded);
    const bool makes_cells =
        std::any_of(prologue.begin(), prologue.end(), [](const auto& i) { return i.semantic == op::make_cell; });
    if (makes_cells && frame.cellvars.empty()) cells_from_closure<A>(prologue, frame.freevars.size());
    return prologue;
}

/// What makes a resume code nested: the number of arguments of the inner resume
/// function it calls, and where the break happened (`via`, "helper_at_12"), which its
/// name ends with so that the resume codes of one call site are told apart.
struct nested_call {
    std::size_t arguments = 0;
    std::string via;
};

/// The name of the parameter holding stack value `k` (counted over value slots).
inline std::string stack_parameter(std::size_t k) { return "__lasso_stack_" + std::to_string(k); }
/// The parameter of a nested resume code holding the inner resume function.
inline std::string inner_function_parameter() { return "__lasso_inner"; }
/// The parameter of a nested resume code holding the inner resume function's argument `k`.
inline std::string inner_argument_parameter(std::size_t k) { return "__lasso_inner_" + std::to_string(k); }

/// The arguments a resume function takes for slot `s`: a value or a context manager
/// (and the state to set again, when it is passed).
inline std::size_t arguments_of(const stack_slot& s) {
    if (s.kind == slot_kind::with_exit) return s.restate_passed ? 2 : 1;
    return s.kind == slot_kind::value ? 1 : 0;
}
/// Counts the arguments of the slots of a layout: the stack values a resume function takes.
inline std::size_t value_count(const std::vector<stack_slot>& stack) {
    std::size_t n = 0;
    for (const stack_slot& s : stack) n += arguments_of(s);
    return n;
}

/// A resume code and how it relates to its original: instruction `i` of the resume code
/// is instruction `i - prologue` of the original, and local `k` of the original is its
/// local `local_of_original[k]`, which is how a break inside a resume function finds
/// its place, and its liveness, in the original code.
template <class Code> struct resume_code {
    Code code;
    std::size_t prologue = 0;
    /// The resume code's number of each of the original's locals.
    std::vector<std::size_t> local_of_original;
    /// For a nested resume code: the index of the prologue's call of the inner resume function.
    std::optional<std::size_t> nested_call;
};

/// An original code made ready for its resume codes: decoded and its stack depths
/// found once, however many resume codes are made from it. `depths` is empty when
/// stack analysis of the original fails; its resume codes are then assembled in full.
template <class A> struct resume_source {
    bytecode::code_fields<typename A::value> fields;
    std::vector<bytecode::instruction<A>> decoded;
    bytecode::stack_depths depths;

    explicit resume_source(bytecode::code_fields<typename A::value> original)
        : fields(std::move(original)), decoded(bytecode::decode<A>(fields)) {
        try {
            depths = bytecode::analyze_stack<A>(decoded);
        } catch (const bytecode::bytecode_error&) { depths = {}; }
    }
};

namespace detail {
/// `name` as part of an identifier: letters, digits and underscores kept, anything
/// else dropped, so `<lambda>` gives `lambda` and a resume code's name stays a name.
inline std::string name_part(std::string_view name) {
    std::string out;
    for (char c : name)
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') out += c;
    return out;
}

/// The parameters of a resume code in order: the stack values, then the live locals,
/// then (nested) the inner resume function and its arguments, then every other local
/// of the original.
inline std::vector<std::string> resume_varnames(const std::vector<std::string>& varnames, std::size_t values,
                                                const std::vector<std::string>& live,
                                                std::optional<std::size_t> nested_arguments) {
    std::vector<std::string> names;
    names.reserve(values + varnames.size());
    for (std::size_t k = 0; k < values; ++k) names.push_back(stack_parameter(k));
    for (const auto& name : live) {
        if (std::find(varnames.begin(), varnames.end(), name) == varnames.end())
            give_up(reasons::internal_error, "live local '", name, "' is not a local of the code");
        names.push_back(name);
    }
    if (nested_arguments) {
        names.push_back(inner_function_parameter());
        for (std::size_t k = 0; k < *nested_arguments; ++k) names.push_back(inner_argument_parameter(k));
    }
    for (const auto& name : varnames)
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    return names;
}

/// The resume code's number of each cell number of the original, by the original's
/// number (a plain local's slot maps to itself, unused); empty when no number moves, as
/// in the separate numbering. In the localsplus numbering a resume code's cells follow
/// its own locals, and an argument the original made a cell (sharing the argument's
/// slot) is a free variable of the resume code like any other cell.
template <class A>
std::vector<std::size_t> cell_renumbering(const bytecode::code_fields<typename A::value>& original,
                                          const bytecode::code_fields<typename A::value>& resumed) {
    if constexpr (bytecode::opcode_traits<A>::enc.cells == bytecode::cell_numbering::separate) return {};
    const bytecode::cell_layout from = bytecode::cell_layout_of<A>(original);
    const bytecode::cell_layout to = bytecode::cell_layout_of<A>(resumed);
    std::vector<std::size_t> map(from.numbers());
    bool moves = false;
    for (std::size_t n = 0; n < map.size(); ++n) map[n] = n;
    for (std::size_t i = 0; i < from.size(); ++i) {
        map[from.number_of(i)] = to.number_of(i);
        moves = moves || from.number_of(i) != to.number_of(i);
    }
    if (!moves) map.clear();
    return map;
}

/// The resume code's bytes and tables by copying the original's after the prologue
/// (`bytecode::append_relocated`): one scan of the bytes, with no decoding or assembly
/// of the original. False when the copy is not possible (an absolute jump, a local
/// whose new number needs more bytes, no forward jump in the adapter's table, a stack
/// depth at the target that is not the prologue's); `fields` is then unchanged but for
/// names the prologue added.
template <class A>
bool splice_resume_code(const resume_source<A>& source, std::size_t target, std::size_t stack_size,
                        std::size_t prologue_peak, std::vector<bytecode::instruction<A>> prologue, int line,
                        const std::vector<std::size_t>& local_of_original, const std::vector<std::size_t>& cell_of_original,
                        bytecode::code_fields<typename A::value>& fields) {
    using traits = bytecode::opcode_traits<A>;
    const auto& original = source.fields;
    if (source.depths.before.size() != source.decoded.size() || source.depths.before[target] != static_cast<int>(stack_size))
        return false;
    constexpr auto forward = traits::find(op::jump, bytecode::jump_kind::relative_forward);
    if constexpr (!forward) {
        return false;
    } else {
        const long unit = traits::enc.jump_unit;
        const long target_offset = source.decoded[target].offset;
        if (target_offset < 0 || target_offset % unit != 0) return false;
        // The prologue without its jump, assembled alone; the jump is written by hand: a
        // forward jump from the end of the prologue to the target, which moves by the
        // prologue's size, so its distance is the target's offset in the original.
        prologue.pop_back();
        bytecode::code_fields<typename A::value> scratch;
        scratch.varnames = fields.varnames;
        scratch.names = std::move(fields.names);
        scratch.constants = std::move(fields.constants);
        scratch.cellvars = fields.cellvars;
        scratch.freevars = fields.freevars;
        bytecode::assemble<A>(prologue, scratch);
        fields.names = std::move(scratch.names);
        fields.constants = std::move(scratch.constants);
        if (scratch.varnames.size() != fields.varnames.size()) return false; // the prologue named a local it should not
        std::vector<std::uint8_t> bytes = std::move(scratch.bytecode);
        const std::int64_t distance = target_offset / unit;
        bytecode::encode<A>(bytes, *forward, distance, bytecode::encoded_size<A>(*forward, distance));
        const auto shift = static_cast<std::uint32_t>(bytes.size());

        if (!bytecode::append_relocated<A>(bytes, original.bytecode, local_of_original, cell_of_original)) return false;

        fields.bytecode = std::move(bytes);
        fields.exception_table = original.exception_table;
        for (auto& e : fields.exception_table) {
            e.start += shift;
            e.end += shift;
            e.target += shift;
        }
        fields.line_table.clear();
        fields.line_table.reserve(original.line_table.size() + 1);
        fields.line_table.push_back({0, bytecode::position{line, line, -1, -1}});
        for (const auto& row : original.line_table) fields.line_table.push_back({row.start + shift, row.pos});
        fields.stacksize = std::max(source.depths.max_depth, static_cast<int>(std::max(stack_size, prologue_peak)));
        fields.localsplus_kinds = scratch.localsplus_kinds; // the prologue's assembly derived them from these names
        return true;
    }
}
} // namespace detail

/// The line a resume code at instruction `target` of `source` is named after.
template <class A> int resume_line(const resume_source<A>& source, std::size_t target) {
    const int line = target < source.decoded.size() ? source.decoded[target].pos.line : -1;
    return line >= 0 ? line : source.fields.first_line;
}

/// Makes the resume code of `source` that continues at instruction `target` of its
/// decoded form, with the stack `stack` and the live locals `live` (names of the
/// original's varnames) as parameters; with `nested`, a nested resume code whose
/// prologue also pushes the result of the inner resume function's call. `positional_flags(flags)` gives the flags of a
/// code whose parameters are plain positional ones (the adapter knows which bits mean
/// *args or **kwargs). The resume code is named `resume_in_<function>_at_<line>`, with
/// `_<ordinal>` after it from the second resume code of the same function and line.
///
/// The original's bytes are copied after the prologue with the locals renumbered when
/// that is possible, so that the cost does not grow with the size of the original
/// beyond a scan of its bytes; otherwise (or with `assemble_always`) the instructions
/// are assembled again. Both give the same instructions.
template <class A, class PositionalFlags>
resume_code<typename A::code> make_resume_code(const resume_source<A>& source, std::size_t target,
                                               const std::vector<stack_slot>& stack, const std::vector<std::string>& live,
                                               PositionalFlags&& positional_flags, bool assemble_always = false,
                                               const nested_call* nested = nullptr, std::size_t ordinal = 1) {
    using bytecode::create_instruction;
    using instruction = bytecode::instruction<A>;
    const auto& original = source.fields;
    const auto& decoded = source.decoded;
    if (target >= decoded.size())
        give_up(reasons::internal_error, "resume point ", lasso::detail::decimal(target), " is past the end of the code");
    const int line = resume_line(source, target);

    bytecode::code_fields<typename A::value> fields;
    fields.constants = original.constants;
    fields.names = original.names;
    // A frame's cells (its cell variables, then its free variables) are the resume
    // function's free variables, in that order, so cell indexes stay as they were (and
    // cell numbers too in the separate numbering; localsplus numbers are mapped below).
    const bool has_cells = !original.cellvars.empty() || !original.freevars.empty();
    fields.freevars = original.cellvars;
    fields.freevars.insert(fields.freevars.end(), original.freevars.begin(), original.freevars.end());
    fields.filename = original.filename;
    fields.first_line = original.first_line;
    const std::size_t values = value_count(stack);
    const std::optional<std::size_t> nested_arguments =
        nested ? std::optional<std::size_t>(nested->arguments) : std::nullopt;
    fields.varnames = detail::resume_varnames(original.varnames, values, live, nested_arguments);
    fields.argcount = static_cast<int>(values + live.size() + (nested_arguments ? 1 + *nested_arguments : 0));
    fields.posonly_argcount = 0;
    fields.kwonly_argcount = 0;
    fields.flags = positional_flags(original.flags);
    const std::string distinct = ordinal > 1 ? lasso::detail::join({"_", lasso::detail::decimal(ordinal)}) : "";
    fields.name = lasso::detail::join({"resume_in_", detail::name_part(original.name), "_at_", lasso::detail::decimal(line),
                                       distinct, nested ? "_via_" : "", nested ? detail::name_part(nested->via) : ""});
    fields.qualname = fields.name; // a function of its own at module level, as Dynamo names them

    // The prologue: the original's own (cells, free variables, resume), then the stack.
    // With cells, they all come from the closure (`ClosureResumeAdapter`): one
    // copy_free_vars instead of make_cell and the original's copy_free_vars.
    std::vector<instruction> prologue = frame_prologue<A>(decoded);
    if (has_cells) cells_from_closure<A>(prologue, fields.freevars.size());
    std::size_t k = 0;
    bool reenters = false; ///< the prologue enters with blocks (its exception links need the whole code)
    for (std::size_t i = 0; i < stack.size(); ++i) {
        switch (stack[i].kind) {
        case slot_kind::null: prologue.push_back(create_instruction<A>(op::push_null)); break;
        case slot_kind::value: prologue.push_back(create_instruction<A>(op::load_fast, stack_parameter(k++))); break;
        case slot_kind::discarded:
            if constexpr (requires { A::value_of_constant(constant{}); })
                prologue.push_back(bytecode::create_load_none<A>());
            else give_up(reasons::internal_error, "a discarded stack value needs the adapter's value_of_constant");
            break;
        case slot_kind::with_exit: {
            // Enters the context manager again, inside the block's own handler.
            if (stack[i].handler >= decoded.size())
                give_up(reasons::internal_error,
                        "the handler of a with block at the resume point is past the end of the code");
            const bytecode::exception_link in_block{decoded[stack[i].handler].id, stack[i].depth, stack[i].lasti};
            prologue.push_back(create_instruction<A>(op::load_fast, stack_parameter(k++)));
            prologue.push_back(create_instruction<A>(op::before_with));
            auto drop = create_instruction<A>(op::pop_top);
            drop.exception = in_block;
            prologue.push_back(std::move(drop));
            if (stack[i].restate || stack[i].restate_passed) {
                // setter(value): the state the code in the block had set, or what the
                // instruction at the break left, passed in.
                if constexpr (has_global_state_functions<A>) {
                    using value = typename A::value;
                    const std::size_t first = prologue.size();
                    prologue.push_back(create_instruction<A>(op::push_null));
                    prologue.push_back(create_instruction<A>(
                        op::load_const, bytecode::constant_arg<value>{global_state_setter<A>(stack[i].state)}));
                    if (stack[i].restate_passed)
                        prologue.push_back(create_instruction<A>(op::load_fast, stack_parameter(k++)));
                    else
                        prologue.push_back(create_instruction<A>(
                            op::load_const,
                            bytecode::constant_arg<value>{A::value_of_constant(constant{*stack[i].restate})}));
                    prologue.push_back(create_instruction<A>(op::call, std::int64_t{1}));
                    prologue.push_back(create_instruction<A>(op::pop_top));
                    for (std::size_t j = first; j < prologue.size(); ++j) prologue[j].exception = in_block;
                } else {
                    give_up(reasons::adapter_cannot,
                            "setting global state again in a resume function needs the "
                            "adapter's set_global_state, value_of_constant, "
                            "constant_from_value and make_host_function");
                }
            }
            reenters = true;
            break;
        }
        case slot_kind::method:
            if (i + 1 >= stack.size() || stack[i + 1].kind != slot_kind::value)
                give_up(reasons::internal_error, "a load_method pair at the resume point has no self");
            prologue.push_back(create_instruction<A>(op::load_fast, stack_parameter(k++)));
            prologue.push_back(create_instruction<A>(op::load_method, stack[i].method));
            ++i;
            break;
        }
    }
    // Where the encoding says so (`clear_passed_values`), a parameter that passed a value
    // on the stack is deleted once the value is there, and the inner resume function's
    // once they are the call's arguments: the interpreter held such a value on the stack
    // alone (consumed by the instruction that takes it: an inner frame's locals die when
    // it returns), and a parameter would keep it alive as long as this frame.
    constexpr bool clear = A::bytecode_encoding.clear_passed_values;
    if constexpr (clear)
        for (std::size_t j = 0; j < values; ++j)
            prologue.push_back(create_instruction<A>(op::delete_fast, stack_parameter(j)));
    std::optional<std::size_t> nested_call;
    if (nested_arguments) {
        prologue.push_back(create_instruction<A>(op::push_null));
        prologue.push_back(create_instruction<A>(op::load_fast, inner_function_parameter()));
        for (std::size_t a = 0; a < *nested_arguments; ++a)
            prologue.push_back(create_instruction<A>(op::load_fast, inner_argument_parameter(a)));
        if constexpr (clear) {
            prologue.push_back(create_instruction<A>(op::delete_fast, inner_function_parameter()));
            for (std::size_t a = 0; a < *nested_arguments; ++a)
                prologue.push_back(create_instruction<A>(op::delete_fast, inner_argument_parameter(a)));
        }
        nested_call = prologue.size();
        prologue.push_back(create_instruction<A>(op::call, static_cast<std::int64_t>(*nested_arguments)));
    }
    prologue.push_back(create_instruction<A>(op::jump, bytecode::jump_target{decoded[target].id}));
    for (auto& inst : prologue) inst.pos = bytecode::position{line, line, -1, -1};
    const std::size_t prologue_size = prologue.size();
    std::vector<std::size_t> local_of_original(original.varnames.size());
    for (std::size_t k = 0; k < original.varnames.size(); ++k)
        local_of_original[k] = static_cast<std::size_t>(
            std::find(fields.varnames.begin(), fields.varnames.end(), original.varnames[k]) - fields.varnames.begin());
    const std::vector<std::size_t> cell_of_original = detail::cell_renumbering<A>(original, fields);

    // The stack at the target (the call's result on top, nested), and the deepest the
    // prologue makes it (NULL, the inner function and its arguments, nested).
    const std::size_t depth = stack.size() + (nested_arguments ? 1 : 0);
    const std::size_t peak = stack.size() + (nested_arguments ? 2 + *nested_arguments : 0);
    if (!assemble_always && !reenters &&
        detail::splice_resume_code<A>(source, target, depth, peak, prologue, line, local_of_original, cell_of_original,
                                      fields))
        return {A::make_code(std::move(fields)), prologue_size, std::move(local_of_original), nested_call};

    std::vector<instruction> body;
    body.reserve(prologue_size + decoded.size());
    body.insert(body.end(), std::make_move_iterator(prologue.begin()), std::make_move_iterator(prologue.end()));
    body.insert(body.end(), decoded.begin(), decoded.end());
    bytecode::finish_code<A>(body, fields);
    return {A::make_code(std::move(fields)), prologue_size, std::move(local_of_original), nested_call};
}

} // namespace lasso::resume
