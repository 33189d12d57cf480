# Warning flags for lasso's own targets (tests, examples, benchmarks). The library
# target itself carries none: users choose their own.
add_library(lasso_warnings INTERFACE)
target_compile_options(lasso_warnings INTERFACE -Wall -Wextra -Wpedantic)
if(LASSO_WERROR)
    target_compile_options(lasso_warnings INTERFACE -Werror)
endif()
