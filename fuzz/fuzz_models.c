/* fuzz_models.c - libFuzzer target: any bytes into the models.yaml loader,
 * then every preset that loads through the sizing formulas. */
#include <stddef.h>
#include <stdint.h>

#include "aivm/sizing.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    aivm_models *m = NULL;
    aivm_error err;
    if (aivm_models_load_mem(&m, (const char *)data, size, "fuzz.yaml", &err) == 0) {
        for (size_t i = 0; i < aivm_models_count(m); i++) {
            aivm_workload wl = AIVM_WORKLOAD_INIT;
            aivm_sizing sz;
            wl.phase = (i % 2) ? AIVM_PHASE_TRAIN : AIVM_PHASE_INFERENCE;
            wl.kind = AIVM_KIND_GENERATIVE;
            wl.sizing_in.model = aivm_models_at(m, i)->id;
            wl.sizing_in.set = 1u << AIVM_SZ_MODEL;
            (void)aivm_sizing_resolve(&sz, &wl, m, &err);
        }
    }
    aivm_models_free(m);
    return 0;
}
