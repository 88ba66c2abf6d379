/* test_jsonw.c - the JSON writer builds the document its calls describe and
 * prints what cJSON_Print() prints for it, except that what cJSON passes
 * through raw past 0x7f and no reader should see (C1 controls,
 * noncharacters, bytes that are not UTF-8) is escaped. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "util/jsonw.h"

static const double numbers[] = {0,
                                 -0.0,
                                 1,
                                 -7,
                                 98.32,
                                 18.169536,
                                 0.1,
                                 1.0 / 3,
                                 1e300,
                                 -2.5e-7,
                                 2147483647.0,
                                 2147483648.5,
                                 -2147483649.0,
                                 730,
                                 123456789.123,
                                 NAN};
static const char *const strings[] = {"",
                                      "plain",
                                      "quote \" and \\ backslash",
                                      "tab\tnl\nret\r",
                                      "\b\f\x01\x1f ctl",
                                      "utf-8 \xc3\xa9 \xe2\x80\x94 ok",
                                      "slash / stays"};

static void jsonw__matches_cjson_print(void **state)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_jw w;
    aivm_strlist empty = {NULL, 0};
    cJSON *root = cJSON_CreateObject(), *nums = cJSON_CreateArray(), *strs = cJSON_CreateObject();
    cJSON *nested = cJSON_CreateArray(), *obj, *inner;
    char *want;
    (void)state;
    aivm_jw_init(&w, &b);
    aivm_jw_object(&w, NULL);
    aivm_jw_array(&w, "numbers");
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        aivm_jw_num(&w, NULL, numbers[i]);
        cJSON_AddItemToArray(nums, cJSON_CreateNumber(numbers[i]));
    }
    aivm_jw_end(&w);
    cJSON_AddItemToObject(root, "numbers", nums);
    aivm_jw_object(&w, "strings");
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
        char key[16];
        snprintf(key, sizeof key, "k%zu", i);
        aivm_jw_str(&w, key, strings[i]);
        cJSON_AddStringToObject(strs, key, strings[i]);
    }
    aivm_jw_end(&w);
    cJSON_AddItemToObject(root, "strings", strs);
    aivm_jw_object(&w, "empty_object");
    aivm_jw_end(&w);
    cJSON_AddItemToObject(root, "empty_object", cJSON_CreateObject());
    aivm_jw_strlist(&w, "empty_array", &empty);
    cJSON_AddItemToObject(root, "empty_array", cJSON_CreateArray());
    aivm_jw_array(&w, "nested");
    aivm_jw_object(&w, NULL);
    aivm_jw_bool(&w, "yes", true);
    aivm_jw_null(&w, "none");
    aivm_jw_array(&w, "list");
    aivm_jw_object(&w, NULL);
    aivm_jw_bool(&w, "deep", false);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_jw_object(&w, NULL);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    obj = cJSON_CreateObject();
    cJSON_AddBoolToObject(obj, "yes", true);
    cJSON_AddNullToObject(obj, "none");
    inner = cJSON_CreateObject();
    cJSON_AddBoolToObject(inner, "deep", false);
    cJSON_AddItemToObject(obj, "list", cJSON_CreateArray());
    cJSON_AddItemToArray(cJSON_GetObjectItem(obj, "list"), inner);
    cJSON_AddItemToArray(nested, obj);
    cJSON_AddItemToArray(nested, cJSON_CreateObject());
    cJSON_AddItemToObject(root, "nested", nested);
    aivm_jw_end(&w);
    want = cJSON_Print(root);
    assert_string_equal(b.ptr, want);
    assert_int_equal(w.depth, 0);
    cJSON_free(want);
    cJSON_Delete(root);
    aivm_buf_dispose(&b);
}

static unsigned long long rng = 0x9e3779b97f4a7c15ull;
static unsigned long long next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* One number as jsonw writes it and as cJSON prints it. */
static void check_number(double d)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_jw w;
    cJSON *n = cJSON_CreateNumber(d);
    char *want = cJSON_PrintUnformatted(n);
    aivm_jw_init(&w, &b);
    aivm_jw_num(&w, NULL, d);
    if (strcmp(b.ptr, want) != 0)
        fail_msg("%.17g: jsonw wrote %s, cJSON printed %s", d, b.ptr, want);
    cJSON_free(want);
    cJSON_Delete(n);
    aivm_buf_dispose(&b);
}

/* The short-decimal fast path and the printf path agree with cJSON on
 * decimals of every length and magnitude, on their neighbours one ulp away,
 * and on random doubles. */
static void jsonw__numbers_match_cjson(void **state)
{
    static const double p10[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12};
    static const double edges[] = {1e-4,
                                   0.0001234,
                                   9.9999e-5,
                                   0.1,
                                   0.3,
                                   0.7,
                                   1.5,
                                   2.675,
                                   999999999999999.9,
                                   99999999999999.99,
                                   1e15 - 0.5,
                                   4503599627370495.5,
                                   0.000123456789012345,
                                   123456.789012345678,
                                   5e-324,
                                   1.7976931348623157e308,
                                   0.1 + 0.2,
                                   1.005,
                                   1.015,
                                   27.197,
                                   98.32};
    (void)state;
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        check_number(edges[i]);
        check_number(-edges[i]);
        check_number(nextafter(edges[i], 0));
        check_number(nextafter(edges[i], INFINITY));
    }
    for (int i = 0; i < 100000; i++) {
        unsigned long long r = next() % 1000000000000000ull >> (next() % 50);
        double d = (double)r / p10[next() % (sizeof p10 / sizeof p10[0])];
        check_number(i % 2 ? -d : d);
        if (i % 10 == 0)
            check_number(nextafter(d, INFINITY));
    }
    for (int i = 0; i < 20000; i++) {
        unsigned long long bits = next();
        double d;
        memcpy(&d, &bits, sizeof d);
        if (isnan(d) || isinf(d))
            continue;
        check_number(d);
    }
}

/* Every byte value at every offset of strings up to 70 bytes (the SSE2 scan
 * reads 16 at a time): escaped exactly as cJSON escapes it; a lone byte past
 * 0x7f, which is not UTF-8 (cJSON passes it), as \ufffd. */
static void jsonw__escapes_at_every_offset(void **state)
{
    (void)state;
    for (int c = 1; c < 256; c++)
        for (size_t len = 1; len <= 70; len += (len < 40 ? 1 : 7))
            for (size_t at = 0; at < len; at += (len < 20 ? 1 : 5)) {
                char text[80];
                aivm_buf b = AIVM_BUF_INIT;
                aivm_jw w;
                cJSON *str;
                char *want;
                memset(text, 'a', len);
                text[len] = '\0';
                text[at] = (char)c;
                str = cJSON_CreateString(text);
                want = cJSON_PrintUnformatted(str);
                if (c >= 0x80) {
                    char *mine = malloc(len + 16);
                    snprintf(mine, len + 16, "\"%.*s\\ufffd%s\"", (int)at, text, text + at + 1);
                    cJSON_free(want);
                    want = mine;
                }
                aivm_jw_init(&w, &b);
                aivm_jw_str(&w, NULL, text);
                if (strcmp(b.ptr, want) != 0)
                    fail_msg("byte %d at %zu of %zu: %s, cJSON %s", c, at, len, b.ptr, want);
                if (c >= 0x80)
                    free(want);
                else
                    cJSON_free(want);
                cJSON_Delete(str);
                aivm_buf_dispose(&b);
            }
}

/* What JSON may carry but no reader should see raw: C1 controls and
 * noncharacters as \u escapes, bytes that are not UTF-8 as \ufffd; text as it is. */
static void jsonw__shows_c1_and_invalid_utf8(void **state)
{
    static const struct {
        const char *in, *want;
    } cases[] = {
        {"a\xc2\x9b[31mb", "\"a\\u009b[31mb\""},
        {"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
         "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\""},
        {"x\xef\xbf\xbey", "\"x\\ufffey\""},
        {"x\xf0\x9f\xbf\xbfy", "\"x\\ufffdy\""},
        {"\xff\xc3(\xed\xa0\x80", "\"\\ufffd\\ufffd(\\ufffd\\ufffd\\ufffd\""},
        {"0123456789abcdef\xc2\x85", "\"0123456789abcdef\\u0085\""},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        aivm_buf b = AIVM_BUF_INIT;
        aivm_jw w;
        aivm_jw_init(&w, &b);
        aivm_jw_str(&w, NULL, cases[i].in);
        assert_string_equal(b.ptr, cases[i].want);
        aivm_buf_dispose(&b);
    }
}

/* Keys and strings that need escapes go through the slow path, deep objects
 * through the tab loop: both as cJSON prints them. */
static void jsonw__escaped_keys_and_deep_objects(void **state)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_jw w;
    cJSON *root = cJSON_CreateObject(), *at = root;
    char *want;
    (void)state;
    aivm_jw_init(&w, &b);
    aivm_jw_object(&w, NULL);
    for (int i = 0; i < 20; i++) {
        char key[32];
        cJSON *o = cJSON_CreateObject();
        snprintf(key, sizeof key, "k\"%d\t", i);
        aivm_jw_str(&w, "a\\b", "v\n");
        cJSON_AddStringToObject(at, "a\\b", "v\n");
        aivm_jw_object(&w, key);
        cJSON_AddItemToObject(at, key, o);
        at = o;
    }
    aivm_jw_num(&w, "x", 1.25);
    cJSON_AddNumberToObject(at, "x", 1.25);
    for (int i = 0; i < 21; i++)
        aivm_jw_end(&w);
    want = cJSON_Print(root);
    assert_string_equal(b.ptr, want);
    cJSON_free(want);
    cJSON_Delete(root);
    aivm_buf_dispose(&b);
}

/* aivm_jw_init_member: a member added to a finished object at depth 1 and
 * 2, indented and separated as cJSON_Print prints the whole object. */
static void jsonw__member_after_members(void **state)
{
    cJSON *root = cJSON_CreateObject(), *inner = cJSON_CreateObject(), *src, *list;
    aivm_buf b = AIVM_BUF_INIT;
    aivm_jw w;
    char *want, *doc;
    size_t len;
    (void)state;
    cJSON_AddNumberToObject(root, "a", 1);
    cJSON_AddItemToObject(root, "inner", inner);
    cJSON_AddStringToObject(inner, "b", "x");
    doc = cJSON_Print(root);
    len = strlen(doc);
    /* the document up to its inner object's last member, then two members added */
    aivm_buf_put(&b, doc, len - 5); /* before "\n\t}\n}" */
    cJSON_free(doc);
    aivm_jw_init_member(&w, &b, 2);
    aivm_jw_object(&w, "src");
    aivm_jw_array(&w, "list");
    aivm_jw_str(&w, NULL, "p\xc2\x85q");
    aivm_jw_num(&w, NULL, 2.5);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_jw_null(&w, "none");
    aivm_buf_puts(&b, "\n\t}\n}");
    src = cJSON_AddObjectToObject(inner, "src");
    list = cJSON_AddArrayToObject(src, "list");
    cJSON_AddItemToArray(list, cJSON_CreateString("p\\u0085q"));
    cJSON_AddItemToArray(list, cJSON_CreateNumber(2.5));
    cJSON_AddNullToObject(inner, "none");
    want = cJSON_Print(root);
    /* cJSON escapes the backslash of the stand-in; the writer writes the escape */
    {
        char *at = strstr(want, "p\\\\u0085q");
        assert_non_null(at);
        memmove(at + 1, at + 2, strlen(at + 2) + 1);
    }
    assert_string_equal(b.ptr, want);
    assert_int_equal(w.depth, 0);
    cJSON_free(want);
    cJSON_Delete(root);
    aivm_buf_dispose(&b);
}

/* aivm_jw_string, the escaper other writers use (the price cache): quoted,
 * escaped as a value is. */
static void jsonw__string_escaper(void **state)
{
    aivm_buf b = AIVM_BUF_INIT;
    (void)state;
    aivm_jw_string(&b, "a\"b\\c\n\x01 \xc3\xa9 \xc2\x9b \xef\xbf\xbe \xff");
    assert_string_equal(b.ptr, "\"a\\\"b\\\\c\\n\\u0001 \xc3\xa9 \\u009b \\ufffe \\ufffd\"");
    aivm_buf_dispose(&b);
}

/* aivm_jw_set_indent: every member and element on its own line, two spaces
 * a level, "key": value, the same document; strings escaped as ever. */
/* One random value at `depth` written through `w` and built into a cJSON
 * item in parallel: objects and arrays up to 6 levels, 0-4 members each. */
static cJSON *random_value(aivm_jw *w, const char *key, int depth)
{
    unsigned kind = depth >= 6 ? 2 + (unsigned)(next() % 3) : (unsigned)(next() % 5);
    cJSON *item;
    if (kind < 2) {
        unsigned n = (unsigned)(next() % 5);
        item = kind == 0 ? cJSON_CreateObject() : cJSON_CreateArray();
        if (kind == 0)
            aivm_jw_object(w, key);
        else
            aivm_jw_array(w, key);
        for (unsigned i = 0; i < n; i++) {
            char k[16];
            snprintf(k, sizeof k, "m%u", i);
            cJSON *c = random_value(w, kind == 0 ? k : NULL, depth + 1);
            if (kind == 0)
                cJSON_AddItemToObject(item, k, c);
            else
                cJSON_AddItemToArray(item, c);
        }
        aivm_jw_end(w);
        return item;
    }
    if (kind == 2) {
        double d = numbers[next() % (sizeof numbers / sizeof numbers[0] - 1)];
        aivm_jw_num(w, key, d);
        return cJSON_CreateNumber(d);
    }
    if (kind == 3) {
        const char *str = strings[next() % (sizeof strings / sizeof strings[0])];
        aivm_jw_str(w, key, str);
        return cJSON_CreateString(str);
    }
    {
        bool v = next() & 1;
        aivm_jw_bool(w, key, v);
        return cJSON_CreateBool(v);
    }
}

/* The outer levels are printed as they are written (AIVM_JSONW_STREAM), the
 * rest as trees: whatever the shape, the text is cJSON_Print()'s. */
static void jsonw__streamed_levels_match_cjson_print(void **state)
{
    (void)state;
    for (int round = 0; round < 400; round++) {
        aivm_buf b = AIVM_BUF_INIT;
        aivm_jw w;
        cJSON *root;
        char *want;
        aivm_jw_init(&w, &b);
        root = random_value(&w, NULL, 0);
        want = cJSON_Print(root);
        assert_string_equal(b.ptr ? b.ptr : "", want);
        assert_int_equal(w.depth, 0);
        cJSON_free(want);
        cJSON_Delete(root);
        aivm_buf_dispose(&b);
    }
}

/* A long report is not held whole: an element of a top-level member is
 * printed as soon as it is complete. */
static void jsonw__prints_elements_as_they_close(void **state)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_jw w;
    size_t after_first;
    (void)state;
    aivm_jw_init(&w, &b);
    aivm_jw_object(&w, NULL);
    aivm_jw_array(&w, "rejected");
    aivm_jw_object(&w, NULL);
    aivm_jw_str(&w, "size", "Standard_NC6");
    aivm_jw_end(&w);
    after_first = b.size;
    assert_non_null(b.ptr);
    assert_non_null(strstr(b.ptr, "\"size\":\t\"Standard_NC6\""));
    aivm_jw_object(&w, NULL);
    aivm_jw_str(&w, "size", "Standard_NC12");
    aivm_jw_end(&w);
    assert_true(b.size > after_first);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    assert_string_equal(b.ptr,
                        "{\n\t\"rejected\":\t[{\n\t\t\t\"size\":\t\"Standard_NC6\"\n\t\t}, {\n"
                        "\t\t\t\"size\":\t\"Standard_NC12\"\n\t\t}]\n}");
    aivm_buf_dispose(&b);
}

static void jsonw__two_space_indent(void **state)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_jw w;
    cJSON *back;
    (void)state;
    aivm_jw_init(&w, &b);
    aivm_jw_set_indent(&w, 2);
    aivm_jw_object(&w, NULL);
    aivm_jw_str(&w, "k:", "a\tb\xc2\x85");
    aivm_jw_object(&w, "o");
    aivm_jw_array(&w, "l");
    aivm_jw_num(&w, NULL, 1);
    aivm_jw_object(&w, NULL);
    aivm_jw_bool(&w, "t", true);
    aivm_jw_end(&w);
    aivm_jw_array(&w, NULL);
    aivm_jw_end(&w);
    aivm_jw_object(&w, NULL);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    assert_string_equal(b.ptr, "{\n"
                               "  \"k:\": \"a\\tb\\u0085\",\n"
                               "  \"o\": {\n"
                               "    \"l\": [\n"
                               "      1,\n"
                               "      {\n"
                               "        \"t\": true\n"
                               "      },\n"
                               "      [],\n"
                               "      {}\n"
                               "    ]\n"
                               "  }\n"
                               "}");
    back = cJSON_Parse(b.ptr);
    assert_non_null(back);
    assert_string_equal(cJSON_GetObjectItem(back, "k:")->valuestring, "a\tb\xc2\x85");
    cJSON_Delete(back);
    aivm_buf_dispose(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(jsonw__matches_cjson_print),
        cmocka_unit_test(jsonw__numbers_match_cjson),
        cmocka_unit_test(jsonw__escaped_keys_and_deep_objects),
        cmocka_unit_test(jsonw__escapes_at_every_offset),
        cmocka_unit_test(jsonw__shows_c1_and_invalid_utf8),
        cmocka_unit_test(jsonw__member_after_members),
        cmocka_unit_test(jsonw__string_escaper),
        cmocka_unit_test(jsonw__two_space_indent),
        cmocka_unit_test(jsonw__streamed_levels_match_cjson_print),
        cmocka_unit_test(jsonw__prints_elements_as_they_close),
    };
    return cmocka_run_group_tests_name("jsonw", tests, NULL, NULL);
}
