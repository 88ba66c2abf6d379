/*
 * dl_libs.h - third-party libraries loaded with dlopen() on first use, so a
 * run that does not need them does not pay for loading them at start-up:
 * libyaml when YAML is parsed (the shipped catalog and rules are compiled
 * in), libcurl when prices are fetched (prices_http.c), cJSON only to report
 * its version (reports are written by jsonw.c in cJSON's print format).
 * One loader, aivm_util__dl_load(), for all of them.
 */
#ifndef AIVM_DL_LIBS_H
#define AIVM_DL_LIBS_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/error.h"
#include "aivm/libs.h"

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

/** The libyaml functions the YAML reader calls (yamlutil.c, which includes <yaml.h>). */
struct aivm_libyaml;
/**
 * The libyaml functions, loading libyaml-0.so.2 once per process. NULL when it
 * cannot be loaded, with `err` (may be NULL) set to AIVM_ERROR and the reason.
 * Not thread-safe on the first call.
 */
const struct aivm_libyaml *aivm_util__libyaml(aivm_error *err);

#endif
