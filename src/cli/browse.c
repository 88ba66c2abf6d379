/*
 * browse.c - the subcommand and --format of the browsing commands
 * (cmd_catalog.c, cmd_models.c, cmd_rules.c).
 */
#include "browse.h"

#include <string.h>

#include "aivm/util.h"
#include "cli.h"
#include "msg.h"

typedef struct {
    const cli_browse_cmd *cmd;
    void *ctx;
    aivm_browse_format *fmt;
    bool help;
} parse_ctx;

/* The configuration keys a browsing command takes: the data it browses
 * (catalog, rules). Its other options (a region filter, refresh's price
 * options) share names with other commands' keys but not their meaning. */
static bool config_key(const cli_browse_cmd *c, int id)
{
    for (size_t i = 0; i < c->n_opts; i++)
        if (c->opts[i].id == id)
            return strcmp(c->opts[i].long_name, "catalog") == 0 ||
                   strcmp(c->opts[i].long_name, "rules") == 0;
    return false;
}

static int on_option(void *vctx, int id, const char *arg)
{
    static const char *const formats[] = {"table", "json", "names"};
    parse_ctx *p = vctx;
    int i = 0, rc;
    if (id == 'V') /* main() answers -V before the command runs */
        return 0;
    if (id == 'q') {
        cli_quiet = true;
        return 0;
    }
    if (id == 'h') {
        p->help = true;
        return 0;
    }
    if (id == 'f') {
        rc = cli_enum_option(&i, "format", arg, formats, 3);
        if (!rc)
            *p->fmt = (aivm_browse_format)i;
        return rc;
    }
    if (cli_msg_in_config() && !config_key(p->cmd, id))
        return 0; /* the project's settings of other commands (prices, region, ...) */
    return p->cmd->on_option ? p->cmd->on_option(p->ctx, id, arg) : cli_usagef("unhandled option");
}

/* The subcommand in argv[1]: its index, -1 for --help, or a usage error. */
static int subcommand(int *sub, const cli_browse_cmd *c, int argc, char **argv)
{
    const char *s = argc > 1 ? argv[1] : NULL;
    const char *guess;
    char list[128];
    *sub = -1;
    if (s && (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0))
        return 0;
    aivm_names_list(list, sizeof list, c->subs, c->n_subs);
    if (!s || s[0] == '-')
        return cli_usagef("%s needs a subcommand: %s", c->name, list);
    *sub = aivm_name_index(s, c->subs, c->n_subs);
    if (*sub >= 0)
        return 0;
    guess = aivm_did_you_mean(s, c->subs, c->n_subs);
    if (guess)
        return cli_usagef("unknown %s subcommand '%s' (did you mean %s?)", c->name, s, guess);
    return cli_usagef("unknown %s subcommand '%s' (expected %s)", c->name, s, list);
}

int cli_browse_parse(int *sub, int *first, aivm_browse_format *fmt, const cli_browse_cmd *c,
                     int argc, char **argv, void *ctx)
{
    parse_ctx p = {c, ctx, fmt, false};
    int rc = subcommand(sub, c, argc, argv);
    *fmt = AIVM_BROWSE_TABLE;
    if (!rc && *sub >= 0) /* options and operands after the subcommand */
        rc = cli_opts_parse(c->opts, c->n_opts, argc - 1, argv + 1, on_option, &p, first);
    if (rc)
        return rc;
    if (*sub < 0 || p.help) {
        c->help(*sub);
        return 0;
    }
    (*first)++; /* an index into argv, past the subcommand */
    return -1;
}
