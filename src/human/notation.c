/*
 * notation.c - a step as text, in the notation of the sudoku community and
 * Sudoku Explainer's technique names: rows r1-r9, columns c1-c9, boxes
 * b1-b9, a placement r4c7=5, a removal r2c5<>3, cells of one row written
 * together (r3c15 is r3c1 and r3c5). The forms:
 *
 *   r4c7=5 full house (row 4)          r4c7=5 hidden single (box 6)
 *   r4c7=5 naked single
 *   r3c8=3 direct pointing 3 in b1 on r2 (hidden single in box 3)
 *   r1c8=3 direct claiming 3 in r2 on b1 (hidden single in row 1)
 *   r3c8=4 direct hidden pair 1,7 in r3c15 (hidden single in row 3)
 *   pointing 3 in b1 on r2 => ...       claiming 3 in r2 on b1 => ...
 *   naked pair 1,7 in r3c15 (row 3) => ...
 *   hidden triplet 1,4,7 in r13c5 (column 5) => ...
 *   X-wing 4 c38 r27 => ...             (the base lines, then the cover lines)
 *   XY-wing 1,2,3 in r1c1,r1c5,r4c1 => ...   (the pivot first)
 *   unique rectangle type 1 5,6 in r1c4,r1c6,r9c6,r9c4 => ...
 *   BUG type 2 4 in r2c3,r5c5 => ...
 *   aligned pair exclusion r1c1,r2c5 => ...
 *   X-cycle 5: r1c2=5 -> r1c7<>5 -> ... => ...
 *   turbot fish 5: r8c2=5 -> r8c8<>5 -> r3c8=5 -> r3c2<>5 -> r1c2=5 -> r8c2<>5 => r8c2<>5
 *   dynamic cell forcing chains r1c2: r1c2=1 -> ... -> r5c5<>3; r1c2=5 -> ... => r5c5<>3
 *
 * where "=> ..." lists the step's removals cell by cell (r2c5<>3,
 * r2c8<>3), then its placement if it has one. A chain is written as the
 * path of first parents of each of its ends (a dynamic chain's other
 * parents are left out), an "on" potential as r1c2=5, an "off" one as
 * r1c2<>5; a step of many chains gives each, separated by semicolons.
 */
#include "chains.h"
#include "core/text.h"


/* Text being written into a caller's buffer (core/text.h). */
typedef text_buf text;

static const char *const UNIT_WORDS[UNIT_KINDS] = {"row", "column", "box"};
static const char UNIT_LETTERS[UNIT_KINDS] = {'r', 'c', 'b'};

/* A cell as "r4c2". */
static void put_cell(text *t, int cell)
{
    text_put(t, "r%dc%d", row_of(cell) + 1, col_of(cell) + 1);
}

/* A unit as "row 4", "column 2", "box 6". */
static void put_unit_word(text *t, int unit)
{
    text_put(t, "%s %d", UNIT_WORDS[unit / BD_SIZE], unit % BD_SIZE + 1);
}

/* A unit as r4, c2, b6. */
static void put_unit(text *t, int unit)
{
    text_put(t, "%c%d", UNIT_LETTERS[unit / BD_SIZE], unit % BD_SIZE + 1);
}

/* Digits as 1,4,7. */
static void put_digits(text *t, unsigned digits)
{
    for (bool first = true; digits; digits &= digits - 1u, first = false)
        text_put(t, first ? "%d" : ",%d", bit_digit(digits));
}

/* Cells in one row as r3c15, in one column as r15c3, else one by one. */
static void put_cells(text *t, const uint8_t *cells, int count)
{
    bool one_row = true, one_col = true;
    for (int i = 1; i < count; i++) {
        one_row &= row_of(cells[i]) == row_of(cells[0]);
        one_col &= col_of(cells[i]) == col_of(cells[0]);
    }
    if (count > 1 && one_row) {
        text_put(t, "r%dc", row_of(cells[0]) + 1);
        for (int i = 0; i < count; i++)
            text_put(t, "%d", col_of(cells[i]) + 1);
    } else if (count > 1 && one_col) {
        text_put(t, "r");
        for (int i = 0; i < count; i++)
            text_put(t, "%d", row_of(cells[i]) + 1);
        text_put(t, "c%d", col_of(cells[0]) + 1);
    } else {
        for (int i = 0; i < count; i++) {
            text_put(t, i ? "," : "");
            put_cell(t, cells[i]);
        }
    }
}

/* Lines of one kind as c38 (a mask of indexes). */
static void put_lines(text *t, int kind, unsigned lines)
{
    text_put(t, "%c", UNIT_LETTERS[kind]);
    for (; lines; lines &= lines - 1u)
        text_put(t, "%d", bit_digit(lines));
}

/* The removals and the placement: " => r2c5<>3, r2c8<>3". */
static void put_result(text *t, const bdi_step *s)
{
    bool first = true;
    text_put(t, " =>");
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned ds = s->removed[cell]; ds; ds &= ds - 1u, first = false) {
            text_put(t, first ? " " : ", ");
            put_cell(t, cell);
            text_put(t, "<>%d", bit_digit(ds));
        }
    if (s->cell >= 0) {
        text_put(t, first ? " " : ", ");
        put_cell(t, s->cell);
        text_put(t, "=%d", s->digit);
    }
}

/* A potential as r1c2=5 (on) or r1c2<>5 (off). */
static void put_potential(text *t, int pot)
{
    put_cell(t, pot_cell(pot));
    text_put(t, pot_on(pot) ? "=%d" : "<>%d", pot_digit(pot));
}

/* Each branch's path, separated by "; ". */
static void put_paths(text *t, const bdi_step *s)
{
    for (int b = 0; b < s->branch_count; b++) {
        text_put(t, b ? "; " : "");
        for (int i = s->branch_start[b]; i < s->branch_start[b + 1]; i++) {
            text_put(t, i > s->branch_start[b] ? " -> " : "");
            put_potential(t, s->path[i]);
        }
    }
}

static const char *const SET_SIZES[5] = {"", "", "pair", "triplet", "quad"};

/* A placement: "r4c2=7 " and the single's kind (full house, naked or
 * hidden single, or the direct technique that made it and its unit). */
static void put_single(text *t, const bdi_step *s)
{
    put_cell(t, s->cell);
    text_put(t, "=%d ", s->digit);
    switch (s->tech) {
    case BD_TECH_FULL_HOUSE:
        text_put(t, "full house (");
        put_unit_word(t, s->unit);
        text_put(t, ")");
        break;
    case BD_TECH_NAKED_SINGLE:
        text_put(t, "naked single");
        break;
    case BD_TECH_DIRECT_POINTING:
    case BD_TECH_DIRECT_CLAIMING:
        text_put(t, "direct %s %d in ", s->tech == BD_TECH_DIRECT_POINTING ? "pointing" : "claiming",
            s->digit);
        put_unit(t, s->unit);
        text_put(t, " on ");
        put_unit(t, s->unit2);
        text_put(t, " (hidden single in ");
        put_unit_word(t, s->extra[0]);
        text_put(t, ")");
        break;
    case BD_TECH_DIRECT_HIDDEN_PAIR:
    case BD_TECH_DIRECT_HIDDEN_TRIPLE:
        text_put(t, "direct hidden %s ", SET_SIZES[s->cell_count]);
        put_digits(t, s->digits);
        text_put(t, " in ");
        put_cells(t, s->cells, s->cell_count);
        text_put(t, " (hidden single in ");
        put_unit_word(t, s->unit);
        text_put(t, ")");
        break;
    default:
        text_put(t, "hidden single (");
        put_unit_word(t, s->unit);
        text_put(t, ")");
        break;
    }
}

/* A subset: `kind` and its size's word ("pair"), its digits, " in ", its
 * cells, and its unit's word in brackets. */
static void put_set(text *t, const bdi_step *s, const char *kind)
{
    text_put(t, "%s %s ", kind, SET_SIZES[s->cell_count]);
    put_digits(t, s->digits);
    text_put(t, " in ");
    put_cells(t, s->cells, s->cell_count);
    text_put(t, " (");
    put_unit_word(t, s->unit);
    text_put(t, ")");
}

/* A fish: its name and digit, its base lines, then its cover lines. */
static void put_fish(text *t, const bdi_step *s)
{
    const char *name = s->tech == BD_TECH_X_WING ? "X-wing"
                       : s->tech == BD_TECH_SWORDFISH ? "swordfish" : "jellyfish";
    int kind = s->unit / BD_SIZE;
    text_put(t, "%s %d ", name, bit_digit(s->digits));
    put_lines(t, kind, s->lines);
    text_put(t, " ");
    put_lines(t, kind == UNIT_COL ? UNIT_ROW : UNIT_COL, s->lines2);
}

/* A uniqueness loop: its name by length and type, its two digits and
 * its cells in the loop's order. */
static void put_loop(text *t, const bdi_step *s)
{
    if (s->loop_count == 4)
        text_put(t, "unique rectangle type %d ", s->subtype);
    else if (s->loop_count == 6)
        text_put(t, "unique loop type %d ", s->subtype);
    else
        text_put(t, "unique loop %d type %d ", s->loop_count, s->subtype);
    put_digits(t, s->digits);
    text_put(t, " in ");
    for (int i = 0; i < s->loop_count; i++) {
        text_put(t, i ? "," : "");
        put_cell(t, s->loop[i]);
    }
}

/* SE's names of the forcing chains of several branches, by kind. */
static const char *const CHAINS_KINDS[] = {
    [CHAIN_CONTRADICTION] = "contradiction forcing chains",
    [CHAIN_DOUBLE] = "double forcing chains",
    [CHAIN_CELL] = "cell forcing chains",
    [CHAIN_REGION] = "region forcing chains",
};

/* SE's suffixes of the nesting levels. */
static const char *const LEVEL_SUFFIXES[] = {
    "", " (+)", " (+ forcing chains)", " (+ multiple forcing chains)",
    " (+ dynamic forcing chains)", " (+ dynamic forcing chains (+))"};

/* SE's name of a chaining step. */
static const char *chain_name(const bdi_step *s)
{
    switch (s->tech) {
    case BD_TECH_X_CYCLE:
        return s->complexity == 4 ? "generalized X-wing" : "X-cycle";
    case BD_TECH_Y_CYCLE:
        return "Y-cycle";
    case BD_TECH_CYCLE:
        return "cycle";
    case BD_TECH_FORCING_X_CHAIN:
        return s->complexity == 6 ? "turbot fish" : "forcing X-chain";
    case BD_TECH_FORCING_CHAIN:
        return "forcing chain";
    case BD_TECH_NISHIO:
        return "Nishio forcing chains";
    default:
        return s->subtype >= CHAIN_CONTRADICTION ? CHAINS_KINDS[s->subtype] : "forcing chains";
    }
}

/* A chaining step: SE's name ("dynamic" first for the dynamic kinds),
 * its nesting level's suffix, the source cell or the region, then ": "
 * and its paths. */
static void put_chain(text *t, const bdi_step *s)
{
    const char *name = chain_name(s);
    if (s->tech == BD_TECH_DYNAMIC_FORCING_CHAINS || s->tech == BD_TECH_DYNAMIC_PLUS
        || s->tech == BD_TECH_NESTED_FORCING_CHAINS)
        text_put(t, "dynamic ");
    text_put(t, "%s", name);
    if (s->chain_level > 0 && s->chain_level <= 5)
        text_put(t, "%s", LEVEL_SUFFIXES[s->chain_level]);
    if (s->subtype == CHAIN_CELL && s->chain_source >= 0) {
        text_put(t, " ");
        put_cell(t, s->chain_source);
    } else if (s->subtype == CHAIN_REGION && s->unit >= 0) {
        text_put(t, " %d in ", s->chain_digit);
        put_unit(t, s->unit);
    }
    text_put(t, ": ");
    put_paths(t, s);
}

size_t bdi_step_text(const bdi_step *s, char *buf, size_t size)
{
    text t = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    switch (s->tech) {
    case BD_TECH_FULL_HOUSE:
    case BD_TECH_HIDDEN_SINGLE_BOX:
    case BD_TECH_HIDDEN_SINGLE_LINE:
    case BD_TECH_DIRECT_POINTING:
    case BD_TECH_DIRECT_CLAIMING:
    case BD_TECH_DIRECT_HIDDEN_PAIR:
    case BD_TECH_NAKED_SINGLE:
    case BD_TECH_DIRECT_HIDDEN_TRIPLE:
        put_single(&t, s);
        return t.len;
    case BD_TECH_POINTING:
    case BD_TECH_CLAIMING:
        text_put(&t, "%s %d in ", s->tech == BD_TECH_POINTING ? "pointing" : "claiming",
            bit_digit(s->digits));
        put_unit(&t, s->unit);
        text_put(&t, " on ");
        put_unit(&t, s->unit2);
        break;
    case BD_TECH_NAKED_PAIR:
    case BD_TECH_NAKED_TRIPLE:
    case BD_TECH_NAKED_QUAD:
        put_set(&t, s, "naked");
        break;
    case BD_TECH_HIDDEN_PAIR:
    case BD_TECH_HIDDEN_TRIPLE:
    case BD_TECH_HIDDEN_QUAD:
        put_set(&t, s, "hidden");
        break;
    case BD_TECH_X_WING:
    case BD_TECH_SWORDFISH:
    case BD_TECH_JELLYFISH:
        put_fish(&t, s);
        break;
    case BD_TECH_XY_WING:
    case BD_TECH_XYZ_WING:
        text_put(&t, "%s ", s->tech == BD_TECH_XY_WING ? "XY-wing" : "XYZ-wing");
        put_digits(&t, s->digits);
        text_put(&t, " in ");
        put_cells(&t, s->cells, s->cell_count);
        break;
    case BD_TECH_UNIQUE_LOOP:
        put_loop(&t, s);
        break;
    case BD_TECH_BUG:
        text_put(&t, "BUG type %d ", s->subtype);
        put_digits(&t, s->digits);
        text_put(&t, " in ");
        put_cells(&t, s->cells, s->cell_count);
        break;
    case BD_TECH_ALIGNED_PAIR_EXCLUSION:
    case BD_TECH_ALIGNED_TRIPLET_EXCLUSION:
        text_put(&t, "aligned %s exclusion ",
            s->tech == BD_TECH_ALIGNED_PAIR_EXCLUSION ? "pair" : "triplet");
        put_cells(&t, s->cells, s->cell_count);
        break;
    case BD_TECH_UNSOLVED:
        text_put(&t, "no technique applies");
        return t.len;
    default:
        put_chain(&t, s);
        break;
    }
    put_result(&t, s);
    return t.len;
}
