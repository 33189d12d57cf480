# Dependencies of the library: Boost.Hana (Boost >= 1.74 headers) and range-v3 (>= 0.12).
include(GNUInstallDirs)

find_package(Boost 1.74 REQUIRED)
if(NOT TARGET Boost::headers)
    add_library(Boost::headers INTERFACE IMPORTED)
    set_target_properties(Boost::headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${Boost_INCLUDE_DIRS}")
endif()

# range-v3's package version file accepts only exact versions, so ask for any version
# and check the minimum ourselves.
find_package(range-v3 REQUIRED)
if(range-v3_VERSION VERSION_LESS 0.12)
    message(FATAL_ERROR "lasso needs range-v3 >= 0.12, found ${range-v3_VERSION}")
endif()
