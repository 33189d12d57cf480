// What the native fuzz targets share: their entry points (one function per target,
// called by libFuzzer's `LLVMFuzzerTestOneInput` in a fuzzing build and by the replay
// driver in every build), a reader that turns fuzz bytes into choices, and the way a
// target reports a broken promise (a message, then abort, which both libFuzzer and
// ctest see as a crash).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>

namespace lasso_fuzz {

/// Target entry points: each takes one input and returns 0 (libFuzzer's convention).
int bytecode_one_input(const std::uint8_t* data, std::size_t size);
int minipy_one_input(const std::uint8_t* data, std::size_t size);
int translator_one_input(const std::uint8_t* data, std::size_t size);

/// Set by the replay driver to the file being run, so that a failure names it.
inline const char* current_input = nullptr;

/// Reports a promise the code under test broke, and aborts.
[[noreturn]] inline void fail(std::string_view what, std::string_view detail = {}) {
    std::fprintf(stderr, "lasso fuzz: %.*s\n", static_cast<int>(what.size()), what.data());
    if (!detail.empty()) std::fprintf(stderr, "%.*s\n", static_cast<int>(detail.size()), detail.data());
    if (current_input) std::fprintf(stderr, "input: %s\n", current_input);
    std::abort();
}

/// Choices read from fuzz bytes, in order. Past the end every read gives 0, so any
/// input, even an empty one, makes a complete and deterministic set of choices.
class byte_reader {
public:
    explicit byte_reader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}

    bool empty() const noexcept { return pos_ >= bytes_.size(); }
    std::size_t left() const noexcept { return empty() ? 0 : bytes_.size() - pos_; }

    std::uint8_t byte() noexcept { return empty() ? 0 : bytes_[pos_++]; }
    /// A number in [0, n), or 0 when n is 0.
    std::uint32_t below(std::uint32_t n) noexcept { return n == 0 ? 0 : byte() % n; }
    bool flag() noexcept { return (byte() & 1) != 0; }
    /// The next `n` bytes (fewer at the end).
    std::span<const std::uint8_t> take(std::size_t n) noexcept {
        n = n < left() ? n : left();
        auto out = bytes_.subspan(pos_, n);
        pos_ += n;
        return out;
    }
    std::span<const std::uint8_t> rest() noexcept { return take(left()); }

private:
    std::span<const std::uint8_t> bytes_;
    std::size_t pos_ = 0;
};

} // namespace lasso_fuzz
