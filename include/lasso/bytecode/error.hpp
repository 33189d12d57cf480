// lasso/bytecode/error.hpp
//
// The one exception type of the bytecode layer. Every problem found in bytecode names
// the offset (and the line when known) and says what is wrong, so that an interpreter
// author can find the instruction without a debugger.
#pragma once

#include <lasso/detail/join.hpp>

#include <stdexcept>
#include <string>

namespace lasso::bytecode {

class bytecode_error : public std::runtime_error {
public:
    /// `offset` is a byte offset into the code, or -1 when the problem has no position.
    bytecode_error(std::string reason, long offset = -1, int line = -1)
        : std::runtime_error(format(reason, offset, line)), reason_(std::move(reason)), offset_(offset), line_(line) {}

    const std::string& reason() const noexcept { return reason_; }
    long offset() const noexcept { return offset_; }
    int line() const noexcept { return line_; }

private:
    static std::string format(const std::string& reason, long offset, int line) {
        using lasso::detail::decimal;
        using lasso::detail::join;
        if (offset >= 0 && line >= 0)
            return join({"bytecode error at offset ", decimal(offset), " (line ", decimal(line), "): ", reason});
        if (offset >= 0) return join({"bytecode error at offset ", decimal(offset), ": ", reason});
        if (line >= 0) return join({"bytecode error (line ", decimal(line), "): ", reason});
        return join({"bytecode error: ", reason});
    }
    std::string reason_;
    long offset_;
    int line_;
};

} // namespace lasso::bytecode
