/*
 * board_text.c - boards of any size as text (bd_board, bitdoku.h): the
 * record's shape and size from its first line, the alphabet from the
 * whole record, the cells parsed, and a board written back in the same
 * shape and alphabet.
 *
 * A line is read as tokens: in the numbers alphabet, the runs of
 * characters between blanks (spaces, tabs); in the symbol alphabets
 * (digits, letters, hex), each character that is not a blank. The rules
 * that settle what the caller leaves open are bitdoku.h's, applied in
 * the order written there. Nothing here allocates; every function reads
 * only the bytes it is given.
 */
#include "bitdoku.h"
#include "core/bits.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const ALPHABET_NAMES[BD_ALPHABETS] = {"auto", "digits", "letters", "hex",
                                                         "numbers"};

const char *bd_alphabet_name(bd_alphabet alphabet)
{
    return alphabet >= 0 && alphabet < BD_ALPHABETS ? ALPHABET_NAMES[alphabet] : NULL;
}

/* Writes the reason for a refusal into `why` (may be of size 0). */
BDI_PRINTF_LIKE(3, 4)
static void say(char *why, size_t why_size, const char *fmt, ...)
{
    if (!why_size)
        return;
    va_list args;
    va_start(args, fmt);
    vsnprintf(why, why_size, fmt, args);
    va_end(args);
}

/* Whether `c` is a blank between tokens: space, tab or carriage return. */
static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* Whether `c` is an ASCII digit. */
static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* `c` in upper case when it is an ASCII letter, else `c`. */
static char upper(char c)
{
    return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

/* True when the line holds two or more blank-apart tokens, each an
 * integer or '.': the numbers alphabet. */
static bool looks_numbers(const char *line, size_t length)
{
    int tokens = 0;
    size_t i = 0;
    while (i < length) {
        while (i < length && is_blank(line[i]))
            i++;
        if (i == length)
            break;
        size_t start = i;
        bool digits = true;
        for (; i < length && !is_blank(line[i]); i++)
            digits = digits && is_digit(line[i]);
        if (!digits && !(i - start == 1 && line[start] == '.'))
            return false;
        tokens++;
    }
    return tokens >= 2;
}

/* The number of tokens on a line of `alphabet` (numbers, or any symbol
 * alphabet). */
static int count_tokens(const char *line, size_t length, bool numbers)
{
    int tokens = 0;
    if (!numbers) {
        /* every character but a blank, counted without a branch */
        for (size_t i = 0; i < length; i++)
            tokens += (line[i] != ' ') & (line[i] != '\t') & (line[i] != '\r');
        return tokens;
    }
    for (size_t i = 0; i < length; i++)
        if (!is_blank(line[i]) && (i == 0 || is_blank(line[i - 1])))
            tokens++;
    return tokens;
}

/* The integer r with r * r == x (x up to 64 * 64), or 0. */
static int root(int x)
{
    for (int r = 1; r * r <= x && r <= BD_BOARD_MAX; r++)
        if (r * r == x)
            return r;
    return 0;
}

/* Settles the size from a first line of `cells` cells: true, with the
 * shape in how->grid, or false with the reason. */
static bool settle_size(int cells, bd_board_text *how, char *why, size_t why_size)
{
    int n = how->box_rows * how->box_cols;
    if (n) {
        how->grid = cells == n && n != 1;
        if (cells == n * n || cells == n)
            return true;
        say(why, why_size, "a line of %d cells: a %dx%d board is one line of %d cells, or %d "
            "lines of %d", cells, n, n, n * n, n, n);
        return false;
    }
    int line_side = root(root(cells));     /* N = root(cells), boxes root(N) */
    int row_side = cells <= BD_BOARD_MAX ? root(cells) : 0;
    if (line_side && row_side && cells > 1) {
        say(why, why_size, "a line of %d cells is a whole %dx%d board or a row of a %dx%d one: "
            "say --size %d or --size %d", cells, root(cells), root(cells), cells, cells,
            root(cells), cells);
        return false;
    }
    if (!line_side && !row_side) {
        say(why, why_size, "a line of %d cells is no board's size: say --box RxC", cells);
        return false;
    }
    int side = line_side ? line_side : row_side;
    how->box_rows = how->box_cols = side;
    how->grid = !line_side;
    return true;
}

int bd_board_text_lines(const char *line, size_t length, bd_board_text *how, char *why,
                        size_t why_size)
{
    if (!line || !how)
        return 0;
    if (how->alphabet == BD_ALPHABET_AUTO && looks_numbers(line, length))
        how->alphabet = BD_ALPHABET_NUMBERS;
    int cells = count_tokens(line, length, how->alphabet == BD_ALPHABET_NUMBERS);
    if (!cells) {
        say(why, why_size, "a blank line where a board starts");
        return 0;
    }
    if (!settle_size(cells, how, why, why_size))
        return 0;
    return how->grid ? how->box_rows * how->box_cols : 1;
}

/* The alphabet of a record of symbols (bitdoku.h's rules), or AUTO when
 * it cannot tell. */
static bd_alphabet detect(const char *text, size_t length, int n)
{
    bool dash = false, digit = false, letter = false, beyond_f = false;
    int top = 0;    /* the largest value read as digits (as hex, one more) */
    for (size_t i = 0; i < length; i++) {
        char c = upper(text[i]);
        dash = dash || c == '-';
        digit = digit || is_digit(c);
        letter = letter || (c >= 'A' && c <= 'Z');
        beyond_f = beyond_f || (c > 'F' && c <= 'Z');
        int value = is_digit(c) ? c - '0' : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 0;
        top = value > top ? value : top;
    }
    if (dash)
        return digit ? BD_ALPHABET_HEX : BD_ALPHABET_LETTERS;
    if (!digit && letter)
        return BD_ALPHABET_LETTERS;
    if (!letter || beyond_f || n > 16)
        return BD_ALPHABET_DIGITS;
    /* N's own symbol in digits is N + 1 in hex, which has no such value */
    return top == n ? BD_ALPHABET_DIGITS : BD_ALPHABET_AUTO;
}

/* Fills values[c] with the value of the byte c in the symbol alphabet
 * `alphabet` (0 a blank), or -1 when it is none of its symbols, so that
 * a record's cells are each read with one look-up. Letters are read in
 * either case. digits: '.' and '0' blank, '1'-'9' 1-9, A-Z 10-35;
 * letters: '.' and '-' blank, A-Z 1-26; hex: '.' and '-' blank, '0'-'9'
 * 1-10, A-F 11-16. */
static void symbol_values(bd_alphabet alphabet, signed char values[256])
{
    bool digits = alphabet == BD_ALPHABET_DIGITS, hex = alphabet == BD_ALPHABET_HEX;
    memset(values, -1, 256);
    values['.'] = 0;
    values[digits ? '0' : '-'] = 0;
    for (int d = digits ? 1 : 0; (digits || hex) && d <= 9; d++)
        values['0' + d] = (signed char)(digits ? d : d + 1);
    int letters = hex ? 6 : 26, first = digits ? 10 : hex ? 11 : 1;
    for (int k = 0; k < letters; k++)
        values['A' + k] = values['a' + k] = (signed char)(first + k);
}

/* Reads the next token at *at (blanks skipped) as a value of `alphabet`
 * (`values`: a symbol alphabet's, by byte, see symbol_values; unused for
 * numbers): the value (0 blank), -1 for no token on this line (at its
 * end or a '\n'), -2 for a token out of the alphabet. */
static int next_value(const char *text, size_t length, size_t *at, bd_alphabet alphabet,
                      const signed char *values)
{
    while (*at < length && is_blank(text[*at]))
        ++*at;
    if (*at == length || text[*at] == '\n')
        return -1;
    if (alphabet != BD_ALPHABET_NUMBERS) {
        int value = values[(unsigned char)text[(*at)++]];
        return value < 0 ? -2 : value;
    }
    if (text[*at] == '.' ) {
        ++*at;
        return *at == length || is_blank(text[*at]) || text[*at] == '\n' ? 0 : -2;
    }
    int value = 0;
    for (; *at < length && is_digit(text[*at]); ++*at)
        value = value > BD_BOARD_MAX ? value : value * 10 + (text[*at] - '0');
    return *at == length || is_blank(text[*at]) || text[*at] == '\n' ? value : -2;
}

/* parse_line's common case, a line of a symbol alphabet that is exactly
 * its `expected` cells, each a symbol of value at most `n`: one pass
 * without a branch a cell, into cells[0 .. expected). True with *at past
 * the line (and its '\n'); false for any other line, with *at unchanged
 * (cells may be written), which parse_line then reads cell by cell. */
static bool plain_symbol_line(const char *text, size_t length, size_t *at,
                              const signed char *values, int n, uint8_t *cells, int expected)
{
    size_t start = *at, end = start + (size_t)expected;
    if (end > length || (end < length && text[end] != '\n'))
        return false;
    unsigned bad = 0;
    for (int i = 0; i < expected; i++) {
        int value = values[(unsigned char)text[start + (size_t)i]];
        bad |= (unsigned)(value < 0) | (unsigned)(value > n);
        cells[i] = (uint8_t)value;
    }
    if (bad)
        return false;
    *at = end + (end < length);
    return true;
}

/* Parses the cells of one line (from *at to its '\n' or the end) into
 * cells[first ...], `expected` of them (`values`: see next_value); false
 * with the reason. */
static bool parse_line(const char *text, size_t length, size_t *at, const bd_board_text *how,
                       const signed char *values, bd_board *board, int first, int expected,
                       char *why, size_t why_size)
{
    int n = board->size, count = 0, value;
    size_t start = *at;
    if (how->alphabet != BD_ALPHABET_NUMBERS
        && plain_symbol_line(text, length, at, values, n, board->cells + first, expected))
        return true;
    while ((value = next_value(text, length, at, how->alphabet, values)) != -1) {
        if (value == -2 || value > n) {
            char shown = value == -2 && *at > 0 ? text[*at - 1] : '?';  /* symbols: consumed */
            if (value == -2 && how->alphabet == BD_ALPHABET_NUMBERS)
                say(why, why_size, "a cell that is no number (line %d)", first / expected + 1);
            else if (value == -2)
                say(why, why_size, "'%c' is no cell in the %s alphabet", shown,
                    bd_alphabet_name(how->alphabet));
            else
                say(why, why_size, "the value %d is above %d", value, n);
            return false;
        }
        if (count < expected)
            board->cells[first + count] = (uint8_t)value;
        count++;
    }
    if (count != expected) {
        say(why, why_size, "a line of %d cells where %d belong (at byte %zu)", count, expected,
            start + 1);
        return false;
    }
    if (*at < length)
        ++*at;      /* the '\n' */
    return true;
}

bd_status bd_board_parse(const char *text, size_t length, bd_board_text *how, bd_board *board,
                         char *why, size_t why_size)
{
    int r = how ? how->box_rows : 0, c = how ? how->box_cols : 0;
    if (!text || !board || r < 1 || c < 1 || r > BD_BOARD_MAX || c > BD_BOARD_MAX
        || r * c > BD_BOARD_MAX)
        return BD_EINVAL;
    board->box_rows = r;
    board->box_cols = c;
    board->size = r * c;
    int n = board->size;
    if (how->alphabet == BD_ALPHABET_AUTO) {
        bd_alphabet found = detect(text, length, n);
        if (found == BD_ALPHABET_AUTO) {
            say(why, why_size, "the alphabet is digits (A = 10) or hex (0 = 1): say "
                "--alphabet digits or --alphabet hex");
            return BD_EMALFORMED;
        }
        how->alphabet = found;
    }
    signed char values[256];
    if (how->alphabet != BD_ALPHABET_NUMBERS)
        symbol_values(how->alphabet, values);
    int lines = how->grid ? n : 1, per_line = how->grid ? n : n * n;
    size_t at = 0;
    for (int line = 0; line < lines; line++)
        if (!parse_line(text, length, &at, how, values, board, line * per_line, per_line, why,
                        why_size))
            return BD_EMALFORMED;
    if (at < length) {
        say(why, why_size, "text after the board");
        return BD_EMALFORMED;
    }
    return BD_OK;
}

/* The symbol of value `v` (0 blank) in a symbol alphabet. */
static char symbol_of(int v, bd_alphabet alphabet)
{
    switch (alphabet) {
    case BD_ALPHABET_DIGITS: return v == 0 ? '.' : v <= 9 ? (char)('0' + v) : (char)('A' + v - 10);
    case BD_ALPHABET_LETTERS: return v == 0 ? '-' : (char)('A' + v - 1);
    default: return v == 0 ? '-' : v <= 10 ? (char)('0' + v - 1) : (char)('A' + v - 11);
    }
}

/* The largest N an alphabet can write. */
static int alphabet_max(bd_alphabet alphabet)
{
    return alphabet == BD_ALPHABET_DIGITS ? 35 : alphabet == BD_ALPHABET_LETTERS ? 26
           : alphabet == BD_ALPHABET_HEX ? 16 : BD_BOARD_MAX;
}

/* Writes the decimal of `v` (0 to BD_BOARD_MAX, two digits at most) at
 * `out`; returns how many bytes it wrote. */
static size_t put_number(int v, char *out)
{
    if (v < 10) {
        out[0] = (char)('0' + v);
        return 1;
    }
    out[0] = (char)('0' + v / 10);
    out[1] = (char)('0' + v % 10);
    return 2;
}

/* Writes the text of one cell of value `v` into `piece` (4 bytes): its
 * symbol (`symbols`: a symbol alphabet's, by value) or its number, then
 * '\n' after the last cell of a line, or ' ' between numbers. Returns
 * how many bytes it wrote. */
static size_t put_cell(int v, const char *symbols, bool line_end, bool last, char *piece)
{
    size_t k = 1;
    if (symbols)
        piece[0] = symbols[v];
    else
        k = put_number(v, piece);
    if (line_end)
        piece[k++] = '\n';
    else if (!symbols && !last)
        piece[k++] = ' ';
    return k;
}

/* In a symbol alphabet with room for the whole text, the cells are
 * written in one pass; else one by one, each only when it fits with room
 * for the final NUL, so that a board too large for `size` bytes gives 0. */
size_t bd_board_format(const bd_board *board, const bd_board_text *how, char *out, size_t size)
{
    if (!board || !how || !out || !size || !bd_board_valid(board))
        return 0;
    int n = board->size;
    bd_alphabet alphabet = how->alphabet != BD_ALPHABET_AUTO ? how->alphabet
                           : n <= 35 ? BD_ALPHABET_DIGITS : BD_ALPHABET_NUMBERS;
    if (n > alphabet_max(alphabet))
        return 0;
    char table[BD_BOARD_MAX + 1];
    const char *symbols = alphabet == BD_ALPHABET_NUMBERS ? NULL : table;
    for (int v = 0; symbols && v <= n; v++)
        table[v] = symbol_of(v, alphabet);
    int cells = n * n, col = 0, lines = how->grid ? n : 1;
    if (symbols && (size_t)cells + (size_t)lines < size) {
        /* room for every symbol, line end and the NUL: one pass */
        size_t at = 0;
        for (int line = 0; line < lines; line++) {
            const uint8_t *from = board->cells + line * (cells / lines);
            for (int i = 0; i < cells / lines; i++)
                out[at + (size_t)i] = symbols[from[i]];
            at += (size_t)(cells / lines);
            out[at++] = '\n';
        }
        out[at] = '\0';
        return at;
    }
    size_t len = 0;
    for (int cell = 0; cell < cells; cell++) {
        bool row_end = ++col == n;
        col = row_end ? 0 : col;
        bool line_end = row_end && (how->grid || cell + 1 == cells);
        char piece[4];   /* where out has no room for a whole cell and the NUL */
        char *at = size - len > sizeof piece ? out + len : piece;
        size_t k = put_cell(board->cells[cell], symbols, line_end, cell + 1 == cells, at);
        if (k >= size - len)
            return 0;
        if (at == piece)
            memcpy(out + len, piece, k);
        len += k;
    }
    if (len)
        out[len] = '\0';
    return len;
}
