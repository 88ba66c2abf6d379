/* sizing_int.h - internals shared by sizing_input.c, workload.c and attr_sizing.c. */
#ifndef AIVM_SIZING_INT_H
#define AIVM_SIZING_INT_H

#include "aivm/sizing.h"
#include "util/yamlutil.h"

/** The sizing keys a workload file may hold (NULL-terminated). */
extern const char *const aivm_sizing__file_keys[];

/**
 * Load the sizing keys present in the workload mapping `root` into `in`,
 * marking each in `set` and `from_file`. Strings are borrowed from the
 * tree. Returns 0 or AIVM_EINVALID with the key's position.
 */
int aivm_sizing__load_keys(aivm_sizing_input *in, const aivm_ynode *root, aivm_error *err);

/**
 * Load the work keys present in `root` (tokens, epochs, dataset_tokens, mfu,
 * tokens_per_second, prompt_tokens, output_tokens; docs/throughput.md) into
 * `in`, marking each in `set` and `from_file`. Returns 0 or AIVM_EINVALID
 * with the key's position.
 */
int aivm_work__load_keys(aivm_work_input *in, const aivm_ynode *root, aivm_error *err);

/** A count written with an optional K/M/B/T suffix ("7B", "1.4T", "300K", "1e12"): at
 *  least 1 and at most `max`. The parser of --params and --tokens. */
bool aivm_workload__parse_count(double *out, const char *s, double max);

#endif
