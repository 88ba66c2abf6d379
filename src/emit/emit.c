/*
 * emit.c - the deployment of one recommendation, settled once from the
 * advice (the candidate's size, VMs, region and zones; the image,
 * orchestrator and spot advice of its size; the workload as aivm-* tags),
 * then handed to the Terraform, ARM or `az` writer. The writers format
 * what is settled here and decide nothing (docs/emit.md).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "aivm/emit.h"
#include "aivm/extras.h"
#include "aivm/inputs.h"
#include "aivm/sizing.h"
#include "aivm/util.h"
#include "emit_int.h"

static const char *const format_names[] = {"terraform", "arm", "az", NULL};

const char *aivm_emit_format_name(aivm_emit_format f)
{
    return (unsigned)f < 3 ? format_names[f] : "terraform";
}

int aivm_emit_format_parse(aivm_emit_format *out, const char *s, aivm_error *err)
{
    int v = 0;
    int rc = aivm_enum_parse(&v, s, format_names, 3, "emit format", err);
    if (rc == 0)
        *out = (aivm_emit_format)v;
    return rc;
}

void aivm_emit__comment_text(aivm_buf *out, const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        aivm_buf_put(out, c < 0x20 || c == 0x7f ? "?" : s, 1);
    }
}

size_t aivm_emit__zone_list(char out[][4], size_t cap, unsigned zones)
{
    size_t n = 0;
    for (unsigned z = 1; z < 32 && n < cap; z++)
        if (zones & (1u << z))
            snprintf(out[n++], 4, "%u", z);
    return n;
}

void aivm_emit__overlay_comment(aivm_buf *out, const aivm_emit__deploy *d)
{
    if (!d->overlay[0])
        return;
    aivm_buf_puts(out, "# Catalog overlay: ");
    aivm_emit__comment_text(out, d->overlay);
    aivm_buf_puts(out, "\n");
}

void aivm_emit__summary(aivm_buf *out, const aivm_emit__deploy *d)
{
    char zl[31][4];
    size_t nz = aivm_emit__zone_list(zl, 31, d->zones);
    aivm_buf_printf(out, "recommendation #%u of %u: ", d->pick, d->n_ranked);
    aivm_emit__comment_text(out, d->size);
    aivm_buf_printf(out, " x %u in ", d->vms);
    aivm_emit__comment_text(out, d->region);
    if (nz) {
        aivm_buf_puts(out, nz > 1 ? ", zones " : ", zone ");
        for (size_t i = 0; i < nz; i++)
            aivm_buf_printf(out, "%s%s", i ? "," : "", zl[i]);
    }
    aivm_buf_puts(out, d->spot ? ", Spot" : ", regular priority");
    if (d->spot)
        aivm_buf_printf(out, " (evict: %s)", d->eviction);
    if (d->ib_placement)
        aivm_buf_puts(out, ", one placement group for InfiniBand");
}

static void add_tag(aivm_emit__deploy *d, const char *key, const char *fmt, ...) AIVM_PRINTF(3, 4);

static void add_tag(aivm_emit__deploy *d, const char *key, const char *fmt, ...)
{
    va_list ap;
    if (d->n_tags >= AIVM_EMIT__MAX_TAGS)
        return;
    snprintf(d->tags[d->n_tags].key, sizeof d->tags[d->n_tags].key, "%s", key);
    va_start(ap, fmt);
    vsnprintf(d->tags[d->n_tags].value, sizeof d->tags[d->n_tags].value, fmt, ap);
    va_end(ap);
    d->n_tags++;
}

/* The workload as the aivm-* tags check reads (docs/check.md, "Workload
 * tags"): what the advice was made for, so check judges the same workload.
 * Phase, kind, model size and OS as settled; then every other input that is a
 * tag (aivm/inputs.h) and was given, written as its flag takes it. */
static void workload_tags(aivm_emit__deploy *d, const aivm_workload *wl)
{
    char key[48], v[64];
    add_tag(d, "aivm-phase", "%s", aivm_phase_name(wl->phase));
    add_tag(d, "aivm-kind", "%s", aivm_kind_name(wl->kind));
    if (wl->model_size != AIVM_MSIZE_UNSET)
        add_tag(d, "aivm-model-size", "%s", aivm_model_size_name(wl->model_size));
    add_tag(d, "aivm-os", "%s", aivm_os_name(wl->os ? wl->os : AIVM_OS_LINUX));
    for (size_t i = 0; i < aivm_inputs_count(); i++) {
        const aivm_input *f = aivm_input_at(i);
        if (!(f->where & AIVM_IW_TAG) || f->id <= AIVM_IN_OS)
            continue;
        aivm_input_format(v, sizeof v, wl, f);
        if (!aivm_workload_given(wl, f->id) && !(f->type == AIVM_IV_SWITCH && v[0] == 't'))
            continue; /* a switch set true is given, however it was set */
        snprintf(key, sizeof key, "aivm-%s", f->flag);
        add_tag(d, key, "%s", v);
    }
}

#define GEN1 (1u << 1)
#define GEN2 (1u << 2)

/* The platform image when no image rule chose one: Ubuntu 22.04 LTS (its
 * Arm64 SKU on an Arm64 size, Gen2 like every Arm64 image) or Windows Server
 * 2022, for which no Arm64 image is known. */
static int platform_image(aivm_emit__deploy *d, const aivm_size *size, unsigned sg, bool arm64,
                          aivm_error *err)
{
    if (arm64 && d->windows)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "%s has Arm64 CPUs and no Windows Arm64 image is known to deploy "
                              "on it: choose a Linux workload (--os linux) or an x86_64 size",
                              aivm_str(&size->name));
    d->generation = arm64 || (sg & GEN2) ? 2 : 1;
    d->publisher = d->windows ? "MicrosoftWindowsServer" : "Canonical";
    d->offer = d->windows ? "WindowsServer" : "0001-com-ubuntu-server-jammy";
    if (d->windows)
        d->sku = d->generation == 2 ? "2022-datacenter-g2" : "2022-datacenter";
    else if (arm64)
        d->sku = "22_04-lts-arm64";
    else
        d->sku = d->generation == 2 ? "22_04-lts-gen2" : "22_04-lts";
    d->version = "latest";
    return 0;
}

/* The image: the advice's, or a platform image when no image rule chose
 * one; Gen2 when the size boots Gen2 (or its generations are unknown). An
 * image of another CPU architecture than the size's cannot boot it: an
 * error, never an x64 image on an Arm64 size (the advice never chooses one;
 * this holds whatever advice is handed in). */
static int settle_image(aivm_emit__deploy *d, const aivm_image *img, const aivm_size *size,
                        aivm_error *err)
{
    unsigned sg = size->hyperv_generations ? size->hyperv_generations : GEN1 | GEN2;
    const char *sa = aivm_str(&size->cpu_arch) ? aivm_str(&size->cpu_arch) : "x86_64";
    const char *ia = img && img->cpu_arch ? img->cpu_arch : "x86_64";
    d->arm64 = strcmp(sa, "arm64") == 0;
    if (!img)
        return platform_image(d, size, sg, d->arm64, err);
    if (strcmp(ia, sa) != 0)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "the advised image %s is an %s image and %s has %s CPUs: it cannot "
                              "boot there",
                              img->id, ia, aivm_str(&size->name), sa);
    unsigned ig = img->hyperv_generations ? img->hyperv_generations : GEN1 | GEN2;
    if (ig & sg & GEN2)
        d->generation = 2;
    else if (ig & sg & GEN1)
        d->generation = 1;
    else
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "the advised image %s is Hyper-V Gen%u and %s boots Gen%u only",
                              img->id, (ig & GEN2) ? 2u : 1u, aivm_str(&size->name),
                              (sg & GEN2) ? 2u : 1u);
    d->image_id = img->id;
    d->publisher = img->publisher;
    d->offer = img->offer;
    d->sku = img->sku;
    d->version = img->version ? img->version : "latest";
    d->image_plan = img->kind && strcmp(img->kind, "marketplace") == 0;
    return 0;
}

/* Spot as the guidance says (G14): inference evicts to Delete (stateless
 * replicas, no disk to pay for), training that checkpoints to Deallocate
 * (the disk and its checkpoints wait for capacity); spot not advised, or
 * advised against, is regular priority. */
static void settle_spot(aivm_emit__deploy *d, const aivm_workload *wl, const aivm_extras *ex)
{
    if (!wl->spot || !ex)
        return;
    d->spot_advice = aivm_spot_advice_name(ex->spot);
    if (ex->spot == AIVM_SPOT_RECOMMENDED) {
        d->spot = true;
        d->eviction = "Delete";
    } else if (ex->spot == AIVM_SPOT_CHECKPOINTING_REQUIRED) {
        d->spot = true;
        d->eviction = "Deallocate";
    }
}

/* The zones of the availability data: a single VM and an InfiniBand
 * placement group take the first zone offered, a scale set or a node pool
 * spreads over all of them. */
static unsigned settle_zones(const aivm_candidate *c, bool one)
{
    unsigned z = c->avail && c->avail->has_skus ? c->avail->zones : 0;
    if (one && z)
        z &= ~z + 1u;
    return z;
}

static int settle(aivm_emit__deploy *d, const aivm_advice *adv, unsigned pick,
                  const aivm_extras *ex, aivm_error *err)
{
    const aivm_candidate *c = &adv->ranked[pick - 1];
    const aivm_workload *wl = adv->workload;
    bool train = wl->phase == AIVM_PHASE_TRAIN;
    memset(d, 0, sizeof *d);
    d->pick = pick;
    d->n_ranked = (unsigned)adv->n_ranked;
    d->size = aivm_str(&c->size->name);
    d->vms = c->deploy.vms ? c->deploy.vms : 1;
    d->region = c->region ? c->region : (wl->region ? wl->region : AIVM_DEFAULT_REGION);
    d->windows = wl->os == AIVM_OS_WINDOWS;
    d->name = train ? "aivm-train" : "aivm-inference";
    d->accelerated = c->size->accelerated_networking;
    if (ex && ex->n_orchestrators)
        d->orchestrator = ex->orchestrators[0].orchestrator->id;
    if (d->orchestrator && strcmp(d->orchestrator, "aks") == 0)
        d->shape = AIVM_EMIT__AKS_POOL;
    else
        d->shape = d->vms > 1 ? AIVM_EMIT__VMSS : AIVM_EMIT__VM;
    d->ib_placement = d->shape == AIVM_EMIT__VMSS && train && c->size->infiniband;
    d->zones = settle_zones(c, d->shape == AIVM_EMIT__VM || d->ib_placement);
    settle_spot(d, wl, ex);
    workload_tags(d, wl);
    aivm_catalog_overlay_summary(d->overlay, sizeof d->overlay, adv->catalog);
    if (d->shape == AIVM_EMIT__AKS_POOL)
        return 0; /* AKS chooses the node image */
    return settle_image(d, ex ? ex->image.image : NULL, c->size, err);
}

typedef int (*writer)(aivm_buf *out, const aivm_emit__deploy *d, aivm_error *err);

int aivm_emit(aivm_buf *out, const aivm_advice *adv, const aivm_emit_opts *o, aivm_error *err)
{
    static const writer writers[] = {aivm_emit__terraform, aivm_emit__arm, aivm_emit__az};
    unsigned pick = o->pick ? o->pick : 1;
    aivm_extras *own = NULL;
    const aivm_extras *ex = adv->extras;
    aivm_emit__deploy d;
    int rc;
    if (adv->n_ranked == 0)
        return aivm_error_set(err, AIVM_ENOTFOUND, NULL,
                              "no size fits the workload: there is nothing to deploy");
    if (pick > adv->n_ranked)
        return aivm_error_set(err, AIVM_ENOTFOUND, NULL,
                              "there is no recommendation #%u: the advice ranks %zu size%s", pick,
                              adv->n_ranked, adv->n_ranked == 1 ? "" : "s");
    if (pick > 1) {
        aivm_advice_extras_for(&own, adv, pick - 1);
        ex = own;
    }
    rc = settle(&d, adv, pick, ex, err);
    if (rc == 0)
        rc = writers[(unsigned)o->format < 3 ? o->format : 0](out, &d, err);
    aivm_extras_free(own);
    return rc;
}
