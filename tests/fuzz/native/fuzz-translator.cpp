// Fuzz target "translator": random but decodable code of the tiny runtime's instruction
// set (the compact encoding plus its extra opcodes,
// examples/minimal_adapter/tiny_runtime.hpp) on a frame of random values, through the translator and then, as the frame entry
// point does, through code generation: the replacement code of a frame captured whole,
// or the code at a graph break with its resume functions.
//
// The promise: a translation ends with a result or a reason (`unsupported`), never a
// crash or another exception; what codegen writes decodes and passes stack analysis;
// the guards of a translation pass on the frame they were made from; a second
// translation told to stop at the failing instruction gets there. Guards that cannot
// be compiled (`guard_error`) and code that cannot be written (`unsupported`) are
// answers, as they are for the runtime.
//
// Input layout (read with `byte_reader`):
//   flags: bit 0 guided (each instruction's operands are on the symbolic stack), bit 1
//   cells (one cell variable and two free variables)
//   parameter count (1 to 4), then a value kind for each parameter
//   exception ranges (count mod 3; 5 bytes each: start, length, handler, depth, lasti)
//   instructions, 2 bytes each (opcode, argument), to the end of the input
#include "fuzz_input.hpp"
#include "tiny_runtime.hpp"

#include <lasso/bytecode.hpp>
#include <lasso/guards/compile_guards.hpp>
#include <lasso/output/codegen.hpp>
#include <lasso/output/break_code.hpp>
#include <lasso/output/break_plan.hpp>
#include <lasso/translator/translator.hpp>

#include <string>
#include <vector>

namespace {

namespace tiny = lasso_test::tiny;
namespace bc = lasso::bytecode;
using A = tiny::adapter;
using traits = bc::opcode_traits<A>;
using lasso_fuzz::byte_reader;
using lasso_fuzz::fail;

constexpr std::size_t max_instructions = 64;

/// The standard translator, with loops unrolled less far and fewer list and tuple items
/// traced: random code loops a lot (and doubles lists), and smaller bounds reach the
/// same paths sooner.
struct fuzz_config : lasso::default_config<A> {
    static constexpr std::size_t max_unrolled_instructions = 1000;
    static constexpr std::size_t max_traced_sequence_items = 1 << 14;
};
using translator = lasso::translator<A, fuzz_config>;

std::uint16_t number_of(bc::op o) { return *traits::find(o); }

tiny::value tensor_of(std::vector<std::int64_t> shape) {
    std::size_t n = 1;
    for (auto d : shape) n *= static_cast<std::size_t>(d);
    std::vector<double> data(n);
    for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<double>(i) - 1.5;
    return tiny::make(tiny::tensor{{"f64", std::move(shape)}, std::move(data)});
}

/// A frame value of one of sixteen kinds.
tiny::value value_of_kind(std::uint8_t kind) {
    switch (kind % 16) {
    case 0: return tensor_of({});
    case 1: return tensor_of({3});
    case 2: return tensor_of({2, 3});
    case 3: return tensor_of({3, 2});
    case 4: return tiny::make(std::int64_t{kind / 16} - 4);
    case 5: return tiny::make(2.5);
    case 6: return tiny::make((kind & 16) != 0);
    case 7: return tiny::none();
    case 8: return tiny::make(std::string("a"));
    case 9: return tiny::make(tiny::tuple{{tensor_of({3}), tiny::make(std::int64_t{2})}});
    case 10: return tiny::make(tiny::list{{tensor_of({3}), tensor_of({3})}});
    case 11: return tiny::make(tiny::dict{{{"a", tensor_of({3})}, {"n", tiny::make(std::int64_t{3})}}});
    case 12: return tiny::make(tiny::instance{"Obj", {{"a", tensor_of({2, 3})}, {"n", tiny::make(std::int64_t{1})}}});
    case 13: return tiny::make(tiny::builtin_fn{"relu"});
    case 14: return tiny::make(tiny::class_object{"Cls", {{"k", tiny::make(std::int64_t{7})}}});
    default: return tiny::make(tiny::function{"helper"});
    }
}

/// Global and attribute names; the first ones are bound in the frame's globals.
const std::vector<std::string>& name_pool() {
    static const std::vector<std::string> names{
        "relu",  "print", "len",   "range", "abs", "max", "no_grad", "graph_break", "comptime", "torch_relu",
        "T",     "N",     "L",     "obj",   "D",   "Cls", "helper",  "a",           "n",        "k",
        "shape", "ndim",  "dtype", "neg",   "sum", "add", "mul",     "matmul",      "missing"};
    return names;
}

tiny::frame make_frame(byte_reader& in, const std::vector<std::string>& varnames, int argcount, std::size_t cells) {
    tiny::frame f;
    for (const char* builtin :
         {"relu", "print", "len", "range", "abs", "max", "no_grad", "graph_break", "comptime", "torch_relu"})
        f.globals[builtin] = tiny::make(tiny::builtin_fn{builtin});
    f.globals["T"] = tensor_of({3});
    f.globals["N"] = tiny::make(std::int64_t{4});
    f.globals["L"] = value_of_kind(10);
    f.globals["obj"] = value_of_kind(12);
    f.globals["D"] = value_of_kind(11);
    f.globals["Cls"] = value_of_kind(14);
    f.globals["helper"] = value_of_kind(15);
    f.locals.assign(varnames.size(), std::nullopt);
    for (int i = 0; i < argcount; ++i) f.locals[static_cast<std::size_t>(i)] = value_of_kind(in.byte());
    for (std::size_t i = 0; i < cells; ++i) f.cells.push_back(value_of_kind(static_cast<std::uint8_t>(1 + 3 * i)));
    return f;
}

std::vector<tiny::value> constant_pool() {
    return {tiny::none(),
            tiny::make(std::int64_t{0}),
            tiny::make(std::int64_t{1}),
            tiny::make(std::int64_t{2}),
            tiny::make(std::int64_t{3}),
            tiny::make(std::int64_t{-1}),
            tiny::make(2.5),
            tiny::make(true),
            tiny::make(std::string("a")),
            tiny::make(std::string("shape"))};
}

/// An immediate argument for `semantic`: mostly in the range the op uses, now and then
/// a large one.
std::int64_t immediate_for(bc::op semantic, std::uint8_t b) {
    if (b >= 248) return std::int64_t{b} * 1000;
    switch (semantic) {
    case bc::op::binary_op: return b % 26;
    case bc::op::compare_op: return b % 7;
    case bc::op::copy:
    case bc::op::swap: return 1 + b % 4;
    case bc::op::is_op:
    case bc::op::contains_op:
    case bc::op::reraise:
    case bc::op::call_function_ex: return b % 2;
    default: return b % 5;
    }
}

struct program {
    bc::code_fields<tiny::value> fields;
    tiny::frame frame;
};

/// Generates instructions from the input and assembles them; nullopt when the
/// generated instructions do not assemble (a jump of a direction the op lacks, say).
std::optional<program> generate(byte_reader& in) {
    const std::uint8_t flags = in.byte();
    const bool guided = (flags & 1) != 0;
    const bool with_cells = (flags & 2) != 0;
    program p;
    auto& f = p.fields;
    f.name = "fuzzed";
    f.filename = "fuzzed.py";
    f.argcount = static_cast<int>(1 + in.below(4));
    f.varnames = {"x0", "x1", "x2", "x3", "t0", "t1"};
    f.varnames.resize(static_cast<std::size_t>(f.argcount) + 2);
    if (with_cells) {
        f.cellvars = {"c0"};
        f.freevars = {"f0", "f1"};
    }
    p.frame = make_frame(in, f.varnames, f.argcount, f.cellvars.size() + f.freevars.size());

    struct range {
        std::uint8_t start, length, handler, depth;
        bool lasti;
    };
    std::vector<range> ranges(in.below(3));
    for (auto& r : ranges) r = {in.byte(), in.byte(), in.byte(), static_cast<std::uint8_t>(in.byte() % 4), in.flag()};

    const auto& names = name_pool();
    const auto constants = constant_pool();
    std::vector<std::string> cellnames = f.cellvars;
    cellnames.insert(cellnames.end(), f.freevars.begin(), f.freevars.end());

    std::vector<bc::instruction<A>> instrs;
    std::vector<std::uint8_t> jump_choice; // per instruction: the byte choosing its target
    int depth = 0;
    while (!in.empty() && instrs.size() < max_instructions) {
        std::uint16_t number = A::opcodes[in.below(A::opcodes.size())].number;
        const std::uint8_t b = in.byte();
        if (traits::is_extended_arg(number)) number = number_of(bc::op::nop);
        const auto& info = traits::info(number);
        bc::argument<tiny::value> arg;
        switch (info.arg) {
        case bc::arg_kind::none: break;
        case bc::arg_kind::immediate: arg = immediate_for(info.semantic, b); break;
        case bc::arg_kind::local: arg = f.varnames[b % f.varnames.size()]; break;
        case bc::arg_kind::name: arg = names[b % names.size()]; break;
        case bc::arg_kind::constant: arg = bc::constant_arg<tiny::value>{constants[b % constants.size()]}; break;
        case bc::arg_kind::cell:
            if (cellnames.empty()) number = number_of(bc::op::nop);
            else arg = cellnames[b % cellnames.size()];
            break;
        case bc::arg_kind::jump: arg = bc::jump_target{}; break;
        }
        if (guided) {
            // Replace an instruction whose operands are not there by a load.
            const auto effect =
                traits::effect(number, std::get_if<std::int64_t>(&arg) ? std::get<std::int64_t>(arg) : 0, false);
            if (effect.pops > depth || effect.pops < 0) {
                number = (b & 1) ? number_of(bc::op::load_fast) : number_of(bc::op::load_global);
                arg = (b & 1) ? f.varnames[static_cast<std::size_t>(b / 2) % static_cast<std::size_t>(f.argcount)]
                              : names[(b / 2) % 17];
            }
        }
        auto inst = bc::make_instruction<A>(number, std::move(arg));
        inst.pos = {1 + static_cast<int>(instrs.size() / 3), 1 + static_cast<int>(instrs.size() / 3), 0, 1};
        if (guided && !traits::is_jump(number)) {
            const auto effect = traits::effect(number, inst.arg, false);
            depth += effect.pushes - effect.pops;
            if (bc::is_terminator(inst.semantic)) depth = 0;
        }
        instrs.push_back(std::move(inst));
        jump_choice.push_back(b);
    }
    if (instrs.empty()) return std::nullopt;

    // Jump targets: where the op (or a sibling of the other direction) can reach.
    const std::size_t n = instrs.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (!instrs[i].is_jump()) continue;
        const auto& info = traits::info(instrs[i].opcode);
        const bool absolute = info.jump == bc::jump_kind::absolute;
        const bool forward = absolute || traits::find(info.semantic, bc::jump_kind::relative_forward);
        const bool backward = absolute || traits::find(info.semantic, bc::jump_kind::relative_backward);
        std::size_t target = jump_choice[i] % n;
        if (!backward) {
            if (i + 1 >= n) {
                auto nop = bc::make_instruction<A>(number_of(bc::op::nop));
                nop.id = instrs[i].id; // earlier jumps may target it
                nop.pos = instrs[i].pos;
                instrs[i] = std::move(nop);
                continue;
            }
            target = i + 1 + jump_choice[i] % (n - i - 1);
        } else if (!forward) {
            target = jump_choice[i] % (i + 1);
        }
        instrs[i].argval = bc::jump_target{instrs[target].id};
    }
    for (const range& r : ranges) {
        const std::size_t start = r.start % n;
        const std::size_t end = start + 1 + r.length % (n - start);
        const bc::exception_link link{instrs[r.handler % n].id, r.depth, r.lasti};
        for (std::size_t i = start; i < end; ++i) instrs[i].exception = link;
    }

    f.names = {names.begin(), names.begin() + 17};
    try {
        bc::assemble<A>(instrs, f);
    } catch (const bc::bytecode_error&) { return std::nullopt; }
    return p;
}

std::string disassembly(const bc::code_fields<tiny::value>& fields) {
    try {
        return bc::disassemble<A>(bc::decode<A>(fields));
    } catch (const bc::bytecode_error& e) { return e.what(); }
}

/// Whether a code decodes and passes stack and liveness analysis.
bool valid(const bc::code_fields<tiny::value>& fields) {
    try {
        const auto decoded = bc::decode<A>(fields);
        (void)bc::analyze_stack<A>(decoded);
        (void)bc::analyze_liveness<A>(decoded, fields);
        return true;
    } catch (const bc::bytecode_error&) { return false; }
}

/// Generated code must decode and pass stack analysis.
void check_generated(const bc::code_fields<tiny::value>& generated, const char* what,
                     const bc::code_fields<tiny::value>& original) {
    try {
        (void)bc::analyze_stack<A>(bc::decode<A>(generated));
    } catch (const bc::bytecode_error& e) {
        fail(std::string(what) + " is not valid bytecode", std::string(e.what()) + "\noriginal:\n" + disassembly(original));
    }
}

template <class Translation> void lint(const Translation& t, const char* when, const bc::code_fields<tiny::value>& code) {
    try {
        t.graph.lint();
    } catch (const std::exception& e) {
        fail(std::string("the graph breaks an invariant ") + when, std::string(e.what()) + "\n" + disassembly(code));
    }
}

std::optional<tiny::value> compiled_value(std::size_t ops) {
    if (ops == 0) return std::nullopt;
    return tiny::make(tiny::builtin_fn{"__compiled_fn"});
}

template <class Translation>
void generate_whole(const program& p, Translation& t, const std::vector<std::string>& cellnames) {
    const auto& fields = p.fields;
    lasso::guard_program<A> guards;
    try {
        guards = lasso::compile_guards<A>(t.guards, t.sources, fields.varnames, cellnames);
    } catch (const lasso::guard_error&) { return; }
    if (!guards.check(p.frame)) {
        const auto failed = guards.explain(p.frame);
        fail("a guard fails on the frame it was made from", (failed ? failed->reason : "?") + "\n" + disassembly(fields));
    }
    lasso::output::graph_outputs outputs;
    try {
        outputs = lasso::output::finalize_graph(t);
    } catch (const lasso::unsupported&) {
        return; // the runtime runs such a frame eagerly (a list that contains itself, say)
    }
    lint(t, "after finalize_graph", fields);
    try {
        auto generated = lasso::output::generate_code<A>(fields, t, outputs, compiled_value(t.graph.call_count()));
        if (auto* code = std::get_if<A::code>(&generated)) check_generated(*code, "the code of a captured frame", fields);
    } catch (const bc::bytecode_error& e) {
        fail("generate_code throws bytecode_error", std::string(e.what()) + "\n" + disassembly(fields));
    }
}

template <class Translation>
void generate_break(const program& p, const Translation& first, const std::vector<std::string>& cellnames) {
    const auto& fields = p.fields;
    // As the runtime: no graph breaks in functions with cells yet.
    if (!fields.cellvars.empty() || !fields.freevars.empty()) return;
    auto t = translator(fields, p.frame, lasso::translator_options{first.instructions}).run();
    if (!t.stopped()) fail("translating again did not reach the graph break", t.reason() + "\n" + disassembly(fields));
    lint(t, "after the second translation", fields);
    const lasso::frame_state& state = t.stopped()->state;
    try {
        const lasso::resume::resume_source<A> source(fields);
        const auto& decoded = source.decoded;
        const bc::liveness original_live = bc::analyze_liveness<A>(decoded, fields);
        const lasso::output::break_liveness live(original_live);
        lasso::guard_program<A> guards = lasso::compile_guards<A>(t.guards, t.sources, fields.varnames, cellnames);
        if (!guards.check(p.frame)) fail("a guard of the second translation fails on its frame", disassembly(fields));
        const lasso::output::break_frame<A> frames[] = {{&state, &decoded, state.pc, live, &fields.varnames, 0}};
        lasso::output::break_plan plan = lasso::output::plan_break<A>(t, std::span(frames), fields);
        const auto* here = std::get_if<lasso::ending::break_at_instruction>(&first.end);
        plan.run_instruction = !(here && here->instruction_in_resume);
        const auto outputs = lasso::output::finalize_graph(t, plan.roots);
        lint(t, "after finalize_graph at a break", fields);
        auto resume_at = [&](std::size_t, std::size_t index, const std::vector<lasso::resume::stack_slot>& stack,
                             const std::vector<std::string>& live_names, std::optional<std::size_t>) {
            auto made =
                lasso::resume::make_resume_code<A>(source, index, stack, live_names, [](std::uint32_t f) { return f; });
            check_generated(made.code, "a resume function", fields);
            return tiny::make(tiny::function{"__resume"});
        };
        auto bound_at_entry = [&](std::size_t i) { return A::frame_local(p.frame, i) != nullptr; };
        const auto code = lasso::output::generate_break_code<A>(
            fields, t, std::span(frames), plan, outputs, compiled_value(t.graph.call_count()), resume_at, bound_at_entry);
        check_generated(code, "the code at a graph break", fields);
    } catch (const lasso::unsupported&) {
    } catch (const lasso::guard_error&) {
    } catch (const bc::bytecode_error& e) {
        // Resume functions contain the original instructions, and the code at a break
        // needs the liveness of the original's locals: when the original fails stack
        // or liveness analysis (control falls off the end, even where unreachable),
        // the runtime runs the frame eagerly. Otherwise the code must be writable.
        if (valid(fields))
            fail("the code at a graph break cannot be written",
                 std::string(e.what()) + "\nbreak: " + first.reason() + "\n" + disassembly(fields));
    }
}

} // namespace

int lasso_fuzz::translator_one_input(const std::uint8_t* data, std::size_t size) {
    byte_reader in({data, size});
    const auto p = generate(in);
    if (!p) return 0;
    std::vector<std::string> cellnames = p->fields.cellvars;
    cellnames.insert(cellnames.end(), p->fields.freevars.begin(), p->fields.freevars.end());
    try {
        auto t = translator(p->fields, p->frame).run();
        lint(t, "after translation", p->fields);
        if (t.captured()) generate_whole(*p, t, cellnames);
        else if (t.breaks()) generate_break(*p, t, cellnames);
    } catch (const std::exception& e) { fail(std::string("exception escaped: ") + e.what(), disassembly(p->fields)); }
    return 0;
}

#ifdef LASSO_FUZZ_LIBFUZZER
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return lasso_fuzz::translator_one_input(data, size);
}
#endif
