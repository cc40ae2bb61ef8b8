/*
 * reader.c - text -> puzzles, one record at a time, in constant memory:
 * bd_read, the states of a reader, and the grouping of lines into
 * records. Beneath it, lines.c gives the next line (only its first
 * BD_LINE_MAX bytes, and whether what lay past them was blanks, a
 * comment, or anything else), classify.c says what a line is on its own
 * (blank, a comment or a rule, "end", or cells: its tokens), csv_rows.c
 * reads an input of CSV or TSV rows, and record.c keeps a record's first
 * fault.
 *
 * Lines of cells are grouped into records without ever looking at their
 * contents again, by their number of tokens (cells and stray characters)
 * and of gaps between them:
 *   - more than 2 x 9 tokens: the line is a record of its own (it should
 *     hold exactly 81 cells, or 729 for pencil marks), and so is a line
 *     whose tail past BD_LINE_MAX holds more than blanks and a comment
 *     ("longer than ... bytes"), and the words "no solution" (an answer:
 *     a record to a reader of answers, a malformed one to a reader of
 *     puzzles);
 *   - otherwise, or when the line is a row of pencil marks (9 groups, one
 *     of two tokens or more: bdi_pencil_row), the line opens a grid, and
 *     the grid takes the next lines until it has 9 rows (each should hold
 *     9 cells). Comments and rules may stand between its rows, and blank
 *     lines between its bands; any other blank line, a title ('%'),
 *     "end", a line that is a record of its own or the end of input closes
 *     it early, and then it is malformed. A grid with a row of pencil
 *     marks is a grid of pencil marks: every row is then read as 9 cells'
 *     candidates.
 * A grid opened right after the 9th row of another, with no blank line or
 * title between (r->after_grid), and closed early after at most
 * STRAY_ROWS_MAX rows, is taken for rows too many in the grid above (where
 * blank lines set grids apart, a line repeated or added): it is reported
 * as bad input (BD_EINPUT), not a record, so that the records after it
 * stay in step with their puzzles. Fewer rows lost by the next grid than
 * added to the one above would be needed to read it otherwise.
 * The very first significant line may be a bare number of 1 to 6 digits,
 * leading zeros allowed: the count of puzzles that follow (POJ 2676 style).
 * At the end it is compared with the number of records read. A first line
 * of 7 or 8 digits is neither: it is taken for a grid's first row that lost
 * a digit or two, and reported as such, never silently. Otherwise the first
 * significant line decides whether the input is rows of CSV or TSV, from
 * then on each line a record of its own (csv_rows.c). The word "end" stops
 * the input (POJ 3074 style): anything after it but blanks and comments is
 * reported once, then ignored.
 *
 * A record with any fault is reported once, at its first fault, with the
 * 1-based line and column (columns count characters, not bytes of UTF-8).
 *
 * Among the records of a text input, a line of exactly 81 cells that lies
 * whole among the bytes at hand, the commonest record, is read from them
 * at once (plain_line_record), as the steps above would read it.
 *
 * A reader of one piece of an input (pieces.c) differs in two ways: when
 * more data may follow, a grid its data ends inside of is noted as cut,
 * not returned; and the end of its data is not the end of the input, so
 * the count line is left to bd_reader_finish.
 */
#include "io.h"

#include <string.h>

/* A line of more tokens than two rows of a grid is a record of its own
 * (unless it is a row of pencil marks). */
enum { MAX_GRID_ROW_TOKENS = 2 * BD_SIZE };

/* At most so many rows right after a full grid, closed early, are rows too
 * many in that grid: with more, the grid lost fewer than it holds. */
enum { STRAY_ROWS_MAX = BD_SIZE / 2 };

/* True when a line of cells (li) is a record of its own, not a grid's row. */
static bool own_record(const bdi_line_info *li)
{
    return li->too_long || (li->tokens > MAX_GRID_ROW_TOKENS && !bdi_pencil_row(li));
}

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

/* The grid of a record of pencil marks: the cells with one candidate. */
static void marks_grid(bd_record *rec)
{
    rec->has_marks = true;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned cand = rec->marks.cand[cell];
        rec->grid.cells[cell] = (uint8_t)(digit_count(cand) == 1 ? bit_digit(cand) : 0);
    }
}

/* A line of 729 cells: pencil marks. */
static void mark_line(bd_reader *r, bd_record *rec)
{
    unsigned long col;
    char what[sizeof rec->err_msg];
    if (bdi_read_mark_line(r->pending, r->pending_len, &rec->marks, &col, what, sizeof what))
        marks_grid(rec);
    else
        bdi_fault(rec, r->pending_line, col, "%s", what);
}

/* The words "no solution": an answer to a reader of answers, a malformed
 * record to a reader of puzzles. */
static bd_status words_record(bd_reader *r, bd_record *rec)
{
    rec->line = r->pending_line;
    rec->shape = BD_SHAPE_LINE;
    rec->blank = '.';
    if (r->role == BD_ROLE_ANSWERS)
        rec->no_solution = true;
    else
        bdi_fault(rec, rec->line, 1, "'no solution' is an answer, not a puzzle");
    return finish_record(r, rec);
}

/* A record of one line: it should hold 81 cells (or 729 of pencil marks). */
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
    else if (li->tokens == BDI_MARK_LINE_CELLS)
        mark_line(r, rec);
    else if (li->tokens != BD_CELLS)
        bdi_fault(rec, line, li->tokens > BD_CELLS ? li->extra_col[1] : li->end_col,
                  "line has %d cell%s; a puzzle on one line has %d", li->tokens,
                  li->tokens == 1 ? "" : "s", BD_CELLS);
    else
        memcpy(rec->grid.cells, li->cells, BD_CELLS);
    rec->blank = li->blank ? li->blank : '.';
    return finish_record(r, rec);
}

/* What grid_record knows of the grid it reads, besides the record. */
typedef struct grid_rows {
    int rows;                       /* rows read */
    bool marked;                    /* a row of pencil marks was among them */
    unsigned plain;                 /* the rows read as cells (bit r) */
    unsigned long line[BD_SIZE];    /* the line of each row */
    int groups[BD_SIZE];            /* a row read as cells that has groups of
                                       touching tokens: how many; else 0 */
} grid_rows;

/* Row `row` of a grid, a row of pencil marks: 9 cells' candidates. */
static void mark_row(bd_reader *r, int row, bd_record *rec)
{
    unsigned long col;
    char what[sizeof rec->err_msg];
    if (!bdi_read_mark_row(r->pending, r->pending_len, rec->marks.cand + row * BD_SIZE, &col,
                           what, sizeof what))
        bdi_fault(rec, r->pending_line, col, "%s", what);
}

/* Row `row` of the grid being read: it should hold 9 cells (or, in a grid
 * of pencil marks, 9 cells' candidates). */
static void grid_row(bd_reader *r, const bdi_line_info *li, grid_rows *g, bd_record *rec)
{
    unsigned long line = r->pending_line;
    int row = g->rows++;
    bool grouped = li->joined && li->gaps > 0;
    g->line[row] = line;
    if (bdi_pencil_row(li) || (g->marked && grouped)) {
        g->marked = true;
        mark_row(r, row, rec);
        return;
    }
    g->plain |= 1u << row;
    g->groups[row] = grouped ? li->gaps + 1 : 0;
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

/* A grid of pencil marks whose rows `g` has read: the rows read as cells
 * give their digits as candidates (a blank is a fault), and the record's
 * grid is its givens. */
static void finish_marks(const grid_rows *g, bd_record *rec)
{
    for (int row = 0; row < g->rows; row++) {
        if (!(g->plain >> row & 1u))
            continue;
        if (g->groups[row])
            bdi_fault(rec, g->line[row], 1, "row has %d cell%s; a row of pencil marks has %d",
                      g->groups[row], g->groups[row] == 1 ? "" : "s", BD_SIZE);
        for (int c = 0; c < BD_SIZE; c++) {
            int cell = row * BD_SIZE + c, digit = rec->grid.cells[cell];
            if (!digit)
                bdi_fault(rec, g->line[row], 1, "r%dc%d is blank: a grid of pencil marks "
                          "lists every cell's candidates", row + 1, c + 1);
            rec->marks.cand[cell] = (uint16_t)(digit ? digit_bit(digit) : 0);
        }
    }
    rec->shape = BD_SHAPE_SPACED;
    if (!rec->err_line)
        marks_grid(rec);
}

/* A grid: the line just read is its first row; 8 more rows follow. In a
 * piece that is not the last, a grid the data ends inside is not a record
 * yet: it is noted as cut (bd_reader_cut) and BD_EOF returned. `tail`: it
 * opens right after a grid's 9th row; if it closes early within
 * STRAY_ROWS_MAX rows, it is those rows too many, reported (BD_EINPUT). */
static bd_status grid_record(bd_reader *r, const bdi_line_info *first, bool tail, bd_record *rec)
{
    bdi_line_info li;
    grid_rows g = {.rows = 0};
    size_t first_at = r->pending_at;
    rec->line = r->pending_line;
    rec->shape = first->pretty ? BD_SHAPE_PRETTY
                 : first->sheet ? BD_SHAPE_SHEET
                 : first->spaced ? BD_SHAPE_SPACED : BD_SHAPE_COMPACT;
    grid_row(r, first, &g, rec);
    while (g.rows < BD_SIZE) {
        if (!next_line(r, &li)) {
            if (r->failed)
                return BD_EIO;
            if (r->piece && !r->last_piece) {
                r->cut = true;
                r->cut_at = first_at;
                r->cut_line = rec->line;
                r->after_grid = tail;
                return BD_EOF;
            }
            break;
        }
        if (li.kind == BDI_LINE_SKIP || (li.kind == BDI_LINE_BLANK && g.rows % BD_BOX == 0))
            continue;   /* comments, rules, and blank lines between bands */
        if (li.kind != BDI_LINE_CELLS || own_record(&li)) {
            push_back(r);
            break;
        }
        grid_row(r, &li, &g, rec);
    }
    if (g.rows < BD_SIZE && tail && g.rows <= STRAY_ROWS_MAX) {
        bdi_record_clear(rec);
        bdi_fault(rec, g.line[0], 1, "%d line%s of cells after the 9 rows of a grid, where a blank line "
                  "should be: taken for rows too many in that grid, and skipped",
                  g.rows, g.rows == 1 ? "" : "s");
        return BD_EINPUT;
    }
    if (g.rows < BD_SIZE)
        bdi_fault(rec, rec->line, 1, "grid has %d row%s; a grid has %d", g.rows,
                  g.rows == 1 ? "" : "s", BD_SIZE);
    else
        r->after_grid = true;
    if (g.marked && g.rows == BD_SIZE)
        finish_marks(&g, rec);
    if (!rec->blank)
        rec->blank = '.';
    return finish_record(r, rec);
}

/* The check of a count line against the records that followed it. */
bd_status bdi_check_count(long header_count, unsigned long header_line, unsigned long records,
                          bd_record *rec)
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
    return bdi_check_count(r->header_count, r->header_line, r->records, rec);
}

/* On the first significant line (li, not "end"): true when it is not a
 * record but the count line (kept in r->header_count) or the header of
 * rows of CSV or TSV (csv_rows.c decides, and sets r->separator). */
static bool first_line(bd_reader *r, const bdi_line_info *li)
{
    if (li->only_digits) {
        r->header_count = 0;
        for (int i = 0; i < li->tokens; i++)
            r->header_count = r->header_count * 10 + li->cells[i];
        r->header_line = r->pending_line;
        return true;
    }
    return bdi_choose_format(r, li);
}

void bd_reader_set_role(bd_reader *reader, bd_role role)
{
    reader->role = (int)role;
}

/* The record that the significant line just read (li) opens: a row of
 * CSV or TSV, the words "no solution", a line of 81 cells, or a grid. */
static bd_status open_record(bd_reader *r, const bdi_line_info *li, bd_record *rec)
{
    bool tail = r->after_grid;
    r->after_grid = false;
    if (r->separator) {
        bdi_row_record(r, li, rec);
        return finish_record(r, rec);
    }
    if (li->kind == BDI_LINE_NO_SOLUTION)
        return words_record(r, rec);
    if (own_record(li))
        return line_record(r, li, rec);
    return grid_record(r, li, tail, rec);
}

/* The commonest record read at once, without the pending line: when the
 * reader is among the records of a text input (no row of CSV, nothing
 * read ahead, '\n' line ends) and the bytes at hand begin with a line of
 * exactly BD_CELLS cells (then '\n' or "\r\n"), reads it into `rec`
 * (cleared) as line_record would, and moves the reader past it as
 * bdi_read_line and open_record would; r->pending is left as it was,
 * since nothing reads it before the next line is read. False, with
 * nothing changed, for anything else, which bd_read then reads its usual
 * way. */
static bool plain_line_record(bd_reader *r, bd_record *rec)
{
    if (r->state != BDI_STATE_BODY || r->separator || r->have_pending || r->line_end != '\n')
        return false;
    size_t avail = r->data_len - r->data_pos;
    const char *text = (const char *)r->data + r->data_pos;
    if (avail <= BD_CELLS)
        return false;
    size_t len = BD_CELLS + (text[BD_CELLS] == '\r');
    char blank;
    if (len >= avail || text[len] != '\n')
        return false;
    if (!bdi_puzzle_cells(text, rec->grid.cells, &blank)) {
        memset(rec->grid.cells, 0, BD_CELLS);   /* cleared again */
        return false;
    }
    r->pending_at = r->data_pos;
    r->data_pos += len + 1;
    r->pending_line = ++r->line_no;
    r->after_grid = false;
    rec->line = r->line_no;
    rec->shape = BD_SHAPE_LINE;
    rec->blank = blank ? blank : '.';
    r->records++;
    return true;
}

/* Reads the next record of `r` into `rec` (see bitdoku.h): skips blank
 * lines and comments, moves through the reader's states, and hands each
 * significant line to open_record. */
bd_status bd_read(bd_reader *r, bd_record *rec)
{
    bdi_line_info li;
    bdi_record_clear(rec);
    if (plain_line_record(r, rec))
        return BD_OK;
    while (r->state != BDI_STATE_DONE) {
        if (!next_line(r, &li)) {
            if (r->failed) {
                r->state = BDI_STATE_DONE;
                return BD_EIO;
            }
            return finish_input(r, rec);
        }
        if (li.kind <= BDI_LINE_TITLE || r->state == BDI_STATE_IGNORING) {
            /* blank lines and titles set grids apart; comments do not */
            r->after_grid = r->after_grid && li.kind == BDI_LINE_SKIP;
            continue;
        }
        if (r->state == BDI_STATE_ENDED) {
            r->state = BDI_STATE_IGNORING;
            bdi_fault(rec, r->pending_line, 1, "text after the line 'end' is ignored");
            return BD_EINPUT;
        }
        if (li.kind == BDI_LINE_END) {
            r->state = BDI_STATE_ENDED;
            r->after_grid = false;
            continue;
        }
        if (r->state == BDI_STATE_START) {
            r->state = BDI_STATE_BODY;
            if (first_line(r, &li))
                continue;
        }
        return open_record(r, &li, rec);
    }
    return BD_EOF;
}
