/*
 * emit_out.c - recommend's --emit, --pick and -o/--output: the emitted
 * deployment is made by the library (aivm_emit(), docs/emit.md); this file
 * only parses the options and writes the text, to standard output or to a
 * file (safe_file.c, as check's --output: never an input, through the
 * output-safety layer, whole or not at all).
 */
#include "emit_out.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aivm/util.h"
#include "msg.h"

int cli_emit_option(cli_emit_opts *o, int id, const char *arg)
{
    aivm_error err = AIVM_ERROR_INIT;
    uint64_t n;
    switch (id) {
    case CLI_O_EMIT:
        if (aivm_emit_format_parse(&o->eo.format, arg, &err) < 0) {
            const char *tail = strstr(err.msg, " (expected ");
            return cli_usagef("invalid value '%s' for --emit%s", arg, tail ? tail : "");
        }
        o->emit = true;
        return 0;
    case CLI_O_PICK:
        if (!aivm_parse_u64(&n, arg, 100000) || n == 0)
            return cli_usagef("invalid value '%s' for --pick (expected a whole number >= 1)", arg);
        o->eo.pick = (unsigned)n;
        o->pick_given = true;
        return 0;
    case 'o':
        if (!arg[0] || strcmp(arg, "-") == 0)
            return cli_usagef("invalid value '%s' for --output (expected a file name; standard "
                              "output is the default)",
                              arg);
        o->output = arg;
        return 0;
    default:
        return -1;
    }
}

int cli_emit_check(const cli_emit_opts *o)
{
    if (o->pick_given && !o->emit)
        return cli_usagef("--pick chooses the recommendation --emit deploys: give --emit too");
    return 0;
}

int cli_output_begin(cli_output *f, aivm_buf *out, const cli_emit_opts *o)
{
    memset(f, 0, sizeof *f);
    if (!o->output) {
        cli_stream_to_stdout(out);
        return 0;
    }
    return cli_safe_file_open(&f->file, out, o->output, 0);
}

int cli_output_end(cli_output *f, aivm_buf *out, const cli_emit_opts *o, int rc)
{
    if (o->output)
        return cli_safe_file_close(&f->file, out, rc);
    if (rc == 0)
        aivm_buf_flush(out);
    aivm_buf_dispose(out);
    return rc;
}

int cli_emit_write(const cli_emit_opts *o, const aivm_advice *adv)
{
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    cli_output f;
    int rc;
    if (adv->n_ranked == 0) {
        cli_errorf("no size fits the workload: there is nothing to emit (the report without "
                   "--emit says why)");
        return CLI_EXIT_NO_FIT;
    }
    if (o->eo.pick > adv->n_ranked)
        return cli_usagef("invalid value '%u' for --pick (the advice ranks %zu size%s)", o->eo.pick,
                          adv->n_ranked, adv->n_ranked == 1 ? "" : "s");
    rc = cli_output_begin(&f, &out, o);
    if (rc)
        return rc;
    if (aivm_emit(&out, adv, &o->eo, &err) < 0)
        rc = cli_report_error(&err);
    return cli_output_end(&f, &out, o, rc);
}
