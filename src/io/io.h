/*
 * io.h - what the reader (reader.c) takes from csv.c: the fields of a CSV
 * or TSV row and the tests that tell a row of fields from a line of cells.
 */
#ifndef BITDOKU_IO_H
#define BITDOKU_IO_H

#include "core/bits.h"

#include <stdbool.h>
#include <stddef.h>

/*
 * One field of a CSV or TSV row (csv.c), as byte offsets into the row:
 * the field is row[start..end), its text (inside the quotes, if quoted,
 * with any "" left doubled) row[text..text_end). A broken quote is a
 * fault at row[fault_at].
 */
typedef enum bdi_field_fault {
    BDI_FIELD_OK,
    BDI_FIELD_UNCLOSED,       /* a quoted field not closed on its line */
    BDI_FIELD_AFTER_QUOTE     /* something other than blanks after the closing quote */
} bdi_field_fault;

typedef struct bdi_field {
    size_t start, end, text, text_end;
    bool quoted;
    bdi_field_fault fault;
    size_t fault_at;
} bdi_field;

/* Reads the field that starts at row[start] (start <= len), separated by
 * `sep`; false when its quotes are broken (f->fault says how). The next
 * field, if f->end < len, starts at f->end + 1. */
bool bdi_csv_field(const char *row, size_t len, size_t start, char sep, bdi_field *f);

/* True when a field's text looks like a grid (see csv.c). */
bool bdi_csv_grid_like(const char *text, size_t len);

/* True when a row looks like a header: no field looks like a grid, every
 * field that is not blank starts with a letter, and one at least does. */
bool bdi_csv_header_like(const char *row, size_t len, char sep);

/* True when a line holding a tab is a row of TSV: it looks like a header,
 * or a field looks like a grid and another field is not blank (so that
 * neither a grid row spaced with tabs nor a puzzle followed by a tab is
 * one). */
bool bdi_csv_tsv_row(const char *text, size_t len);

/* The 1-based column, in characters of UTF-8, of byte `offset` of `text`. */
unsigned long bdi_text_column(const char *text, size_t offset);

#endif /* BITDOKU_IO_H */
