/*
 * attr.c - the attribute table behind rule conditions and message
 * placeholders. Adding an attribute here makes it usable in rules files;
 * docs/rules-format.md lists them.
 */
#include "attr.h"

#include <math.h>
#include <string.h>

#include "aivm/catalog.h"
#include "aivm/sizing.h"
#include "aivm/throughput.h"
#include "attr_sizing.h"

static const char *const phases[] = {"train", "inference", NULL};
static const char *const kinds[] = {"generative", "non-generative", NULL};
static const char *const msizes[] = {"small", "complex", NULL};
static const char *const oses[] = {"linux", "windows", NULL};
static const char *const categories[] = {"gpu", "cpu-memory-optimized", "cpu-compute-optimized",
                                         "cpu-general-purpose", NULL};
static const char *const vendors[] = {"nvidia", "amd", NULL};
static const char *const interconnects[] = {"nvlink", "infinity-fabric", "pcie", "none", NULL};
static const char *const arches[] = {"x86_64", "arm64", NULL};
static const char *const lifecycles[] = {"ga", "preview", "retiring", "retired", NULL};
static const char *const schedulers[] = {"slurm", "gridengine", "pbs", "none", NULL};

#define UNUSED(x) (void)(x)

static aivm_value w_phase(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return wl->phase ? aivm_attr__vstr(aivm_phase_name(wl->phase)) : aivm_attr__vnull();
}
static aivm_value w_kind(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return wl->kind ? aivm_attr__vstr(aivm_kind_name(wl->kind)) : aivm_attr__vnull();
}
static aivm_value w_msize(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return wl->model_size ? aivm_attr__vstr(aivm_model_size_name(wl->model_size))
                          : aivm_attr__vnull();
}
static aivm_value w_region(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return aivm_attr__vstr(wl->region);
}
static aivm_value w_os(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return wl->os ? aivm_attr__vstr(aivm_os_name(wl->os)) : aivm_attr__vnull();
}
static aivm_value w_retired(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return aivm_attr__vbool(wl->include_retired);
}
static aivm_value w_samples(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return aivm_attr__vbool(wl->phase == AIVM_PHASE_TRAIN && wl->work.samples > 0);
}
static aivm_value w_nodes(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return aivm_attr__vnum(wl->nodes ? wl->nodes : 1);
}
static aivm_value w_scheduler(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return aivm_attr__vstr(aivm_scheduler_name(wl->scheduler ? wl->scheduler : AIVM_SCHED_NONE));
}
static aivm_value w_managed(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return aivm_attr__vbool(wl->managed);
}
static aivm_value w_containers(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return aivm_attr__vbool(wl->containers);
}
static aivm_value w_spot(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return aivm_attr__vbool(wl->spot);
}
static aivm_value w_checkpointing(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return aivm_attr__vbool(wl->checkpointing);
}

static aivm_value c_name(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vstr(aivm_str(&s->name));
}
static aivm_value c_series(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vstr(aivm_str(&s->series));
}
static aivm_value c_family(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vstr(aivm_str(&s->family));
}
static aivm_value c_category(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vstr(aivm_category_name(s->category));
}
static aivm_value c_vcpus(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vnum(s->vcpus);
}
static aivm_value c_memory(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vnum(s->memory_gib);
}
static aivm_value c_gpu(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vbool(s->has_gpu);
}
static aivm_value c_gpu_vendor(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return s->has_gpu ? aivm_attr__vstr(aivm_str(&s->gpu_vendor)) : aivm_attr__vnull();
}
static aivm_value c_gpu_model(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return s->has_gpu ? aivm_attr__vstr(aivm_str(&s->gpu_model)) : aivm_attr__vnull();
}
static aivm_value c_gpu_count(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vnum(s->has_gpu ? s->gpu_count : 0);
}
static aivm_value c_gpu_mem(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vnum(s->has_gpu ? s->gpu_memory_gb : 0);
}
static aivm_value c_gpu_total(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vnum(s->has_gpu ? s->gpu_memory_gb * (s->gpu_count < 1 ? 1 : s->gpu_count)
                                      : 0);
}
static aivm_value c_gpu_partial(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vbool(s->has_gpu && s->gpu_count < 1);
}
static aivm_value c_interconnect(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vstr(aivm_str(&s->gpu_interconnect));
}
static aivm_value c_ib(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vbool(s->infiniband);
}
static aivm_value c_ib_gbps(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vnum(s->infiniband_gbps);
}
static aivm_value c_accnet(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vbool(s->accelerated_networking);
}
static aivm_value c_gen1(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vbool((s->hyperv_generations & (1u << 1)) != 0);
}
static aivm_value c_gen2_only(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vbool(s->hyperv_generations == (1u << 2));
}
static aivm_value c_arch(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vstr(aivm_str(&s->cpu_arch));
}
static aivm_value c_confidential(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vbool(s->confidential);
}
static aivm_value c_lifecycle(const aivm_workload *wl, const aivm_size *s)
{
    return aivm_attr__vstr(aivm_lifecycle_name(aivm_size_lifecycle_on(s, wl->today)));
}
static aivm_value c_lifecycle_date(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vstr(aivm_str(&s->lifecycle_date));
}
static aivm_value c_gen_year(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vnum(s->generation_year);
}
static aivm_value c_priced(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vbool(s->has_price);
}
static aivm_value w_compute_precision(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(s);
    return wl->sizing
               ? aivm_attr__vstr(aivm_precision_name(aivm_sizing_compute_precision(wl->sizing)))
               : aivm_attr__vnull();
}
static aivm_value c_native_precision(const aivm_workload *wl, const aivm_size *s)
{
    bool known = false, ok;
    if (!wl->sizing)
        return aivm_attr__vnull();
    ok = aivm_sizing_runs_on(wl->sizing, s, &known);
    return known ? aivm_attr__vbool(ok) : aivm_attr__vnull();
}
static aivm_value c_gpu_precisions(const aivm_workload *wl, const aivm_size *s)
{
    static char buf[AIVM_DTYPE_COUNT * 6];
    size_t k = 0;
    UNUSED(wl);
    if (!s->gpu_precisions)
        return aivm_attr__vnull();
    for (unsigned d = 0; d < AIVM_DTYPE_COUNT; d++)
        if (s->gpu_precisions & (1u << d)) {
            const char *n = aivm_dtype_name((aivm_dtype)d);
            size_t l = strlen(n);
            if (k)
                buf[k++] = ' ';
            memcpy(buf + k, n, l);
            k += l;
        }
    buf[k] = '\0';
    return aivm_attr__vstr(buf);
}
static aivm_value c_os_supported(const aivm_workload *wl, const aivm_size *s)
{
    bool known = false, ok;
    if (!wl->os)
        return aivm_attr__vnull();
    ok = aivm_size_supports_os(s, aivm_os_name(wl->os), &known);
    return known ? aivm_attr__vbool(ok) : aivm_attr__vnull();
}
static aivm_value c_os_documented(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vbool(s->os.n > 0);
}
static aivm_value c_unverified(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vbool(s->unverified);
}
static aivm_value c_region_listed(const aivm_workload *wl, const aivm_size *s)
{
    if (!s->regions.n || !wl->region || wl->region_assumed)
        return aivm_attr__vnull();
    for (size_t i = 0; i < s->regions.n; i++)
        if (strcmp(aivm_rlist_at(&s->regions, i), wl->region) == 0)
            return aivm_attr__vbool(true);
    return aivm_attr__vbool(false);
}

static aivm_value c_regions_known(const aivm_workload *wl, const aivm_size *s)
{
    UNUSED(wl);
    return aivm_attr__vbool(s->regions.n > 0);
}

#define W AIVM_ATTR_WORKLOAD
#define C AIVM_ATTR_CANDIDATE
#define S AIVM_V_STR
#define NUM AIVM_V_NUM
#define B AIVM_V_BOOL

const aivm_attr aivm__attr_table[] = {
    {"phase", W, S, phases, "AI phase of the workload", w_phase},
    {"kind", W, S, kinds, "generative or non-generative", w_kind},
    {"model_size", W, S, msizes, "small or complex model", w_msize},
    {"region", W, S, NULL, "Azure region asked for", w_region},
    {"os", W, S, oses, "operating system asked for", w_os},
    {"include_retired", W, B, NULL, "--include-retired was given", w_retired},
    {"nodes", W, NUM, NULL, "VMs the job spans (--nodes, default 1)", w_nodes},
    {"scheduler", W, S, schedulers, "open-source scheduler the user runs", w_scheduler},
    {"managed", W, B, NULL, "--managed: built-in scheduling, nothing to install", w_managed},
    {"containers", W, B, NULL, "--containers: the workload runs in containers", w_containers},
    {"spot", W, B, NULL, "--spot: spot capacity asked for", w_spot},
    {"checkpointing", W, B, NULL, "--checkpointing: the job checkpoints and resumes",
     w_checkpointing},
    {"samples", W, B, NULL, "--samples: a training amount in samples (time and cost decide)",
     w_samples},
    /* sizing (docs/sizing.md): null when neither --params nor --model is given */
    {"params", W, NUM, NULL, "model parameters", aivm_attr__w_params},
    {"sizing.total_gib", W, NUM, NULL, "memory of the job on one GPU, GiB", aivm_attr__w_total_gib},
    {"precision", W, S, aivm_attr__precisions, "weight precision", aivm_attr__w_precision},
    {"finetune", W, S, aivm_attr__finetunes, "training mode (null for inference)",
     aivm_attr__w_finetune},
    {"sharding", W, S, aivm_attr__shardings, "training state sharding (null for inference)",
     aivm_attr__w_sharding},
    {"activation_checkpointing", W, B, NULL,
     "training recomputes activations in the backward pass (null for inference)",
     aivm_attr__w_act_ckpt},
    {"max_nodes", W, NUM, NULL, "most VMs a deployment may use", aivm_attr__w_max_nodes},
    {"name", C, S, NULL, "size name", c_name},
    {"series", C, S, NULL, "series name", c_series},
    {"family", C, S, NULL, "family id (ND, NC, NV, NG, E, M, F, FX)", c_family},
    {"category", C, S, categories, "size category", c_category},
    {"vcpus", C, NUM, NULL, "vCPUs", c_vcpus},
    {"memory_gib", C, NUM, NULL, "RAM in GiB", c_memory},
    {"gpu", C, B, NULL, "has a GPU", c_gpu},
    {"gpu.vendor", C, S, vendors, "GPU vendor (null without GPU)", c_gpu_vendor},
    {"gpu.model", C, S, NULL, "GPU model (null without GPU)", c_gpu_model},
    {"gpu.count", C, NUM, NULL, "GPUs per VM (fractional for partial GPUs; 0 without)",
     c_gpu_count},
    {"gpu.memory_gb", C, NUM, NULL, "GPU memory per GPU in GB (0 without)", c_gpu_mem},
    {"gpu.total_memory_gb", C, NUM, NULL, "GPU memory per VM in GB", c_gpu_total},
    {"gpu.partial", C, B, NULL, "a fraction of one GPU", c_gpu_partial},
    {"gpu_interconnect", C, S, interconnects, "GPU-to-GPU interconnect", c_interconnect},
    {"infiniband", C, B, NULL, "InfiniBand/RDMA back-end network", c_ib},
    {"infiniband_gbps", C, NUM, NULL, "InfiniBand bandwidth per VM (0 = unknown)", c_ib_gbps},
    {"accelerated_networking", C, B, NULL, "Accelerated Networking", c_accnet},
    {"gen1", C, B, NULL, "accepts Hyper-V Gen1 images", c_gen1},
    {"gen2_only", C, B, NULL, "needs Hyper-V Gen2 images", c_gen2_only},
    {"cpu_arch", C, S, arches, "CPU architecture", c_arch},
    {"confidential", C, B, NULL, "confidential-computing size", c_confidential},
    {"lifecycle", C, S, lifecycles, "lifecycle as of the evaluation date", c_lifecycle},
    {"lifecycle_date", C, S, NULL, "retirement date (null if none)", c_lifecycle_date},
    {"generation_year", C, NUM, NULL, "year the hardware generation came to Azure", c_gen_year},
    {"priced", C, B, NULL, "has a reference price in the catalog", c_priced},
    {"compute_precision", W, S, aivm_attr__precisions,
     "the format the GPUs must run (bf16 for LoRA/QLoRA over quantised weights)",
     w_compute_precision},
    {"gpu.native_precision", C, B, NULL,
     "its GPUs run compute_precision natively (null: no sizing, no GPU or no GPU facts)",
     c_native_precision},
    {"gpu.precisions", C, S, NULL, "the formats its GPUs run natively, e.g. 'fp32 tf32 bf16'",
     c_gpu_precisions},
    {"os_supported", C, B, NULL, "its series supports the workload's OS (null when unknown)",
     c_os_supported},
    {"os_documented", C, B, NULL, "the catalog knows which OSes its series supports",
     c_os_documented},
    {"unverified", C, B, NULL, "not on its series' current Microsoft size page", c_unverified},
    {"region_listed", C, B, NULL,
     "priced in the workload's region (null when the catalog lists no regions)", c_region_listed},
    {"regions_known", C, B, NULL, "the catalog lists the regions that offer the size",
     c_regions_known},
    {"fit.fits", C, B, NULL, "the job fits within --max-nodes VMs of the size", aivm_attr__c_fits},
    {"fit.limit", C, S, aivm_attr__fit_limits, "why it does not fit (fits if it does)",
     aivm_attr__c_limit},
    {"fit.vms", C, NUM, NULL, "VMs needed (0 when no count works)", aivm_attr__c_vms},
    {"fit.multi_vm", C, B, NULL, "one replica or job spans several VMs (false without sizing)",
     aivm_attr__c_multi_vm},
    {"fit.replica_vms", C, NUM, NULL, "VMs one replica (or the training job) spans",
     aivm_attr__c_replica_vms},
    {"fit.replicas", C, NUM, NULL, "inference: independent replicas the concurrency is split over",
     aivm_attr__c_replicas},
    {"fit.gpus_needed", C, NUM, NULL, "GPUs the job uses", aivm_attr__c_gpus_needed},
    {"fit.gpus_total", C, NUM, NULL, "GPUs in the VMs needed", aivm_attr__c_gpus_total},
    {"fit.idle_gpus", C, NUM, NULL, "GPUs of those VMs the job leaves idle",
     aivm_attr__c_idle_gpus},
    {"fit.memory_utilization", C, NUM, NULL, "job memory / GPU memory of the deployment (0-1)",
     aivm_attr__c_utilization},
    {"fit.utilization_pct", C, NUM, NULL, "fit.memory_utilization in percent",
     aivm_attr__c_utilization_pct},
    {"fit.need_gib", C, NUM, NULL, "memory each used GPU (or the CPU VM) holds, GiB",
     aivm_attr__c_need_gib},
    {"fit.usable_gib", C, NUM, NULL, "usable memory per GPU (or CPU VM), GiB",
     aivm_attr__c_usable_gib},
};

#define AIVM__ATTR_COUNT (sizeof aivm__attr_table / sizeof aivm__attr_table[0])

const aivm_attr *aivm_attr_table(size_t *n)
{
    *n = AIVM__ATTR_COUNT;
    return aivm__attr_table;
}

const aivm_attr *aivm_attr_find(const char *name, aivm_attr_scope scope)
{
    for (size_t i = 0; i < AIVM__ATTR_COUNT; i++)
        if (aivm__attr_table[i].scope == scope && strcmp(aivm__attr_table[i].name, name) == 0)
            return &aivm__attr_table[i];
    return NULL;
}

const aivm_attr *aivm_attr_find_any(const char *name)
{
    const aivm_attr *a = aivm_attr_find(name, AIVM_ATTR_CANDIDATE);
    return a ? a : aivm_attr_find(name, AIVM_ATTR_WORKLOAD);
}

void aivm_value_format(aivm_buf *out, const aivm_value *v)
{
    switch (v->t) {
    case AIVM_V_NULL:
        aivm_buf_puts(out, "n/a");
        break;
    case AIVM_V_BOOL:
        aivm_buf_puts(out, v->b ? "true" : "false");
        break;
    case AIVM_V_NUM:
        if (v->n > -1e6 && v->n < 1e6 && v->n == (double)(long)v->n &&
            (v->n != 0 || !signbit(v->n))) {
            /* what %g prints for a whole number of up to six digits, without printf */
            char text[16], *p = text + sizeof text;
            long n = (long)v->n;
            unsigned long u = n < 0 ? (unsigned long)-n : (unsigned long)n;
            do {
                *--p = (char)('0' + u % 10);
                u /= 10;
            } while (u);
            if (n < 0)
                *--p = '-';
            aivm_buf_put(out, p, (size_t)(text + sizeof text - p));
        } else {
            aivm_buf_printf(out, "%g", v->n);
        }
        break;
    case AIVM_V_STR:
        aivm_buf_puts(out, v->s);
        break;
    }
}

const char *aivm_vtype_name(aivm_vtype t)
{
    switch (t) {
    case AIVM_V_BOOL:
        return "a boolean";
    case AIVM_V_NUM:
        return "a number";
    case AIVM_V_STR:
        return "a string";
    default:
        return "null";
    }
}
