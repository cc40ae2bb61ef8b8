/*
 * io.h - the input family's private header: what each file of src/io
 * offers the ones above it, file by file from the bottom up. Top down (a
 * file calls only files below it in this list):
 *
 *   pieces.c    one input read in pieces: marks, cuts, bd_reader_finish
 *   reader.c    bd_read: one record at a time (see its header comment)
 *   csv_rows.c  an input of CSV or TSV rows: whether an input is one,
 *               each row as a record, bd_row_grid
 *   classify.c  one line on its own: its class and its tokens
 *   csv.c       the fields of a CSV or TSV row, and the tests that tell
 *               a row of fields from a line of cells
 *   record.c    a record being filled: cleared, its first fault kept
 *   lines.c     the line source: bytes -> lines (long lines, CRLF, BOM)
 *
 * A reader's fields (bd_reader, in bitdoku.h) belong to the file that
 * writes them: lines.c the source of bytes and the pending line; reader.c
 * the state, the count line, the records read and the cut of a piece;
 * csv_rows.c the separator, the puzzle's field and the header; pieces.c
 * only copies a mark in and out.
 */
#ifndef BITDOKU_IO_H
#define BITDOKU_IO_H

#include "core/bits.h"

#include <stdbool.h>
#include <stddef.h>

/* ---- lines.c: the line source ---- */

/* Where a reader is in its input (bd_reader.state): lines.c starts a
 * reader at BDI_STATE_START; reader.c moves it on. */
typedef enum bdi_state {
    BDI_STATE_START,        /* nothing significant read yet */
    BDI_STATE_BODY,         /* reading records */
    BDI_STATE_ENDED,        /* "end" seen; what follows should be empty */
    BDI_STATE_IGNORING,     /* text after "end" reported; skip to the end */
    BDI_STATE_DONE          /* everything reported; only BD_EOF remains */
} bdi_state;

/* Reads the next line of `r`'s input into r->pending (NUL-terminated,
 * r->pending_len bytes, at most BD_LINE_MAX) and sets r->pending_line,
 * r->pending_at (its offset in the data), r->pending_long (its tail past
 * BD_LINE_MAX holds more than blanks and a comment) and r->pending_cut
 * (more than blanks). Returns false at the end of input, or on a read
 * error, which sets r->failed. */
bool bdi_read_line(bd_reader *r);

/* ---- record.c: a record being filled ---- */

/* Clears `rec` for the next record: every field before its row, and its
 * row to "" (the row is written only for a row of CSV). */
void bdi_record_clear(bd_record *rec);

/* Keeps the fault `fmt`, ... at `line` and `col` (0 is taken for 1) in
 * `rec`, unless it already holds one: a record keeps its first fault. */
BDI_PRINTF_LIKE(4, 5)
void bdi_fault(bd_record *rec, unsigned long line, unsigned long col, const char *fmt, ...);

/* ---- csv.c: the fields of a CSV or TSV row ---- */

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

/* ---- classify.c: one line's class and tokens ---- */

/* One line as classify.c reads it (a text line, a row of CSV, or the text
 * of a field), on its own. Columns are 1-based, in characters of UTF-8. */
typedef enum bdi_line_kind {   /* the kinds a reader skips first */
    BDI_LINE_BLANK,         /* nothing but blanks */
    BDI_LINE_SKIP,          /* a comment or a rule */
    BDI_LINE_TITLE,         /* a line starting with '%': a grid's title */
    BDI_LINE_END,           /* the word "end" */
    BDI_LINE_NO_SOLUTION,   /* the words "no solution" */
    BDI_LINE_CELLS          /* cells (and maybe stray characters) */
} bdi_line_kind;

typedef struct bdi_line_info {
    bdi_line_kind kind;
    int tokens;                  /* cells and stray characters */
    uint8_t cells[BD_CELLS];     /* the first BD_CELLS cells */
    bool spaced;                 /* whitespace or '|' between two tokens */
    bool pretty;                 /* a '|' separator */
    bool sheet;                  /* a spreadsheet's row (9 fields, ',' or ';') */
    bool joined;                 /* two tokens with nothing between them */
    int gaps;                    /* gaps between tokens (blanks, '|') */
    bool only_digits;            /* nothing but ASCII digits: a count? */
    char blank;                  /* how the first blank cell was written, or 0 */
    bool too_long;               /* more than blanks and a comment past BD_LINE_MAX */
    unsigned long bad_col;       /* first stray character, 0 if none */
    char bad_char;               /* its first byte */
    char bad_what[64];           /* what it was */
    unsigned long extra_col[2];  /* column of token 10 and of token 82 */
    unsigned long end_col;       /* column just after the last token */
    unsigned long chars;         /* characters on the (kept part of the) line */
} bdi_line_info;

/* Classifies the line text[0..len) (the kept part of a line; `too_long`:
 * more than blanks and a comment lay past it) and collects its tokens
 * into `li`. */
void bdi_analyze_line(const char *text, size_t len, bool too_long, bdi_line_info *li);

/* bdi_analyze_line for a line of nothing but cells ('0'-'9', '.') with
 * nothing between them, in one pass: true with `li` filled as
 * bdi_analyze_line fills it; false (and `li` partly written) for any
 * other line. */
bool bdi_analyze_plain(const char *text, size_t len, bdi_line_info *li);

/* bdi_analyze_plain for text of exactly BD_CELLS bytes (a puzzle's field
 * of CSV, the common case). */
bool bdi_analyze_puzzle(const char *text, bdi_line_info *li);

/* Reads text[0..BD_CELLS) as a line of nothing but cells ('0'-'9', '.'):
 * true with their values in `cells` (0 a blank) and in *blank how the
 * first blank was written ('.' or '0'; 0 when there is none), as
 * bdi_analyze_line would find them; false for any other text (then
 * `cells` is partly written). */
bool bdi_puzzle_cells(const char *text, uint8_t cells[BD_CELLS], char *blank);

/* Reads the text of a CSV or TSV field into `li` (kind BDI_LINE_CELLS):
 * its tokens are separated by blanks only, and anything but a cell is a
 * stray character. */
void bdi_analyze_field(const char *text, size_t len, bdi_line_info *li);

/* Only classifies a row of a CSV or TSV input (blank, a '#' comment,
 * "end", or a row: BDI_LINE_CELLS); sets li->kind and li->too_long, no
 * tokens. */
void bdi_classify_row(const char *text, size_t len, bool too_long, bdi_line_info *li);

/* True when a line of cells is a row of pencil marks as grouping goes:
 * 9 groups (8 gaps), two tokens touching in one of them, and not the 81
 * cells of a line (a line may be spaced by its rows). */
static inline bool bdi_pencil_row(const bdi_line_info *li)
{
    return li->gaps == BD_SIZE - 1 && li->joined && li->tokens != BD_CELLS;
}

/* The cells of a line of pencil marks: 9 x 81 (bdi_read_mark_line). */
enum { BDI_MARK_LINE_CELLS = BD_SIZE * BD_CELLS };

/* Reads a row of pencil marks, text[0..len): 9 groups separated by
 * blanks and '|', each a cell's candidates as digits 1-9, a " #" comment
 * after them dropped; into marks[0..8] (bit d-1 for digit d). True, or
 * false with the 1-based column (in characters) of the first fault and
 * what it is (`size` bytes). */
bool bdi_read_mark_row(const char *text, size_t len, uint16_t marks[BD_SIZE],
                       unsigned long *bad_col, char *what, size_t size);

/* Reads a line of BDI_MARK_LINE_CELLS cells (blanks between them aside)
 * as pencil marks: cell c's candidates are its 9 places, place k holding
 * the digit k or a blank ('.', '0'). True, or false with the column of
 * the first fault and what it is. */
bool bdi_read_mark_line(const char *text, size_t len, bd_marks *marks, unsigned long *bad_col,
                        char *what, size_t size);

/* True when text[0..len) is the words "no solution" (case aside, blanks
 * around them, a " #" comment after them). */
bool bdi_no_solution_words(const char *text, size_t len);

/* Describes the stray character at s[0..len) (len >= 1) into `what`
 * (`size` bytes, NUL-terminated), e.g. "unexpected character 'x'";
 * returns how many bytes it takes (a whole UTF-8 sequence when it is
 * one). */
size_t bdi_describe_stray(const unsigned char *s, size_t len, char *what, size_t size);

/* ---- csv_rows.c: an input of CSV or TSV rows ---- */

/* On the first significant line of `r`'s input (r->pending, classified
 * into `li`), which is not a count: sets r->separator when the input is
 * rows of CSV (',') or TSV ('\t'), and returns true when that line is
 * their header, which it keeps in r->header. A line of text that is a
 * well-formed row of cells, or a puzzle with a comment, stays text even if
 * a comma follows in its comment; a line without a separator is never a
 * header (a stray word atop a file is an error, not a column's name). */
bool bdi_choose_format(bd_reader *r, const bdi_line_info *li);

/* Reads the row r->pending (classified into `li` by bdi_classify_row) into
 * `rec` as one record, its faults kept by bdi_fault; the first row that
 * has a puzzle sets r->puzzle_field. The caller counts the record. */
void bdi_row_record(bd_reader *r, const bdi_line_info *li, bd_record *rec);

/* ---- reader.c: the grouping of lines into records, bd_read ---- */

/* The check of a count line (announcing `header_count` puzzles, or -1 for
 * none, on `header_line`) against the `records` that followed it:
 * BD_EINPUT with the fault in `rec`, or BD_EOF when they agree. */
bd_status bdi_check_count(long header_count, unsigned long header_line, unsigned long records,
                          bd_record *rec);

#endif /* BITDOKU_IO_H */
