/*
 * check_findings.c - the finding list every check step appends to, and the
 * small helpers the steps share (messages, guidance, GPU memory of a size).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/util.h"
#include "check_int.h"

static const char *const g_none[] = {NULL};

aivm_finding *aivm_check__add(aivm_check__flist *l, const char *id, aivm_severity sev,
                              const aivm_plan_resource *res)
{
    aivm_finding *f;
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->v = aivm_xrealloc(l->v, l->cap * sizeof *l->v);
    }
    f = &l->v[l->n++];
    memset(f, 0, sizeof *f);
    f->id = id;
    f->severity = sev;
    f->res = res;
    f->guidance = g_none;
    if (res) {
        f->loc = res->size_loc;
        f->pointer = res->pointer;
    }
    return f;
}

void aivm_check__guidance(aivm_finding *f, const char *const *g, size_t n)
{
    f->guidance = g;
    f->n_guidance = n;
}

char *aivm_check__fmt(const char *format, ...)
{
    aivm_buf b = AIVM_BUF_INIT;
    va_list ap;
    va_start(ap, format);
    aivm_buf_vprintf(&b, format, ap);
    va_end(ap);
    return aivm_buf_detach(&b);
}

double aivm_check__gpu_total(const aivm_size *s)
{
    return s->has_gpu ? s->gpu_memory_gb * (s->gpu_count < 1 ? 1 : s->gpu_count) : 0;
}
