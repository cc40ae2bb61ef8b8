/*
 * answer.c - one record in, the text of its answer out: each command's
 * answer function (s->answer) framed by answer_record, and the answer_put
 * family with which those functions write their text: words, formatted
 * text, a grid in the requested shape (answer_shape), a board of any size
 * in its alphabet (answer_board), or the words that stand for no answer
 * (`error`, with why for stderr).
 * Beside them, `reasons`: the eliminations a hint has seen, as one text.
 *
 * An answer's text lives in a buffer of its own that grows as needed and is
 * kept from one record to the next, so that a long answer (many solutions,
 * the steps of a solution path) costs no allocation once the buffer is big
 * enough. If it cannot grow, the answer becomes `error` (out of memory).
 *
 * With --csv an answer is one row: the record's own fields, then ours. The
 * answer functions write as usual and mark the gaps between their values
 * (answer_field); each field is closed where it ends: its final newline
 * dropped, and quoted as RFC 4180 says when it holds a separator, a quote
 * or a line end (so a multi-line answer is one quoted field). Grids are
 * lines; a puzzle of pencil marks is its 729 characters. A field is quoted
 * in place, so the text is written only once.
 * answer_end fills the columns an answer left unwritten with empty fields,
 * so that every row is as wide as the header.
 */
#include "answer.h"
#include "bitdoku.h"
#include "clock.h"
#include "settings.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { FIRST_CAPACITY = 256 };

/* Makes room for `more` bytes and a NUL after the text; false when there
 * is none to be had (the answer is then marked out of memory). */
static bool reserve(answer *a, size_t more)
{
    if (a->out_of_memory)
        return false;
    if (a->len + more + 1 <= a->cap)
        return true;
    size_t cap = a->cap ? a->cap : FIRST_CAPACITY;
    while (cap < a->len + more + 1)
        cap *= 2;
    char *text = realloc(a->text, cap);
    if (!text) {
        a->out_of_memory = true;
        return false;
    }
    a->text = text;
    a->cap = cap;
    return true;
}

void answer_free(answer *a)
{
    free(a->text);
    *a = (answer){0};
}

void answer_put(answer *a, const char *text)
{
    answer_put_bytes(a, text, strlen(text));
}

void answer_put_bytes(answer *a, const char *bytes, size_t len)
{
    if (!reserve(a, len))
        return;
    memcpy(a->text + a->len, bytes, len);
    a->len += len;
    a->text[a->len] = '\0';
}

void reasons_add(reasons *r, const char *text)
{
    size_t more = strlen(text) + 2;
    if (r->len + more + 1 > r->cap) {
        size_t want = r->cap ? r->cap * 2 : 1024;
        while (want < r->len + more + 1)
            want *= 2;
        char *bigger = realloc(r->text, want);
        if (!bigger) {
            r->failed = true;
            return;
        }
        r->text = bigger;
        r->cap = want;
    }
    if (r->len) {
        memcpy(r->text + r->len, "; ", 2);
        r->len += 2;
    }
    memcpy(r->text + r->len, text, more - 2);
    r->len += more - 2;
    r->text[r->len] = '\0';
}

void reasons_put(answer *a, const reasons *r)
{
    if (!r->len)
        return;
    answer_put(a, " after: ");
    answer_put(a, r->text);
}

bool answer_board(answer *a, const bd_board *board, const bd_board_text *how)
{
    bd_board_text shape = *how;
    shape.grid = shape.grid && !a->csv_separator;
    /* written in place: three bytes a cell at most (a number and a gap),
     * a line end a row, the NUL */
    size_t n = board && board->size > 0 && board->size <= BD_BOARD_MAX ? (size_t)board->size : 0;
    if (!reserve(a, n * n * 3 + n))
        return false;
    size_t len = bd_board_format(board, &shape, a->text + a->len, a->cap - a->len);
    if (!len && shape.alphabet != BD_ALPHABET_NUMBERS) {
        /* the alphabet has too few symbols for N (digits 35, letters 26,
         * hex 16): the board in numbers, as --help says */
        shape.alphabet = BD_ALPHABET_NUMBERS;
        len = bd_board_format(board, &shape, a->text + a->len, a->cap - a->len);
    }
    if (!len) {
        a->text[a->len] = '\0';
        answer_fail(a, "the board cannot be written");
        return false;
    }
    a->len += a->csv_separator ? len - 1 : len;
    a->text[a->len] = '\0';
    return true;
}

void answer_printf(answer *a, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    char probe[1];
    int needed = vsnprintf(probe, 0, fmt, args);
    va_end(args);
    if (needed < 0 || !reserve(a, (size_t)needed))
        return;
    va_start(args, fmt);
    vsnprintf(a->text + a->len, (size_t)needed + 1, fmt, args);
    va_end(args);
    a->len += (size_t)needed;
}

void answer_grid(answer *a, const bd_grid *grid, bd_shape shape)
{
    if (!reserve(a, BD_FORMAT_MAX))
        return;
    a->len += bd_format(grid, a->csv_separator ? BD_SHAPE_LINE : shape, a->text + a->len);
    if (a->csv_separator)
        a->text[--a->len] = '\0';         /* a field, not a line */
}

/* True when the field text[from..len) must be quoted in a row. */
static bool needs_quotes(const answer *a, size_t from)
{
    for (size_t i = from; i < a->len; i++) {
        char ch = a->text[i];
        if (ch == a->csv_separator || ch == '"' || ch == '\n' || ch == '\r')
            return true;
    }
    return false;
}

/* Ends the field being written: drops its final newline, and quotes it
 * when it needs quotes (doubling the quotes inside). */
static void close_field(answer *a)
{
    size_t from = a->field_start;
    if (a->len > from && a->text[a->len - 1] == '\n')
        a->text[--a->len] = '\0';
    if (!needs_quotes(a, from))
        return;
    size_t quotes = 0;
    for (size_t i = from; i < a->len; i++)
        quotes += a->text[i] == '"';
    if (!reserve(a, quotes + 2))
        return;
    size_t src = a->len, dst = a->len + quotes + 2;
    a->text[dst--] = '\0';
    a->text[dst--] = '"';
    while (src > from) {
        char ch = a->text[--src];
        a->text[dst--] = ch;
        if (ch == '"')
            a->text[dst--] = '"';
    }
    a->text[dst] = '"';
    a->len += quotes + 2;
}

void answer_field(answer *a, const char *gap)
{
    if (!a->csv_separator) {
        answer_put(a, gap);
        return;
    }
    close_field(a);
    char sep[2] = {a->csv_separator, '\0'};
    answer_put(a, sep);
    a->field_start = a->len;
    a->fields++;
}

/* How many names `columns` (joined by commas) holds. */
static unsigned count_columns(const char *columns)
{
    unsigned n = 1;
    for (const char *c = columns; c && *c; c++)
        n += *c == ',';
    return n;
}

/* True when `row` ends inside a quoted field (one whose first byte is a
 * quote, running to the next lone quote): a malformed row whose quote never
 * closed, or one cut at BD_LINE_MAX. */
static bool ends_quoted(const char *row, size_t len, char sep)
{
    bool quoted = false, field_start = true;
    for (size_t i = 0; i < len; i++) {
        if (quoted && row[i] == '"') {
            if (i + 1 < len && row[i + 1] == '"')
                i++;                /* "" is one quote */
            else
                quoted = false;
        } else if (!quoted) {
            quoted = field_start && row[i] == '"';
            field_start = row[i] == sep;
        }
    }
    return quoted;
}

/* Starts a row with the record's own, as it came; a quote it leaves open is
 * closed, or it would swallow the rows after it. */
static void put_row(const bd_record *rec, answer *a)
{
    if (!reserve(a, rec->row_len + 1))
        return;
    memcpy(a->text, rec->row, rec->row_len);
    a->len = rec->row_len;
    if (rec->err_line && ends_quoted(rec->row, rec->row_len, rec->separator))
        a->text[a->len++] = '"';
    a->text[a->len] = '\0';
}

/* Writes pencil marks as one line of 729 characters: a cell's 9 places,
 * place k its digit k when that is a candidate, else '.'. */
static void put_marks(const bd_marks *marks, answer *a)
{
    enum { PLACES = BD_SIZE * BD_CELLS };
    if (!reserve(a, PLACES))
        return;
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (int d = 1; d <= BD_SIZE; d++)
            a->text[a->len++] = marks->cand[cell] >> (d - 1) & 1u ? (char)('0' + d) : '.';
    a->text[a->len] = '\0';
}

void answer_begin(const settings *s, const bd_record *rec, answer *a)
{
    a->len = 0;
    a->out_of_memory = false;
    reserve(a, 0);
    a->block = rec && (s->all_blocks
                       || (s->grid_answers && answer_shape(s, rec->shape) != BD_SHAPE_LINE));
    a->outcome = OUTCOME_ANSWERED;
    a->failure = NULL;
    a->stats = (bd_stats){0, 0};
    a->tries = 0;
    a->checks = 0;
    a->line = rec ? rec->line : 0;
    a->csv_separator = !s->csv ? 0 : rec && rec->separator ? rec->separator : ',';
    if (!s->csv)
        return;
    if (rec && rec->separator) {
        put_row(rec, a);
    } else if (rec && !rec->err_line && rec->has_marks) {
        put_marks(&rec->marks, a);
    } else if (rec && !rec->err_line) {
        answer_grid(a, &rec->grid, BD_SHAPE_LINE);
        for (size_t i = 0; i < a->len; i++)   /* blanks as the puzzle wrote them */
            if (a->text[i] == '.')
                a->text[i] = rec->blank;
    }
    a->field_start = a->len;
    answer_field(a, "");
    a->ours_start = a->len;
    a->fields = 1;
    a->columns = count_columns(s->columns);
}

void answer_end(answer *a)
{
    if (!a->csv_separator)
        return;
    while (a->fields < a->columns)
        answer_field(a, "");
    close_field(a);
    answer_put(a, "\n");
}

bd_shape answer_shape(const settings *s, bd_shape shape)
{
    if (s->csv)
        return BD_SHAPE_LINE;
    switch (s->fmt) {
    case FMT_LINE: return BD_SHAPE_LINE;
    case FMT_GRID: return BD_SHAPE_SPACED;
    case FMT_COMPACT: return BD_SHAPE_COMPACT;
    case FMT_PRETTY: return BD_SHAPE_PRETTY;
    case FMT_AUTO: break;
    }
    return shape;
}

bd_status answer_generate(const settings *s, unsigned long number, bd_grid *puzzle,
                          bd_grid *solution, answer *a)
{
    bd_generate_stats effort = {0};
    bd_status status = bd_generate(s->seed, number - 1, &s->gen, puzzle, solution, &effort);
    a->stats = effort.search;
    a->tries = effort.tries;
    a->checks = effort.checks;
    return status;
}

void answer_no_solution(answer *a, bd_status status, uint64_t count)
{
    if (status == BD_CUT_SHORT) {
        a->outcome = OUTCOME_CUT_SHORT;
        answer_put(a, "cut-short\n");
    } else if (status != BD_OK) {
        answer_fail(a, bd_status_text(status));
    } else if (count == 0) {
        answer_put(a, "ok\n");
    } else {
        a->outcome = OUTCOME_REJECTED;
        answer_put(a, "solvable: the answer says 'no solution', but the puzzle has one\n");
    }
}

void answer_fail(answer *a, const char *why)
{
    a->outcome = OUTCOME_FAILED;
    a->failure = why;
    /* A row keeps its record's fields, unless they are what did not fit. */
    a->len = a->csv_separator && !a->out_of_memory ? a->ours_start : 0;
    a->field_start = a->len;
    a->out_of_memory = false;
    answer_put(a, "error\n");
    if (a->out_of_memory && a->text) {
        a->len = 0;              /* output_answer writes "error" then */
        a->text[0] = '\0';
    }
}

void answer_refuse(answer *a, const char *why)
{
    a->outcome = OUTCOME_MALFORMED;
    a->failure = why;
    answer_put(a, "error\n");
}

void answer_record(const settings *s, const bd_record *rec, bool malformed, answer *a)
{
    answer_begin(s, rec, a);
    double started = s->time_each ? cli_seconds() : 0.0;
    if (malformed) {
        a->outcome = OUTCOME_MALFORMED;
        answer_put(a, "error\n");
    } else {
        s->answer(s, rec, a);
    }
    answer_end(a);
    if (a->out_of_memory)
        answer_fail(a, "out of memory");
    a->seconds = s->time_each ? cli_seconds() - started : 0.0;
}
