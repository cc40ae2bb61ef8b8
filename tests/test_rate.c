/*
 * test_rate.c - the human-technique engine and its rating.
 *
 *  - Each technique on hand-made candidate states, where it applies (the
 *    expected removals worked out by hand from the technique's rule, or
 *    taken from a published example, cited there) and on look-alikes where
 *    it must not fire.
 *  - Soundness on thousands of puzzles: every placement is the digit of the
 *    puzzle's known solution and no removal takes a solution digit. The
 *    solutions are known independently of the engine: published (the Kaggle
 *    sample), or the full grid a puzzle was cut from (minimal puzzles made
 *    here from random grids, kept unique by the counter).
 *  - The public API: statuses, ratings and levels, the step records.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitdoku.h"
#include "human/human.h"
#include "samples.h"
#include "testutil.h"

/* ------------------------------------------------------------------ */
/* Hand-made candidate states                                          */

/* Calls fn(cell, context) for each cell of a spec such as "r2c1245" (row 2,
 * columns 1, 2, 4, 5) or "r13c4" (rows 1 and 3, column 4); 1-based. */
static void for_cells(const char *spec, void (*fn)(int cell, void *context), void *context)
{
    assert_int_equal(spec[0], 'r');
    const char *cols = strchr(spec, 'c');
    assert_non_null(cols);
    for (const char *r = spec + 1; r < cols; r++)
        for (const char *c = cols + 1; *c >= '1' && *c <= '9'; c++)
            fn((*r - '1') * BD_SIZE + (*c - '1'), context);
}

typedef struct edit {
    bdi_cands *c;
    unsigned digits;
} edit;

static void drop_cell(int cell, void *context)
{
    edit *e = context;
    bdi_step s;
    bdi_step_start(&s, BD_TECH_POINTING);
    for (int d = 1; d <= BD_SIZE; d++)
        if (e->digits & digit_bit(d))
            bdi_step_remove(&s, e->c, board_of(cell), d);
    bdi_step_apply(e->c, &s);
}

/* Removes the digits (a string such as "17") from the cells of `spec`. */
static void drop(bdi_cands *c, const char *digits, const char *spec)
{
    edit e = {c, 0};
    for (; *digits; digits++)
        e.digits |= digit_bit(*digits - '0');
    for_cells(spec, drop_cell, &e);
}

/* Keeps only `digits` as candidates of the cells of `spec`. */
static void keep(bdi_cands *c, const char *digits, const char *spec)
{
    edit e = {c, ALL_DIGITS};
    for (; *digits; digits++)
        e.digits &= ~digit_bit(*digits - '0');
    for_cells(spec, drop_cell, &e);
}

/* A state from 81 cells of givens ("." blanks); NULL: the empty grid. */
static void start(bdi_cands *c, const char *givens)
{
    bd_grid grid = {{0}};
    if (givens)
        assert_true(tu_grid(givens, &grid));
    bdi_cands_init(c, &grid);
    bdi_cands_sync(c);
}

/* Checks that a step removes exactly the candidates of `expected`, written
 * as the notation writes them: "r2c5<>3, r2c8<>3". */
static void expect_removals(const bdi_step *s, const char *expected)
{
    bdi_step want;
    bdi_step_start(&want, BD_TECH_POINTING);
    for (const char *p = expected; *p;) {
        int row, col, digit, used = 0;
        assert_int_equal(sscanf(p, " r%1dc%1d<>%1d%n", &row, &col, &digit, &used), 3);
        int cell = (row - 1) * BD_SIZE + col - 1;
        want.removed[digit - 1] = board_or(want.removed[digit - 1], board_of(cell));
        p += used;
        if (*p == ',')
            p++;
    }
    for (int d = 0; d < BD_SIZE; d++)
        assert_true(board_same(s->removed[d], want.removed[d]));
}

/* Checks the text of a step: all of it, or (prefix) how it starts. */
static void expect_text(const bdi_step *s, const char *want, bool prefix)
{
    char text[BD_STEP_TEXT_MAX];
    size_t len = bdi_step_text(s, text, sizeof text);
    assert_int_equal(len, strlen(text));
    if (prefix)
        text[strlen(want) < len ? strlen(want) : len] = '\0';
    assert_string_equal(text, want);
}

/* ------------------------------------------------------------------ */
/* Singles                                                             */

/* Checks that the singles of `c` are one single of `tech`, written `text`. */
static void expect_single(const bdi_cands *c, bd_technique tech, const char *text)
{
    bdi_singles found;
    assert_true(bdi_find_singles(c, &found));
    assert_int_equal(found.tech, tech);
    assert_int_equal(found.count, 1);
    bdi_step s;
    bdi_single_step(&found, 0, &s);
    expect_text(&s, text, false);
}

static void test_full_house(void **state)
{
    (void)state;
    bdi_cands c;
    /* Row 1 holds 1..8 except 5 in c5: r1c5 is the last cell of row 1. */
    start(&c, "1234.6789" "........." "........." "........." "........."
              "........." "........." "........." ".........");
    expect_single(&c, BD_TECH_FULL_HOUSE, "r1c5=5 full house (row 1)");
    /* Look-alike: two blanks in row 1 ({5,6} each): no single of any kind
     * (5 and 6 keep two places in the row, many in the boxes and columns). */
    bdi_singles found;
    start(&c, "1234..789" "........." "........." "........." "........."
              "........." "........." "........." ".........");
    assert_false(bdi_find_singles(&c, &found));
}

static void test_hidden_single_box(void **state)
{
    (void)state;
    bdi_cands c;
    /* 1s in r2c4, r3c8 (rows 2, 3), r4c1, r7c2 (columns 1, 2) leave box 1
     * one place for 1: r1c3. Every other box without a 1 keeps 4 places. */
    start(&c, "........." "...1....." ".......1." "1........" "........."
              "........." ".1......." "........." ".........");
    expect_single(&c, BD_TECH_HIDDEN_SINGLE_BOX, "r1c3=1 hidden single (box 1)");
    /* Look-alike: without the 1 in r7c2, box 1 keeps two places for 1
     * (r1c2, r1c3), and so does row 1: no single at all. */
    bdi_singles found;
    start(&c, "........." "...1....." ".......1." "1........" "........."
              "........." "........." "........." ".........");
    assert_false(bdi_find_singles(&c, &found));
}

static void test_hidden_single_line(void **state)
{
    (void)state;
    bdi_cands c;
    start(&c, NULL);
    drop(&c, "6", "r3c12345678");   /* row 3: 6 only in c9; box 3 keeps 7 places */
    expect_single(&c, BD_TECH_HIDDEN_SINGLE_LINE, "r3c9=6 hidden single (row 3)");
    /* The same in a column. */
    start(&c, NULL);
    drop(&c, "6", "r23456789c4");
    expect_single(&c, BD_TECH_HIDDEN_SINGLE_LINE, "r1c4=6 hidden single (column 4)");
}

static void test_naked_single(void **state)
{
    (void)state;
    bdi_cands c;
    start(&c, NULL);
    keep(&c, "4", "r5c5");   /* every digit keeps 8 or 9 places per unit */
    expect_single(&c, BD_TECH_NAKED_SINGLE, "r5c5=4 naked single");
    /* The empty grid has no single at all. */
    bdi_singles found;
    start(&c, NULL);
    assert_false(bdi_find_singles(&c, &found));
}

/* ------------------------------------------------------------------ */
/* Locked candidates                                                   */

static void test_pointing(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    start(&c, NULL);
    drop(&c, "3", "r13c123");   /* box 1: 3 only in row 2 */
    assert_true(bdi_pointing(&c, &s));
    assert_int_equal(s.tech, BD_TECH_POINTING);
    expect_removals(&s, "r2c4<>3, r2c5<>3, r2c6<>3, r2c7<>3, r2c8<>3, r2c9<>3");
    expect_text(&s, "pointing 3 in b1 on r2 => r2c4<>3, r2c5<>3, r2c6<>3, "
                                     "r2c7<>3, r2c8<>3, r2c9<>3", false);
    /* In a column. */
    start(&c, NULL);
    drop(&c, "7", "r456c4"); drop(&c, "7", "r456c6");   /* box 5: 7 only in c5 */
    assert_true(bdi_pointing(&c, &s));
    expect_removals(&s, "r1c5<>7, r2c5<>7, r3c5<>7, r7c5<>7, r8c5<>7, r9c5<>7");
    /* Look-alikes: a box's 3s in two rows; confined to a row that has no
     * other 3 left. */
    start(&c, NULL);
    drop(&c, "3", "r1c123");
    assert_false(bdi_pointing(&c, &s));
    start(&c, NULL);
    drop(&c, "3", "r13c123");
    drop(&c, "3", "r2c456789");
    assert_false(bdi_pointing(&c, &s));
}

static void test_claiming(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    start(&c, NULL);
    drop(&c, "3", "r2c456789");   /* row 2: 3 only in box 1 */
    assert_false(bdi_pointing(&c, &s));
    assert_true(bdi_claiming(&c, &s));
    expect_removals(&s, "r1c1<>3, r1c2<>3, r1c3<>3, r3c1<>3, r3c2<>3, r3c3<>3");
    expect_text(&s, "claiming 3 in r2 on b1 => r1c1<>3, r1c2<>3, r1c3<>3, "
                                     "r3c1<>3, r3c2<>3, r3c3<>3", false);
    /* Look-alike: the row's 3s in two boxes. */
    start(&c, NULL);
    drop(&c, "3", "r2c456");
    assert_false(bdi_claiming(&c, &s));
}

/* ------------------------------------------------------------------ */
/* Subsets                                                             */

static void test_naked_pair(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    start(&c, NULL);
    keep(&c, "17", "r3c1"); keep(&c, "17", "r3c5");
    assert_true(bdi_naked_subset(&c, 2, &s));
    assert_int_equal(s.tech, BD_TECH_NAKED_PAIR);
    expect_removals(&s, "r3c2<>1, r3c2<>7, r3c3<>1, r3c3<>7, r3c4<>1, r3c4<>7, r3c6<>1, "
                        "r3c6<>7, r3c7<>1, r3c7<>7, r3c8<>1, r3c8<>7, r3c9<>1, r3c9<>7");
    expect_text(&s, "naked pair 1,7 in r3c15 (row 3) => r3c2<>1, r3c2<>7", true);
    /* Look-alike: {1,7} and {1,8}. */
    start(&c, NULL);
    keep(&c, "17", "r3c1"); keep(&c, "18", "r3c5");
    assert_false(bdi_naked_subset(&c, 2, &s));
}

static void test_naked_triple(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* {1,2}, {2,3}, {1,3} in column 2: no cell holds all three. */
    start(&c, NULL);
    keep(&c, "12", "r1c2"); keep(&c, "23", "r5c2"); keep(&c, "13", "r9c2");
    assert_false(bdi_naked_subset(&c, 2, &s));
    assert_true(bdi_naked_subset(&c, 3, &s));
    assert_int_equal(s.tech, BD_TECH_NAKED_TRIPLE);
    expect_removals(&s, "r2c2<>1, r2c2<>2, r2c2<>3, r3c2<>1, r3c2<>2, r3c2<>3, "
                        "r4c2<>1, r4c2<>2, r4c2<>3, r6c2<>1, r6c2<>2, r6c2<>3, "
                        "r7c2<>1, r7c2<>2, r7c2<>3, r8c2<>1, r8c2<>2, r8c2<>3");
    /* Look-alike: a fourth digit in one of them. */
    start(&c, NULL);
    keep(&c, "12", "r1c2"); keep(&c, "23", "r5c2"); keep(&c, "14", "r9c2");
    assert_false(bdi_naked_subset(&c, 3, &s));
}

static void test_naked_quad(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* Column 7: r1 {1,2}, r3 {2,3}, r5 {3,4}, r7 {1,4}: four cells, four
     * digits, and no two or three of them closed (any three span all four
     * digits). 1-4 leave the column's other five cells. */
    start(&c, NULL);
    keep(&c, "12", "r1c7"); keep(&c, "23", "r3c7"); keep(&c, "34", "r5c7"); keep(&c, "14", "r7c7");
    assert_false(bdi_naked_subset(&c, 2, &s));
    assert_false(bdi_naked_subset(&c, 3, &s));
    assert_true(bdi_naked_subset(&c, 4, &s));
    assert_int_equal(s.tech, BD_TECH_NAKED_QUAD);
    expect_removals(&s, "r2c7<>1, r2c7<>2, r2c7<>3, r2c7<>4, r4c7<>1, r4c7<>2, r4c7<>3, "
                        "r4c7<>4, r6c7<>1, r6c7<>2, r6c7<>3, r6c7<>4, r8c7<>1, r8c7<>2, "
                        "r8c7<>3, r8c7<>4, r9c7<>1, r9c7<>2, r9c7<>3, r9c7<>4");
    expect_text(&s, "naked quad 1,2,3,4 in r1357c7 (column 7) => r2c7<>1", true);
    /* Look-alike: the last cell {1,5}: five digits in four cells. */
    start(&c, NULL);
    keep(&c, "12", "r1c7"); keep(&c, "23", "r3c7"); keep(&c, "34", "r5c7"); keep(&c, "15", "r7c7");
    assert_false(bdi_naked_subset(&c, 4, &s));
}

static void test_hidden_pair(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    start(&c, NULL);
    drop(&c, "28", "r5c1245689");   /* row 5: 2 and 8 only in c3 and c7 */
    assert_true(bdi_hidden_subset(&c, 2, &s));
    assert_int_equal(s.tech, BD_TECH_HIDDEN_PAIR);
    expect_removals(&s, "r5c3<>1, r5c3<>3, r5c3<>4, r5c3<>5, r5c3<>6, r5c3<>7, r5c3<>9, "
                        "r5c7<>1, r5c7<>3, r5c7<>4, r5c7<>5, r5c7<>6, r5c7<>7, r5c7<>9");
    expect_text(&s, "hidden pair 2,8 in r5c37 (row 5) =>", true);
    /* Look-alike: 2 in c3, c7; 8 in c3, c8. */
    start(&c, NULL);
    drop(&c, "2", "r5c1245689");
    drop(&c, "8", "r5c1245679");
    assert_false(bdi_hidden_subset(&c, 2, &s));
}

static void test_hidden_triple(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* Row 4: 1 only in c2, c5; 2 and 3 only in c2, c5, c8. Those three
     * cells hold 1, 2, 3: their other digits go. No two of the digits
     * share two cells (1 and 2 span three). */
    start(&c, NULL);
    drop(&c, "123", "r4c134679"); drop(&c, "1", "r4c8");
    assert_false(bdi_hidden_subset(&c, 2, &s));
    assert_true(bdi_hidden_subset(&c, 3, &s));
    assert_int_equal(s.tech, BD_TECH_HIDDEN_TRIPLE);
    expect_removals(&s, "r4c2<>4, r4c2<>5, r4c2<>6, r4c2<>7, r4c2<>8, r4c2<>9, "
                        "r4c5<>4, r4c5<>5, r4c5<>6, r4c5<>7, r4c5<>8, r4c5<>9, "
                        "r4c8<>4, r4c8<>5, r4c8<>6, r4c8<>7, r4c8<>8, r4c8<>9");
    expect_text(&s, "hidden triple 1,2,3 in r4c258 (row 4) => r4c2<>4, r4c2<>5", true);
    /* Look-alike: 1 in c2, c5; 2 in c5, c8; 3 in c8, c9: any three of
     * them span four cells. */
    start(&c, NULL);
    drop(&c, "123", "r4c134679"); drop(&c, "1", "r4c89"); drop(&c, "2", "r4c29");
    drop(&c, "3", "r4c25");
    assert_false(bdi_hidden_subset(&c, 2, &s));
    assert_false(bdi_hidden_subset(&c, 3, &s));
}

static void test_hidden_quad(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* Box 9: 1, 2, 3, 4 only in r7c7, r7c9, r9c7, r9c9 (each in 2 or 3 of them). */
    start(&c, NULL);
    drop(&c, "1234", "r8c789"); drop(&c, "1234", "r79c8");
    drop(&c, "1", "r9c9"); drop(&c, "2", "r7c7");
    assert_false(bdi_hidden_subset(&c, 3, &s));
    assert_true(bdi_hidden_subset(&c, 4, &s));
    assert_int_equal(s.tech, BD_TECH_HIDDEN_QUAD);
    expect_removals(&s, "r7c7<>5, r7c7<>6, r7c7<>7, r7c7<>8, r7c7<>9, "
                        "r7c9<>5, r7c9<>6, r7c9<>7, r7c9<>8, r7c9<>9, "
                        "r9c7<>5, r9c7<>6, r9c7<>7, r9c7<>8, r9c7<>9, "
                        "r9c9<>5, r9c9<>6, r9c9<>7, r9c9<>8, r9c9<>9");
    expect_text(&s, "hidden quad 1,2,3,4 in r7c7,r7c9,r9c7,r9c9 (box 9) =>", true);
    /* Look-alike: 1, 2, 3 in those four cells, 4 in r7c7, r7c9, r8c8,
     * r9c9: four digits of four places each, spanning five cells. */
    start(&c, NULL);
    drop(&c, "123", "r8c789"); drop(&c, "123", "r79c8"); drop(&c, "4", "r8c79");
    drop(&c, "4", "r79c8"); drop(&c, "4", "r9c7");
    assert_false(bdi_hidden_subset(&c, 4, &s));
}

/* ------------------------------------------------------------------ */
/* Fish                                                                */

static void test_x_wing(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    start(&c, NULL);
    drop(&c, "4", "r2c1245679"); drop(&c, "4", "r7c1245679");   /* 4: rows 2, 7 in c3, c8 */
    assert_true(bdi_fish(&c, 2, &s));
    assert_int_equal(s.tech, BD_TECH_X_WING);
    expect_text(&s, "X-wing 4 r27 c38 => r1c3<>4, r1c8<>4, r3c3<>4, r3c8<>4, r4c3<>4, "
                    "r4c8<>4, r5c3<>4, r5c8<>4, r6c3<>4, r6c8<>4, r8c3<>4, r8c8<>4, "
                    "r9c3<>4, r9c8<>4", false);
    /* Look-alike: row 7 in c3, c9 (three columns): no X-wing, but a
     * skyscraper (below). */
    start(&c, NULL);
    drop(&c, "4", "r2c1245679"); drop(&c, "4", "r7c1245678");
    assert_false(bdi_fish(&c, 2, &s));
}

static void test_swordfish_and_jellyfish(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* 5 in rows 1, 5, 9 only in columns 2, 5, 8 (two of them each). */
    start(&c, NULL);
    drop(&c, "5", "r1c1346789"); drop(&c, "5", "r5c1234679"); drop(&c, "5", "r9c1345679");
    assert_false(bdi_fish(&c, 2, &s));
    assert_true(bdi_fish(&c, 3, &s));
    assert_int_equal(s.tech, BD_TECH_SWORDFISH);
    expect_removals(&s, "r2c2<>5, r2c5<>5, r2c8<>5, r3c2<>5, r3c5<>5, r3c8<>5, "
                        "r4c2<>5, r4c5<>5, r4c8<>5, r6c2<>5, r6c5<>5, r6c8<>5, "
                        "r7c2<>5, r7c5<>5, r7c8<>5, r8c2<>5, r8c5<>5, r8c8<>5");
    expect_text(&s, "swordfish 5 r159 c258 =>", true);
    /* Look-alike: row 9's 5s in c2, c7: the three rows span four columns. */
    start(&c, NULL);
    drop(&c, "5", "r1c1346789"); drop(&c, "5", "r5c1234679"); drop(&c, "5", "r9c1345689");
    assert_false(bdi_fish(&c, 3, &s));
    /* 9 in columns 1, 4, 6, 9 only in rows 1, 4, 6, 9 (c1: r1, r4; c4: r4,
     * r6; c6: r6, r9; c9: r9, r1): a jellyfish on columns, and no three of
     * those columns make a swordfish. */
    start(&c, NULL);
    drop(&c, "9", "r2356789c1"); drop(&c, "9", "r1235789c4"); drop(&c, "9", "r1234578c6");
    drop(&c, "9", "r2345678c9");
    assert_false(bdi_fish(&c, 3, &s));
    assert_true(bdi_fish(&c, 4, &s));
    assert_int_equal(s.tech, BD_TECH_JELLYFISH);
    expect_text(&s, "jellyfish 9 c1469 r1469 =>", true);
    expect_removals(&s, "r1c2<>9, r1c3<>9, r1c5<>9, r1c7<>9, r1c8<>9, "
                        "r4c2<>9, r4c3<>9, r4c5<>9, r4c7<>9, r4c8<>9, "
                        "r6c2<>9, r6c3<>9, r6c5<>9, r6c7<>9, r6c8<>9, "
                        "r9c2<>9, r9c3<>9, r9c5<>9, r9c7<>9, r9c8<>9");
}

/* ------------------------------------------------------------------ */
/* One-digit patterns                                                  */

static void test_skyscraper(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* 4: row 2 in c3, c8; row 7 in c3, c9. Base r2c3, r7c3 in column 3;
     * one of r2c8, r7c9 holds 4: it leaves r1c9, r3c9 (box 3, column 9)
     * and r8c8, r9c8 (box 9, column 8). */
    start(&c, NULL);
    drop(&c, "4", "r2c1245679"); drop(&c, "4", "r7c1245678");
    assert_true(bdi_skyscraper(&c, &s));
    assert_int_equal(s.tech, BD_TECH_SKYSCRAPER);
    expect_text(&s, "skyscraper 4 in r2c8,r7c9 (connected by r27c3) => r1c9<>4, r3c9<>4, "
                    "r8c8<>4, r9c8<>4", false);
    /* Look-alike: the X-wing is no skyscraper. */
    start(&c, NULL);
    drop(&c, "4", "r2c1245679"); drop(&c, "4", "r7c1245679");
    assert_false(bdi_skyscraper(&c, &s));
}

static void test_two_string_kite(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* 6: row 1 in c2, c7; column 3 in r2, r8; r1c2 and r2c3 share box 1.
     * One of r1c7, r8c3 holds 6: r8c7 sees both. */
    start(&c, NULL);
    drop(&c, "6", "r1c1345689"); drop(&c, "6", "r345679c3");
    assert_true(bdi_two_string_kite(&c, &s));
    assert_int_equal(s.tech, BD_TECH_TWO_STRING_KITE);
    expect_text(&s, "two-string kite 6 in r1c7,r8c3 (connected by r1c2,r2c3) => r8c7<>6",
                false);
    /* Look-alike: the column's link r5c3, r8c3 has no end in box 1. */
    start(&c, NULL);
    drop(&c, "6", "r1c1345689"); drop(&c, "6", "r234679c3");
    assert_false(bdi_two_string_kite(&c, &s));
}

static void test_empty_rectangle(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* 2 in box 5 only in row 5 and column 5 (a cross at r5c5); column 8
     * has 2 only in r1c8 and r5c8. r1c5 holding 2 would leave box 5 its
     * 2 in row 5, so not r5c8, so r1c8: twice in row 1. */
    start(&c, NULL);
    drop(&c, "2", "r46c46"); drop(&c, "2", "r2346789c8");
    assert_true(bdi_empty_rectangle(&c, &s));
    assert_int_equal(s.tech, BD_TECH_EMPTY_RECTANGLE);
    expect_text(&s, "empty rectangle 2 in b5 (r5c8=r1c8) => r1c5<>2", false);
    /* Look-alike: box 5's 2s all in row 5 (a pointing, not a rectangle). */
    start(&c, NULL);
    drop(&c, "2", "r46c456"); drop(&c, "2", "r2346789c8");
    assert_false(bdi_empty_rectangle(&c, &s));
}

/* ------------------------------------------------------------------ */
/* Wings                                                               */

static void test_xy_wing(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* Pivot r5c5 {1,2}, pincers r1c5 {2,3} and r5c1 {1,3}: r1c1 sees both. */
    start(&c, NULL);
    keep(&c, "12", "r5c5"); keep(&c, "23", "r1c5"); keep(&c, "13", "r5c1");
    assert_true(bdi_xy_wing(&c, &s));
    assert_int_equal(s.tech, BD_TECH_XY_WING);
    expect_text(&s, "XY-wing 1,2,3 in r5c5,r1c5,r5c1 => r1c1<>3", false);
    /* Look-alikes: pincers that do not share a digit; no target left. */
    start(&c, NULL);
    keep(&c, "12", "r5c5"); keep(&c, "24", "r1c5"); keep(&c, "13", "r5c1");
    assert_false(bdi_xy_wing(&c, &s));
    start(&c, NULL);
    keep(&c, "12", "r5c5"); keep(&c, "23", "r1c5"); keep(&c, "13", "r5c1");
    drop(&c, "3", "r1c1");
    assert_false(bdi_xy_wing(&c, &s));
}

static void test_xyz_wing(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* Pivot r5c5 {1,2,3}, pincers r4c5 {2,3} and r5c4 {1,3}: 3 leaves what
     * sees all three, the rest of box 5 but r5c5's row and column mates. */
    start(&c, NULL);
    keep(&c, "123", "r5c5"); keep(&c, "23", "r4c5"); keep(&c, "13", "r5c4");
    assert_true(bdi_xyz_wing(&c, &s));
    assert_int_equal(s.tech, BD_TECH_XYZ_WING);
    expect_text(&s, "XYZ-wing 1,2,3 in r5c5,r4c5,r5c4 => r4c4<>3, r4c6<>3, r5c6<>3, "
                    "r6c4<>3, r6c5<>3, r6c6<>3", false);
    /* Look-alike: a pincer with a digit the pivot lacks. */
    start(&c, NULL);
    keep(&c, "123", "r5c5"); keep(&c, "24", "r4c5"); keep(&c, "13", "r5c4");
    assert_false(bdi_xyz_wing(&c, &s));
}

static void test_w_wing(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* r1c1 and r9c9 {4,7}; 7 in row 5 only in r5c1 (sees r1c1) and r5c9
     * (sees r9c9): one of the two cells is 4; r1c9 and r9c1 see both. */
    start(&c, NULL);
    keep(&c, "47", "r1c1"); keep(&c, "47", "r9c9"); drop(&c, "7", "r5c2345678");
    assert_true(bdi_w_wing(&c, &s));
    assert_int_equal(s.tech, BD_TECH_W_WING);
    expect_text(&s, "W-wing 4,7 in r1c1,r9c9 connected by 7 in r5c19 => r1c9<>4, r9c1<>4",
                false);
    /* Look-alike: the link's second end r5c8 does not see r9c9. */
    start(&c, NULL);
    keep(&c, "47", "r1c1"); keep(&c, "47", "r9c9"); drop(&c, "7", "r5c2345679");
    assert_false(bdi_w_wing(&c, &s));
}

/* ------------------------------------------------------------------ */
/* Unique rectangles                                                   */

static void test_unique_rectangles(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* Type 1: r1c1, r1c4, r2c1 are {5,6} (boxes 1 and 2): r2c4 loses 5, 6. */
    start(&c, NULL);
    keep(&c, "56", "r1c14"); keep(&c, "56", "r2c1");
    assert_false(bdi_unique_rectangle(&c, 1, &s));   /* uniqueness not known */
    c.unique = true;
    assert_true(bdi_unique_rectangle(&c, 1, &s));
    assert_int_equal(s.tech, BD_TECH_UNIQUE_RECTANGLE_1);
    expect_text(&s, "unique rectangle type 1 5,6 in r1c1,r1c4,r2c1,r2c4 => r2c4<>5, r2c4<>6",
                false);
    /* Look-alike: the same in four boxes (r1, r4 x c1, c4) is no pattern. */
    start(&c, NULL);
    c.unique = true;
    keep(&c, "56", "r1c14"); keep(&c, "56", "r4c1");
    assert_false(bdi_unique_rectangle(&c, 1, &s));
    /* Type 2: floor r1c1, r2c1 {5,6}, roof r1c4, r2c4 {5,6,8}: one roof cell
     * is 8, so 8 leaves column 4 and box 2 elsewhere. */
    start(&c, NULL);
    c.unique = true;
    keep(&c, "56", "r12c1"); keep(&c, "568", "r12c4");
    assert_false(bdi_unique_rectangle(&c, 1, &s));
    assert_true(bdi_unique_rectangle(&c, 2, &s));
    expect_removals(&s, "r1c5<>8, r1c6<>8, r2c5<>8, r2c6<>8, r3c4<>8, r3c5<>8, r3c6<>8, "
                        "r4c4<>8, r5c4<>8, r6c4<>8, r7c4<>8, r8c4<>8, r9c4<>8");
    /* Look-alike: roofs {5,6,8} and {5,6,9} share no extra digit. */
    start(&c, NULL);
    c.unique = true;
    keep(&c, "56", "r12c1"); keep(&c, "568", "r1c4"); keep(&c, "569", "r2c4");
    assert_false(bdi_unique_rectangle(&c, 2, &s));
    /* Type 4: floor r1c1, r2c1 {5,6}; in column 4, 5 only in the roof r1c4,
     * r2c4: one of them is 5, so neither can be 6. */
    start(&c, NULL);
    c.unique = true;
    keep(&c, "56", "r12c1"); drop(&c, "5", "r3456789c4");
    assert_false(bdi_unique_rectangle(&c, 2, &s));
    assert_true(bdi_unique_rectangle(&c, 4, &s));
    assert_int_equal(s.tech, BD_TECH_UNIQUE_RECTANGLE_4);
    expect_removals(&s, "r1c4<>6, r2c4<>6");
    expect_text(&s, "unique rectangle type 4 5,6 in r1c1,r1c4,r2c1,r2c4 =>", true);
    /* Look-alike: 5 also in r5c4, so the roof need not hold it. */
    start(&c, NULL);
    c.unique = true;
    keep(&c, "56", "r12c1"); drop(&c, "5", "r346789c4");
    assert_false(bdi_unique_rectangle(&c, 4, &s));
}

/* ------------------------------------------------------------------ */
/* Chains                                                              */

static void test_x_chain(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* 1: rows 1, 5, 8 each a strong link (c1, c6; c6, c9; c9, c2), joined
     * by columns 6 and 9. One of r1c1, r8c2 holds 1: r2c2, r3c2 (box 1,
     * column 2) and r7c1, r9c1 (box 7, column 1) see both. No shorter
     * chain removes anything. */
    start(&c, NULL);
    drop(&c, "1", "r1c2345789"); drop(&c, "1", "r5c1234578"); drop(&c, "1", "r8c1345678");
    assert_true(bdi_x_chain(&c, &s));
    assert_int_equal(s.tech, BD_TECH_X_CHAIN);
    assert_int_equal(s.tenths, 66);   /* 6.5, and 0.1 for more than 4 nodes */
    expect_text(&s, "X-chain 1 r1c1=r1c6-r5c6=r5c9-r8c9=r8c2 => r2c2<>1, r3c2<>1, "
                    "r7c1<>1, r9c1<>1", false);
    /* Look-alike: row 5 loses its link (1 only in r5c6 there). */
    start(&c, NULL);
    drop(&c, "1", "r1c2345789"); drop(&c, "1", "r5c1234578"); drop(&c, "1", "r8c1345678");
    keep(&c, "23456789", "r5c9");   /* row 5's 1 now only in c6: a single */
    assert_false(bdi_x_chain(&c, &s));
}

static void test_xy_chain(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* (1=2)r1c1-(2=3)r1c5-(3=4)r4c5-(4=1)r4c9: one of r1c1, r4c9 is 1. */
    start(&c, NULL);
    keep(&c, "12", "r1c1"); keep(&c, "23", "r1c5"); keep(&c, "34", "r4c5"); keep(&c, "14", "r4c9");
    assert_true(bdi_xy_chain(&c, &s));
    assert_int_equal(s.tech, BD_TECH_XY_CHAIN);
    assert_int_equal(s.tenths, 68);   /* 6.6, and 0.2 for 8 nodes */
    expect_text(&s, "XY-chain (1=2)r1c1-(2=3)r1c5-(3=4)r4c5-(4=1)r4c9 => r1c9<>1, r4c1<>1",
                false);
    /* Look-alike: the last cell {4,5} ends on another digit. */
    start(&c, NULL);
    keep(&c, "12", "r1c1"); keep(&c, "23", "r1c5"); keep(&c, "34", "r4c5"); keep(&c, "45", "r4c9");
    assert_false(bdi_xy_chain(&c, &s));
}

static void test_aic(void **state)
{
    (void)state;
    bdi_cands c;
    bdi_step s;
    /* 1 in row 1 only in c1, c7; r4c7 is {1,2}; 2 in column 1 only in r1,
     * r4. (1)r1c1=(1)r1c7-(1=2)r4c7-(2)r4c1=(2)r1c1: r1c1 is 1 or 2. */
    start(&c, NULL);
    drop(&c, "1", "r1c2345689"); keep(&c, "12", "r4c7"); drop(&c, "2", "r2356789c1");
    assert_false(bdi_x_chain(&c, &s));
    assert_false(bdi_xy_chain(&c, &s));
    assert_true(bdi_aic(&c, &s));
    assert_int_equal(s.tech, BD_TECH_AIC);
    assert_int_equal(s.tenths, 71);
    expect_text(&s, "AIC (1)r1c1=(1)r1c7-(1=2)r4c7-(2)r4c1=(2)r1c1 => r1c1<>3, r1c1<>4, "
                    "r1c1<>5, r1c1<>6, r1c1<>7, r1c1<>8, r1c1<>9", false);
    /* Look-alike: without the link in column 1 the chain has no end. */
    start(&c, NULL);
    drop(&c, "1", "r1c2345689"); keep(&c, "12", "r4c7"); drop(&c, "2", "r235789c1");
    assert_false(bdi_aic(&c, &s));
}

/* ------------------------------------------------------------------ */
/* Soundness on whole puzzles                                          */

typedef struct checker {
    bd_grid solution;
    int steps, placements;
    bool sound;
    char first_bad[BD_STEP_TEXT_MAX];
} checker;

/* Checks a step against the known solution, and its record against itself. */
static bool check_step(const bd_step *step, void *context)
{
    checker *k = context;
    bool ok = step->text[0] != '\0' && strlen(step->text) < BD_STEP_TEXT_MAX - 1;
    int removed = 0;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned truth = digit_bit(k->solution.cells[cell]);
        removed += digit_count(step->removed[cell]);
        ok &= !(step->removed[cell] & truth);
        ok &= step->grid.cells[cell] == 0 ? (step->candidates[cell] & truth) != 0
                                          : step->grid.cells[cell] == k->solution.cells[cell];
    }
    ok &= removed == step->removed_count;
    if (step->cell >= 0) {
        ok &= step->digit == k->solution.cells[step->cell];
        k->placements++;
    } else if (step->technique != BD_TECH_SEARCH) {
        ok &= removed > 0;
    }
    if (!ok && k->sound)
        snprintf(k->first_bad, sizeof k->first_bad, "%s", step->text);
    k->sound &= ok;
    k->steps++;
    return true;
}

/* Explains `puzzle` against `solution`; returns the rating. */
static bd_rating check_puzzle(const bd_grid *puzzle, const bd_grid *solution)
{
    checker k = {.solution = *solution, .sound = true};
    bd_rating rating, rated;
    assert_int_equal(bd_explain(puzzle, NULL, check_step, &k, &rating), BD_OK);
    if (!k.sound)
        fail_msg("unsound step: %s", k.first_bad);
    assert_int_equal(k.steps, rating.steps);
    int blanks = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        blanks += puzzle->cells[cell] == 0;
    if (rating.hardest != BD_TECH_SEARCH)
        assert_int_equal(k.placements, blanks);
    assert_int_equal(bd_rate(puzzle, NULL, &rated, NULL), BD_OK);
    assert_true(rated.rating == rating.rating && rated.hardest == rating.hardest);
    assert_int_equal(rated.level, bd_level_of(rated.rating));
    return rating;
}

static void test_sound_on_kaggle(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof KAGGLE / sizeof KAGGLE[0]; i++) {
        bd_grid puzzle, solution;
        assert_true(tu_grid(KAGGLE[i][0], &puzzle));
        assert_true(tu_grid(KAGGLE[i][1], &solution));
        check_puzzle(&puzzle, &solution);
    }
}

/* A full grid: random givens in a dozen cells (kept when they do not
 * clash), completed by the solver. */
static void random_grid(uint64_t *seed, bd_grid *full)
{
    for (;;) {
        bd_grid start = {{0}};
        for (int i = 0; i < 12; i++) {
            int cell = tu_below(seed, BD_CELLS);
            start.cells[cell] = (uint8_t)(1 + tu_below(seed, BD_SIZE));
            if (!bd_givens_ok(&start))
                start.cells[cell] = 0;
        }
        if (bd_solve(&start, NULL, full, NULL) == BD_OK)
            return;
    }
}

/* A minimal puzzle of `full`: its cells cleared in random order while the
 * puzzle keeps one solution. */
static void minimal_puzzle(uint64_t *seed, const bd_grid *full, bd_grid *puzzle)
{
    int order[BD_CELLS];
    for (int i = 0; i < BD_CELLS; i++)
        order[i] = i;
    tu_shuffle(seed, order, BD_CELLS);
    *puzzle = *full;
    for (int i = 0; i < BD_CELLS; i++) {
        uint64_t count = 0;
        puzzle->cells[order[i]] = 0;
        assert_int_equal(bd_count(puzzle, 2, NULL, &count, NULL), BD_OK);
        if (count != 1)
            puzzle->cells[order[i]] = full->cells[order[i]];
    }
}

/* The hard sample (top 1465 and the hardest list): the solutions by
 * Dancing Links, the independent engine. */
static void test_sound_on_hard_sample(void **state)
{
    (void)state;
    FILE *file = fopen(BITDOKU_PUZZLES_DIR "/hard_sample.txt", "r");
    bd_reader *reader = malloc(sizeof *reader);
    assert_non_null(file);
    assert_non_null(reader);
    bd_reader_init_file(reader, file);
    bd_options dlx = bd_options_default();
    dlx.engine = BD_ENGINE_DLX;
    bd_record rec;
    int puzzles = 0;
    while (bd_read(reader, &rec) == BD_OK) {
        bd_grid solution;
        uint64_t count = 0;
        assert_int_equal(bd_count(&rec.grid, 2, &dlx, &count, NULL), BD_OK);
        assert_int_equal(count, 1);
        assert_int_equal(bd_solve(&rec.grid, &dlx, &solution, NULL), BD_OK);
        bd_rating rating = check_puzzle(&rec.grid, &solution);
        /* The last 10 are rated 11 or more by Sudoku Explainer, whose
         * techniques include all of ours: none falls to a technique here. */
        if (++puzzles > 10)
            assert_int_equal(rating.level, BD_LEVEL_BEYOND);
    }
    free(reader);
    fclose(file);
    assert_int_equal(puzzles, 20);
}

enum { MINIMAL_PUZZLES = 2000 };

static void test_sound_on_minimal_puzzles(void **state)
{
    (void)state;
    uint64_t seed = 13;
    int by_level[BD_LEVELS] = {0};
    for (int i = 0; i < MINIMAL_PUZZLES; i++) {
        bd_grid full, puzzle;
        random_grid(&seed, &full);
        minimal_puzzle(&seed, &full, &puzzle);
        by_level[check_puzzle(&puzzle, &full).level]++;
    }
    /* Random minimal puzzles span the scale (a check that the test set
     * exercises more than the singles). */
    for (int level = 0; level < BD_LEVELS; level++)
        print_message("%s: %d\n", bd_level_name((bd_level)level), by_level[level]);
    assert_true(by_level[BD_LEVEL_EASY] > 0 && by_level[BD_LEVEL_MEDIUM] > 0);
}

/* ------------------------------------------------------------------ */
/* The public API                                                      */

static void test_statuses(void **state)
{
    (void)state;
    bd_grid empty = {{0}}, clash = {{0}}, full, puzzle;
    bd_rating rating;
    assert_int_equal(bd_rate(&empty, NULL, &rating, NULL), BD_NOT_UNIQUE);
    clash.cells[0] = clash.cells[1] = 5;
    assert_int_equal(bd_rate(&clash, NULL, &rating, NULL), BD_NO_SOLUTION);
    assert_int_equal(bd_rate(NULL, NULL, &rating, NULL), BD_EINVAL);
    assert_int_equal(bd_rate(&empty, NULL, NULL, NULL), BD_EINVAL);
    clash.cells[1] = 10;
    assert_int_equal(bd_rate(&clash, NULL, &rating, NULL), BD_EINVAL);
    /* Givens that do not clash but leave no solution: r1c9 can hold no digit. */
    assert_true(tu_grid("12345678." "........9" "........." "........." "........."
                        "........." "........." "........." ".........", &puzzle));
    assert_int_equal(bd_rate(&puzzle, NULL, &rating, NULL), BD_NO_SOLUTION);
    /* A full grid: no steps. One blank: a full house. */
    assert_true(tu_grid(KAGGLE[0][1], &full));
    assert_int_equal(bd_rate(&full, NULL, &rating, NULL), BD_OK);
    assert_int_equal(rating.steps, 0);
    assert_true(rating.rating == 0.0 && rating.level == BD_LEVEL_EASY);
    assert_int_equal(rating.hardest, BD_TECHNIQUES);
    puzzle = full;
    puzzle.cells[40] = 0;
    assert_int_equal(bd_rate(&puzzle, NULL, &rating, NULL), BD_OK);
    assert_int_equal(rating.steps, 1);
    assert_true(rating.rating == 1.0);
    assert_int_equal(rating.hardest, BD_TECH_FULL_HOUSE);
    assert_string_equal(bd_technique_name(rating.hardest), "full-house");
    /* A node limit too small for the uniqueness check. */
    bd_options options = bd_options_default();
    options.max_nodes = 1;
    assert_int_equal(bd_rate(&empty, &options, &rating, NULL), BD_CUT_SHORT);
}

static void test_levels(void **state)
{
    (void)state;
    /* The level table of bitdoku.h, at both ends of each level. */
    const double at[] = {1.0, 2.3, 2.4, 3.5, 3.6, 4.4, 4.5, 6.4, 6.5, 7.9, 8.0, 12.0};
    const bd_level want[] = {BD_LEVEL_EASY, BD_LEVEL_EASY, BD_LEVEL_MEDIUM, BD_LEVEL_MEDIUM,
                             BD_LEVEL_HARD, BD_LEVEL_HARD, BD_LEVEL_FIENDISH, BD_LEVEL_FIENDISH,
                             BD_LEVEL_DIABOLICAL, BD_LEVEL_DIABOLICAL, BD_LEVEL_BEYOND,
                             BD_LEVEL_BEYOND};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        assert_int_equal(bd_level_of(at[i]), want[i]);
    assert_string_equal(bd_level_name(BD_LEVEL_FIENDISH), "fiendish");
    assert_string_equal(bd_technique_name(BD_TECH_XY_WING), "xy-wing");
}

typedef struct stopper {
    int calls, stop_after;
} stopper;

static bool stop_early(const bd_step *step, void *context)
{
    (void)step;
    stopper *s = context;
    return ++s->calls < s->stop_after;
}

static void test_explain_stops(void **state)
{
    (void)state;
    bd_grid puzzle;
    assert_true(tu_grid(KAGGLE[0][0], &puzzle));
    stopper st = {0, 3};
    bd_rating rating;
    assert_int_equal(bd_explain(&puzzle, NULL, stop_early, &st, &rating), BD_OK);
    assert_int_equal(st.calls, 3);
    assert_int_equal(rating.steps, 3);
    assert_int_equal(bd_explain(&puzzle, NULL, NULL, NULL, &rating), BD_EINVAL);
}

/* Pencil marks of a grid: its givens as cells of one candidate, its
 * blanks with all nine. */
static void marks_of(const bd_grid *g, bd_marks *m)
{
    for (int cell = 0; cell < BD_CELLS; cell++)
        m->cand[cell] = (uint16_t)(g->cells[cell] ? digit_bit(g->cells[cell]) : ALL_DIGITS);
}

/* A bd_step_fn that keeps the first step and stops. */
static bool first_step(const bd_step *step, void *context)
{
    *(bd_step *)context = *step;
    return false;
}

static void test_marks(void **state)
{
    (void)state;
    bd_grid puzzle;
    bd_marks marks;
    bd_rating from_grid, from_marks;
    /* The marks of the givens alone rate as the givens do. */
    for (size_t i = 0; i < sizeof KAGGLE / sizeof KAGGLE[0]; i++) {
        assert_true(tu_grid(KAGGLE[i][0], &puzzle));
        marks_of(&puzzle, &marks);
        assert_int_equal(bd_rate(&puzzle, NULL, &from_grid, NULL), BD_OK);
        assert_int_equal(bd_rate_marks(&marks, NULL, &from_marks, NULL), BD_OK);
        assert_true(from_grid.rating == from_marks.rating);
        assert_int_equal(from_grid.steps, from_marks.steps);
    }
    /* Issue 25: once the marks carry the removals of an elimination step,
     * the next step is another one. */
    assert_true(tu_grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                        &puzzle));
    marks_of(&puzzle, &marks);
    static bd_step first, next;
    for (int steps = 0; steps < 100; steps++) {
        assert_int_equal(bd_explain_marks(&marks, NULL, first_step, &first, NULL), BD_OK);
        if (first.cell < 0)
            break;
        marks.cand[first.cell] = (uint16_t)digit_bit(first.digit);
    }
    assert_true(first.cell < 0 && first.removed_count > 0);
    for (int cell = 0; cell < BD_CELLS; cell++)
        marks.cand[cell] &= (uint16_t)~first.removed[cell];
    assert_int_equal(bd_explain_marks(&marks, NULL, first_step, &next, NULL), BD_OK);
    assert_string_not_equal(first.text, next.text);
    /* A cell with no candidate; marks that allow two solutions. */
    marks.cand[0] = 0;
    assert_int_equal(bd_rate_marks(&marks, NULL, &from_marks, NULL), BD_NO_SOLUTION);
    for (int cell = 0; cell < BD_CELLS; cell++)
        marks.cand[cell] = ALL_DIGITS;
    assert_int_equal(bd_rate_marks(&marks, NULL, &from_marks, NULL), BD_NOT_UNIQUE);
    assert_int_equal(bd_rate_marks(NULL, NULL, &from_marks, NULL), BD_EINVAL);
}

static void test_pearl_and_diamond(void **state)
{
    (void)state;
    /* A full grid less r1c1 and r1c2: each of them is the last blank of its
     * column, so the path is two full houses: ER = EP = ED = 1.0. */
    bd_grid puzzle;
    bd_rating rating;
    assert_true(tu_grid(KAGGLE[0][1], &puzzle));
    puzzle.cells[0] = puzzle.cells[1] = 0;
    assert_int_equal(bd_rate(&puzzle, NULL, &rating, NULL), BD_OK);
    assert_true(rating.rating == 1.0 && rating.pearl == 1.0 && rating.diamond == 1.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_house),
        cmocka_unit_test(test_hidden_single_box),
        cmocka_unit_test(test_hidden_single_line),
        cmocka_unit_test(test_naked_single),
        cmocka_unit_test(test_pointing),
        cmocka_unit_test(test_claiming),
        cmocka_unit_test(test_naked_pair),
        cmocka_unit_test(test_naked_triple),
        cmocka_unit_test(test_naked_quad),
        cmocka_unit_test(test_hidden_pair),
        cmocka_unit_test(test_hidden_triple),
        cmocka_unit_test(test_hidden_quad),
        cmocka_unit_test(test_x_wing),
        cmocka_unit_test(test_swordfish_and_jellyfish),
        cmocka_unit_test(test_skyscraper),
        cmocka_unit_test(test_two_string_kite),
        cmocka_unit_test(test_empty_rectangle),
        cmocka_unit_test(test_xy_wing),
        cmocka_unit_test(test_xyz_wing),
        cmocka_unit_test(test_w_wing),
        cmocka_unit_test(test_unique_rectangles),
        cmocka_unit_test(test_x_chain),
        cmocka_unit_test(test_xy_chain),
        cmocka_unit_test(test_aic),
        cmocka_unit_test(test_statuses),
        cmocka_unit_test(test_levels),
        cmocka_unit_test(test_explain_stops),
        cmocka_unit_test(test_marks),
        cmocka_unit_test(test_pearl_and_diamond),
        cmocka_unit_test(test_sound_on_kaggle),
        cmocka_unit_test(test_sound_on_hard_sample),
        cmocka_unit_test(test_sound_on_minimal_puzzles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
