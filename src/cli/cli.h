/* cli.h - the commands of aivm-advise (cmd_*.c) and what they share (common.c). */
#ifndef AIVM_CLI_CLI_H
#define AIVM_CLI_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/catalog.h"
#include "aivm/rules.h"
#include "aivm/sizing.h"

int cmd_recommend(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_prices(int argc, char **argv);
int cmd_catalog(int argc, char **argv);
int cmd_models(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_completion(int argc, char **argv);
/** The hidden `__complete regions|gpus`: names for the completion scripts. */
int cmd_complete_names(int argc, char **argv);

/** Print the version block (tool, catalog, library versions) to stdout. */
void cli_print_version(void);
/** The version block as text, or as one JSON object (`version --format json`:
 *  version, catalog {version, as_of, sizes}, libraries {libyaml, cjson,
 *  libcurl}; null for a library that is not available). */
void cli_print_version_as(bool json);

/**
 * Load the catalog (`path`, or the embedded one when NULL) and the shipped
 * rules plus each of `rule_files` (in order; later ids override earlier).
 * On failure prints the error and returns its exit code; 0 on success.
 */
int cli_load_data(aivm_catalog **cat, aivm_rules **rules, const char *catalog_path,
                  const char *const *rule_files, size_t n_rule_files);

/** The overlay's file name under $XDG_DATA_HOME/aivm-advise/. */
#define CLI_OVERLAY_FILE "catalog-overlay.json"

/** The overlay's path: $XDG_DATA_HOME/aivm-advise/catalog-overlay.json, else
 *  $HOME/.local/share/aivm-advise/...; false when neither is set (or too long). */
bool cli_overlay_path(char *out, size_t cap);

/**
 * Load the catalog: `path` (--catalog, which replaces both), else the
 * built-in catalog with the local overlay applied when its file exists,
 * else the built-in catalog. On failure prints the error and returns its
 * exit code (3 for an invalid file); 0 on success. Free with aivm_catalog_free().
 */
int cli_load_catalog(aivm_catalog **cat, const char *path);

/** Warn (stderr, unless --quiet) when the catalog's data, or else its reference
 *  prices, are more than AIVM_CATALOG_STALE_DAYS old on `today`
 *  (aivm_catalog_stale_warning), naming the dates and how to refresh. */
void cli_warn_stale(const aivm_catalog *cat, const char *today);

/**
 * Read the clock once: AIVM_NOW when set (YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or
 * @SECONDS; docs/cli.md "Environment"), else the wall clock. Returns 0, or a
 * usage error (exit 2) for an AIVM_NOW of none of these forms. main() calls it
 * before any command; cli_now() and cli_today() then read what it settled.
 */
int cli_clock_init(void);
/** The run's now, in seconds since 1970 (UTC): what cli_clock_init() settled. */
long long cli_now(void);
/** The run's today (UTC) as YYYY-MM-DD into `out` (11 bytes). */
void cli_today(char *out);

/** Append `arg` to a list of option values (--rules, --sku); aborts when out of memory. */
void cli_push_arg(const char ***list, size_t *n, const char *arg);

/** The value of --date: `*out = arg` and 0, or a usage error (exit 2). */
int cli_date_option(const char **out, const char *arg);

/**
 * The value of an option that takes one of `names[0..n)`: `*out` gets its
 * index and 0, or a usage error listing the names (exit 2).
 */
int cli_enum_option(int *out, const char *opt, const char *arg, const char *const *names, size_t n);

/**
 * Check `*region` against the catalog's region list (any name passes when it
 * has none) and replace it with the canonical name ("West Europe" ->
 * "westeurope"). An unknown name is a usage error (exit 2) with a
 * did-you-mean, or, when it came from a workload file (`from_file` is the
 * key's position there), an input error at that position (exit 3).
 * Returns 0 or the exit code.
 */
int cli_check_region(const aivm_catalog *cat, const char **region, const aivm_loc *from_file);

/** A --region value as Azure normalises it into `out` (`cap` bytes): spaces
 *  dropped, lower case ("West Europe" -> "westeurope"). False when it holds
 *  anything but letters, digits and spaces, is empty or too long. */
bool cli_region_option(char *out, size_t cap, const char *arg);

struct cli_price_opts;
/**
 * An option no command handles itself: a workload input (when `flags` is not
 * NULL; input_opts.h) or a price option (when `po` is not NULL). Returns 0 or
 * an exit code; an option of neither kind is an internal error (exit 2,
 * "unhandled option").
 */
int cli_common_option(struct cli_price_opts *po, aivm_workload *flags, int id, const char *arg);

#endif
