/*
 * csv_rows.c - an input of CSV or TSV rows: whether an input is one, and
 * each row as a record. csv.c beneath it finds a row's fields; classify.c
 * reads the puzzle's field as it reads a line.
 *
 * The first significant line of an input, unless it is a count, decides
 * whether its lines are rows of fields (bdi_choose_format; the rules are
 * in bitdoku.h): a line holding a tab that csv.c takes for a row of TSV,
 * or a line holding a comma and a stray character outside any trailing
 * comment. A first row that names columns is the header, kept in the
 * reader, not a record. From then on every line is a record of its own
 * (bdi_row_record), kept whole in the record (bd_record.row) for whoever
 * writes it out again: its fields are read in turn, and the first that
 * looks like a grid is its puzzle, which must hold 81 cells and stand in
 * the field where the first row that had a puzzle had it (r->puzzle_field,
 * found on r->puzzle_field_line). A field of exactly 81 plain cells, the
 * common case, is read in one pass; any other that looks like a grid is
 * read token by token, so that its fault has a column. bd_row_grid reads
 * a later field of a row the same way (the proposed solution beside a
 * puzzle).
 */
#include "io.h"

#include <stdio.h>
#include <string.h>

/* The message of a field whose quotes are broken. */
static void quote_fault(const char *row, size_t len, const bdi_field *f, char *msg, size_t size)
{
    if (f->fault == BDI_FIELD_UNCLOSED) {
        snprintf(msg, size, "quoted field is not closed on its line");
        return;
    }
    char what[64];
    bdi_describe_stray((const unsigned char *)row + f->fault_at, len - f->fault_at, what,
                       sizeof what);
    snprintf(msg, size, "%s after a closing quote", what);
}

/* Keeps the fault of field `f` of rec's row, whose quotes are broken. */
static void row_quote_fault(bd_record *rec, const bdi_field *f)
{
    char msg[sizeof rec->err_msg];
    quote_fault(rec->row, rec->row_len, f, msg, sizeof msg);
    bdi_fault(rec, rec->line, bdi_text_column(rec->row, f->fault_at), "%s", msg);
}

/* Reads the cells of field `f` of `row`, which looks like a grid: true
 * with `grid` and `blank` filled, or false with the column of the fault
 * and what it is. */
static bool field_cells(const char *row, const bdi_field *f, bd_grid *grid, char *blank,
                        unsigned long *col, char *msg, size_t size)
{
    const char *text = row + f->text;
    size_t len = f->text_end - f->text;
    bdi_line_info li;
    if (!bdi_analyze_plain(text, len, &li))
        bdi_analyze_field(text, len, &li);
    if (!li.bad_col && li.tokens == BD_CELLS) {
        memcpy(grid->cells, li.cells, BD_CELLS);
        *blank = li.blank ? li.blank : '.';
        return true;
    }
    unsigned long base = bdi_text_column(row, f->text) - 1;
    if (li.bad_col) {
        *col = base + li.bad_col;
        snprintf(msg, size, "%s", li.bad_what);
    } else {
        *col = base + (li.tokens > BD_CELLS ? li.extra_col[1] : li.end_col);
        snprintf(msg, size, "field has %d cell%s; a puzzle has %d", li.tokens,
                 li.tokens == 1 ? "" : "s", BD_CELLS);
    }
    return false;
}

/* The grid in field `f` of `row`, if it looks like one: FIELD_GRID (read
 * into `grid` and `blank`), FIELD_BAD_GRID (it looks like a grid but is
 * not one: the column of the fault and what it is), or FIELD_NO_GRID. A
 * field of exactly 81 plain cells, the common case, is read in one pass. */
typedef enum field_kind { FIELD_NO_GRID, FIELD_GRID, FIELD_BAD_GRID } field_kind;

static field_kind field_grid(const char *row, const bdi_field *f, bd_grid *grid, char *blank,
                             unsigned long *col, char *msg, size_t size)
{
    const char *text = row + f->text;
    size_t len = f->text_end - f->text;
    bdi_line_info li;
    if (len == BD_CELLS && bdi_analyze_puzzle(text, &li)) {
        memcpy(grid->cells, li.cells, BD_CELLS);
        *blank = li.blank ? li.blank : '.';
        return FIELD_GRID;
    }
    if (!bdi_csv_grid_like(text, len))
        return FIELD_NO_GRID;
    return field_cells(row, f, grid, blank, col, msg, size) ? FIELD_GRID : FIELD_BAD_GRID;
}

/* Field `f`, numbered `index`, of a row whose puzzle is not yet found:
 * true when it looks like a grid, which makes it the puzzle; it must be
 * where the first row had it. */
static bool read_puzzle_field(bd_reader *r, bd_record *rec, const bdi_field *f, int index)
{
    unsigned long col;
    char msg[sizeof rec->err_msg];
    field_kind kind = field_grid(rec->row, f, &rec->grid, &rec->blank, &col, msg, sizeof msg);
    if (kind == FIELD_NO_GRID)
        return false;
    rec->puzzle_field = index;
    if (r->puzzle_field < 0) {
        r->puzzle_field = index;
        r->puzzle_field_line = rec->line;
    }
    if (index != r->puzzle_field)
        bdi_fault(rec, rec->line, bdi_text_column(rec->row, f->start),
                  "the puzzle is in field %d here, but in field %d on line %lu", index + 1,
                  r->puzzle_field + 1, r->puzzle_field_line);
    else if (kind == FIELD_BAD_GRID)
        bdi_fault(rec, rec->line, col, "%s", msg);
    return true;
}

/* Finds the fields of a row, and reads the first that looks like a grid
 * as its puzzle. */
static void read_row(bd_reader *r, bd_record *rec)
{
    size_t pos = 0;
    bool found = false;
    for (int index = 0;; index++) {
        bdi_field f;
        if (!bdi_csv_field(rec->row, rec->row_len, pos, rec->separator, &f)) {
            row_quote_fault(rec, &f);
            return;
        }
        found = found || read_puzzle_field(r, rec, &f, index);
        if (f.end >= rec->row_len)
            break;
        pos = f.end + 1;
    }
    if (!found)
        bdi_fault(rec, rec->line, 1, "no field holds a puzzle (%d cells)", BD_CELLS);
}

void bdi_row_record(bd_reader *r, const bdi_line_info *li, bd_record *rec)
{
    rec->line = r->pending_line;
    rec->shape = BD_SHAPE_LINE;
    rec->blank = '.';
    rec->separator = r->separator;
    rec->puzzle_field = -1;
    rec->row_len = r->pending_len;
    memcpy(rec->row, r->pending, r->pending_len + 1);
    if (li->too_long)
        bdi_fault(rec, rec->line, bdi_text_column(rec->row, rec->row_len),
                  "line is longer than %d bytes", BD_LINE_MAX);
    else
        read_row(r, rec);
}

bool bdi_choose_format(bd_reader *r, const bdi_line_info *li)
{
    const char *text = r->pending;
    size_t len = r->pending_len;
    if (li->too_long)
        return false;
    if (memchr(text, '\t', len) && bdi_csv_tsv_row(text, len))
        r->separator = '\t';
    else if (li->bad_col && memchr(text, ',', len))
        r->separator = ',';
    if (!r->separator || !bdi_csv_header_like(text, len, r->separator))
        return false;
    memcpy(r->header, text, len + 1);
    r->header_len = len;
    r->has_header = true;
    return true;
}

const char *bd_reader_header(const bd_reader *reader, size_t *len)
{
    if (len)
        *len = reader->has_header ? reader->header_len : 0;
    return reader->has_header ? reader->header : NULL;
}

char bd_reader_separator(const bd_reader *reader)
{
    return reader->separator;
}

bd_status bd_row_grid(const bd_record *rec, int after, bd_field_grid *out)
{
    if (!rec || !out || !rec->separator || rec->row_len > BD_LINE_MAX)
        return BD_EINVAL;
    size_t pos = 0;
    char blank;
    for (int index = 0;; index++) {
        bdi_field f;
        out->field = index;
        if (!bdi_csv_field(rec->row, rec->row_len, pos, rec->separator, &f)) {
            out->err_col = bdi_text_column(rec->row, f.fault_at);
            quote_fault(rec->row, rec->row_len, &f, out->err_msg, sizeof out->err_msg);
            return BD_EMALFORMED;
        }
        field_kind kind = index <= after ? FIELD_NO_GRID
                          : field_grid(rec->row, &f, &out->grid, &blank, &out->err_col,
                                       out->err_msg, sizeof out->err_msg);
        if (kind != FIELD_NO_GRID)
            return kind == FIELD_GRID ? BD_OK : BD_EMALFORMED;
        if (f.end >= rec->row_len)
            return BD_EOF;
        pos = f.end + 1;
    }
}
