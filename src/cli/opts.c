/*
 * opts.c - builds getopt_long's tables from a cli_opt table and prints the
 * matching --help lines, so options and their help never drift apart.
 * Diagnostics are our own (opterr = 0). A table with --config reads the
 * project configuration between the parse and the callbacks, so its values
 * come before the command line's (cli_config.c).
 */
#include "opts.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "aivm/util.h"
#include "avail_opts.h"
#include "cli_config.h"
#include "emit_out.h"
#include "input_opts.h"
#include "msg.h"
#include "price_opts.h"
#include "sources.h"
#include "term.h"

typedef struct {
    int id;
    const char *arg;
} given; /* one option of the command line, in order */

/* An unknown long option, with the closest of the table's names when it
 * looks like a typo ("--phse" -> --phase). */
/* Names a user may reach for that the command spells otherwise (the tool says
 * "size", the price API "sku"), offered when no option is a near spelling. */
static const char *const synonyms[][2] = {
    {"size", "sku"},     {"vm-size", "sku"},     {"sku", "size"},
    {"vm-size", "size"}, {"location", "region"},
};

static int unknown_long(const cli_opt *opts, size_t n, const char *arg)
{
    char name[64];
    const char **names = aivm_xcalloc(n ? n : 1, sizeof *names);
    const char *guess;
    size_t len;
    int rc;
    const char *s = strncmp(arg, "--", 2) == 0 ? arg + 2 : arg;
    len = strcspn(s, "="); /* "--formt=json" names "formt" */
    if (len >= sizeof name)
        len = sizeof name - 1;
    memcpy(name, s, len);
    name[len] = '\0';
    for (size_t i = 0; i < n; i++)
        names[i] = opts[i].long_name;
    guess = aivm_did_you_mean(name, names, n);
    for (size_t k = 0; !guess && k < sizeof synonyms / sizeof synonyms[0]; k++)
        for (size_t i = 0; i < n && strcmp(name, synonyms[k][0]) == 0; i++)
            if (opts[i].long_name && strcmp(opts[i].long_name, synonyms[k][1]) == 0)
                guess = synonyms[k][1];
    if (guess)
        rc = cli_usagef("unknown option '%s' (did you mean --%s?)", arg, guess);
    else
        rc = cli_usagef("unknown option '%s'", arg);
    free((void *)names);
    return rc;
}

static const cli_opt *by_id(const cli_opt *opts, size_t n, int id)
{
    for (size_t i = 0; i < n; i++)
        if (opts[i].id == id)
            return &opts[i];
    return NULL;
}

/* The configuration (when the table has --config and neither --help nor
 * --version was given), then the options of the command line. */
static int apply(const cli_opt *opts, size_t n, const given *g, size_t ng, cli_opt_fn fn, void *ctx)
{
    const char *path = NULL;
    bool none = false, info = false;
    int rc = 0;
    for (size_t i = 0; i < ng; i++) {
        if (g[i].id == CLI_O_CONFIG)
            path = g[i].arg;
        none = none || g[i].id == CLI_O_NO_CONFIG;
        info = info || g[i].id == 'h' || g[i].id == 'V';
    }
    if (path && none)
        return cli_usagef("--config and --no-config contradict each other");
    for (size_t i = 0; i < ng; i++)
        cli_verbose = cli_verbose || g[i].id == 'v'; /* before the configuration: it is said */
    if (by_id(opts, n, CLI_O_CONFIG) && !info)
        rc = cli_config_apply(opts, n, fn, ctx, path, none);
    else if (!info)
        cli_sources_note("config", "none", NULL, "this command reads no configuration");
    for (size_t i = 0; rc == 0 && i < ng; i++) {
        if (g[i].id == CLI_O_CONFIG || g[i].id == CLI_O_NO_CONFIG || g[i].id == 'v')
            continue;
        cli_config_overridden(by_id(opts, n, g[i].id)->long_name);
        rc = fn(ctx, g[i].id, g[i].arg);
    }
    return rc;
}

static int parse(const cli_opt *opts, size_t n, int argc, char **argv, cli_opt_fn fn, void *ctx,
                 int *first_operand)
{
    struct option *lo = aivm_xcalloc(n + 1, sizeof *lo);
    char *shorts = aivm_xmalloc(3 * n + 2);
    given *g = NULL;
    size_t k = 0, ng = 0, cap = 0;
    int rc = 0;
    int c;
    shorts[k++] = ':';
    for (size_t i = 0; i < n; i++) {
        lo[i].name = opts[i].long_name;
        lo[i].has_arg = opts[i].arg ? required_argument : no_argument;
        lo[i].flag = NULL;
        lo[i].val = opts[i].id;
        if (opts[i].short_name) {
            shorts[k++] = opts[i].short_name;
            if (opts[i].arg)
                shorts[k++] = ':';
        }
    }
    shorts[k] = '\0';
    opterr = 0;
    optind = 1;
    while (rc == 0 && (c = getopt_long(argc, argv, shorts, lo, NULL)) != -1) {
        if (c == '?') {
            if (optopt && optopt < 256)
                rc = cli_usagef("unknown option '-%c'", optopt);
            else
                rc = unknown_long(opts, n, argv[optind - 1]);
        } else if (c == ':') {
            if (optopt && optopt < 256)
                rc = cli_usagef("option '-%c' needs an argument", optopt);
            else
                rc = cli_usagef("option '%s' needs an argument", argv[optind - 1]);
        } else {
            for (size_t i = 0; i < n; i++)
                if (opts[i].short_name && c == opts[i].short_name)
                    c = opts[i].id; /* a short option reports its table id */
            if (ng == cap) {        /* "-qq" is two options in one argument */
                cap = cap ? 2 * cap : 16;
                g = aivm_xrealloc(g, cap * sizeof *g);
            }
            g[ng].id = c;
            g[ng++].arg = optarg;
        }
    }
    *first_operand = optind;
    if (rc == 0)
        rc = apply(opts, n, g, ng, fn, ctx);
    free(g);
    free(lo);
    free(shorts);
    return rc;
}

int cli_opts_parse(const cli_opt *opts, size_t n, int argc, char **argv, cli_opt_fn fn, void *ctx,
                   int *first_operand)
{
    return parse(opts, n, argc, argv, fn, ctx, first_operand);
}

/* Before "--", an argument that begins with '-' is an option, wherever it stands
 * (GNU order: `check plan.json --format json` works). A glob or a hook's file list
 * can put a file named like an option there (issue #34: a planted, empty
 * `--config=.x.json`), so such an argument that names an existing file is refused:
 * files named like options go after "--". Returns 0 or an exit code. */
static int no_file_like_option(int argc, char **argv)
{
    struct stat st;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (argv[i][0] == '-' && argv[i][1] != '\0' && lstat(argv[i], &st) == 0)
            return cli_usagef("'%s' is a file named like an option: files whose names begin "
                              "with '-' go after '--' (check [options] -- FILE...)",
                              argv[i]);
    return 0;
}

int cli_opts_parse_files(const cli_opt *opts, size_t n, int argc, char **argv, cli_opt_fn fn,
                         void *ctx, int *first_operand)
{
    int rc = no_file_like_option(argc, argv);
    if (rc == 0)
        rc = parse(opts, n, argc, argv, fn, ctx, first_operand);
    return rc;
}

/* The topic of an option shared by several commands, by its id's range; NULL for
 * a command's own options (ids below 1024) and unknown ranges. */
static const char *topic_of(int id)
{
    if (id == 'q' || id == 'h' || id == 'V' || id == CLI_O_CONFIG || id == CLI_O_NO_CONFIG)
        return "General options";
    if (id >= CLI_O_INPUT + AIVM_IN_SIZING && id < CLI_O_INPUT + AIVM_IN_WORK)
        return "Sizing options (docs/sizing.md)";
    if (id >= CLI_O_INPUT + AIVM_IN_WORK && id < CLI_O_INPUT + AIVM_IN_COUNT)
        return "Work options (docs/throughput.md)";
    if (id >= CLI_O_INPUT && id < CLI_O_INPUT + AIVM_IN_SIZING)
        return "Workload options (docs/cli.md)";
    if (id == CLI_O_EMIT || id == CLI_O_PICK)
        return "Deployable code (docs/emit.md)";
    if (id >= CLI_O_PRICES && id < CLI_O_QUOTA)
        return "Price options (docs/prices.md)";
    if (id >= CLI_O_QUOTA && id < CLI_O_CONFIG)
        return "Availability options (docs/availability.md)";
    return NULL;
}

/* The topic option i is listed under: its own, or, for a command's option between
 * two options of one topic (check's --require-live-prices among the price
 * options), that topic. */
static const char *topic_at(const cli_opt *opts, size_t n, size_t i)
{
    const char *t = topic_of(opts[i].id), *before = NULL, *after = NULL;
    if (t)
        return t;
    for (size_t j = i; j-- > 0 && !before;)
        before = topic_of(opts[j].id);
    for (size_t j = i + 1; j < n && !after; j++)
        after = topic_of(opts[j].id);
    return before && before == after ? before : NULL;
}

/* Where to end a line of at most `room` characters of `p`: after the last space
 * within it, else after its last '|' or '/' (a list of values, a path), else after
 * the whole first word (a word longer than the line stays whole). */
static size_t line_end(const char *p, size_t room)
{
    size_t cut = room;
    while (cut > 0 && p[cut] != ' ')
        cut--;
    if (cut > 0)
        return cut;
    for (cut = room; cut > 1; cut--)
        if (p[cut - 1] == '|' || p[cut - 1] == '/')
            return cut;
    return strcspn(p, " ");
}

void cli_help_wrap(FILE *f, const char *text, unsigned col, unsigned indent, unsigned width)
{
    const char *p = text;
    if (width < indent + 24)
        width = indent + 24; /* a word or two per line at the least */
    while (strlen(p) > width - col) {
        size_t cut = line_end(p, width - col);
        fwrite(p, 1, cut, f);
        p += cut;
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        fprintf(f, "\n%*s", (int)indent, "");
        col = indent;
    }
    fprintf(f, "%s\n", p);
}

void cli_opts_help(FILE *f, const cli_opt *opts, size_t n)
{
    unsigned width = cli_term_help_width();
    const char *topic = n ? topic_at(opts, n, 0) : NULL;
    for (size_t i = 0; i < n; i++) {
        char left[96];
        const char *t = topic_at(opts, n, i);
        if (i > 0 && t != topic)
            fprintf(f, "\n%s:\n", t ? t : "Command options");
        topic = t;
        if (opts[i].short_name)
            snprintf(left, sizeof left, "-%c, --%s%s%s", opts[i].short_name, opts[i].long_name,
                     opts[i].arg ? " " : "", opts[i].arg ? opts[i].arg : "");
        else
            snprintf(left, sizeof left, "    --%s%s%s", opts[i].long_name, opts[i].arg ? " " : "",
                     opts[i].arg ? opts[i].arg : "");
        if (strlen(left) > 30)
            fprintf(f, "  %s\n  %-30s  ", left, "");
        else
            fprintf(f, "  %-30s  ", left);
        cli_help_wrap(f, opts[i].help, 34, 34, width);
    }
}
