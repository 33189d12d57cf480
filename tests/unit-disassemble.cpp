// The disassembler: layout, argument meanings, jump-target markers, the current
// instruction marker and the exception table.
#include "corpus.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace lasso::bytecode;
using lasso_test::compact_adapter;
using lasso_test::semantic_adapter;
namespace corpus = lasso_test::corpus;

TEST_CASE("disassembly of a loop") {
    const auto text = disassemble<semantic_adapter>(decode<semantic_adapter>(corpus::counting_loop()));
    CHECK(text ==
          "   1            0 load_const                  0 (0)\n"
          "                2 store_fast                  0 (i)\n"
          "\n"
          "   2     >>     4 load_fast                   0 (i)\n"
          "                6 load_const                  1 (10)\n"
          "                8 compare_op                  0 (<)\n"
          "               10 pop_jump_if_false           5 (to 22)\n"
          "\n"
          "   3           12 load_fast                   0 (i)\n"
          "               14 load_const                  2 (1)\n"
          "               16 binary_op                  13 (+=)\n"
          "               18 store_fast                  0 (i)\n"
          "               20 jump_backward               9 (to 4)\n"
          "\n"
          "   4     >>    22 load_fast                   0 (i)\n"
          "               24 return_value\n");
}

TEST_CASE("current instruction marker and exception table") {
    disassemble_options options;
    options.current_offset = 7;
    const auto text = disassemble<compact_adapter>(decode<compact_adapter>(corpus::compact_try()), options);
    CHECK(text.find("     -->        7 SQUARE\n") != std::string::npos);
    CHECK(text.find("   2            1 PUSHNULL\n") != std::string::npos);
    CHECK(text.find("                2 LDG                         0 (f)\n") != std::string::npos);
    CHECK(text.find("               10 GOTO                       26 (to 26)\n") != std::string::npos);
    CHECK(text.find(">>    26 LDL") != std::string::npos);
    CHECK(text.find(">>    13 PUSHEXC") != std::string::npos);
    CHECK(text.find("ExceptionTable:\n  0 to 8 -> 13 [0]\n  13 to 19 -> 21 [1] lasti\n") != std::string::npos);
    options.exception_table = false;
    CHECK(disassemble<compact_adapter>(decode<compact_adapter>(corpus::compact_try()), options).find("ExceptionTable") ==
          std::string::npos);
}

TEST_CASE("operator arguments are shown by meaning") {
    std::vector<instruction<semantic_adapter>> instrs;
    instrs.push_back(create_instruction<semantic_adapter>(op::compare_op, std::int64_t{5}));
    instrs.push_back(create_instruction<semantic_adapter>(op::is_op, std::int64_t{1}));
    instrs.push_back(create_instruction<semantic_adapter>(op::contains_op, std::int64_t{1}));
    instrs.push_back(create_instruction<semantic_adapter>(op::binary_op, std::int64_t{4}));
    const auto text = disassemble<semantic_adapter>(instrs);
    CHECK(text.find("compare_op                  5 (>=)") != std::string::npos);
    CHECK(text.find("is_op                       1 (is not)") != std::string::npos);
    CHECK(text.find("contains_op                 1 (not in)") != std::string::npos);
    CHECK(text.find("binary_op                   4 (@)") != std::string::npos);
}
