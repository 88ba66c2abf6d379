/* work_opts.h - the checks of the work amount (docs/throughput.md) once the
 * workload is complete; the flags are rows of the descriptor table. */
#ifndef AIVM_CLI_WORK_OPTS_H
#define AIVM_CLI_WORK_OPTS_H

#include <stdbool.h>

#include "aivm/advise.h"
#include "aivm/throughput.h"

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
