/* check_source.h - check --source DIR: findings on the .tf source of a
 * Terraform plan (docs/check.md, "Findings on the source"). */
#ifndef AIVM_CLI_CHECK_SOURCE_H
#define AIVM_CLI_CHECK_SOURCE_H

#include <stddef.h>

#include "aivm/check.h"
#include "aivm/tfsource.h"

/** Add the directories of one --source value (a comma list) to `*dirs`:
 *  0, or a usage error (exit 2) when it names none. */
int cli_source_option(char ***dirs, size_t *n, const char *arg);

/**
 * Index the `.tf` files of `dirs` (none given: each input file's directory
 * and the working directory, skipped quietly when unreadable), for
 * aivm_check() to move the findings onto them. `*src` must outlive the
 * report's rendering; free it with aivm_tf_source_free(). Returns 0, or an
 * exit code (a given directory that cannot be read: exit 3, one line).
 */
int cli_check_source_load(aivm_tf_source **src, char *const *dirs, size_t n_dirs,
                          char *const *inputs, size_t n_inputs);

#endif
