/* test_report_yaml.c - aivm_report_json_to_yaml() (libyaml's emitter on the
 * cJSON tree, util/yamlw.c): the YAML of a JSON text carries the same data.
 * Strings a YAML 1.1 or 1.2 reader would take for a boolean, null, number,
 * date, comment or mapping are quoted; numbers keep cJSON's text (an
 * exponent gains a ".0"); nesting, empty containers, escapes, bytes that are
 * not UTF-8. The expected texts were checked with PyYAML (safe_load equals
 * json.loads); tests/schema/validate.py does the same on real reports. */
#include <stdio.h>
#include <string.h>

#include "aivm/report.h"
#include "helpers.h"

static void expect_yaml(const char *json, const char *want)
{
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    assert_int_equal(aivm_report_json_to_yaml(&out, json, strlen(json), &err), 0);
    assert_string_equal(out.ptr ? out.ptr : "", want);
    aivm_buf_dispose(&out);
}

static void yaml__strings_yaml_would_misread_are_quoted(void **state)
{
    (void)state;
    expect_yaml("{\"a\": [\"yes\", \"No\", \"ON\", \"off\", \"y\", \"n\", \"true\", \"Null\", "
                "\"null\", \"~\", \"\", \"1.0\", \"42\", \"0x1F\", \".inf\", \"2026-12-01\", "
                "\"1:20\", \"a: b\", \"#x\", \"a #b\", \" lead\", \"trail \", \"- x\", "
                "\"[x]\", \"{x}\", \"*x\", \"&x\", \"!x\", \"|\", \">\", \"%x\", \"@x\", "
                "\"`x\", \"'x'\", \"x,y\", \"plain text\", \"Standard_ND96isr_H100_v5\", "
                "\"on-demand\", \"no-go\", \"e5\"]}",
                "a:\n- \"yes\"\n- \"No\"\n- \"ON\"\n- \"off\"\n- \"y\"\n- \"n\"\n"
                "- \"true\"\n- \"Null\"\n- \"null\"\n- \"~\"\n- \"\"\n- \"1.0\"\n"
                "- \"42\"\n- \"0x1F\"\n- \".inf\"\n- \"2026-12-01\"\n- \"1:20\"\n"
                "- \"a: b\"\n- \"#x\"\n- \"a #b\"\n- \" lead\"\n- \"trail \"\n"
                "- \"- x\"\n- \"[x]\"\n- \"{x}\"\n- \"*x\"\n- \"&x\"\n- \"!x\"\n"
                "- \"|\"\n- \">\"\n- \"%x\"\n- \"@x\"\n- \"`x\"\n- \"'x'\"\n"
                "- \"x,y\"\n- plain text\n- Standard_ND96isr_H100_v5\n- on-demand\n"
                "- no-go\n- e5\n");
}

static void yaml__escapes(void **state)
{
    (void)state;
    /* JSON escapes decoded, then written as libyaml's double-quoted escapes;
     * raw UTF-8 stays; controls, DEL, NEL and U+2028 are escaped (YAML does
     * not allow them raw); a surrogate pair is one code point, written as
     * libyaml writes it (\U0001F600). */
    expect_yaml("{\"s\": \"q\\\" b\\\\ n\\n t\\t r\\r \\u0001 \\u007f \\u00e9 \\u0085 "
                "\\u2028 \\ud83d\\ude00 \\/\"}",
                "s: \"q\\\" b\\\\ n\\n t\\t r\\r \\x01 \\x7F \xc3\xa9 \\N \\L "
                "\\U0001F600 /\"\n");
    /* a byte that is not UTF-8 (raw in the JSON text) becomes U+FFFD: libyaml
     * refuses a scalar that is not UTF-8 */
    expect_yaml("{\"s\": \"a\xff b\"}", "s: \"a\xef\xbf\xbd b\"\n");
}

static void yaml__numbers_and_words(void **state)
{
    (void)state;
    expect_yaml("{\"i\": 730, \"f\": 98.32, \"neg\": -7, \"e\": 1e-05, \"E\": -2.5e+300, "
                "\"d\": 1.5e-07, \"u\": 2E5, \"v\": 1.5e5, \"t\": true, \"F\": false, "
                "\"z\": null}",
                "i: 730\nf: 98.32\nneg: -7\ne: 1.0e-05\nE: -2.5e+300\nd: 1.5e-07\nu: 200000\n"
                "v: 150000\nt: true\n"
                "F: false\nz: null\n");
    /* the shortest text of the same double (cJSON's printer would round this one to 15
     * digits, 7.77777777777778e+16); past the double range, a float past it too */
    expect_yaml("[77777777777777770, 0.1, -0, 1e999, -1e999]",
                "- 7.777777777777778e+16\n- 0.1\n- 0\n- 1.0e+999\n- -1.0e+999\n");
}

static void yaml__nesting_and_empty_containers(void **state)
{
    (void)state;
    expect_yaml("{\n\t\"a\":\t{\n\t\t\"b\":\t[1, 2],\n\t\t\"c\":\t[]\n\t},\n\t\"d\":\t{},\n"
                "\t\"e\":\t[{\n\t\t\t\"k\":\t\"v\",\n\t\t\t\"l\":\t[{\"m\": 1}]\n\t\t}, [3, [4]], "
                "{}],\n\t\"yes\":\t1\n}",
                "a:\n  b:\n  - 1\n  - 2\n  c: []\nd: {}\ne:\n- k: v\n  l:\n"
                "  - m: 1\n- - 3\n  - - 4\n- {}\n\"yes\": 1\n");
    expect_yaml("[]", "[]\n");
    expect_yaml("\"2026\"", "\"2026\"\n");
}

/* YAML limits an implicit key to 1024 characters: libyaml's emitter writes a key
 * over 128 as an explicit "? key" with its ":" on the next line (fuzz_yaml_out
 * found the long-key case, its input is in fuzz/corpus/yaml_out). */
static void yaml__long_keys_are_explicit(void **state)
{
    char key[1201], json[2600], want[2600];
    (void)state;
    memset(key, 'k', 1200);
    key[1200] = '\0';
    snprintf(json, sizeof json, "{\"%s\": [1], \"a\": {\"%s\": 2}}", key, key);
    snprintf(want, sizeof want, "? %s\n: - 1\na:\n  ? %s\n  : 2\n", key, key);
    expect_yaml(json, want);
    key[128] = '\0'; /* 128 characters: still a simple key */
    snprintf(json, sizeof json, "{\"%s\": 1}", key);
    snprintf(want, sizeof want, "%s: 1\n", key);
    expect_yaml(json, want);
}

static void yaml__malformed_json_is_an_error(void **state)
{
    static const char *const bad[] = {"",      "{",      "{\"a\" 1}", "[1,",    "{\"a\": 1} x",
                                      "[1 2]", "[tree]", "[nul]",     "[truex]"};
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        aivm_buf out = AIVM_BUF_INIT;
        aivm_error err = AIVM_ERROR_INIT;
        assert_int_equal(aivm_report_json_to_yaml(&out, bad[i], strlen(bad[i]), &err), AIVM_ERROR);
        aivm_buf_dispose(&out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(yaml__strings_yaml_would_misread_are_quoted),
        cmocka_unit_test(yaml__escapes),
        cmocka_unit_test(yaml__numbers_and_words),
        cmocka_unit_test(yaml__nesting_and_empty_containers),
        cmocka_unit_test(yaml__long_keys_are_explicit),
        cmocka_unit_test(yaml__malformed_json_is_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
