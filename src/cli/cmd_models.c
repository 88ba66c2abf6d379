/*
 * cmd_models.c - `aivm-advise models list|show NAME`: the model presets that
 * --model takes (data/models.yaml, carried in the binary), with their shape
 * and sources.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/aivm.h"
#include "aivm/report.h"
#include "browse.h"
#include "cli.h"
#include "msg.h"
#include "opts.h"
#include "sizing_opts.h"
#include "sources.h"
#include "term.h"

static const cli_opt options[] = {CLI_BROWSE_OPTIONS};

#define N_OPTIONS (sizeof options / sizeof options[0])

static void help(int sub)
{
    (void)sub; /* one help for both subcommands */
    printf("Usage: aivm-advise models list [options]\n"
           "       aivm-advise models show NAME [options]\n\n"
           "The model presets --model takes: parameters, transformer shape and default\n"
           "context, with their sources (docs/sizing.md). NAME is case-insensitive.\n\n"
           "Options:\n");
    cli_opts_help(stdout, options, N_OPTIONS);
    printf("\nExit status: 0 success, 2 usage error (unknown model).\n");
}

int cmd_models(int argc, char **argv)
{
    static const char *const subs[] = {"list", "show"};
    static const cli_browse_cmd cmd = {"models", subs, 2, options, N_OPTIONS, NULL, help};
    aivm_browse_format format;
    const aivm_models *models = cli_models();
    const aivm_model *one = NULL;
    aivm_buf out = AIVM_BUF_INIT;
    int first = 0, sub, rc = cli_browse_parse(&sub, &first, &format, &cmd, argc, argv, NULL);
    if (rc >= 0)
        return rc;
    if (sub == 0 && first < argc)
        return cli_usagef("unexpected argument '%s' (models show NAME shows one)", argv[first]);
    if (sub == 1 && argc - first != 1)
        return cli_usagef("models show takes one model, e.g. llama-3.1-70b");
    if (sub == 1) {
        aivm_error err = AIVM_ERROR_INIT;
        if (aivm_models_lookup(&one, models, argv[first], &err) < 0)
            return cli_usagef("%s", err.msg);
    }
    cli_table_begin(&out, format == AIVM_BROWSE_JSON, sub == 0);
    aivm_report_models(&out, models, one, format, cli_term_width());
    rc = cli_table_end(&out, format == AIVM_BROWSE_JSON, sub == 0);
    aivm_buf_dispose(&out);
    return rc;
}
