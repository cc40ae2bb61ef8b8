/*
 * classify.c - one line on its own: its class and its tokens. Pure
 * scanning of text held in memory; it never looks at the lines around it
 * (reader.c groups the classified lines into records).
 *
 * A line is one of (bdi_analyze_line):
 *   blank    nothing but blanks
 *   skip     a '#' comment, or a pretty rule such as +-----+-----+
 *   end      the word "end" (POJ 3074 style: the input stops here)
 *   cells    everything else: its tokens are the cells ('1'-'9', '0', '.')
 *            and any stray character (which counts as a token, so that a
 *            stray letter does not change how lines are grouped); ' ', tab
 *            and '|' separate tokens; " #" starts a trailing comment, and
 *            so the line's tail past BD_LINE_MAX was a comment.
 * Of a line of cells it keeps (bdi_line_info) the first 81 cells, the
 * number of tokens, how they were spaced, how its first blank was written,
 * the column (in characters of UTF-8) and description of its first stray
 * character, and the columns of the tokens that make a row or a line too
 * long. A line of nothing but cells, the common case, is read in one
 * branch-free pass (bdi_analyze_plain, or bdi_analyze_puzzle for text of
 * exactly 81 bytes, the common field of CSV); any other line character
 * by character. The text of a CSV field is read the same way, but blanks are
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
static void add_token(bdi_line_info *li, unsigned long col, bool gap)
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
            memcpy(li->bad_what, what, sizeof what);
        }
    }
    add_token(li, col, gap);
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
    li->spaced = li->pretty = li->too_long = false;
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
    if (!too_long && is_end_word(text, len)) {
        li->kind = BDI_LINE_END;
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
    li->kind = BDI_LINE_CELLS;
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
