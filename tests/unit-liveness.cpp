// Live locals: exact sets before and after every instruction of hand-built codes
// (branches, loops, for loops, deletes, exception handlers, unreachable code), the
// indexed and the editable form agreeing, and malformed input rejected by name.
#include "corpus.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace lasso::bytecode;
using lasso_test::compact_adapter;
using lasso_test::constant;
using lasso_test::semantic_adapter;

namespace {

/// Builds an instruction list; jumps and protected ranges are linked afterwards, by
/// position.
template <class A> struct builder {
    std::vector<instruction<A>> code;

    builder& add(op o) { return push(create_instruction<A>(o)); }
    builder& add(op o, const char* name) { return push(create_instruction<A>(o, std::string(name))); }
    builder& add(op o, int n) { return push(create_instruction<A>(o, std::int64_t{n})); }
    builder& constant_(std::int64_t k) {
        return push(create_instruction<A>(op::load_const, constant_arg<constant>{constant{k}}));
    }
    builder& jump(std::size_t from, std::size_t to) {
        code[from].argval = jump_target{code[to].id};
        return *this;
    }
    /// Instructions first..last go to the handler at `handler`, unwinding to `depth`.
    builder& protect(std::size_t first, std::size_t last, std::size_t handler, std::uint32_t depth = 0) {
        for (std::size_t i = first; i <= last; ++i) code[i].exception = exception_link{code[handler].id, depth, false};
        return *this;
    }

private:
    builder& push(instruction<A> inst) {
        code.push_back(std::move(inst));
        return *this;
    }
};

/// "[a,b] [] [b]": the live locals at every instruction, by name.
std::string table(const liveness& live, const std::vector<std::string>& names, bool after) {
    std::string s;
    for (std::size_t i = 0; i < live.instruction_count(); ++i) {
        if (i) s += ' ';
        s += '[';
        const auto locals = after ? live.live_locals_after(i) : live.live_locals_before(i);
        for (std::size_t k = 0; k < locals.size(); ++k) s += (k ? "," : "") + names[locals[k]];
        s += ']';
    }
    return s;
}

struct analysed {
    code_fields<constant> fields;
    liveness live;
    std::string before() const { return table(live, fields.varnames, false); }
    std::string after() const { return table(live, fields.varnames, true); }
};

/// Checks the code is well formed, assembles it with locals `varnames` (in that order)
/// and analyses the decoded indexed form; the editable form must give the same sets.
template <class A> analysed analyse(builder<A>& b, std::vector<std::string> varnames) {
    analysed r;
    r.fields.varnames = std::move(varnames);
    (void)analyze_stack<A>(b.code);
    assemble<A>(b.code, r.fields);
    r.live = analyze_liveness(decode_indexed<A>(r.fields), r.fields);
    const liveness editable = analyze_liveness(b.code, r.fields);
    CHECK(table(editable, r.fields.varnames, false) == r.before());
    CHECK(table(editable, r.fields.varnames, true) == r.after());
    return r;
}

template <class F> std::string error_of(F f) {
    try {
        (void)f();
    } catch (const bytecode_error& e) { return e.what(); }
    return "no error";
}

} // namespace

TEST_CASE_TEMPLATE("liveness: straight-line code", A, semantic_adapter, compact_adapter) {
    builder<A> b;
    b.add(op::resume, 0).add(op::load_fast, "x").add(op::load_fast, "y").add(op::binary_op, 0).add(op::return_value);
    const auto r = analyse(b, {"x", "y", "z"});
    CHECK(r.before() == "[x,y] [x,y] [y] [] []");
    CHECK(r.after() == "[x,y] [y] [] [] []");
    CHECK(r.live.live_before(0, 0));
    CHECK(r.live.live_before(1, 1));
    CHECK_FALSE(r.live.live_before(0, 2));
    CHECK_FALSE(r.live.live_after(1, 0));
    CHECK(r.live.instruction_count() == 5);
    CHECK(r.live.local_count() == 3);
}

TEST_CASE_TEMPLATE("liveness: a store, a dead store and a read", A, semantic_adapter, compact_adapter) {
    builder<A> b;
    b.constant_(1).add(op::store_fast, "x");            // 0, 1: dead, overwritten below
    b.add(op::load_fast, "y").add(op::store_fast, "x"); // 2, 3
    b.constant_(2).add(op::store_fast, "z");            // 4, 5: never read
    b.add(op::load_fast, "x").add(op::return_value);    // 6, 7
    const auto r = analyse(b, {"x", "y", "z"});
    CHECK(r.before() == "[y] [y] [y] [] [x] [x] [x] []");
    CHECK(r.after() == "[y] [y] [] [x] [x] [x] [] []");
}

TEST_CASE_TEMPLATE("liveness: locals read on one side of a branch", A, semantic_adapter, compact_adapter) {
    builder<A> b;
    b.add(op::load_fast, "c").add(op::pop_jump_if_false); // 0, 1 -> 5
    b.add(op::load_fast, "x").add(op::store_fast, "z");   // 2, 3
    b.add(op::jump);                                      // 4 -> 7
    b.add(op::load_fast, "y").add(op::store_fast, "z");   // 5, 6
    b.add(op::load_fast, "z").add(op::return_value);      // 7, 8
    b.jump(1, 5).jump(4, 7);
    const auto r = analyse(b, {"c", "x", "y", "z"});
    CHECK(r.before() == "[c,x,y] [x,y] [x] [] [z] [y] [] [z] []");
    CHECK(r.after() == "[x,y] [x,y] [] [z] [z] [] [z] [] []");
}

TEST_CASE_TEMPLATE("liveness: a local read at the loop head is live around the back edge", A, semantic_adapter,
                   compact_adapter) {
    // i = 0; while i < 10: i += 1; return n
    builder<A> b;
    // clang-format off
    b.constant_(0).add(op::store_fast, "i");                                          // 0, 1
    b.add(op::load_fast, "i").constant_(10).add(op::compare_op, 0).add(op::pop_jump_if_false); // 2-5 -> 11
    b.add(op::load_fast, "i").constant_(1).add(op::binary_op, 13).add(op::store_fast, "i");    // 6-9
    b.add(op::jump);                                                                  // 10 -> 2
    b.add(op::load_fast, "n").add(op::return_value);                                  // 11, 12
    // clang-format on
    b.jump(5, 11).jump(10, 2);
    const auto r = analyse(b, {"i", "n"});
    CHECK(r.before() == "[n] [n] [i,n] [i,n] [i,n] [i,n] [i,n] [n] [n] [n] [i,n] [n] []");
    CHECK(r.after() == "[n] [i,n] [i,n] [i,n] [i,n] [i,n] [n] [n] [n] [i,n] [i,n] [] []");
}

TEST_CASE_TEMPLATE("liveness: for loops follow the exit edge of for_iter", A, semantic_adapter, compact_adapter) {
    // s = 0; for v in xs: s = s + v; return s + r   (r is read only after the loop)
    builder<A> b;
    // clang-format off
    b.constant_(0).add(op::store_fast, "s");                           // 0, 1
    b.add(op::load_fast, "xs").add(op::get_iter).add(op::for_iter);    // 2, 3, 4 -> 11
    b.add(op::store_fast, "v").add(op::load_fast, "s").add(op::load_fast, "v"); // 5, 6, 7
    b.add(op::binary_op, 0).add(op::store_fast, "s").add(op::jump);    // 8, 9, 10 -> 4
    b.add(op::load_fast, "s").add(op::load_fast, "r").add(op::binary_op, 0).add(op::return_value); // 11-14
    // clang-format on
    b.jump(4, 11).jump(10, 4);
    const auto r = analyse(b, {"xs", "v", "s", "r"});
    CHECK(r.before() == "[xs,r] [xs,r] [xs,s,r] [s,r] [s,r] [s,r] [v,s,r] [v,r] [r] [r] [s,r] [s,r] [r] [] []");
    CHECK(r.after() == "[xs,r] [xs,s,r] [s,r] [s,r] [s,r] [v,s,r] [v,r] [r] [r] [s,r] [s,r] [r] [] [] []");
}

TEST_CASE_TEMPLATE("liveness: delete_fast reads the binding it removes", A, semantic_adapter, compact_adapter) {
    SUBCASE("del x raises when x is unbound, so x is live before it") {
        builder<A> b;
        b.add(op::delete_fast, "x");
        b.constant_(0).add(op::return_value);
        CHECK(analyse(b, {"x"}).before() == "[x] [] []");
    }
    SUBCASE("read after the delete") {
        builder<A> b;
        b.add(op::delete_fast, "x").add(op::load_fast, "x").add(op::return_value);
        CHECK(analyse(b, {"x"}).before() == "[x] [x] []");
    }
    SUBCASE("deleted on one path only") {
        builder<A> b;
        b.add(op::load_fast, "c").add(op::pop_jump_if_false); // 0, 1 -> 4
        b.add(op::delete_fast, "x").add(op::jump);            // 2, 3 -> 5
        b.add(op::nop);                                       // 4
        b.add(op::load_fast, "x").add(op::return_value);      // 5, 6
        b.jump(1, 4).jump(3, 5);
        CHECK(analyse(b, {"c", "x"}).before() == "[c,x] [x] [x] [x] [x] [x] []");
    }
}

TEST_CASE_TEMPLATE("liveness: a handler keeps alive what it reads", A, semantic_adapter, compact_adapter) {
    // x = 0
    // try: x = f(); return y
    // except: return x
    builder<A> b;
    // clang-format off
    b.constant_(0).add(op::store_fast, "x");                                    // 0, 1
    b.add(op::push_null).add(op::load_global, "f").add(op::call, 0);            // 2, 3, 4 protected
    b.add(op::store_fast, "x").add(op::load_fast, "y").add(op::return_value);   // 5, 6, 7 protected
    b.add(op::push_exc_info).add(op::pop_top).add(op::pop_except);              // 8, 9, 10 handler
    b.add(op::load_fast, "x").add(op::return_value);                            // 11, 12
    // clang-format on
    b.protect(2, 7, 8);
    const auto r = analyse(b, {"x", "y"});
    // x is live from 2 to 4 only because those may raise into the handler, which reads
    // it; not before the store at 5, which cannot raise and overwrites it.
    CHECK(r.before() == "[y] [y] [x,y] [x,y] [x,y] [y] [x,y] [x] [x] [x] [x] [x] []");
    CHECK(r.after() == "[y] [x,y] [x,y] [x,y] [x,y] [x,y] [x] [x] [x] [x] [x] [] []");
}

TEST_CASE_TEMPLATE("liveness: unreachable code", A, semantic_adapter, compact_adapter) {
    builder<A> b;
    // clang-format off
    b.add(op::nop).add(op::jump);                         // 0, 1 -> 4
    b.add(op::load_fast, "y").add(op::store_fast, "x");   // 2, 3: unreachable, falls into 4
    b.add(op::load_fast, "x").add(op::return_value);      // 4, 5
    b.add(op::load_fast, "z").add(op::return_value);      // 6, 7: unreachable
    // clang-format on
    b.jump(1, 4);
    const auto r = analyse(b, {"x", "y", "z"});
    CHECK(r.before() == "[x] [x] [y] [] [x] [] [z] []");
}

TEST_CASE("liveness: a code decoded from bytes") {
    const auto f = lasso_test::corpus::counting_loop();
    const auto live = analyze_liveness(decode_indexed<semantic_adapter>(f), f);
    CHECK(table(live, f.varnames, false) == "[] [] [i] [i] [i] [i] [i] [] [] [] [i] [i] []");
    CHECK(table(analyze_liveness(decode<semantic_adapter>(f), f), f.varnames, false) == table(live, f.varnames, false));
}

TEST_CASE("liveness: locals beyond the first 64-bit word; cells are not tracked") {
    std::vector<std::string> names;
    for (int k = 0; k < 70; ++k) names.push_back("v" + std::to_string(k));
    builder<semantic_adapter> b;
    b.add(op::load_fast, "v65").add(op::load_fast, "v3").add(op::binary_op, 0).add(op::store_fast, "v64");
    b.add(op::load_deref, "cell").add(op::pop_top).add(op::load_fast, "v64").add(op::return_value);
    analysed r;
    r.fields.varnames = names;
    r.fields.cellvars = {"cell"};
    assemble<semantic_adapter>(b.code, r.fields);
    r.live = analyze_liveness(decode_indexed<semantic_adapter>(r.fields), r.fields);
    CHECK(r.before() == "[v3,v65] [v3] [] [] [v64] [v64] [v64] []");
    CHECK(r.live.live_before(0, 65));
    CHECK_FALSE(r.live.live_before(0, 64));
    CHECK(r.live.live_after(3, 64));
}

TEST_CASE("liveness: empty code and queries out of range") {
    const code_fields<constant> f;
    const auto empty = analyze_liveness(std::vector<indexed_instruction<semantic_adapter>>{}, f);
    CHECK(empty.instruction_count() == 0);
    CHECK_THROWS_AS((void)empty.live_locals_before(0), std::out_of_range);

    builder<semantic_adapter> b;
    b.add(op::load_fast, "x").add(op::return_value);
    const auto r = analyse(b, {"x"});
    CHECK_THROWS_AS((void)r.live.live_before(0, 1), std::out_of_range);
    CHECK_THROWS_AS((void)r.live.live_after(2, 0), std::out_of_range);
}

TEST_CASE("liveness: malformed input is a bytecode_error naming the problem") {
    builder<semantic_adapter> b;
    b.add(op::load_fast, "x").add(op::pop_jump_if_false).add(op::load_fast, "x").add(op::return_value);
    b.add(op::nop).constant_(0).add(op::return_value);
    b.jump(1, 4).protect(2, 3, 4, 0);
    code_fields<constant> f;
    f.varnames = {"x"};
    assemble<semantic_adapter>(b.code, f);
    const auto good = decode_indexed<semantic_adapter>(f);
    auto error_in = [](const auto& code, const auto& fields) {
        return error_of([&] { return analyze_liveness(code, fields); });
    };
    REQUIRE(error_in(good, f) == "no error");
    // The error of `good` changed by `change`.
    auto broken = [&](auto change) {
        auto code = good;
        auto fields = f;
        change(code, fields);
        return error_in(code, fields);
    };
    using indexed = std::vector<indexed_instruction<semantic_adapter>>;
    using fields_t = code_fields<constant>;

    CHECK(broken([](indexed& c, fields_t&) { c[1].target = 99; }) ==
          "bytecode error at offset 2: pop_jump_if_false: the jump target is not in the instruction list");
    CHECK(broken([](indexed& c, fields_t&) { c[2].handler = 3; }) ==
          "bytecode error at offset 4: load_fast: exception table entry 3 does not exist");
    CHECK(broken([](indexed&, fields_t& g) { g.exception_table[0].target = 9; }) ==
          "bytecode error at offset 4: load_fast: the exception handler is not in the instruction list");
    CHECK(broken([](indexed& c, fields_t&) { c[2].arg = 1; }) ==
          "bytecode error at offset 4: load_fast: local variable index 1 out of range (1 entries)");
    CHECK(broken([](indexed& c, fields_t&) { c.pop_back(); }) ==
          "bytecode error at offset 10: load_const: control falls off the end of the code");

    // The editable form: a name missing from varnames, a target missing from the list.
    auto g = f;
    g.varnames = {"y"};
    CHECK(error_in(b.code, g) == "bytecode error at offset 0: load_fast: 'x' is not a local variable of the code");
    auto code = b.code;
    code.erase(code.begin() + 4); // the jump target and handler
    CHECK(error_in(code, f) ==
          "bytecode error at offset 2: pop_jump_if_false: the jump target is not in the instruction list");
}
