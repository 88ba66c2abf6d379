/*
 * dl_libs.c - the one dlopen loader (see dl_libs.h); libcurl is loaded with
 * it on the first fetch (prices_http.c).
 */
#include "dl_libs.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

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
