/*
 * dl_libs.c - the one dlopen loader (see dl_libs.h), and libyaml and cJSON
 * loaded with it on first use.
 */
#include "dl_libs.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "libyaml_api.h"

bool aivm_util__dl_load(void *table, const char *soname, const char *package,
                        const aivm_dl_sym *syms, size_t n, char *why, size_t cap)
{
    void *lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(why, cap, "cannot load %s (install %s): %s", soname, package, e ? e : "not found");
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        void *p = dlsym(lib, syms[i].symbol);
        if (!p) {
            snprintf(why, cap, "%s lacks %s", soname, syms[i].symbol);
            return false;
        }
        /* POSIX: object and function pointers convert */
        memcpy((char *)table + syms[i].offset, &p, sizeof p);
    }
    return true;
}

#define YSYM(field, name)                                                                          \
    {                                                                                              \
        name, offsetof(struct aivm_libyaml, field)                                                 \
    }

const struct aivm_libyaml *aivm_util__libyaml(aivm_error *err)
{
    static const aivm_dl_sym syms[] = {
        YSYM(parser_initialize, "yaml_parser_initialize"),
        YSYM(parser_set_input_string, "yaml_parser_set_input_string"),
        YSYM(parser_parse, "yaml_parser_parse"),
        YSYM(event_delete, "yaml_event_delete"),
        YSYM(parser_delete, "yaml_parser_delete"),
        YSYM(get_version_string, "yaml_get_version_string"),
    };
    static struct aivm_libyaml api;
    static int state; /* 0 = not tried, 1 = ready, -1 = failed (why in load_error) */
    static char load_error[256];
    if (state == 0)
        state = aivm_util__dl_load(&api, "libyaml-0.so.2", "libyaml-0-2", syms,
                                   sizeof syms / sizeof syms[0], load_error, sizeof load_error)
                    ? 1
                    : -1;
    if (state < 0) {
        aivm_error_set(err, AIVM_ERROR, NULL, "%s", load_error);
        return NULL;
    }
    return &api;
}

const char *aivm_yaml_version(void)
{
    const struct aivm_libyaml *y = aivm_util__libyaml(NULL);
    return y ? y->get_version_string() : NULL;
}

const char *aivm_cjson_version(void)
{
    static const aivm_dl_sym syms[] = {{"cJSON_Version", 0}};
    static const char *(*version)(void);
    static int tried;
    static char why[256];
    if (!tried) {
        tried = 1;
        if (!aivm_util__dl_load(&version, "libcjson.so.1", "libcjson1", syms, 1, why, sizeof why))
            version = NULL;
    }
    return version ? version() : NULL;
}
