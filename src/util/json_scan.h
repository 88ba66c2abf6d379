/*
 * json_scan.h - a small strict JSON pull scanner over a byte range (private).
 * The caller walks the document with begin/next calls and reads or skips
 * each value; nothing is built, so memory stays flat whatever the input size.
 * Every call returns false on malformed input and records the byte offset of
 * the problem once (the first error wins); later calls keep failing.
 */
#ifndef AIVM_JSON_SCAN_H
#define AIVM_JSON_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/buf.h"

/** Containers nested deeper than this are an error (cJSON's limit). */
#define AIVM_JSON_MAX_DEPTH 1000

typedef struct {
    const char *buf, *p, *end;
    unsigned depth;
    bool failed, too_deep;
    size_t err_off; /* where it failed, when failed */
} aivm_json;

/** Start scanning `len` bytes at `buf` (a UTF-8 BOM is skipped). */
void aivm_json__init(aivm_json *j, const char *buf, size_t len);
/** The next significant byte (whitespace skipped), or -1 at the end. */
int aivm_json__peek(aivm_json *j);
/** Consume '{' or '['; false (error) when the next value is not one. */
bool aivm_json__begin(aivm_json *j, char open);
/**
 * Next member of the object begun last: true with the cursor at its value
 * (key decoded into `key` when not NULL), false at the closing '}' (check
 * `failed`). `*first` starts true and is cleared here.
 */
bool aivm_json__member(aivm_json *j, bool *first, aivm_buf *key);
/** Next element of the array begun last: like aivm_json__member, no key. */
bool aivm_json__element(aivm_json *j, bool *first);
/** A string value decoded and appended to `out` (NULL to only check it). */
bool aivm_json__string(aivm_json *j, aivm_buf *out);
/** A number value into `*out`. */
bool aivm_json__number(aivm_json *j, double *out);
/** Check and skip any value, nested ones included. */
bool aivm_json__skip(aivm_json *j);
/** True when only whitespace is left. */
bool aivm_json__at_end(aivm_json *j);
/** Record an error at the cursor (returns false). */
bool aivm_json__fail(aivm_json *j);

#endif
