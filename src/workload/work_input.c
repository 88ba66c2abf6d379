/*
 * work_input.c - the work keys of a workload file (docs/throughput.md):
 * tokens and dataset_tokens as counts with a K/M/B/T suffix or a number,
 * epochs and tokens_per_second as positive numbers, mfu in (0, 1], prompt
 * and output tokens as whole numbers; errors carry the key's position.
 */
#include <stdio.h>

#include "aivm/throughput.h"
#include "sizing_int.h"

static const char *const work_keys[AIVM_WK_COUNT] = {"tokens",
                                                     "epochs",
                                                     "dataset_tokens",
                                                     "mfu",
                                                     "tokens_per_second",
                                                     "prompt_tokens",
                                                     "output_tokens",
                                                     "max_days",
                                                     "max_ttft_ms",
                                                     "max_tpot_ms",
                                                     "requests_per_second"};

static int tokens(double *out, const aivm_ynode *v, const char *what, aivm_error *err)
{
    const char *s = NULL;
    int rc = aivm_yget_str(&s, v, what, err);
    if (rc == 0 && (rc = aivm_tokens_parse(out, s, err)) < 0) {
        aivm_error copy = *err;
        aivm_error_set(err, (aivm_status)rc, &v->loc, "%s: %s", what, copy.msg);
    }
    return rc;
}

static int positive(double *out, const aivm_ynode *v, double max, const char *what, aivm_error *err)
{
    int rc = aivm_yget_num(out, v, what, err);
    if (rc == 0 && !(*out > 0 && *out <= max))
        rc = aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: must be more than 0 and at most %g",
                            what, max);
    return rc;
}

static int count(unsigned *out, const aivm_ynode *v, const char *what, aivm_error *err)
{
    int rc = aivm_yget_uint(out, v, 100000000u, what, err);
    if (rc == 0 && *out == 0)
        rc = aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: must be at least 1", what);
    return rc;
}

int aivm_work__load_keys(aivm_work_input *in, const aivm_ynode *root, aivm_error *err)
{
    for (unsigned i = 0; i < AIVM_WK_COUNT; i++) {
        const aivm_ynode *v = aivm_ymap_get(root, work_keys[i]);
        char what[64];
        int rc = 0;
        if (!v)
            continue;
        snprintf(what, sizeof what, "key '%s' in the workload", work_keys[i]);
        switch (i) {
        case AIVM_WK_TOKENS:
            rc = tokens(&in->tokens, v, what, err);
            break;
        case AIVM_WK_DATASET_TOKENS:
            rc = tokens(&in->dataset_tokens, v, what, err);
            break;
        case AIVM_WK_EPOCHS:
            rc = positive(&in->epochs, v, 1e6, what, err);
            break;
        case AIVM_WK_MFU:
            rc = positive(&in->mfu, v, 1, what, err);
            break;
        case AIVM_WK_TOKENS_PER_SECOND:
            rc = positive(&in->tokens_per_second, v, 1e12, what, err);
            break;
        case AIVM_WK_PROMPT_TOKENS:
            rc = count(&in->prompt_tokens, v, what, err);
            break;
        case AIVM_WK_REQUESTS_PER_SECOND:
            rc = positive(&in->requests_per_second, v, 1e12, what, err);
            break;
        case AIVM_WK_MAX_TTFT_MS:
            rc = positive(&in->max_ttft_ms, v, 3.6e6, what, err);
            break;
        case AIVM_WK_MAX_TPOT_MS:
            rc = positive(&in->max_tpot_ms, v, 3.6e6, what, err);
            break;
        case AIVM_WK_MAX_DAYS:
            rc = aivm_yget_num(&in->max_days, v, what, err);
            if (rc == 0 && !(in->max_days >= 0 && in->max_days <= 36500))
                rc = aivm_error_set(err, AIVM_EINVALID, &v->loc,
                                    "%s: must be 0 (no limit) to 36500 days", what);
            break;
        default:
            rc = count(&in->output_tokens, v, what, err);
            break;
        }
        if (rc < 0)
            return rc;
        in->set |= 1u << i;
        in->from_file |= 1u << i;
    }
    return 0;
}
