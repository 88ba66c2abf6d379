/* emit_int.h - what the emitters share: the deployment of one
 * recommendation, settled once (emit.c) and written in three languages
 * (emit_tf.c, emit_arm.c, emit_az.c). */
#ifndef AIVM_EMIT_INT_H
#define AIVM_EMIT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/advise.h"
#include "aivm/buf.h"
#include "aivm/emit.h"

/** What carries the VMs. */
typedef enum {
    AIVM_EMIT__VM = 0,      /* one VM */
    AIVM_EMIT__VMSS = 1,    /* a scale set of `vms` VMs */
    AIVM_EMIT__AKS_POOL = 2 /* a user node pool of an existing AKS cluster */
} aivm_emit__shape;

#define AIVM_EMIT__MAX_TAGS 48

/** One aivm-* tag, owned by the deployment. */
typedef struct {
    char key[48];
    char value[160];
} aivm_emit__tag;

/** The deployment of the picked recommendation, every value settled. */
typedef struct {
    unsigned pick, n_ranked;
    aivm_emit__shape shape;
    const char *size;   /* the size name, as the catalog spells it */
    unsigned vms;       /* the engine record's VMs */
    const char *region; /* the recommendation's region */
    unsigned zones;     /* zones to use (bit n: zone "n"); 0: none given (regional) */
    bool windows;
    const char *name;     /* resource name: "aivm-train" or "aivm-inference" */
    const char *image_id; /* the catalog image id; NULL: a platform image (no advice) */
    const char *publisher, *offer, *sku, *version;
    bool image_plan;          /* a Marketplace image: purchase plan and terms */
    unsigned generation;      /* Hyper-V generation of the image: 1 or 2 */
    bool arm64;               /* the size (and so the image) is Arm64 */
    bool spot;                /* Spot priority */
    const char *eviction;     /* "Delete" or "Deallocate" (spot only) */
    const char *spot_advice;  /* the spot advice's name; NULL: spot not asked */
    bool accelerated;         /* accelerated networking */
    bool ib_placement;        /* one placement group (and a proximity placement group) */
    const char *orchestrator; /* the #1 orchestrator id; NULL: none advised */
    aivm_emit__tag tags[AIVM_EMIT__MAX_TAGS];
    size_t n_tags;
    char overlay[AIVM_OVERLAY_SUMMARY_CAP]; /* the catalog overlay the advice used (untrusted text);
                                               "": none */
} aivm_emit__deploy;

/** The spot max price written: -1, pay up to the pay-as-you-go price and
 *  be evicted for capacity only (never for price). */
#define AIVM_EMIT__MAX_PRICE "-1"

/** The three writers; each returns 0 or AIVM_ELIMIT (the az writer also
 *  AIVM_EINVALID: a value from data that begins with '@'). */
int aivm_emit__terraform(aivm_buf *out, const aivm_emit__deploy *d, aivm_error *err);
int aivm_emit__arm(aivm_buf *out, const aivm_emit__deploy *d, aivm_error *err);
int aivm_emit__az(aivm_buf *out, const aivm_emit__deploy *d, aivm_error *err);

/** The deployment in one line for a comment: no control characters (a
 *  newline in a catalog string cannot end the comment). */
void aivm_emit__summary(aivm_buf *out, const aivm_emit__deploy *d);
/** "# Catalog overlay: ...\n" when the advice used an overlay (docs/emit.md);
 *  nothing otherwise. Control characters of the file name become '?'. */
void aivm_emit__overlay_comment(aivm_buf *out, const aivm_emit__deploy *d);
/** `s` with control characters replaced by '?', for comments. */
void aivm_emit__comment_text(aivm_buf *out, const char *s);
/** Zones of the mask as "1", "2", ... into `out[i]` (each 4 bytes);
 *  returns how many. */
size_t aivm_emit__zone_list(char out[][4], size_t cap, unsigned zones);

#endif
