/*
 * csv.c - the fields of a CSV or TSV row: where each begins and ends, what
 * its quotes say, and whether it looks like a grid. Pure scanning over one
 * row held in memory; it reports faults as byte offsets, and the reader
 * (csv_rows.c) turns them into records and messages.
 *
 * A row is one line (RFC 4180 allows line breaks inside quoted fields; we
 * do not, so that a stray quote can never swallow the records after it).
 * Fields are separated by the row's separator, ',' or '\t'. A field whose
 * first byte is '"' is quoted: it runs to the next lone '"', a doubled
 * '""' standing for one quote, and may be followed only by blanks before
 * the separator or the end of the row. Any other field runs to the next
 * separator, quotes and all.
 *
 * A field looks like a grid when it has more than 2 x 9 characters that
 * are not blanks and at least three quarters of them are cells ('0'-'9',
 * '.'): puzzles, solutions and damaged puzzles (a cell lost or added, a
 * typo) do; ids, counts, ratings, dates and words do not.
 */
#include "io.h"

#include <string.h>

enum { GRID_LIKE_MIN = 2 * BD_SIZE + 1 };

/* A space or a tab. */
static bool is_blank(unsigned char ch)
{
    return ch == ' ' || ch == '\t';
}

/* Reads a quoted field that opens at row[start]; false (with f->fault set)
 * when its quotes are broken. */
static bool quoted_field(const char *row, size_t len, size_t start, char sep, bdi_field *f)
{
    size_t i = start + 1;
    f->quoted = true;
    f->text = start + 1;
    for (;;) {
        const char *quote = memchr(row + i, '"', len - i);
        if (!quote) {
            f->fault = BDI_FIELD_UNCLOSED;
            f->fault_at = start;
            return false;
        }
        i = (size_t)(quote - row) + 1;
        if (i < len && row[i] == '"') {
            i++;                       /* "" is one quote */
            continue;
        }
        f->text_end = i - 1;
        break;
    }
    while (i < len && row[i] != sep && is_blank((unsigned char)row[i]))
        i++;
    if (i < len && row[i] != sep) {
        f->fault = BDI_FIELD_AFTER_QUOTE;
        f->fault_at = i;
        return false;
    }
    f->end = i;
    return true;
}

bool bdi_csv_field(const char *row, size_t len, size_t start, char sep, bdi_field *f)
{
    f->start = start;
    f->quoted = false;
    f->fault = BDI_FIELD_OK;
    f->fault_at = 0;
    if (start < len && row[start] == '"')
        return quoted_field(row, len, start, sep, f);
    const char *next = memchr(row + start, sep, len - start);
    f->end = next ? (size_t)(next - row) : len;
    f->text = start;
    f->text_end = f->end;
    return true;
}

bool bdi_csv_grid_like(const char *text, size_t len)
{
    if (len < GRID_LIKE_MIN)
        return false;
    size_t cells = 0, others = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if ((unsigned)(ch - '0') <= 9 || ch == '.')
            cells++;
        else if (!is_blank(ch))
            others += (ch & 0xC0) != 0x80;   /* characters, not bytes of UTF-8 */
    }
    return cells + others >= GRID_LIKE_MIN && cells >= 3 * others;
}

/* The first byte of `text` that is not a blank, or NUL past its end. */
static char first_nonblank(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && is_blank((unsigned char)text[i]))
        i++;
    return i < len ? text[i] : '\0';
}

bool bdi_csv_header_like(const char *row, size_t len, char sep)
{
    size_t pos = 0;
    bool any = false;
    for (;;) {
        bdi_field f;
        if (!bdi_csv_field(row, len, pos, sep, &f))
            return false;
        const char *text = row + f.text;
        size_t text_len = f.text_end - f.text;
        char first = first_nonblank(text, text_len);
        if (first) {
            if (!((first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z'))
                || bdi_csv_grid_like(text, text_len))
                return false;
            any = true;
        }
        if (f.end >= len)
            return any;
        pos = f.end + 1;
    }
}

bool bdi_csv_tsv_row(const char *text, size_t len)
{
    if (bdi_csv_header_like(text, len, '\t'))
        return true;
    int grids = 0, filled = 0;
    size_t pos = 0;
    for (;;) {
        bdi_field f;
        if (!bdi_csv_field(text, len, pos, '\t', &f))
            return false;
        size_t text_len = f.text_end - f.text;
        grids += bdi_csv_grid_like(text + f.text, text_len);
        filled += first_nonblank(text + f.text, text_len) != '\0';
        if (f.end >= len)
            return grids > 0 && filled > 1;
        pos = f.end + 1;
    }
}

unsigned long bdi_text_column(const char *text, size_t offset)
{
    unsigned long col = 1;
    for (size_t i = 0; i < offset; i++)
        col += ((unsigned char)text[i] & 0xC0) != 0x80;
    return col;
}
