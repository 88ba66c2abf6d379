/* fuzz_rules.c - libFuzzer target: any bytes into the rules loader, then the
 * loaded rules evaluated against the compiled-in catalog. */
#include <stddef.h>
#include <stdint.h>

#include "aivm/aivm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const aivm_catalog *cat = aivm_catalog_builtin();
    aivm_rules *rules = NULL;
    aivm_error err;
    aivm_rules_new(&rules);
    if (aivm_rules_load_mem(rules, (const char *)data, size, "fuzz.yaml", &err) == 0) {
        aivm_workload wl = AIVM_WORKLOAD_INIT;
        aivm_advise_opts o = AIVM_ADVISE_OPTS_INIT;
        aivm_advice *adv = NULL;
        wl.phase = AIVM_PHASE_TRAIN;
        wl.kind = AIVM_KIND_GENERATIVE;
        aivm_workload_finish(&wl, &err);
        if (aivm_advise(&adv, cat, rules, &wl, &o, &err) == 0) {
            aivm_buf b = AIVM_BUF_INIT;
            aivm_render_opts ro = AIVM_RENDER_OPTS_INIT;
            aivm_report_json(&b, adv, &ro, &err);
            aivm_report_table(&b, adv, &ro, &err);
            aivm_buf_dispose(&b);
        }
        aivm_advice_free(adv);
    }
    aivm_rules_free(rules);
    return 0;
}
