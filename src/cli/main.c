/*
 * main.c - entry point of aivm-advise: sets the locale-independent
 * environment and dispatches to a subcommand (recommend by default).
 * What the commands share is in common.c.
 */
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "aivm/util.h"
#include "cli.h"
#include "cli_config.h"
#include "msg.h"
#include "opts.h"
#include "sources.h"
#include "term.h"

typedef struct {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
} command;

static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

static const command commands[] = {
    {"recommend", cmd_recommend, "rank VM sizes for an AI workload (the default command)"},
    {"check", cmd_check, "judge the VMs of a Terraform plan, ARM template or plan file (CI gate)"},
    {"prices", cmd_prices, "fetch and show live prices of the Azure Retail Prices API"},
    {"catalog", cmd_catalog, "list, show, compare and validate the VM sizes of the catalog"},
    {"models", cmd_models, "list and show the model presets --model takes"},
    {"rules", cmd_rules, "list and show the rules and check ids, with their guidance items"},
    {"completion", cmd_completion, "print the bash, zsh or fish completion script"},
    {"help", cmd_help, "this list, or 'help COMMAND' for a command's options"},
    {"version", cmd_version, "the tool, catalog and library versions"},
    {"__complete", cmd_complete_names, NULL}, /* hidden: names for the completion scripts */
};

#define N_COMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out)
{
    fputs("Usage: aivm-advise [COMMAND] [options]\n\n"
          "Azure VM sizing advice for AI workloads, from Azure's compute guidance for AI on\n"
          "IaaS. Without a command, the options are recommend's.\n\nCommands:\n",
          out);
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (commands[i].summary) {
            fprintf(out, "  %-11s ", commands[i].name);
            cli_help_wrap(out, commands[i].summary, 14, 14, cli_term_help_width());
        }
    fputs("\nExamples:\n"
          "  aivm-advise --phase train --kind generative\n"
          "  aivm-advise --phase inference --model llama-3.1-70b --format json\n"
          "  aivm-advise check plan.json --format sarif > aivm.sarif\n\n"
          "Run 'aivm-advise COMMAND --help' for a command's options.\n",
          out);
}

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

/* An unknown command: the closest name when it looks like a typo, else the list. */
static int unknown_command(const char *name)
{
    const char *names[N_COMMANDS];
    const char *guess;
    for (size_t i = 0; i < N_COMMANDS; i++)
        names[i] = commands[i].name;
    guess = aivm_did_you_mean(name, names, N_COMMANDS);
    if (guess)
        return cli_usagef("unknown command '%s' (did you mean %s?)", name, guess);
    return cli_usagef("unknown command '%s' (commands: recommend, check, prices, catalog, models, "
                      "rules, completion, help, version)",
                      name);
}

static int cmd_help(int argc, char **argv)
{
    const command *c;
    static char help_flag[] = "--help";
    char *args[3];
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    c = find_command(argv[1]);
    if (!c || c->fn == cmd_help) {
        if (!c) {
            cli_command = NULL; /* "Try 'aivm-advise --help'": the list of commands */
            return unknown_command(argv[1]);
        }
        usage(stdout);
        return 0;
    }
    args[0] = argv[1];
    args[1] = help_flag;
    args[2] = NULL;
    cli_command = c->name;
    return c->fn(2, args);
}

static const cli_opt version_options[] = {
    {'f', "format", 'f', "text|json", "output format (default text)"},
    {'q', "quiet", 'q', NULL, "no warnings on stderr"},
    CLI_VERBOSE_OPTION,
    {'h', "help", 'h', NULL, "show this help and exit"},
    {'V', "version", 'V', NULL, "show versions and exit (the same)"},
    CLI_CONFIG_IGNORED_OPTIONS,
};

#define N_VERSION_OPTIONS (sizeof version_options / sizeof version_options[0])

typedef struct {
    int format; /* 0 text, 1 json */
    bool help;
} version_opts;

static int on_version_option(void *vctx, int id, const char *arg)
{
    static const char *const formats[] = {"text", "json"};
    version_opts *o = vctx;
    if (id == 'f')
        return cli_enum_option(&o->format, "format", arg, formats, 2);
    if (id == 'q')
        cli_quiet = true;
    o->help = o->help || id == 'h';
    return 0;
}

static int cmd_version(int argc, char **argv)
{
    version_opts o = {0, false};
    int first = 0;
    int rc = cli_opts_parse(version_options, N_VERSION_OPTIONS, argc, argv, on_version_option, &o,
                            &first);
    if (rc)
        return rc;
    if (o.help) {
        printf("Usage: aivm-advise version [options]\n\n"
               "The tool, catalog and library versions (also: -V or --version with any\n"
               "command).\n\nOptions:\n");
        cli_opts_help(stdout, version_options, N_VERSION_OPTIONS);
        printf("\nExit status: 0 success, 2 usage error.\n");
        return 0;
    }
    if (first < argc)
        return cli_usagef("unexpected argument '%s' (version takes no arguments)", argv[first]);
    cli_sources_catalog(aivm_catalog_builtin(), NULL); /* the catalog it names */
    cli_print_version_as(o.format == 1);
    return 0;
}

/* --version and -V work with every command ("check -V"). */
static bool asks_version(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            return false;
        if (strcmp(argv[i], "--version") == 0)
            return true;
        if (argv[i][0] == '-' && argv[i][1] != '-' && strchr(argv[i], 'V') &&
            strspn(argv[i] + 1, "qvhV") == strlen(argv[i] + 1))
            return true; /* -V, or -qV: flags without arguments */
    }
    return false;
}

int main(int argc, char **argv)
{
    const command *c;
    int rc;
    setlocale(LC_ALL, "C");
    /* characters only (not numbers, dates or messages), whatever the user's locale: table
     * widths count CJK and emoji as two columns (aivm_utf8_width); without C.UTF-8, one */
    setlocale(LC_CTYPE, "C.UTF-8");
    rc = cli_clock_init();
    if (rc)
        return cli_finish_stdout(rc);
    if (argc < 2) {
        usage(stderr);
        return cli_finish_stdout(CLI_EXIT_USAGE);
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return cli_finish_stdout(0);
    }
    if (argv[1][0] != '-') {
        c = find_command(argv[1]);
        if (!c)
            return cli_finish_stdout(unknown_command(argv[1]));
        cli_command = c->name;
        if (c->fn != cmd_version && asks_version(argc - 1, argv + 1)) {
            cli_print_version();
            return cli_finish_stdout(0);
        }
        if (c->fn == cmd_recommend || c->fn == cmd_check)
            cli_run_warnings_hold(); /* their reports carry the run's warnings */
        rc = c->fn(argc - 1, argv + 1);
    } else {
        cli_run_warnings_hold();
        rc = cmd_recommend(argc, argv);
    }
    cli_run_warnings_flush(); /* held and never taken (the command stopped early) */
    cli_sources_finish();
    return cli_finish_stdout(rc);
}
