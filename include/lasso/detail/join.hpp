// lasso/detail/join.hpp
//
// Message text for errors and graph-break reasons, assembled out of line. Messages are
// built on cold paths all over the headers; chaining `std::string` operator+ at each of
// them put a copy of the string-growing code at every call site, which every
// translation unit including lasso compiled. Here a call site only lists its parts.
#pragma once

#include <charconv>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>

namespace lasso::detail {

/// The parts, concatenated: `join({"local '", name, "' is read before assignment"})`.
[[gnu::cold, gnu::noinline]] inline std::string join(std::initializer_list<std::string_view> parts) {
    std::size_t size = 0;
    for (std::string_view part : parts) size += part.size();
    std::string out;
    out.reserve(size);
    for (std::string_view part : parts) out.append(part);
    return out;
}

/// The decimal text of an integer, as a part for `join`, without allocating.
class decimal {
public:
    template <std::integral Integer>
    explicit decimal(Integer value) noexcept
        : size_(write(text_,
                      static_cast<std::conditional_t<std::is_signed_v<Integer>, std::int64_t, std::uint64_t>>(value))) {}
    operator std::string_view() const noexcept { return {text_, size_}; }

private:
    template <class Integer> [[gnu::noinline]] static std::size_t write(char (&text)[24], Integer value) noexcept {
        return static_cast<std::size_t>(std::to_chars(text, text + sizeof text, value).ptr - text);
    }
    char text_[24];
    std::size_t size_;
};

} // namespace lasso::detail
