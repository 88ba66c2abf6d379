/* fuzz_workload.c - libFuzzer target: any bytes into the workload file loader. */
#include <stddef.h>
#include <stdint.h>

#include "aivm/workload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_workload_doc *doc = NULL;
    aivm_error err;
    if (aivm_workload_load_mem(&doc, &wl, (const char *)data, size, "fuzz.yaml", &err) == 0)
        aivm_workload_finish(&wl, &err);
    aivm_workload_doc_free(doc);
    return 0;
}
