# Runs one compile-fail check (see tests/CMakeLists.txt):
#  1. with -DLASSO_COMPILE_FAIL the source must fail to compile and the compiler output
#     must match EXPECTED (a regular expression) and, when MAX_ERRORS is set, hold at
#     most that many `error:` lines (one mistake, one readable error, not a page);
#  2. without it the source must compile (so the failure is the intended one).
get_filename_component(name "${SOURCE}" NAME_WE)
file(MAKE_DIRECTORY "${WORK}")
set(include_flags "")
foreach(dir IN LISTS INCLUDES)
    if(dir)
        list(APPEND include_flags "-I${dir}")
    endif()
endforeach()
set(common -std=c++20 -fsyntax-only ${include_flags} "${SOURCE}")

execute_process(COMMAND "${COMPILER}" -DLASSO_COMPILE_FAIL ${common}
    RESULT_VARIABLE broken_result OUTPUT_VARIABLE broken_out ERROR_VARIABLE broken_err)
if(broken_result EQUAL 0)
    message(FATAL_ERROR "${name}: compiled with LASSO_COMPILE_FAIL defined; it must not")
endif()
if(NOT "${broken_out}${broken_err}" MATCHES "${EXPECTED}")
    message(FATAL_ERROR "${name}: failed to compile, but the message does not match '${EXPECTED}':\n${broken_err}")
endif()
string(REGEX MATCHALL "error:" error_lines "${broken_out}${broken_err}")
list(LENGTH error_lines error_count)
if(MAX_ERRORS AND error_count GREATER MAX_ERRORS)
    message(FATAL_ERROR "${name}: ${error_count} `error:` lines, more than ${MAX_ERRORS}:\n${broken_err}")
endif()

execute_process(COMMAND "${COMPILER}" ${common}
    RESULT_VARIABLE ok_result OUTPUT_VARIABLE ok_out ERROR_VARIABLE ok_err)
if(NOT ok_result EQUAL 0)
    message(FATAL_ERROR "${name}: self-check failed, the source does not compile without LASSO_COMPILE_FAIL:\n${ok_err}")
endif()
message(STATUS "${name}: rejected with the expected message (${error_count} `error:` lines); self-check compiles")
