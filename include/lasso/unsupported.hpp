// lasso/unsupported.hpp
//
// What lasso does with anything it cannot model: `unsupported{reason}`. Inside the
// translator it is thrown (`give_up`), caught at the instruction that met it, and its
// reason becomes the graph break's (or the fall-back's) message; adapters return it
// from shape rules and attribute reads.
#pragma once

#include <lasso/detail/join.hpp>

#include <initializer_list>
#include <string>
#include <string_view>

namespace lasso {

/// Why something cannot be modelled: the graph-break (or fall-back) message.
struct unsupported {
    std::string reason;
    /// False when no graph break can help: the frame must run eagerly from its start
    /// (the interpreter then does what the trace cannot reproduce, such as raising).
    bool breakable = true;
};

namespace detail {
[[noreturn, gnu::cold, gnu::noinline]] inline void give_up_joined(std::initializer_list<std::string_view> parts) {
    throw unsupported{join(parts)};
}
} // namespace detail

/// Throws `unsupported` whose reason is the parts joined
/// (`give_up("global '", name, "' is not defined")`); each part is anything a
/// `std::string_view` can be made from. The joining happens out of line, once, so the
/// many places that give a reason stay small.
template <class... Parts> [[noreturn]] void give_up(const Parts&... parts) {
    detail::give_up_joined({std::string_view(parts)...});
}

/// Like `give_up`, but no graph break is made: the frame runs eagerly (or, under
/// fullgraph, is an error).
template <class... Parts> [[noreturn]] void give_up_frame(const Parts&... parts) {
    throw unsupported{detail::join({std::string_view(parts)...}), false};
}

} // namespace lasso
