// lasso/translator/dispatch.hpp
//
// Which handler each opcode gets: the library's, or one the translator's `Config` gives.
// A Config handler is a static member function `handle` whose first parameter is a tag
// naming what it handles, a semantic op or one opcode of the adapter by number,
//
//     template <class T>
//     static lasso::step handle(lasso::semantic<lasso::op::binary_op>, T& t, const typename T::instruction& inst);
//     template <class T>
//     static lasso::step handle(lasso::opcode<0x61>, T& t, const typename T::instruction& inst);
//
// where `T` is the translator. The choice is made when the translator's dispatch table is
// built (`opcode_traits<A>::dispatch_table`), at compile time: the slot of opcode number
// N holds the Config's handler of `opcode<N>` if it has one, else its handler of the
// opcode's semantic op, else the library's (`translator::on<O>`, which a Config handler
// may call to add to the standard behaviour). Nothing is compared while translating. The
// tag is how a Config says what it overrides, so a `handle` for a tag whose other
// parameters or return type are wrong is a compile-time error, not an override silently
// ignored.
#pragma once

#include <lasso/bytecode/opcode_table.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/translator/step.hpp>
#include <lasso/translator/unread_lists.hpp>
#include <lasso/unsupported.hpp>

#include <concepts>
#include <cstdint>

namespace lasso {

/// Tag of a Config handler of every opcode whose semantic op is `O`.
template <bytecode::op O> struct semantic { static constexpr bytecode::op value = O; };

/// Tag of a Config handler of the adapter's opcode numbered `Number`; it wins over a
/// handler of the opcode's semantic op.
template <std::uint16_t Number> struct opcode { static constexpr std::uint16_t value = Number; };

namespace detail {
/// Stands for any argument after the tag, in the probe that finds whether a Config
/// declares a `handle` for a tag at all. Declared only: probes are unevaluated.
struct any_handler_argument {
    using instruction = any_handler_argument; // so that `const typename T::instruction&` deduces
    template <class U> operator U&() const;
};

/// Whether `Config` declares some `handle` for `Tag`, whatever follows the tag (up to
/// three parameters) and whether or not it is static.
template <class Config, class Tag>
concept declares_handler = requires(any_handler_argument& a) {
    Config::handle(Tag{}, a, a);
}
|| requires(any_handler_argument& a, Config& c) { c.handle(Tag{}, a, a); }
|| requires { Config::handle(Tag{}); }
|| requires(any_handler_argument& a) { Config::handle(Tag{}, a); }
|| requires(any_handler_argument& a) { Config::handle(Tag{}, a, a, a); };
} // namespace detail

/// Whether `Config` gives translator `T` a handler for `Tag` (`semantic<O>` or
/// `opcode<N>`): a static `Config::handle(Tag{}, t, inst)` for `T& t` and
/// `const typename T::instruction& inst` that returns a `lasso::step`.
template <class Config, class T, class Tag> consteval bool config_handles() {
    if constexpr (requires(T & t, const typename T::instruction& inst) {
                      { Config::handle(Tag{}, t, inst) } -> std::convertible_to<step>;
                  }) {
        return true;
    } else {
        static_assert(!detail::declares_handler<Config, Tag>,
                      "lasso::translator: the Config's handle(Tag, ...) for the tag named in this instantiation "
                      "has the wrong signature: a handler is `template <class T> static lasso::step "
                      "handle(Tag, T& t, const typename T::instruction& inst)` (docs/capture-design.md)");
        return false;
    }
}

namespace detail {
/// What translator `T`'s dispatch table is built from (`opcode_traits::dispatch_table`).
/// The unread lists an instruction consumes are read before it runs, whoever handles it.
template <class T> struct dispatch {
    using Config = typename T::config;
    using instruction = typename T::instruction;

    static_assert(
        !requires(T & t, const instruction& inst) { Config::handle_custom(t, inst); },
        "lasso::translator: Config::handle_custom is now spelled "
        "`handle(lasso::semantic<lasso::op::custom>, t, inst)` (docs/capture-design.md)");

    /// A number the adapter's table has no opcode for.
    static step unknown(T&, const instruction& inst) {
        lasso::give_up(reasons::unsupported_bytecode, "unknown opcode ", lasso::detail::decimal(inst.opcode));
    }
    /// Every opcode of semantic op `O` the Config has no opcode handler for.
    template <bytecode::op O> static step handle(T& t, const instruction& inst) {
        handlers::read_consumed_lists<O>(t, inst);
        push_flagged_nulls(t, inst);
        return handle_op<O>(t, inst);
    }
    template <std::uint16_t Number>
    static constexpr bool has_opcode_handler = config_handles<Config, T, lasso::opcode<Number>>();
    /// Opcode `Number`, which the Config handles itself.
    template <std::uint16_t Number> static step handle_opcode(T& t, const instruction& inst) {
        handlers::read_consumed_lists<bytecode::opcode_traits<typename T::adapter>::semantic(Number)>(t, inst);
        push_flagged_nulls(t, inst);
        return Config::handle(lasso::opcode<Number>{}, t, inst);
    }

private:
    template <bytecode::op O> static step handle_op(T& t, const instruction& inst) {
        if constexpr (config_handles<Config, T, lasso::semantic<O>>()) return Config::handle(lasso::semantic<O>{}, t, inst);
        else return t.template on<O>(inst);
    }
    /// An instruction whose argument has a set `push_null` flag is a push_null, then the
    /// instruction (only ops that pop nothing may have the flag), whoever handles it.
    static void push_flagged_nulls(T& t, const instruction& inst) {
        using traits = bytecode::opcode_traits<typename T::adapter>;
        if constexpr (traits::uses_flag(bytecode::arg_flag::push_null)) {
            for (int k = traits::pushed_nulls(inst.opcode, inst.flags); k > 0; --k)
                (void)handle_op<bytecode::op::push_null>(t, inst);
        } else {
            (void)t, (void)inst;
        }
    }
};
} // namespace detail

} // namespace lasso
