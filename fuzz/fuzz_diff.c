/* fuzz_diff.c - libFuzzer target: the base diff (check --base). The input is
 * two plans separated by the first line "----" (without one, the input is
 * checked against itself); both are checked and priced from the catalog, the
 * diff applied, and the text, JSON and Markdown renderers run over it. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aivm/aivm.h"
#include "aivm/check.h"
#include "aivm/plan.h"
#include "aivm/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static aivm_catalog *cat;
static aivm_rules *rules;

static void load_once(void)
{
    if (cat)
        return;
    cat = aivm_catalog_builtin();
    aivm_rules_new(&rules);
    aivm_rules_load_builtin(rules, NULL);
}

/* Read, check and price one plan; NULL when it is not a plan. */
static aivm_check_report *checked(aivm_plan **plan, const char *p, size_t n)
{
    aivm_check_report *rep = NULL;
    aivm_check_opts o = AIVM_CHECK_OPTS_INIT;
    aivm_error err;
    o.today = "2026-11-29";
    aivm_plan_new(plan);
    if (aivm_plan_read_mem(*plan, NULL, p, n, "fuzz.json", AIVM_PLAN_AUTO, &err) < 0 ||
        aivm_check_run(&rep, *plan, cat, rules, &o, &err) < 0)
        return NULL;
    if (aivm_check_apply_prices(rep, NULL, AIVM_PRICES_CATALOG, true, NULL, &err) < 0) {
        aivm_check_report_free(rep);
        return NULL;
    }
    return rep;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *p = (const char *)data, *sep = NULL;
    size_t n_head = size, off_base = 0;
    aivm_plan *plan = NULL, *base_plan = NULL;
    aivm_check_report *rep, *base;
    aivm_check_render_opts ro = AIVM_CHECK_RENDER_OPTS_INIT;
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err;
    load_once();
    for (size_t i = 0; i + 5 <= size; i++)
        if ((i == 0 || p[i - 1] == '\n') && memcmp(p + i, "----\n", 5) == 0) {
            sep = p + i;
            break;
        }
    if (sep) {
        n_head = (size_t)(sep - p);
        off_base = n_head + 5;
    }
    rep = checked(&plan, p, n_head);
    base = rep ? checked(&base_plan, sep ? p + off_base : p, sep ? size - off_base : size) : NULL;
    if (rep && base && aivm_check_diff_apply(rep, base, &err) == 0) {
        aivm_check_render_text(&out, rep, &ro, &err);
        aivm_buf_clear(&out);
        aivm_check_render_json(&out, rep, &ro, &err);
        aivm_buf_clear(&out);
        aivm_check_render_markdown(&out, rep, &ro, &err);
    } else {
        aivm_check_report_free(base);
    }
    aivm_buf_dispose(&out);
    aivm_check_report_free(rep);
    aivm_plan_free(base_plan);
    aivm_plan_free(plan);
    return 0;
}
