/* test_strutil.c - checked number and date parsing. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "aivm/workload.h"

#include "aivm/util.h"
#include "helpers.h"
#include "util/mathutil.h"

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
    };
    return cmocka_run_group_tests_name("strutil", tests, NULL, NULL);
}
