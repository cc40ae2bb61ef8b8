/*
 * sized_detect.c - the size of the boards from the input, when no option
 * names it (--box, --size, --judge; --alphabet and --smallest leave it
 * open, an option that serves 9 x 9 only keeps 9 x 9): the first record
 * of the first input is read ahead into the session's input_ahead
 * (input.h), which whichever reader then runs starts from (standard input
 * cannot be read twice), and it settles the path:
 * 9 x 9 (reader.c's records, the same bytes as without detection) or
 * boards of any size (sized_read.c) with the side it implies.
 *
 * The first line that is not blank or a '#' comment decides; its cells
 * are counted as sized_read.c counts them (bd_board_text_lines), and it
 * must be made of letters, digits, '.', '-' and blanks only, with a
 * letter or a digit among them (so that a rule of dashes, a count line,
 * the word "end" or a pretty grid's frame decide nothing). What the count
 * implies must then read as a board in some alphabet (bd_board_parse; so
 * a header of words is no board):
 *   N x N cells, N = 4, 16, 25, 36, 49, 64: an N x N board on one line;
 *   N cells, N = 4, 25, 36, 49, 64: the first row of an N-line grid;
 *   16 cells: the first row of a 16-line grid when its 16 lines read as
 *     one and some line among them as no 4 x 4 board (a 16 x 16 puzzle
 *     whose givens hold only 4 of the 16 values has many solutions: one
 *     with a single solution holds 15 at least); else a 4 x 4 board on
 *     one line;
 *   anything else (81 or 9 cells among them): 9 x 9.
 * A line that holds a comma is a CSV row: a field that is a 9 x 9 board
 * on one line means 9 x 9; else the first field that reads as a board on
 * one line of another size gives the size; else, for the input's first
 * row (a header), the next row decides the same way.
 *
 * Only the size is settled here; the alphabet stays the sized reader's to
 * detect from the first record (and to ask for when it cannot tell), as
 * documented. A terminal is not read ahead: typed input is 9 x 9 unless
 * an option names the size.
 */
#include "sized.h"
#include "cli.h"
#include "input.h"
#include "session.h"
#include "settings.h"

#include <stdlib.h>
#include <string.h>

/* The most bytes read ahead (a first record is far smaller), and a read. */
enum { AHEAD_MAX = 1 << 18, READ_STEP = 1 << 12 };

/* The sides of square boxes: 4 x 4's, 9 x 9's, 16 x 16's; detection names
 * those from 4 x 4's to SIDE_LAST (64 x 64), but 9 x 9's. */
enum { SIDE_4X4 = 2, SIDE_9X9 = 3, SIDE_16X16 = 4, SIDE_LAST = 8 };

/* A line of the bytes read ahead: where it starts, its length (without
 * its line end), its number in the input. */
typedef struct text_line {
    size_t start, len;
    unsigned long number;
} text_line;

/* The input being read ahead. */
typedef struct peek {
    input_ahead *ahead;
    size_t cap;             /* of ahead->bytes */
    size_t at;              /* where the next line starts */
    unsigned long lines;    /* lines taken */
    bool ended;             /* the input ended, or could not be read */
    bd_alphabet alphabet;   /* --alphabet's, or AUTO */
} peek;

/* Reads once more into the bytes held: false at the end of the input, on
 * a fault (the reader that runs next meets it again), or at AHEAD_MAX. */
static bool read_more(peek *p)
{
    input_ahead *a = p->ahead;
    if (p->ended || a->len >= AHEAD_MAX)
        return false;
    if (a->len + READ_STEP > p->cap) {
        size_t cap = p->cap ? p->cap * 2 : READ_STEP;
        char *grown = realloc(a->bytes, cap);
        if (!grown)
            return false;
        a->bytes = grown;
        p->cap = cap;
    }
    size_t got = input_read(a->file, a->bytes + a->len, READ_STEP);
    if (got == 0 || got > READ_STEP) {     /* the end, or BD_READ_ERROR */
        p->ended = true;
        return false;
    }
    a->len += got;
    return true;
}

/* Takes the next line into `line` (a last line without a line end too);
 * false when the input ends first or the line runs past AHEAD_MAX. */
static bool next_line(peek *p, text_line *line)
{
    for (;;) {
        size_t left = p->ahead->len - p->at;
        const char *from = left ? p->ahead->bytes + p->at : NULL;
        const char *end = left ? memchr(from, '\n', left) : NULL;
        if (!end && read_more(p))
            continue;
        if (!end && (!p->ended || !left))
            return false;
        from = p->ahead->bytes + p->at;     /* read_more may have moved them */
        size_t len = end ? (size_t)(end - from) : left;
        *line = (text_line){p->at, len, ++p->lines};
        p->at += end ? len + 1 : len;
        if (len && from[len - 1] == '\r')
            line->len--;
        return true;
    }
}

/* The text of a line taken. */
static const char *text_of(const peek *p, const text_line *line)
{
    return p->ahead->bytes + line->start;
}

/* True for a line of nothing but blanks, or a '#' comment. */
static bool skippable(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i == len || s[i] == '#';
}

/* Takes the next line that is not skippable; false at the end. */
static bool next_content(peek *p, text_line *line)
{
    while (next_line(p, line))
        if (!skippable(text_of(p, line), line->len))
            return true;
    return false;
}

/* True when s[0..len) is made of letters, digits, '.', '-' and blanks,
 * with a letter or a digit among them. */
static bool symbols_only(const char *s, size_t len)
{
    bool value = false;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        bool alnum = (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
        if (!alnum && c != '.' && c != '-' && c != ' ' && c != '\t')
            return false;
        value = value || alnum;
    }
    return value;
}

/* How many lines a record starting with s[0..len) takes on a board of
 * square boxes of side `side` (1: a one-line board; side^2: a grid's first
 * row); 0 when its cells fit neither. */
static int fits(const char *s, size_t len, int side, bd_alphabet alphabet)
{
    bd_board_text how = {side, side, alphabet, false};
    return bd_board_text_lines(s, len, &how, NULL, 0);
}

/* True when s[0..len) reads as a board of square boxes of side `side`, on
 * one line or as a grid, in `alphabet` (AUTO: in any alphabet, so that
 * one the sized reader cannot tell still counts: it then asks which). */
static bool reads_as(const char *s, size_t len, int side, bool grid, bd_alphabet alphabet)
{
    static const bd_alphabet ANY[] = {BD_ALPHABET_DIGITS, BD_ALPHABET_LETTERS, BD_ALPHABET_HEX,
                                      BD_ALPHABET_NUMBERS};
    bd_board board;
    for (size_t i = 0; i < sizeof ANY / sizeof ANY[0]; i++) {
        bd_board_text how = {side, side, alphabet ? alphabet : ANY[i], grid};
        if (bd_board_parse(s, len, &how, &board, NULL, 0) == BD_OK)
            return true;
        if (alphabet)
            break;
    }
    return false;
}

/* True when `first` and the lines after it read as a grid of square
 * boxes of side `side` (as many lines as the board has rows). */
static bool grid_follows(peek *p, const text_line *first, int side)
{
    text_line line = *first;
    for (int row = 1; row < side * side; row++)
        if (!next_line(p, &line))
            return false;
    return reads_as(text_of(p, first), line.start + line.len - first->start, side, true,
                    p->alphabet);
}

/* A first line of 16 cells: the first row of a 16-line grid when the
 * lines from it (of 16 cells each) read as one and some line among them
 * reads as no 4 x 4 board; else a 4 x 4 board on one line when it reads
 * as one; else 9 x 9 (0). */
static int sixteen_cells(peek *p, const text_line *first)
{
    int rows = SIDE_16X16 * SIDE_16X16;
    bool four = reads_as(text_of(p, first), first->len, SIDE_4X4, false, p->alphabet);
    bool beyond_four = !four;
    text_line line, last = *first;
    int read = 1;
    while (read < rows && next_line(p, &line)
           && fits(text_of(p, &line), line.len, SIDE_4X4, p->alphabet) == 1) {
        beyond_four = beyond_four
                      || !reads_as(text_of(p, &line), line.len, SIDE_4X4, false, p->alphabet);
        last = line;
        read++;
    }
    if (beyond_four && read == rows
        && reads_as(text_of(p, first), last.start + last.len - first->start, SIDE_16X16, true,
                    p->alphabet))
        return SIDE_16X16;
    return four ? SIDE_4X4 : 0;
}

/* The side of the boxes a first line of text implies (0: 9 x 9): of the
 * board on one line it is, or of the grid that starts with it. */
static int side_of_text(peek *p, const text_line *first)
{
    const char *s = text_of(p, first);
    if (!symbols_only(s, first->len) || fits(s, first->len, SIDE_9X9, p->alphabet))
        return 0;
    if (fits(s, first->len, SIDE_4X4, p->alphabet) == 1)
        return sixteen_cells(p, first);
    for (int side = SIDE_4X4; side <= SIDE_LAST; side++) {
        int lines = side == SIDE_9X9 ? 0 : fits(s, first->len, side, p->alphabet);
        if (lines == 1)
            return reads_as(s, first->len, side, false, p->alphabet) ? side : 0;
        if (lines > 1)
            return grid_follows(p, first, side) ? side : 0;
    }
    return 0;
}

/* The side a CSV row implies (0: 9 x 9, or none): of the first field that
 * is a board on one line; *nine when a field of it is a 9 x 9 one. */
static int side_of_row(const char *row, size_t len, bd_alphabet alphabet, bool *nine)
{
    int found = 0;
    *nine = false;
    for (size_t from = 0; from <= len && !*nine;) {
        const char *end = memchr(row + from, ',', len - from);
        size_t to = end ? (size_t)(end - row) : len;
        const char *field = row + from;
        size_t field_len = to - from;
        if (field_len >= 2 && field[0] == '"' && field[field_len - 1] == '"') {
            field++;
            field_len -= 2;
        }
        *nine = fits(field, field_len, SIDE_9X9, alphabet) == 1;
        for (int side = SIDE_4X4; side <= SIDE_LAST && !found && symbols_only(field, field_len);
             side++)
            if (side != SIDE_9X9 && fits(field, field_len, side, alphabet) == 1
                && reads_as(field, field_len, side, false, alphabet))
                found = side;
        from = to + 1;
    }
    return *nine ? 0 : found;
}

/* The side of the boxes the first record of the input read ahead implies
 * (0: 9 x 9), and the line that showed it. */
static int side_of_input(peek *p, unsigned long *where)
{
    text_line first;
    if (!next_content(p, &first))
        return 0;
    *where = first.number;
    if (!memchr(text_of(p, &first), ',', first.len))
        return side_of_text(p, &first);
    bool nine;
    int side = side_of_row(text_of(p, &first), first.len, p->alphabet, &nine);
    if (side || nine || !next_content(p, &first))
        return side;
    *where = first.number;           /* the first row was a header */
    return memchr(text_of(p, &first), ',', first.len)
               ? side_of_row(text_of(p, &first), first.len, p->alphabet, &nine) : 0;
}

bool sized_detect(session *ses)
{
    const char *name = ses->file_count ? ses->files[0] : "-";
    bool standard = strcmp(name, "-") == 0;
    if (standard && input_is_terminal(ses->in))
        return true;
    input_ahead *ahead = &ses->ahead;
    *ahead = (input_ahead){.name = name, .file = standard ? ses->in : fopen(name, "rb")};
    if (!ahead->file) {
        *ahead = (input_ahead){0};  /* the reader that runs reports it */
        return true;
    }
    peek p = {.ahead = ahead, .alphabet = ses->set.text.alphabet};
    unsigned long where = 0;
    int side = side_of_input(&p, &where);
    if (!side)
        return true;
    int n = side * side;
    if (ses->set.cmd == CMD_TARGET) {
        fprintf(ses->err, "bitdoku: %s:%lu: a %dx%d board: target works on 9x9 boards only (its "
                "ring weights are defined there)\n", standard ? "<stdin>" : name, where, n, n);
        ses->fatal = true;
        return false;
    }
    ses->set.sized = true;          /* as --size N would */
    ses->set.text.box_rows = ses->set.text.box_cols = side;
    ses->set.size_line = where;
    return true;
}
