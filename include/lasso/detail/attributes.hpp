// lasso/detail/attributes.hpp
//
// The function attributes lasso's headers use, defined once. They are macros only
// because attributes cannot be aliased; each is prefixed `LASSO_` and defined only if
// the including program has not defined it already.
#pragma once

// A function the compiler must not inline: code that hot paths (a cache hit, the
// translator's loop) call only in rarer cases, so that those paths stay small.
#ifndef LASSO_OUT_OF_LINE
#if defined(__GNUC__)
#define LASSO_OUT_OF_LINE [[gnu::noinline]]
#else
#define LASSO_OUT_OF_LINE
#endif
#endif

// A function that runs rarely (translating, reporting): out of line and laid out apart
// from the hot code.
#ifndef LASSO_COLD
#if defined(__GNUC__)
#define LASSO_COLD [[gnu::cold]] LASSO_OUT_OF_LINE
#else
#define LASSO_COLD LASSO_OUT_OF_LINE
#endif
#endif

// A small function of a hot path that the compiler would otherwise keep out of line
// (it is called from several places), where the call costs more than its body.
#ifndef LASSO_INLINE
#if defined(__GNUC__)
#define LASSO_INLINE [[gnu::always_inline]] inline
#else
#define LASSO_INLINE inline
#endif
#endif
