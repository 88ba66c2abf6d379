/*
 * throughput_samples.c - training in samples (--samples; docs/throughput.md,
 * "Training in samples"): a sample's forward FLOPs from the model preset (a
 * vision model's published figure) or a transformer's shape, three passes of
 * them per trained sample, on a GPU at a utilisation calibrated on published
 * ResNet-50 training throughput, on a CPU size at a per-vCPU rate from a
 * published CPU training run. Pure functions, as the rest of the estimate.
 */
#include "aivm/throughput.h"
#include "throughput_int.h"

bool aivm_work_trains(const aivm_work_input *in)
{
    return aivm_work_training_tokens(in) > 0 || in->samples > 0;
}

int aivm_workload__samples_check(const aivm_workload *wl, bool train_amount, aivm_error *err)
{
    if (train_amount)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--samples and --tokens (or --epochs with --dataset-tokens) both "
                              "give the training amount: give one");
    if (wl->phase == AIVM_PHASE_INFERENCE)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--samples is a training amount: give --requests-per-second for "
                              "inference");
    return 0;
}

int aivm_workload__samples_check_model(const aivm_workload *wl, aivm_kind kind, const char *name,
                                       aivm_error *err)
{
    if (kind == AIVM_KIND_GENERATIVE)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "%s is generative: give its training amount in --tokens, not "
                              "--samples",
                              name);
    if (!(aivm_work_flops_per_sample(wl->sizing) > 0))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--samples needs the FLOPs of a sample: %s has no "
                              "flops_per_sample in models.yaml and no transformer shape "
                              "(--layers, --hidden, --context) to derive them",
                              wl->sizing->preset ? name : "--params alone");
    return 0;
}

double aivm_work_flops_per_sample(const aivm_sizing *sz)
{
    double ctx;
    if (!sz)
        return 0;
    if (sz->preset && sz->preset->flops_per_sample > 0)
        return sz->preset->flops_per_sample;
    if (!sz->layers || !sz->hidden || !sz->context ||
        sz->source[AIVM_SZ_LAYERS] == AIVM_SRC_ESTIMATED ||
        sz->source[AIVM_SZ_HIDDEN] == AIVM_SRC_ESTIMATED)
        return 0; /* a shape borrowed from the nearest preset (--params alone) is no basis */
    /* Kaplan et al. 2020 (arXiv 2001.08361, Table 1): 2N + 2 n_layer n_ctx d_model per
     * token, forward; a sample is a sequence of the training context */
    ctx = sz->context;
    return (2 * aivm_tp_active_params(sz) + 2.0 * sz->layers * ctx * sz->hidden) * ctx;
}

/* Vision training utilisation per GPU generation: model FLOPs (3 x forward per image)
 * over the dense 16-bit peak, from NVIDIA's Deep Learning Examples ResNet-50 v1.5 PyTorch
 * training tables (mixed precision, pytorch-21.03 NGC container, DALI); Turing's is an
 * assumption cross-checked on the TensorFlow README's T4 inference (docs/throughput.md). */
static const aivm_tp_mfu_fact util_facts[] = {
    {"Ampere", 0.19, 0.16, 0.24,
     "A100 80GB: ResNet-50 v1.5, NVIDIA Deep Learning Examples (PyTorch, AMP): 2,470 "
     "images/s on 1 GPU (0.19 of the 312 TFLOP/s peak), 16,621 on 8 (0.16)"},
    {"Volta", 0.235, 0.20, 0.26,
     "V100 16GB: ResNet-50 v1.5, NVIDIA Deep Learning Examples (PyTorch, AMP): 1,200 "
     "images/s on 1 GPU (0.235 of the 125 TFLOP/s peak), 8,322 on 8 (0.20)"},
    {"Turing", 0.15, 0.10, 0.22,
     "T4: assumption, cross-checked: NVIDIA's TensorFlow ResNet-50 v1.5 README gives T4 "
     "inference only (996 images/s AMP, 0.125 of the 65 TFLOP/s peak); the V100's "
     "training/inference ratio in the same README (1.37) makes that ~0.17 for training"},
    {NULL, 0.15, 0.10, 0.22,
     "assumption: below Ampere's 0.19 (convolutions and the input pipeline do not keep pace "
     "with a higher tensor-core peak); no published per-GPU figure of this generation is "
     "used"},
};

const aivm_tp_mfu_fact *aivm_tp_sample_util_for(const aivm_gpu_model *g)
{
    return aivm_workload__fact_for(util_facts, sizeof util_facts / sizeof util_facts[0], g);
}

void aivm_workload__samples_amount(aivm_work_estimate *e, const aivm_workload *wl)
{
    e->samples = wl->work.samples;
    e->flops_per_sample = aivm_work_flops_per_sample(wl->sizing);
    e->flops = AIVM_TP_SAMPLE_PASSES * e->flops_per_sample * e->samples;
    e->flops_per_token = 0; /* not a token amount */
    e->recompute = 1;
    e->max_days = aivm_work_max_days(wl);
}

bool aivm_workload__samples_cpu(aivm_work_estimate *e, const aivm_workload *wl, const aivm_fit *fit,
                                const aivm_size *s)
{
    double rate;
    aivm_workload__samples_amount(e, wl);
    e->cpu = true;
    e->vcpus = (double)s->vcpus * (fit->vms >= 1 ? fit->vms : 1);
    e->gflops_per_vcpu = AIVM_TP_CPU_GFLOPS_PER_VCPU;
    e->mfu_source = AIVM_TP_CPU_SOURCE;
    if (!(e->flops > 0) || !(e->vcpus > 0))
        return false;
    rate = e->vcpus * 1e9;
    e->wall_hours = e->flops / (rate * AIVM_TP_CPU_GFLOPS_PER_VCPU) / 3600;
    e->wall_hours_lo = e->flops / (rate * AIVM_TP_CPU_GFLOPS_PER_VCPU_HI) / 3600;
    e->wall_hours_hi = e->flops / (rate * AIVM_TP_CPU_GFLOPS_PER_VCPU_LO) / 3600;
    return true;
}
