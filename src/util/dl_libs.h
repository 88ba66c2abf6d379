/*
 * dl_libs.h - the dlopen() loader of libcurl, which prices_http.c loads on
 * the first fetch so that a run that needs no network does not map libcurl
 * and its ~30 libraries at start-up (docs/performance.md has the figures).
 * libyaml and cJSON are linked normally.
 */
#ifndef AIVM_DL_LIBS_H
#define AIVM_DL_LIBS_H

#include <stdbool.h>
#include <stddef.h>

/** One function to resolve: its symbol and where its pointer goes in the
 *  caller's table (offsetof the field). */
typedef struct {
    const char *symbol;
    size_t offset;
} aivm_dl_sym;

/**
 * dlopen `soname` and store each of `syms[0..n)` into `table` at its offset.
 * Returns true, or false with a one-line reason in `why` (`cap` bytes):
 * "cannot load SONAME (install PACKAGE): ..." or "SONAME lacks SYMBOL".
 * The library stays loaded for the process.
 */
bool aivm_util__dl_load(void *table, const char *soname, const char *package,
                        const aivm_dl_sym *syms, size_t n, char *why, size_t cap);

#endif
