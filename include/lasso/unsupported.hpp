// lasso/unsupported.hpp
//
// What lasso does with anything it cannot model: `unsupported{why, text}`, where `why`
// names an entry of a reason table (lasso/reasons.hpp). Inside the translator it is
// thrown (`give_up`), caught at the instruction that met it, and its tagged text
// ("LB0001 call of print()") becomes the graph break's (or the fall-back's) message;
// adapters return it from shape rules and attribute reads. A reason without an entry
// does not compile: there is no `unsupported` nor `give_up` without a `reason_kind`.
#pragma once

#include <lasso/detail/join.hpp>
#include <lasso/reasons.hpp>

#include <concepts>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace lasso {

namespace detail {
template <class> inline constexpr bool reason_needed = false;
} // namespace detail

/// Why something cannot be modelled: the registry entry and the message.
struct unsupported {
    unsupported(reason_kind why_, std::string text, bool breakable_ = true)
        : why(why_), reason(std::move(text)), breakable(breakable_) {}
    /// The old form, a message alone, names no entry: not allowed.
    template <class Text>
        requires std::convertible_to<Text, std::string_view> || std::convertible_to<Text, std::string> unsupported(Text&&)
            : why(reasons::internal_error) {
            static_assert(detail::reason_needed<Text>,
                          "lasso::unsupported{why, text}: name the reason's registry entry "
                          "first (lasso/reasons.hpp), e.g. unsupported{reasons::builtin_call, text}");
        }

        reason_kind why;
        std::string reason; ///< the message, without the id
        /// False when no graph break can help: the frame must run eagerly from its start
        /// (the interpreter then does what the trace cannot reproduce, such as raising).
        bool breakable = true;

        /// The message with the entry's id in front.
        std::string tagged() const { return lasso::tagged(why, reason); }
};

namespace detail {
[[noreturn, gnu::cold, gnu::noinline]] inline void
give_up_joined(reason_kind why, std::initializer_list<std::string_view> parts, bool breakable) {
    throw unsupported{why, join(parts), breakable};
}
} // namespace detail

/// Throws `unsupported` of entry `why` whose message is the parts joined
/// (`give_up(reasons::would_raise, "global '", name, "' is not defined")`); each part is
/// anything a `std::string_view` can be made from. The joining happens out of line,
/// once, so the many places that give a reason stay small.
template <class... Parts> [[noreturn]] void give_up(reason_kind why, const Parts&... parts) {
    detail::give_up_joined(why, {std::string_view(parts)...}, true);
}

/// The old form, parts alone, names no entry: not allowed.
template <class First, class... Parts>
    requires(!std::convertible_to<First, reason_kind>)
void give_up(const First&, const Parts&...) {
    static_assert(detail::reason_needed<First>,
                  "lasso::give_up(why, parts...): name the reason's registry entry first "
                  "(lasso/reasons.hpp), e.g. give_up(reasons::builtin_call, ...)");
}

/// Like `give_up`, but no graph break is made: the frame runs eagerly (or, under
/// fullgraph, is an error).
template <class... Parts> [[noreturn]] void give_up_frame(reason_kind why, const Parts&... parts) {
    detail::give_up_joined(why, {std::string_view(parts)...}, false);
}

/// The old form, parts alone, names no entry: not allowed.
template <class First, class... Parts>
    requires(!std::convertible_to<First, reason_kind>)
void give_up_frame(const First&, const Parts&...) {
    static_assert(detail::reason_needed<First>,
                  "lasso::give_up_frame(why, parts...): name the reason's registry entry "
                  "first (lasso/reasons.hpp), e.g. give_up_frame(reasons::would_raise, ...)");
}

} // namespace lasso
