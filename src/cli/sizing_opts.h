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
 * When the workload has sizing inputs: resolve them into `*sz` (presets
 * from `models`), point wl->sizing at it and derive the model size class
 * from the rules' threshold when --model-size was not given.
 * Prints errors; returns 0 or an exit code (2 for flags, 3 for a file).
 */
int cli_sizing_resolve(aivm_sizing *sz, const aivm_models *models, aivm_workload *wl,
                       const aivm_rules *rules, const char *workload_file);

/** The model presets carried in the binary (data/models.yaml, compiled in). */
const aivm_models *cli_models(void);
#endif
