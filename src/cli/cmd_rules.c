/*
 * cmd_rules.c - `aivm-advise rules list|show ID`: the rules that rank and
 * exclude sizes (the shipped data/rules.yaml and each --rules FILE), with the
 * guidance items they implement and the check ids they report, and the check
 * ids themselves (AIVM001...).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/aivm.h"
#include "aivm/check.h"
#include "aivm/report.h"
#include "aivm/util.h"
#include "browse.h"
#include "cli.h"
#include "msg.h"
#include "opts.h"
#include "sources.h"
#include "term.h"

enum { O_RULES = 256 };

static const cli_opt options[] = {
    {O_RULES, "rules", 0, "FILE", "extra rules file, after the shipped ones (repeatable)"},
    CLI_BROWSE_OPTIONS,
};

#define N_OPTIONS (sizeof options / sizeof options[0])

typedef struct {
    const char **rule_files;
    size_t n_rule_files;
} rules_opts;

static void help(int sub)
{
    (void)sub; /* one help for both subcommands */
    printf("Usage: aivm-advise rules list [--rules FILE]... [options]\n"
           "       aivm-advise rules show ID [--rules FILE]... [options]\n\n"
           "The rules that exclude, prefer and penalise sizes (shipped, then each --rules\n"
           "file; docs/rules-format.md), with the guidance items they implement and the\n"
           "check ids they report, then the check ids of 'aivm-advise check' (docs/rules.md).\n"
           "ID is a rule id (train-rdma) or a check id (AIVM004), case-insensitive.\n\n"
           "Options:\n");
    cli_opts_help(stdout, options, N_OPTIONS);
    printf("\nExit status: 0 success, 2 usage error (unknown id), 3 invalid rules file.\n");
}

static int on_option(void *vctx, int id, const char *arg)
{
    rules_opts *o = vctx;
    (void)id; /* O_RULES, the only option of its own */
    cli_push_arg(&o->rule_files, &o->n_rule_files, arg);
    return 0;
}

/* A rule or check id, ASCII case ignored ("aivm004", "Train-RDMA"); an exact
 * match first, since a --rules file may hold ids that differ only in case. */
static void find_id(const aivm_rule **rule, const aivm_check_rule **check, const aivm_rules *rules,
                    const char *id)
{
    size_t n_checks, n = aivm_rules_count(rules);
    const aivm_check_rule *checks = aivm_check_rules(&n_checks);
    *rule = aivm_rules_find(rules, id);
    *check = *rule ? NULL : aivm_check_rule_find(id);
    for (size_t i = 0; !*rule && !*check && i < n; i++)
        if (aivm_streq_nocase(aivm_rule_id(aivm_rules_at(rules, i)), id))
            *rule = aivm_rules_at(rules, i);
    for (size_t i = 0; !*rule && !*check && i < n_checks; i++)
        if (aivm_streq_nocase(checks[i].id, id))
            *check = &checks[i];
}

/* An unknown id: the closest rule or check id. */
static int unknown_id(const aivm_rules *rules, const char *id)
{
    size_t n_checks, n = aivm_rules_count(rules);
    const aivm_check_rule *checks = aivm_check_rules(&n_checks);
    const char **names = aivm_xcalloc(n + n_checks, sizeof *names);
    const char *guess;
    for (size_t i = 0; i < n; i++)
        names[i] = aivm_rule_id(aivm_rules_at(rules, i));
    for (size_t i = 0; i < n_checks; i++)
        names[n + i] = checks[i].id;
    guess = aivm_did_you_mean(id, names, n + n_checks);
    free((void *)names);
    if (guess)
        return cli_usagef("unknown rule '%s' (did you mean %s?)", id, guess);
    return cli_usagef("unknown rule '%s' ('aivm-advise rules list' shows the ids)", id);
}

int cmd_rules(int argc, char **argv)
{
    static const char *const subs[] = {"list", "show"};
    rules_opts o;
    aivm_catalog *cat = NULL;
    aivm_rules *rules = NULL;
    const aivm_rule *rule = NULL;
    const aivm_check_rule *check = NULL;
    aivm_buf out = AIVM_BUF_INIT;
    static const cli_browse_cmd cmd = {"rules", subs, 2, options, N_OPTIONS, on_option, help};
    aivm_browse_format format;
    int first = 0, sub, rc;
    memset(&o, 0, sizeof o);
    rc = cli_browse_parse(&sub, &first, &format, &cmd, argc, argv, &o);
    if (rc >= 0)
        goto done;
    rc = 0;
    if (sub == 0 && first < argc) {
        rc = cli_usagef("unexpected argument '%s' (rules show ID shows one)", argv[first]);
        goto done;
    }
    if (sub == 1 && argc - first != 1) {
        rc = cli_usagef("rules show takes one id, e.g. train-rdma or AIVM004");
        goto done;
    }
    rc = cli_load_data(&cat, &rules, NULL, o.rule_files, o.n_rule_files);
    if (rc)
        goto done;
    if (sub == 1) {
        find_id(&rule, &check, rules, argv[first]);
        if (!rule && !check) {
            rc = unknown_id(rules, argv[first]);
            goto done;
        }
    }
    cli_table_begin(&out, format == AIVM_BROWSE_JSON, sub == 0);
    aivm_report_rules(&out, rules, rule, check, format, cli_term_width());
    rc = cli_table_end(&out, format == AIVM_BROWSE_JSON, sub == 0);
    aivm_buf_dispose(&out);
done:
    aivm_rules_free(rules);
    aivm_catalog_free(cat);
    free((void *)o.rule_files);
    return rc;
}
