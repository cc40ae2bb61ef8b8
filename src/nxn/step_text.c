/*
 * step_text.c - a board's step as text (bd_board_step_text): the notation
 * of the 9 x 9 explain (src/human/notation.c), rows r1..rN, columns
 * c1..cN, boxes b1..bN, a placement r4c7=5, a removal r2c5<>3, with the
 * values in the board's alphabet. The forms:
 *
 *   r4c7=5 full house (row 4)          r4c7=5 hidden single (box 6)
 *   r4c7=5 naked single
 *   pointing 3 in b1 on r2 => ...       claiming 3 in r2 on b1 => ...
 *   naked pair 1,7 in r3c15 (row 3) => ...
 *   hidden triplet 1,4,7 in r13c5 (column 5) => ...
 *   X-wing 4 c38 r27 => ...             (the base lines, then the cover lines)
 *
 * where "=> ..." lists the removals cell by cell in reading order. Cells
 * of one row are written together (r3c15: r3c1 and r3c5), of one column
 * too (r13c5), others one by one (r1c1,r2c2); on boards of N > 9 the
 * numbers of such a group are apart by commas (r3c1,15), as are a fish's
 * lines (c3,8). Text is counted in full even past the caller's buffer.
 */
#include "nxn.h"
#include "core/text.h"


/* Text written into a caller's buffer (core/text.h), and how to write
 * values: the board's N and the alphabet. */
typedef struct text {
    text_buf out;
    int n;                  /* N */
    bd_alphabet alphabet;
} text;

/* A value in the alphabet (bitdoku.h's bd_board_text). */
static void put_value(text *t, int value)
{
    static const char LETTERS[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    static const char HEX[] = "0123456789ABCDEF";
    bd_alphabet a = t->alphabet;
    if (a == BD_ALPHABET_AUTO)
        a = t->n <= 35 ? BD_ALPHABET_DIGITS : BD_ALPHABET_NUMBERS;
    if (a == BD_ALPHABET_DIGITS && value <= 35)
        text_put(&t->out, "%c", value <= 9 ? (char)('0' + value) : LETTERS[value - 10]);
    else if (a == BD_ALPHABET_LETTERS && value <= 26)
        text_put(&t->out, "%c", LETTERS[value - 1]);
    else if (a == BD_ALPHABET_HEX && value <= 16)
        text_put(&t->out, "%c", HEX[value - 1]);
    else
        text_put(&t->out, "%d", value);
}

/* Values as 1,4,7. */
static void put_values(text *t, uint64_t values)
{
    for (bool first = true; values; values &= values - 1u, first = false) {
        text_put(&t->out, first ? "" : ",");
        put_value(t, nxn_low_index(values) + 1);
    }
}

/* A cell as r4c12 (1-based). */
static void put_cell(text *t, int cell)
{
    text_put(&t->out, "r%dc%d", cell / t->n + 1, cell % t->n + 1);
}

/* Numbers of a group (0-based indexes): 38 on small boards, 3,8 else. */
static void put_indexes(text *t, const int *indexes, int count)
{
    for (int i = 0; i < count; i++)
        text_put(&t->out, i && t->n > 9 ? ",%d" : "%d", indexes[i] + 1);
}

/* A unit as "row 4", "column 2", "box 6" (words) or r4, c2, b6. */
static void put_unit(text *t, int unit, bool words)
{
    static const char *const WORDS[3] = {"row", "column", "box"};
    static const char LETTERS[3] = {'r', 'c', 'b'};
    if (words)
        text_put(&t->out, "%s %d", WORDS[unit / t->n], unit % t->n + 1);
    else
        text_put(&t->out, "%c%d", LETTERS[unit / t->n], unit % t->n + 1);
}

/* Cells in one row as r3c15, in one column as r15c3, else one by one. */
static void put_cells(text *t, const int *cells, int count)
{
    bool one_row = true, one_col = true;
    int rows[4], cols[4];
    for (int i = 0; i < count; i++) {
        rows[i] = cells[i] / t->n;
        cols[i] = cells[i] % t->n;
        one_row &= rows[i] == rows[0];
        one_col &= cols[i] == cols[0];
    }
    if (count > 1 && (one_row || one_col)) {
        text_put(&t->out, "r");
        put_indexes(t, rows, one_row ? 1 : count);
        text_put(&t->out, "c");
        put_indexes(t, cols, one_row ? count : 1);
        return;
    }
    for (int i = 0; i < count; i++) {
        text_put(&t->out, i ? "," : "");
        put_cell(t, cells[i]);
    }
}

/* Lines of one kind as r27 (a mask of indexes). */
static void put_lines(text *t, char letter, uint64_t lines)
{
    int indexes[BD_BOARD_MAX], count = 0;
    for (; lines; lines &= lines - 1u)
        indexes[count++] = nxn_low_index(lines);
    text_put(&t->out, "%c", letter);
    put_indexes(t, indexes, count);
}

/* The removals: " => r2c5<>3, r2c8<>3". */
static void put_removals(text *t, const bd_board_step *s)
{
    bool first = true;
    text_put(&t->out, " =>");
    for (int cell = 0; cell < t->n * t->n; cell++)
        for (uint64_t vs = s->removed[cell]; vs; vs &= vs - 1u, first = false) {
            text_put(&t->out, first ? " " : ", ");
            put_cell(t, cell);
            text_put(&t->out, "<>");
            put_value(t, nxn_low_index(vs) + 1);
        }
}

/* A placement: r4c7=5 and the technique's words. */
static void put_single(text *t, const bd_board_step *s)
{
    put_cell(t, s->cell);
    text_put(&t->out, "=");
    put_value(t, s->value);
    if (s->technique == BD_TECH_NAKED_SINGLE) {
        text_put(&t->out, " naked single");
        return;
    }
    text_put(&t->out, s->technique == BD_TECH_FULL_HOUSE ? " full house (" : " hidden single (");
    put_unit(t, s->unit, true);
    text_put(&t->out, ")");
}

static const char *const SET_SIZES[5] = {"", "", "pair", "triplet", "quad"};

size_t bd_board_step_text(const bd_board_step *step, bd_alphabet alphabet, char *out,
                          size_t size)
{
    text t = {{out, size, 0}, step->board ? step->board->size : 0, alphabet};
    if (size)
        out[0] = '\0';
    if (t.n < 1)
        return 0;               /* no board: nothing to write by */
    if (step->cell >= 0) {
        put_single(&t, step);
        return t.out.len;
    }
    bool naked = step->technique == BD_TECH_NAKED_PAIR
                 || step->technique == BD_TECH_NAKED_TRIPLE
                 || step->technique == BD_TECH_NAKED_QUAD;
    bool hidden = step->technique == BD_TECH_HIDDEN_PAIR
                  || step->technique == BD_TECH_HIDDEN_TRIPLE
                  || step->technique == BD_TECH_HIDDEN_QUAD;
    if (step->technique == BD_TECH_POINTING || step->technique == BD_TECH_CLAIMING) {
        text_put(&t.out, "%s ", step->technique == BD_TECH_POINTING ? "pointing" : "claiming");
        put_value(&t, nxn_low_index(step->values) + 1);
        text_put(&t.out, " in ");
        put_unit(&t, step->unit, false);
        text_put(&t.out, " on ");
        put_unit(&t, step->unit2, false);
    } else if (naked || hidden) {
        text_put(&t.out, "%s %s ", naked ? "naked" : "hidden", SET_SIZES[step->cell_count]);
        put_values(&t, step->values);
        text_put(&t.out, " in ");
        put_cells(&t, step->cells, step->cell_count);
        text_put(&t.out, " (");
        put_unit(&t, step->unit, true);
        text_put(&t.out, ")");
    } else {
        bool base_rows = step->unit < t.n;
        text_put(&t.out, "%s ", step->technique == BD_TECH_X_WING ? "X-wing"
                       : step->technique == BD_TECH_SWORDFISH ? "swordfish" : "jellyfish");
        put_value(&t, nxn_low_index(step->values) + 1);
        text_put(&t.out, " ");
        put_lines(&t, base_rows ? 'r' : 'c', step->base);
        text_put(&t.out, " ");
        put_lines(&t, base_rows ? 'c' : 'r', step->cover);
    }
    put_removals(&t, step);
    return t.out.len;
}
