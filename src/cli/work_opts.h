/* work_opts.h - the work-amount flags of recommend and check (--tokens ...
 * --output-tokens, docs/throughput.md): their option-table rows, parsing,
 * and the checks once the workload is complete. */
#ifndef AIVM_CLI_WORK_OPTS_H
#define AIVM_CLI_WORK_OPTS_H

#include <stdbool.h>

#include "aivm/advise.h"
#include "aivm/throughput.h"
#include "opts.h"

/* Option ids: CLI_O_WORK + AIVM_WK_x (clear of sizing's 512 + AIVM_SZ_x and prices' 1024). */
#define CLI_O_WORK 768

/* Rows for a command's option table, in --help order. */
#define CLI_WORK_OPTIONS                                                                           \
    {CLI_O_WORK + AIVM_WK_TOKENS, "tokens", 0, "N",                                                \
     "training tokens: 20B, 2T, ... (job time and cost)"},                                         \
        {CLI_O_WORK + AIVM_WK_EPOCHS, "epochs", 0, "E", "passes over --dataset-tokens"},           \
        {CLI_O_WORK + AIVM_WK_DATASET_TOKENS, "dataset-tokens", 0, "N", "tokens in the dataset"},  \
        {CLI_O_WORK + AIVM_WK_MFU, "mfu", 0, "F",                                                  \
         "training model-FLOPs utilisation (default: per GPU generation)"},                        \
        {CLI_O_WORK + AIVM_WK_TOKENS_PER_SECOND, "tokens-per-second", 0, "N",                      \
         "output tokens/s the service must sustain"},                                              \
        {CLI_O_WORK + AIVM_WK_REQUESTS_PER_SECOND, "requests-per-second", 0, "N",                  \
         "non-generative serving: sequences of --prompt-tokens per second"},                       \
        {CLI_O_WORK + AIVM_WK_PROMPT_TOKENS, "prompt-tokens", 0, "N",                              \
         "prompt tokens per request (default 1024)"},                                              \
        {CLI_O_WORK + AIVM_WK_MAX_DAYS, "max-days", 0, "D",                                        \
         "training: scale out to finish within D days (default 30; 0 = no limit)"},                \
        {CLI_O_WORK + AIVM_WK_MAX_TTFT_MS, "max-ttft-ms", 0, "MS",                                 \
         "serving: time to first token limit, ms (caps the batch)"},                               \
        {CLI_O_WORK + AIVM_WK_MAX_TPOT_MS, "max-tpot-ms", 0, "MS",                                 \
         "serving: time per output token limit, ms (caps the batch)"},                             \
    {                                                                                              \
        CLI_O_WORK + AIVM_WK_OUTPUT_TOKENS, "output-tokens", 0, "N",                               \
            "output tokens per request (default 256)"                                              \
    }

/** Whether `id` is one of the work options. */
bool cli_is_work_option(int id);

/** Handle option `id` (CLI_O_WORK + AIVM_WK_x). Returns 0 or an exit code. */
int cli_work_option(aivm_work_input *in, int id, const char *arg);

/**
 * Once the workload is complete: the work inputs must suit its phase and
 * have a sizing (aivm_work_check), and --sort job-cost|time|cost-per-token
 * needs a work amount. A problem of the workload file is exit 3 naming
 * `workload_file`, of the flags a usage error. Prints; returns 0 or an exit code.
 */
int cli_work_check(const aivm_workload *wl, aivm_sort sort, const char *workload_file);

/**
 * Once the sizing is resolved: the work suits the model (aivm_work_check_model:
 * its kind, its positions). Prints; returns 0 or an exit code (a workload
 * file's problem exit 3, the flags' a usage error).
 */
int cli_work_check_model(const aivm_workload *wl, const char *workload_file);

#endif
