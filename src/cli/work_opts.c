/*
 * work_opts.c - the checks of the work amount once the workload is complete
 * (docs/throughput.md): a problem of the workload file is exit 3 naming it,
 * of the flags a usage error.
 */
#include "work_opts.h"

#include <stdint.h>

#include <string.h>

#include "aivm/util.h"
#include "cli.h"
#include "msg.h"

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
