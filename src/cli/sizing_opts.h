/* sizing_opts.h - the model presets of the CLI and resolving the sizing
 * once the data is loaded (docs/sizing.md); the flags themselves are rows
 * of the workload descriptor table (input_opts.h). */
#ifndef AIVM_CLI_SIZING_OPTS_H
#define AIVM_CLI_SIZING_OPTS_H

#include <stdbool.h>

#include "aivm/rules.h"
#include "aivm/sizing.h"

/**
 * Before the workload is finished: when it has sizing inputs, point
 * `*models` at the compiled-in presets (NULL otherwise) and settle what the
 * inputs imply (aivm_workload_settle: the preset exists, the kind). An
 * unknown preset is exit 3 naming `workload_file` when the file gave it, a
 * usage error otherwise. Prints errors; returns 0 or an exit code.
 */
int cli_sizing_prepare(const aivm_models **models, aivm_workload *wl, const char *workload_file);

/**
 * Say the sizing error aivm_request_settle() returned (`settle_rc` < 0,
 * `err`): at the workload file (`from_file`: exit 3) or as a usage error
 * (exit 2). Returns 0 when `settle_rc` is not negative, else the exit code.
 */
int cli_sizing_settled(int settle_rc, const aivm_error *err, bool from_file,
                       const char *workload_file);

/** The model presets carried in the binary (data/models.yaml, compiled in). */
const aivm_models *cli_models(void);
#endif
