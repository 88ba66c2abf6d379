/* fuzz_json.c - libFuzzer target: the JSON fast path against libyaml. When
 * the fast path reads a document, libyaml must read it too, into the same
 * tree (types, text, styles, positions), with and without the Terraform
 * filter; anything else is a bug in yamlutil_json.c. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan_int.h"
#include "util/yamlutil_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same(const aivm_ynode *a, const aivm_ynode *b)
{
    size_t kids;
    if (!a || !b)
        return a == b;
    if (a->type != b->type || a->loc.line != b->loc.line || a->loc.col != b->loc.col ||
        a->n != b->n)
        return 0;
    if (a->type == AIVM_Y_SCALAR)
        return strcmp(a->str, b->str) == 0 && a->plain == b->plain;
    kids = a->type == AIVM_Y_MAP ? 2 * a->n : a->n;
    for (size_t i = 0; i < kids; i++)
        if (!same(a->kids[i], b->kids[i]))
            return 0;
    return 1;
}

static void compare(const char *text, size_t len, const aivm_yfilter *f)
{
    aivm_arena a = AIVM_ARENA_INIT, b = AIVM_ARENA_INIT;
    aivm_ynode *fast = NULL, *slow = NULL;
    aivm_error err;
    if (aivm_yaml__parse_json(&fast, &a, text, len, "fuzz.json", f) == 0 &&
        (aivm_yaml__parse_libyaml(&slow, &b, text, len, "fuzz.json", f, &err) != 0 ||
         !same(fast, slow)))
        abort();
    aivm_arena_dispose(&a);
    aivm_arena_dispose(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    aivm_tf_filter tf = {false, false};
    aivm_yfilter f = {aivm_plan__terraform_verdict, &tf, aivm_plan__terraform_reset};
    compare((const char *)data, size, NULL);
    compare((const char *)data, size, &f);
    return 0;
}
