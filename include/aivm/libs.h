/*
 * aivm/libs.h - versions of the third-party libraries libaivm loads at run
 * time, for `--version`. Each call loads its library if it is not loaded yet
 * (libyaml and cJSON with dlopen; see aivm_prices_curl_version() in
 * aivm/prices.h for libcurl). The strings are the libraries' own (static).
 */
#ifndef AIVM_LIBS_H
#define AIVM_LIBS_H

/** libyaml's version string, or NULL when libyaml-0.so.2 cannot be loaded. */
const char *aivm_yaml_version(void);

/** cJSON's version string, or NULL when libcjson.so.1 cannot be loaded. */
const char *aivm_cjson_version(void);

#endif
