/*
 * throughput_cpu.c - non-generative serving on a CPU size (docs/throughput.md,
 * "Encoders on CPU sizes"): a request's forward FLOPs over the VM's vCPUs at a
 * rate per vCPU that depends on the processor's matrix instructions (AMX,
 * AVX-512 VNNI, or neither), from Intel's MLPerf Inference BERT results.
 */
#include <math.h>
#include <string.h>

#include "aivm/throughput.h"
#include "aivm/util.h"
#include "throughput_int.h"

/* The tool's FLOPs of one MLPerf BERT-99 sample: BERT large (340M parameters, 24
 * layers, hidden 1024) at MLPerf's 384-token sequence, (2N + 2 x 24 x 384 x 1024) x 384
 * (the same formula as a GPU's requests, docs/throughput.md "Encoders"). */
#define MLPERF_BERT_FLOPS ((2 * 340e6 + 2.0 * 24 * 384 * 1024) * 384)

/* Rates per vCPU (one hardware thread, which an Azure vCPU is on these hosts), in the
 * tool's FLOPs: samples/s x MLPERF_BERT_FLOPS / threads. Central: the Server scenario
 * (a rate met under MLPerf's 130 ms latency bound); high: Offline. */
static const aivm_tp_cpu_fact cpu_facts[] = {
    [AIVM_CPU_ISA_AMX] =
        {"amx", 1089.77 / 224 * MLPERF_BERT_FLOPS / 1e9,
         1089.77 / 224 * MLPERF_BERT_FLOPS / 1e9 * 0.5, 1357.33 / 224 * MLPERF_BERT_FLOPS / 1e9,
         "AMX (Sapphire/Emerald/Granite Rapids): MLPerf Inference v3.1 closed, Intel "
         "1-node-2S-SPR-PyTorch-INT8 (2 x Xeon Platinum 8480+, 224 threads), BERT-99 "
         "INT8: Server 1,089.77 samples/s, Offline 1,357.33"},
    [AIVM_CPU_ISA_AVX512] =
        {"avx512-vnni", 139.97 / 160 * MLPERF_BERT_FLOPS / 1e9,
         139.97 / 160 * MLPERF_BERT_FLOPS / 1e9 * 0.5, 289.498 / 160 * MLPERF_BERT_FLOPS / 1e9,
         "AVX-512 VNNI (Cascade Lake, Ice Lake, AMD Genoa): MLPerf Inference v1.1 "
         "closed, Intel 1-node-2S-ICX-PyTorch-INT8 (2 x Xeon Platinum 8380, 160 "
         "threads), BERT-99 INT8: Server 139.97 samples/s, Offline 289.498"},
    [AIVM_CPU_ISA_AVX2] = {"avx2", 139.97 / 160 * MLPERF_BERT_FLOPS / 1e9 / 4,
                           139.97 / 160 * MLPERF_BERT_FLOPS / 1e9 / 8,
                           139.97 / 160 * MLPERF_BERT_FLOPS / 1e9 / 2,
                           "assumption: a quarter of AVX-512 VNNI's (half the vector width, and "
                           "three instructions for each int8 dot product); the class of hosts "
                           "with neither AMX nor VNNI (Haswell, Broadwell, Skylake, AMD Rome and "
                           "Milan, Arm) and of an undocumented processor"},
};

/* Processor generations named in the catalog's `cpu` text, with their class. */
static const struct {
    const char *name;
    aivm_cpu_isa isa;
} generations[] = {
    {"Sapphire Rapids", AIVM_CPU_ISA_AMX}, {"Emerald Rapids", AIVM_CPU_ISA_AMX},
    {"Granite Rapids", AIVM_CPU_ISA_AMX},  {"Ice Lake", AIVM_CPU_ISA_AVX512},
    {"Cascade Lake", AIVM_CPU_ISA_AVX512}, {"Cooper Lake", AIVM_CPU_ISA_AVX512},
    {"Genoa", AIVM_CPU_ISA_AVX512},        {"Turin", AIVM_CPU_ISA_AVX512},
    {"Skylake", AIVM_CPU_ISA_AVX2},        {"Broadwell", AIVM_CPU_ISA_AVX2},
    {"Haswell", AIVM_CPU_ISA_AVX2},        {"Milan", AIVM_CPU_ISA_AVX2},
    {"Rome", AIVM_CPU_ISA_AVX2},           {"Grace", AIVM_CPU_ISA_AVX2},
    {"Cobalt", AIVM_CPU_ISA_AVX2},         {"Altra", AIVM_CPU_ISA_AVX2},
};

aivm_cpu_isa aivm_tp_cpu_isa_of(const aivm_size *s)
{
    const char *cpu = aivm_str(&s->cpu);
    aivm_cpu_isa lowest = AIVM_CPU_ISA_AMX;
    bool named = false;
    for (size_t i = 0; cpu && i < sizeof generations / sizeof generations[0]; i++)
        if (strstr(cpu, generations[i].name)) {
            named = true;
            if (generations[i].isa < lowest)
                lowest = generations[i].isa;
        }
    return named ? lowest : AIVM_CPU_ISA_AVX2;
}

const aivm_tp_cpu_fact *aivm_tp_cpu_fact_for(aivm_cpu_isa isa)
{
    return &cpu_facts[isa <= AIVM_CPU_ISA_AMX ? isa : AIVM_CPU_ISA_AVX2];
}

bool aivm_workload__encode_cpu(aivm_work_estimate *e, const aivm_workload *wl, const aivm_size *s)
{
    const aivm_sizing *sz = wl->sizing;
    const aivm_tp_cpu_fact *f = aivm_tp_cpu_fact_for(aivm_tp_cpu_isa_of(s));
    double rate;
    e->requests = true;
    e->cpu = true;
    e->cpu_isa = f->isa;
    e->vcpus = s->vcpus;
    e->gflops_per_vcpu = f->gflops;
    e->mfu_source = f->source;
    e->active_params = aivm_tp_active_params(sz);
    e->prompt_tokens = aivm_work_prompt_tokens(wl);
    e->flops_per_request =
        (2 * e->active_params + 2.0 * sz->layers * e->prompt_tokens * sz->hidden) *
        e->prompt_tokens;
    if (!(e->flops_per_request > 0) || !(e->vcpus > 0))
        return false;
    rate = e->vcpus * f->gflops * 1e9;
    /* the VM's rate stands for a GPU's peak (the runs were INT8); no MBU or factor */
    e->peak_tflops = rate / 1e12;
    e->peak_dtype = AIVM_DT_INT8;
    e->serve_factor = 1;
    e->serve_source = f->source;
    /* one VM is the unit; a request runs over all its vCPUs (its latency) */
    e->batch = 1;
    e->replica_gpus = 0;
    e->prefill_s = e->flops_per_request / rate;
    e->ttft_s = e->prefill_s;
    e->compute_bound = true;
    e->requests_per_second_per_replica = rate / e->flops_per_request;
    e->replicas_per_vm = 1;
    e->unit_vms = 1;
    e->unit_replicas = 1;
    e->tensor_parallel = 1;
    e->pipeline_parallel = 1;
    e->unit_requests_per_second = e->requests_per_second_per_replica;
    e->target_requests_per_second = wl->work.requests_per_second;
    e->units = (unsigned)ceil(e->target_requests_per_second / e->unit_requests_per_second - 1e-9);
    if (e->units < 1)
        e->units = 1;
    e->vms = e->units;
    e->replicas = e->units;
    return true;
}
