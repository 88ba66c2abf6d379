/*
 * aivm/tfsource.h - the Terraform source of a plan: where each planned
 * resource's `resource "TYPE" "NAME"` block and its size attribute are
 * written in the `.tf` files of a pull request (check --source, docs/check.md).
 *
 * aivm_tf_scan_mem() is a small, tolerant reader of HCL's native syntax: it
 * knows comments (#, //, block), quoted strings with escapes and ${}/%{}
 * templates, heredocs (<<EOF, <<-EOF), nested braces, brackets and parens,
 * and records only the top-level `resource` and `module` blocks. Everything
 * it returns is owned by the file (one arena) until aivm_tf_file_free().
 *
 * aivm_tf_source_load() indexes the `.tf` files of one or more directories
 * (each a candidate root module) and follows local module sources; it reads
 * only regular files reached without a symbolic link, stays inside the given
 * directories, and caps file size, file count and module depth.
 */
#ifndef AIVM_TFSOURCE_H
#define AIVM_TFSOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/error.h"

/** A `.tf` file larger than this is skipped (with a warning). */
#define AIVM_TF_MAX_FILE_BYTES ((size_t)4 << 20)
/** At most this many `.tf` files are read in all (then the rest are skipped). */
#define AIVM_TF_MAX_FILES 2000
/** Blocks, template interpolations and brackets nest at most this deep. */
#define AIVM_TF_MAX_DEPTH 200
/** Module calls are followed at most this deep. */
#define AIVM_TF_MAX_MODULE_DEPTH 32

/** A size attribute inside a resource block: `size`, `vm_size`, `sku` or `sku_name`. */
typedef struct {
    const char *name;   /* attribute name */
    const char *parent; /* the nested block it is written in ("default_node_pool"), NULL
                           directly in the resource's body */
    bool literal;       /* its value is one quoted string without a template */
    aivm_loc loc;       /* the attribute's name */
} aivm_tf_attr;

typedef enum {
    AIVM_TF_RESOURCE = 0, /* resource "TYPE" "NAME" { ... } */
    AIVM_TF_MODULE = 1    /* module "NAME" { source = "..." } */
} aivm_tf_block_kind;

/** One top-level block of a `.tf` file. */
typedef struct {
    aivm_tf_block_kind kind;
    const char *type;    /* the resource type; NULL for a module */
    const char *name;    /* label: resource or module name */
    const char *source;  /* a module's literal `source`; NULL when absent or not literal */
    aivm_loc loc;        /* the block's keyword (`resource`, `module`) */
    aivm_tf_attr *attrs; /* a resource's size attributes, in order */
    size_t n_attrs;
} aivm_tf_block;

typedef struct aivm_tf_file aivm_tf_file;

/**
 * Scan HCL text from memory; `name` labels positions and is copied. Returns
 * 0, AIVM_ESYNTAX (an unterminated string, comment or heredoc, a stray
 * closing brace) or AIVM_ELIMIT (nesting past AIVM_TF_MAX_DEPTH), with the
 * position in `err`; on failure `*out` is NULL. Never reads past `len`.
 */
int aivm_tf_scan_mem(aivm_tf_file **out, const char *buf, size_t len, const char *name,
                     aivm_error *err);
/** The file's top-level resource and module blocks in file order. */
size_t aivm_tf_file_count(const aivm_tf_file *f);
const aivm_tf_block *aivm_tf_file_at(const aivm_tf_file *f, size_t i);
/** Free a scanned file and everything it handed out. Accepts NULL. */
void aivm_tf_file_free(aivm_tf_file *f);

typedef struct aivm_tf_source aivm_tf_source;

/**
 * Index the `.tf` files of `dirs` (borrowed for the call). A directory in
 * `required` (parallel to `dirs`, may be NULL: all optional) that cannot be
 * read fails the load: AIVM_ENOTFOUND or AIVM_EIO, naming it; an optional
 * one is skipped quietly. Files that cannot be read or scanned, or past the
 * caps, are skipped with a warning (aivm_tf_source_warning). Directories
 * that name the same place are read once. Free with aivm_tf_source_free().
 */
int aivm_tf_source_load(aivm_tf_source **out, const char *const *dirs, const bool *required,
                        size_t n, aivm_error *err);
void aivm_tf_source_free(aivm_tf_source *src);
/** Warnings of the load and of later lookups (files skipped), one line each. */
size_t aivm_tf_source_warning_count(const aivm_tf_source *src);
const char *aivm_tf_source_warning(const aivm_tf_source *src, size_t i);

/**
 * Where the resource at Terraform `address` (`module.a["k"].module.b.TYPE.NAME[0]`,
 * instance keys ignored; AKS `....default_node_pool` too) of `type` is written:
 * its size attribute `size_key` inside `parent` (NULL: directly in the body)
 * when that is a literal, else the block's keyword. Module calls are followed
 * through their local `source` paths inside the indexed directories. Returns
 * true and fills `*out` (its file owned by `src`), false when no `.tf` holds it.
 */
bool aivm_tf_source_find(aivm_tf_source *src, const char *address, const char *type,
                         const char *size_key, const char *parent, aivm_loc *out);

#endif
