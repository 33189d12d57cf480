// lasso/reasons/table.hpp
//
// The library's reason table (lasso/reasons/entry.hpp says what an entry is) and the
// handles reason sites name: `lasso::reasons::builtin_call`. A new entry goes at the
// end with the next id; ids are never reused or renumbered, since users look them up.
#pragma once

#include <lasso/reasons/entry.hpp>

#include <array>
#include <span>
#include <string_view>

namespace lasso {

// clang-format off
inline constexpr std::array<reason_entry, 33> library_reasons{{
    {"LB0001", "builtin_call", "call of a builtin lasso does not model",
     "The frame calls a builtin of the interpreter that lasso neither records in the graph nor folds to a constant "
     "(printing, input, I/O, or a builtin the adapter maps to a graph break). The graph is compiled up to the call, "
     "the interpreter makes the call, and capture goes on in a resume function.",
     "move the call out of the captured function, or after the tensor work",
     "To look at values while debugging, a comptime callback (`comptime.print_locals()` and the like) prints at trace "
     "time without a break.",
     reason_category::not_capturable},
    {"LB0002", "explicit_break", "graph break asked for",
     "The code calls `graph_break()` or `comptime.graph_break()`: a break where the program asked for one.",
     "remove the call when the break is no longer wanted", "", reason_category::expected},
    {"LB0003", "data_dependent_branch", "branch on a value known only at run time",
     "A condition (an `if`, `while`, `and`/`or`, `assert`, `is None` test) depends on the contents of a tensor or on "
     "another value the trace cannot know. A graph is straight-line code: it cannot branch on its own data.",
     "use cond(pred, true_fn, false_fn, operands) to keep both branches in the graph",
     "When the value only selects between tensors, an arithmetic form (a mask and a multiply) keeps one graph too.",
     reason_category::not_capturable},
    {"LB0004", "data_dependent_value", "a tensor's data used as a plain value",
     "The code turns a tensor's contents into a plain value (`item()`, `tolist()`, an order or a count that depends on "
     "the data). The value exists only when the graph runs, so the code after it cannot be traced with it.",
     "keep the value a tensor (reductions, comparisons and masks stay in the graph)", "",
     reason_category::not_capturable},
    {"LB0005", "unsupported_operator", "operator lasso does not model on these operands",
     "A binary or unary operator, a comparison, `in` or `is` is applied to values lasso cannot evaluate at trace time "
     "nor record in the graph (for instance objects from outside the frame, or operand types it does not know).",
     "compute the value before the captured function, or use tensors and constants for the operands", "",
     reason_category::lasso_limit},
    {"LB0006", "unsupported_tensor_op", "tensor operation the adapter cannot record",
     "The adapter's shape rule declined the tensor operation: it is not one the interpreter offers on tensors, or its "
     "operands are not ones the rule accepts (no tensor operand, a tensor used as an index or a dimension).",
     "use an operation the adapter records, or pass constants where the operation needs them", "",
     reason_category::lasso_limit},
    {"LB0007", "call_not_inlined", "call of a function lasso cannot inline",
     "The called value is not an interpreted function lasso can trace into: a callable from outside the frame, a "
     "function taking *args or **kwargs, one whose globals differ from the frame's, a class without a modelled "
     "constructor, or a recursion too deep to inline.",
     "call a plain function defined in the same module, or call it outside the captured function",
     "Each function that can be captured on its own is captured when it runs, so the break costs one graph split.",
     reason_category::lasso_limit},
    {"LB0008", "call_form_unsupported", "form of call lasso does not model",
     "The call uses a form the translator does not model yet: keyword arguments to a builtin or a method, "
     "`*args`/`**kwargs` unpacking, keyword-only defaults or annotations on a function made in the frame.",
     "pass the arguments positionally", "", reason_category::lasso_limit},
    {"LB0009", "wrong_arguments", "call with arguments the callee does not take",
     "The arguments do not match what the callee takes: too many or too few, an unknown keyword, a value given twice, "
     "or a builtin given the wrong number of arguments. The interpreter raises the error when it makes the call.",
     "fix the call", "", reason_category::user_error},
    {"LB0010", "would_raise", "the code would raise",
     "What the trace reached raises in the interpreter: a `raise` statement that no handler of the same function "
     "catches, a failing `assert`, a division by zero, an index or key that is not there, a name read before "
     "assignment, a dict changed while iterated. The interpreter runs that part and raises (a `raise` that a `try` "
     "block of the same function catches is traced through its handler).",
     "fix the error; the frame is captured when it no longer raises", "", reason_category::user_error},
    {"LB0011", "exception_handling", "exception handling",
     "Exception handling the trace does not follow: the exceptional exit of a `with` block, or the `pop_except` "
     "that makes a handled exception from before a resume function's start current again (a graph break: the "
     "interpreter runs it). Code inside `try` blocks is traced, and so are raises that the same function catches "
     "and handlers that a resume function starts at with an exception raised outside the trace.",
     "let the exception be raised and caught in the captured function, or move the handling out of it", "",
     reason_category::lasso_limit},
    {"LB0012", "value_not_constant", "value needed as a constant is not known at trace time",
     "An index, key, slice bound, attribute name, length or iterable must be known while tracing, but it comes from "
     "something the trace cannot see into (a value from outside the frame, a tensor, an object of unknown type).",
     "make the value a constant or an argument lasso can guard on (ints, strings, tuples, lists and dicts of them)",
     "", reason_category::lasso_limit},
    {"LB0013", "unsupported_attribute", "attribute access lasso does not model",
     "Reading, setting or deleting an attribute that lasso cannot model: of a value without a source to guard, a "
     "special attribute, an attribute whose class runs code on access, or a bound method used as a value.",
     "read the attribute before the captured function and pass it in", "", reason_category::lasso_limit},
    {"LB0014", "unsupported_method", "method call lasso does not model",
     "A method of a built-in type (string, list, dict, ...) that lasso does not evaluate at trace time, or a method "
     "whose receiver is not known at trace time.",
     "use an operator or builtin the trace knows, or call the method outside the captured function", "",
     reason_category::lasso_limit},
    {"LB0015", "unsupported_mutation", "mutation lasso does not model",
     "The code changes something lasso cannot replay after the graph: a container it does not know the items of, one "
     "an iterator is walking, a cell of an inlined function, a global or attribute deleted.",
     "build a new value instead of changing the old one in place", "", reason_category::lasso_limit},
    {"LB0016", "unsupported_bytecode", "instruction the translator does not handle",
     "The translator has no handler for an instruction (or the bytecode is malformed, or it is module-level or class "
     "body code, which is not captured).",
     "capture a function rather than module code; report the instruction if it is common", "",
     reason_category::lasso_limit},
    {"LB0017", "adapter_cannot", "the adapter does not declare a needed feature",
     "Capture needs an optional feature the adapter does not provide (making resume functions, setting global state, "
     "making constants into values, reading code constants, running comptime callbacks, ...). The reason names it.",
     "for adapter authors: implement the named member (docs/adapter-reference.md)", "",
     reason_category::lasso_limit},
    {"LB0018", "break_in_with_block", "graph break that cannot be made inside a with block",
     "A break inside a `with` block of a global-state manager (grad mode) leaves the block and enters it again around "
     "the break (setting the state again to what code in the block set it to, with the setter it called: "
     "`set_grad_enabled`). That is not possible at a return or raise inside the block, inside a with block of an "
     "inlined call, or when code in the block changed the state other than by calling its setter; the block of a "
     "user class stays open across a break, unless the trace stored an attribute __exit__ or __class__. The break "
     "moves to before the block.",
     "move the code that breaks out of the with block", "", reason_category::lasso_limit},
    {"LB0019", "break_not_resumable", "graph break where no resume function can be made",
     "The break is at a place a resume function cannot continue from: inside an inlined call of a function with "
     "cells, in a resume function's prologue, or at a call made by an instruction other than a call. The break moves "
     "out to the frame's call, or the frame runs eagerly.",
     "split the function so the breaking code is in a function of its own", "", reason_category::lasso_limit},
    {"LB0020", "value_not_rebuildable", "a value of the trace cannot be rebuilt after it",
     "A value live at a break or returned must be rebuilt by generated code, and this one cannot be: a container that "
     "contains itself through a function's defaults, an object whose class has no source, a closure or context manager made in the trace, a value "
     "with no source to load it from.",
     "return or keep tensors, constants and containers of them across the break", "",
     reason_category::lasso_limit},
    {"LB0021", "higher_order_misuse", "higher-order operator used in a way it cannot capture",
     "`cond`, `while_loop` or `map_rows` were called with arguments of the wrong kind, or their functions change "
     "something outside them, change global state, or return different structures, shapes or dtypes.",
     "give the operator's functions tensors in and tensors of matching shapes out, and no side effects", "",
     reason_category::user_error},
    {"LB0022", "unsupported_context_manager", "with block or global-state change lasso does not model",
     "The `with` block's manager is not one lasso models (or its __enter__ or __exit__ cannot be traced), or a "
     "global-state change is called in a form it does not model.",
     "use a context manager the adapter declares (grad mode) or a plain class with __enter__/__exit__", "",
     reason_category::lasso_limit},
    {"LB0023", "comptime_misuse", "comptime called wrongly, or its callback failed",
     "A `comptime` call had arguments it does not take, or the callback it ran raised.",
     "fix the comptime call (see docs on comptime)", "", reason_category::user_error},
    {"LB0024", "trace_too_long", "trace larger than lasso's limits",
     "A loop unrolled, a range or string iterated, a sequence built, or inlined calls evaluated past the limits that "
     "keep a translation bounded. The frame runs eagerly (or breaks where it can).",
     "use while_loop or map_rows for long loops, or move the loop out of the captured function", "",
     reason_category::lasso_limit},
    {"LB0025", "inline_too_deep", "inlining deeper than the limit",
     "Calls inlined into each other go deeper than the translator's limit (often a recursion).",
     "make the recursion a loop, or capture the callee on its own", "", reason_category::lasso_limit},
    {"LB0026", "symbolic_size", "size arithmetic lasso cannot express",
     "An operation on a symbolic (dynamic) size cannot be expressed as a size formula: it overflows, divides by a "
     "size, or compares in a way no guard can record.",
     "mark the size static, or compute with the tensor rather than its size", "", reason_category::lasso_limit},
    {"LB0027", "internal_error", "internal error of lasso",
     "Something lasso should handle did not go as it expects. The frame runs as the interpreter would, so results "
     "stay right; please report it with the script.",
     "report the script that shows it", "", reason_category::lasso_limit},
    {"LB0028", "disabled_function", "call of a function disabled for capture",
     "The function was marked with `disable` (`runtime::disable`): it is never captured nor inlined, and its call "
     "inside a captured frame is a graph break.",
     "remove disable() when the function may be captured", "", reason_category::expected},
    {"LB0029", "recompile_guard_failed", "recompile: a guard failed",
     "A call did not match the guards of any cache entry of the code (another type, constant, shape or global), so "
     "the code is translated again for it.",
     "pass the same kinds of values each call, or mark a size dynamic so shapes share an entry", "",
     reason_category::expected},
    {"LB0030", "recompile_dynamic", "recompile: a size became dynamic",
     "A tensor's size changed between calls; automatic dynamic shapes made that dimension symbolic and translated "
     "again with it.",
     "mark the dimension dynamic from the start to save the first recompile", "", reason_category::expected},
    {"LB0031", "cache_limit", "cache size limit reached",
     "A code has as many cache entries as the per-code limit; calls that match none of them run eagerly.",
     "find what changes between calls in the recompile reasons (shapes: mark them dynamic; constants: pass tensors)",
     "`runtime_options::cache_size_limit` raises the limit.", reason_category::expected},
    {"LB0032", "recompile_limit", "recompile limit or stance reached",
     "The number of recompiles over all codes reached the limit, or the stance forbids recompiling: frames that would "
     "be translated again run eagerly (or, under fail_on_recompile, raise).",
     "find what changes between calls in the recompile reasons", "`runtime_options::recompile_limit` raises the limit.",
     reason_category::expected},
    {"LB0033", "nested_frames", "captured frames nested too deep",
     "Captured frames were already running that deep inside each other (a graph break in a loop or a recursion "
     "makes each resume function a captured frame inside the last), so the call runs eagerly.",
     "move the break out of the loop, or raise runtime_options::max_nested_frames", "",
     reason_category::lasso_limit},
}};
// clang-format on

static_assert(valid_reason_table(library_reasons),
              "lasso::library_reasons: ids must be LB0001, LB0002, ... in order, names unique, texts present");

/// The entry of `id` in the library's table or `extra` (an adapter's); nullptr if none.
constexpr const reason_entry* find_reason_by_id(std::string_view id, std::span<const reason_entry> extra = {}) noexcept {
    for (const auto& e : library_reasons)
        if (e.id == id) return &e;
    for (const auto& e : extra)
        if (e.id == id) return &e;
    return nullptr;
}

/// The handles reason sites name.
namespace reasons {
inline constexpr reason_kind builtin_call = find_reason(library_reasons, "builtin_call");
inline constexpr reason_kind explicit_break = find_reason(library_reasons, "explicit_break");
inline constexpr reason_kind data_dependent_branch = find_reason(library_reasons, "data_dependent_branch");
inline constexpr reason_kind data_dependent_value = find_reason(library_reasons, "data_dependent_value");
inline constexpr reason_kind unsupported_operator = find_reason(library_reasons, "unsupported_operator");
inline constexpr reason_kind unsupported_tensor_op = find_reason(library_reasons, "unsupported_tensor_op");
inline constexpr reason_kind call_not_inlined = find_reason(library_reasons, "call_not_inlined");
inline constexpr reason_kind call_form_unsupported = find_reason(library_reasons, "call_form_unsupported");
inline constexpr reason_kind wrong_arguments = find_reason(library_reasons, "wrong_arguments");
inline constexpr reason_kind would_raise = find_reason(library_reasons, "would_raise");
inline constexpr reason_kind exception_handling = find_reason(library_reasons, "exception_handling");
inline constexpr reason_kind value_not_constant = find_reason(library_reasons, "value_not_constant");
inline constexpr reason_kind unsupported_attribute = find_reason(library_reasons, "unsupported_attribute");
inline constexpr reason_kind unsupported_method = find_reason(library_reasons, "unsupported_method");
inline constexpr reason_kind unsupported_mutation = find_reason(library_reasons, "unsupported_mutation");
inline constexpr reason_kind unsupported_bytecode = find_reason(library_reasons, "unsupported_bytecode");
inline constexpr reason_kind adapter_cannot = find_reason(library_reasons, "adapter_cannot");
inline constexpr reason_kind break_in_with_block = find_reason(library_reasons, "break_in_with_block");
inline constexpr reason_kind break_not_resumable = find_reason(library_reasons, "break_not_resumable");
inline constexpr reason_kind value_not_rebuildable = find_reason(library_reasons, "value_not_rebuildable");
inline constexpr reason_kind higher_order_misuse = find_reason(library_reasons, "higher_order_misuse");
inline constexpr reason_kind unsupported_context_manager = find_reason(library_reasons, "unsupported_context_manager");
inline constexpr reason_kind comptime_misuse = find_reason(library_reasons, "comptime_misuse");
inline constexpr reason_kind trace_too_long = find_reason(library_reasons, "trace_too_long");
inline constexpr reason_kind inline_too_deep = find_reason(library_reasons, "inline_too_deep");
inline constexpr reason_kind symbolic_size = find_reason(library_reasons, "symbolic_size");
inline constexpr reason_kind internal_error = find_reason(library_reasons, "internal_error");
inline constexpr reason_kind disabled_function = find_reason(library_reasons, "disabled_function");
inline constexpr reason_kind recompile_guard_failed = find_reason(library_reasons, "recompile_guard_failed");
inline constexpr reason_kind recompile_dynamic = find_reason(library_reasons, "recompile_dynamic");
inline constexpr reason_kind cache_limit = find_reason(library_reasons, "cache_limit");
inline constexpr reason_kind recompile_limit = find_reason(library_reasons, "recompile_limit");
inline constexpr reason_kind nested_frames = find_reason(library_reasons, "nested_frames");
} // namespace reasons

} // namespace lasso
