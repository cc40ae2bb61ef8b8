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

/* A count line has at most 6 digits, so that a grid's first row that lost
 * a digit or two (8 or 7 digits) is not taken for one. */
enum { MAX_GRID_ROW_TOKENS = 2 * BD_SIZE, MAX_HEADER_DIGITS = 6 };

typedef enum line_kind {
    LINE_BLANK,         /* nothing but blanks */
    LINE_SKIP,          /* a comment or a rule */
    LINE_END,           /* the word "end" */
    LINE_CELLS          /* cells (and maybe stray characters) */
} line_kind;

typedef struct line_info {
    line_kind kind;
    int tokens;                  /* cells and stray characters */
    uint8_t cells[BD_CELLS];     /* the first BD_CELLS cells */
    bool spaced;                 /* whitespace between two tokens */
    bool pretty;                 /* a '|' separator */
    bool only_digits;            /* nothing but ASCII digits: a count? */
    char blank;                  /* how the first blank cell was written, or 0 */
    bool too_long;
    unsigned long bad_col;       /* first stray character, 0 if none */
    char bad_what[64];           /* what it was */
    unsigned long extra_col[2];  /* column of token 10 and of token 82 */
    unsigned long end_col;       /* column just after the last token */
    unsigned long chars;         /* characters on the (kept part of the) line */
} line_info;

/* Describes the stray character at s[0..len) into `what`; returns how many
 * bytes it takes (a whole UTF-8 sequence when it is one). */
static size_t describe_stray(const unsigned char *s, size_t len, char *what, size_t size)
{
    unsigned ch = s[0];
    size_t need = ch >= 0xF0 && ch <= 0xF4 ? 4 : ch >= 0xE0 ? 3 : ch >= 0xC2 ? 2 : 1;
    if (ch >= 0x80 && need > 1 && need <= len) {
        bool valid = ch < 0xF5;
        for (size_t i = 1; i < need; i++)
            valid = valid && (s[i] & 0xC0) == 0x80;
        if (valid) {
            unsigned long code = ch & (0x7Fu >> need);
            for (size_t i = 1; i < need; i++)
                code = code << 6 | (s[i] & 0x3Fu);
            snprintf(what, size, "unexpected character '%.*s' (U+%04lX)", (int)need,
                     (const char *)s, code);
            return need;
        }
    }
    if (ch == 0)
        snprintf(what, size, "unexpected NUL byte");
    else if (ch < 0x20 || ch == 0x7F)
        snprintf(what, size, "unexpected control character 0x%02X", ch);
    else if (ch >= 0x80)
        snprintf(what, size, "unexpected byte 0x%02X (not UTF-8 text)", ch);
    else
        snprintf(what, size, "unexpected character '%c'", (char)ch);
    return 1;
}

/* A space or a tab. */
static bool is_blank_char(int ch)
{
    return ch == ' ' || ch == '\t';
}

/* True when the line is the word "end", maybe with blanks around it and a
 * " #" comment after it. */
static bool is_end_word(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && is_blank_char(s[i]))
        i++;
    if (len - i < 3 || (s[i] | 0x20) != 'e' || (s[i + 1] | 0x20) != 'n'
        || (s[i + 2] | 0x20) != 'd')
        return false;
    for (i += 3; i < len && is_blank_char(s[i]); i++)
        if (i + 1 < len && s[i + 1] == '#')
            return true;
    return i == len;
}

/* Counts a token starting at column `col` (after a gap or not), noting
 * where the 10th and the 82nd start, for the messages about extra cells. */
static void add_token(line_info *li, unsigned long col, bool gap)
{
    if (li->tokens > 0 && gap)
        li->spaced = true;
    if (li->tokens == BD_SIZE)
        li->extra_col[0] = col;
    if (li->tokens == BD_CELLS)
        li->extra_col[1] = col;
    li->tokens++;
    li->end_col = col + 1;
}

/* Takes the token at s[*i], a cell or a stray character (a whole UTF-8
 * sequence: *i moves to its last byte), at column `col`. */
static void take_token(line_info *li, const unsigned char *s, size_t len, size_t *i,
                       unsigned long col, bool gap)
{
    unsigned ch = s[*i];
    if ((ch >= '0' && ch <= '9') || ch == '.') {
        uint8_t digit = ch == '.' ? 0 : (uint8_t)(ch - '0');
        if (li->tokens < BD_CELLS)
            li->cells[li->tokens] = digit;
        if (!digit && !li->blank)
            li->blank = (char)ch;
    } else {
        char what[sizeof li->bad_what];
        *i += describe_stray(s + *i, len - *i, what, sizeof what) - 1;
        if (!li->bad_col) {
            li->bad_col = col;
            memcpy(li->bad_what, what, sizeof what);
        }
    }
    add_token(li, col, gap);
}

static void analyze_any(const char *text, size_t len, bool too_long, line_info *li);

/* The common case, lines of nothing but cells with nothing between them
 * (a puzzle line, a compact row), in one tight pass; false for any other
 * line, which analyze_any then reads. Gives what analyze_any would. */
static bool analyze_plain(const char *text, size_t len, line_info *li)
{
    size_t kept = len < BD_CELLS ? len : BD_CELLS;
    if (len == 0)
        return false;
    /* no branch per cell: whether a cell is a digit or a blank is as good
     * as random, and a loop without branches is vectorised */
    unsigned other = 0;
    for (size_t i = 0; i < kept; i++) {
        unsigned char ch = (unsigned char)text[i];
        unsigned char digit = (unsigned char)(ch - '0');
        unsigned is_digit = digit <= 9;
        other |= !is_digit & (ch != '.');
        li->cells[i] = (uint8_t)(is_digit ? digit : 0);
    }
    if (other)
        return false;
    for (size_t i = kept; i < len; i++)
        if ((unsigned)(unsigned char)text[i] - '0' > 9 && text[i] != '.')
            return false;
    const uint8_t *first_blank = memchr(li->cells, 0, kept);
    li->blank = first_blank ? text[first_blank - li->cells] : 0;
    int tokens = (int)len;
    li->kind = LINE_CELLS;
    li->tokens = tokens;
    li->spaced = li->pretty = li->too_long = false;
    li->bad_col = 0;
    li->extra_col[0] = tokens > BD_SIZE ? BD_SIZE + 1 : 0;
    li->extra_col[1] = tokens > BD_CELLS ? BD_CELLS + 1 : 0;
    li->end_col = (unsigned long)len + 1;
    li->chars = (unsigned long)len;
    li->only_digits = tokens <= MAX_HEADER_DIGITS && memchr(text, '.', len) == NULL;
    return true;
}

/* Classifies one line and collects its tokens (see the top of the file). */
static void analyze(const char *text, size_t len, bool too_long, line_info *li)
{
    if (too_long || !analyze_plain(text, len, li))
        analyze_any(text, len, too_long, li);
}

/* analyze, for any line. */
static void analyze_any(const char *text, size_t len, bool too_long, line_info *li)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    memset(li, 0, sizeof *li);
    li->too_long = too_long;
    while (i < len && is_blank_char(s[i]))
        i++;
    if (i == len && !too_long)
        return;                                   /* LINE_BLANK */
    li->kind = LINE_SKIP;
    if (s[i] == '#')
        return;                                   /* a comment */
    if (!too_long && is_end_word(text, len)) {
        li->kind = LINE_END;
        return;
    }
    unsigned long col = 0, rule_col = 0;
    char rule_char = 0;
    bool gap = false, dot = false;
    for (i = 0; i < len; i++) {
        unsigned ch = s[i];
        col++;
        if (is_blank_char((int)ch) || ch == '|') {
            gap = gap || is_blank_char((int)ch);
            li->pretty = li->pretty || ch == '|';
            continue;
        }
        if (ch == '#' && gap) {
            li->too_long = false;                 /* what was dropped is comment */
            break;                                /* a trailing comment */
        }
        if (ch == '-' || ch == '+' || ch == '=') {
            if (!rule_col) {
                rule_col = col;
                rule_char = (char)ch;
            }
            continue;
        }
        dot = dot || ch == '.';
        take_token(li, s, len, &i, col, gap);
        gap = false;
    }
    li->chars = col;
    if (li->tokens == 0 && !too_long)
        return;                                   /* a rule, or blanks and '|' */
    li->kind = LINE_CELLS;
    if (rule_col && (!li->bad_col || rule_col < li->bad_col)) {
        li->bad_col = rule_col;
        snprintf(li->bad_what, sizeof li->bad_what, "unexpected character '%c'",
                 rule_char);
    }
    li->only_digits = li->tokens <= MAX_HEADER_DIGITS && !dot && !li->spaced
                      && !li->pretty && !li->bad_col && !li->too_long;
}

/* analyze, for the text of a CSV or TSV field: cells between blanks, and
 * anything else a stray character. */
static void analyze_field(const char *text, size_t len, line_info *li)
{
    const unsigned char *s = (const unsigned char *)text;
    memset(li, 0, sizeof *li);
    li->kind = LINE_CELLS;
    unsigned long col = 0;
    bool gap = false;
    for (size_t i = 0; i < len; i++) {
        col++;
        if (is_blank_char(s[i])) {
            gap = true;
            continue;
        }
        take_token(li, s, len, &i, col, gap);
        gap = false;
    }
    li->chars = col;
}

/* How a row of a CSV or TSV input is classified before it is read: blank,
 * a '#' comment, "end", or a row (LINE_CELLS). */
static void classify_row(const char *text, size_t len, bool too_long, line_info *li)
{
    size_t i = 0;
    while (i < len && is_blank_char(text[i]))
        i++;
    li->too_long = too_long;
    if (i == len && !too_long)
        li->kind = LINE_BLANK;
    else if (text[i] == '#')
        li->kind = LINE_SKIP;
    else if (!too_long && is_end_word(text, len))
        li->kind = LINE_END;
    else
        li->kind = LINE_CELLS;
}

/* Analyses the next line: the one pushed back, or a new one. Returns false
 * at the end of input or on a read error (r->failed). */
static bool next_line(bd_reader *r, line_info *li)
{
    if (!r->have_pending && !bdi_read_line(r))
        return false;
    r->have_pending = false;
    if (r->separator)
        classify_row(r->pending, r->pending_len, r->pending_cut, li);   /* no comments */
    else
        analyze(r->pending, r->pending_len, r->pending_long, li);
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
static bd_status line_record(bd_reader *r, const line_info *li, bd_record *rec)
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
static void grid_row(bd_reader *r, const line_info *li, int row, bd_record *rec)
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
static bd_status grid_record(bd_reader *r, const line_info *first, bd_record *rec)
{
    line_info li;
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
        if (li.kind == LINE_SKIP || (li.kind == LINE_BLANK && rows % BD_BOX == 0))
            continue;   /* comments, rules, and blank lines between bands */
        if (li.kind != LINE_CELLS || li.too_long || li.tokens > MAX_GRID_ROW_TOKENS) {
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
    describe_stray((const unsigned char *)row + f->fault_at, len - f->fault_at, what,
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
    line_info li;
    if (!analyze_plain(text, len, &li))
        analyze_field(text, len, &li);
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
    line_info li;
    if (len == BD_CELLS && analyze_plain(text, len, &li)) {
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
static bd_status row_record(bd_reader *r, const line_info *li, bd_record *rec)
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
static bool choose_format(bd_reader *r, const line_info *li)
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
    line_info li;
    bdi_record_clear(rec);
    while (r->state != BDI_STATE_DONE) {
        if (!next_line(r, &li)) {
            if (r->failed) {
                r->state = BDI_STATE_DONE;
                return BD_EIO;
            }
            return finish_input(r, rec);
        }
        if (li.kind == LINE_BLANK || li.kind == LINE_SKIP || r->state == BDI_STATE_IGNORING)
            continue;
        if (r->state == BDI_STATE_ENDED) {
            r->state = BDI_STATE_IGNORING;
            bdi_fault(rec, r->pending_line, 1, "text after the line 'end' is ignored");
            return BD_EINPUT;
        }
        if (li.kind == LINE_END) {
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
