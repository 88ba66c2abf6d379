/*
 * input_opts.c - the workload inputs as options: one row per input of the
 * library's descriptor table, one handler. The messages are the library's,
 * the same as for a workload-file key or a plan tag.
 */
#include "input_opts.h"

#include <stdio.h>

#include "msg.h"

void cli_input_rows(cli_opt *rows, size_t *n, unsigned where)
{
    for (size_t i = 0; i < aivm_inputs_count(); i++) {
        const aivm_input *f = aivm_input_at(i);
        if (!(f->where & where))
            continue;
        rows[*n] = (cli_opt){CLI_O_INPUT + (int)f->id, f->flag, 0, f->metavar, f->help};
        (*n)++;
    }
}

size_t cli_input_table(cli_opt *out, const cli_opt *head, size_t n_head, unsigned where,
                       const cli_opt *tail, size_t n_tail)
{
    size_t n = 0;
    for (size_t i = 0; i < n_head; i++)
        out[n++] = head[i];
    cli_input_rows(out, &n, where);
    for (size_t i = 0; i < n_tail; i++)
        out[n++] = tail[i];
    return n;
}

bool cli_is_input_option(int id)
{
    return id >= CLI_O_INPUT && id < CLI_O_INPUT + AIVM_IN_COUNT;
}

int cli_input_option(aivm_workload *flags, int id, const char *arg)
{
    const aivm_input *f = aivm_input_at((size_t)(id - CLI_O_INPUT));
    aivm_error err = AIVM_ERROR_INIT;
    char where[64];
    snprintf(where, sizeof where, "--%s", f->flag);
    aivm_origin origin = cli_msg_in_config() ? AIVM_ORIGIN_CONFIG : AIVM_ORIGIN_FLAG;
    if (aivm_input_set(flags, f, arg, origin, where, NULL, &err) < 0)
        return cli_usagef("%s", err.msg);
    return 0;
}
