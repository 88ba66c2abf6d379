/* utf8.h - UTF-8 and \uXXXX for the two JSON readers (json_scan.c for price
 * pages and cache entries, yamlutil_json.c for plans and data files). */
#ifndef AIVM_UTF8_H
#define AIVM_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/** The value of the 4 hex digits at p (p must have 4 bytes), or -1. */
long aivm_util__hex4(const char *p);

/**
 * The length of the well-formed UTF-8 sequence at p (p < end, lead byte
 * >= 0x80) and its code point in `*cp`; 0 when ill-formed: overlong forms,
 * surrogates, past U+10FFFF, truncated.
 */
size_t aivm_util__utf8_decode(unsigned long *cp, const unsigned char *p, const unsigned char *end);

/**
 * Whether code point `cp` is not to be passed through as it is by any
 * output: C0 and C1 controls, DEL, and noncharacters (U+FDD0-U+FDEF,
 * U+xFFFE, U+xFFFF: XML may not hold them). The writers show it escaped.
 */
bool aivm_util__unprintable(unsigned long cp);

/** Write code point `cp` (<= U+10FFFF, not a surrogate) as UTF-8 into `out`; returns 1-4. */
size_t aivm_util__utf8_encode(char out[4], unsigned long cp);

#endif
