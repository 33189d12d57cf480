# Builds and runs tests/consumer in one MODE (see its CMakeLists.txt). For "install" it
# first installs lasso from the build tree into a private prefix.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(extra "")
if(MODE STREQUAL "install")
    execute_process(COMMAND ${CMAKE_COMMAND} --install "${LASSO_BUILD}" --prefix "${WORK}/prefix"
        RESULT_VARIABLE r OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT r EQUAL 0)
        message(FATAL_ERROR "install failed:\n${out}\n${err}")
    endif()
    if(NOT EXISTS "${WORK}/prefix/share/cmake/lasso/lassoConfigVersion.cmake")
        message(FATAL_ERROR "install did not write lassoConfigVersion.cmake")
    endif()
    set(extra "-DCMAKE_PREFIX_PATH=${WORK}/prefix")
endif()
execute_process(
    COMMAND ${CMAKE_COMMAND} -S "${LASSO_SOURCE}/tests/consumer" -B "${WORK}/build"
        "-DMODE=${MODE}" "-DLASSO_SOURCE=${LASSO_SOURCE}" "-DCMAKE_CXX_COMPILER=${COMPILER}"
        -DCMAKE_CXX_COMPILER_LAUNCHER= ${extra}
    RESULT_VARIABLE r OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT r EQUAL 0)
    message(FATAL_ERROR "configure (${MODE}) failed:\n${out}\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build "${WORK}/build"
    RESULT_VARIABLE r OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT r EQUAL 0)
    message(FATAL_ERROR "build (${MODE}) failed:\n${out}\n${err}")
endif()
execute_process(COMMAND "${WORK}/build/consumer" RESULT_VARIABLE r OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}")
if(NOT r EQUAL 0)
    message(FATAL_ERROR "consumer (${MODE}) failed:\n${out}\n${err}")
endif()
