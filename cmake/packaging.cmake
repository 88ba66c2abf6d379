# packaging.cmake - what `cmake --install` ships besides the binary and data/
# (the man page, shell completions, LICENSE and docs/), and the Debian package
# `cpack -G DEB` builds from the build directory (tests/install_test.sh checks both).

install(FILES man/aivm-advise.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES completions/aivm-advise.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME aivm-advise)
install(FILES completions/_aivm-advise DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES completions/aivm-advise.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES LICENSE README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

set(CPACK_PACKAGE_NAME aivm-advise)
set(CPACK_PACKAGE_VENDOR "aivm-advise")
set(CPACK_PACKAGE_CONTACT "aivm-advise maintainers <aivm-advise@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Azure VM sizing advice for AI workloads")
set(CPACK_PACKAGE_DESCRIPTION
    "aivm-advise ranks Azure VM sizes for an AI workload from Azure's compute guidance\n\
for AI workloads on IaaS, sizes jobs from the model's memory, and checks Terraform\n\
plans and ARM templates in CI.")
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_CURRENT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# libc and what else is linked comes from dpkg-shlibdeps. libyaml, cJSON and
# libcurl are dlopen()ed on first use (src/util/dl_libs.c: libyaml-0.so.2,
# libcjson.so.1; src/prices/prices_http.c: libcurl.so.4), which shlibdeps cannot
# see: these are the Debian 12 packages that ship those sonames.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libyaml-0-2, libcjson1, libcurl4")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion")
set(CPACK_STRIP_FILES ON) # the RelWithDebInfo binary without its debug info
set(CPACK_GENERATOR DEB)
include(CPack)
