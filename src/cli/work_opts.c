/*
 * work_opts.c - the work-amount flags (docs/throughput.md): token counts
 * with K/M/B/T suffixes, the MFU override, the serving target and the
 * request shape, each parsed with the library's parsers; usage errors name
 * the flag. Kept apart from the commands so they only wire it in.
 */
#include "work_opts.h"

#include <stdint.h>

#include <string.h>

#include "aivm/util.h"
#include "cli.h"
#include "msg.h"

static const char *const flag_names[AIVM_WK_COUNT] = {"tokens",
                                                      "epochs",
                                                      "dataset-tokens",
                                                      "mfu",
                                                      "tokens-per-second",
                                                      "prompt-tokens",
                                                      "output-tokens",
                                                      "max-days",
                                                      "max-ttft-ms",
                                                      "max-tpot-ms",
                                                      "requests-per-second"};

bool cli_is_work_option(int id)
{
    return id >= CLI_O_WORK && id < CLI_O_WORK + AIVM_WK_COUNT;
}

static int number(double *out, const char *arg, double max, const char *flag)
{
    double v = 0;
    if (!aivm_parse_double(&v, arg) || !(v > 0) || v > max)
        return cli_usagef("invalid value '%s' for --%s (expected a number more than 0 and at "
                          "most %g)",
                          arg, flag, max);
    *out = v;
    return 0;
}

static int count(unsigned *out, const char *arg, const char *flag)
{
    uint64_t n = 0;
    if (!aivm_parse_u64(&n, arg, 100000000u) || n == 0)
        return cli_usagef("invalid value '%s' for --%s (expected a whole number >= 1)", arg, flag);
    *out = (unsigned)n;
    return 0;
}

int cli_work_option(aivm_work_input *in, int id, const char *arg)
{
    unsigned which = (unsigned)(id - CLI_O_WORK);
    const char *flag = flag_names[which];
    aivm_error err = AIVM_ERROR_INIT;
    int rc = 0;
    switch (which) {
    case AIVM_WK_TOKENS:
    case AIVM_WK_DATASET_TOKENS:
        if (aivm_tokens_parse(which == AIVM_WK_TOKENS ? &in->tokens : &in->dataset_tokens, arg,
                              &err) < 0)
            rc = cli_usagef("%s for --%s", err.msg, flag);
        break;
    case AIVM_WK_EPOCHS:
        rc = number(&in->epochs, arg, 1e6, flag);
        break;
    case AIVM_WK_MFU:
        rc = number(&in->mfu, arg, 1, flag);
        break;
    case AIVM_WK_TOKENS_PER_SECOND:
        rc = number(&in->tokens_per_second, arg, 1e12, flag);
        break;
    case AIVM_WK_REQUESTS_PER_SECOND:
        rc = number(&in->requests_per_second, arg, 1e12, flag);
        break;
    case AIVM_WK_PROMPT_TOKENS:
        rc = count(&in->prompt_tokens, arg, flag);
        break;
    case AIVM_WK_MAX_TTFT_MS:
        rc = number(&in->max_ttft_ms, arg, 3.6e6, flag);
        break;
    case AIVM_WK_MAX_TPOT_MS:
        rc = number(&in->max_tpot_ms, arg, 3.6e6, flag);
        break;
    case AIVM_WK_MAX_DAYS: /* 0: no limit */
        if (strcmp(arg, "0") == 0)
            in->max_days = 0;
        else
            rc = number(&in->max_days, arg, 36500, flag);
        break;
    default:
        rc = count(&in->output_tokens, arg, flag);
        break;
    }
    if (rc == 0)
        in->set |= 1u << which;
    return rc;
}

int cli_work_check_model(const aivm_workload *wl, const char *workload_file)
{
    aivm_error err = AIVM_ERROR_INIT;
    if (aivm_work_check_model(wl, &err) == 0)
        return 0;
    if (wl->work.from_file && workload_file) {
        cli_errorf("%s: %s", workload_file, err.msg);
        return CLI_EXIT_INPUT;
    }
    return cli_usagef("%s", err.msg);
}

int cli_work_check(const aivm_workload *wl, aivm_sort sort, const char *workload_file)
{
    aivm_error err = AIVM_ERROR_INIT;
    if (aivm_work_check(wl, &err) < 0) {
        if (wl->work.from_file && workload_file) {
            cli_errorf("%s: %s", workload_file, err.msg);
            return CLI_EXIT_INPUT;
        }
        return cli_usagef("%s", err.msg);
    }
    if (sort == AIVM_SORT_LATENCY && wl->phase != AIVM_PHASE_INFERENCE)
        return cli_usagef("--sort latency orders services by their time per output token: it "
                          "needs --phase inference with --tokens-per-second");
    if (sort >= AIVM_SORT_JOB_COST && !aivm_work_wanted(wl))
        return cli_usagef("--sort %s needs an amount of work (--tokens for training, "
                          "--tokens-per-second for inference)",
                          aivm_sort_name(sort));
    return 0;
}
