// lasso/version.hpp: the library version.
#pragma once

#define LASSO_VERSION_MAJOR 0
#define LASSO_VERSION_MINOR 1
#define LASSO_VERSION_PATCH 0

namespace lasso {
inline constexpr int version_major = LASSO_VERSION_MAJOR;
inline constexpr int version_minor = LASSO_VERSION_MINOR;
inline constexpr int version_patch = LASSO_VERSION_PATCH;
} // namespace lasso
