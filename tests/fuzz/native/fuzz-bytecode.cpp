// Fuzz target "bytecode": raw bytes as a code object of either test encoding (the
// fixed-width semantic adapter or the variable-width compact one), through decode,
// stack analysis, liveness, disassembly and assembly.
//
// The promise: every problem is a `lasso::bytecode::bytecode_error`; nothing crashes,
// hangs or throws anything else. And what decodes round-trips: assembling the decoded
// instructions gives bytes that decode to the same instructions (opcodes' meaning,
// arguments, jump targets, handlers, positions) with the same stack depths, and the
// packed exception and line tables unpack to what was packed.
//
// Input layout (every field is read with `byte_reader`, so any input is complete):
//   flags: bit 0 compact encoding, bit 1 packed exception table, bit 2 packed line table
//   varnames count, names count, constants count (each mod 8), cells (2 bits cellvars,
//   2 bits freevars), exception table bytes (mod 64), line table bytes (mod 64),
//   initial stack depth (mod 4)
//   constants (2 bytes each: kind, value), exception table bytes, line table bytes,
//   then the bytecode (the rest).
#include "compact_adapter.hpp"
#include "semantic_adapter.hpp"
#include "fuzz_input.hpp"

#include <lasso/bytecode.hpp>

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

using namespace lasso::bytecode;
using lasso_test::compact_adapter;
using lasso_test::constant;
using lasso_test::none_t;
using lasso_test::semantic_adapter;
using lasso_fuzz::byte_reader;
using lasso_fuzz::fail;

/// One line per instruction with links as list positions, so that two decodings with
/// different instruction ids compare equal when they mean the same code.
template <class A> std::string structure(const std::vector<instruction<A>>& instrs) {
    std::unordered_map<instruction_id, std::size_t> index;
    for (std::size_t i = 0; i < instrs.size(); ++i) index.emplace(instrs[i].id, i);
    auto at = [&](instruction_id id) {
        auto it = index.find(id);
        return it == index.end() ? std::string("?") : std::to_string(it->second);
    };
    std::string out;
    for (const auto& inst : instrs) {
        out += name_of(inst.semantic);
        if (auto* t = inst.target()) out += " -> #" + at(t->id);
        else if (auto* n = inst.name_arg()) out += " " + *n;
        else if (auto* c = inst.constant()) out += " " + A::constant_repr(*c);
        else if (auto* i = inst.int_arg()) out += " " + std::to_string(*i);
        if (inst.exception)
            out += " [handler #" + at(inst.exception->target) + " depth " + std::to_string(inst.exception->depth) +
                   (inst.exception->lasti ? " lasti]" : "]");
        out += " @" + std::to_string(inst.pos.line) + ":" + std::to_string(inst.pos.end_line) + ":" +
               std::to_string(inst.pos.column) + ":" + std::to_string(inst.pos.end_column) + "\n";
    }
    return out;
}

std::vector<std::string> names_of(std::size_t count, const char* prefix) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(prefix + std::to_string(i));
    return out;
}

constant read_constant(byte_reader& in) {
    const std::uint8_t kind = in.byte();
    const std::uint8_t v = in.byte();
    switch (kind % 4) {
    case 0: return none_t{};
    case 1: return std::int64_t{v} - 128;
    case 2: return static_cast<double>(v) / 4.0;
    default: return std::string(v % 4, static_cast<char>('a' + v % 26));
    }
}

/// The outcome of stack analysis, comparable across two decodings (an error's message
/// names opcodes, which assembly may change to their sibling of the other direction).
template <class A> std::string depths_of(const std::vector<instruction<A>>& instrs, int initial) {
    try {
        const stack_depths d = analyze_stack<A>(instrs, initial);
        std::string out = "max " + std::to_string(d.max_depth) + ":";
        for (int b : d.before) out += " " + std::to_string(b);
        return out;
    } catch (const bytecode_error&) { return "error"; }
}

template <class A, std::uint32_t Unit> void run(byte_reader& in, std::uint8_t flags) {
    code_fields<constant> f;
    f.name = "fuzzed";
    f.varnames = names_of(in.below(8), "v");
    f.names = names_of(in.below(8), "n");
    const std::size_t constants = in.below(8);
    const std::uint8_t cells = in.byte();
    f.cellvars = names_of(cells & 3, "c");
    f.freevars = names_of((cells >> 2) & 3, "f");
    f.argcount = static_cast<int>(f.varnames.size() / 2);
    const std::size_t exception_bytes = in.below(64);
    const std::size_t line_bytes = in.below(64);
    const int initial_depth = static_cast<int>(in.below(4));
    for (std::size_t i = 0; i < constants; ++i) f.constants.push_back(read_constant(in));

    const auto exceptions = in.take(exception_bytes);
    if (flags & 2) {
        f.exception_table = unpack_exception_table(exceptions, Unit);
    } else {
        for (std::size_t i = 0; i + 5 <= exceptions.size(); i += 5)
            f.exception_table.push_back({exceptions[i], static_cast<std::uint32_t>(exceptions[i] + exceptions[i + 1]),
                                         exceptions[i + 2], static_cast<std::uint32_t>(exceptions[i + 3] % 8),
                                         (exceptions[i + 4] & 1) != 0});
    }
    const auto lines = in.take(line_bytes);
    if (flags & 4) {
        f.line_table = unpack_line_table(lines);
    } else {
        for (std::size_t i = 0; i + 3 <= lines.size(); i += 3)
            f.line_table.push_back({lines[i], {lines[i + 1], lines[i + 1], lines[i + 2] % 16, lines[i + 2] / 16}});
    }
    const auto bytes = in.rest();
    f.bytecode.assign(bytes.begin(), bytes.end());

    (void)scan<A>(f.bytecode);
    const auto indexed = decode_indexed<A>(f);
    auto instrs = decode<A>(f);
    if (indexed.size() != instrs.size()) fail("decode and decode_indexed disagree on the instruction count");
    (void)disassemble<A>(instrs);
    const std::string depths = depths_of<A>(instrs, initial_depth);
    try {
        (void)analyze_liveness<A>(indexed, f);
        (void)analyze_liveness<A>(instrs, f);
    } catch (const bytecode_error&) {}

    // What decodes assembles, and decodes again to the same code.
    const std::string before = structure<A>(instrs);
    code_fields<constant> out = f;
    try {
        assemble<A>(instrs, out);
    } catch (const bytecode_error& e) { fail("decoded code does not assemble", std::string(e.what()) + "\n" + before); }
    std::vector<instruction<A>> again;
    try {
        again = decode<A>(out);
    } catch (const bytecode_error& e) { fail("assembled code does not decode", std::string(e.what()) + "\n" + before); }
    const std::string after = structure<A>(again);
    if (after != before) fail("assembled code decodes to different instructions", "before:\n" + before + "after:\n" + after);
    if (depths_of<A>(again, initial_depth) != depths)
        fail("assembled code has different stack depths", depths + "\n" + depths_of<A>(again, initial_depth));

    // The adapter's code objects store both tables packed.
    const auto code = A::make_code(out);
    const code_fields<constant> read = A::read_code(code);
    if (read.exception_table != out.exception_table) fail("the exception table does not survive packing");
    if (read.line_table != out.line_table) fail("the line table does not survive packing");
}

} // namespace

int lasso_fuzz::bytecode_one_input(const std::uint8_t* data, std::size_t size) {
    byte_reader in({data, size});
    const std::uint8_t flags = in.byte();
    try {
        if (flags & 1) run<compact_adapter, 1>(in, flags);
        else run<semantic_adapter, 2>(in, flags);
    } catch (const bytecode_error&) {
        // The documented way to reject bytes.
    }
    return 0;
}

#ifdef LASSO_FUZZ_LIBFUZZER
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return lasso_fuzz::bytecode_one_input(data, size);
}
#endif
