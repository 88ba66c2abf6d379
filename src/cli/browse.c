/*
 * browse.c - the subcommand and --format of the browsing commands
 * (cmd_catalog.c, cmd_models.c, cmd_rules.c).
 */
#include "browse.h"

#include <string.h>

#include "aivm/util.h"
#include "cli.h"
#include "msg.h"

int cli_browse_format(aivm_browse_format *out, const char *arg)
{
    static const char *const names[] = {"table", "json", "names"};
    int i = 0;
    int rc = cli_enum_option(&i, "format", arg, names, 3);
    if (!rc)
        *out = (aivm_browse_format)i;
    return rc;
}

int cli_browse_subcommand(int *sub, const char *cmd, int argc, char **argv, const char *const *subs,
                          size_t n)
{
    const char *s = argc > 1 ? argv[1] : NULL;
    char list[128];
    *sub = -1;
    if (s && (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0))
        return 0;
    aivm_names_list(list, sizeof list, subs, n);
    if (!s || s[0] == '-')
        return cli_usagef("%s needs a subcommand: %s", cmd, list);
    *sub = aivm_name_index(s, subs, n);
    if (*sub >= 0)
        return 0;
    const char *guess = aivm_did_you_mean(s, subs, n);
    if (guess)
        return cli_usagef("unknown %s subcommand '%s' (did you mean %s?)", cmd, s, guess);
    return cli_usagef("unknown %s subcommand '%s' (expected %s)", cmd, s, list);
}
