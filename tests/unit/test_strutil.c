/* test_strutil.c - checked number and date parsing. */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "aivm/warnings.h"
#include "aivm/workload.h"

#include "aivm/util.h"
#include "helpers.h"
#include "util/mathutil.h"
#include "util/utf8.h"

static void strutil__u64_accepts_plain_digits(void **state)
{
    uint64_t v = 0;
    (void)state;
    assert_true(aivm_parse_u64(&v, "0", 10));
    assert_int_equal(v, 0);
    assert_true(aivm_parse_u64(&v, "18446744073709551615", UINT64_MAX));
    assert_true(v == UINT64_MAX);
}

static void strutil__u64_rejects_garbage_and_overflow(void **state)
{
    uint64_t v = 7;
    (void)state;
    assert_false(aivm_parse_u64(&v, "", 100));
    assert_false(aivm_parse_u64(&v, "-1", 100));
    assert_false(aivm_parse_u64(&v, "+1", 100));
    assert_false(aivm_parse_u64(&v, "12x", 100));
    assert_false(aivm_parse_u64(&v, "101", 100));
    assert_false(aivm_parse_u64(&v, "3", 2)); /* a digit above max once wrapped around */
    assert_false(aivm_parse_u64(&v, "18446744073709551616", UINT64_MAX));
    assert_int_equal(v, 7);
}

static void strutil__double_is_strict(void **state)
{
    double d = 0;
    (void)state;
    assert_true(aivm_parse_double(&d, "98.32"));
    assert_true(d == 98.32);
    assert_true(aivm_parse_double(&d, "-1e3"));
    assert_true(d == -1000);
    assert_true(aivm_parse_double(&d, ".5"));
    assert_false(aivm_parse_double(&d, "0x10"));
    assert_false(aivm_parse_double(&d, "inf"));
    assert_false(aivm_parse_double(&d, "nan"));
    assert_false(aivm_parse_double(&d, "1e"));
    assert_false(aivm_parse_double(&d, "1.2.3"));
    assert_false(aivm_parse_double(&d, ""));
    assert_false(aivm_parse_double(&d, "1e999"));
}

static void strutil__dates_are_calendar_dates(void **state)
{
    (void)state;
    assert_true(aivm_is_date("2026-11-29"));
    assert_true(aivm_is_date("2024-02-29"));
    assert_false(aivm_is_date("2025-02-29"));
    assert_false(aivm_is_date("2026-13-01"));
    assert_false(aivm_is_date("2026-1-01"));
    assert_false(aivm_is_date("2026-11-31"));
}

static void strutil__nocase_equality(void **state)
{
    (void)state;
    assert_true(aivm_streq_nocase("standard_nd96isr_h100_v5", "Standard_ND96isr_H100_v5"));
    assert_false(aivm_streq_nocase("Standard_ND", "Standard_NDx"));
}

/* aivm_round (the binary's libm-free round) is round() bit for bit. */
static void mathutil__round_is_libm_round(void **state)
{
    static const double edge[] = {0.5,
                                  1.5,
                                  2.5,
                                  0.49999999999999994,
                                  4503599627370495.5,
                                  4503599627370496.0,
                                  9007199254740993.0,
                                  1e300,
                                  0.0,
                                  1e-320,
                                  0.3,
                                  2.675,
                                  123456.5,
                                  -0.0};
    unsigned long long r = 0x2545f4914f6cdd1dull;
    (void)state;
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
        for (int sign = -1; sign <= 1; sign += 2) {
            double x = sign * edge[i], a = aivm_round(x), b = round(x);
            if (memcmp(&a, &b, sizeof a) != 0)
                fail_msg("aivm_round(%.17g) = %.17g, round = %.17g", x, a, b);
        }
    assert_true(isnan(aivm_round(NAN)));
    assert_true(isinf(aivm_round(-INFINITY)) && aivm_round(-INFINITY) < 0);
    for (int i = 0; i < 200000; i++) {
        double x, a, b;
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        if (i % 2) {
            memcpy(&x, &r, sizeof x);
        } else {
            x = (double)(long long)(r % 2000001) / 4 - 250000; /* many halves */
        }
        if (isnan(x))
            continue;
        a = aivm_round(x);
        b = round(x);
        if (memcmp(&a, &b, sizeof a) != 0)
            fail_msg("aivm_round(%.17g) = %.17g, round = %.17g", x, a, b);
    }
}

/* aivm_utc_format agrees with gmtime_r + strftime from 1970 to 9999. */
static void strutil__utc_format_is_gmtime(void **state)
{
    static const long long edge[] = {0,         86399,        86400,          951782400,
                                     951868800, 4107542400LL, 253402300799LL, 1798502400,
                                     1796083199};
    unsigned long long r = 88172645463325252ull;
    (void)state;
    for (int i = 0; i < 100000 + (int)(sizeof edge / sizeof edge[0]); i++) {
        long long t;
        time_t tt;
        struct tm tm;
        char want[32], got[32];
        if (i < (int)(sizeof edge / sizeof edge[0])) {
            t = edge[i];
        } else {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            t = (long long)(r % 253402300800ull);
        }
        tt = (time_t)t;
        gmtime_r(&tt, &tm);
        strftime(want, sizeof want, "%Y-%m-%dT%H:%M:%SZ", &tm);
        aivm_utc_format(got, t, true);
        if (strcmp(got, want) != 0)
            fail_msg("%lld: %s, gmtime %s", t, got, want);
        aivm_utc_format(got, t, false);
        want[10] = '\0';
        if (strcmp(got, want) != 0)
            fail_msg("%lld: %s, gmtime %s", t, got, want);
    }
}

static void strutil__names_and_enums(void **state)
{
    static const char *const names[] = {"", "train", "inference", NULL};
    aivm_error err = AIVM_ERROR_INIT;
    char list[64];
    int v = -1;
    (void)state;
    assert_int_equal(aivm_name_index("inference", names, 3), 2);
    assert_int_equal(aivm_name_index("", names, 3), -1);     /* the unset slot */
    assert_int_equal(aivm_name_index("Train", names, 3), 1); /* ASCII case ignored: --phase Train */
    assert_int_equal(aivm_name_index("Trainx", names, 3), -1);
    aivm_names_list(list, sizeof list, names, 3);
    assert_string_equal(list, "train or inference");
    aivm_names_list(list, 8, names, 3); /* truncated, still terminated */
    assert_int_equal(strlen(list), 7);
    assert_int_equal(aivm_enum_parse(&v, "train", names, 3, "phase", &err), 0);
    assert_int_equal(v, 1);
    assert_int_equal(aivm_enum_parse(&v, "serve", names, 3, "phase", &err), AIVM_EINVALID);
    assert_string_equal(err.msg, "invalid phase 'serve' (expected train or inference)");
    assert_int_equal(aivm_enum_parse(&v, "trian", names, 3, "phase", &err), AIVM_EINVALID);
    assert_string_equal(err.msg,
                        "invalid phase 'trian' (expected train or inference; did you mean train?)");
    aivm_names_expected(list, 24, "trian", names, 3); /* no room for the guess: the list */
    assert_string_equal(list, "train or inference");
}

static void strutil__did_you_mean(void **state)
{
    static const char *const regions[] = {"eastus", "eastus2", "westeurope", "westus", NULL};
    (void)state;
    assert_string_equal(aivm_did_you_mean("westeuropee", regions, 5), "westeurope");
    assert_string_equal(aivm_did_you_mean("WestEurope", regions, 5), "westeurope");
    assert_string_equal(aivm_did_you_mean("eastsu", regions, 5), "eastus"); /* transposition */
    assert_null(aivm_did_you_mean("japaneast", regions, 5));
    assert_null(aivm_did_you_mean("", regions, 5));
    assert_string_equal(aivm_did_you_mean("eastus22", regions, 5), "eastus2");
    assert_true(aivm_strneq_nocase("Retry-After: 3", "retry-after", 11));
    assert_false(aivm_strneq_nocase("Retry", "retry-after", 11));
}

/* The one case-insensitive order (size names in the catalog index, SKU snapshots, refresh). */
static void strutil__strcmp_nocase(void **state)
{
    (void)state;
    assert_int_equal(aivm_strcmp_nocase("Standard_NC24ads_A100_v4", "standard_nc24ADS_a100_V4"), 0);
    assert_true(aivm_strcmp_nocase("Standard_NC24", "standard_nc4") < 0); /* '2' < '4' */
    assert_true(aivm_strcmp_nocase("b", "A") > 0);                        /* not ASCII order */
    assert_true(aivm_strcmp_nocase("_", "a") < 0); /* '_' (95) before lower case (97) */
    assert_true(aivm_strcmp_nocase("abc", "ABCD") < 0 && aivm_strcmp_nocase("ABCD", "abc") > 0);
    assert_true(aivm_strcmp_nocase("a\xe9", "a~") > 0); /* bytes compare unsigned, as strcmp */
    assert_int_equal(aivm_strcmp_nocase("", ""), 0);
}

/* Display width (wcwidth) under C.UTF-8, as the CLI sets it; the caller's
 * locale is restored. Under "C" every non-ASCII character counts one. */
static void utf8__width_counts_wide_and_combining(void **state)
{
    const char *cjk = "\xe3\x82\xb7\xe3\x83\xaa"; /* シリ: 2 x 2 columns */
    const char *rocket = "\xf0\x9f\x9a\x80";      /* U+1F680: 2 columns */
    const char *comb = "e\xcc\x81";               /* e + U+0301: 1 column */
    char *saved = strdup(setlocale(LC_CTYPE, NULL));
    (void)state;
    if (!setlocale(LC_CTYPE, "C.UTF-8")) {
        free(saved);
        skip();
    }
    assert_int_equal(aivm_utf8_width("abc", 3), 3);
    assert_int_equal(aivm_utf8_width(cjk, strlen(cjk)), 4);
    assert_int_equal(aivm_utf8_width(rocket, strlen(rocket)), 2);
    assert_int_equal(aivm_utf8_width(comb, strlen(comb)), 1);
    assert_int_equal(aivm_utf8_width("\xff\xfe", 2), 2); /* ill-formed: a column a byte */
    /* fit: whole characters only, never half of a wide one */
    assert_int_equal(aivm_utf8_fit(cjk, strlen(cjk), 3), 3); /* シ (3 bytes, 2 columns) */
    assert_int_equal(aivm_utf8_fit(cjk, strlen(cjk), 4), 6);
    assert_int_equal(aivm_utf8_fit(cjk, strlen(cjk), 1), 0);
    assert_int_equal(aivm_utf8_fit("abcdef", 6, 4), 4);
    setlocale(LC_CTYPE, "C");
    assert_int_equal(aivm_utf8_width(cjk, strlen(cjk)), 2); /* not UTF-8: one each */
    setlocale(LC_CTYPE, saved);
    free(saved);
}

static void utf8__decode_encode(void **state)
{
    static const struct {
        const char *s;
        size_t n;
        unsigned long cp;
    } cases[] = {
        {"\xC3\xA9", 2, 0xE9},      {"\xE2\x82\xAC", 3, 0x20AC}, {"\xF0\x9F\x98\x80", 4, 0x1F600},
        {"\xC0\xAF", 0, 0},         {"\xE0\x80\xAF", 0, 0},      {"\xED\xA0\x80", 0, 0},
        {"\xF4\x90\x80\x80", 0, 0}, {"\xE2\x82", 0, 0},          {"\x80", 0, 0},
    };
    char out[4];
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const unsigned char *p = (const unsigned char *)cases[i].s;
        unsigned long cp = 0;
        size_t n = aivm_util__utf8_decode(&cp, p, p + strlen(cases[i].s));
        assert_int_equal(n, cases[i].n);
        if (n) {
            assert_int_equal(cp, cases[i].cp);
            assert_int_equal(aivm_util__utf8_encode(out, cp), n);
            assert_memory_equal(out, cases[i].s, n);
        }
    }
    assert_int_equal(aivm_util__hex4("00e9"), 0xE9);
    assert_int_equal(aivm_util__hex4("D83D"), 0xD83D);
    assert_int_equal(aivm_util__hex4("12g4"), -1);
}

static void strutil__durations(void **state)
{
    double d = 0;
    (void)state;
    assert_true(aivm_parse_duration(&d, "90m") && d == 5400);
    assert_true(aivm_parse_duration(&d, "24h") && d == 86400);
    assert_true(aivm_parse_duration(&d, "0.0001") && d == 0.0001);
    assert_false(aivm_parse_duration(&d, "-1"));
    assert_false(aivm_parse_duration(&d, "366d")); /* a year at most */
    assert_false(aivm_parse_duration(&d, "1e400"));
    assert_false(aivm_parse_duration(&d, "5x"));
}

static void strutil__vis_shows_controls(void **state)
{
    char out[64];
    (void)state;
    assert_string_equal(aivm_vis(out, sizeof out, "a\n::error::x"), "a\\n::error::x");
    assert_string_equal(aivm_vis(out, sizeof out, "\x1b]0;t\x07\r\t"), "\\x1b]0;t\\x07\\r\\t");
    assert_string_equal(aivm_vis(out, sizeof out, "caf\xc3\xa9 \xc2\x9b"), "caf\xc3\xa9 \\u009b");
    /* not UTF-8, noncharacters, and a workflow command at the start */
    assert_string_equal(aivm_vis(out, sizeof out, "a\xff\xc3(\xed\xa0\x80"),
                        "a\\xff\\xc3(\\xed\\xa0\\x80");
    assert_string_equal(aivm_vis(out, sizeof out, "x\xef\xbf\xbey"), "x\\ufffey");
    assert_string_equal(aivm_vis(out, sizeof out, "::error::x"), "\\x3a:error::x");
    assert_string_equal(aivm_vis(out, sizeof out, "##vso[task.complete]"),
                        "\\x23#vso[task.complete]");
    assert_string_equal(aivm_vis(out, sizeof out, "a::b #"), "a::b #");
    assert_true(aivm_has_controls("::x") && aivm_has_controls("\xff") &&
                !aivm_has_controls("caf\xc3\xa9"));
    assert_false(aivm_has_controls("plain caf\xc3\xa9"));
    assert_true(aivm_has_controls("x\x7f"));
    /* cut on a character boundary, always terminated */
    assert_string_equal(aivm_vis(out, 5, "abc\xc3\xa9"), "abc");
    assert_string_equal(aivm_vis(out, 4, "ab\n"), "ab");
}

static const char *safe(aivm_buf *b, const char *s, aivm_safe_kind k, uint32_t flags)
{
    aivm_buf_clear(b);
    aivm_safe_line(b, s, strlen(s), true, k, flags);
    return b->ptr ? b->ptr : "";
}

static int collect(void *ctx, const char *data, size_t len)
{
    return aivm_buf_put(ctx, data, len) < 0 ? -1 : 0;
}

/* The output-safety layer (safeout.c): each CI's command syntax, anywhere it
 * acts, and the terminal's escapes, in each output's escape form. */
static void safeout__neutralises_every_command(void **state)
{
    aivm_buf b = AIVM_BUF_INIT, got = AIVM_BUF_INIT;
    aivm_safe f;
    (void)state;
    assert_string_equal(safe(&b, "a ##[error]x", AIVM_SAFE_TEXT, 0), "a \\x23#[error]x");
    assert_string_equal(safe(&b, "##VSO[task.x] ##teamcity[m]", AIVM_SAFE_TEXT, 0),
                        "\\x23#VSO[task.x] \\x23#teamcity[m]");
    assert_string_equal(safe(&b, " \t::error::x", AIVM_SAFE_TEXT, 0), " \t\\x3a:error::x");
    assert_string_equal(safe(&b, "\xc2\xa0::e", AIVM_SAFE_TEXT, 0), "\xc2\xa0\\x3a:e");
    assert_string_equal(safe(&b, "::error file=a::m", AIVM_SAFE_TEXT, AIVM_SAFE_OWN_COMMANDS),
                        "::error file=a::m");
    assert_string_equal(safe(&b, " ::e", AIVM_SAFE_TEXT, AIVM_SAFE_OWN_COMMANDS), " \\x3a:e");
    assert_string_equal(safe(&b, "a::b # ## [", AIVM_SAFE_TEXT, 0), "a::b # ## [");
    assert_string_equal(safe(&b, "\x1b[2J\x1b]0;t\x07\r", AIVM_SAFE_TEXT, 0),
                        "\\x1b[2J\\x1b]0;t\\x07\\x0d");
    assert_string_equal(safe(&b, "\x1b[1;31mred\x1b[0m\x1b[2J", AIVM_SAFE_TEXT, AIVM_SAFE_SGR),
                        "\x1b[1;31mred\x1b[0m\\x1b[2J");
    assert_string_equal(safe(&b, "\xc2\x9b \x9b \xe2\x80\xae \xe2\x81\xa6", AIVM_SAFE_TEXT, 0),
                        "\\u009b \\x9b \\u202e \\u2066");
    assert_string_equal(safe(&b, "\"##[x\xc2\x85\"", AIVM_SAFE_JSON, 0), "\"\\u0023#[x\\u0085\"");
    assert_string_equal(safe(&b, "##vso[ \x1b \xe2\x80\xae", AIVM_SAFE_XML, 0),
                        "&#35;#vso[ &#xfffd; &#x202e;");
    /* a stream: a marker split over two writes, a last line without newline */
    aivm_safe_init(&f, AIVM_SAFE_TEXT, 0);
    assert_int_equal(aivm_safe_write(&f, "ok\n #", 5, collect, &got), 0);
    assert_int_equal(aivm_safe_write(&f, "#vso[x]\n::y", 11, collect, &got), 0);
    assert_int_equal(aivm_safe_finish(&f, collect, &got), 0);
    aivm_safe_dispose(&f);
    assert_string_equal(got.ptr, "ok\n \\x23#vso[x]\n\\x3a:y");
    /* a byte that is not UTF-8 never becomes a C1 escape in JSON; DEL is no colon in XML */
    assert_string_equal(safe(&b,
                             "a\x9b"
                             "b",
                             AIVM_SAFE_JSON, 0),
                        "a\\ufffdb");
    assert_string_equal(safe(&b, "a\x7f", AIVM_SAFE_XML, 0), "a&#xfffd;");
    aivm_buf_dispose(&got);
    aivm_buf_dispose(&b);
}

static bool buf_has(const aivm_buf *b, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= b->size; i++)
        if (memcmp(b->ptr + i, needle, n) == 0)
            return true;
    return false;
}

/* A line over the 1 MiB the layer holds is passed on in parts: a marker across
 * the cut, or a "::" after more than 1 MiB of leading spaces, is still seen. */
static void safeout__huge_lines_split_no_marker(void **state)
{
    size_t n = ((size_t)1 << 20) + 100, cut = n - 16;
    char *line = malloc(n);
    aivm_buf got = AIVM_BUF_INIT;
    aivm_safe f;
    (void)state;
    assert_non_null(line);
    for (size_t at = cut - 12; at <= cut + 2; at++) {
        memset(line, 'a', n);
        memcpy(line + at, "##vso[", 6);
        aivm_buf_clear(&got);
        aivm_safe_init(&f, AIVM_SAFE_TEXT, 0);
        assert_int_equal(aivm_safe_write(&f, line, n, collect, &got), 0);
        assert_true(got.size > 0); /* the part went on before the end */
        assert_int_equal(aivm_safe_finish(&f, collect, &got), 0);
        aivm_safe_dispose(&f);
        assert_false(buf_has(&got, "##vso["));
        assert_int_equal(got.size, n + 3); /* "#" became "\x23": nothing lost or doubled */
    }
    memset(line, ' ', n);
    memcpy(line + n - 8, "::e", 3);
    aivm_buf_clear(&got);
    aivm_safe_init(&f, AIVM_SAFE_TEXT, AIVM_SAFE_OWN_COMMANDS);
    assert_int_equal(aivm_safe_write(&f, line, n - 20, collect, &got), 0);
    assert_int_equal(aivm_safe_write(&f, line + n - 20, 20, collect, &got), 0);
    assert_int_equal(aivm_safe_finish(&f, collect, &got), 0);
    aivm_safe_dispose(&f);
    assert_true(buf_has(&got, "\\x3a:e"));
    free(line);
    aivm_buf_dispose(&got);
}

/* A FIFO (or any file that is not a regular file) is refused at once: reading
 * one would block every run that meets it. */
static void buf__read_file_refuses_a_fifo(void **state)
{
    char dir[] = "/tmp/aivm-fifo-XXXXXX", path[64];
    aivm_buf b = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/f", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_int_equal(aivm_buf_read_file(&b, path, 0, &err), AIVM_EIO);
    assert_non_null(strstr(err.msg, "not a regular file"));
    assert_int_equal(aivm_buf_read_file(&b, dir, 0, &err), AIVM_EIO); /* a directory */
    unlink(path);
    rmdir(dir);
    aivm_buf_dispose(&b);
}

/* A cap is exact: a file of `max` bytes is read, one of `max` + 1 is not,
 * whatever the buffer's growth steps (they once left room past the cap). */
static void buf__read_file_cap_is_exact(void **state)
{
    char path[] = "/tmp/aivm-cap-XXXXXX";
    aivm_buf b = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    static char block[1000];
    int fd = mkstemp(path);
    size_t max = 100000 + 7;
    (void)state;
    assert_true(fd >= 0);
    memset(block, 'x', sizeof block);
    for (size_t n = 0; n < max; n += sizeof block)
        assert_true(write(fd, block, max - n < sizeof block ? max - n : sizeof block) > 0);
    close(fd);
    assert_int_equal(aivm_buf_read_file(&b, path, max, &err), 0);
    assert_int_equal(b.size, max);
    assert_int_equal(aivm_buf_read_file(&b, path, max - 1, &err), AIVM_ELIMIT);
    for (size_t cap = 1000; cap < 3000; cap += 97) { /* every growth step against the cap */
        assert_int_equal(aivm_buf_read_file(&b, path, cap, &err), AIVM_ELIMIT);
        assert_true(b.asize <= cap + 1);
    }
    unlink(path);
    aivm_buf_dispose(&b);
}

static void clock__parse_instant(void **state)
{
    long long t = 42;
    (void)state;
    assert_true(aivm_parse_instant(&t, "2026-12-01"));
    assert_int_equal(t, 1796083200LL);
    assert_true(aivm_parse_instant(&t, "2026-12-01T12:00:00Z"));
    assert_int_equal(t, 1796126400LL);
    assert_true(aivm_parse_instant(&t, "2024-02-29T23:59:59Z"));
    assert_int_equal(t, 1709251199LL);
    assert_true(aivm_parse_instant(&t, "@1811764800"));
    assert_int_equal(t, 1811764800LL);
    assert_true(aivm_parse_instant(&t, "@0"));
    assert_int_equal(t, 0);
    t = 7;
    assert_false(aivm_parse_instant(&t, NULL));
    assert_false(aivm_parse_instant(&t, ""));
    assert_false(aivm_parse_instant(&t, "tomorrow"));
    assert_false(aivm_parse_instant(&t, "2026-13-01"));
    assert_false(aivm_parse_instant(&t, "2025-02-29"));
    assert_false(aivm_parse_instant(&t, "2026-12-01T24:00:00Z"));
    assert_false(aivm_parse_instant(&t, "2026-12-01T12:00:00")); /* a zone is needed: UTC */
    assert_false(aivm_parse_instant(&t, "2026-12-01T12:00:00+01:00"));
    assert_false(aivm_parse_instant(&t, "2026-12-01 "));
    assert_false(aivm_parse_instant(&t, "@-1"));
    assert_false(aivm_parse_instant(&t, "@1.5"));
    assert_false(aivm_parse_instant(&t, "@"));
    assert_false(aivm_parse_instant(&t, "@1e300"));
    assert_false(aivm_parse_instant(&t, "@1e9")); /* whole seconds, in digits */
    assert_false(aivm_parse_instant(&t, "@1.0"));
    assert_int_equal(t, 7); /* untouched on failure */
}

/* The seam's clocks move the right way (what they read is the machine's). */
static void clock__wall_and_monotonic(void **state)
{
    double a = aivm_clock_monotonic(), b = aivm_clock_monotonic();
    (void)state;
    assert_true(aivm_clock_wall() > 1700000000LL); /* after 2023: a real wall clock */
    assert_true(b >= a);
}

/* The warnings list both commands share: order kept, ids beside, drop by id. */
static void warnings__add_take_drop(void **state)
{
    aivm_warnings w = AIVM_WARNINGS_INIT;
    (void)state;
    aivm_warnings_add(&w, "catalog-stale", "old");
    aivm_warnings_take(&w, "many-vms", aivm_xstrdup("34 VMs"));
    aivm_warnings_add(&w, "catalog-stale", NULL);
    aivm_warnings_add(&w, "prices-unknown", "unknown");
    assert_int_equal(w.n, 4);
    assert_string_equal(w.text[2], "");
    assert_true(aivm_warnings_has(&w, "many-vms"));
    assert_int_equal(aivm_warnings_drop(&w, "catalog-stale"), 2);
    assert_false(aivm_warnings_has(&w, "catalog-stale"));
    assert_int_equal(w.n, 2);
    assert_string_equal(w.ids[0], "many-vms");
    assert_string_equal(w.text[0], "34 VMs");
    assert_string_equal(w.ids[1], "prices-unknown");
    assert_string_equal(w.text[1], "unknown");
    assert_int_equal(aivm_warnings_drop(&w, "absent"), 0);
    aivm_warnings_dispose(&w);
    assert_int_equal(w.n, 0);
    assert_null(w.text);
    aivm_warnings_dispose(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strutil__u64_accepts_plain_digits),
        cmocka_unit_test(strutil__u64_rejects_garbage_and_overflow),
        cmocka_unit_test(strutil__double_is_strict),
        cmocka_unit_test(strutil__dates_are_calendar_dates),
        cmocka_unit_test(strutil__nocase_equality),
        cmocka_unit_test(mathutil__round_is_libm_round),
        cmocka_unit_test(strutil__utc_format_is_gmtime),
        cmocka_unit_test(strutil__names_and_enums),
        cmocka_unit_test(strutil__did_you_mean),
        cmocka_unit_test(strutil__strcmp_nocase),
        cmocka_unit_test(utf8__decode_encode),
        cmocka_unit_test(utf8__width_counts_wide_and_combining),
        cmocka_unit_test(strutil__durations),
        cmocka_unit_test(clock__parse_instant),
        cmocka_unit_test(clock__wall_and_monotonic),
        cmocka_unit_test(strutil__vis_shows_controls),
        cmocka_unit_test(safeout__neutralises_every_command),
        cmocka_unit_test(safeout__huge_lines_split_no_marker),
        cmocka_unit_test(buf__read_file_refuses_a_fifo),
        cmocka_unit_test(buf__read_file_cap_is_exact),
        cmocka_unit_test(warnings__add_take_drop),
    };
    return cmocka_run_group_tests_name("strutil", tests, NULL, NULL);
}
