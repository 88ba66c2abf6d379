/*
 * tf_scan.c - a small, tolerant scanner of HCL's native syntax (Terraform's
 * .tf files): enough to find each top-level `resource "TYPE" "NAME"` block,
 * its size attributes and each `module "NAME"` block's `source`, with their
 * positions (aivm/tfsource.h). A lexer (comments, quoted templates with
 * escapes and nested ${}/%{} interpolations, heredocs, brackets) feeds a
 * loop over block bodies; nesting is kept in counters and a bounded stack,
 * never in recursion, so hostile input cannot exhaust the C stack.
 */
#include <stdlib.h>
#include <string.h>

#include "aivm/tfsource.h"
#include "aivm/util.h"
#include "util/arena.h"

#define MAX_ATTRS 16

struct aivm_tf_file {
    aivm_arena arena;
    const char *name;
    aivm_tf_block *blocks;
    size_t n, cap;
};

typedef enum {
    T_EOF,
    T_NL,
    T_IDENT,
    T_STRING,  /* a quoted template; `literal` when it has no interpolation */
    T_HEREDOC, /* never literal for our purpose */
    T_LBRACE,
    T_RBRACE,
    T_OPEN,  /* ( [ */
    T_CLOSE, /* ) ] */
    T_EQ,    /* a lone '=' */
    T_OTHER
} tok_type;

typedef struct {
    tok_type type;
    size_t start, end; /* bytes [start, end) */
    unsigned line;
    size_t line_start; /* offset of the first byte of `line` */
    bool literal;
} token;

typedef struct {
    const char *s;
    size_t len, pos;
    unsigned line;
    size_t line_start;
    token peeked;
    bool has_peeked;
    aivm_tf_file *f;
    aivm_error *err;
    int rc;
    size_t col_at; /* loc_of's last offset and its column: positions are asked for */
    unsigned col;  /* in file order, so a long line is counted once, not per block */
} lexer;

static aivm_loc loc_of(lexer *lx, unsigned line, size_t line_start, size_t at)
{
    aivm_loc l;
    size_t i = line_start;
    unsigned col = 1;
    if (lx->col_at >= line_start && lx->col_at <= at && lx->col) {
        i = lx->col_at; /* on from the last position asked for on this line */
        col = lx->col;
    }
    for (; i < at && i < lx->len; i++)
        if (((unsigned char)lx->s[i] & 0xC0) != 0x80) /* code points, as the plan's columns */
            col++;
    lx->col_at = at;
    lx->col = col;
    l.file = lx->f->name;
    l.line = line;
    l.col = col;
    return l;
}

static int fail(lexer *lx, aivm_status code, unsigned line, size_t line_start, size_t at,
                const char *what)
{
    aivm_loc l = loc_of(lx, line, line_start, at);
    if (lx->rc == 0)
        lx->rc = aivm_error_set(lx->err, code, &l, "%s", what);
    return lx->rc;
}

static void newline(lexer *lx, size_t at)
{
    lx->line++;
    lx->line_start = at + 1;
}

static bool ident_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}

static bool ident_char(unsigned char c)
{
    return ident_start(c) || (c >= '0' && c <= '9') || c == '-';
}

/* A quoted template from the opening quote at lx->pos. Interpolations nest
 * quoted strings and braces: a bounded stack of "in a string" / "in an
 * interpolation with d open braces". Sets *literal when it has no ${ or %{. */
static int lex_string(lexer *lx, bool *literal)
{
    unsigned depth[AIVM_TF_MAX_DEPTH]; /* per level: open braces; UINT_MAX = in a string */
    const unsigned in_str = (unsigned)-1;
    size_t n = 1, start = lx->pos;
    unsigned line = lx->line;
    size_t ls = lx->line_start;
    const char *s = lx->s;
    depth[0] = in_str;
    *literal = true;
    lx->pos++;
    while (lx->pos < lx->len) {
        char c = s[lx->pos];
        char d = lx->pos + 1 < lx->len ? s[lx->pos + 1] : '\0';
        if (depth[n - 1] == in_str) {
            if (c == '\\') {
                if (d == '\n')
                    return fail(lx, AIVM_ESYNTAX, line, ls, start, "unterminated string");
                lx->pos += d ? 2 : 1;
                continue;
            }
            if (c == '\n')
                return fail(lx, AIVM_ESYNTAX, line, ls, start, "unterminated string");
            if (c == '"') {
                lx->pos++;
                if (--n == 0)
                    return 0;
                continue;
            }
            if ((c == '$' || c == '%') && d == c && lx->pos + 2 < lx->len &&
                s[lx->pos + 2] == '{') { /* $${ and %%{ are literal */
                lx->pos += 3;
                continue;
            }
            if ((c == '$' || c == '%') && d == '{') {
                if (n == AIVM_TF_MAX_DEPTH)
                    return fail(lx, AIVM_ELIMIT, lx->line, lx->line_start, lx->pos,
                                "templates nested too deep");
                *literal = false;
                depth[n++] = 0;
                lx->pos += 2;
                continue;
            }
            lx->pos++;
            continue;
        }
        /* inside an interpolation */
        if (c == '\n') {
            newline(lx, lx->pos);
        } else if (c == '{') {
            if (depth[n - 1] >= AIVM_TF_MAX_DEPTH)
                return fail(lx, AIVM_ELIMIT, lx->line, lx->line_start, lx->pos,
                            "braces nested too deep");
            depth[n - 1]++;
        } else if (c == '}') {
            if (depth[n - 1] == 0)
                n--; /* back in the string */
            else
                depth[n - 1]--;
        } else if (c == '"') {
            if (n == AIVM_TF_MAX_DEPTH)
                return fail(lx, AIVM_ELIMIT, lx->line, lx->line_start, lx->pos,
                            "templates nested too deep");
            depth[n++] = in_str;
        }
        lx->pos++;
    }
    return fail(lx, AIVM_ESYNTAX, line, ls, start, "unterminated string");
}

/* A heredoc whose `<<` is at lx->pos, if one starts there: `<<ID` or `<<-ID`
 * then a line end; it ends after the line holding only ID (blanks around). */
static int lex_heredoc(lexer *lx, bool *is_heredoc)
{
    const char *s = lx->s;
    size_t p = lx->pos + 2, id, id_len, start = lx->pos;
    unsigned line = lx->line;
    size_t ls = lx->line_start;
    *is_heredoc = false;
    if (p < lx->len && s[p] == '-')
        p++;
    if (p >= lx->len || !ident_start((unsigned char)s[p]))
        return 0;
    id = p;
    while (p < lx->len && ident_char((unsigned char)s[p]))
        p++;
    id_len = p - id;
    if (p < lx->len && s[p] == '\r')
        p++;
    if (p >= lx->len || s[p] != '\n')
        return 0;
    *is_heredoc = true;
    while (p < lx->len) { /* p is at a '\n': look at the next line */
        size_t a, b;
        newline(lx, p);
        a = b = p + 1;
        while (b < lx->len && s[b] != '\n')
            b++;
        p = b;
        while (a < b && (s[a] == ' ' || s[a] == '\t'))
            a++;
        while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r'))
            b--;
        if (b - a == id_len && memcmp(s + a, s + id, id_len) == 0) {
            lx->pos = p; /* the line end after the marker is the next token */
            return 0;
        }
    }
    return fail(lx, AIVM_ESYNTAX, line, ls, start, "unterminated heredoc");
}

/* Skip blanks and comments; fails on an unterminated block comment. */
static int skip_space(lexer *lx)
{
    const char *s = lx->s;
    while (lx->pos < lx->len) {
        char c = s[lx->pos], d = lx->pos + 1 < lx->len ? s[lx->pos + 1] : '\0';
        if (c == ' ' || c == '\t' || c == '\r') {
            lx->pos++;
        } else if (c == '#' || (c == '/' && d == '/')) {
            while (lx->pos < lx->len && s[lx->pos] != '\n')
                lx->pos++;
        } else if (c == '/' && d == '*') {
            unsigned line = lx->line;
            size_t ls = lx->line_start, start = lx->pos;
            lx->pos += 2;
            for (;;) {
                if (lx->pos + 1 >= lx->len) {
                    lx->pos = lx->len;
                    return fail(lx, AIVM_ESYNTAX, line, ls, start, "unterminated comment");
                }
                if (s[lx->pos] == '*' && s[lx->pos + 1] == '/')
                    break;
                if (s[lx->pos] == '\n')
                    newline(lx, lx->pos);
                lx->pos++;
            }
            lx->pos += 2;
        } else {
            break;
        }
    }
    return 0;
}

static int lex(lexer *lx, token *t)
{
    const char *s = lx->s;
    char c, d;
    if (lx->has_peeked) {
        *t = lx->peeked;
        lx->has_peeked = false;
        return 0;
    }
    memset(t, 0, sizeof *t);
    if (skip_space(lx) < 0)
        return lx->rc;
    t->start = lx->pos;
    t->line = lx->line;
    t->line_start = lx->line_start;
    if (lx->pos >= lx->len) {
        t->type = T_EOF;
        t->end = lx->pos;
        return 0;
    }
    c = s[lx->pos];
    d = lx->pos + 1 < lx->len ? s[lx->pos + 1] : '\0';
    if (c == '\n') {
        newline(lx, lx->pos++);
        t->type = T_NL;
    } else if (c == '"') {
        if (lex_string(lx, &t->literal) < 0)
            return lx->rc;
        t->type = T_STRING;
    } else if (ident_start((unsigned char)c)) {
        while (lx->pos < lx->len && ident_char((unsigned char)s[lx->pos]))
            lx->pos++;
        t->type = T_IDENT;
    } else if (c == '<' && d == '<') {
        bool doc;
        if (lex_heredoc(lx, &doc) < 0)
            return lx->rc;
        t->type = doc ? T_HEREDOC : T_OTHER;
        if (!doc)
            lx->pos += 2;
    } else {
        t->type = c == '{'                           ? T_LBRACE
                  : c == '}'                         ? T_RBRACE
                  : c == '(' || c == '['             ? T_OPEN
                  : c == ')' || c == ']'             ? T_CLOSE
                  : c == '=' && d != '=' && d != '>' ? T_EQ
                                                     : T_OTHER;
        lx->pos +=
            (t->type == T_OTHER && d == '=' && strchr("=!<>", c)) || (c == '=' && d == '>') ? 2 : 1;
    }
    t->end = lx->pos;
    return 0;
}

static void unlex(lexer *lx, const token *t)
{
    lx->peeked = *t;
    lx->has_peeked = true;
}

/* The text of a label or literal string (quotes dropped, simple escapes
 * resolved), or of an identifier. */
static const char *text_of(lexer *lx, const token *t)
{
    size_t a = t->start, b = t->end, n = 0;
    char *out;
    if (t->type == T_STRING) {
        a++;
        b = b > a ? b - 1 : a;
    }
    out = aivm_arena_alloc(&lx->f->arena, b - a + 1);
    for (size_t i = a; i < b; i++) {
        char c = lx->s[i];
        if (c == '\\' && t->type == T_STRING && i + 1 < b) {
            char e = lx->s[++i];
            c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
        }
        out[n++] = c;
    }
    out[n] = '\0';
    return out;
}

static bool is(const lexer *lx, const token *t, const char *word)
{
    size_t n = strlen(word);
    return t->type == T_IDENT && t->end - t->start == n && memcmp(lx->s + t->start, word, n) == 0;
}

/* Skip an attribute's expression up to its line end at nesting 0 (consumed),
 * or a '}' at nesting 0 (left for the body), or the end. *literal: the
 * expression is one literal quoted string. */
static int skip_expr(lexer *lx, bool *literal, token *first)
{
    unsigned nest = 0, n = 0;
    token t;
    *literal = false;
    for (;;) {
        if (lex(lx, &t) < 0)
            return lx->rc;
        if (t.type == T_EOF)
            break;
        if (nest == 0 && t.type == T_NL)
            break;
        if (nest == 0 && t.type == T_RBRACE) {
            unlex(lx, &t);
            break;
        }
        if (t.type == T_NL)
            continue;
        if (n++ == 0 && first)
            *first = t;
        if (t.type == T_LBRACE || t.type == T_OPEN) {
            if (++nest > AIVM_TF_MAX_DEPTH)
                return fail(lx, AIVM_ELIMIT, t.line, t.line_start, t.start,
                            "brackets nested too deep");
        } else if ((t.type == T_RBRACE || t.type == T_CLOSE) && nest > 0) {
            nest--;
        }
    }
    *literal = n == 1 && first && first->type == T_STRING && first->literal;
    return 0;
}

static bool size_attr(const lexer *lx, const token *t)
{
    return is(lx, t, "size") || is(lx, t, "vm_size") || is(lx, t, "sku") || is(lx, t, "sku_name");
}

static void add_attr(lexer *lx, aivm_tf_block *b, const token *name, const char *parent,
                     bool literal)
{
    aivm_tf_attr *a;
    if (b->n_attrs == MAX_ATTRS)
        return;
    if (!b->attrs)
        b->attrs = aivm_arena_alloc(&lx->f->arena, MAX_ATTRS * sizeof *b->attrs);
    a = &b->attrs[b->n_attrs++];
    a->name = text_of(lx, name);
    a->parent = parent;
    a->literal = literal;
    a->loc = loc_of(lx, name->line, name->line_start, name->start);
}

static aivm_tf_block *new_block(lexer *lx, aivm_tf_block_kind kind, const token *kw)
{
    aivm_tf_file *f = lx->f;
    aivm_tf_block *b;
    if (f->n == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 16;
        f->blocks = aivm_xrealloc(f->blocks, f->cap * sizeof *f->blocks);
    }
    b = &f->blocks[f->n++];
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->loc = loc_of(lx, kw->line, kw->line_start, kw->start);
    return b;
}

/* One item of a body at `depth` (0: the file) whose first token is the
 * identifier `kw`: an attribute or a block header. `top` is the top-level
 * block being read (NULL when not one we keep); `names` the block types of
 * the open bodies. Returns 1 when a block was opened. */
static int item(lexer *lx, const token *kw, unsigned depth, size_t *top, const char **names)
{
    token labels[2], t;
    size_t n_labels = 0;
    bool literal;
    for (;;) {
        if (lex(lx, &t) < 0)
            return lx->rc;
        if (t.type == T_EQ) {
            token first = {T_EOF, 0, 0, 0, 0, false};
            aivm_tf_block *b = *top != (size_t)-1 && !n_labels ? &lx->f->blocks[*top] : NULL;
            if (skip_expr(lx, &literal, &first) < 0)
                return lx->rc;
            if (b && b->kind == AIVM_TF_RESOURCE && depth >= 1 && size_attr(lx, kw))
                add_attr(lx, b, kw, depth == 1 ? NULL : names[depth - 1], literal);
            if (b && b->kind == AIVM_TF_MODULE && depth == 1 && is(lx, kw, "source") && literal)
                b->source = text_of(lx, &first);
            return 0;
        }
        if (t.type == T_LBRACE)
            break;
        if ((t.type == T_STRING && t.literal) || t.type == T_IDENT) {
            if (n_labels < 2)
                labels[n_labels] = t;
            n_labels++;
            continue;
        }
        unlex(lx, &t); /* not HCL we know: skip the rest of the line */
        return skip_expr(lx, &literal, NULL);
    }
    if (depth + 1 >= AIVM_TF_MAX_DEPTH)
        return fail(lx, AIVM_ELIMIT, t.line, t.line_start, t.start, "blocks nested too deep");
    names[depth] = text_of(lx, kw);
    if (depth == 0) {
        aivm_tf_block *b = NULL;
        if (is(lx, kw, "resource") && n_labels == 2) {
            b = new_block(lx, AIVM_TF_RESOURCE, kw);
            b->type = text_of(lx, &labels[0]);
            b->name = text_of(lx, &labels[1]);
        } else if (is(lx, kw, "module") && n_labels == 1) {
            b = new_block(lx, AIVM_TF_MODULE, kw);
            b->name = text_of(lx, &labels[0]);
        }
        *top = b ? (size_t)(b - lx->f->blocks) : (size_t)-1;
    }
    return 1;
}

static int scan(lexer *lx)
{
    const char *names[AIVM_TF_MAX_DEPTH];
    unsigned depth = 0;
    size_t top = (size_t)-1;
    token t, open[1];
    int rc;
    for (;;) {
        if (lex(lx, &t) < 0)
            return lx->rc;
        switch (t.type) {
        case T_EOF:
            if (depth > 0)
                return fail(lx, AIVM_ESYNTAX, open[0].line, open[0].line_start, open[0].start,
                            "unterminated block");
            return 0;
        case T_NL:
            break;
        case T_RBRACE:
            if (depth == 0)
                return fail(lx, AIVM_ESYNTAX, t.line, t.line_start, t.start, "unexpected '}'");
            if (--depth == 0)
                top = (size_t)-1;
            break;
        case T_IDENT:
            rc = item(lx, &t, depth, &top, names);
            if (rc < 0)
                return rc;
            if (rc == 1 && depth++ == 0)
                open[0] = t;
            break;
        default: {
            bool literal;
            unlex(lx, &t);
            if (skip_expr(lx, &literal, NULL) < 0)
                return lx->rc;
            /* a stray '{' or '[' swallowed its own closing: nothing else to do */
            break;
        }
        }
    }
}

int aivm_tf_scan_mem(aivm_tf_file **out, const char *buf, size_t len, const char *name,
                     aivm_error *err)
{
    lexer lx;
    aivm_tf_file *f = aivm_xcalloc(1, sizeof *f);
    *out = NULL;
    f->name = aivm_arena_strdup(&f->arena, name ? name : "");
    memset(&lx, 0, sizeof lx);
    lx.s = buf ? buf : "";
    lx.len = buf ? len : 0;
    lx.line = 1;
    lx.f = f;
    lx.err = err;
    if (scan(&lx) < 0) {
        aivm_tf_file_free(f);
        return lx.rc;
    }
    *out = f;
    return 0;
}

size_t aivm_tf_file_count(const aivm_tf_file *f)
{
    return f ? f->n : 0;
}

const aivm_tf_block *aivm_tf_file_at(const aivm_tf_file *f, size_t i)
{
    return f && i < f->n ? &f->blocks[i] : NULL;
}

void aivm_tf_file_free(aivm_tf_file *f)
{
    if (!f)
        return;
    free(f->blocks);
    aivm_arena_dispose(&f->arena);
    free(f);
}
