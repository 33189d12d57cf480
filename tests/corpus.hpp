// Hand-built codes for the test adapters: raw bytes written out by hand, with their
// exception and line tables, so that decode and assemble are checked against bytes that
// neither produced.
#pragma once

#include "cache_adapter.hpp"
#include "compact_adapter.hpp"
#include "semantic_adapter.hpp"

#include <string>
#include <vector>

namespace lasso_test::corpus {

using lasso::bytecode::code_fields;
using lasso::bytecode::exception_entry;
using lasso::bytecode::line_entry;
using lasso::bytecode::op;

constexpr std::uint8_t S(op o) { return semantic_adapter::num(o); }
constexpr std::uint8_t B(op o) { return semantic_adapter::backward(o); }

/// return x + 1
inline code_fields<constant> straight_line() {
    code_fields<constant> f;
    f.name = "straight_line";
    f.varnames = {"x"};
    f.argcount = 1;
    f.constants = {std::int64_t{1}};
    f.bytecode = {S(op::resume), 0, S(op::load_fast), 0, S(op::load_const), 0, S(op::binary_op), 0, S(op::return_value), 0};
    f.line_table = {{0, {1, 1, 0, 0}}, {2, {2, 2, 11, 16}}};
    return f;
}

/// i = 0; while i < 10: i += 1; return i   (a forward and a backward jump)
inline code_fields<constant> counting_loop() {
    code_fields<constant> f;
    f.name = "counting_loop";
    f.varnames = {"i"};
    f.constants = {std::int64_t{0}, std::int64_t{10}, std::int64_t{1}};
    f.bytecode = {
        // clang-format off
        S(op::load_const), 0,        // 0
        S(op::store_fast), 0,        // 2
        S(op::load_fast), 0,         // 4   loop head
        S(op::load_const), 1,        // 6
        S(op::compare_op), 0,        // 8   <
        S(op::pop_jump_if_false), 5, // 10  -> 22
        S(op::load_fast), 0,         // 12
        S(op::load_const), 2,        // 14
        S(op::binary_op), 13,        // 16  +=
        S(op::store_fast), 0,        // 18
        B(op::jump), 9,              // 20  -> 4
        S(op::load_fast), 0,         // 22
        S(op::return_value), 0,      // 24
        // clang-format on
    };
    f.line_table = {{0, {1, 1, 0, 5}}, {4, {2, 2, 6, 12}}, {12, {3, 3, 4, 10}}, {22, {4, 4, 4, 12}}};
    return f;
}

/// try: (try: x = f() except E: x = 2) finally: g();  return x  -- nested protected
/// ranges (the packed form here is nested, not flattened) and handlers with lasti.
inline code_fields<constant> nested_try() {
    code_fields<constant> f;
    f.name = "nested_try";
    f.varnames = {"x"};
    f.names = {"f", "E", "g"};
    f.constants = {none_t{}, std::int64_t{2}};
    f.bytecode = {
        // clang-format off
        S(op::nop), 0,               // 0   outer try
        S(op::nop), 0,               // 2   inner try
        S(op::push_null), 0,         // 4
        S(op::load_global), 0,       // 6   f
        S(op::call), 0,              // 8
        S(op::store_fast), 0,        // 10
        S(op::jump), 13,             // 12  -> 40
        S(op::push_exc_info), 0,     // 14  inner handler
        S(op::load_global), 1,       // 16  E
        S(op::check_exc_match), 0,   // 18
        S(op::pop_jump_if_false), 5, // 20  -> 32
        S(op::pop_top), 0,           // 22
        S(op::load_const), 1,        // 24
        S(op::store_fast), 0,        // 26
        S(op::pop_except), 0,        // 28
        S(op::jump), 4,              // 30  -> 40
        S(op::reraise), 0,           // 32
        S(op::copy), 3,              // 34  cleanup of the inner handler
        S(op::pop_except), 0,        // 36
        S(op::reraise), 1,           // 38
        S(op::push_null), 0,         // 40  finally, normal path
        S(op::load_global), 2,       // 42  g
        S(op::call), 0,              // 44
        S(op::pop_top), 0,           // 46
        S(op::load_fast), 0,         // 48
        S(op::return_value), 0,      // 50
        S(op::push_exc_info), 0,     // 52  finally, exceptional path
        S(op::push_null), 0,         // 54
        S(op::load_global), 2,       // 56
        S(op::call), 0,              // 58
        S(op::pop_top), 0,           // 60
        S(op::reraise), 0,           // 62
        S(op::copy), 3,              // 64  cleanup of the finally handler
        S(op::pop_except), 0,        // 66
        S(op::reraise), 1,           // 68
        // clang-format on
    };
    f.exception_table = {
        {0, 40, 52, 0, false}, // outer try, contains the next three
        {2, 14, 14, 0, false}, // inner try
        {14, 30, 34, 1, true}, // inner handler
        {32, 34, 34, 1, true}, // inner handler's re-raise
        {52, 64, 64, 1, true}, // finally handler
    };
    f.line_table = {{0, {1, 1, 0, 3}},  {4, {3, 3, 8, 11}},  {14, {4, 4, 4, 12}},
                    {40, {7, 7, 4, 7}}, {48, {8, 8, 4, 12}}, {52, {7, 7, 4, 7}}};
    return f;
}

// ---- the compact adapter ---------------------------------------------------------

using C = compact_adapter;

/// i = 0; while i < 10: i = i + 1; return i   with the compact encoding and a
/// relative backward jump
inline code_fields<constant> compact_loop() {
    code_fields<constant> f;
    f.name = "compact_loop";
    f.varnames = {"i"};
    f.constants = {std::int64_t{0}, std::int64_t{10}, std::int64_t{1}};
    f.bytecode = {
        // clang-format off
        C::LDC, 0, 0,  // 0
        C::STL, 0,     // 3
        C::LDL, 0,     // 5   loop head
        C::LDC, 1, 0,  // 7
        C::CMP, 0,     // 10
        C::IFNOT, 11,  // 12  -> 25
        C::LDL, 0,     // 14
        C::LDC, 2, 0,  // 16
        C::BINOP, 0,   // 19
        C::STL, 0,     // 21
        C::LOOP, 20,   // 23  -> 5
        C::LDL, 0,     // 25
        C::RET,        // 27
        // clang-format on
    };
    f.line_table = {{0, {1, 1, 0, 5}}, {5, {2, 2, 6, 12}}, {14, {3, 3, 4, 10}}, {25, {4, 4, 4, 12}}};
    return f;
}

/// try: x = f() ** 2 except: x = None; raise   with an absolute jump and a custom op
inline code_fields<constant> compact_try() {
    code_fields<constant> f;
    f.name = "compact_try";
    f.varnames = {"x"};
    f.names = {"f"};
    f.constants = {none_t{}};
    f.bytecode = {
        // clang-format off
        C::NOP,        // 0   try
        C::PUSHNULL,   // 1
        C::LDG, 0, 0,  // 2
        C::CALL, 0,    // 5
        C::SQUARE,     // 7   custom op
        C::STL, 0,     // 8
        C::GOTO, 26, 0, // 10 -> 26
        C::PUSHEXC,    // 13  handler
        C::LDC, 0, 0,  // 14
        C::STL, 0,     // 17
        C::RERAISE, 0, // 19
        C::DUP, 3,     // 21  cleanup
        C::POPEXC,     // 23
        C::RERAISE, 1, // 24
        C::LDL, 0,     // 26
        C::RET,        // 28
        // clang-format on
    };
    f.exception_table = {{0, 10, 13, 0, false}, {13, 21, 21, 1, true}};
    f.line_table = {{0, {1, 1, 0, 3}}, {1, {2, 2, 8, 11}}, {13, {3, 3, 0, 6}}, {26, {4, 4, 4, 12}}};
    return f;
}

/// Appends one two-byte instruction and `caches` cache units holding `fill` to `bytes`.
inline void put(std::vector<std::uint8_t>& bytes, std::uint8_t opcode, std::uint8_t arg, int caches = 0,
                std::uint8_t fill = 0) {
    bytes.push_back(opcode);
    bytes.push_back(arg);
    bytes.insert(bytes.end(), static_cast<std::size_t>(2 * caches), fill);
}

/// def f(x, n):
///     total = 0
///     for i in range(n): total = total + i
///     if total:
///         try: print(total)
///         except: pass
///     return total
/// for the cache adapter (whose opcode numbers are the semantic adapter's), laid out as
/// CPython 3.11 would, byte offsets on the right; the caches hold `fill` (zeros in real
/// code objects, anything while an interpreter runs them).
inline code_fields<constant> cached_loop_and_try(std::uint8_t fill = 0) {
    code_fields<constant> f;
    f.name = "cached_loop_and_try";
    f.argcount = 2;
    f.varnames = {"x", "n", "total", "i"};
    f.names = {"print", "range"};
    f.constants = {std::int64_t{0}};
    auto& b = f.bytecode;
    // clang-format off
    put(b, S(op::resume), 0);                       // 0
    put(b, S(op::load_const), 0);                   // 2   0
    put(b, S(op::store_fast), 2);                   // 4   total
    put(b, S(op::load_global), 3, 5, fill);         // 6   NULL + range (1 << 1 | 1), 5 caches
    put(b, S(op::load_fast), 1);                    // 18  n
    put(b, S(op::call), 1, 4, fill);                // 20  4 caches
    put(b, S(op::get_iter), 0);                     // 30
    put(b, S(op::for_iter), 8, 1, fill);            // 32  to 52 = 36 + 2 * 8
    put(b, S(op::store_fast), 3);                   // 36  i
    put(b, S(op::load_fast), 2);                    // 38  total
    put(b, S(op::load_fast), 3);                    // 40  i
    put(b, S(op::binary_op), 0, 1, fill);           // 42  +
    put(b, S(op::store_fast), 2);                   // 46  total
    put(b, B(op::jump), 10, 1, fill);               // 48  to 32 = 52 - 2 * 10
    put(b, S(op::load_fast), 2);                    // 52  total
    put(b, S(op::pop_jump_if_false), 13, 1, fill);  // 54  to 84 = 58 + 2 * 13
    put(b, S(op::load_global), 1, 5, fill);         // 58  NULL + print (0 << 1 | 1), in the try
    put(b, S(op::load_fast), 2);                    // 70  total
    put(b, S(op::call), 1, 4, fill);                // 72
    put(b, S(op::pop_top), 0);                      // 82
    put(b, S(op::load_fast), 2);                    // 84  total
    put(b, S(op::return_value), 0);                 // 86
    put(b, S(op::push_exc_info), 0);                // 88  handler of 58 to 84
    put(b, S(op::pop_top), 0);                      // 90
    put(b, S(op::pop_except), 0);                   // 92
    put(b, B(op::jump), 7, 1, fill);                // 94  to 84 = 98 - 2 * 7
    // clang-format on
    f.exception_table = {{58, 84, 88, 0, false}};
    f.line_table = {{0, {1, 1, 0, 0}},   {2, {2, 2, 4, 13}},   {6, {3, 3, 13, 21}}, {36, {3, 3, 8, 9}}, {38, {3, 3, 24, 37}},
                    {52, {4, 4, 7, 12}}, {58, {5, 5, 13, 25}}, {84, {6, 6, 4, 16}}, {88, {5, 5, 8, 14}}};
    return f;
}

/// The offsets of the instructions of `cached_loop_and_try`: never one inside caches.
inline const std::vector<long> cached_loop_and_try_offsets{0,  2,  4,  6,  18, 20, 30, 32, 36, 38, 40, 42, 46,
                                                           48, 52, 54, 58, 70, 72, 82, 84, 86, 88, 90, 92, 94};

} // namespace lasso_test::corpus
