/*
 * yamlutil.c - parses a document into an aivm_ynode tree with 1-based
 * positions on every node (plain JSON through the scanner in
 * yamlutil_json.c, everything else through libyaml's event stream, both
 * into the builder in yamlutil_build.c), and offers typed getters for
 * loaders. Hostile input is bounded: aliases are refused (no "billion
 * laughs"), depth and node count are capped, duplicate keys are errors.
 */
#include "yamlutil_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "aivm/error.h"
#include "aivm/libs.h"
#include "aivm/util.h"

static aivm_loc mark_loc(const char *name, yaml_mark_t m)
{
    aivm_loc l;
    l.file = name;
    l.line = (unsigned)m.line + 1;
    l.col = (unsigned)m.column + 1;
    return l;
}

typedef struct {
    aivm_ybuilder b;
    int docs;
} event_ctx;

static int on_event(event_ctx *c, const yaml_event_t *ev, aivm_error *err)
{
    aivm_loc loc = mark_loc(c->b.name, ev->start_mark);
    switch (ev->type) {
    case YAML_DOCUMENT_START_EVENT:
        if (++c->docs > 1)
            return aivm_error_set(err, AIVM_EINVALID, &loc,
                                  "only one YAML document is allowed per file");
        return 0;
    case YAML_ALIAS_EVENT:
        return aivm_error_set(err, AIVM_EINVALID, &loc, "YAML aliases are not supported");
    case YAML_SCALAR_EVENT:
        return aivm_yb__scalar(&c->b, (const char *)ev->data.scalar.value, ev->data.scalar.length,
                               ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE, loc.line, loc.col,
                               err);
    case YAML_SEQUENCE_START_EVENT:
        return aivm_yb__open(&c->b, AIVM_Y_SEQ, loc.line, loc.col, err);
    case YAML_MAPPING_START_EVENT:
        return aivm_yb__open(&c->b, AIVM_Y_MAP, loc.line, loc.col, err);
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        return aivm_yb__close(&c->b, err);
    default:
        return 0;
    }
}

/* Reader errors (invalid UTF-8, a control character) set problem_offset, not
 * problem_mark: turn the byte offset into a 1-based line and column
 * (columns count characters, as libyaml's marks do). */
static aivm_loc offset_loc(const char *name, const char *buf, size_t len, size_t off)
{
    aivm_loc loc = {name, 1, 1};
    if (off > len)
        off = len;
    for (size_t i = 0; i < off; i++) {
        if (buf[i] == '\n') {
            loc.line++;
            loc.col = 1;
        } else if (((unsigned char)buf[i] & 0xC0) != 0x80) {
            loc.col++;
        }
    }
    return loc;
}

int aivm_yaml__parse_libyaml(aivm_ynode **root, aivm_arena *arena, const char *buf, size_t len,
                             const char *name, const aivm_yfilter *filter, aivm_error *err)
{
    yaml_parser_t parser;
    yaml_event_t ev;
    event_ctx c;
    int rc = 0;
    bool done = false;

    *root = NULL;
    c.docs = 0;
    aivm_yb__init(&c.b, arena, name, filter);
    if (!yaml_parser_initialize(&parser))
        return aivm_error_set(err, AIVM_ERROR, NULL, "cannot initialise the YAML parser");
    yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
    while (!done) {
        if (!yaml_parser_parse(&parser, &ev)) {
            aivm_loc loc = parser.error == YAML_READER_ERROR
                               ? offset_loc(c.b.name, buf, len, parser.problem_offset)
                               : mark_loc(c.b.name, parser.problem_mark);
            if (parser.context)
                rc = aivm_error_set(err, AIVM_ESYNTAX, &loc, "%s %s",
                                    parser.problem ? parser.problem : "invalid YAML",
                                    parser.context);
            else
                rc = aivm_error_set(err, AIVM_ESYNTAX, &loc, "%s",
                                    parser.problem ? parser.problem : "invalid YAML");
            break;
        }
        done = ev.type == YAML_STREAM_END_EVENT;
        rc = on_event(&c, &ev, err);
        yaml_event_delete(&ev);
        if (rc < 0)
            break;
    }
    yaml_parser_delete(&parser);
    aivm_yb__dispose(&c.b);
    if (rc == 0)
        *root = c.b.root;
    return rc;
}

const char *aivm_yaml_version(void)
{
    return yaml_get_version_string();
}

int aivm_yaml_parse_filtered(aivm_ynode **root, aivm_arena *arena, const char *buf, size_t len,
                             const char *name, const aivm_yfilter *filter, aivm_error *err)
{
    const char *file = aivm_arena_strdup(arena, name);
    if (aivm_yaml__parse_json(root, arena, buf, len, file, filter) == 0)
        return 0;
    return aivm_yaml__parse_libyaml(root, arena, buf, len, file, filter, err);
}

int aivm_yaml_parse(aivm_ynode **root, aivm_arena *arena, const char *buf, size_t len,
                    const char *name, aivm_error *err)
{
    return aivm_yaml_parse_filtered(root, arena, buf, len, name, NULL, err);
}

const aivm_ynode *aivm_ymap_get(const aivm_ynode *map, const char *key)
{
    if (!map || map->type != AIVM_Y_MAP)
        return NULL;
    for (size_t i = 0; i < map->n; i++)
        if (strcmp(map->kids[2 * i]->str, key) == 0)
            return map->kids[2 * i + 1];
    return NULL;
}

const char *aivm_ytype_name(aivm_ytype t)
{
    switch (t) {
    case AIVM_Y_MAP:
        return "a mapping";
    case AIVM_Y_SEQ:
        return "a list";
    default:
        return "a scalar";
    }
}

int aivm_yexpect(const aivm_ynode *n, aivm_ytype t, const char *what, aivm_error *err)
{
    if (n->type == t)
        return 0;
    if (n->type == AIVM_Y_SCALAR)
        return aivm_error_set(err, AIVM_EINVALID, &n->loc, "%s: expected %s, found '%s'", what,
                              aivm_ytype_name(t), n->str);
    return aivm_error_set(err, AIVM_EINVALID, &n->loc, "%s: expected %s, found %s", what,
                          aivm_ytype_name(t), aivm_ytype_name(n->type));
}

int aivm_yexpect_root(const aivm_ynode *root, aivm_ytype t, const char *what, aivm_error *err)
{
    int rc;
    if (root->type == t)
        return 0;
    rc = aivm_error_set(err, AIVM_EINVALID, &root->loc, "%s: expected %s, found %s", what,
                        aivm_ytype_name(t), aivm_ytype_name(root->type));
    if (err && root->type == AIVM_Y_SCALAR)
        err->no_excerpt = true; /* the file's one scalar: named, never quoted */
    return rc;
}

int aivm_yunknown_key(const aivm_ynode *k, const char *const *names, size_t n, const char *what,
                      aivm_error *err)
{
    const char *guess = aivm_did_you_mean(k->str, names, n);
    if (guess)
        return aivm_error_set(err, AIVM_EINVALID, &k->loc,
                              "unknown key '%s' in %s (did you mean '%s'?)", k->str, what, guess);
    return aivm_error_set(err, AIVM_EINVALID, &k->loc, "unknown key '%s' in %s", k->str, what);
}

int aivm_ycheck_keys(const aivm_ynode *map, const char *const *allowed, const char *what,
                     aivm_error *err)
{
    for (size_t i = 0; i < map->n; i++) {
        const aivm_ynode *k = map->kids[2 * i];
        bool ok = false;
        for (const char *const *a = allowed; *a; a++)
            if (strcmp(*a, k->str) == 0) {
                ok = true;
                break;
            }
        if (!ok) {
            size_t n = 0;
            while (allowed[n])
                n++;
            return aivm_yunknown_key(k, allowed, n, what, err);
        }
    }
    return 0;
}

int aivm_yrequire(const aivm_ynode **out, const aivm_ynode *map, const char *key, const char *what,
                  aivm_error *err)
{
    *out = aivm_ymap_get(map, key);
    if (!*out)
        return aivm_error_set(err, AIVM_EINVALID, &map->loc, "missing key '%s' in %s", key, what);
    return 0;
}

bool aivm_yis_null(const aivm_ynode *n)
{
    return n->type == AIVM_Y_SCALAR && n->plain &&
           (n->str[0] == '\0' || strcmp(n->str, "~") == 0 || strcmp(n->str, "null") == 0 ||
            strcmp(n->str, "Null") == 0 || strcmp(n->str, "NULL") == 0);
}

static int type_error(const aivm_ynode *n, const char *expected, const char *what, aivm_error *err)
{
    if (n->type != AIVM_Y_SCALAR)
        return aivm_error_set(err, AIVM_EINVALID, &n->loc, "%s: expected %s, found %s", what,
                              expected, aivm_ytype_name(n->type));
    if (aivm_yis_null(n))
        return aivm_error_set(err, AIVM_EINVALID, &n->loc, "%s: expected %s, found null", what,
                              expected);
    return aivm_error_set(err, AIVM_EINVALID, &n->loc, "%s: expected %s, found '%s'", what,
                          expected, n->str);
}

int aivm_yget_str(const char **out, const aivm_ynode *n, const char *what, aivm_error *err)
{
    if (n->type != AIVM_Y_SCALAR || aivm_yis_null(n))
        return type_error(n, "a string", what, err);
    *out = n->str;
    return 0;
}

int aivm_yget_bool(bool *out, const aivm_ynode *n, const char *what, aivm_error *err)
{
    if (n->type == AIVM_Y_SCALAR && n->plain) {
        if (strcmp(n->str, "true") == 0 || strcmp(n->str, "True") == 0) {
            *out = true;
            return 0;
        }
        if (strcmp(n->str, "false") == 0 || strcmp(n->str, "False") == 0) {
            *out = false;
            return 0;
        }
    }
    return type_error(n, "true or false", what, err);
}

int aivm_yget_num(double *out, const aivm_ynode *n, const char *what, aivm_error *err)
{
    if (n->type == AIVM_Y_SCALAR && n->plain && aivm_parse_double(out, n->str))
        return 0;
    return type_error(n, "a number", what, err);
}

int aivm_yget_uint(unsigned *out, const aivm_ynode *n, unsigned max, const char *what,
                   aivm_error *err)
{
    uint64_t v;
    if (n->type == AIVM_Y_SCALAR && n->plain && aivm_parse_u64(&v, n->str, max)) {
        *out = (unsigned)v;
        return 0;
    }
    if (n->type == AIVM_Y_SCALAR && n->plain && aivm_parse_u64(&v, n->str, UINT64_MAX))
        return aivm_error_set(err, AIVM_EINVALID, &n->loc, "%s: %s is larger than %u", what, n->str,
                              max);
    return type_error(n, "a whole number", what, err);
}

int aivm_yget_int(int *out, const aivm_ynode *n, const char *what, aivm_error *err)
{
    unsigned v = 0;
    int rc = aivm_yget_uint(&v, n, 1000000u, what, err);
    if (rc == 0)
        *out = (int)v;
    return rc;
}

int aivm_yget_date(const char **out, const aivm_ynode *n, const char *what, aivm_error *err)
{
    if (n->type == AIVM_Y_SCALAR && aivm_is_date(n->str)) {
        *out = n->str;
        return 0;
    }
    return type_error(n, "a date YYYY-MM-DD", what, err);
}

int aivm_yget_enum(int *idx, const aivm_ynode *n, const char *const *allowed, const char *what,
                   aivm_error *err)
{
    char expected[200];
    size_t count = 0;
    int i;
    while (allowed[count])
        count++;
    if (n->type != AIVM_Y_SCALAR || aivm_yis_null(n))
        return type_error(n, "one of the strings", what, err);
    i = aivm_name_index(n->str, allowed, count);
    if (i >= 0) {
        *idx = i;
        return 0;
    }
    aivm_names_expected(expected, sizeof expected, n->str, allowed, count);
    return aivm_error_set(err, AIVM_EINVALID, &n->loc, "%s: invalid value '%s' (expected %s)", what,
                          n->str, expected);
}

int aivm_yget_strlist(const char ***items, size_t *n_items, const aivm_ynode *n, aivm_arena *arena,
                      const char *what, aivm_error *err)
{
    const char **v;
    int rc = aivm_yexpect(n, AIVM_Y_SEQ, what, err);
    if (rc < 0)
        return rc;
    v = aivm_arena_alloc(arena, (n->n ? n->n : 1) * sizeof *v);
    for (size_t i = 0; i < n->n; i++) {
        rc = aivm_yget_str(&v[i], n->kids[i], what, err);
        if (rc < 0)
            return rc;
    }
    *items = v;
    *n_items = n->n;
    return 0;
}
