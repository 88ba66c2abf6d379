/* test_json_scan.c - the strict JSON pull scanner behind the price parser:
 * escapes, \u sequences and surrogate pairs, UTF-8, numbers, nesting depth,
 * trailing bytes, and reads that never pass the end of an unterminated buffer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "util/json_scan.h"
#include "util/jsonw.h"

/* Scan `text` (copied to an exact-size heap block, so ASan sees any
 * over-read) as one string value; true when it is valid. */
static bool scan_string(const char *text, aivm_buf *out)
{
    size_t n = strlen(text);
    char *copy = malloc(n ? n : 1);
    aivm_json j;
    bool ok;
    memcpy(copy, text, n);
    aivm_json__init(&j, copy, n);
    aivm_buf_clear(out);
    ok = aivm_json__string(&j, out) && aivm_json__at_end(&j);
    free(copy);
    return ok;
}

static bool valid(const char *text)
{
    size_t n = strlen(text);
    char *copy = malloc(n ? n : 1);
    aivm_json j;
    bool ok;
    memcpy(copy, text, n);
    aivm_json__init(&j, copy, n);
    ok = aivm_json__skip(&j) && aivm_json__at_end(&j);
    free(copy);
    return ok;
}

static void json_scan__escapes_decode(void **state)
{
    aivm_buf b = AIVM_BUF_INIT;
    (void)state;
    assert_true(scan_string("\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", &b));
    assert_string_equal(b.ptr, "a\"b\\c/d\b\f\n\r\t");
    assert_true(scan_string("\"\"", &b));
    assert_non_null(b.ptr);
    assert_string_equal(b.ptr, "");
    assert_false(scan_string("\"\\x\"", &b));
    assert_false(scan_string("\"\\\"", &b)); /* escape eats the closing quote */
    assert_false(scan_string("\"tab\there\"", &b));
    assert_false(scan_string("\"line\nbreak\"", &b));
    assert_false(scan_string("\"open", &b));
    aivm_buf_dispose(&b);
}

static void json_scan__unicode_escapes_and_surrogates(void **state)
{
    aivm_buf b = AIVM_BUF_INIT;
    (void)state;
    assert_true(scan_string("\"\\u0057in \\u00e9\\u20AC\"", &b));
    assert_string_equal(b.ptr, "Win \xC3\xA9\xE2\x82\xAC");
    assert_true(scan_string("\"\\ud83d\\ude00\"", &b)); /* U+1F600 */
    assert_string_equal(b.ptr, "\xF0\x9F\x98\x80");
    assert_false(scan_string("\"\\ud83d\"", &b));        /* high surrogate alone */
    assert_false(scan_string("\"\\ud83d\\u0041\"", &b)); /* not followed by a low one */
    assert_false(scan_string("\"\\ude00\"", &b));        /* low surrogate alone */
    assert_false(scan_string("\"\\u12\"", &b));
    assert_false(scan_string("\"\\u12g4\"", &b));
    assert_false(scan_string("\"\\u", &b));
    aivm_buf_dispose(&b);
}

static void json_scan__utf8_is_checked(void **state)
{
    aivm_buf b = AIVM_BUF_INIT;
    (void)state;
    assert_true(scan_string("\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\"", &b));
    assert_string_equal(b.ptr, "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
    assert_false(scan_string("\"\xFF\"", &b));
    assert_false(scan_string("\"\xC0\xAF\"", &b));         /* overlong '/' */
    assert_false(scan_string("\"\xED\xA0\x80\"", &b));     /* encoded surrogate */
    assert_false(scan_string("\"\xF4\x90\x80\x80\"", &b)); /* past U+10FFFF */
    assert_false(scan_string("\"\xE2\x82\"", &b));         /* cut short */
    assert_false(scan_string("\"\xE2\x82", &b));
    aivm_buf_dispose(&b);
}

static void json_scan__long_strings_use_the_word_loop(void **state)
{
    aivm_buf b = AIVM_BUF_INIT;
    char text[200];
    (void)state;
    /* every position of the special byte relative to the 8-byte words */
    for (int at = 0; at < 40; at++) {
        memset(text, 'x', sizeof text);
        text[0] = '"';
        text[1 + at] = '"';
        text[2 + at] = '\0';
        assert_true(scan_string(text, &b));
        assert_int_equal(b.size, (size_t)at);
        text[1 + at] = '\x01';
        text[2 + at] = '"';
        text[3 + at] = '\0';
        assert_false(scan_string(text, &b));
        text[1 + at] = '\\';
        text[2 + at] = 'n';
        text[3 + at] = '"';
        text[4 + at] = '\0';
        assert_true(scan_string(text, &b));
        assert_int_equal(b.ptr[at], '\n');
    }
    aivm_buf_dispose(&b);
}

static double num(const char *text, bool *ok)
{
    size_t n = strlen(text);
    char *copy = malloc(n ? n : 1);
    aivm_json j;
    double v = -12345;
    memcpy(copy, text, n);
    aivm_json__init(&j, copy, n);
    *ok = aivm_json__number(&j, &v) && aivm_json__at_end(&j);
    free(copy);
    return v;
}

static void json_scan__numbers(void **state)
{
    static const char *good[] = {"0",
                                 "-0",
                                 "1",
                                 "98.32",
                                 "0.673",
                                 "26280.0",
                                 "1e3",
                                 "-2.5E-3",
                                 "12345678901234.5",
                                 "123456789012345678",
                                 "0.1234567890123456789",
                                 "1e308",
                                 "5e-324",
                                 "3.14159265358979"};
    static const char *bad[] = {"",    "-",    "01",  "1.",       ".5",    "+1", "1e",
                                "1e+", "0x10", "NaN", "Infinity", "1.2.3", "--1"};
    bool ok;
    (void)state;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        double v = num(good[i], &ok);
        if (!ok || v != strtod(good[i], NULL))
            fail_msg("%s: %d %.17g", good[i], ok, v);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        num(bad[i], &ok);
        if (ok)
            fail_msg("'%s' accepted", bad[i]);
    }
    assert_true(signbit(num("-0", &ok)));
}

/* The short-decimal fast path gives exactly what strtod gives. */
static void json_scan__fast_decimals_match_strtod(void **state)
{
    uint64_t x = 88172645463325252u;
    char text[40];
    bool ok;
    (void)state;
    for (int i = 0; i < 200000; i++) {
        int digits, point;
        uint64_t m;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        digits = 1 + (int)(x % 15);
        point = (int)((x >> 8) % (uint64_t)(digits + 1));
        m = (x >> 16) % 1000000000000000u;
        snprintf(text, sizeof text, "%0*llu", digits,
                 (unsigned long long)m % (unsigned long long)pow(10, digits));
        if (point > 0 && point < digits) {
            memmove(text + point + 1, text + point, strlen(text + point) + 1);
            text[point] = '.';
        }
        if (text[0] == '0' && text[1] && text[1] != '.')
            text[0] = '1'; /* no leading zeros in JSON */
        if (num(text, &ok) != strtod(text, NULL) || !ok)
            fail_msg("%s: %.17g vs %.17g", text, num(text, &ok), strtod(text, NULL));
    }
}

static void json_scan__structure(void **state)
{
    (void)state;
    assert_true(valid(" {\"a\": [1, true, false, null, {\"b\": \"c\"}], \"d\": {}} \n"));
    assert_true(valid("\xEF\xBB\xBF[]"));
    assert_false(valid("{\"a\": 1,}"));
    assert_false(valid("[1,]"));
    assert_false(valid("[1 2]"));
    assert_false(valid("{\"a\" 1}"));
    assert_false(valid("{a: 1}"));
    assert_false(valid("{\"a\": tru}"));
    assert_false(valid("[] []"));
    assert_false(valid("{} x"));
    assert_false(valid("\x01{}"));
    assert_false(valid(""));
    assert_false(valid("<html>"));
}

static void json_scan__depth_is_capped(void **state)
{
    size_t n = 2 * (AIVM_JSON_MAX_DEPTH + 1);
    char *text = malloc(n + 1);
    aivm_json j;
    (void)state;
    for (size_t d = AIVM_JSON_MAX_DEPTH; d <= AIVM_JSON_MAX_DEPTH + 1; d++) {
        memset(text, '[', d);
        memset(text + d, ']', d);
        aivm_json__init(&j, text, 2 * d);
        if (d == AIVM_JSON_MAX_DEPTH) {
            assert_true(aivm_json__skip(&j) && aivm_json__at_end(&j));
        } else {
            assert_false(aivm_json__skip(&j));
            assert_true(j.too_deep);
            assert_int_equal(j.err_off, AIVM_JSON_MAX_DEPTH);
        }
    }
    free(text);
}

static void json_scan__error_offset_is_the_first_bad_byte(void **state)
{
    const char *text = "{\"a\": [1, 2, x]}";
    aivm_json j;
    (void)state;
    aivm_json__init(&j, text, strlen(text));
    assert_false(aivm_json__skip(&j));
    assert_int_equal(j.err_off, 13);
}

static void json_scan__jw_string_round_trips(void **state)
{
    const char *s = "q\"b\\s\x01\n\tcaf\xC3\xA9";
    aivm_buf lit = AIVM_BUF_INIT, back = AIVM_BUF_INIT;
    (void)state;
    aivm_jw_string(&lit, s);
    assert_true(scan_string(lit.ptr, &back));
    assert_string_equal(back.ptr, s);
    aivm_buf_dispose(&lit);
    aivm_buf_dispose(&back);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(json_scan__escapes_decode),
        cmocka_unit_test(json_scan__unicode_escapes_and_surrogates),
        cmocka_unit_test(json_scan__utf8_is_checked),
        cmocka_unit_test(json_scan__long_strings_use_the_word_loop),
        cmocka_unit_test(json_scan__numbers),
        cmocka_unit_test(json_scan__fast_decimals_match_strtod),
        cmocka_unit_test(json_scan__structure),
        cmocka_unit_test(json_scan__depth_is_capped),
        cmocka_unit_test(json_scan__error_offset_is_the_first_bad_byte),
        cmocka_unit_test(json_scan__jw_string_round_trips),
    };
    return cmocka_run_group_tests_name("json_scan", tests, NULL, NULL);
}
