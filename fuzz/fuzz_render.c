/* fuzz_render.c - libFuzzer target: any bytes into the plan readers (format
 * detected), then check, priced from the catalog, into the Markdown (pull-request
 * comment) and HTML renderers, whose escaping of plan text is what the target
 * exercises (docs/security.md). */
#include <stddef.h>
#include <stdint.h>

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    aivm_plan *plan = NULL;
    aivm_check_report *rep = NULL;
    aivm_check_opts o = AIVM_CHECK_OPTS_INIT;
    aivm_check_render_opts ro = AIVM_CHECK_RENDER_OPTS_INIT;
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err;
    load_once();
    aivm_plan_new(&plan);
    o.today = "2026-11-29";
    if (aivm_plan_read_mem(plan, NULL, (const char *)data, size, "fuzz.json", AIVM_PLAN_AUTO,
                           &err) == 0 &&
        aivm_check_run(&rep, plan, cat, rules, &o, &err) == 0 &&
        aivm_check_apply_prices(rep, NULL, AIVM_PRICES_CATALOG, true, NULL, &err) == 0) {
        aivm_check_render_markdown(&out, rep, &ro, &err);
        aivm_buf_clear(&out);
        aivm_check_render_html(&out, rep, &ro, &err);
    }
    aivm_buf_dispose(&out);
    aivm_check_report_free(rep);
    aivm_plan_free(plan);
    return 0;
}
