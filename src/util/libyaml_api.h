/* libyaml_api.h - the libyaml functions the YAML reader calls, as a table
 * that dl_libs.c fills on first use. With dl_libs.c, only yamlutil.c
 * includes this (and so <yaml.h>). */
#ifndef AIVM_LIBYAML_API_H
#define AIVM_LIBYAML_API_H

#include <yaml.h>

struct aivm_libyaml {
    int (*parser_initialize)(yaml_parser_t *parser);
    void (*parser_set_input_string)(yaml_parser_t *parser, const unsigned char *input, size_t size);
    int (*parser_parse)(yaml_parser_t *parser, yaml_event_t *event);
    void (*event_delete)(yaml_event_t *event);
    void (*parser_delete)(yaml_parser_t *parser);
    const char *(*get_version_string)(void);
};

#endif
