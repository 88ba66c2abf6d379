/*
 * work_check.c - whether a workload's work inputs make sense together and
 * for its model (usage errors before anything is estimated): one amount of
 * work per phase, the latency limits and the deadline only with an amount,
 * an encoder served by requests, a prompt within the model's positions.
 * The estimates themselves are in throughput.c.
 */
#include "aivm/throughput.h"

#include <math.h>
#include <string.h>

#include "aivm/util.h"
#include "sizing_int.h"
#include "throughput_int.h"

int aivm_tokens_parse(double *out, const char *s, aivm_error *err)
{
    if (aivm_workload__parse_count(out, s, 1e18))
        return 0;
    return aivm_error_set(err, AIVM_EINVALID, NULL,
                          "invalid token count '%s' (expected e.g. 300K, 20B, 2T or a number)", s);
}

bool aivm_work_wanted(const aivm_workload *wl)
{
    const aivm_work_input *in = &wl->work;
    return aivm_work__has(in, AIVM_WK_TOKENS) || aivm_work__has(in, AIVM_WK_EPOCHS) ||
           aivm_work__has(in, AIVM_WK_DATASET_TOKENS) ||
           aivm_work__has(in, AIVM_WK_TOKENS_PER_SECOND) ||
           aivm_work__has(in, AIVM_WK_REQUESTS_PER_SECOND) || aivm_work__has(in, AIVM_WK_SAMPLES);
}

/* --requests-per-second: an encoder's service (prefill only). */
static int check_requests(const aivm_workload *wl, aivm_error *err)
{
    const aivm_work_input *in = &wl->work;
    if (!(wl->sizing_in.set & ((1u << AIVM_SZ_PARAMS) | (1u << AIVM_SZ_MODEL))))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "the amount of work needs the model's size (give --model or "
                              "--params)");
    if (aivm_work__has(in, AIVM_WK_MFU))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--mfu applies to training only (inference uses the documented "
                              "bandwidth and compute efficiencies)");
    if (aivm_work__has(in, AIVM_WK_MAX_TTFT_MS) || aivm_work__has(in, AIVM_WK_MAX_DAYS))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--max-ttft-ms and --max-days do not apply to "
                              "--requests-per-second");
    return 0;
}

int aivm_work_check(const aivm_workload *wl, aivm_error *err)
{
    const aivm_work_input *in = &wl->work;
    bool train_amount = aivm_work__has(in, AIVM_WK_TOKENS) || aivm_work__has(in, AIVM_WK_EPOCHS) ||
                        aivm_work__has(in, AIVM_WK_DATASET_TOKENS);
    /* --samples: against the other amounts here, its FLOPs per sample with the model
     * (aivm_work_check_model) */
    bool infer_amount = aivm_work__has(in, AIVM_WK_TOKENS_PER_SECOND);
    bool rps = aivm_work__has(in, AIVM_WK_REQUESTS_PER_SECOND);
    bool samples = aivm_work__has(in, AIVM_WK_SAMPLES);
    if (!in->set)
        return 0;
    if (samples && aivm_workload__samples_check(wl, train_amount, err) < 0)
        return AIVM_EINVALID;
    train_amount = train_amount || samples;
    if (rps && infer_amount)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--requests-per-second (non-generative models) and "
                              "--tokens-per-second (generative models) are two kinds of service: "
                              "give one");
    if (rps && wl->phase == AIVM_PHASE_TRAIN)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--requests-per-second is an inference target: give --tokens for "
                              "training");
    if (rps &&
        (aivm_work__has(in, AIVM_WK_OUTPUT_TOKENS) || aivm_work__has(in, AIVM_WK_MAX_TPOT_MS)))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--requests-per-second serves prefill only (no output tokens): "
                              "--output-tokens and --max-tpot-ms do not apply");
    if (rps)
        return check_requests(wl, err);
    if (!(wl->sizing_in.set & ((1u << AIVM_SZ_PARAMS) | (1u << AIVM_SZ_MODEL))))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "the amount of work needs the model's size (give --model or "
                              "--params)");
    if (wl->phase == AIVM_PHASE_INFERENCE && train_amount)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--tokens, --epochs and --dataset-tokens are training amounts: "
                              "give --tokens-per-second for inference");
    if (wl->phase == AIVM_PHASE_TRAIN &&
        (infer_amount || aivm_work__has(in, AIVM_WK_PROMPT_TOKENS) ||
         aivm_work__has(in, AIVM_WK_OUTPUT_TOKENS)))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--tokens-per-second, --prompt-tokens and --output-tokens are "
                              "inference inputs: give --tokens for training");
    if (aivm_work__has(in, AIVM_WK_MAX_DAYS) && !train_amount)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--max-days bounds a training job: it needs --tokens, --samples "
                              "(or --epochs with --dataset-tokens)");
    if ((aivm_work__has(in, AIVM_WK_MAX_TTFT_MS) || aivm_work__has(in, AIVM_WK_MAX_TPOT_MS)) &&
        !infer_amount)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--max-ttft-ms and --max-tpot-ms bound a service's latency: they "
                              "need --tokens-per-second (inference)");
    if (wl->phase == AIVM_PHASE_INFERENCE && aivm_work__has(in, AIVM_WK_MFU))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--mfu applies to training only (inference uses the documented "
                              "bandwidth and compute efficiencies)");
    if (aivm_work__has(in, AIVM_WK_TOKENS) &&
        (aivm_work__has(in, AIVM_WK_EPOCHS) || aivm_work__has(in, AIVM_WK_DATASET_TOKENS)))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--tokens and --epochs/--dataset-tokens say the same thing: give "
                              "one");
    if (aivm_work__has(in, AIVM_WK_EPOCHS) != aivm_work__has(in, AIVM_WK_DATASET_TOKENS))
        return aivm_error_set(err, AIVM_EINVALID, NULL, "--%s needs --%s",
                              aivm_work__has(in, AIVM_WK_EPOCHS) ? "epochs" : "dataset-tokens",
                              aivm_work__has(in, AIVM_WK_EPOCHS) ? "dataset-tokens" : "epochs");
    if (!train_amount && !infer_amount)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--mfu, --prompt-tokens and --output-tokens need an amount of work "
                              "(--tokens for training, --tokens-per-second for inference)");
    return 0;
}

int aivm_work_check_model(const aivm_workload *wl, aivm_error *err)
{
    const aivm_sizing *sz = wl->sizing;
    const aivm_work_input *in = &wl->work;
    const aivm_model *m = sz ? sz->preset : NULL;
    aivm_kind kind = m ? m->kind : wl->kind;
    const char *name = m ? m->name : "the model";
    if (sz && wl->phase == AIVM_PHASE_TRAIN && aivm_work__has(in, AIVM_WK_SAMPLES) &&
        aivm_workload__samples_check_model(wl, kind, name, err) < 0)
        return AIVM_EINVALID;
    if (!sz || !aivm_work_wanted(wl) || wl->phase != AIVM_PHASE_INFERENCE)
        return 0;
    if (aivm_work__has(in, AIVM_WK_TOKENS_PER_SECOND) && kind == AIVM_KIND_NON_GENERATIVE)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "%s is non-generative: it outputs no tokens to serve per second "
                              "(give --requests-per-second, sequences of --prompt-tokens)",
                              name);
    if (aivm_work__has(in, AIVM_WK_REQUESTS_PER_SECOND) && kind == AIVM_KIND_GENERATIVE)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "%s is generative: give --tokens-per-second (output tokens), not "
                              "--requests-per-second",
                              name);
    if (m && m->context && aivm_work__has(in, AIVM_WK_PROMPT_TOKENS) &&
        in->prompt_tokens > m->context)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--prompt-tokens %u is longer than %s's %u positions",
                              in->prompt_tokens, name, m->context);
    return 0;
}

double aivm_work_training_tokens(const aivm_work_input *in)
{
    if (aivm_work__has(in, AIVM_WK_TOKENS))
        return in->tokens;
    if (aivm_work__has(in, AIVM_WK_EPOCHS) && aivm_work__has(in, AIVM_WK_DATASET_TOKENS))
        return in->epochs * in->dataset_tokens;
    return 0;
}
