/* cgen.h - helpers for the build-time C writers (catalog_gen.c, rules_gen.c). */
#ifndef AIVM_CGEN_H
#define AIVM_CGEN_H

#include "aivm/buf.h"

/** Append `s` as a C string literal (octal escapes, no trigraphs); NULL as NULL. */
void aivm_cgen_str(aivm_buf *b, const char *s);

#endif
