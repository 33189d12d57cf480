# Dependency of the library: Boost.Hana (Boost >= 1.74 headers).
include(GNUInstallDirs)

find_package(Boost 1.74 REQUIRED)
if(NOT TARGET Boost::headers)
    add_library(Boost::headers INTERFACE IMPORTED)
    set_target_properties(Boost::headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${Boost_INCLUDE_DIRS}")
endif()

