/*
 * xml_check.c - the well-formedness checker of xml_check.h: one pass over
 * the text with a stack of open element names, no allocation (documents
 * nest at most MAX_DEPTH deep, names at most MAX_NAME bytes).
 */
#include "xml_check.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { MAX_DEPTH = 64, MAX_NAME = 32, MAX_ATTRS = 32 };

typedef struct scan {
    const char *text;
    size_t len, at;
    char *why;
    size_t size;
    int depth;
    char open[MAX_DEPTH][MAX_NAME + 1];
} scan;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static bool fail(scan *s, const char *fmt, ...)
{
    char what[128];
    va_list args;
    va_start(args, fmt);
    vsnprintf(what, sizeof what, fmt, args);
    va_end(args);
    snprintf(s->why, s->size, "byte %zu: %s", s->at, what);
    return false;
}

/* The length of the character at s->at if it is one XML allows, else 0. */
static size_t char_at(const scan *s)
{
    const unsigned char *p = (const unsigned char *)s->text + s->at;
    size_t left = s->len - s->at;
    if (p[0] < 0x80)
        return p[0] >= 0x20 || p[0] == '\t' || p[0] == '\n' || p[0] == '\r';
    int size = p[0] >= 0xF0 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC0 ? 2 : 0;
    if (size == 0 || p[0] > 0xF4 || (size_t)size > left)
        return 0;
    uint32_t code = p[0] & (0xFFu >> (size + 1));
    for (int i = 1; i < size; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        code = code << 6 | (p[i] & 0x3Fu);
    }
    uint32_t least = size == 2 ? 0x80 : size == 3 ? 0x800 : 0x10000;
    if (code < least || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF) || code == 0xFFFE
        || code == 0xFFFF)
        return 0;
    return (size_t)size;
}

static bool looking_at(const scan *s, const char *word)
{
    size_t n = strlen(word);
    return s->len - s->at >= n && memcmp(s->text + s->at, word, n) == 0;
}

static bool name_char(char c, bool first)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':'
           || (!first && ((c >= '0' && c <= '9') || c == '-' || c == '.'));
}

/* Reads a name into `name`; false if there is none. */
static bool read_name(scan *s, char *name)
{
    size_t n = 0;
    while (s->at < s->len && name_char(s->text[s->at], n == 0)) {
        if (n == MAX_NAME)
            return fail(s, "name too long");
        name[n++] = s->text[s->at++];
    }
    name[n] = '\0';
    return n > 0 || fail(s, "a name expected");
}

static void skip_space(scan *s)
{
    while (s->at < s->len && strchr(" \t\r\n", s->text[s->at]) && s->text[s->at])
        s->at++;
}

/* A reference after '&': &name; of the five, or &#N; / &#xH;. */
static bool read_reference(scan *s)
{
    static const char *const NAMED[] = {"amp;", "lt;", "gt;", "quot;", "apos;"};
    s->at++;
    for (int i = 0; i < 5; i++)
        if (looking_at(s, NAMED[i])) {
            s->at += strlen(NAMED[i]);
            return true;
        }
    if (!looking_at(s, "#"))
        return fail(s, "an unknown entity");
    s->at++;
    bool hex = looking_at(s, "x");
    s->at += hex;
    unsigned long code = 0;
    size_t digits = 0;
    for (; s->at < s->len && s->text[s->at] != ';'; s->at++, digits++) {
        char c = s->text[s->at];
        int v = c >= '0' && c <= '9' ? c - '0' : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (v < 0 || code > 0x10FFFF)
            return fail(s, "a bad character reference");
        code = code * (hex ? 16u : 10u) + (unsigned long)v;
    }
    if (!digits || s->at == s->len || code == 0 || code > 0x10FFFF
        || (code < 0x20 && code != 9 && code != 10 && code != 13))
        return fail(s, "a bad character reference");
    s->at++;
    return true;
}

/* Character data up to '<' (an attribute value: also up to `stop`; -1:
 * no other stop). */
static bool read_text(scan *s, int stop)
{
    while (s->at < s->len && s->text[s->at] != '<' && (unsigned char)s->text[s->at] != stop) {
        if (s->text[s->at] == '&') {
            if (!read_reference(s))
                return false;
            continue;
        }
        if (looking_at(s, "]]>"))
            return fail(s, "']]>' in text");
        size_t size = char_at(s);
        if (!size)
            return fail(s, "a byte that is not an XML character");
        s->at += size;
    }
    return true;
}

/* The attributes of a start tag, up to '>' or '/>'. */
static bool read_attributes(scan *s)
{
    char names[MAX_ATTRS][MAX_NAME + 1];
    int count = 0;
    for (;;) {
        size_t before = s->at;
        skip_space(s);
        if (s->at == s->len)
            return fail(s, "the input ends in a tag");
        if (looking_at(s, ">") || looking_at(s, "/>"))
            return true;
        if (s->at == before)
            return fail(s, "no space before an attribute");
        if (count == MAX_ATTRS || !read_name(s, names[count]))
            return count == MAX_ATTRS ? fail(s, "too many attributes") : false;
        for (int i = 0; i < count; i++)
            if (strcmp(names[i], names[count]) == 0)
                return fail(s, "attribute %s repeated", names[count]);
        count++;
        if (!looking_at(s, "=\""))
            return fail(s, "an attribute without =\"");
        s->at += 2;
        if (!read_text(s, '"') || !looking_at(s, "\""))
            return s->at < s->len && s->text[s->at] == '<' ? fail(s, "'<' in a value") : false;
        s->at++;
    }
}

/* A tag after '<': a start tag, an empty element or an end tag. */
static bool read_tag(scan *s, bool *root_closed)
{
    char name[MAX_NAME + 1];
    s->at++;
    if (looking_at(s, "/")) {
        s->at++;
        if (!read_name(s, name))
            return false;
        skip_space(s);
        if (!looking_at(s, ">") || s->depth == 0 || strcmp(name, s->open[s->depth - 1]) != 0)
            return fail(s, "end tag </%s> does not close the open element", name);
        s->at++;
        *root_closed = --s->depth == 0;
        return true;
    }
    if (!read_name(s, name) || !read_attributes(s))
        return false;
    if (looking_at(s, "/>")) {
        s->at += 2;
        *root_closed = s->depth == 0;
        return true;
    }
    s->at++;
    if (s->depth == MAX_DEPTH)
        return fail(s, "elements nest too deep");
    memcpy(s->open[s->depth++], name, sizeof name);
    return true;
}

/* What may stand before the root: the declaration, a doctype, space. */
static bool read_prolog(scan *s)
{
    if (looking_at(s, "<?xml ")) {
        while (s->at < s->len && !looking_at(s, "?>"))
            s->at++;
        if (s->at == s->len)
            return fail(s, "the declaration does not end");
        s->at += 2;
    }
    skip_space(s);
    if (looking_at(s, "<!DOCTYPE html>"))
        s->at += strlen("<!DOCTYPE html>");
    skip_space(s);
    return true;
}

bool xml_check(const char *text, size_t len, char *why, size_t size)
{
    scan s = {.text = text, .len = len, .why = why, .size = size};
    if (!read_prolog(&s))
        return false;
    if (!looking_at(&s, "<"))
        return fail(&s, "no root element");
    bool root_closed = false;
    while (!root_closed) {
        if (s.at == s.len)
            return fail(&s, "the input ends with %d elements open", s.depth);
        if (looking_at(&s, "<!") || looking_at(&s, "<?"))
            return fail(&s, "markup the pictures do not use");
        if (s.text[s.at] == '<' ? !read_tag(&s, &root_closed) : !read_text(&s, -1))
            return false;
    }
    skip_space(&s);
    return s.at == s.len || fail(&s, "text after the root element");
}
