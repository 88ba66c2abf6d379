/*
 * throughput_int.h - the parts of the work estimate (aivm/throughput.h) split
 * across files: training in samples (throughput_samples.c).
 */
#ifndef AIVM_THROUGHPUT_INT_H
#define AIVM_THROUGHPUT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/throughput.h"

/* The row of `facts` (`n` rows, the last one for every other generation) for `g`'s GPU
 * architecture. */
const aivm_tp_mfu_fact *aivm_workload__fact_for(const aivm_tp_mfu_fact *facts, size_t n,
                                                const aivm_gpu_model *g);

/* --samples against the other inputs: not with a token amount (`train_amount`), not for
 * inference. Returns 0 or AIVM_EINVALID with the one-line message. */
int aivm_workload__samples_check(const aivm_workload *wl, bool train_amount, aivm_error *err);

/* --samples against the resolved model (wl->sizing set) of `kind`, called `name`: not a
 * generative one, and one with FLOPs per sample (aivm_work_flops_per_sample). */
int aivm_workload__samples_check_model(const aivm_workload *wl, aivm_kind kind, const char *name,
                                       aivm_error *err);

/* --samples on a CPU size: the model FLOPs over its vCPUs at AIVM_TP_CPU_GFLOPS_PER_VCPU
 * (time only: no GPU facts). False when the FLOPs or the vCPUs are unknown. */
bool aivm_workload__samples_cpu(aivm_work_estimate *e, const aivm_workload *wl, const aivm_fit *fit,
                                const aivm_size *s);

/* --requests-per-second on a CPU size: each request's forward FLOPs over the VM's vCPUs
 * at its processor class's rate (aivm_tp_cpu_fact_for); one VM is a serving unit and a
 * request's latency is its FLOPs over all of them. False when the FLOPs or vCPUs are
 * unknown. */
bool aivm_workload__encode_cpu(aivm_work_estimate *e, const aivm_workload *wl, const aivm_size *s);

/* --samples: the amount, a sample's forward FLOPs and the training FLOPs (3 x forward x
 * samples) into `e`, with the deadline in force; the GPU time is the token model's train()
 * at aivm_tp_sample_util_for()'s utilisation. */
void aivm_workload__samples_amount(aivm_work_estimate *e, const aivm_workload *wl);

/* Whether work input `which` (AIVM_WK_*) was given. */
static inline bool aivm_work__has(const aivm_work_input *in, unsigned which)
{
    return (in->set & (1u << which)) != 0;
}

#endif
