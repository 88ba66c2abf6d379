/* fuzz_tfsource.c - libFuzzer target: any bytes into the HCL scanner of
 * check --source (aivm_tf_scan_mem), which reads .tf files of a pull
 * request; every block it returns must be whole and point inside the input. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "aivm/tfsource.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    aivm_tf_file *f = NULL;
    aivm_error err;
    size_t lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    if (aivm_tf_scan_mem(&f, (const char *)data, size, "fuzz.tf", &err) == 0) {
        for (size_t i = 0; i < aivm_tf_file_count(f); i++) {
            const aivm_tf_block *b = aivm_tf_file_at(f, i);
            if (!b->name || (b->kind == AIVM_TF_RESOURCE && !b->type) || b->loc.line < 1 ||
                b->loc.line > lines || b->loc.col < 1 || b->n_attrs > 16)
                abort();
            for (size_t j = 0; j < b->n_attrs; j++)
                if (!b->attrs[j].name || b->attrs[j].loc.line < b->loc.line ||
                    b->attrs[j].loc.line > lines)
                    abort();
        }
    } else if (f || err.line < 1 || err.line > lines) {
        abort();
    }
    aivm_tf_file_free(f);
    return 0;
}
