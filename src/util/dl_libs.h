/*
 * dl_libs.h - third-party libraries loaded with dlopen() on first use, so a
 * run that does not need them does not pay for loading them at start-up
 * (issue 7): libyaml when YAML is parsed (the shipped catalog and rules are
 * compiled in), cJSON only to report its version (reports are written by
 * jsonw.c in cJSON's print format). libcurl has its own loader in
 * prices_http.c. Only yamlutil.c parses YAML.
 */
#ifndef AIVM_DL_LIBS_H
#define AIVM_DL_LIBS_H

#include <yaml.h>

#include "aivm/error.h"
#include "aivm/libs.h"

typedef struct {
    int (*parser_initialize)(yaml_parser_t *parser);
    void (*parser_set_input_string)(yaml_parser_t *parser, const unsigned char *input, size_t size);
    int (*parser_parse)(yaml_parser_t *parser, yaml_event_t *event);
    void (*event_delete)(yaml_event_t *event);
    void (*parser_delete)(yaml_parser_t *parser);
    const char *(*get_version_string)(void);
} aivm_libyaml;

/**
 * The libyaml functions, loading libyaml-0.so.2 once per process. NULL when it
 * cannot be loaded, with `err` (may be NULL) set to AIVM_ERROR and the reason.
 * Not thread-safe on the first call.
 */
const aivm_libyaml *aivm__libyaml(aivm_error *err);

#endif
