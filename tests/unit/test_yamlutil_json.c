/* test_yamlutil_json.c - the JSON fast path gives libyaml's tree (types,
 * text, styles, positions) or steps aside; filters drop pairs without
 * moving what they keep. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "util/yamlutil_int.h"

/* Same shape, text, style and position, recursively. */
static void assert_same_tree(const aivm_ynode *a, const aivm_ynode *b)
{
    size_t kids;
    assert_true((a == NULL) == (b == NULL));
    if (!a)
        return;
    assert_int_equal(a->type, b->type);
    assert_int_equal(a->loc.line, b->loc.line);
    assert_int_equal(a->loc.col, b->loc.col);
    assert_int_equal(a->n, b->n);
    if (a->type == AIVM_Y_SCALAR) {
        assert_string_equal(a->str, b->str);
        assert_int_equal(a->plain, b->plain);
        return;
    }
    kids = a->type == AIVM_Y_MAP ? 2 * a->n : a->n;
    for (size_t i = 0; i < kids; i++)
        assert_same_tree(a->kids[i], b->kids[i]);
}

/* The fast path takes `text` (or not, `fast`) and agrees with libyaml. */
static void check_json(const char *text, bool fast, const aivm_yfilter *filter)
{
    aivm_arena a = AIVM_ARENA_INIT, b = AIVM_ARENA_INIT;
    aivm_ynode *ra = NULL, *rb = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    int rc = aivm_yaml__parse_json(&ra, &a, text, strlen(text), "t.json", filter);
    assert_int_equal(rc, fast ? 0 : 1);
    if (!fast)
        assert_null(a.head); /* what it built before giving up is freed at once */
    if (fast) {
        assert_int_equal(
            aivm_yaml__parse_libyaml(&rb, &b, text, strlen(text), "t.json", filter, &err), 0);
        assert_same_tree(ra, rb);
    }
    aivm_arena_dispose(&a);
    aivm_arena_dispose(&b);
}

static void yamlutil_json__same_tree_as_libyaml(void **state)
{
    (void)state;
    check_json("{\"a\": 1, \"b\": [true, false, null, -0.5e+3, \"x\"], \"c\": {}}", true, NULL);
    check_json("\n\n  [ {\"k\":\"v\"} ,\r\n {\"k\" :  [ ] } ]\n", true, NULL);
    check_json("{\"esc\": \"q\\\"b\\\\s\\/n\\n\\t\\u00e9\\u20ac\", \"utf\": \"caf\xc3\xa9 "
               "\xe2\x82\xac x\", \"after\": {\"col\": 3}}",
               true, NULL);
    check_json("{\"emoji\": \"x\xf0\x9f\x98\x80y\xf4\x8f\xbf\xbf\", \"b\": 1}", true, NULL);
    check_json("{\"big\": 12345678901234567890, \"neg\": -1, \"zero\": 0, \"e\": 1E5}", true, NULL);
}

static void yamlutil_json__steps_aside_when_unsure(void **state)
{
    (void)state;
    check_json("a: 1\n", false, NULL);                      /* YAML */
    check_json("{\"a\":\t1}", false, NULL);                 /* tab */
    check_json("{\"a\": 1}\rx", false, NULL);               /* lone CR */
    check_json("{\"a\": 01}", false, NULL);                 /* not JSON */
    check_json("{\"a\": 1,}", false, NULL);                 /* trailing comma */
    check_json("{\"a\": \"\\ud83d\\ude00\"}", false, NULL); /* surrogates */
    check_json("{\"a\": \"\\u0000\"}", false, NULL);        /* NUL */
    check_json("{\"a\": \"\xc2\x85\"}", false, NULL);       /* NEL, a YAML line break */
    check_json("{\"a\": 1, \"a\": 2}", false, NULL);        /* duplicate: libyaml path reports */
    check_json("{\"a\"\n: 1}", false, NULL);                /* key and ':' on two lines */
    check_json("{\"a\": 1} x", false, NULL);                /* trailing garbage */
    check_json("", false, NULL);
}

static void yamlutil_json__errors_come_from_libyaml(void **state)
{
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    const char *text = "{\"a\": 1,\n \"a\": 2}";
    (void)state;
    assert_int_equal(aivm_yaml_parse(&root, &a, text, strlen(text), "t.json", &err), AIVM_EINVALID);
    assert_string_equal(err.msg, "duplicate key 'a'");
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 2);
    aivm_arena_dispose(&a);
}

/* Drops "drop" everywhere, hollows "hollow". */
static aivm_yverdict test_verdict(const char *const *path, size_t depth, const char *key, void *ctx)
{
    (void)path;
    (void)depth;
    (void)ctx;
    if (strcmp(key, "drop") == 0)
        return AIVM_YDROP;
    if (strcmp(key, "hollow") == 0)
        return AIVM_YHOLLOW;
    return AIVM_YKEEP;
}

static void yamlutil_json__filter_keeps_positions(void **state)
{
    static const aivm_yfilter f = {test_verdict, NULL, NULL};
    const char *text = "{\"drop\": {\"x\": [1, {\"y\": 2}]},\n \"keep\": [{\"drop\": 1, \"k\": "
                       "\"v\"}, 7],\n \"hollow\": {\"z\": 1}, \"s\": \"after\"}";
    aivm_arena a = AIVM_ARENA_INIT, b = AIVM_ARENA_INIT;
    aivm_ynode *full = NULL, *part = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_ynode *k;
    (void)state;
    check_json(text, true, &f);
    assert_int_equal(aivm_yaml_parse(&full, &a, text, strlen(text), "t.json", &err), 0);
    assert_int_equal(aivm_yaml_parse_filtered(&part, &b, text, strlen(text), "t.json", &f, &err),
                     0);
    assert_int_equal(part->n, 3);
    assert_null(aivm_ymap_get(part, "drop"));
    k = aivm_ymap_get(part, "keep");
    assert_int_equal(k->n, 2);
    assert_int_equal(k->kids[0]->n, 1);
    assert_same_tree(aivm_ymap_get(k->kids[0], "k"),
                     aivm_ymap_get(aivm_ymap_get(full, "keep")->kids[0], "k"));
    assert_same_tree(k->kids[1], aivm_ymap_get(full, "keep")->kids[1]);
    assert_int_equal(aivm_ymap_get(part, "hollow")->type, AIVM_Y_MAP);
    assert_int_equal(aivm_ymap_get(part, "hollow")->n, 0);
    assert_same_tree(aivm_ymap_get(part, "s"), aivm_ymap_get(full, "s"));
    aivm_arena_dispose(&a);
    aivm_arena_dispose(&b);
}

static void yamlutil_json__dropped_keys_still_clash(void **state)
{
    static const aivm_yfilter f = {test_verdict, NULL, NULL};
    const char *text = "{\"drop\": 1, \"k\": 2,\n  \"drop\": 3}";
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(aivm_yaml_parse_filtered(&root, &a, text, strlen(text), "t.json", &f, &err),
                     AIVM_EINVALID);
    assert_string_equal(err.msg, "duplicate key 'drop'");
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 3);
    aivm_arena_dispose(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(yamlutil_json__same_tree_as_libyaml),
        cmocka_unit_test(yamlutil_json__steps_aside_when_unsure),
        cmocka_unit_test(yamlutil_json__errors_come_from_libyaml),
        cmocka_unit_test(yamlutil_json__filter_keeps_positions),
        cmocka_unit_test(yamlutil_json__dropped_keys_still_clash),
    };
    return cmocka_run_group_tests_name("yamlutil_json", tests, NULL, NULL);
}
