/* fuzz_overlay.c - libFuzzer target: any bytes as a catalog overlay (the JSON
 * that `catalog refresh` writes) applied to the built-in catalog, then every
 * change it records read back (what `catalog diff` lists). */
#include <stddef.h>
#include <stdint.h>

#include "aivm/aivm.h"
#include "aivm/catalog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static aivm_catalog *base;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    aivm_catalog *cat = NULL;
    aivm_error err;
    size_t seen = 0;
    if (!base)
        base = aivm_catalog_builtin();
    if (aivm_catalog_overlay_mem(&cat, base, (const char *)data, size, "overlay.json", &err) == 0) {
        for (size_t i = 0; i < aivm_catalog_overlay_change_count(cat); i++) {
            const aivm_overlay_change *c = aivm_catalog_overlay_change_at(cat, i);
            seen += c->overlay ? 1 : 0;
        }
        (void)seen;
        (void)aivm_catalog_overlay_name(cat);
        (void)aivm_catalog_overlay_as_of(cat);
    }
    aivm_catalog_free(cat);
    return 0;
}
