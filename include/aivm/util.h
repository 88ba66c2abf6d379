/*
 * aivm/util.h - the small utilities the library and the CLI share: checked
 * number and date parsing, ASCII string helpers, UTC dates, allocation that
 * aborts on out-of-memory, and the relative strings of catalog records.
 *
 * Nothing here knows about a domain module: util includes no domain header.
 */
#ifndef AIVM_UTIL_H
#define AIVM_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aivm/error.h"

/* ---- allocation: print "aivm-advise: out of memory" and abort() on failure */

/** malloc(n) that never returns NULL. Free with free(). */
void *aivm_xmalloc(size_t n);
/** calloc(n, size) that never returns NULL (overflow aborts too). Free with free(). */
void *aivm_xcalloc(size_t n, size_t size);
/** realloc(p, n) that never returns NULL. Free with free(). */
void *aivm_xrealloc(void *p, size_t n);
/** A copy of `s`, owned by the caller (free()). */
char *aivm_xstrdup(const char *s);
/** A copy of the first `n` bytes of `s` (NUL-terminated), owned by the caller. */
char *aivm_xstrndup(const char *s, size_t n);

/* ---- files */

/**
 * Remove the temp files "<name>.tmp.XXXXXX" that atomic writes of `path`
 * (temp file beside it, then rename) left behind when a run was killed: ours
 * (same owner), regular files, older than ten minutes (a live writer is
 * faster than `now`, the caller's clock, minus ten minutes). Errors are
 * ignored: it is housekeeping.
 */
void aivm_remove_stale_temps(const char *path, long long now);

/* ---- numbers, dates and strings */

/** Parse a whole decimal unsigned integer; false on empty input, sign,
 *  trailing garbage or overflow past `max`. */
bool aivm_parse_u64(uint64_t *out, const char *s, uint64_t max);
/** Parse a whole finite decimal number (no hex, inf or nan); false otherwise. */
bool aivm_parse_double(double *out, const char *s);
/** ASCII case-insensitive equality. */
bool aivm_streq_nocase(const char *a, const char *b);
/** ASCII case-insensitive order: <0, 0 or >0 as strcmp() of both strings
 *  lowered (strcasecmp in the C locale, whatever the locale). */
int aivm_strcmp_nocase(const char *a, const char *b);
/** ASCII case-insensitive equality of the first `n` bytes (strncasecmp in the C locale). */
bool aivm_strneq_nocase(const char *a, const char *b, size_t n);
/** The ASCII lower case of `c` (tolower() in the C locale, whatever the locale). */
static inline char aivm_ascii_lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}
/** A duration in seconds: a number with an optional unit s, m, h or d
 *  ("90m", "24h", "3600"); false when negative, malformed or over a year. */
bool aivm_parse_duration(double *out, const char *s);
/** True for a valid calendar date written YYYY-MM-DD. */
bool aivm_is_date(const char *s);
/** Days from 1970-01-01 to the date `s` (YYYY-MM-DD) in `*out`; false when
 *  `s` is NULL or not a valid date. Pure arithmetic, like aivm_utc_format(). */
bool aivm_date_days(long long *out, const char *s);
/**
 * Format the UTC time `t` (seconds since 1970) as "YYYY-MM-DD" (`out` holds
 * 11 bytes), or with `with_time` as "YYYY-MM-DDTHH:MM:SSZ" (21 bytes): the
 * default `today` and price fetch times. Pure arithmetic: unlike gmtime(), it
 * reads no time zone file. Years 0-9999.
 */
void aivm_utc_format(char *out, long long t, bool with_time);

/**
 * The wall clock: seconds since 1970-01-01 UTC. The one reader of the date in
 * the library and the CLI (src/util/clock.c); callers that take a `now`
 * (aivm_fetch_opts.now, aivm_remove_stale_temps) get it from their caller,
 * which the CLI pins with AIVM_NOW. Never fails.
 */
long long aivm_clock_wall(void);
/** Seconds on the monotonic clock (for timeouts and backoff, never dates). */
double aivm_clock_monotonic(void);
/**
 * Parse an instant: "YYYY-MM-DD" (midnight UTC), "YYYY-MM-DDTHH:MM:SSZ" or
 * "@SECONDS" since the epoch, into seconds since 1970-01-01 UTC in `*out`.
 * False (and `*out` untouched) when `s` is NULL or none of these forms.
 */
bool aivm_parse_instant(long long *out, const char *s);

/**
 * The index in `names[0..n)` of the name equal to `s` (exact, as the CLI and
 * the data formats spell values), or -1. NULL and "" entries never match:
 * an enum's "unset" slot stays out of reach. The one name-to-enum lookup of
 * the library and the CLI.
 */
int aivm_name_index(const char *s, const char *const *names, size_t n);

/**
 * Write the names of `names[0..n)` (NULL and "" skipped) as "a, b or c" into
 * `out` (`cap` bytes, truncated if need be; always NUL-terminated).
 */
void aivm_names_list(char *out, size_t cap, const char *const *names, size_t n);

/**
 * What an invalid value `s` should have been, for an error message: the list
 * of aivm_names_list, followed by "; did you mean X?" when aivm_did_you_mean
 * finds a likely typo ("train or inference; did you mean train?"). Same
 * `out`/`cap` contract as aivm_names_list; the guess is left out when it
 * would not fit whole.
 */
void aivm_names_expected(char *out, size_t cap, const char *s, const char *const *names, size_t n);

/**
 * Parse `s` as one of `names[0..n)`: `*out` gets its index and 0 is
 * returned, or AIVM_EINVALID with "invalid WHAT 'S' (expected a, b or c)".
 */
int aivm_enum_parse(int *out, const char *s, const char *const *names, size_t n, const char *what,
                    aivm_error *err);

/**
 * The name of `names[0..n)` closest to `s` (ASCII case ignored, edit distance
 * with transpositions), when it is close enough to be a likely typo: at most
 * two edits and at most a third of the name's length (the first of equally
 * close names). NULL otherwise. NULL
 * entries of `names` are skipped. The result is borrowed from `names`.
 */
const char *aivm_did_you_mean(const char *s, const char *const *names, size_t n);

/**
 * Define `int fn(type *out, const char *s, aivm_error *err)`: the enum parser
 * of a NULL-terminated `names` array whose indices are the enum's values
 * (an "" at 0 keeps the UNSET value out of reach), via aivm_enum_parse().
 */
#define AIVM_ENUM_PARSER(fn, type, names, what)                                                    \
    int fn(type *out, const char *s, aivm_error *err)                                              \
    {                                                                                              \
        int v = 0;                                                                                 \
        int rc = aivm_enum_parse(&v, s, names, sizeof names / sizeof names[0] - 1, what, err);     \
        if (rc == 0)                                                                               \
            *out = (type)v;                                                                        \
        return rc;                                                                                 \
    }

/**
 * Write `s` into `out` (`cap` bytes, always NUL-terminated, cut on a character
 * boundary when too long) with every control character made visible: \n,
 * \r, \t, \xHH for the other C0 bytes, DEL and bytes that are not UTF-8,
 * \u0080-\u009f for C1 controls, \uXXXX for noncharacters (U+FFFE), and a
 * leading "::" or "##" (a CI workflow command if it began a line) as
 * \x3a: or \x23#. Untrusted text (plan addresses, tag values, API product names,
 * catalog and rule strings) goes through it before a terminal, a log or a
 * CI runner sees it: no forged "::error" line, no escape sequence. Returns
 * `out`. True of `aivm_has_controls()` means the copy differs.
 */
char *aivm_vis(char *out, size_t cap, const char *s);
/** True when the `n` bytes at `s` are well-formed UTF-8 (no overlong form,
 *  surrogate or stray byte). */
bool aivm_utf8_valid(const char *s, size_t n);
/**
 * Display columns of the `n` bytes of UTF-8 at `s`, as a terminal shows
 * them: each code point as wcwidth(3) counts it in the caller's LC_CTYPE
 * (the CLI sets C.UTF-8: CJK and most emoji 2, combining marks 0); 1 where
 * wcwidth cannot tell (a control character, a locale that is not UTF-8) and
 * for each byte of an ill-formed sequence.
 */
size_t aivm_utf8_width(const char *s, size_t n);
/** Bytes of the longest prefix of the `n` bytes at `s` that is at most `cols`
 *  columns wide (aivm_utf8_width), ending on a character boundary. */
size_t aivm_utf8_fit(const char *s, size_t n, size_t cols);
/** True when `s` holds a byte aivm_vis() would escape. */
bool aivm_has_controls(const char *s);

/* ---- lists and relative strings (records without pointers) */

/** A string list owned by whoever built it (a catalog, a rule set). */
typedef struct {
    const char **items;
    size_t n;
} aivm_strlist;

/** A string stored as its distance from this field; 0 is NULL. */
typedef struct {
    ptrdiff_t off;
} aivm_rstr;

/** The string `r` refers to, or NULL. Owned by the record's owner. */
static inline const char *aivm_str(const aivm_rstr *r)
{
    return r->off ? (const char *)((uintptr_t)r + (uintptr_t)r->off) : NULL;
}

/** A list of `n` strings (aivm_rstr) stored as the distance from this field
 *  to the first; off is 0 when n is 0. */
typedef struct {
    ptrdiff_t off;
    size_t n;
} aivm_rlist;

/** The i-th string of `l` (i < l->n). */
static inline const char *aivm_rlist_at(const aivm_rlist *l, size_t i)
{
    return aivm_str((const aivm_rstr *)((uintptr_t)l + (uintptr_t)l->off) + i);
}

#endif
