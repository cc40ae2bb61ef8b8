/*
 * notation.c - a step as text, in the notation of the sudoku community
 * (the forms of HoDoKu and of Eureka chain notation): rows r1-r9, columns
 * c1-c9, boxes b1-b9, a placement r4c7=5, a removal r2c5<>3, cells of one
 * row written together (r3c15 is r3c1 and r3c5), chain links = (strong)
 * and - (weak), a strong link inside a cell written (5=3)r1c2. The forms:
 *
 *   r4c7=5 full house (row 4)            r4c7=5 hidden single (box 6)
 *   r4c7=5 naked single                  pointing 3 in b1 on r2 => ...
 *   claiming 3 in r2 on b1 => ...        naked pair 1,7 in r3c15 (row 3) => ...
 *   X-wing 4 r27 c38 => ...              skyscraper 4 in r1c4,r6c8 (connected by r1c2,r6c2) => ...
 *   two-string kite 4 in r1c4,r6c8 (connected by r1c6,r3c5) => ...
 *   empty rectangle 4 in b5 (r2c9=r8c9) => ...
 *   XY-wing 1,2,3 in r1c1,r1c5,r4c1 => ...   (the pivot first)
 *   W-wing 5,7 in r1c3,r8c2 connected by 7 in r2c6,r7c6 => ...
 *   unique rectangle type 1 5,6 in r1c4,r1c6,r9c4,r9c6 => ...
 *   X-chain 5 r1c2=r1c7-r3c8=r8c8 => ...
 *   XY-chain (5=3)r1c2-(3=7)r4c2-(7=5)r4c9 => ...
 *   AIC (5)r1c2=(5)r1c7-(5=3)r3c7-(3)r3c1=(3)r8c1 => ...
 *
 * where "=> ..." lists the removals cell by cell: r2c5<>3, r2c8<>3.
 */
#include "human.h"

#include <stdarg.h>
#include <stdio.h>

/* Text being written into a caller's buffer; `len` counts what the whole
 * text needs, even past the end of the buffer. */
typedef struct text {
    char *buf;
    size_t size, len;
} text;

/* Appends printf-style text, cut at the end of the buffer (len still
 * counts all of it). */
BDI_PRINTF_LIKE(2, 3)
static void put(text *t, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    size_t room = t->len < t->size ? t->size - t->len : 0;
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, args);
    va_end(args);
    if (n > 0)
        t->len += (size_t)n;
}

static const char *const UNIT_WORDS[UNIT_KINDS] = {"row", "column", "box"};
static const char UNIT_LETTERS[UNIT_KINDS] = {'r', 'c', 'b'};

/* Appends a cell as r<row>c<column>, 1-based. */
static void put_cell(text *t, int cell)
{
    put(t, "r%dc%d", row_of(cell) + 1, col_of(cell) + 1);
}

/* Cells in one row as r3c15, in one column as r15c3, else one by one. */
static void put_cells(text *t, const uint8_t *cells, int count)
{
    bool one_row = true, one_col = true;
    for (int i = 1; i < count; i++) {
        one_row &= row_of(cells[i]) == row_of(cells[0]);
        one_col &= col_of(cells[i]) == col_of(cells[0]);
    }
    if (count > 1 && (one_row || one_col)) {
        put(t, "r");
        for (int i = 0; i < (one_row ? 1 : count); i++)
            put(t, "%d", row_of(cells[i]) + 1);
        put(t, "c");
        for (int i = 0; i < (one_col ? 1 : count); i++)
            put(t, "%d", col_of(cells[i]) + 1);
        return;
    }
    for (int i = 0; i < count; i++) {
        put(t, i ? "," : "");
        put_cell(t, cells[i]);
    }
}

/* Digits of a mask as 1,7. */
static void put_digits(text *t, unsigned digits)
{
    for (unsigned rest = digits; rest; rest &= rest - 1u)
        put(t, rest == digits ? "%d" : ",%d", bit_digit(rest));
}

/* The lines of a mask as r27 (kind UNIT_ROW) or c38. */
static void put_lines(text *t, int kind, unsigned lines)
{
    put(t, "%c", UNIT_LETTERS[kind]);
    for (unsigned rest = lines; rest; rest &= rest - 1u)
        put(t, "%d", low_bit(rest) + 1);
}

/* " => r2c5<>3, r2c8<>3": the removals, cell by cell. */
static void put_removals(text *t, const bdi_step *s)
{
    const char *sep = " => ";
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (int d = 1; d <= BD_SIZE; d++)
            if (board_has(s->removed[d - 1], cell)) {
                put(t, "%s", sep);
                put_cell(t, cell);
                put(t, "<>%d", d);
                sep = ", ";
            }
}

/* A single: the cell, its digit, the technique and, but for a naked
 * single, the unit. */
static void put_single(text *t, const bdi_step *s)
{
    static const char *const NAMES[] = {"full house", "hidden single", "hidden single",
                                        "naked single"};
    put_cell(t, s->cell);
    put(t, "=%d %s", s->digit, NAMES[s->tech - BD_TECH_FULL_HOUSE]);
    if (s->tech != BD_TECH_NAKED_SINGLE)
        put(t, " (%s %d)", UNIT_WORDS[s->kind], s->index + 1);
}

/* A chain in Eureka notation; X-chains name their digit once, up front. */
static void put_chain(text *t, const bdi_step *s)
{
    bool one_digit = s->tech == BD_TECH_X_CHAIN;
    if (one_digit)
        put(t, "%d ", s->nodes[0].digit);
    for (int i = 0; i < s->node_count; i++) {
        const bdi_node *n = &s->nodes[i];
        bool strong_in_cell = i % 2 == 0 && i + 1 < s->node_count && s->nodes[i + 1].cell == n->cell;
        if (i)
            put(t, "%c", i % 2 ? '=' : '-');
        if (strong_in_cell) {
            put(t, "(%d=%d)", n->digit, s->nodes[i + 1].digit);
            i++;
        } else if (!one_digit) {
            put(t, "(%d)", n->digit);
        }
        put_cell(t, n->cell);
    }
}

/* A pattern step: its name, its digits and the cells they are in. */
static void put_pattern(text *t, const bdi_step *s, const char *name)
{
    put(t, "%s ", name);
    put_digits(t, s->digits);
    put(t, " in ");
    put_cells(t, s->cells, s->cell_count);
}

/* The fish and the one-digit patterns. */
static void put_one_digit(text *t, const bdi_step *s)
{
    static const char *const FISH[] = {"X-wing", "swordfish", "jellyfish"};
    int digit = bit_digit(s->digits);
    if (s->tech == BD_TECH_EMPTY_RECTANGLE) {
        put(t, "empty rectangle %d in b%d (", digit, s->index + 1);
        put_cell(t, s->cells[0]);
        put(t, "=");
        put_cell(t, s->cells[1]);
        put(t, ")");
    } else if (s->tech == BD_TECH_SKYSCRAPER || s->tech == BD_TECH_TWO_STRING_KITE) {
        put(t, "%s %d in ", s->tech == BD_TECH_SKYSCRAPER ? "skyscraper" : "two-string kite",
            digit);
        put_cells(t, s->cells, 2);
        put(t, " (connected by ");
        put_cells(t, s->cells + 2, 2);
        put(t, ")");
    } else {
        put(t, "%s %d ", FISH[digit_count(s->base) - 2], digit);
        put_lines(t, s->kind, s->base);
        put(t, " ");
        put_lines(t, s->kind == UNIT_ROW ? UNIT_COL : UNIT_ROW, s->cover);
    }
}

/* The wings, the rectangles, the chains, the search. */
static void put_other(text *t, const bdi_step *s)
{
    switch (s->tech) {
    case BD_TECH_X_WING: case BD_TECH_SWORDFISH: case BD_TECH_JELLYFISH:
    case BD_TECH_SKYSCRAPER: case BD_TECH_TWO_STRING_KITE: case BD_TECH_EMPTY_RECTANGLE:
        put_one_digit(t, s);
        return;
    case BD_TECH_XY_WING: put_pattern(t, s, "XY-wing"); return;
    case BD_TECH_XYZ_WING: put_pattern(t, s, "XYZ-wing"); return;
    case BD_TECH_W_WING:
        put(t, "W-wing ");
        put_digits(t, s->digits);
        put(t, " in ");
        put_cells(t, s->cells, 2);
        put(t, " connected by %d in ", s->link_digit);
        put_cells(t, s->cells + 2, 2);
        return;
    case BD_TECH_UNIQUE_RECTANGLE_1: put_pattern(t, s, "unique rectangle type 1"); return;
    case BD_TECH_UNIQUE_RECTANGLE_2: put_pattern(t, s, "unique rectangle type 2"); return;
    case BD_TECH_UNIQUE_RECTANGLE_4: put_pattern(t, s, "unique rectangle type 4"); return;
    case BD_TECH_X_CHAIN: put(t, "X-chain "); break;
    case BD_TECH_XY_CHAIN: put(t, "XY-chain "); break;
    case BD_TECH_AIC: put(t, "AIC "); break;
    default: put(t, "search: no technique applies, search fills in the rest"); return;
    }
    put_chain(t, s);
}

/* The description of a step that removes candidates, before the removals. */
static void put_reason(text *t, const bdi_step *s)
{
    switch (s->tech) {
    case BD_TECH_POINTING:
    case BD_TECH_CLAIMING:
        put(t, "%s %d in %c%d on %c%d", s->tech == BD_TECH_POINTING ? "pointing" : "claiming",
            bit_digit(s->digits), UNIT_LETTERS[s->kind], s->index + 1, UNIT_LETTERS[s->kind2],
            s->index2 + 1);
        return;
    case BD_TECH_NAKED_PAIR: put_pattern(t, s, "naked pair"); break;
    case BD_TECH_NAKED_TRIPLE: put_pattern(t, s, "naked triple"); break;
    case BD_TECH_NAKED_QUAD: put_pattern(t, s, "naked quad"); break;
    case BD_TECH_HIDDEN_PAIR: put_pattern(t, s, "hidden pair"); break;
    case BD_TECH_HIDDEN_TRIPLE: put_pattern(t, s, "hidden triple"); break;
    case BD_TECH_HIDDEN_QUAD: put_pattern(t, s, "hidden quad"); break;
    default: put_other(t, s); return;
    }
    put(t, " (%s %d)", UNIT_WORDS[s->kind], s->index + 1);
}

size_t bdi_step_text(const bdi_step *s, char *buf, size_t size)
{
    text t = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    if (s->cell >= 0) {
        put_single(&t, s);
        return t.len;
    }
    put_reason(&t, s);
    put_removals(&t, s);
    return t.len;
}
