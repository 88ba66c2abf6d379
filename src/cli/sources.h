/* sources.h - `-v/--verbose`: which configuration, catalog, overlay, rules,
 * models and prices a run used (sources.c). Each loader records what it
 * used; at the end they are said on stderr, or added to the JSON report as
 * its `sources` object (docs/cli.md, docs/json-output.md). */
#ifndef AIVM_CLI_SOURCES_H
#define AIVM_CLI_SOURCES_H

#include <stdbool.h>

#include "aivm/buf.h"
#include "aivm/catalog.h"
#include "aivm/prices.h"
#include "aivm/report.h"

/* The option row every command's table has. */
#define CLI_VERBOSE_OPTION                                                                         \
    {                                                                                              \
        'v', "verbose", 'v', NULL, "say which config, catalog, rules, models and prices were used" \
    }

/** -v/--verbose was given (set by the option parser, opts.c). */
extern bool cli_verbose;

/** Record one source (its strings copied); a source recorded before is not
 *  recorded twice. */
void cli_sources_add(const aivm_run_source *s);
/** Record a source of `kind` from `from` with `path` and `note` (may be NULL). */
void cli_sources_note(const char *kind, const char *from, const char *path, const char *note);
/** Record the catalog a run loaded: `path` (--catalog) or the built-in one,
 *  with its dates, and the overlay applied to it, if any. */
void cli_sources_catalog(const aivm_catalog *cat, const char *path);
/** Record where prices came from: the catalog's reference prices (`mode`
 *  catalog), nothing (off), or for cached/live each cache entry of `stores`
 *  (NULL ones skipped) and, live, the URL of `fetch`. */
void cli_sources_prices(aivm_prices_mode mode, const aivm_catalog *cat,
                        const aivm_fetch_opts *fetch, const aivm_prices *const *stores,
                        size_t n_stores);

/** With -v: add the sources to the JSON document `doc` (one whole object),
 *  and the lines on stderr are not said at the end. Returns 0 or an exit code. */
int cli_sources_json(aivm_buf *doc);
/** Start writing a report into `out`: streamed to stdout as it is rendered
 *  (cli_stream_to_stdout), except with -v and a JSON report (`json`), which
 *  is held whole so that cli_report_end() can add the sources. */
void cli_report_begin(aivm_buf *out, bool json);
/** cli_report_begin() for a command whose text may be a table (`rows`: a
 *  list): on a terminal (cli_term_width() > 0) a table is held whole so that
 *  cli_table_end() fits its rows to the width. */
void cli_table_begin(aivm_buf *out, bool json, bool rows);
/** Finish the report of cli_table_begin(): a table's rows cut to the
 *  terminal's width (a warning says so), else cli_report_end(). */
int cli_table_end(aivm_buf *out, bool json, bool rows);
/** Finish the report of cli_report_begin(): the sources added (-v, JSON),
 *  then the rest written to stdout. Returns 0 or an exit code. */
int cli_report_end(aivm_buf *out, bool json);

/** -v and YAML: add the sources to the JSON document `json` and append its
 *  YAML to `out` (aivm_report_json_to_yaml). Returns 0 or a negative status
 *  with `err` set. */
int cli_sources_yaml(aivm_buf *out, aivm_buf *json, aivm_error *err);

/** With -v and no JSON report that carried them: one line per source on
 *  stderr (paths shown safely). Called once, at the end of the run. */
void cli_sources_finish(void);

#endif
