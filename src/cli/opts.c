/*
 * opts.c - builds getopt_long's tables from a cli_opt table and prints the
 * matching --help lines, so options and their help never drift apart.
 * Diagnostics are our own (opterr = 0).
 */
#include "opts.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "msg.h"

/* An unknown long option, with the closest of the table's names when it
 * looks like a typo ("--phse" -> --phase). */
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
    if (guess)
        rc = cli_usagef("unknown option '%s' (did you mean --%s?)", arg, guess);
    else
        rc = cli_usagef("unknown option '%s'", arg);
    free((void *)names);
    return rc;
}

int cli_opts_parse(const cli_opt *opts, size_t n, int argc, char **argv, cli_opt_fn fn, void *ctx,
                   int *first_operand)
{
    struct option *lo = aivm_xcalloc(n + 1, sizeof *lo);
    char *shorts = aivm_xmalloc(3 * n + 2);
    size_t k = 0;
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
            rc = fn(ctx, c, optarg);
        }
    }
    *first_operand = optind;
    free(lo);
    free(shorts);
    return rc;
}

void cli_opts_help(FILE *f, const cli_opt *opts, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char left[96];
        if (opts[i].short_name)
            snprintf(left, sizeof left, "-%c, --%s%s%s", opts[i].short_name, opts[i].long_name,
                     opts[i].arg ? " " : "", opts[i].arg ? opts[i].arg : "");
        else
            snprintf(left, sizeof left, "    --%s%s%s", opts[i].long_name, opts[i].arg ? " " : "",
                     opts[i].arg ? opts[i].arg : "");
        if (strlen(left) > 30)
            fprintf(f, "  %s\n  %-30s  %s\n", left, "", opts[i].help);
        else
            fprintf(f, "  %-30s  %s\n", left, opts[i].help);
    }
}
