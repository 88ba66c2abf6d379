/*
 * report_yaml.c - YAML from the JSON report: one data model. The recommend
 * report is written by the JSON renderer and the document converted by
 * libyaml's emitter (util/yamlw.c) to block-style YAML with the same keys,
 * values and order (docs/formats.md). A string is written plain only when
 * every YAML 1.1 and 1.2 reader takes it back as that string; every other
 * string is double-quoted, so `yes`, `1.0`, `2026-12-01`, `a: b`, `#x` and
 * leading spaces stay strings. Numbers keep the JSON text, with `1e-05`
 * written `1.0e-05` so a YAML 1.1 reader also reads a float.
 */
#include "aivm/report.h"
#include "util/yamlw.h"

int aivm_report_json_to_yaml(aivm_buf *out, const char *json, size_t len, aivm_error *err)
{
    int rc = aivm_yamlw_from_json(out, json, len);
    if (rc == -1)
        return aivm_error_set(err, AIVM_ERROR, NULL, "cannot convert the JSON report to YAML");
    if (rc < 0)
        return aivm_error_set(err, AIVM_ERROR, NULL, "the YAML emitter failed");
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "YAML output too large");
    return 0;
}

int aivm_report_yaml(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                     aivm_error *err)
{
    aivm_buf json = AIVM_BUF_INIT;
    int rc = aivm_report_json(&json, adv, o, err);
    if (rc == 0)
        rc = aivm_report_json_to_yaml(out, json.ptr, json.size, err);
    aivm_buf_dispose(&json);
    return rc;
}
