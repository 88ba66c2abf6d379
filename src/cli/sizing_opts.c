/*
 * sizing_opts.c - the model presets of the CLI, and the sizing error of the
 * library's settling step (aivm_request_settle) said at the flag or the
 * workload file. Kept apart from cmd_recommend.c so that file only wires it in.
 */
#include "sizing_opts.h"
#include "sources.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/inputs.h"
#include "aivm/util.h"
#include "msg.h"

const aivm_models *cli_models(void)
{
    cli_sources_note("models", "built-in", NULL, "data/models.yaml, compiled in");
    return aivm_models_builtin();
}

int cli_sizing_prepare(const aivm_models **models, aivm_workload *wl, const char *workload_file)
{
    aivm_error err = AIVM_ERROR_INIT;
    *models = wl->sizing_in.set ? cli_models() : NULL;
    if (aivm_workload_settle(wl, *models, &err) == 0)
        return 0;
    if (aivm_workload_origin(wl, AIVM_IN_SIZING + AIVM_SZ_MODEL) == AIVM_ORIGIN_FILE &&
        workload_file) {
        cli_errorf("%s: %s", workload_file, err.msg);
        return CLI_EXIT_INPUT;
    }
    return cli_usagef("%s", err.msg);
}

int cli_sizing_settled(int settle_rc, const aivm_error *err, bool from_file,
                       const char *workload_file)
{
    if (settle_rc >= 0)
        return 0;
    if (from_file) {
        cli_errorf("%s: %s", workload_file, err->msg);
        return CLI_EXIT_INPUT;
    }
    return cli_usagef("%s", err->msg);
}
