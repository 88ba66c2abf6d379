/* strutil.h - checked number parsing and small string helpers (private). */
#ifndef AIVM_STRUTIL_H
#define AIVM_STRUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** Parse a whole decimal unsigned integer; false on empty input, sign,
 *  trailing garbage or overflow past `max`. */
bool aivm_parse_u64(uint64_t *out, const char *s, uint64_t max);
/** Parse a whole finite decimal number (no hex, inf or nan); false otherwise. */
bool aivm_parse_double(double *out, const char *s);
/** ASCII case-insensitive equality. */
bool aivm_streq_nocase(const char *a, const char *b);
/** True for a valid calendar date written YYYY-MM-DD. */
bool aivm_is_date(const char *s);

#endif
