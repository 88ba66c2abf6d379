/* yamlw.h - YAML text from a JSON document, written by libyaml's emitter. */
#ifndef AIVM_YAMLW_H
#define AIVM_YAMLW_H

#include <stddef.h>

#include "aivm/buf.h"

/**
 * Append to `out` the block-style YAML of the JSON text `json[0..len)`
 * (parsed with cJSON, emitted with libyaml): the same keys, values and
 * order. A string is emitted plain only when a YAML 1.1 and a 1.2 reader
 * both read it back as that string, else double-quoted; numbers keep the
 * JSON text, an exponent written so YAML 1.1 reads a float (1e-05 as
 * 1.0e-05); bytes that are not UTF-8 become U+FFFD. Returns 0, -1 when the
 * text is not one JSON value, -2 when the emitter fails.
 */
int aivm_yamlw_from_json(aivm_buf *out, const char *json, size_t len);

#endif
