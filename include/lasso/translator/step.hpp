// lasso/translator/step.hpp
//
// What an instruction handler returns: go on with the next instruction, or jump to
// the instruction at an index. A handler that cannot model its instruction throws
// `lasso::unsupported` instead (`give_up`), so the translator's loop sees a plain value
// on every instruction it models.
#pragma once

#include <lasso/unsupported.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>

namespace lasso {

/// Go on with the next instruction.
struct next {};
/// Go on with the instruction at `index` of the decoded code.
struct jump_to {
    std::size_t index;
};

class step {
public:
    step(next) noexcept {}
    step(jump_to j) noexcept : target_(j.index) {}
    template <std::same_as<unsupported> U> step(U) {
        static_assert(!std::same_as<U, unsupported>,
                      "lasso::translator: a handler does not return lasso::unsupported; it throws it "
                      "(throw lasso::unsupported{why, text}) or calls give_up(why, text...)");
    }
    bool jumps() const noexcept { return target_ != no_jump; }
    std::size_t target() const noexcept { return target_; }

private:
    static constexpr std::size_t no_jump = SIZE_MAX;
    std::size_t target_ = no_jump;
};

} // namespace lasso
