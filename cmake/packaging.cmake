# packaging.cmake - what `cmake --install` ships besides the binary and data/
# (the man page, shell completions, LICENSE and docs/), and the Debian package
# `cpack -G DEB` builds from the build directory (tests/install_test.sh checks both).

# Debian policy (lintian): the man page and the changelog gzip-compressed (-n: no
# name or time stamp, so the package is reproducible), a copyright file, and a
# Maintainer with a real mail host. AIVM_DEB_MAINTAINER sets who signs the package.
find_program(AIVM_GZIP gzip REQUIRED)
set(AIVM_DOC_BUILD ${CMAKE_CURRENT_BINARY_DIR}/doc)
file(MAKE_DIRECTORY ${AIVM_DOC_BUILD})
set(AIVM_DEB_MAINTAINER "aivm-advise maintainers <aivm-advise@users.noreply.github.com>"
    CACHE STRING "Maintainer of the Debian package (name <mail>)")
string(TIMESTAMP AIVM_CHANGELOG_DATE "%a, %d %b %Y 00:00:00 +0000" UTC) # SOURCE_DATE_EPOCH wins
configure_file(cmake/changelog.in ${AIVM_DOC_BUILD}/changelog @ONLY)
configure_file(cmake/copyright.in ${AIVM_DOC_BUILD}/copyright @ONLY)
add_custom_command(
  OUTPUT ${AIVM_DOC_BUILD}/aivm-advise.1.gz ${AIVM_DOC_BUILD}/changelog.gz
  COMMAND ${AIVM_GZIP} -9nc ${CMAKE_CURRENT_SOURCE_DIR}/man/aivm-advise.1 > aivm-advise.1.gz
  COMMAND ${AIVM_GZIP} -9nc changelog > changelog.gz
  DEPENDS man/aivm-advise.1 ${AIVM_DOC_BUILD}/changelog
  WORKING_DIRECTORY ${AIVM_DOC_BUILD}
  COMMENT "Compressing the man page and the changelog")
add_custom_target(aivm-doc-gz ALL DEPENDS ${AIVM_DOC_BUILD}/aivm-advise.1.gz
                                          ${AIVM_DOC_BUILD}/changelog.gz)
install(FILES ${AIVM_DOC_BUILD}/aivm-advise.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${AIVM_DOC_BUILD}/changelog.gz ${AIVM_DOC_BUILD}/copyright
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES completions/aivm-advise.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME aivm-advise)
install(FILES completions/_aivm-advise DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES completions/aivm-advise.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES LICENSE README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

set(CPACK_PACKAGE_NAME aivm-advise)
set(CPACK_PACKAGE_VENDOR "aivm-advise")
set(CPACK_PACKAGE_CONTACT "${AIVM_DEB_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Azure VM sizing advice for AI workloads")
set(CPACK_PACKAGE_DESCRIPTION
    "aivm-advise ranks Azure VM sizes for an AI workload from Azure's compute\n\
guidance for AI workloads on IaaS, sizes jobs from the model's memory, and\n\
checks Terraform plans and ARM templates in CI.")
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_CURRENT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# libc, libyaml and cJSON (linked) come from dpkg-shlibdeps. libcurl is
# dlopen()ed on the first fetch (src/prices/prices_http.c: libcurl.so.4), which
# shlibdeps cannot see: libcurl4 is the Debian 12 package that ships that soname.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libcurl4")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion")
set(CPACK_STRIP_FILES ON) # the RelWithDebInfo binary without its debug info
set(CPACK_GENERATOR DEB)
include(CPack)
