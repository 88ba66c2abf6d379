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

enum { O_FORMAT = 256 };

static const cli_opt options[] = {
    {O_FORMAT, "format", 'f', "FMT", "table (default), json or names (one per line)"},
    {'h', "help", 'h', NULL, "show this help and exit"},
};

#define N_OPTIONS (sizeof options / sizeof options[0])

typedef struct {
    aivm_browse_format format;
    bool help;
} models_opts;

static void help(void)
{
    printf("Usage: aivm-advise models list [options]\n"
           "       aivm-advise models show NAME [options]\n\n"
           "The model presets --model takes: parameters, transformer shape and default\n"
           "context, with their sources (docs/sizing.md). NAME is case-insensitive.\n\n"
           "Options:\n");
    cli_opts_help(stdout, options, N_OPTIONS);
    printf("\nExit status: 0 success, 2 usage error (unknown model).\n");
}

static int on_option(void *vctx, int id, const char *arg)
{
    models_opts *o = vctx;
    if (id == O_FORMAT)
        return cli_browse_format(&o->format, arg);
    o->help = true;
    return 0;
}

int cmd_models(int argc, char **argv)
{
    static const char *const subs[] = {"list", "show"};
    models_opts o = {AIVM_BROWSE_TABLE, false};
    aivm_models *models = NULL;
    const aivm_model *one = NULL;
    aivm_buf out = AIVM_BUF_INIT;
    int first = 0, sub, rc = cli_browse_subcommand(&sub, "models", argc, argv, subs, 2);
    if (rc || sub < 0) {
        if (sub < 0 && !rc)
            help();
        return rc;
    }
    rc = cli_opts_parse(options, N_OPTIONS, argc - 1, argv + 1, on_option, &o, &first);
    if (rc)
        return rc;
    if (o.help) {
        help();
        return 0;
    }
    first++;
    if (sub == 0 && first < argc)
        return cli_usagef("unexpected argument '%s' (models show NAME shows one)", argv[first]);
    if (sub == 1 && argc - first != 1)
        return cli_usagef("models show takes one model, e.g. llama-3.1-70b");
    rc = cli_load_models(&models);
    if (rc)
        return rc;
    if (sub == 1) {
        one = aivm_models_find(models, argv[first]);
        if (!one) {
            rc = cli_unknown_model(models, argv[first]);
            aivm_models_free(models);
            return rc;
        }
    }
    cli_stream_to_stdout(&out);
    aivm_report_models(&out, models, one, o.format);
    aivm_buf_flush(&out);
    aivm_buf_dispose(&out);
    aivm_models_free(models);
    return 0;
}
