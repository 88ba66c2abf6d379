/*
 * aivm/emit.h - deployable code from the advice (docs/emit.md): the
 * deployment of one recommendation as Terraform (azurerm), an ARM template
 * or `az` commands, with the size, the VMs, the region and zones, the image
 * of the image advice, spot priority when spot is advised, accelerated
 * networking, InfiniBand-ready placement for multi-VM training and the
 * aivm-* tags that `check` reads, so check judges the emitted plan as the
 * same workload.
 *
 * The emitter reads an aivm_advice and appends text to a caller-owned
 * aivm_buf; it never prints. Every value is quoted for its language (HCL
 * strings, JSON strings with ARM's "[[" for a literal '[', POSIX shell
 * single quotes). Secrets and the places to deploy into (resource group,
 * subnet, SSH key or admin password, AKS cluster) are inputs: variables,
 * parameters or environment variables, never values.
 */
#ifndef AIVM_EMIT_H
#define AIVM_EMIT_H

#include "aivm/advise.h"
#include "aivm/buf.h"
#include "aivm/error.h"

typedef enum {
    AIVM_EMIT_TERRAFORM = 0, /* azurerm resources (HCL) */
    AIVM_EMIT_ARM = 1,       /* an ARM deployment template (JSON) */
    AIVM_EMIT_AZ = 2         /* a POSIX shell script of `az` commands */
} aivm_emit_format;

/** What to emit. */
typedef struct {
    aivm_emit_format format;
    unsigned pick; /* the recommendation to deploy, 1-based (0 counts as 1) */
} aivm_emit_opts;

#define AIVM_EMIT_OPTS_INIT                                                                        \
    {                                                                                              \
        AIVM_EMIT_TERRAFORM, 1                                                                     \
    }

/**
 * Append the deployment of recommendation `o->pick` of `adv` to `out` in
 * `o->format`. The image, orchestrator and spot advice are those of the
 * picked size (for #1, the advice's own). `adv` is only read; `out` is
 * the caller's (free it with aivm_buf_dispose()).
 * Returns 0; AIVM_ENOTFOUND when the advice ranks no size or fewer than
 * `pick` (err says how many it ranks); AIVM_EINVALID when the advised image
 * cannot boot the size (a Gen2-only image on a Gen1-only size); AIVM_ELIMIT
 * when `out` is full. On error `out` may hold part of the text.
 */
int aivm_emit(aivm_buf *out, const aivm_advice *adv, const aivm_emit_opts *o, aivm_error *err);

/** "terraform", "arm", "az". Static. */
const char *aivm_emit_format_name(aivm_emit_format f);

/** Parse a format name (case-insensitive); 0, or AIVM_EINVALID with the
 *  expected names and a did-you-mean in err. */
int aivm_emit_format_parse(aivm_emit_format *out, const char *s, aivm_error *err);

#endif
