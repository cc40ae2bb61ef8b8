/*
 * csv_rows.c - an input of CSV or TSV rows: whether an input is one, which
 * field holds the puzzle, and each row as a record. csv.c beneath it finds
 * a row's fields; classify.c reads the puzzle's field as it reads a line.
 *
 * The first significant line of an input, unless it is a count, decides
 * whether its lines are rows of fields (bdi_choose_format; the rules are
 * in bitdoku.h): a line holding a tab that csv.c takes for a row of TSV,
 * a line holding a comma and a stray character outside any trailing
 * comment, or a line that is only a name of the puzzles' column (the
 * header of one column). A first row that names columns is the header,
 * kept in the reader, not a record; its names may fix the field of the
 * record's grid (r->puzzle_field, r->puzzle_named: the puzzle's, or for a
 * reader of answers the answer's) and the answer's (r->answer_field).
 *
 * From then on every line is a record of its own (bdi_row_record), kept
 * whole in the record (bd_record.row) for whoever writes it out again.
 * Its fields are read in turn, each split once, and each only looked at
 * while the field of the grid is not known, or when it is that field:
 *   - known (named by the header, or found on an earlier row): that field
 *     must hold a grid of 81 cells (or, to a reader of answers, the words
 *     "no solution");
 *   - not known: a reader of puzzles takes the first field that looks like
 *     a grid; the first row where that grid has a blank or is malformed
 *     fixes the field (a complete grid is more likely a solution: it
 *     fixes nothing, and one that does not stand in the first field is
 *     taken for the solution beside a damaged puzzle). A reader of answers
 *     takes the last field that looks like a grid or says "no solution";
 *     the first row where a field holds a complete grid or those words
 *     fixes the field (a grid with blanks is more likely the puzzle).
 * So one damaged row is one malformed record, never a field moved for the
 * rows after it. A field of exactly 81 plain cells, the common case, is
 * read in one pass; any other that looks like a grid is read token by
 * token, so that its fault has a column. bd_row_grid and bd_row_answer
 * read a later field of a row the same way (the proposed solution beside
 * a puzzle).
 */
#include "io.h"

#include <stdio.h>
#include <string.h>

/* The names of a header's field that hold the puzzles, and the answers
 * (blanks around them and case aside). */
static const char *const PUZZLE_NAMES[] = {"puzzle", "puzzles", "quiz", "quizzes", "sudoku",
                                           "sudokus", "grid", "grids", "board", "boards",
                                           "problem", "problems"};
static const char *const ANSWER_NAMES[] = {"solution", "solutions", "answer", "answers",
                                           "solved"};
enum {
    PUZZLE_NAME_COUNT = sizeof PUZZLE_NAMES / sizeof PUZZLE_NAMES[0],
    ANSWER_NAME_COUNT = sizeof ANSWER_NAMES / sizeof ANSWER_NAMES[0]
};

/* A space or a tab. */
static bool is_blank(char ch)
{
    return ch == ' ' || ch == '\t';
}

/* True when text[0..len), blanks around it aside, is one of `names`, case
 * aside. */
static bool is_name(const char *text, size_t len, const char *const *names, int count)
{
    while (len > 0 && is_blank(*text)) {
        text++;
        len--;
    }
    while (len > 0 && is_blank(text[len - 1]))
        len--;
    for (int i = 0; i < count; i++) {
        size_t n = strlen(names[i]);
        bool same = n == len;
        for (size_t k = 0; same && k < n; k++)
            same = (text[k] | 0x20) == names[i][k];
        if (same)
            return true;
    }
    return false;
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

/* What a field holds: FIELD_GRID (read into `grid` and `blank`),
 * FIELD_BAD_GRID (it looks like a grid but is not one: the column of the
 * fault and what it is), FIELD_WORDS ("no solution", when `words` asks
 * for them), or FIELD_NO_GRID. A field of exactly 81 plain cells, the
 * common case, is read in one pass. */
typedef enum field_kind { FIELD_NO_GRID, FIELD_GRID, FIELD_BAD_GRID, FIELD_WORDS } field_kind;

static field_kind field_grid(const char *row, const bdi_field *f, bool words, bd_grid *grid,
                             char *blank, unsigned long *col, char *msg, size_t size)
{
    const char *text = row + f->text;
    size_t len = f->text_end - f->text;
    bdi_line_info li;
    if (len == BD_CELLS && bdi_analyze_puzzle(text, &li)) {
        memcpy(grid->cells, li.cells, BD_CELLS);
        *blank = li.blank ? li.blank : '.';
        return FIELD_GRID;
    }
    if (words && bdi_no_solution_words(text, len))
        return FIELD_WORDS;
    if (!bdi_csv_grid_like(text, len))
        return FIELD_NO_GRID;
    return field_cells(row, f, grid, blank, col, msg, size) ? FIELD_GRID : FIELD_BAD_GRID;
}

/* True when a grid has no blank cell. */
static bool complete(const bd_grid *grid)
{
    return memchr(grid->cells, 0, BD_CELLS) == NULL;
}

/* The name of what a reader's records hold, for messages. */
static const char *noun(const bd_reader *r)
{
    return r->role == BD_ROLE_ANSWERS ? "answer" : "puzzle";
}

/* What read_row has found on a row whose field is not known yet: the
 * field it takes the record's grid from, and what that field holds. */
typedef struct row_pick {
    int field;                  /* -1: none yet */
    field_kind kind;
    bool fixes;                 /* it fixes the field for the rows after */
    unsigned long col;          /* FIELD_BAD_GRID: the fault */
    char msg[128];
    unsigned long start_col;    /* where the field starts */
} row_pick;

/* Field `f`, numbered `index`, of a row whose field is not known: may it
 * be the record's grid (see the top of the file)? */
static void consider(const bd_reader *r, bd_record *rec, const bdi_field *f, int index,
                     row_pick *pick)
{
    bool answers = r->role == BD_ROLE_ANSWERS;
    if (!answers && pick->field >= 0)
        return;                 /* puzzles: the first grid is the one */
    bd_grid grid;
    char blank;
    unsigned long col;
    char msg[sizeof pick->msg];
    field_kind kind = field_grid(rec->row, f, answers, &grid, &blank, &col, msg, sizeof msg);
    if (kind == FIELD_NO_GRID)
        return;
    bool full = kind == FIELD_GRID && complete(&grid);
    if (answers && pick->fixes)
        return;                 /* answers: the first complete grid is the one */
    *pick = (row_pick){.field = index, .kind = kind,
                       .fixes = answers ? full || kind == FIELD_WORDS : !full, .col = col,
                       .start_col = bdi_text_column(rec->row, f->start)};
    memcpy(pick->msg, msg, sizeof msg);
    if (kind == FIELD_GRID) {       /* else its cells were not all read */
        rec->grid = grid;
        rec->blank = blank;
    } else {
        memset(&rec->grid, 0, sizeof rec->grid);
    }
}

/* Field `f` of a row, the field of the record's grid, known. */
static void read_known(const bd_reader *r, bd_record *rec, const bdi_field *f)
{
    unsigned long col;
    char msg[sizeof rec->err_msg];
    rec->puzzle_field = r->puzzle_field;
    field_kind kind = field_grid(rec->row, f, r->role == BD_ROLE_ANSWERS, &rec->grid,
                                 &rec->blank, &col, msg, sizeof msg);
    if (kind == FIELD_WORDS) {
        rec->no_solution = true;
    } else if (kind == FIELD_BAD_GRID) {
        bdi_fault(rec, rec->line, col, "%s", msg);
    } else if (kind == FIELD_NO_GRID) {
        if (r->puzzle_named)
            bdi_fault(rec, rec->line, bdi_text_column(rec->row, f->start),
                      "field %d, the %ss' by the header, holds no %s (%d cells)",
                      r->puzzle_field + 1, noun(r), noun(r), BD_CELLS);
        else
            bdi_fault(rec, rec->line, bdi_text_column(rec->row, f->start),
                      "field %d, the %ss' since line %lu, holds no %s (%d cells)",
                      r->puzzle_field + 1, noun(r), r->puzzle_field_line, noun(r), BD_CELLS);
    }
}

/* The end of a row whose field was not known: what was picked becomes the
 * record's grid, and may fix the field. */
static void settle_pick(bd_reader *r, bd_record *rec, const row_pick *pick)
{
    if (pick->field < 0) {
        bdi_fault(rec, rec->line, 1, "no field holds %s %s (%d cells)",
                  r->role == BD_ROLE_ANSWERS ? "an" : "a", noun(r), BD_CELLS);
        return;
    }
    rec->puzzle_field = pick->field;
    if (pick->fixes) {
        r->puzzle_field = pick->field;
        r->puzzle_field_line = rec->line;
    }
    if (pick->kind == FIELD_WORDS)
        rec->no_solution = true;
    else if (pick->kind == FIELD_BAD_GRID)
        bdi_fault(rec, rec->line, pick->col, "%s", pick->msg);
    else if (r->role == BD_ROLE_PUZZLES && !pick->fixes && pick->field > 0)
        bdi_fault(rec, rec->line, pick->start_col,
                  "no puzzle: the first grid, in field %d, is complete (a solution?), and "
                  "no field before it holds a puzzle", pick->field + 1);
}

/* Finds the fields of a row, and reads the record's grid from them. */
static void read_row(bd_reader *r, bd_record *rec)
{
    size_t pos = 0;
    row_pick pick = {.field = -1};
    bool known = r->puzzle_field >= 0;
    for (int index = 0;; index++) {
        bdi_field f;
        if (!bdi_csv_field(rec->row, rec->row_len, pos, rec->separator, &f)) {
            row_quote_fault(rec, &f);
            return;
        }
        if (!known)
            consider(r, rec, &f, index, &pick);
        else if (index == r->puzzle_field)
            read_known(r, rec, &f);
        if (f.end >= rec->row_len) {
            if (known && index < r->puzzle_field)
                read_known(r, rec, &(bdi_field){.start = rec->row_len, .end = rec->row_len,
                                                .text = rec->row_len,
                                                .text_end = rec->row_len});
            break;
        }
        pos = f.end + 1;
    }
    if (!known)
        settle_pick(r, rec, &pick);
}

void bdi_row_record(bd_reader *r, const bdi_line_info *li, bd_record *rec)
{
    rec->line = r->pending_line;
    rec->shape = BD_SHAPE_LINE;
    rec->blank = '.';
    rec->separator = r->separator;
    rec->puzzle_field = -1;
    rec->answer_field = r->answer_field;
    rec->row_len = r->pending_len;
    memcpy(rec->row, r->pending, r->pending_len + 1);
    if (li->too_long)
        bdi_fault(rec, rec->line, bdi_text_column(rec->row, rec->row_len),
                  "line is longer than %d bytes", BD_LINE_MAX);
    else
        read_row(r, rec);
}

/* Reads the names of the header just kept: the first field named as the
 * puzzles' and the first named as the answers'. */
static void read_names(bd_reader *r)
{
    int puzzle = -1, answer = -1;
    size_t pos = 0;
    for (int index = 0;; index++) {
        bdi_field f;
        if (!bdi_csv_field(r->header, r->header_len, pos, r->separator, &f))
            break;
        const char *text = r->header + f.text;
        size_t len = f.text_end - f.text;
        if (puzzle < 0 && is_name(text, len, PUZZLE_NAMES, PUZZLE_NAME_COUNT))
            puzzle = index;
        if (answer < 0 && is_name(text, len, ANSWER_NAMES, ANSWER_NAME_COUNT))
            answer = index;
        if (f.end >= r->header_len)
            break;
        pos = f.end + 1;
    }
    r->answer_field = answer;
    int mine = r->role == BD_ROLE_ANSWERS ? answer : puzzle;
    if (mine >= 0) {
        r->puzzle_field = mine;
        r->puzzle_named = true;
        r->puzzle_field_line = r->pending_line;
    }
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
    else if (li->bad_col && is_name(text, len, PUZZLE_NAMES, PUZZLE_NAME_COUNT))
        r->separator = ',';     /* the header of one column */
    if (!r->separator || !bdi_csv_header_like(text, len, r->separator))
        return false;
    memcpy(r->header, text, len + 1);
    r->header_len = len;
    r->has_header = true;
    read_names(r);
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

/* The first field after field `after` of rec's row that looks like a
 * grid, or with `words` says "no solution"; or exactly field `only`
 * (when not -1). */
static bd_status find_grid(const bd_record *rec, int after, int only, bool words,
                           bd_field_grid *out)
{
    size_t pos = 0;
    char blank;
    out->no_solution = false;
    for (int index = 0;; index++) {
        bdi_field f;
        out->field = index;
        if (!bdi_csv_field(rec->row, rec->row_len, pos, rec->separator, &f)) {
            out->err_col = bdi_text_column(rec->row, f.fault_at);
            quote_fault(rec->row, rec->row_len, &f, out->err_msg, sizeof out->err_msg);
            return BD_EMALFORMED;
        }
        bool looked = only >= 0 ? index == only : index > after;
        field_kind kind = !looked ? FIELD_NO_GRID
                          : field_grid(rec->row, &f, words, &out->grid, &blank, &out->err_col,
                                       out->err_msg, sizeof out->err_msg);
        out->no_solution = kind == FIELD_WORDS;
        if (kind != FIELD_NO_GRID)
            return kind == FIELD_BAD_GRID ? BD_EMALFORMED : BD_OK;
        if (looked && only >= 0) {
            if (f.text_end == f.text)
                return BD_EOF;
            out->err_col = bdi_text_column(rec->row, f.start);
            snprintf(out->err_msg, sizeof out->err_msg, "field %d holds no grid (%d cells)",
                     index + 1, BD_CELLS);
            return BD_EMALFORMED;
        }
        if (f.end >= rec->row_len)
            return BD_EOF;
        pos = f.end + 1;
    }
}

bd_status bd_row_grid(const bd_record *rec, int after, bd_field_grid *out)
{
    if (!rec || !out || !rec->separator || rec->row_len > BD_LINE_MAX)
        return BD_EINVAL;
    return find_grid(rec, after, -1, false, out);
}

bd_status bd_row_answer(const bd_record *rec, bd_field_grid *out)
{
    if (!rec || !out || !rec->separator || rec->row_len > BD_LINE_MAX)
        return BD_EINVAL;
    if (rec->answer_field >= 0 && rec->answer_field != rec->puzzle_field)
        return find_grid(rec, -1, rec->answer_field, true, out);
    return find_grid(rec, rec->puzzle_field, -1, true, out);
}
