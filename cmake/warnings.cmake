# Warning flags for lasso's own targets (tests, examples, benchmarks). The library
# target itself carries none: users choose their own.
add_library(lasso_warnings INTERFACE)
target_compile_options(lasso_warnings INTERFACE -Wall -Wextra -Wpedantic)
if(LASSO_WERROR)
    target_compile_options(lasso_warnings INTERFACE -Werror)
endif()

# lasso's test and example programs instantiate capture for their adapters, which at
# -O2 with full debug information costs minutes a translation unit; they run in seconds
# either way. They are compiled with -Og and line tables only (enough for backtraces),
# whatever the build type; minipy itself, which the script corpus and the fuzzer run,
# keeps the build type's flags.
# Under clang with AddressSanitizer the optimizer is most of a test program's compile
# time (the largest unit tests take 2.4 times as long at -Og as at -O0), while g++ -O0
# is no faster than -Og; so clang's sanitized test programs are compiled with -O0.
option(LASSO_QUICK_TEST_BUILD "Compile lasso's test and example programs with -Og -g1 (-O0 -g1 for clang with sanitizers)" ON)
add_library(lasso_test_program INTERFACE)
target_link_libraries(lasso_test_program INTERFACE lasso_warnings)
if(LASSO_QUICK_TEST_BUILD)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND CMAKE_CXX_FLAGS MATCHES "-fsanitize")
        target_compile_options(lasso_test_program INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-O0 -g1>)
    else()
        target_compile_options(lasso_test_program INTERFACE $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Og -g1>)
    endif()
endif()
