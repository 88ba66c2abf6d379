/*
 * cmd_completion.c - `aivm-advise completion bash|zsh|fish` prints the shell
 * completion script the packages install (completions/, compiled in by
 * cmake/embed_completions.cmake), and the hidden `aivm-advise __complete WHAT`
 * prints the names those scripts offer at completion time: the catalog's
 * regions and GPU models, one per line (rule ids and sizes come from
 * `rules list` and `catalog list --format names`).
 */
#include <stdio.h>
#include <string.h>

#include "aivm/aivm.h"
#include "cli.h"
#include "cli_config.h"
#include "msg.h"
#include "opts.h"

extern const char cli_completion_bash[];
extern const char cli_completion_zsh[];
extern const char cli_completion_fish[];

static const cli_opt options[] = {
    {'q', "quiet", 'q', NULL, "no warnings on stderr"},
    {'h', "help", 'h', NULL, "show this help and exit"},
    {'V', "version", 'V', NULL, "show versions and exit"},
    CLI_CONFIG_IGNORED_OPTIONS,
};

#define N_OPTIONS (sizeof options / sizeof options[0])

static int on_option(void *ctx, int id, const char *arg)
{
    (void)arg;
    if (id == 'q')
        cli_quiet = true;
    if (id == 'h')
        *(int *)ctx = 1;
    return 0;
}

static void help(void)
{
    printf("Usage: aivm-advise completion bash|zsh|fish [options]\n\n"
           "Print the shell completion script, the same file the packages install:\n"
           "  bash: source <(aivm-advise completion bash)       (in ~/.bashrc)\n"
           "  zsh:  aivm-advise completion zsh > \"${fpath[1]}/_aivm-advise\"\n"
           "  fish: aivm-advise completion fish > ~/.config/fish/completions/aivm-advise.fish\n"
           "The scripts complete options, their values, size, model, region and GPU\n"
           "names and rule ids; the names come from the binary at completion time.\n\n"
           "Options:\n");
    cli_opts_help(stdout, options, N_OPTIONS);
    printf("\nExit status: 0 success, 2 usage error (unknown shell).\n");
}

int cmd_completion(int argc, char **argv)
{
    static const char *const shells[] = {"bash", "zsh", "fish"};
    const char *const scripts[] = {cli_completion_bash, cli_completion_zsh, cli_completion_fish};
    char list[128];
    int asked_help = 0, first = 0, shell;
    int rc = cli_opts_parse(options, N_OPTIONS, argc, argv, on_option, &asked_help, &first);
    if (rc)
        return rc;
    if (asked_help) {
        help();
        return 0;
    }
    if (argc - first != 1)
        return cli_usagef("completion takes one shell: bash, zsh or fish");
    shell = aivm_name_index(argv[first], shells, 3);
    if (shell < 0) {
        aivm_names_expected(list, sizeof list, argv[first], shells, 3);
        return cli_usagef("unknown shell '%s' (expected %s)", argv[first], list);
    }
    fputs(scripts[shell], stdout);
    return 0;
}

/* The distinct GPU models of the catalog's sizes, in catalog order. */
static void print_gpus(const aivm_catalog *cat)
{
    size_t n = aivm_catalog_size_count(cat);
    for (size_t i = 0; i < n; i++) {
        const char *m = aivm_str(&aivm_catalog_size_at(cat, i)->gpu_model);
        bool seen = false;
        for (size_t j = 0; m && !seen && j < i; j++) {
            const char *o = aivm_str(&aivm_catalog_size_at(cat, j)->gpu_model);
            seen = o && strcmp(o, m) == 0;
        }
        if (m && !seen)
            printf("%s\n", m);
    }
}

int cmd_complete_names(int argc, char **argv)
{
    aivm_catalog *cat = NULL;
    int rc;
    if (argc != 2 || (strcmp(argv[1], "regions") != 0 && strcmp(argv[1], "gpus") != 0))
        return cli_usagef("__complete takes regions or gpus");
    cli_quiet = true; /* completion must never write to the terminal's stderr */
    rc = cli_load_catalog(&cat, NULL);
    if (rc)
        return rc;
    if (strcmp(argv[1], "gpus") == 0) {
        print_gpus(cat);
    } else {
        for (size_t i = 0; i < aivm_catalog_region_count(cat); i++)
            printf("%s\n", aivm_catalog_region_at(cat, i)->name);
    }
    aivm_catalog_free(cat);
    return 0;
}
