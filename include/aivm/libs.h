/*
 * aivm/libs.h - versions of the third-party libraries libaivm links
 * (libyaml and cJSON), for `--version`; see aivm_prices_curl_version() in
 * aivm/prices.h for libcurl. The strings are the libraries' own (static).
 */
#ifndef AIVM_LIBS_H
#define AIVM_LIBS_H

/** libyaml's version string (never NULL). */
const char *aivm_yaml_version(void);

/** cJSON's version string (never NULL). */
const char *aivm_cjson_version(void);

#endif
