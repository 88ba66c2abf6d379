/*
 * dl_libs.c - loads libyaml and cJSON on first use (see dl_libs.h), the way
 * prices_http.c loads libcurl.
 */
#include "dl_libs.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#define LIBYAML_SONAME "libyaml-0.so.2"

static aivm_libyaml api;
static int state; /* 0 = not tried, 1 = ready, -1 = failed (why in load_error) */
static char load_error[256];

static int sym(void *lib, const char *name, void *fnptr, size_t size)
{
    void *p = dlsym(lib, name);
    if (!p) {
        snprintf(load_error, sizeof load_error, LIBYAML_SONAME " lacks %s", name);
        return 0;
    }
    memcpy(fnptr, &p, size); /* POSIX: object and function pointers convert */
    return 1;
}

#define SYM(field, name) sym(lib, name, &api.field, sizeof api.field)

const aivm_libyaml *aivm__libyaml(aivm_error *err)
{
    if (state == 0) {
        void *lib = dlopen(LIBYAML_SONAME, RTLD_NOW | RTLD_LOCAL);
        state = -1;
        if (!lib) {
            const char *why = dlerror();
            snprintf(load_error, sizeof load_error,
                     "cannot load " LIBYAML_SONAME " (install libyaml-0-2): %s",
                     why ? why : "not found");
        } else if (SYM(parser_initialize, "yaml_parser_initialize") &&
                   SYM(parser_set_input_string, "yaml_parser_set_input_string") &&
                   SYM(parser_parse, "yaml_parser_parse") &&
                   SYM(event_delete, "yaml_event_delete") &&
                   SYM(parser_delete, "yaml_parser_delete") &&
                   SYM(get_version_string, "yaml_get_version_string")) {
            state = 1;
        }
    }
    if (state < 0) {
        aivm_error_set(err, AIVM_ERROR, NULL, "%s", load_error);
        return NULL;
    }
    return &api;
}

const char *aivm_yaml_version(void)
{
    const aivm_libyaml *y = aivm__libyaml(NULL);
    return y ? y->get_version_string() : NULL;
}

const char *aivm_cjson_version(void)
{
    static const char *(*version)(void);
    static int tried;
    if (!tried) {
        void *lib = dlopen("libcjson.so.1", RTLD_NOW | RTLD_LOCAL);
        void *p = lib ? dlsym(lib, "cJSON_Version") : NULL;
        tried = 1;
        if (p)
            memcpy(&version, &p, sizeof version); /* POSIX: object and function pointers convert */
    }
    return version ? version() : NULL;
}
