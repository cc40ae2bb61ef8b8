/*
 * reader.c - text -> puzzles, one record at a time, in constant memory.
 *
 * Lines: bytes up to '\n'; a final '\r' is dropped (CRLF), and so is a UTF-8
 * BOM at the very start. Only the first BD_LINE_MAX bytes of a line are
 * kept. What lies past them may be blanks or the rest of a comment (a '#'
 * line, or a trailing " #" comment begun anywhere on the line): a long
 * comment is dropped and the cells before it kept. Anything else past them
 * makes the line a malformed record of its own ("longer than ... bytes").
 *
 * Each line is first classified on its own (analyze):
 *   skip     blank, a '#' comment, or a pretty rule such as +-----+-----+
 *   end      the word "end" (POJ 3074 style: the input stops here)
 *   cells    everything else: its tokens are the cells ('1'-'9', '0', '.')
 *            and any stray character (which counts as a token, so that a
 *            stray letter does not change how lines are grouped); ' ', tab
 *            and '|' separate tokens; " #" starts a trailing comment.
 *
 * Then lines are grouped into records without ever looking at their
 * contents again:
 *   - more than 2 x 9 tokens: the line is a record of its own (it should
 *     hold exactly 81 cells);
 *   - otherwise the line opens a grid, and the grid takes the next lines
 *     until it has 9 rows (each should hold 9 cells). Comments and rules
 *     may stand between its rows; a blank line, "end", a long line or the
 *     end of input closes it early, and then it is malformed.
 * The very first significant line may be a bare number of 1 to 6 digits,
 * leading zeros allowed: the count of puzzles that follow (POJ 2676 style).
 * At the end it is compared with the number of records read. A first line
 * of 7 or 8 digits is neither: it is taken for a grid's first row that lost
 * a digit or two, and reported as such, never silently.
 *
 * A record with any fault is reported once, at its first fault, with the
 * 1-based line and column (columns count characters, not bytes of UTF-8).
 *
 * CSV and TSV: the first significant line also decides whether the input
 * is rows of fields (choose_format; the rules are in bitdoku.h). From then
 * on every line is a record of its own (row_record): its fields are found
 * by csv.c, the puzzle's field is read like a line, and the row is kept
 * whole in the record for whoever writes it out again.
 *
 * Pieces (bd_reader_init_piece): a reader of memory that starts from a
 * mark (the few fields that say where a reader stands between records:
 * its state, format, puzzle field and count line) and notes, instead of
 * returning it, a grid that its data ends inside of (when more data may
 * follow), so that a caller can split an input at line ends anywhere and
 * read the pieces on several threads. The count line is checked once, at
 * the end (bd_reader_finish). bd_line_shorten lets a caller hold a long
 * line in BD_PIECE_LINE_MAX bytes: what lies past BD_LINE_MAX is read only
 * as "blanks", "a comment" or "something else", so a byte or two can stand
 * for it.
 */
#include "io.h"

#include <stdio.h>
#include <string.h>

/* A line of more tokens than two rows of a grid is a record of its own. */
enum { MAX_GRID_ROW_TOKENS = 2 * BD_SIZE };

/* Analyses the next line: the one pushed back, or a new one. Returns false
 * at the end of input or on a read error (r->failed). */
static bool next_line(bd_reader *r, bdi_line_info *li)
{
    if (!r->have_pending && !bdi_read_line(r))
        return false;
    r->have_pending = false;
    if (r->separator)
        bdi_classify_row(r->pending, r->pending_len, r->pending_cut, li);   /* no comments */
    else
        bdi_analyze_line(r->pending, r->pending_len, r->pending_long, li);
    return true;
}

/* Puts the line just analysed back, to be read again by the next call. */
static void push_back(bd_reader *r)
{
    r->have_pending = true;
}

/* Counts a record read: BD_EMALFORMED if it met a fault, else BD_OK. */
static bd_status finish_record(bd_reader *r, const bd_record *rec)
{
    r->records++;
    return rec->err_line ? BD_EMALFORMED : BD_OK;
}

/* A record of one line: it should hold 81 cells. */
static bd_status line_record(bd_reader *r, const bdi_line_info *li, bd_record *rec)
{
    unsigned long line = r->pending_line;
    rec->line = line;
    rec->shape = BD_SHAPE_LINE;
    if (li->too_long)
        bdi_fault(rec, line, li->chars + 1,
                  "line is longer than %d bytes (past them only blanks and a comment may follow)",
                  BD_LINE_MAX);
    else if (li->bad_col)
        bdi_fault(rec, line, li->bad_col, "%s", li->bad_what);
    else if (li->tokens != BD_CELLS)
        bdi_fault(rec, line, li->tokens > BD_CELLS ? li->extra_col[1] : li->end_col,
                  "line has %d cell%s; a puzzle on one line has %d", li->tokens,
                  li->tokens == 1 ? "" : "s", BD_CELLS);
    else
        memcpy(rec->grid.cells, li->cells, BD_CELLS);
    rec->blank = li->blank ? li->blank : '.';
    return finish_record(r, rec);
}

/* Row `row` of the grid being read: it should hold 9 cells. */
static void grid_row(bd_reader *r, const bdi_line_info *li, int row, bd_record *rec)
{
    unsigned long line = r->pending_line;
    if (li->bad_col)
        bdi_fault(rec, line, li->bad_col, "%s", li->bad_what);
    else if (li->tokens != BD_SIZE)
        bdi_fault(rec, line, li->tokens > BD_SIZE ? li->extra_col[0] : li->end_col,
                  "grid row has %d cell%s; a row has %d", li->tokens,
                  li->tokens == 1 ? "" : "s", BD_SIZE);
    else
        memcpy(rec->grid.cells + row * BD_SIZE, li->cells, BD_SIZE);
    if (!rec->blank && li->blank)
        rec->blank = li->blank;
}

/* A grid: the line just read is its first row; 8 more rows follow. In a
 * piece that is not the last, a grid the data ends inside is not a record
 * yet: it is noted as cut (bd_reader_cut) and BD_EOF returned. */
static bd_status grid_record(bd_reader *r, const bdi_line_info *first, bd_record *rec)
{
    bdi_line_info li;
    int rows = 1;
    size_t first_at = r->pending_at;
    rec->line = r->pending_line;
    rec->shape = first->pretty ? BD_SHAPE_PRETTY
                 : first->spaced ? BD_SHAPE_SPACED : BD_SHAPE_COMPACT;
    grid_row(r, first, 0, rec);
    while (rows < BD_SIZE) {
        if (!next_line(r, &li)) {
            if (r->failed)
                return BD_EIO;
            if (r->piece && !r->last_piece) {
                r->cut = true;
                r->cut_at = first_at;
                r->cut_line = rec->line;
                return BD_EOF;
            }
            break;
        }
        if (li.kind == BDI_LINE_SKIP || (li.kind == BDI_LINE_BLANK && rows % BD_BOX == 0))
            continue;   /* comments, rules, and blank lines between bands */
        if (li.kind != BDI_LINE_CELLS || li.too_long || li.tokens > MAX_GRID_ROW_TOKENS) {
            push_back(r);
            break;
        }
        grid_row(r, &li, rows++, rec);
    }
    if (rows < BD_SIZE)
        bdi_fault(rec, rec->line, 1, "grid has %d row%s; a grid has %d", rows,
                  rows == 1 ? "" : "s", BD_SIZE);
    if (!rec->blank)
        rec->blank = '.';
    return finish_record(r, rec);
}

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
    if (len == BD_CELLS && bdi_analyze_plain(text, len, &li)) {
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
            char msg[sizeof rec->err_msg];
            quote_fault(rec->row, rec->row_len, &f, msg, sizeof msg);
            bdi_fault(rec, rec->line, bdi_text_column(rec->row, f.fault_at), "%s", msg);
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

/* A row of a CSV or TSV input: a record of its own. */
static bd_status row_record(bd_reader *r, const bdi_line_info *li, bd_record *rec)
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
    return finish_record(r, rec);
}

/* On the first significant line (not a count): are the rows of the input
 * CSV, TSV or text, and is this line a header? A line of text that is a
 * well-formed row of cells, or a puzzle with a comment, stays text even if
 * a comma follows in its comment; a line without a separator is never a
 * header (a stray word atop a file is an error, not a column's name).
 * True for a header, kept in r->header. */
static bool choose_format(bd_reader *r, const bdi_line_info *li)
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

/* At the end of input: checks the announced count of puzzles. */
/* The check of a count line against the records that followed it. */
static bd_status check_count(long header_count, unsigned long header_line,
                             unsigned long records, bd_record *rec)
{
    if (header_count >= 0 && (unsigned long)header_count != records) {
        bdi_fault(rec, header_line, 1, "the first line announces %ld puzzle%s, but %lu followed",
                  header_count, header_count == 1 ? "" : "s", records);
        return BD_EINPUT;
    }
    return BD_EOF;
}

/* At the end of input: checks the announced count of puzzles (at the end
 * of a piece, the piece's reader stops where it is, so that its mark can
 * be read; bd_reader_finish checks the count). */
static bd_status finish_input(bd_reader *r, bd_record *rec)
{
    if (r->piece)
        return BD_EOF;
    r->state = BDI_STATE_DONE;
    return check_count(r->header_count, r->header_line, r->records, rec);
}

void bd_reader_init_piece(bd_reader *reader, const bd_reader_mark *at, const void *data,
                          size_t len, unsigned long lines_before, bool last)
{
    bd_reader_init_mem(reader, data, len);
    reader->piece = true;
    reader->last_piece = last;
    reader->line_no = lines_before;
    if (!at)
        return;
    reader->state = at->state;
    reader->separator = at->separator;
    reader->puzzle_field = at->puzzle_field;
    reader->puzzle_field_line = at->puzzle_field_line;
    reader->header_count = at->header_count;
    reader->header_line = at->header_line;
}

void bd_reader_mark_of(const bd_reader *reader, bd_reader_mark *mark)
{
    *mark = (bd_reader_mark){
        .state = reader->state,
        .separator = reader->separator,
        .puzzle_field = reader->puzzle_field,
        .puzzle_field_line = reader->puzzle_field_line,
        .header_count = reader->header_count,
        .header_line = reader->header_line,
    };
}

bool bd_reader_mark_equal(const bd_reader_mark *a, const bd_reader_mark *b)
{
    return a->state == b->state && a->separator == b->separator
           && a->puzzle_field == b->puzzle_field
           && a->puzzle_field_line == b->puzzle_field_line
           && a->header_count == b->header_count && a->header_line == b->header_line;
}

bool bd_reader_cut(const bd_reader *reader, size_t *offset, unsigned long *line)
{
    if (offset)
        *offset = reader->cut ? reader->cut_at : 0;
    if (line)
        *line = reader->cut ? reader->cut_line : 0;
    return reader->cut;
}

unsigned long bd_reader_records(const bd_reader *reader)
{
    return reader->records;
}

bd_status bd_reader_finish(const bd_reader_mark *mark, unsigned long records,
                           bd_record *record)
{
    bdi_record_clear(record);
    return check_count(mark->header_count, mark->header_line, records, record);
}

bd_status bd_read(bd_reader *r, bd_record *rec)
{
    bdi_line_info li;
    bdi_record_clear(rec);
    while (r->state != BDI_STATE_DONE) {
        if (!next_line(r, &li)) {
            if (r->failed) {
                r->state = BDI_STATE_DONE;
                return BD_EIO;
            }
            return finish_input(r, rec);
        }
        if (li.kind == BDI_LINE_BLANK || li.kind == BDI_LINE_SKIP || r->state == BDI_STATE_IGNORING)
            continue;
        if (r->state == BDI_STATE_ENDED) {
            r->state = BDI_STATE_IGNORING;
            bdi_fault(rec, r->pending_line, 1, "text after the line 'end' is ignored");
            return BD_EINPUT;
        }
        if (li.kind == BDI_LINE_END) {
            r->state = BDI_STATE_ENDED;
            continue;
        }
        if (r->state == BDI_STATE_START) {
            r->state = BDI_STATE_BODY;
            if (li.only_digits) {
                r->header_count = 0;
                for (int i = 0; i < li.tokens; i++)
                    r->header_count = r->header_count * 10 + li.cells[i];
                r->header_line = r->pending_line;
                continue;
            }
            if (choose_format(r, &li))
                continue;
        }
        if (r->separator)
            return row_record(r, &li, rec);
        if (li.too_long || li.tokens > MAX_GRID_ROW_TOKENS)
            return line_record(r, &li, rec);
        return grid_record(r, &li, rec);
    }
    return BD_EOF;
}
