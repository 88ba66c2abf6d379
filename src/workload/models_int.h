/* models_int.h - the model set as the loader and the build-time writer
 * (tools/models_gen.c) see it (private to the workload module). */
#ifndef AIVM_MODELS_INT_H
#define AIVM_MODELS_INT_H

#include "aivm/buf.h"
#include "aivm/sizing.h"
#include "util/arena.h"

struct aivm_models {
    aivm_arena arena;
    aivm_model *items;
    size_t n;
    bool builtin; /* compiled in (aivm_models_builtin): never freed */
};

/** Write `ms` as C source defining aivm_models_builtin() (positions name `name`). */
void aivm_models__write_c(aivm_buf *b, const aivm_models *ms, const char *name);

#endif
