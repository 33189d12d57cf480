# Install the headers and a relocatable package: find_package(lasso 0.1 CONFIG) then
# target_link_libraries(app lasso::lasso).
include(CMakePackageConfigHelpers)

install(TARGETS lasso EXPORT lassoTargets)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/lasso" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(EXPORT lassoTargets NAMESPACE lasso:: DESTINATION "${CMAKE_INSTALL_DATADIR}/cmake/lasso")

configure_package_config_file(
    "${PROJECT_SOURCE_DIR}/cmake/lassoConfig.cmake.in"
    "${PROJECT_BINARY_DIR}/lassoConfig.cmake"
    INSTALL_DESTINATION "${CMAKE_INSTALL_DATADIR}/cmake/lasso")
# Header-only: the version file must not depend on the architecture.
write_basic_package_version_file(
    "${PROJECT_BINARY_DIR}/lassoConfigVersion.cmake"
    COMPATIBILITY SameMinorVersion
    ARCH_INDEPENDENT)
install(FILES "${PROJECT_BINARY_DIR}/lassoConfig.cmake" "${PROJECT_BINARY_DIR}/lassoConfigVersion.cmake"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/cmake/lasso")
