/*
 * classify.c - one line on its own: its class and its tokens. Pure
 * scanning of text held in memory; it never looks at the lines around it
 * (reader.c groups the classified lines into records).
 *
 * A line is one of (bdi_analyze_line):
 *   blank    nothing but blanks
 *   skip     a '#' comment, or a rule such as +-----+-----+ (of '-', '=',
 *            '+' and '|', maybe with '.', ':', '\'' or '*' at its corners,
 *            as HoDoKu and SudokuWiki frame a grid: fewer of those than
 *            dashes, and nothing else)
 *   title    a line starting with '%' (Debian's sudoku: a grid's title)
 *   end      the word "end" (POJ 3074 style: the input stops here)
 *   no solution  those words (an answer, which a judge may be given)
 *   cells    everything else: its tokens are the cells ('1'-'9', '0', '.')
 *            and any stray character (which counts as a token, so that a
 *            stray letter does not change how lines are grouped); ' ', tab
 *            and '|' separate tokens; " #" starts a trailing comment, and
 *            so the line's tail past BD_LINE_MAX was a comment. A line of
 *            9 fields separated by commas or by semicolons, each empty or
 *            one cell, is a spreadsheet's row: 9 cells, an empty field a
 *            blank.
 * Of a line of cells it keeps (bdi_line_info) the first 81 cells, the
 * number of tokens, how they were spaced (the gaps between tokens, and
 * whether two tokens touch: a line of 9 groups is a row of pencil marks
 * when a group has two tokens or more, bdi_pencil_row), how its first blank
 * was written, the column (in characters of UTF-8) and description of its
 * first stray character, and the columns of the tokens that make a row or
 * a line too long. The candidates of pencil marks are read from the
 * line's text again, by bdi_read_mark_row and bdi_read_mark_line, only
 * for the lines that hold them. A line of nothing but cells, the common
 * case, is read in one
 * branch-free pass (bdi_analyze_plain, or bdi_analyze_puzzle for text of
 * exactly 81 bytes, the common field of CSV; bdi_puzzle_cells reads such
 * text straight into a grid, for reader.c's one-line puzzles); any other
 * line character by character. The text of a CSV field is read the same way, but blanks are
 * its only separators and everything else is a token (bdi_analyze_field);
 * a row of CSV itself is only classified, its fields being read by
 * csv_rows.c.
 */
#include "io.h"

#include <stdio.h>
#include <string.h>

/* A count line has at most 6 digits, so that a grid's first row that lost
 * a digit or two (8 or 7 digits) is not taken for one. */
enum { MAX_HEADER_DIGITS = 6 };

/* Describes the stray character at s[0..len) into `what`; returns how many
 * bytes it takes (a whole UTF-8 sequence when it is one). */
size_t bdi_describe_stray(const unsigned char *s, size_t len, char *what, size_t size)
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

/* True when s[i..len) begins with the word `word` (lower case; the text's
 * case aside). */
static bool has_word(const char *s, size_t len, size_t i, const char *word)
{
    size_t n = strlen(word);
    if (len - i < n)
        return false;
    for (size_t k = 0; k < n; k++)
        if ((s[i + k] | 0x20) != word[k])
            return false;
    return true;
}

/* True when the line is the words `words` (lower case, one blank between
 * them standing for any blanks), maybe with blanks around them and a " #"
 * comment after them, case aside. */
static bool is_words(const char *s, size_t len, const char *words)
{
    size_t i = 0;
    while (i < len && is_blank_char(s[i]))
        i++;
    for (const char *w = words; *w;) {
        const char *space = strchr(w, ' ');
        size_t n = space ? (size_t)(space - w) : strlen(w);
        char word[16];
        memcpy(word, w, n);
        word[n] = '\0';
        if (!has_word(s, len, i, word))
            return false;
        i += n;
        if (!space)
            break;
        size_t blanks = i;
        while (i < len && is_blank_char(s[i]))
            i++;
        if (i == blanks)
            return false;
        w = space + 1;
    }
    for (; i < len && is_blank_char(s[i]); i++)
        if (i + 1 < len && s[i + 1] == '#')
            return true;
    return i == len;
}

bool bdi_no_solution_words(const char *text, size_t len)
{
    return is_words(text, len, "no solution");
}

/* True when the line is the word "end", maybe with blanks around it and a
 * " #" comment after it (is_words, written out: every row of CSV asks). */
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
static void add_token(bdi_line_info *li, unsigned long col, bool gap)
{
    if (li->tokens > 0) {
        li->gaps += gap;
        li->joined |= !gap;
    }
    if (li->tokens == BD_SIZE)
        li->extra_col[0] = col;
    if (li->tokens == BD_CELLS)
        li->extra_col[1] = col;
    li->tokens++;
    li->end_col = col + 1;
}

/* Takes the token at s[*i], a cell or a stray character (a whole UTF-8
 * sequence: *i moves to its last byte), at column `col`. */
static void take_token(bdi_line_info *li, const unsigned char *s, size_t len, size_t *i,
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
        *i += bdi_describe_stray(s + *i, len - *i, what, sizeof what) - 1;
        if (!li->bad_col) {
            li->bad_col = col;
            li->bad_char = (char)ch;
            memcpy(li->bad_what, what, sizeof what);
        }
    }
    add_token(li, col, gap);
}

/* A corner of a frame's rule (besides '+'): '.', ':', '\'' or '*'. */
static bool is_frame_corner(unsigned char ch)
{
    return ch == '.' || ch == ':' || ch == '\'' || ch == '*';
}

/* True when every token of a rule line (li: its tokens counted) is a
 * frame's corner: the line is a rule. */
static bool framed(const char *text, size_t len, const bdi_line_info *li)
{
    int corners = 0;
    for (size_t i = 0; i < len && !(text[i] == '#' && i > 0 && is_blank_char(text[i - 1])); i++)
        corners += is_frame_corner((unsigned char)text[i]);
    return corners == li->tokens;
}

/* Reads a spreadsheet's row, 9 fields separated by `sep` (',' or ';'),
 * each empty or one cell with blanks around it, into `li`; false (li
 * unchanged) for any other line. */
static bool sheet_row(const char *text, size_t len, char sep, bdi_line_info *li)
{
    uint8_t cells[BD_SIZE];
    int field = 0;
    size_t i = 0;
    for (;;) {
        while (i < len && is_blank_char(text[i]))
            i++;
        unsigned char ch = i < len ? (unsigned char)text[i] : 0;
        cells[field] = 0;
        if ((ch >= '0' && ch <= '9') || ch == '.') {
            cells[field] = ch == '.' ? 0 : (uint8_t)(ch - '0');
            for (i++; i < len && is_blank_char(text[i]); i++)
                continue;
        }
        if (i == len)
            break;
        if (text[i] != sep || ++field == BD_SIZE)
            return false;
        i++;
    }
    if (field != BD_SIZE - 1)
        return false;
    memset(li, 0, sizeof *li);
    li->kind = BDI_LINE_CELLS;
    li->tokens = BD_SIZE;
    li->sheet = true;
    memcpy(li->cells, cells, BD_SIZE);
    li->end_col = li->chars = bdi_text_column(text, len);
    return true;
}

/* The common case, lines of nothing but cells with nothing between them
 * (a puzzle line, a compact row), in one tight pass; false for any other
 * line, which analyze_any then reads. Gives what analyze_any would.
 * Inlined into bdi_analyze_plain and bdi_analyze_puzzle. */
static inline bool analyze_plain(const char *text, size_t len, bdi_line_info *li)
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
    li->kind = BDI_LINE_CELLS;
    li->tokens = tokens;
    li->spaced = li->pretty = li->too_long = li->sheet = false;
    li->gaps = 0;
    li->joined = tokens > 1;
    li->bad_col = 0;
    li->extra_col[0] = tokens > BD_SIZE ? BD_SIZE + 1 : 0;
    li->extra_col[1] = tokens > BD_CELLS ? BD_CELLS + 1 : 0;
    li->end_col = (unsigned long)len + 1;
    li->chars = (unsigned long)len;
    li->only_digits = tokens <= MAX_HEADER_DIGITS && memchr(text, '.', len) == NULL;
    return true;
}

bool bdi_analyze_plain(const char *text, size_t len, bdi_line_info *li)
{
    return analyze_plain(text, len, li);
}

/* analyze_plain with the length of a puzzle known when it is compiled,
 * which spares its loop a tail. */
bool bdi_analyze_puzzle(const char *text, bdi_line_info *li)
{
    return analyze_plain(text, BD_CELLS, li);
}

/* The puzzle line of exactly BD_CELLS cells, the commonest line of all,
 * read straight into a grid: one pass without a branch, its accumulators
 * bytes, so that it is vectorised in byte lanes. Which character wrote
 * the first blank is known without a search unless both do. */
bool bdi_puzzle_cells(const char *text, uint8_t cells[BD_CELLS], char *blank)
{
    uint8_t other = 0;
    for (size_t i = 0; i < BD_CELLS; i++) {
        uint8_t ch = (uint8_t)text[i];
        uint8_t digit = (uint8_t)(ch - '0');
        uint8_t is_digit = digit <= 9;
        other |= (uint8_t)(!is_digit & (ch != '.'));
        cells[i] = (uint8_t)(is_digit ? digit : 0);
    }
    if (other)
        return false;
    const uint8_t *first = memchr(cells, 0, BD_CELLS);
    *blank = first ? text[first - cells] : 0;
    return true;
}

/* bdi_analyze_line, for any line. */
static void analyze_any(const char *text, size_t len, bool too_long, bdi_line_info *li)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    memset(li, 0, sizeof *li);
    li->too_long = too_long;
    while (i < len && is_blank_char(s[i]))
        i++;
    if (i == len && !too_long)
        return;                                   /* BDI_LINE_BLANK */
    li->kind = BDI_LINE_SKIP;
    if (s[i] == '#')
        return;                                   /* a comment */
    if (s[i] == '%') {
        li->kind = BDI_LINE_TITLE;
        return;
    }
    if (!too_long && (s[i] | 0x20) == 'e' && is_end_word(text, len)) {
        li->kind = BDI_LINE_END;
        return;
    }
    if (!too_long && (s[i] | 0x20) == 'n' && bdi_no_solution_words(text, len)) {
        li->kind = BDI_LINE_NO_SOLUTION;
        return;
    }
    unsigned long col = 0, rule_col = 0;
    char rule_char = 0;
    int rules = 0;
    bool gap = false, dot = false;
    for (i = 0; i < len; i++) {
        unsigned ch = s[i];
        col++;
        if (is_blank_char((int)ch) || ch == '|') {
            gap = true;
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
            rules++;
            continue;
        }
        dot = dot || ch == '.';
        take_token(li, s, len, &i, col, gap);
        gap = false;
    }
    li->chars = col;
    li->spaced = li->gaps > 0;
    if ((li->tokens == 0 && !too_long) || (rule_col && li->tokens < rules && framed(text, len, li)))
        return;                                   /* a rule, or blanks and '|' */
    li->kind = BDI_LINE_CELLS;
    if ((li->bad_char == ',' || li->bad_char == ';') && !too_long
        && sheet_row(text, len, li->bad_char, li))
        return;
    if (rule_col && (!li->bad_col || rule_col < li->bad_col)) {
        li->bad_col = rule_col;
        snprintf(li->bad_what, sizeof li->bad_what, "unexpected character '%c'",
                 rule_char);
    }
    li->only_digits = li->tokens <= MAX_HEADER_DIGITS && !dot && !li->spaced
                      && !li->pretty && !li->bad_col && !li->too_long;
}

/* Classifies one line and collects its tokens (see the top of the file). */
void bdi_analyze_line(const char *text, size_t len, bool too_long, bdi_line_info *li)
{
    if (too_long || !analyze_plain(text, len, li))
        analyze_any(text, len, too_long, li);
}

/* bdi_analyze_line, for the text of a CSV or TSV field: cells between blanks, and
 * anything else a stray character. */
void bdi_analyze_field(const char *text, size_t len, bdi_line_info *li)
{
    const unsigned char *s = (const unsigned char *)text;
    memset(li, 0, sizeof *li);
    li->kind = BDI_LINE_CELLS;
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
    li->spaced = li->gaps > 0;
}

/* How a row of a CSV or TSV input is classified before it is read: blank,
 * a '#' comment, "end", or a row (BDI_LINE_CELLS). */
void bdi_classify_row(const char *text, size_t len, bool too_long, bdi_line_info *li)
{
    size_t i = 0;
    while (i < len && is_blank_char(text[i]))
        i++;
    li->too_long = too_long;
    if (i == len && !too_long)
        li->kind = BDI_LINE_BLANK;
    else if (text[i] == '#')
        li->kind = BDI_LINE_SKIP;
    else if (!too_long && is_end_word(text, len))
        li->kind = BDI_LINE_END;
    else
        li->kind = BDI_LINE_CELLS;
}

/* One token of a cell's candidates, at s[*i] (column `col`): its bit
 * into *mask, or false with the fault. */
static bool take_candidate(const unsigned char *s, size_t len, size_t *i, unsigned long col,
                           uint16_t *mask, unsigned long *bad_col, char *what, size_t size)
{
    unsigned ch = s[*i];
    if (ch >= '1' && ch <= '9') {
        uint16_t bit = (uint16_t)(1u << (ch - '1'));
        if (*mask & bit) {
            *bad_col = col;
            snprintf(what, size, "candidate %c twice in one cell", (char)ch);
            return false;
        }
        *mask |= bit;
        return true;
    }
    *bad_col = col;
    if (ch == '0' || ch == '.') {
        snprintf(what, size, "unexpected '%c': a cell of pencil marks lists its candidates, "
                 "digits 1 to 9", (char)ch);
        return false;
    }
    char stray[64];
    bdi_describe_stray(s + *i, len - *i, stray, sizeof stray);
    snprintf(what, size, "%s", stray);
    return false;
}

bool bdi_read_mark_row(const char *text, size_t len, uint16_t marks[BD_SIZE],
                       unsigned long *bad_col, char *what, size_t size)
{
    const unsigned char *s = (const unsigned char *)text;
    int groups = 0;
    bool gap = true;
    unsigned long col = 0;
    memset(marks, 0, BD_SIZE * sizeof marks[0]);
    for (size_t i = 0; i < len; i++) {
        col += (s[i] & 0xC0) != 0x80;
        if (is_blank_char(s[i]) || s[i] == '|') {
            gap = true;
            continue;
        }
        if (s[i] == '#' && gap && i > 0)
            break;                                  /* a trailing comment */
        if (gap && groups++ == BD_SIZE) {
            *bad_col = col;
            snprintf(what, size, "row has more than %d cells", BD_SIZE);
            return false;
        }
        gap = false;
        if (!take_candidate(s, len, &i, col, &marks[groups - 1], bad_col, what, size))
            return false;
    }
    if (groups != BD_SIZE) {
        *bad_col = col + 1;
        snprintf(what, size, "row has %d cell%s; a row of pencil marks has %d", groups,
                 groups == 1 ? "" : "s", BD_SIZE);
        return false;
    }
    return true;
}

bool bdi_read_mark_line(const char *text, size_t len, bd_marks *marks, unsigned long *bad_col,
                        char *what, size_t size)
{
    int place = 0;
    unsigned long col = 0;
    memset(marks, 0, sizeof *marks);
    for (size_t i = 0; i < len && place < BD_SIZE * BD_CELLS; i++) {
        col++;
        char ch = text[i];
        if (is_blank_char(ch))
            continue;
        int cell = place / BD_SIZE, digit = place % BD_SIZE + 1;
        place++;
        if (ch == '.' || ch == '0')
            continue;
        if (ch != '0' + digit) {
            *bad_col = col;
            snprintf(what, size, "r%dc%d: '%c' in place %d of its 9; place k holds k or '.'",
                     cell / BD_SIZE + 1, cell % BD_SIZE + 1, ch, digit);
            return false;
        }
        marks->cand[cell] |= (uint16_t)(1u << (digit - 1));
    }
    return true;
}
