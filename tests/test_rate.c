/*
 * test_rate.c - the human-technique engine (Sudoku Explainer's path and
 * rating) and its API.
 *
 *  - Each producer on hand-made candidate states where one technique
 *    applies, the expected step worked out by hand from the technique's
 *    rule and SE's order (written beside each case), and on look-alikes
 *    where it must not fire.
 *  - SE's own figures: the ER/EP/ED that serate 1.2.1.3 printed for a set
 *    of puzzles, and for some of them every step of SE's path (its
 *    difficulty, placement and removals), in tests/data/se_ratings.txt
 *    and tests/data/se_paths.txt (their headers give the provenance).
 *    bitdoku must give the same numbers and take the same steps.
 *  - Soundness on thousands of puzzles: every placement is the digit of the
 *    puzzle's known solution and no removal takes a solution digit. The
 *    solutions are known independently of the engine: published (the
 *    Kaggle sample), or the full grid a puzzle was cut from.
 *  - The public API: statuses, ratings and levels, pencil marks, EP and ED,
 *    the step records.
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
#include "core/set_rating.h"
#include "human/chains.h"
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
    bdi_state *st;
    unsigned digits;
} edit;

static void drop_cell(int cell, void *context)
{
    edit *e = context;
    for (int d = 1; d <= BD_SIZE; d++)
        if (e->digits & digit_bit(d))
            state_remove(e->st, cell, d);
}

/* Removes the digits (a string such as "17") from the cells of `spec`. */
static void drop(bdi_state *st, const char *digits, const char *spec)
{
    edit e = {st, 0};
    for (; *digits; digits++)
        e.digits |= digit_bit(*digits - '0');
    for_cells(spec, drop_cell, &e);
}

/* Keeps only `digits` as candidates of the cells of `spec`. */
static void keep(bdi_state *st, const char *digits, const char *spec)
{
    edit e = {st, ALL_DIGITS};
    for (; *digits; digits++)
        e.digits &= ~digit_bit(*digits - '0');
    for_cells(spec, drop_cell, &e);
}

/* A state from 81 cells of givens ("." blanks); NULL: the empty grid. */
static void start(bdi_state *st, const char *givens)
{
    bd_grid grid = {{0}};
    if (givens)
        assert_true(tu_grid(givens, &grid));
    assert_true(bdi_state_init(st, &grid));
}

/* Checks that a step removes exactly the candidates of `expected`, written
 * as the notation writes them: "r2c5<>3, r2c8<>3". */
static void expect_removals(const bdi_step *s, const char *expected)
{
    uint16_t want[BD_CELLS] = {0};
    for (const char *p = expected; *p;) {
        int row, col, digit, used = 0;
        assert_int_equal(sscanf(p, " r%1dc%1d<>%1d%n", &row, &col, &digit, &used), 3);
        want[(row - 1) * BD_SIZE + col - 1] |= (uint16_t)digit_bit(digit);
        p += used;
        if (*p == ',')
            p++;
    }
    for (int cell = 0; cell < BD_CELLS; cell++)
        assert_int_equal(s->removed[cell], want[cell]);
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

/* Checks a step's technique and SE difficulty (in tenths, as serate
 * prints it). */
static void expect_step(const bdi_step *s, bd_technique tech, int tenths)
{
    assert_int_equal(s->tech, tech);
    assert_int_equal((int)((s->difficulty + 0.05) * 10), tenths);
}

/* ------------------------------------------------------------------ */
/* Singles and direct techniques                                       */

static void test_full_house(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    /* Row 1 holds 1..9 but 5, r1c5 blank: no box or column is down to
     * one blank, row 1 is (SE looks in boxes, columns, then rows). */
    start(&st, "1234.6789" "........." "........." "........." "........."
               "........." "........." "........." ".........");
    assert_true(bdi_hidden_single(&st, &s));
    expect_step(&s, BD_TECH_FULL_HOUSE, 10);
    expect_text(&s, "r1c5=5 full house (row 1)", false);
    /* Two blanks in row 1 ({5,6} each): no single of any kind. */
    start(&st, "1234..789" "........." "........." "........." "........."
               "........." "........." "........." ".........");
    assert_false(bdi_hidden_single(&st, &s));
    assert_false(bdi_naked_single(&st, &s));
}

static void test_hidden_single_box(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    /* 1s in r2c4, r3c8 (rows 2, 3), r4c1, r7c2 (columns 1, 2) leave box 1
     * one place for 1: r1c3. */
    start(&st, "........." "...1....." ".......1." "1........" "........."
               "........." ".1......." "........." ".........");
    assert_true(bdi_hidden_single(&st, &s));
    expect_step(&s, BD_TECH_HIDDEN_SINGLE_BOX, 12);
    expect_text(&s, "r1c3=1 hidden single (box 1)", false);
    /* Without the 1 in r7c2, box 1 keeps two places for 1. */
    start(&st, "........." "...1....." ".......1." "1........" "........."
               "........." "........." "........." ".........");
    assert_false(bdi_hidden_single(&st, &s));
}

static void test_hidden_single_line(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    start(&st, NULL);
    drop(&st, "6", "r3c12345678");   /* row 3: 6 only in c9; box 3 keeps 7 places */
    assert_true(bdi_hidden_single(&st, &s));
    expect_step(&s, BD_TECH_HIDDEN_SINGLE_LINE, 15);
    expect_text(&s, "r3c9=6 hidden single (row 3)", false);
    start(&st, NULL);
    drop(&st, "6", "r23456789c4");
    assert_true(bdi_hidden_single(&st, &s));
    expect_text(&s, "r1c4=6 hidden single (column 4)", false);
}

static void test_naked_single(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    start(&st, NULL);
    keep(&st, "4", "r5c5");   /* every digit keeps 8 or 9 places per unit */
    assert_false(bdi_hidden_single(&st, &s));
    assert_true(bdi_naked_single(&st, &s));
    expect_step(&s, BD_TECH_NAKED_SINGLE, 23);
    expect_text(&s, "r5c5=4 naked single", false);
}

static void test_direct_pointing(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    /* 3 in box 1 only on row 2; box 2 has 3 in r2c456 and r3c6: once row
     * 2 is left to box 1, r3c6 is box 2's only place. SE tries the boxes
     * on columns first (none locked), then on rows: box 1 on row 2. */
    start(&st, NULL);
    drop(&st, "3", "r13c123");
    drop(&st, "3", "r1c456");
    drop(&st, "3", "r3c45");
    assert_false(bdi_hidden_single(&st, &s));
    assert_true(bdi_locking(&st, true, &s));
    expect_step(&s, BD_TECH_DIRECT_POINTING, 17);
    expect_removals(&s, "");
    assert_int_equal(s.cell, 2 * BD_SIZE + 5);
    assert_int_equal(s.digit, 3);
    expect_text(&s, "r3c6=3 direct pointing 3 in b1 on r2 (hidden single in box 2)", false);
    /* Box 2 keeping two places off row 2: the lock leaves no single. */
    start(&st, NULL);
    drop(&st, "3", "r13c123");
    assert_false(bdi_locking(&st, true, &s));
}

static void test_direct_hidden_pair(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    /* Row 5: 2 and 8 only in c3 and c7 (a hidden pair); 4 in c1, c3, c7:
     * without the pair's cells, r5c1 is 4's only place. No box or column
     * has a pair (SE looks there first). */
    start(&st, NULL);
    drop(&st, "28", "r5c1245689");
    drop(&st, "4", "r5c245689");
    assert_true(bdi_hidden_set(&st, 2, true, NULL, &s));
    expect_step(&s, BD_TECH_DIRECT_HIDDEN_PAIR, 20);
    expect_removals(&s, "");
    expect_text(&s, "r5c1=4 direct hidden pair 2,8 in r5c37 (hidden single in row 5)", false);
    /* The same pair with 4 in four places: nothing left single. */
    start(&st, NULL);
    drop(&st, "28", "r5c1245689");
    assert_false(bdi_hidden_set(&st, 2, true, NULL, &s));
}

static void test_direct_hidden_triplet(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    /* Row 4: 1 only in c2, c5; 2, 3 only in c2, c5, c8 (a hidden triplet,
     * the first set SE tries); 4 only in c1, c5: r4c1 is left. */
    start(&st, NULL);
    drop(&st, "123", "r4c134679");
    drop(&st, "1", "r4c8");
    drop(&st, "4", "r4c2346789");
    assert_true(bdi_hidden_set(&st, 3, true, NULL, &s));
    expect_step(&s, BD_TECH_DIRECT_HIDDEN_TRIPLE, 25);
    expect_text(&s, "r4c1=4 direct hidden triplet 1,2,3 in r4c258 (hidden single in row 4)",
                false);
}

/* ------------------------------------------------------------------ */
/* Intersections, subsets, fish, wings                                 */

static void test_pointing_and_claiming(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    start(&st, NULL);
    drop(&st, "3", "r13c123");   /* box 1: 3 only in row 2 */
    assert_true(bdi_locking(&st, false, &s));
    expect_step(&s, BD_TECH_POINTING, 26);
    expect_text(&s, "pointing 3 in b1 on r2 => r2c4<>3, r2c5<>3, r2c6<>3, "
                    "r2c7<>3, r2c8<>3, r2c9<>3", false);
    start(&st, NULL);
    drop(&st, "7", "r456c4");
    drop(&st, "7", "r456c6");   /* box 5: 7 only in c5 */
    assert_true(bdi_locking(&st, false, &s));
    expect_removals(&s, "r1c5<>7, r2c5<>7, r3c5<>7, r7c5<>7, r8c5<>7, r9c5<>7");
    /* Row 2's 3 only in box 1: boxes 2 and 3 keep 3 in rows 1 and 3, no
     * box is locked, and the claim is the first lock. */
    start(&st, NULL);
    drop(&st, "3", "r2c456789");
    assert_true(bdi_locking(&st, false, &s));
    expect_step(&s, BD_TECH_CLAIMING, 28);
    expect_text(&s, "claiming 3 in r2 on b1 => r1c1<>3, r1c2<>3, r1c3<>3, "
                    "r3c1<>3, r3c2<>3, r3c3<>3", false);
    /* A box's 3s confined to a row that has no other 3 left: a lock that
     * removes nothing is no hint. */
    start(&st, NULL);
    drop(&st, "3", "r13c123");
    drop(&st, "3", "r2c456789");
    assert_false(bdi_locking(&st, false, &s));
}

static void test_naked_sets(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    start(&st, NULL);
    keep(&st, "17", "r3c1");
    keep(&st, "17", "r3c5");
    assert_true(bdi_naked_set(&st, 2, NULL, &s));
    expect_step(&s, BD_TECH_NAKED_PAIR, 30);
    expect_removals(&s, "r3c2<>1, r3c2<>7, r3c3<>1, r3c3<>7, r3c4<>1, r3c4<>7, r3c6<>1, "
                        "r3c6<>7, r3c7<>1, r3c7<>7, r3c8<>1, r3c8<>7, r3c9<>1, r3c9<>7");
    expect_text(&s, "naked pair 1,7 in r3c15 (row 3) => r3c2<>1, r3c2<>7", true);
    start(&st, NULL);
    keep(&st, "17", "r3c1");
    keep(&st, "18", "r3c5");
    assert_false(bdi_naked_set(&st, 2, NULL, &s));
    /* {1,2}, {2,3}, {1,3} in column 2: a triplet, no pair. */
    start(&st, NULL);
    keep(&st, "12", "r1c2");
    keep(&st, "23", "r5c2");
    keep(&st, "13", "r9c2");
    assert_false(bdi_naked_set(&st, 2, NULL, &s));
    assert_true(bdi_naked_set(&st, 3, NULL, &s));
    expect_step(&s, BD_TECH_NAKED_TRIPLE, 36);
    expect_text(&s, "naked triplet 1,2,3 in r159c2 (column 2) => r2c2<>1", true);
    /* Column 7: {1,2}, {2,3}, {3,4}, {1,4}: a quad, no pair or triplet. */
    start(&st, NULL);
    keep(&st, "12", "r1c7");
    keep(&st, "23", "r3c7");
    keep(&st, "34", "r5c7");
    keep(&st, "14", "r7c7");
    assert_false(bdi_naked_set(&st, 3, NULL, &s));
    assert_true(bdi_naked_set(&st, 4, NULL, &s));
    expect_step(&s, BD_TECH_NAKED_QUAD, 50);
    expect_text(&s, "naked quad 1,2,3,4 in r1357c7 (column 7) => r2c7<>1", true);
}

static void test_hidden_sets(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    start(&st, NULL);
    drop(&st, "28", "r5c1245689");   /* row 5: 2 and 8 only in c3 and c7 */
    assert_true(bdi_hidden_set(&st, 2, false, NULL, &s));
    expect_step(&s, BD_TECH_HIDDEN_PAIR, 34);
    expect_removals(&s, "r5c3<>1, r5c3<>3, r5c3<>4, r5c3<>5, r5c3<>6, r5c3<>7, r5c3<>9, "
                        "r5c7<>1, r5c7<>3, r5c7<>4, r5c7<>5, r5c7<>6, r5c7<>7, r5c7<>9");
    expect_text(&s, "hidden pair 2,8 in r5c37 (row 5) =>", true);
    start(&st, NULL);
    drop(&st, "123", "r4c134679");
    drop(&st, "1", "r4c8");
    assert_false(bdi_hidden_set(&st, 2, false, NULL, &s));
    assert_true(bdi_hidden_set(&st, 3, false, NULL, &s));
    expect_step(&s, BD_TECH_HIDDEN_TRIPLE, 40);
    expect_text(&s, "hidden triplet 1,2,3 in r4c258 (row 4) => r4c2<>4, r4c2<>5", true);
    /* Box 9: 1-4 only in r7c7, r7c9, r9c7, r9c9. */
    start(&st, NULL);
    drop(&st, "1234", "r8c789");
    drop(&st, "1234", "r79c8");
    drop(&st, "1", "r9c9");
    drop(&st, "2", "r7c7");
    assert_false(bdi_hidden_set(&st, 3, false, NULL, &s));
    assert_true(bdi_hidden_set(&st, 4, false, NULL, &s));
    expect_step(&s, BD_TECH_HIDDEN_QUAD, 54);
    expect_text(&s, "hidden quad 1,2,3,4 in r7c7,r7c9,r9c7,r9c9 (box 9) =>", true);
}

/* The path's record of the set searches: a unit kept when a search found
 * nothing there is searched again once its candidates change, whatever
 * digit changed, and each search keeps its own units; a fish search's
 * digit likewise once its places change. The hints expected are
 * test_naked_sets', test_hidden_sets', test_direct_hidden_pair's and
 * test_fish's, worked out by hand. */
static void test_sets_memo(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    bdi_sets_memo memo = {.known = {0}};
    start(&st, NULL);
    keep(&st, "17", "r3c1");
    keep(&st, "178", "r3c5");
    assert_false(bdi_naked_set(&st, 2, &memo, &s));
    assert_false(bdi_naked_set(&st, 2, &memo, &s));
    drop(&st, "8", "r3c5");   /* now a naked pair 1,7 in row 3 */
    assert_true(bdi_naked_set(&st, 2, &memo, &s));
    expect_step(&s, BD_TECH_NAKED_PAIR, 30);
    expect_text(&s, "naked pair 1,7 in r3c15 (row 3) => r3c2<>1, r3c2<>7", true);
    /* Row 5's hidden pair 2,8 leaves nothing single while 4 has four
     * places; taking 4 from them but r5c1 (the pair's digits unchanged)
     * makes it the direct hint. */
    memo = (bdi_sets_memo){.known = {0}};
    start(&st, NULL);
    drop(&st, "28", "r5c1245689");
    assert_false(bdi_hidden_set(&st, 2, true, &memo, &s));
    assert_true(bdi_hidden_set(&st, 2, false, &memo, &s));   /* a search of its own */
    expect_step(&s, BD_TECH_HIDDEN_PAIR, 34);
    drop(&st, "4", "r5c245689");
    assert_true(bdi_hidden_set(&st, 2, true, &memo, &s));
    expect_step(&s, BD_TECH_DIRECT_HIDDEN_PAIR, 20);
    expect_text(&s, "r5c1=4 direct hidden pair 2,8 in r5c37 (hidden single in row 5)", false);
    /* 4 in row 2 only in c3, c8, in row 7 also in c9: no X-wing until
     * r7c9 loses it (test_fish's X-wing). */
    memo = (bdi_sets_memo){.known = {0}};
    start(&st, NULL);
    drop(&st, "4", "r2c1245679");
    drop(&st, "4", "r7c124567");
    assert_false(bdi_fish(&st, 2, &memo, &s));
    drop(&st, "4", "r7c9");
    assert_true(bdi_fish(&st, 2, &memo, &s));
    expect_step(&s, BD_TECH_X_WING, 32);
    expect_text(&s, "X-wing 4 r27 c38 => r1c3<>4, r1c8<>4", true);
}

static void test_fish(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    /* 4: rows 2 and 7 only in c3, c8. SE tries columns as base lines
     * first (each has 4 everywhere), then rows. */
    start(&st, NULL);
    drop(&st, "4", "r2c1245679");
    drop(&st, "4", "r7c1245679");
    assert_true(bdi_fish(&st, 2, NULL, &s));
    expect_step(&s, BD_TECH_X_WING, 32);
    expect_text(&s, "X-wing 4 r27 c38 => r1c3<>4, r1c8<>4, r3c3<>4, r3c8<>4, r4c3<>4, "
                    "r4c8<>4, r5c3<>4, r5c8<>4, r6c3<>4, r6c8<>4, r8c3<>4, r8c8<>4, "
                    "r9c3<>4, r9c8<>4", false);
    /* 5: column 1 only in rows 2 and 5, column 4 in 5 and 8, column 7 in
     * 2 and 8: a swordfish on columns, no X-wing; rows 2, 5, 8 lose 5
     * elsewhere. */
    start(&st, NULL);
    drop(&st, "5", "r1346789c1");
    drop(&st, "5", "r1234679c4");
    drop(&st, "5", "r1345679c7");
    assert_false(bdi_fish(&st, 2, NULL, &s));
    assert_true(bdi_fish(&st, 3, NULL, &s));
    expect_step(&s, BD_TECH_SWORDFISH, 38);
    expect_text(&s, "swordfish 5 c147 r258 => r2c2<>5, r2c3<>5, r2c5<>5", true);
    /* 6: row 1 only in columns 2, 4; row 3 in 4, 6; row 5 in 6, 8; row 7
     * in 8, 2: a jellyfish, no three rows within three columns. */
    start(&st, NULL);
    drop(&st, "6", "r1c1356789");
    drop(&st, "6", "r3c1235789");
    drop(&st, "6", "r5c1234579");
    drop(&st, "6", "r7c1345679");
    assert_false(bdi_fish(&st, 2, NULL, &s));
    assert_false(bdi_fish(&st, 3, NULL, &s));
    assert_true(bdi_fish(&st, 4, NULL, &s));
    expect_step(&s, BD_TECH_JELLYFISH, 52);
}

static void test_wings(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    /* Pivot r1c1 {1,2}; pincers r1c5 {1,3} (row) and r4c1 {2,3} (column):
     * r4c5 sees both pincers and loses 3. */
    start(&st, NULL);
    keep(&st, "12", "r1c1");
    keep(&st, "13", "r1c5");
    keep(&st, "23", "r4c1");
    assert_true(bdi_xy_wing(&st, false, &s));
    expect_step(&s, BD_TECH_XY_WING, 42);
    expect_removals(&s, "r4c5<>3");
    expect_text(&s, "XY-wing 1,2,3 in r1c1,r1c5,r4c1 => r4c5<>3", false);
    /* XYZ: pivot r1c1 {1,2,3}, pincers r1c2 {1,3} (box, row), r2c1 {2,3}
     * (box): the cells seeing all three (box 1) lose 3. */
    start(&st, NULL);
    keep(&st, "123", "r1c1");
    keep(&st, "13", "r1c2");
    keep(&st, "23", "r2c1");
    assert_true(bdi_xy_wing(&st, true, &s));
    expect_step(&s, BD_TECH_XYZ_WING, 44);
    expect_removals(&s, "r1c3<>3, r2c2<>3, r2c3<>3, r3c1<>3, r3c2<>3, r3c3<>3");
}

/* ------------------------------------------------------------------ */
/* Uniqueness tests                                                    */

static void test_unique_rectangles(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    /* Type 1: r1c1, r1c4, r2c1 {5,6}, r2c4 {5,6,7} (rows 1-2 share box 1
     * and box 2... the rectangle spans two boxes): r2c4 loses 5 and 6. */
    start(&st, NULL);
    keep(&st, "56", "r12c1");
    keep(&st, "56", "r1c4");
    keep(&st, "567", "r2c4");
    assert_true(bdi_unique_loop(&st, NULL, &s));
    expect_step(&s, BD_TECH_UNIQUE_LOOP, 45);
    assert_int_equal(s.subtype, 1);
    expect_removals(&s, "r2c4<>5, r2c4<>6");
    expect_text(&s, "unique rectangle type 1 5,6 in ", true);
    /* Type 2: the two roof cells {5,6,8}: the cells seeing both lose 8. */
    start(&st, NULL);
    keep(&st, "56", "r12c1");
    keep(&st, "568", "r12c4");
    assert_true(bdi_unique_loop(&st, NULL, &s));
    assert_int_equal(s.subtype, 2);
    expect_step(&s, BD_TECH_UNIQUE_LOOP, 45);
    expect_removals(&s, "r3c4<>8, r4c4<>8, r5c4<>8, r6c4<>8, r7c4<>8, r8c4<>8, r9c4<>8, "
                        "r1c5<>8, r1c6<>8, r2c5<>8, r2c6<>8, r3c5<>8, r3c6<>8");
    /* Type 4: roof {5,6,7}, {5,6,8}, and 5 in column 4 only there: the
     * roof loses 6. */
    start(&st, NULL);
    keep(&st, "56", "r12c1");
    keep(&st, "567", "r1c4");
    keep(&st, "568", "r2c4");
    drop(&st, "5", "r3456789c4");
    assert_true(bdi_unique_loop(&st, NULL, &s));
    assert_int_equal(s.subtype, 4);
    expect_removals(&s, "r1c4<>6, r2c4<>6");
    /* Four cells in two boxes but with a third box: rows in one band,
     * columns in two stacks... a rectangle across four boxes is no loop. */
    start(&st, NULL);
    keep(&st, "56", "r1c1");
    keep(&st, "56", "r1c4");
    keep(&st, "56", "r4c1");
    keep(&st, "567", "r4c4");
    assert_false(bdi_unique_loop(&st, NULL, &s));
}

/* A loop of 1,2 with three extra cells met only from its second start,
 * through its first: r1c1 {1,2}, r1c4 {1,2,3}, r2c4 {1,2,3}, r2c7 {1,2},
 * r3c7 {1,2}, r3c1 {1,2,3}, and r3c2 {1,2,4} (alone in column 2 to hold
 * 1 and 2: on no loop). Nothing else holds both digits. The walk from
 * r1c1 meets r3c2 (box 1) before its row and column, and r3c2 (row 3)
 * before r3c7 on its way round: the extra digits it gathers are 3 and 4
 * when the third extra cell comes, which SE's walk then refuses. From
 * r2c7 (box 3: r3c7, row 3: r3c1 before r3c2, box 1: r1c1, row 1:
 * r1c4, box 2: r2c4, row 2: back to r2c7) they are 3 alone. Type 2: the
 * cells seeing r1c4, r2c4 and r3c1 (row 3 in box 2) lose 3; 4.5 + 0.1
 * for six cells. */
/* The grid of test_unique_loop_through_first_start (below), r3c1 holding
 * the digits `r3c1`. */
static void first_start_grid(bdi_state *st, const char *r3c1)
{
    start(st, NULL);
    drop(st, "12", "r456789c123456789");
    drop(st, "12", "r1c2356789");
    drop(st, "12", "r2c1235689");
    drop(st, "12", "r3c345689");
    keep(st, "12", "r1c1");
    keep(st, "12", "r23c7");
    keep(st, "123", "r12c4");
    keep(st, r3c1, "r3c1");
    keep(st, "124", "r3c2");
}

static void test_unique_loop_through_first_start(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    first_start_grid(&st, "123");
    assert_true(bdi_unique_loop(&st, NULL, &s));
    expect_step(&s, BD_TECH_UNIQUE_LOOP, 46);
    assert_int_equal(s.subtype, 2);
    expect_removals(&s, "r3c4<>3, r3c5<>3, r3c6<>3");
    /* With r3c1 {1,2,3,5} the loop's extra digits are 3 and 5: no walk
     * takes its third extra cell, and no other loop holds 1 and 2. Once
     * r3c1 loses 5 its three extra cells hold 3 alone: the search after
     * the first (its record kept) finds the hint above. */
    bdi_sets_memo memo;
    memset(&memo, 0, sizeof memo);
    first_start_grid(&st, "1235");
    assert_false(bdi_unique_loop(&st, &memo, &s));
    drop(&st, "5", "r3c1");
    assert_true(bdi_unique_loop(&st, &memo, &s));
    expect_step(&s, BD_TECH_UNIQUE_LOOP, 46);
    assert_int_equal(s.subtype, 2);
    expect_removals(&s, "r3c4<>3, r3c5<>3, r3c6<>3");
}

/* Loops whose cells the walk must reach past its start or past other
 * loops. (1) The rectangle r1c1 {5,6,7,8}, r1c4, r2c1, r2c4 {5,6}: its
 * extra cell comes first in row order, so no walk starts there; the walk
 * from r1c4 (or r2c1) must enter it, a cell before its start that is no
 * start, with two extra digits. Type 1: r1c1 loses 5 and 6. (2) 5,6 in
 * rows 1 and 2 of columns 1, 4 and 7 only: r1c1, r2c1 {5,6}, r1c4,
 * r2c4 {5,6,8}, r1c7 {5,6}, r2c7 {5,6,9}. The rectangle in columns 1 and 4 has two extra
 * cells with one extra digit, 8: type 2, 4.5; the one in columns 1 and 7
 * has one extra cell, r2c7: type 1, 4.5, which SE's sort puts first;
 * the one in columns 4 and 7 has three extra cells and two extra digits
 * (SE's walk refuses its third extra cell), and there is no other loop
 * (a longer one needs a third row). So the hint is type 1, r2c7 loses 5
 * and 6, whichever loop the walk meets first. */
static void test_unique_loop_walk(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    start(&st, NULL);
    keep(&st, "5678", "r1c1");
    keep(&st, "56", "r1c4");
    keep(&st, "56", "r2c14");
    drop(&st, "56", "r3456789c123456789");
    drop(&st, "56", "r12c2356789");
    assert_true(bdi_unique_loop(&st, NULL, &s));
    expect_step(&s, BD_TECH_UNIQUE_LOOP, 45);
    assert_int_equal(s.subtype, 1);
    expect_removals(&s, "r1c1<>5, r1c1<>6");
    start(&st, NULL);
    keep(&st, "56", "r12c1");
    keep(&st, "568", "r12c4");
    keep(&st, "56", "r1c7");
    keep(&st, "569", "r2c7");
    drop(&st, "56", "r3456789c123456789");
    drop(&st, "56", "r12c235689");
    assert_true(bdi_unique_loop(&st, NULL, &s));
    expect_step(&s, BD_TECH_UNIQUE_LOOP, 45);
    assert_int_equal(s.subtype, 1);
    expect_removals(&s, "r2c7<>5, r2c7<>6");
}

/* A loop met only through an earlier start entered after two extra
 * cells: 1,2 in r1c1 and r2c7 alone, in r1c4, r2c4, r3c1 and r3c7 with 3,
 * and in r2c1 with 4; nothing else holds both digits. The loop r2c7,
 * r3c7, r3c1, r1c1, r1c4, r2c4 is the only valid one with two extra
 * cells, or more with one extra digit (the rectangles r12c14 and r23c17
 * hold r2c1's 4 and 3). The walk from r1c1 tries r2c1 first in box 1,
 * so every third extra cell after it finds 3 and 4 gathered. From r2c7,
 * box 3 first: r3c7, row 3: r3c1, box 1: r1c1 (before r2c1, 3 alone
 * gathered), row 1: r1c4, box 2: r2c4, row 2: back to r2c7; the other
 * way round (row 2) tries r2c1 before r2c4. Once r3c1 is entered, r1c1
 * is the only cell left that could meet column 1 again. Type 2 with four
 * extra cells: r3c4, r3c5, r3c6 (row 3 in box 2) see them all and lose 3;
 * 4.5 + 0.1 for six cells. */
static void test_unique_loop_earlier_start_late(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    start(&st, NULL);
    drop(&st, "12", "r456789c123456789");
    drop(&st, "12", "r1c2356789");
    drop(&st, "12", "r2c235689");
    drop(&st, "12", "r3c2345689");
    keep(&st, "12", "r1c1");
    keep(&st, "12", "r2c7");
    keep(&st, "123", "r1c4");
    keep(&st, "123", "r2c4");
    keep(&st, "123", "r3c17");
    keep(&st, "124", "r2c1");
    assert_true(bdi_unique_loop(&st, NULL, &s));
    expect_step(&s, BD_TECH_UNIQUE_LOOP, 46);
    assert_int_equal(s.subtype, 2);
    expect_removals(&s, "r3c4<>3, r3c5<>3, r3c6<>3");
}

/* The path's record of the unique loop search: the rectangle r12c1
 * {5,6}, r1c4 {5,6,7}, r2c4 {5,6,8} gives nothing while column 4 holds 5
 * also in r3c4 and 6 in r4c4 and r5c4 (cells without the other digit);
 * once r3c4 loses 5, the roof alone holds 5 in column 4: type 4, the
 * roof loses 6. r3c4 holds one of the loop's digits only, so the search
 * must read it although the cells holding both are as they were. */
static void test_unique_loop_memo(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    bdi_sets_memo memo = {.known = {0}};
    start(&st, NULL);
    keep(&st, "56", "r12c1");
    keep(&st, "567", "r1c4");
    keep(&st, "568", "r2c4");
    drop(&st, "6", "r36789c4");
    drop(&st, "5", "r456789c4");
    assert_false(bdi_unique_loop(&st, &memo, &s));
    assert_false(bdi_unique_loop(&st, &memo, &s));
    drop(&st, "5", "r3c4");
    assert_true(bdi_unique_loop(&st, &memo, &s));
    expect_step(&s, BD_TECH_UNIQUE_LOOP, 45);
    assert_int_equal(s.subtype, 4);
    expect_removals(&s, "r1c4<>6, r2c4<>6");
    /* A rectangle r12c1, r12c4 of 5,6 with r1c1 {5,6} the only cell of
     * two: r1c4 {5,6,7}, r2c4 {5,6,9} and r2c1 {4,5,6,8} are three extra
     * cells whose extra digits are not one, so the walk closes no loop (and
     * every other loop of 5,6 has three extra cells or more); 6 has no
     * other place in column 4. r2c1 losing 4 changes nothing; once it
     * loses 8 too the rectangle has two extra cells sharing column 4,
     * where 6 is locked: type 4, they lose 5 (worked by hand). */
    memset(&memo, 0, sizeof memo);
    start(&st, NULL);
    keep(&st, "56", "r1c1");
    keep(&st, "4568", "r2c1");
    keep(&st, "567", "r1c4");
    keep(&st, "569", "r2c4");
    drop(&st, "6", "r3456789c4");
    assert_false(bdi_unique_loop(&st, &memo, &s));
    drop(&st, "4", "r2c1");
    assert_false(bdi_unique_loop(&st, &memo, &s));
    drop(&st, "8", "r2c1");
    assert_true(bdi_unique_loop(&st, &memo, &s));
    expect_step(&s, BD_TECH_UNIQUE_LOOP, 45);
    assert_int_equal(s.subtype, 4);
    expect_removals(&s, "r1c4<>5, r2c4<>5");
}

static void test_aligned_pair_exclusion(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    /* A = r1c1 {1,4}, B = r1c2 {2,3}, excluders r2c1 {1,2} and r2c2 {1,3},
     * each seen by both: A = 1 with B = 2 empties r2c1, with B = 3 r2c2,
     * so A loses 1. A and B are the first two base cells. */
    start(&st, NULL);
    keep(&st, "14", "r1c1");
    keep(&st, "23", "r1c2");
    keep(&st, "12", "r2c1");
    keep(&st, "13", "r2c2");
    assert_true(bdi_aligned_exclusion(&st, 2, NULL, &s));
    expect_step(&s, BD_TECH_ALIGNED_PAIR_EXCLUSION, 62);
    expect_removals(&s, "r1c1<>1");
    expect_text(&s, "aligned pair exclusion r1c12 => r1c1<>1", false);
    /* The same with A = r1c1 and B = r2c4, which share no unit: their
     * common excluders r1c4 {1,2} (A's row, B's box) and r2c2 {1,3} (A's
     * box, B's row). A = 1 with B = 2 empties r1c4, with B = 3 r2c2, so A
     * loses 1: two excluders for B's two digits, the fewest that can
     * remove one. The pairs met before it (r1c4 and r2c2 with their two
     * common excluders A and B among them) remove nothing. */
    start(&st, NULL);
    keep(&st, "14", "r1c1");
    keep(&st, "23", "r2c4");
    keep(&st, "12", "r1c4");
    keep(&st, "13", "r2c2");
    assert_true(bdi_aligned_exclusion(&st, 2, NULL, &s));
    expect_step(&s, BD_TECH_ALIGNED_PAIR_EXCLUSION, 62);
    expect_removals(&s, "r1c1<>1");
}

/* ------------------------------------------------------------------ */
/* Chains                                                              */

static void test_chains(void **state)
{
    (void)state;
    bdi_state st;
    bdi_step s;
    bdi_chainer *ch = bdi_chainer_new(NULL);
    assert_non_null(ch);
    /* 6: columns 2 and 8 each with two places, r1c2 and r7c2, r3c8 and
     * r7c8 (a skyscraper, which SE finds as forcing X-chains of six
     * candidates: the turbot fish). From r1c7 = 6, the first candidate
     * on the way: r3c8 is off (box 3), so r7c8 is on (column 8), r7c2 off
     * (row 7), r1c2 on (column 2), r1c7 off (row 1): 6.6. */
    start(&st, NULL);
    drop(&st, "6", "r2345689c2");
    drop(&st, "6", "r1245689c8");
    assert_true(bdi_cycles(ch, &st, true, &s));
    expect_step(&s, BD_TECH_FORCING_X_CHAIN, 66);
    expect_removals(&s, "r1c7<>6");
    expect_text(&s, "turbot fish: r1c7=6 -> r3c8<>6 -> r7c8=6 -> r7c2<>6 -> r1c2=6 -> "
                    "r1c7<>6 => r1c7<>6", false);
    /* 6 in rows 1 and 7 only in c2 and c8: a cycle of four (SE's
     * generalized X-wing, 6.5) removing the X-wing's candidates. */
    start(&st, NULL);
    drop(&st, "6", "r1c1345679");
    drop(&st, "6", "r7c1345679");
    assert_true(bdi_cycles(ch, &st, true, &s));
    expect_step(&s, BD_TECH_X_CYCLE, 65);
    expect_text(&s, "generalized X-wing", true);
    expect_removals(&s, "r2c2<>6, r3c2<>6, r4c2<>6, r5c2<>6, r6c2<>6, r8c2<>6, r9c2<>6, "
                        "r2c8<>6, r3c8<>6, r4c8<>6, r5c8<>6, r6c8<>6, r8c8<>6, r9c8<>6");
    /* Cells r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {1,4}: a Y-cycle of 8
     * candidates (6.5 + 0.1); each digit leaves the unit of its two cells. */
    start(&st, NULL);
    keep(&st, "12", "r1c1");
    keep(&st, "23", "r1c5");
    keep(&st, "34", "r5c5");
    keep(&st, "14", "r5c1");
    assert_true(bdi_cycles(ch, &st, false, &s));
    expect_step(&s, BD_TECH_Y_CYCLE, 66);
    assert_int_equal(s.complexity, 8);
    assert_int_equal(s.removed[3 * BD_SIZE], digit_bit(1));    /* r4c1 */
    assert_int_equal(s.removed[0 * BD_SIZE + 8], digit_bit(2)); /* r1c9 */
    assert_int_equal(s.removed[8 * BD_SIZE + 4], digit_bit(3)); /* r9c5 */
    assert_int_equal(s.removed[4 * BD_SIZE + 8], digit_bit(4)); /* r5c9 */
    /* The empty grid: no chain of any kind. */
    start(&st, NULL);
    assert_false(bdi_cycles(ch, &st, false, &s));
    assert_false(bdi_forcing(ch, &st, false, true, true, 0, false, &s));
    bdi_chainer_free(ch);
}

/* The nested cycles search on the skyscraper grid of test_chains (6 in
 * columns 2 and 8 only at r1c2, r7c2 and r3c8, r7c8), nested in a chain
 * that began on the empty grid: the skyscraper's four removals (the cells
 * that see both r1c2 and r3c8: r1c7, r1c9, r3c1, r3c3), worked by hand,
 * each a hint with rule parents (the places of 6 gone from the columns). */
static void expect_nested_skyscraper(bdi_chainer *ch, const bdi_state *before,
                                     const bdi_state *fish)
{
    chint_list list = {.keep_all = true, .outer_source = before, .outer_current = fish};
    cycles_hints(ch, fish, &list);
    assert_false(bdi_chainer_failed(ch));
    static const int cells[4] = {6, 8, 18, 20};   /* r1c7, r1c9, r3c1, r3c3 */
    for (int i = 0; i < 4; i++) {
        bool found = false;
        for (int h = 0; h < list.count && !found; h++) {
            uint16_t want[BD_CELLS] = {0};
            want[cells[i]] = (uint16_t)digit_bit(6);
            found = !memcmp(list.all[h].removed, want, sizeof want) && list.all[h].rule_count;
        }
        assert_true(found);
    }
    chint_list_free(&list);
}

/* cycles.c keeps, for its searches nested in a chain, the grids on which
 * it found no hint, and makes no search on them again: a grid with hints
 * must still give them, before and after thousands of grids without any
 * (more than its table holds, so that it is emptied on the way). The
 * grids without a hint: a solved grid with two cells blanked, each of
 * which then has one candidate (no cycle or chain starts from it); the
 * 3,240 pairs of cells. */
static void test_nested_cycles_table(void **state)
{
    (void)state;
    bdi_chainer *ch = bdi_chainer_new(NULL);
    assert_non_null(ch);
    bdi_state before, fish;
    start(&before, NULL);
    fish = before;
    drop(&fish, "6", "r2345689c2");
    drop(&fish, "6", "r1245689c8");
    expect_nested_skyscraper(ch, &before, &fish);
    bd_grid solved = {{0}};
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int row = cell / BD_SIZE, col = cell % BD_SIZE;
        solved.cells[cell] = (uint8_t)((row * 3 + row / 3 + col) % BD_SIZE + 1);
    }
    int grids = 0;
    for (int a = 0; a < BD_CELLS; a++)
        for (int b = a + 1; b < BD_CELLS; b++, grids++) {
            bd_grid holes = solved;
            holes.cells[a] = holes.cells[b] = 0;
            bdi_state st;
            assert_true(bdi_state_init(&st, &holes));
            chint_list list = {.keep_all = true, .outer_source = &before, .outer_current = &st};
            cycles_hints(ch, &st, &list);
            assert_int_equal(list.count, 0);
            chint_list_free(&list);
            if (grids % 1000 == 0)
                expect_nested_skyscraper(ch, &before, &fish);
        }
    assert_int_equal(grids, BD_CELLS * (BD_CELLS - 1) / 2);
    expect_nested_skyscraper(ch, &before, &fish);
    bdi_chainer_free(ch);
}

/* nested.c's advanced_potentials, in `ch`, on grid `fish` at `level` for
 * a chain whose first grid was `source`, its off set (made into *off)
 * holding a node for every candidate `fish` lacks: the potentials it
 * brings, into `pending`, and their number. The caller releases ch's sets
 * and nodes. */
static int nested_bring(bdi_chainer *ch, const bdi_state *source, const bdi_state *fish,
                        int level, pset **off, int32_t *pending)
{
    *off = set_new(ch);
    assert_non_null(*off);
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned ds = 0x1ffu & ~fish->cand[cell]; ds; ds &= ds - 1u)
            assert_true(set_add(ch, *off, node_new(ch, pot_of(cell, bit_digit(ds), false),
                                                   CAUSE_NONE, -1)));
    int count = 0;
    bdi_state grid = *fish;
    advanced_potentials(ch, &grid, source, level, *off, pending, &count);
    assert_false(bdi_chainer_failed(ch));
    return count;
}

/* What nested.c's advanced_potentials brings on grid `fish` at `level`
 * for a chain whose first grid was `source`, its off set holding a node
 * for every candidate `fish` lacks (more than `source` lost); at level 2
 * the simple rules must find nothing there, so cycles.c's search is asked,
 * and at level 3 the cycles search must bring nothing either, so the
 * multiple forcing search is asked: the removals of that search's hints
 * (made in a chainer of its own), sorted and without repeats, each hint's
 * rule parents those chain_hints.c gives against `source`, a hint without
 * any left out; each removal once, with its first hint's parents,
 * complexity and fingerprint, in that order. Returns the number of hints
 * with rule parents; with `made`, adds to *made the nodes the call makes
 * (the off set's, and one for each removal of each hint with rule
 * parents). */
static int expect_nested_parents(bdi_chainer *ch, const bdi_state *source, const bdi_state *fish,
                                 int level, int *made)
{
    bdi_chainer *other = bdi_chainer_new(NULL);
    assert_non_null(other);
    chint_list ref = {.keep_all = true, .outer_source = source, .outer_current = fish};
    bdi_state searched = *fish;
    if (level == 2)
        cycles_hints(other, &searched, &ref);
    else
        forcing_hints(other, &searched, true, false, false, 0, false, &ref);
    chint_sort(&ref);
    cmark mark = chain_mark(ch);
    pset *off;
    int32_t pending[POTENTIALS];
    int count = nested_bring(ch, source, fish, level, &off, pending);
    if (made)   /* the off set's own nodes: it holds the pending ones too */
        *made += off->count - count;
    bool seen[POTENTIALS] = {false};
    int at = 0, parented = 0;
    for (int h = 0; h < ref.count; h++) {
        const chint *c = &ref.all[h];
        if (!c->rule_count)
            continue;
        parented++;
        for (int cell = 0; made && cell < BD_CELLS; cell++)
            *made += digit_count(c->removed[cell]);
        for (int cell = 0; cell < BD_CELLS; cell++)
            for (unsigned ds = c->removed[cell]; ds; ds &= ds - 1u) {
                int pot = pot_of(cell, bit_digit(ds), false);
                if (seen[pot])
                    continue;
                seen[pot] = true;
                assert_true(at < count);
                const cnode *n = &ch->nodes[pending[at++]];
                assert_int_equal(n->pot, pot);
                assert_true(n->nested >= 0);
                assert_int_equal(ch->nested[n->nested].complexity, c->complexity);
                assert_true(ch->nested[n->nested].fingerprint == c->fingerprint);
                assert_int_equal(n->parent_count, c->rule_count);
                for (uint32_t i = 0; i < c->rule_count; i++)
                    assert_int_equal(ch->parents[n->parent_first + i],
                                     off->where[ref.rule_pots[c->rule_first + i]]);
            }
    }
    assert_int_equal(at, count);
    chint_list_free(&ref);
    chain_release(ch, mark);
    bdi_chainer_free(other);
    return parented;
}

/* The empty grid into `every`; it without digits `digits1` in the cells
 * of `spec1` into `once`; that without `digits2` in `spec2` into `twice`. */
static void dropped_twice(bdi_state *every, bdi_state *once, bdi_state *twice,
                          const char *digits1, const char *spec1, const char *digits2,
                          const char *spec2)
{
    start(every, NULL);
    *once = *every;
    drop(once, digits1, spec1);
    *twice = *once;
    drop(twice, digits2, spec2);
}

/* nested.c keeps the answers of the chaining rules nested in a chain by
 * grid, their rule parents against a first grid holding every candidate,
 * and gives a chain the parents its own first grid has: on the skyscraper
 * grid of test_nested_cycles_table, from the empty grid (column 2's and
 * column 8's places of 6 gone) and from one without column 8's places of 6
 * but r3c8 and r7c8 (only column 2's gone since), each asked first and
 * then again from the memo, against cycles.c's own rule parents. */
static void test_nested_memo_parents(void **state)
{
    (void)state;
    bdi_state before, column8, fish;
    dropped_twice(&before, &column8, &fish, "6", "r1245689c8", "6", "r2345689c2");
    for (int first = 0; first < 2; first++) {
        bdi_chainer *ch = bdi_chainer_new(NULL);
        assert_non_null(ch);
        const bdi_state *sources[2] = {first ? &column8 : &before, first ? &before : &column8};
        for (int round = 0; round < 4; round++)
            assert_true(expect_nested_parents(ch, sources[round % 2], &fish, 2, NULL) > 0);
        bdi_chainer_free(ch);
    }
}

/* nested.c asks cycles.c's search only where one of its hints could have
 * rule parents: where a cell of two candidates, or a unit where a digit
 * has two places, lost some since the chain's first grid. An XY-wing,
 * worked by hand, on the empty grid (r1c1 12, r1c5 13, r5c1 23: r5c5
 * loses 3): no simple rule has a hint and no digit has two places in a
 * unit; from the empty grid its cells of two have lost candidates (the
 * Y-chain's rule parents), from the grid itself nothing is gone. */
static void test_nested_static_skip(void **state)
{
    (void)state;
    bdi_state every, wing;
    start(&every, NULL);
    wing = every;
    keep(&wing, "12", "r1c1");
    keep(&wing, "13", "r1c5");
    keep(&wing, "23", "r5c1");
    bdi_chainer *ch = bdi_chainer_new(NULL);
    assert_non_null(ch);
    assert_true(expect_nested_parents(ch, &every, &wing, 2, NULL) > 0);
    assert_int_equal(expect_nested_parents(ch, &wing, &wing, 2, NULL), 0);
    bdi_chainer_free(ch);
}

/* What advanced_potentials brings at level 1 (the simple rules alone) on
 * `fish` for a chain begun on `source`, its off set holding a node for
 * every candidate `fish` lacks, against what is expected: digit `digit`
 * off in the cells removed[0 .. removed_count), in that order, each with
 * the off nodes of (cell, digit) for the cells parents[0 .. parent_count)
 * as its parents, in that order. */
static void expect_simple_bring(bdi_chainer *ch, const bdi_state *source, const bdi_state *fish,
                                int digit, const int *removed, int removed_count,
                                const int *parents, int parent_count)
{
    cmark mark = chain_mark(ch);
    pset *off;
    int32_t pending[POTENTIALS];
    assert_int_equal(nested_bring(ch, source, fish, 1, &off, pending), removed_count);
    for (int i = 0; i < removed_count; i++) {
        const cnode *n = &ch->nodes[pending[i]];
        assert_int_equal(n->pot, pot_of(removed[i], digit, false));
        assert_int_equal(n->cause, CAUSE_ADVANCED);
        assert_int_equal(n->nested, -1);
        assert_int_equal(n->parent_count, parent_count);
        for (int j = 0; j < parent_count; j++)
            assert_int_equal(ch->parents[n->parent_first + (uint32_t)j],
                             off->where[pot_of(parents[j], digit, false)]);
    }
    chain_release(ch, mark);
}

/* nested.c keeps the simple rules' hints by grid, rule by rule as a chain
 * first asks for them, their rule parents against a first grid holding
 * every candidate, and gives each chain the parents its own first grid
 * has. The grid (worked by hand): the empty grid without 6 in r23c123 and
 * without 3 in r58c1345689. It has one lock, 6 in box 1 on row 1 (r1c4-9
 * lose 6), whose rule parents are 6's places gone from box 1 (r2c123,
 * r3c123), and one X-wing, 3 in rows 5 and 8 on columns 2 and 7 (rows
 * 1-4, 6, 7, 9 of those columns lose 3), whose parents are 3's places
 * gone from rows 5 and 8 (c1345689 of each); no hidden or naked pair.
 * From the empty grid the lock is taken (and no later rule asked); from
 * the empty grid without 6 in r23c123 the lock has no parents and the
 * X-wing is taken; from the grid itself neither has any. Each asked three
 * times in turn in one chainer, in two orders, the memo answering from
 * the second time on (and, in the second order, the first grid asking
 * every rule first). */
static void test_nested_memo_simple(void **state)
{
    (void)state;
    bdi_state every, no6, fish;
    dropped_twice(&every, &no6, &fish, "6", "r23c123", "3", "r58c1345689");
    static const int lock_removed[6] = {3, 4, 5, 6, 7, 8};
    static const int lock_parents[6] = {9, 10, 11, 18, 19, 20};
    static const int wing_removed[14] = {1, 6, 10, 15, 19, 24, 28, 33, 46, 51, 55, 60, 73, 78};
    static const int wing_parents[14] = {36, 38, 39, 40, 41, 43, 44,
                                         63, 65, 66, 67, 68, 70, 71};
    for (int order = 0; order < 2; order++) {
        bdi_chainer *ch = bdi_chainer_new(NULL);
        assert_non_null(ch);
        for (int round = 0; round < 9; round++) {
            int which = order ? 2 - round % 3 : round % 3;
            if (which == 0)
                expect_simple_bring(ch, &every, &fish, 6, lock_removed, 6, lock_parents, 6);
            else if (which == 1)
                expect_simple_bring(ch, &no6, &fish, 3, wing_removed, 14, wing_parents, 14);
            else
                expect_simple_bring(ch, &fish, &fish, 3, NULL, 0, NULL, 0);
        }
        bdi_chainer_free(ch);
    }
}

/* ------------------------------------------------------------------ */
/* SE's figures                                                        */

/* Reads the next line of `f` that is not a comment or blank. */
static bool data_line(FILE *f, char *line, size_t size)
{
    while (fgets(line, (int)size, f))
        if (line[0] != '#' && line[0] != '\n')
            return true;
    return false;
}

/* Into `st` the puzzle that opens `line` (a line of SE's figures), and if
 * `thinned` with about a third of its candidates struck out by the
 * pseudo-random sequence `*seed` (down to cells and units of one
 * candidate or none, where the "one left" rules apply often). */
static void data_state(const char *line, bool thinned, uint32_t *seed, bdi_state *st)
{
    char puzzle[82];
    assert_int_equal(sscanf(line, "%81s", puzzle), 1);
    bd_grid grid;
    assert_true(tu_grid(puzzle, &grid));
    bdi_state_init(st, &grid);
    for (int cell = 0; thinned && cell < BD_CELLS; cell++)
        for (unsigned ds = st->cand[cell]; ds; ds &= ds - 1u) {
            *seed = *seed * 1103515245u + 12345u;
            if ((*seed >> 16) % 3 == 0)
                state_remove(st, cell, bit_digit(ds));
        }
}

/* SE's rated puzzles as grids, each line as given and then thinned
 * (data_state), thinned by one pseudo-random sequence, up to `max`. */
typedef struct data_grids {
    FILE *f;
    char line[256];
    uint32_t seed;
    int max, grids;     /* grids given so far */
} data_grids;

/* Opens the data for data_grids_next with the sequence's `seed`. */
static void data_grids_open(data_grids *g, uint32_t seed, int max)
{
    g->f = fopen(SE_RATINGS_DATA, "r");
    assert_non_null(g->f);
    g->seed = seed;
    g->max = max;
    g->grids = 0;
}

/* The next grid into `st`; false past `max` grids or the data's end. */
static bool data_grids_next(data_grids *g, bdi_state *st)
{
    if (g->grids >= g->max || (g->grids % 2 == 0 && !data_line(g->f, g->line, sizeof g->line)))
        return false;
    data_state(g->line, g->grids % 2, &g->seed, st);
    g->grids++;
    return true;
}

/* cycles.c's search on `st` nested in a chain (a list that keeps all
 * hints), against the path's search (no record, its best hint only), each
 * with a budget: where the path's finds nothing, the nested one finds
 * nothing and counts no more nodes (it counts the failed tests as the
 * path's do, but makes no cycle walk where no cycle can remove anything;
 * `*empty` counts these); where it finds a best hint, the nested one's
 * first hint (sorted) is that one (`*found`). */
static void expect_nested_as_path(const bdi_state *st, int *empty, int *found)
{
    bdi_budget path_nodes = {.next_check = UINT64_MAX}, nested_nodes = path_nodes;
    bdi_chainer *path = bdi_chainer_new(&path_nodes), *nested = bdi_chainer_new(&nested_nodes);
    assert_non_null(path);
    assert_non_null(nested);
    chint_list best = {.keep_all = false};
    cycles_hints(path, st, &best);
    chint_list all = {.keep_all = true, .outer_source = st, .outer_current = st};
    cycles_hints(nested, st, &all);
    chint_sort(&all);
    assert_false(bdi_chainer_failed(path) || bdi_chainer_failed(nested));
    if (!best.found) {
        assert_int_equal(all.count, 0);
        assert_true(nested_nodes.nodes <= path_nodes.nodes);
        ++*empty;
    } else {
        assert_true(all.count > 0);
        const chint *a = &all.all[0], *b = &best.best;
        assert_true(a->difficulty == b->difficulty);
        assert_int_equal(a->complexity, b->complexity);
        assert_int_equal(a->sort_key, b->sort_key);
        assert_memory_equal(a->removed, b->removed, sizeof a->removed);
        ++*found;
    }
    chint_list_free(&best);
    chint_list_free(&all);
    bdi_chainer_free(path);
    bdi_chainer_free(nested);
}

/* A list that keeps all hints keeps, of hints with the same removals,
 * the one SE's stable sort puts first (a strictly better later one
 * replaces it; a tie keeps the earlier), and chint_sort orders what is
 * kept as SE does. Hints without chains (no walk). Expected by hand: of
 * A (9.0, 10; removals R), B (9.5; S), C (8.5; R), D (8.5 as C; R) and
 * E (9.5 as B; S), SE's sort gives C D A B E, and dropping repeats leaves
 * C then B. */
static void test_chint_repeats_dropped(void **state)
{
    (void)state;
    bdi_chainer *ch = bdi_chainer_new(NULL);
    assert_non_null(ch);
    bdi_state st;
    memset(&st, 0, sizeof st);
    chint_list list = {.keep_all = true, .outer_source = &st, .outer_current = &st};
    const double difficulty[5] = {9.0, 9.5, 8.5, 8.5, 9.5};
    const bool on_r[5] = {true, false, true, true, false};
    for (int i = 0; i < 5; i++) {
        chint h;
        memset(&h, 0, sizeof h);
        h.difficulty = difficulty[i];
        h.complexity = 10;
        h.cell = i;   /* which hint it is */
        h.removed[on_r[i] ? 3 : 40] = 1u << 4;
        chint_offer(ch, &list, &h);
    }
    chint_sort(&list);
    assert_false(bdi_chainer_failed(ch));
    assert_int_equal(list.count, 2);
    assert_int_equal(list.all[0].cell, 2);
    assert_int_equal(list.all[1].cell, 1);
    assert_int_equal(list.all[0].rule_count, 0);
    chint_list_free(&list);
    bdi_chainer_free(ch);
}

/* Into `st` a random solved grid (from `*seed`) with `blanks` cells, also
 * picked from `*seed`, blanked. */
static void blanked_state(uint64_t *seed, int blanks, bdi_state *st)
{
    bd_grid grid;
    tu_random_full(seed, &grid);
    int cells[BD_CELLS];
    for (int cell = 0; cell < BD_CELLS; cell++)
        cells[cell] = cell;
    tu_shuffle(seed, cells, BD_CELLS);
    for (int k = 0; k < blanks; k++)
        grid.cells[cells[k]] = 0;
    assert_true(bdi_state_init(st, &grid));
}

/* cycles.c's search nested in a chain makes every start's tests with
 * both links first, and only counts the nodes of the starts where they
 * all fail: it gives what the path's search gives (expect_nested_as_path)
 * on SE's grids, as given and thinned (each has a hint), and on random
 * solved grids with 8 to 47 cells blanked (many without any). */
static void test_nested_cycles_both_tests(void **state)
{
    (void)state;
    data_grids data;
    data_grids_open(&data, 4040, 80);
    bdi_state st;
    int empty = 0, found = 0;
    while (data_grids_next(&data, &st))
        expect_nested_as_path(&st, &empty, &found);
    fclose(data.f);
    uint64_t seed = 4040;
    for (int i = 0; i < 120; i++) {
        blanked_state(&seed, 8 + i % 40, &st);
        expect_nested_as_path(&st, &empty, &found);
    }
    assert_true(empty > 20);
    assert_true(found > 80);
}

/* How many potentials nested_bring brings, its sets and nodes released. */
static int nested_count(bdi_chainer *ch, const bdi_state *source, const bdi_state *fish,
                        int level)
{
    cmark mark = chain_mark(ch);
    pset *off;
    int32_t pending[POTENTIALS];
    int count = nested_bring(ch, source, fish, level, &off, pending);
    chain_release(ch, mark);
    return count;
}

/* The nodes a search counts, in a chainer of its own with a budget: the
 * multiple forcing search (`forcing`) or the cycles search, nested (all
 * hints); into *hints the number of its hints. */
static uint64_t nested_search_nodes(const bdi_state *st, bool forcing, int *hints)
{
    bdi_budget nodes = {.next_check = UINT64_MAX};
    bdi_chainer *ch = bdi_chainer_new(&nodes);
    assert_non_null(ch);
    bdi_state grid = *st;
    chint_list list = {.keep_all = true, .outer_source = st, .outer_current = st};
    if (forcing)
        forcing_hints(ch, &grid, true, false, false, 0, false, &list);
    else
        cycles_hints(ch, &grid, &list);
    assert_false(bdi_chainer_failed(ch));
    *hints = list.count;
    chint_list_free(&list);
    bdi_chainer_free(ch);
    return nodes.nodes;
}

/* The nodes a chainer with a budget counts for nested_bring on `fish` at
 * level 2 for a chain begun on `source`. */
static uint64_t nested_bring_nodes(bdi_chainer *ch, bdi_budget *b, const bdi_state *source,
                                   const bdi_state *fish)
{
    cmark mark = chain_mark(ch);
    pset *off;
    int32_t pending[POTENTIALS];
    uint64_t before = b->nodes;
    assert_int_equal(nested_bring(ch, source, fish, 2, &off, pending), 0);
    chain_release(ch, mark);
    return b->nodes - before;
}

/* nested.c keeps, by a chain's start, the grids where the cycles search
 * found no hint, and does not search a grid one of them covers (its
 * candidates among the kept one's, no new cell or unit of two). Worked by
 * hand: on the empty grid with r1c1 holding 1 and 2 only (`two`), no
 * simple rule has a hint and the cycles search has none (r1c1's is the
 * only strong link, so no candidate's "on" leads to its "off", nor "off"
 * to "on"); `covered`, the same with r9c9 lacking 5 and 6, neither. Both
 * chains start from r1c1's 3 off (nested_bring's first off node). Since
 * no candidate's "on" leads to its "off" nor "off" to "on", cycles.c's
 * forcing tests settle the search without it (both_forcing_tests): it
 * counts no nodes, and in a chainer that searched `two`, `covered` counts
 * the nodes a chainer of its own counts. The XY-wing grid of
 * test_nested_static_skip (among two's candidates, same start, but new
 * cells of two) is searched and brings its hints. */
static void test_nested_none_cover(void **state)
{
    (void)state;
    bdi_state every, two, covered, wing;
    start(&every, NULL);
    two = every;
    keep(&two, "12", "r1c1");
    covered = two;
    keep(&covered, "1234789", "r9c9");
    wing = two;
    keep(&wing, "13", "r1c5");
    keep(&wing, "23", "r5c1");
    int hints = -1;
    assert_int_equal(nested_search_nodes(&covered, false, &hints), 0);
    assert_int_equal(hints, 0);
    (void)nested_search_nodes(&two, false, &hints);
    assert_int_equal(hints, 0);
    bdi_budget alone_nodes = {.next_check = UINT64_MAX}, kept_nodes = alone_nodes;
    bdi_chainer *alone = bdi_chainer_new(&alone_nodes), *kept = bdi_chainer_new(&kept_nodes);
    assert_non_null(alone);
    assert_non_null(kept);
    uint64_t alone_count = nested_bring_nodes(alone, &alone_nodes, &every, &covered);
    assert_true(nested_bring_nodes(kept, &kept_nodes, &every, &two) > 0);
    assert_int_equal(nested_bring_nodes(kept, &kept_nodes, &every, &covered), alone_count);
    assert_true(expect_nested_parents(kept, &every, &wing, 2, NULL) > 0);
    bdi_chainer_free(alone);
    bdi_chainer_free(kept);
}

/* Whether a static chain on `fish` can turn a potential on through a cell
 * or a unit that lost candidates since `source`: a cell of two candidates
 * in fish that source had more of, or a unit where a digit has two places
 * in fish and had more in source (read from the cells' candidates). */
static bool static_parents_possible(const bdi_state *source, const bdi_state *fish)
{
    for (int unit = 0; unit < UNIT_COUNT; unit++)
        for (int digit = 1; digit <= BD_SIZE; digit++) {
            int now = 0, before = 0;
            for (int pos = 0; pos < BD_SIZE; pos++) {
                int cell = unit_cell_of(unit, pos);
                now += (fish->cand[cell] & digit_bit(digit)) != 0;
                before += (source->cand[cell] & digit_bit(digit)) != 0;
                if (digit == 1 && digit_count(fish->cand[cell]) == 2 &&
                    digit_count(source->cand[cell]) > 2)
                    return true;
            }
            if (now == 2 && before > 2)
                return true;
        }
    return false;
}

/* nested.c keeps a nested multiple forcing search's answer by grid, hints
 * or none, with the nodes it counted: at level 3, on grid `fish` when the
 * simple rules and the cycles search bring nothing there for a chain from
 * `source` (so the multiple forcing search is asked; else nothing is
 * checked), that chain is brought what that search gives
 * (expect_nested_parents), once made and again from the memo, each time
 * with the search's own nodes counted (a chainer of its own): the first
 * time the cycles search's too, the second time the cycles search's only
 * when it found hints (they are kept; cycles.c records a grid with none);
 * neither time when no hint of it could have rule parents (it is not
 * made: static_parents_possible).
 * Counts the grids checked (*asked), those with hints brought (*parented)
 * and those where the search counts nodes but finds no hint (*none). */
static void expect_memo_forcing(const bdi_state *source, const bdi_state *fish, int *asked,
                                int *parented, int *none)
{
    bdi_chainer *ask = bdi_chainer_new(NULL);
    assert_non_null(ask);
    bool brings = nested_count(ask, source, fish, 1) || nested_count(ask, source, fish, 2);
    bdi_chainer_free(ask);
    if (brings)
        return;
    int cycle_hints, forcing_found;
    uint64_t cycles = nested_search_nodes(fish, false, &cycle_hints);
    uint64_t forcing = nested_search_nodes(fish, true, &forcing_found);
    bdi_budget nodes = {.next_check = UINT64_MAX};
    bdi_chainer *ch = bdi_chainer_new(&nodes);
    assert_non_null(ch);
    ++*asked;
    uint64_t before = nodes.nodes;
    int made = 0;
    if (!static_parents_possible(source, fish))
        cycles = 0;   /* the cycles search is not made */
    int first = expect_nested_parents(ch, source, fish, 3, &made);
    assert_true(nodes.nodes - before == (uint64_t)made + cycles + forcing);
    before = nodes.nodes;
    made = 0;
    assert_int_equal(expect_nested_parents(ch, source, fish, 3, &made), first);
    assert_true(nodes.nodes - before == (uint64_t)made + (cycle_hints ? cycles : 0) + forcing);
    *parented += first > 0;
    *none += forcing_found == 0 && forcing > 0;
    bdi_chainer_free(ch);
}

/* expect_memo_forcing on SE's puzzles thinned (data_state): for each, the
 * thinned grid searched, and for the first source the thinned grid itself
 * (nothing gone since: nothing is brought), then the thinned grid with one
 * cell's candidates given back, cell after cell, while fewer than two of
 * these have been asked; and on random solved grids with 20 to 59 cells
 * blanked, each its own source (some without a hint). */
static void test_nested_memo_forcing(void **state)
{
    (void)state;
    int asked = 0, parented = 0, none = 0;
    data_grids data;
    data_grids_open(&data, 43, 60);
    bdi_state given, fish;
    while (data_grids_next(&data, &given) && data_grids_next(&data, &fish)) {
        expect_memo_forcing(&fish, &fish, &asked, &parented, &none);
        int mine = asked;
        for (int cell = 0; cell < BD_CELLS && asked - mine < 2; cell++) {
            if (given.cand[cell] == fish.cand[cell])
                continue;
            bdi_state source = fish;
            source.cand[cell] = given.cand[cell];
            expect_memo_forcing(&source, &fish, &asked, &parented, &none);
        }
    }
    fclose(data.f);
    uint64_t seed = 4343;
    for (int i = 0; i < 80; i++) {
        blanked_state(&seed, 20 + i % 40, &fish);
        expect_memo_forcing(&fish, &fish, &asked, &parented, &none);
    }
    print_message("nested forcing memo: %d grids asked, %d with hints brought, %d with none\n",
                  asked, parented, none);
    assert_true(parented > 0);
    assert_true(none > 0);
}

/* Whether reach_from (bit operations, no nodes) and do_chaining (SE's
 * queue of nodes) agree from potential `pot` on grid `g` under `rules`:
 * the same outcome, and with no contradiction the same sets; and, for a
 * potential off, whether reach_off_alone tells the chains that switch
 * nothing else on or off. */
static void expect_same_reach(bdi_chainer *ch, const reach_grid *rg, chain_grid *g,
                              const chain_rules *rules, int pot)
{
    reach r;
    bool reach_ok = reach_from(rg, pot, &r);
    assert_true(reach_ok == !r.conflict);
    cmark mark = chain_mark(ch);
    pset *on = set_new(ch), *off = set_new(ch);
    assert_non_null(on);
    assert_non_null(off);
    int32_t start = node_new(ch, pot, 0, -1);
    assert_true(start >= 0);
    set_add(ch, pot_on(pot) ? on : off, start);
    int32_t absurd[2];
    bool chain_ok = do_chaining(ch, g, rules, on, off, absurd);
    /* a potential off whose chain is itself alone, and only those, are
     * the ones reach_off_alone names */
    if (!pot_on(pot))
        assert_int_equal(reach_off_alone(rg, pot_cell(pot), pot_digit(pot) - 1),
                         chain_ok && !on->count && off->count == 1);
    if (chain_ok != reach_ok)
        fail_msg("from r%dc%d%s%d (y %d, dynamic %d): chain %d, reach %d",
                 pot_cell(pot) / BD_SIZE + 1, pot_cell(pot) % BD_SIZE + 1,
                 pot_on(pot) ? "=" : "<>", pot_digit(pot), rules->y_links, rules->dynamic,
                 chain_ok, reach_ok);
    if (chain_ok) {
        reach sets;
        memset(&sets, 0, sizeof sets);
        for (int i = 0; i < on->count; i++) {
            int p = ch->nodes[on->order[i]].pot, c = pot_cell(p);
            sets.on[pot_digit(p) - 1][c / 64] |= (uint64_t)1 << (c % 64);
        }
        for (int i = 0; i < off->count; i++) {
            int p = ch->nodes[off->order[i]].pot, c = pot_cell(p);
            sets.off[pot_digit(p) - 1][c / 64] |= (uint64_t)1 << (c % 64);
        }
        assert_memory_equal(sets.on, r.on, sizeof r.on);
        assert_memory_equal(sets.off, r.off, sizeof r.off);
    }
    chain_release(ch, mark);
}

/* Whether reach_links agrees, from potential `pot` on grid `g`, with a
 * plain breadth-first walk of chains.h's implications (on_implies and
 * off_implies with links y and x), each potential taken once. */
static void expect_same_links(const reach_grid *rg, const chain_grid *g, bool y, bool x, int pot)
{
    reach r;
    reach_links(rg, pot, y, x, &r);
    assert_false(r.conflict);
    static bool seen[POTENTIALS];
    int queue[POTENTIALS], head = 0, tail = 0;
    memset(seen, 0, sizeof seen);
    seen[pot] = true;
    queue[tail++] = pot;
    reach walked;
    memset(&walked, 0, sizeof walked);
    implied imp[BD_SIZE + HOUSE_CELLS];
    while (head < tail) {
        int p = queue[head++], c = pot_cell(p);
        uint64_t *set = pot_on(p) ? walked.on[pot_digit(p) - 1] : walked.off[pot_digit(p) - 1];
        set[c / 64] |= (uint64_t)1 << (c % 64);
        int n = pot_on(p) ? on_implies(g, p, y, imp) : off_implies(g, p, y, x, imp);
        for (int i = 0; i < n; i++)
            if (!seen[imp[i].pot]) {
                seen[imp[i].pot] = true;
                queue[tail++] = imp[i].pot;
            }
    }
    assert_memory_equal(walked.on, r.on, sizeof r.on);
    assert_memory_equal(walked.off, r.off, sizeof r.off);
}

/* reach.c's closures against chains.c's chains, from every candidate on
 * and off, in the three kinds of chains a search of level 0 makes
 * (Nishio's: no cell rules; static; dynamic), and its static walks
 * against a plain one with cycles.c's three kinds of links; on the grids
 * of SE's rated puzzles as given and with a third of their candidates
 * struck out (a fixed pseudo-random choice, down to cells and units of
 * one candidate or none), where the "one left" rules apply often. */
static void test_reach(void **state)
{
    (void)state;
    data_grids data;
    data_grids_open(&data, 12345, 24);
    bdi_chainer *ch = bdi_chainer_new(NULL);
    assert_non_null(ch);
    reach_grid *rg = malloc(sizeof *rg);
    assert_non_null(rg);
    bdi_state st;
    while (data_grids_next(&data, &st)) {
        for (int kind = 0; kind < 3; kind++) {
            chain_rules rules = {.y_links = kind > 0, .dynamic = kind == 2, .level = 0};
            reach_grid_init(rg, &st, rules.y_links, rules.dynamic);
            for (int cell = 0; cell < BD_CELLS; cell++)
                for (unsigned ds = st.cand[cell]; ds; ds &= ds - 1u)
                    for (int on = 0; on < 2; on++)
                        expect_same_reach(ch, rg, &st, &rules,
                                          pot_of(cell, bit_digit(ds), on));
        }
        /* cycles.c's three kinds of links: X, Y, both */
        reach_grid_init(rg, &st, true, false);
        for (int kind = 0; kind < 3; kind++)
            for (int cell = 0; cell < BD_CELLS; cell++)
                for (unsigned ds = st.cand[cell]; ds; ds &= ds - 1u)
                    for (int on = 0; on < 2; on++)
                        expect_same_links(rg, &st, kind > 0, kind != 1,
                                          pot_of(cell, bit_digit(ds), on));
    }
    fclose(data.f);
    assert_int_equal(data.grids, 24);
    free(rg);
    bdi_chainer_free(ch);
}

/* Sets bit (cell, digit) in a row of cycles_reach_rows (reach's `on` as
 * 18 words). */
static void row_add(uint64_t *row, int cell, int digit)
{
    row[2 * (digit - 1) + cell / 64] |= (uint64_t)1 << (cell % 64);
}

/* reach_grid_rules against reach_grid_init: a grid made for one kind of
 * chain (Nishio's, static, dynamic) and remade for another is, byte for
 * byte, the grid made for the other, on the grids of test_reach (both
 * blocks cleared first: the padding and the partners of cells with no
 * candidate are written by neither). */
static void test_reach_grid_rules(void **state)
{
    (void)state;
    data_grids data;
    data_grids_open(&data, 12345, 24);
    reach_grid *made = malloc(sizeof *made), *remade = malloc(sizeof *remade);
    assert_non_null(made);
    assert_non_null(remade);
    bdi_state st;
    while (data_grids_next(&data, &st))
        for (int from = 0; from < 3; from++)
            for (int to = 0; to < 3; to++) {
                memset(made, 0, sizeof *made);
                memset(remade, 0, sizeof *remade);
                reach_grid_init(made, &st, to > 0, to == 2);
                reach_grid_init(remade, &st, from > 0, from == 2);
                reach_grid_rules(remade, &st, to > 0, to == 2);
                assert_memory_equal(made, remade, sizeof *made);
            }
    fclose(data.f);
    assert_int_equal(data.grids, 24);
    free(made);
    free(remade);
}

/* Asserts that `a` and `b`, made from grid `st`, are the same grid: all
 * their fields, the partners of the cells with candidates only (no walk
 * reads another's). */
static void expect_same_grid(const reach_grid *a, const reach_grid *b, const bdi_state *st)
{
    assert_int_equal(a->y_links, b->y_links);
    assert_int_equal(a->dynamic, b->dynamic);
    assert_memory_equal(a->cand, b->cand, sizeof a->cand);
    assert_memory_equal(a->cell_cand, b->cell_cand, sizeof a->cell_cand);
    assert_memory_equal(a->cell_left, b->cell_left, sizeof a->cell_left);
    assert_memory_equal(a->unit_left, b->unit_left, sizeof a->unit_left);
    assert_memory_equal(a->unit, b->unit, sizeof a->unit);
    assert_memory_equal(a->peers, b->peers, sizeof a->peers);
    assert_memory_equal(a->paired, b->paired, sizeof a->paired);
    assert_memory_equal(a->two, b->two, sizeof a->two);
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (st->cand[cell])
            assert_memory_equal(a->partner[cell * BD_SIZE], b->partner[cell * BD_SIZE],
                                BD_SIZE * sizeof a->partner[0]);
}

/* reach_grid_remake against reach_grid_init: one grid remade through the
 * grids of test_reach in turn (each given grid, then that grid thinned,
 * then the next given one: candidates lost and gained), with the three
 * kinds of rules in turn, is after each step the grid reach_grid_init
 * makes of that grid (expect_same_grid); the remade one starts as
 * reach_grid_init's grid in a block of other bytes (its partners of cells
 * with no candidate not cleared). */
static void test_reach_grid_remake(void **state)
{
    (void)state;
    data_grids data;
    data_grids_open(&data, 12345, 24);
    reach_grid *made = malloc(sizeof *made), *remade = malloc(sizeof *remade);
    assert_non_null(made);
    assert_non_null(remade);
    memset(remade, 0xa5, sizeof *remade);
    bdi_state st;
    int steps = 0;
    while (data_grids_next(&data, &st)) {
        int kind = steps % 3;
        reach_grid_init(made, &st, kind > 0, kind == 2);
        if (!steps)
            reach_grid_init(remade, &st, kind > 0, kind == 2);
        else
            reach_grid_remake(remade, &st, kind > 0, kind == 2);
        expect_same_grid(made, remade, &st);
        steps++;
    }
    fclose(data.f);
    assert_int_equal(steps, 24);
    /* small changes, one by one: on each given grid of test_reach, a few
     * candidates struck out at each step (now and then all of a cell's),
     * the grid as given again every eighth step; the rules kept, changed
     * every fiftieth step (the first step's are dynamic, those of the grid
     * before it) */
    data_grids_open(&data, 12345, 24);
    uint32_t seed = 777;
    while (data_grids_next(&data, &st)) {
        if (data.grids % 2 == 0)
            continue;   /* the thinned ones: their given grid is walked */
        bdi_state given = st, emptied = st;
        int empty = 0;
        while (!given.cand[empty])
            empty++;
        for (unsigned ds = given.cand[empty]; ds; ds &= ds - 1u)
            state_remove(&emptied, empty, bit_digit(ds));
        /* first the grid with a cell emptied, in a block of other bytes:
         * then the cell gains its candidates again (its partners cleared
         * by reach_grid_remake, not by reach_grid_init) */
        memset(remade, 0xa5, sizeof *remade);
        reach_grid_init(remade, &emptied, true, true);
        for (int step = 0; step <= 64; step++, steps++) {
            if (step % 8 == 0) {
                st = given;
            } else {
                for (int n = 0; n < 3; n++) {
                    seed = seed * 1103515245u + 12345u;
                    int cell = (int)((seed >> 16) % BD_CELLS);
                    for (unsigned ds = st.cand[cell]; ds; ds &= ds - 1u)
                        if ((seed >> 8 & 7u) == 0 || bit_digit(ds) % 3 == (int)(seed >> 12 & 3u))
                            state_remove(&st, cell, bit_digit(ds));
                }
            }
            int kind = step ? steps / 50 % 3 : 2;
            reach_grid_init(made, &st, kind > 0, kind == 2);
            reach_grid_remake(remade, &st, kind > 0, kind == 2);
            expect_same_grid(made, remade, &st);
        }
    }
    fclose(data.f);
    free(made);
    free(remade);
}

/* The hand-worked grid of the closure tests, into `st` and, static with
 * the cell rules, `rg`: no given, 6 in rows 1 and 7 only in columns 2
 * and 8. */
static void six_wing(bdi_state *st, reach_grid *rg)
{
    start(st, NULL);
    drop(st, "6", "r1c1345679");
    drop(st, "6", "r7c1345679");
    reach_grid_init(rg, st, true, false);
}

/* cycles.c's closure (every start's reach at once, by strongly connected
 * parts) against reach_links walked from each start alone: on the grids
 * of test_reach, with the three kinds of links, every row (with Y-links
 * only, those of the cells of two; the others untouched). First a case
 * worked by hand: 6 in rows 1 and 7 only in columns 2 and 8 (X-links).
 * r1c2 on switches r1c8 off (row 1), which switches r1c2 on, and r7c2
 * off (column 2), which switches r7c8 on (row 7); r7c8 on switches r1c8
 * and r7c2 off: r1c2 and r7c8 reach each other and nothing else on (all
 * their other units have more than two places of 6); r1c8 and r7c2 the
 * same. r2c2 on switches r1c2 and r7c2 off (column 2), so r1c8 and r7c8
 * on (rows 1 and 7), which reach the other two corners: r2c2 and all
 * four corners. */
static void test_cycles_reach_rows(void **state)
{
    (void)state;
    reach_grid *rg = malloc(sizeof *rg);
    uint64_t (*rows)[BD_SIZE * 2] = malloc(BD_CELLS * BD_SIZE * sizeof *rows);
    assert_non_null(rg);
    assert_non_null(rows);
    bdi_state st;
    six_wing(&st, rg);
    assert_true(cycles_reach_rows(rg, false, true, rows));
    uint64_t want[BD_SIZE * 2] = {0};
    row_add(want, 1, 6);        /* r1c2 */
    row_add(want, 6 * 9 + 7, 6); /* r7c8 */
    assert_memory_equal(rows[1 * BD_SIZE + 5], want, sizeof want);
    assert_memory_equal(rows[(6 * 9 + 7) * BD_SIZE + 5], want, sizeof want);
    memset(want, 0, sizeof want);
    row_add(want, 7, 6);        /* r1c8 */
    row_add(want, 6 * 9 + 1, 6); /* r7c2 */
    assert_memory_equal(rows[7 * BD_SIZE + 5], want, sizeof want);
    row_add(want, 9 + 1, 6);    /* r2c2 */
    row_add(want, 1, 6);        /* r1c2 */
    row_add(want, 6 * 9 + 7, 6); /* r7c8 */
    assert_memory_equal(rows[(9 + 1) * BD_SIZE + 5], want, sizeof want);

    data_grids data;
    data_grids_open(&data, 12345, 24);
    int compared = 0;
    while (data_grids_next(&data, &st)) {
        reach_grid_init(rg, &st, true, false);
        for (int kind = 0; kind < 3; kind++) {
            bool y = kind > 0, x = kind != 1;
            memset(rows, 0, BD_CELLS * BD_SIZE * sizeof *rows);
            assert_true(cycles_reach_rows(rg, y, x, rows));
            for (int cell = 0; cell < BD_CELLS; cell++)
                for (unsigned ds = st.cand[cell]; ds; ds &= ds - 1u) {
                    int s = cell * BD_SIZE + bit_digit(ds) - 1;
                    reach r;
                    memset(&r, 0, sizeof r);
                    if (x || digit_count(st.cand[cell]) == 2) {
                        reach_links(rg, pot_of(cell, bit_digit(ds), true), y, x, &r);
                        compared++;
                    }
                    assert_memory_equal(rows[s], r.on, sizeof r.on);
                }
        }
    }
    fclose(data.f);
    assert_int_equal(data.grids, 24);
    assert_true(compared > 1000);
    free(rows);
    free(rg);
}

/* cycles_closure_on from closure `cl` of grid `rg` (made from `st`) against
 * reach_from from each candidate on: the same contradiction, and without
 * one the same sets; counts the contradictions and the candidates. */
static void expect_closure_as_reach(const struct closure *cl, const reach_grid *rg,
                                    const bdi_state *st, int *conflicts, int *compared)
{
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned ds = st->cand[cell]; ds; ds &= ds - 1u) {
            reach by_closure, walked;
            bool ok = cycles_closure_on(cl, rg, cell * BD_SIZE + bit_digit(ds) - 1, &by_closure);
            assert_int_equal(ok, reach_from(rg, pot_of(cell, bit_digit(ds), true), &walked));
            assert_int_equal(by_closure.conflict, walked.conflict);
            *conflicts += walked.conflict;
            ++*compared;
            if (ok) {
                assert_memory_equal(by_closure.on, walked.on, sizeof walked.on);
                assert_memory_equal(by_closure.off, walked.off, sizeof walked.off);
            }
        }
}

/* Closes `data` after its 24 grids, whose candidates (`compared`, over a
 * thousand) expect_closure_as_reach compared, more than a hundred with a
 * contradiction and more than a hundred without. */
static void expect_closures_compared(data_grids *data, int compared, int conflicts)
{
    fclose(data->f);
    assert_int_equal(data->grids, 24);
    assert_true(compared > 1000);
    assert_true(conflicts > 100 && conflicts < compared - 100);
}

/* cycles.c's closure read as a closure of forcing.c's static searches
 * (cycles_closure_on) against reach_from from each candidate on: the same
 * contradiction, and without one the same sets; on the grids of
 * test_reach. First the case of test_cycles_reach_rows, worked by hand:
 * r2c2 on switches r1c8 and r7c8 on (through r1c2 and r7c2 off), and
 * r1c8 on switches r7c8 off (column 8): a contradiction; r1c2 on switches
 * r7c8 on and nothing else: none. */
static void test_cycles_closure_on(void **state)
{
    (void)state;
    reach_grid *rg = malloc(sizeof *rg);
    struct closure *cl = malloc(cycles_closure_size());
    assert_non_null(rg);
    assert_non_null(cl);
    bdi_state st;
    six_wing(&st, rg);
    cycles_closure_make(cl, rg, true, true);
    reach r;
    assert_false(cycles_closure_on(cl, rg, (9 + 1) * BD_SIZE + 5, &r));
    assert_true(r.conflict);
    assert_true(cycles_closure_on(cl, rg, 1 * BD_SIZE + 5, &r));
    assert_false(r.conflict);
    uint64_t want[BD_SIZE * 2] = {0};
    row_add(want, 1, 6);         /* r1c2 */
    row_add(want, 6 * 9 + 7, 6); /* r7c8 */
    assert_memory_equal(r.on, want, sizeof want);

    data_grids data;
    data_grids_open(&data, 12345, 24);
    int conflicts = 0, compared = 0;
    while (data_grids_next(&data, &st)) {
        reach_grid_init(rg, &st, true, false);
        cycles_closure_make(cl, rg, true, true);
        expect_closure_as_reach(cl, rg, &st, &conflicts, &compared);
    }
    expect_closures_compared(&data, compared, conflicts);
    free(cl);
    free(rg);
}

/* The closure with both links a nested cycles search makes, read by the
 * static search on the same grid (cycles_both_closure): against reach_from
 * from each candidate on, as in test_cycles_closure_on, on the grids of
 * test_reach, each searched in turn in one chainer; NULL before a grid's
 * own search (the last one was another grid's), and for a grid whose
 * candidates differ by one. */
static void test_cycles_both_closure(void **state)
{
    (void)state;
    reach_grid *rg = malloc(sizeof *rg);
    bdi_budget nodes = {.next_check = UINT64_MAX};
    bdi_chainer *ch = bdi_chainer_new(&nodes);
    assert_non_null(rg);
    assert_non_null(ch);
    data_grids data;
    data_grids_open(&data, 12345, 24);
    bdi_state st;
    int compared = 0, conflicts = 0;
    while (data_grids_next(&data, &st)) {
        if (data.grids > 1)
            assert_null(cycles_both_closure(ch, &st));
        chint_list all = {.keep_all = true, .outer_source = &st, .outer_current = &st};
        cycles_hints(ch, &st, &all);
        chint_list_free(&all);
        const struct closure *cl = cycles_both_closure(ch, &st);
        assert_non_null(cl);
        reach_grid_init(rg, &st, true, false);
        expect_closure_as_reach(cl, rg, &st, &conflicts, &compared);
        bdi_state less = st;   /* one candidate fewer: another grid */
        for (int cell = 0; cell < BD_CELLS; cell++)
            if (digit_count(less.cand[cell]) >= 2) {
                less.cand[cell] &= (uint16_t)(less.cand[cell] - 1u);
                break;
            }
        assert_null(cycles_both_closure(ch, &less));
    }
    expect_closures_compared(&data, compared, conflicts);
    bdi_chainer_free(ch);
    free(rg);
}

/* cycles_hints nested on `st` in chainer `ch` (its budget `nodes`) against
 * the same search in a fresh chainer (no closure made before): the same
 * hints (removals and complexity, in order) and the same nodes counted.
 * Whether it found none. */
static bool expect_nested_as_fresh(bdi_chainer *ch, bdi_budget *nodes, const bdi_state *st)
{
    bdi_budget fresh_nodes = {.next_check = UINT64_MAX};
    bdi_chainer *fresh = bdi_chainer_new(&fresh_nodes);
    assert_non_null(fresh);
    bdi_state a = *st, b = *st;
    chint_list all = {.keep_all = true, .outer_source = st, .outer_current = &a};
    chint_list ref = {.keep_all = true, .outer_source = st, .outer_current = &b};
    uint64_t before = nodes->nodes;
    cycles_hints(ch, &a, &all);
    cycles_hints(fresh, &b, &ref);
    assert_false(bdi_chainer_failed(ch));
    assert_int_equal(nodes->nodes - before, fresh_nodes.nodes);
    assert_int_equal(all.count, ref.count);
    for (int i = 0; i < all.count; i++) {
        assert_memory_equal(all.all[i].removed, ref.all[i].removed, sizeof all.all[i].removed);
        assert_int_equal(all.all[i].complexity, ref.all[i].complexity);
    }
    bool none = all.count == 0;
    chint_list_free(&all);
    chint_list_free(&ref);
    bdi_chainer_free(fresh);
    return none;
}

/* The union of `count` solutions into `st`: the full grid `full` and the
 * first count - 1 relabellings of it (`relabel`, by digit). */
static void solutions_union(bdi_state *st, const bd_grid *full, uint8_t (*relabel)[BD_SIZE + 1],
                            int count)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int v = full->cells[cell];
        unsigned cand = digit_bit(v);
        for (int i = 0; i < count - 1; i++)
            cand |= digit_bit(relabel[i][v]);
        st->cand[cell] = (uint16_t)cand;
    }
    bdi_state_index(st);
}

/* Nested searches on grids with fewer candidates than one whose closure
 * was made (cycles.c may then read from that closure, without making one,
 * that no candidate's "on" reaches its "off": none_from_closure), against
 * a fresh chainer's (expect_nested_as_fresh), in one chainer: 24 rounds,
 * each a search on the path (a list that keeps the best hint only) on the
 * union of four solutions (a random full grid and three relabellings of
 * it: every candidate is in a solution, so no chain from it on meets its
 * off, and the searches find none), then nested ones on the union of two
 * and of three, then on that grid with one candidate struck at a time,
 * eight times (where they find hints). */
static void test_cycles_nested_struck(void **state)
{
    (void)state;
    bdi_budget nodes = {.next_check = UINT64_MAX};
    bdi_chainer *ch = bdi_chainer_new(&nodes);
    assert_non_null(ch);
    uint64_t seed = 55;
    int none = 0, hints = 0;
    for (int round = 0; round < 24; round++) {
        bd_grid full;
        tu_random_full(&seed, &full);
        uint8_t relabel[3][BD_SIZE + 1];
        for (int i = 0; i < 3; i++) {   /* a random permutation of the digits */
            for (int d = 1; d <= BD_SIZE; d++)
                relabel[i][d] = (uint8_t)d;
            for (int d = BD_SIZE; d > 1; d--) {
                int e = 1 + (int)(tu_rand(&seed) % (uint64_t)d);
                uint8_t t = relabel[i][d];
                relabel[i][d] = relabel[i][e];
                relabel[i][e] = t;
            }
        }
        bdi_state st;
        assert_true(bdi_state_init(&st, &(bd_grid){{0}}));
        solutions_union(&st, &full, relabel, 4);
        chint_list path = {.keep_all = false};
        cycles_hints(ch, &st, &path);
        assert_false(path.found);
        chint_list_free(&path);
        solutions_union(&st, &full, relabel, 2);
        none += expect_nested_as_fresh(ch, &nodes, &st);
        solutions_union(&st, &full, relabel, 3);
        none += expect_nested_as_fresh(ch, &nodes, &st);
        for (int step = 0; step < 8; step++) {
            int at = (int)(tu_rand(&seed) % BD_CELLS);
            while (digit_count(st.cand[at]) < 3)
                at = (at + 1) % BD_CELLS;
            unsigned ds = st.cand[at];
            for (uint64_t skip = tu_rand(&seed) % 3; skip; skip--)
                ds &= ds - 1u;
            st.cand[at] &= (uint16_t)~(ds & -ds);
            bdi_state_index(&st);
            hints += !expect_nested_as_fresh(ch, &nodes, &st);
        }
    }
    assert_int_equal(none, 24 * 2);
    assert_true(hints > 24);
    bdi_chainer_free(ch);
}

/* The closures of the nested searches that found no hint, kept by grid:
 * twelve grids of test_cycles_both_closure and twelve random puzzles with
 * 4 to 37 blanks (their candidates from the givens) searched in turn in
 * one chainer, then each asked for again (cycles_both_closure) after the
 * others' searches; a grid whose search found none reads, from its kept
 * closure, as reach_from from each candidate on (expect_closure_as_reach);
 * one whose search found a hint (searched again when it comes again) has
 * none kept, but the last grid searched, whose closure is the last made. */
static void test_cycles_both_closure_kept(void **state)
{
    (void)state;
    enum { GRIDS = 24 };
    bdi_state *grids = malloc(GRIDS * sizeof *grids);
    reach_grid *rg = malloc(sizeof *rg);
    bdi_budget nodes = {.next_check = UINT64_MAX};
    bdi_chainer *ch = bdi_chainer_new(&nodes);
    assert_non_null(grids);
    assert_non_null(rg);
    assert_non_null(ch);
    data_grids data;
    data_grids_open(&data, 12345, GRIDS / 2);
    int count = 0;
    while (data_grids_next(&data, &grids[count]))
        count++;
    fclose(data.f);
    uint64_t seed = 4747;
    for (; count < GRIDS; count++) {
        bd_grid puzzle;
        tu_random_puzzle(&seed, 4 + 3 * (count - GRIDS / 2), &puzzle);
        assert_true(bdi_state_init(&grids[count], &puzzle));
    }
    bool none[GRIDS];
    for (int i = 0; i < GRIDS; i++) {
        chint_list all = {.keep_all = true, .outer_source = &grids[i], .outer_current = &grids[i]};
        cycles_hints(ch, &grids[i], &all);
        assert_false(bdi_chainer_failed(ch));
        none[i] = all.count == 0;
        chint_list_free(&all);
    }
    int kept = 0, with_hints = 0, compared = 0, conflicts = 0;
    for (int i = 0; i < GRIDS - 1; i++) {
        const struct closure *cl = cycles_both_closure(ch, &grids[i]);
        if (!none[i]) {
            assert_null(cl);
            with_hints++;
            continue;
        }
        assert_non_null(cl);
        kept++;
        reach_grid_init(rg, &grids[i], true, false);
        expect_closure_as_reach(cl, rg, &grids[i], &conflicts, &compared);
    }
    assert_true(kept > 0 && with_hints > 0);
    bdi_chainer_free(ch);
    free(rg);
    free(grids);
}

/* The hints of one producer, as bdi_*_each reports them: each one's
 * removals, in order. */
typedef struct hint_log {
    int count;
    uint16_t removed[64][BD_CELLS];
} hint_log;

/* A bdi_hint_fn: logs the hint's removals (the first 64) and goes on. */
static bool log_hint(const bdi_step *s, void *context)
{
    hint_log *log = context;
    if (log->count < 64)
        memcpy(log->removed[log->count], s->removed, sizeof s->removed);
    log->count++;
    return false;
}

/* SE's Fisherman loops written out plainly (columns then rows as base
 * lines; the sets of `degree` base lines by increasing mask; digits 1..9,
 * skipping a digit placed more than 9 - 2 * degree times; each base line
 * with two places or more; as many cover lines as base lines; something
 * removed), logging each fish's removals in that order. */
static void fish_reference(const bdi_state *st, int degree, hint_log *log)
{
    int placed[BD_SIZE + 1] = {0};
    for (int cell = 0; cell < BD_CELLS; cell++)
        placed[st->value[cell]]++;
    for (int k = 0; k < 2; k++) {
        int kind = k == 0 ? UNIT_COL : UNIT_ROW, cover_kind = k == 0 ? UNIT_ROW : UNIT_COL;
        for (unsigned base = 1; base < 1u << BD_SIZE; base++) {
            if (digit_count(base) != degree)
                continue;
            for (int digit = 1; digit <= BD_SIZE; digit++) {
                if (placed[digit] + degree * 2 > BD_SIZE)
                    continue;
                unsigned cover = 0;
                bool each_two = true;
                for (int line = 0; line < BD_SIZE; line++)
                    if (base >> line & 1u) {
                        unsigned at = unit_places(st, unit_number(kind, line), digit);
                        each_two &= digit_count(at) >= 2;
                        cover |= at;
                    }
                if (!each_two || digit_count(cover) != degree)
                    continue;
                uint16_t removed[BD_CELLS] = {0};
                bool any = false;
                for (int line = 0; line < BD_SIZE; line++) {
                    if (!(cover >> line & 1u))
                        continue;
                    int unit = unit_number(cover_kind, line);
                    for (int pos = 0; pos < BD_SIZE; pos++)
                        if (!(base >> pos & 1u)
                            && (unit_places(st, unit, digit) >> pos & 1u)) {
                            removed[unit_cell_of(unit, pos)] |= (uint16_t)digit_bit(digit);
                            any = true;
                        }
                }
                if (!any)
                    continue;
                if (log->count < 64)
                    memcpy(log->removed[log->count], removed, sizeof removed);
                log->count++;
            }
        }
    }
}

/* bdi_fish_each reports the fish of SE's loops (fish_reference), in their
 * order, for X-wings, swordfish and jellyfish, on the grids of SE's rated
 * puzzles as given and with a third of their candidates struck out. */
static void test_fish_order(void **state)
{
    (void)state;
    data_grids data;
    data_grids_open(&data, 777, 60);
    int fish = 0;
    hint_log *got = malloc(sizeof *got), *want = malloc(sizeof *want);
    assert_non_null(got);
    assert_non_null(want);
    bdi_state st;
    while (data_grids_next(&data, &st)) {
        for (int degree = 2; degree <= 4; degree++) {
            bdi_step s;
            got->count = want->count = 0;
            assert_false(bdi_fish_each(&st, degree, ALL_DIGITS, log_hint, got, &s));
            fish_reference(&st, degree, want);
            assert_int_equal(got->count, want->count);
            int kept = got->count < 64 ? got->count : 64;
            for (int i = 0; i < kept; i++)
                assert_memory_equal(got->removed[i], want->removed[i],
                                    sizeof got->removed[i]);
            fish += got->count;
        }
    }
    fclose(data.f);
    assert_int_equal(data.grids, 60);
    assert_true(fish > 0);
    free(got);
    free(want);
}

/* Whether `cell` is in `unit`. */
static bool cell_in(int unit, int cell)
{
    for (int pos = 0; pos < BD_SIZE; pos++)
        if (unit_cell_of(unit, pos) == cell)
            return true;
    return false;
}

/* Whether units `a` and `b` (a box and a line) share cells. */
static bool units_cross(int a, int b)
{
    for (int pos = 0; pos < BD_SIZE; pos++)
        if (cell_in(b, unit_cell_of(a, pos)))
            return true;
    return false;
}

/* SE's Locking loops written out plainly: the pairs of kinds (box,
 * column), (box, row), (column, box), (row, box); the first unit 0..8,
 * the second 0..8 crossing it, the digits 1..9; a lock when the digit has
 * two places or more in the first unit, all in the second. Logs each
 * lock's removals (the second unit's other places), in order, when there
 * are some; the first lock that leaves, in a third unit of the first's
 * kind crossing the second (0..8, not the first), two places or more of
 * which one alone is outside the second goes to *direct_cell and
 * *direct_digit (-1 and 0 when none). */
static void locking_reference(const bdi_state *st, hint_log *log, int *direct_cell,
                              int *direct_digit)
{
    static const int kinds[4][2] = {
        {UNIT_BOX, UNIT_COL}, {UNIT_BOX, UNIT_ROW}, {UNIT_COL, UNIT_BOX}, {UNIT_ROW, UNIT_BOX}};
    *direct_cell = -1;
    *direct_digit = 0;
    for (int k = 0; k < 4; k++)
        for (int i1 = 0; i1 < BD_SIZE; i1++)
            for (int i2 = 0; i2 < BD_SIZE; i2++) {
                int first = unit_number(kinds[k][0], i1), second = unit_number(kinds[k][1], i2);
                if (!units_cross(first, second))
                    continue;
                for (int digit = 1; digit <= BD_SIZE; digit++) {
                    int places = 0, outside = 0;
                    for (int pos = 0; pos < BD_SIZE; pos++) {
                        int cell = unit_cell_of(first, pos);
                        if (st->cand[cell] & digit_bit(digit)) {
                            places++;
                            outside += !cell_in(second, cell);
                        }
                    }
                    if (places < 2 || outside)
                        continue;
                    uint16_t removed[BD_CELLS] = {0};
                    bool any = false;
                    for (int pos = 0; pos < BD_SIZE; pos++) {
                        int cell = unit_cell_of(second, pos);
                        if (!cell_in(first, cell) && (st->cand[cell] & digit_bit(digit))) {
                            removed[cell] = (uint16_t)digit_bit(digit);
                            any = true;
                        }
                    }
                    if (any) {
                        if (log->count < 64)
                            memcpy(log->removed[log->count], removed, sizeof removed);
                        log->count++;
                    }
                    for (int i3 = 0; i3 < BD_SIZE && *direct_cell < 0; i3++) {
                        int third = unit_number(kinds[k][0], i3);
                        if (third == first || !units_cross(third, second))
                            continue;
                        int in = 0, out = 0, out_cell = -1;
                        for (int pos = 0; pos < BD_SIZE; pos++) {
                            int cell = unit_cell_of(third, pos);
                            if (!(st->cand[cell] & digit_bit(digit)))
                                continue;
                            if (cell_in(second, cell)) {
                                in++;
                            } else {
                                out++;
                                out_cell = cell;
                            }
                        }
                        if (in + out >= 2 && out == 1) {
                            *direct_cell = out_cell;
                            *direct_digit = digit;
                        }
                    }
                }
            }
}

/* The digits of cells[0..n) that some combination of their candidates
 * leaves allowed, tried one combination of digits at a time: ruled out
 * when two cells that see each other take one digit, or when an excluder
 * (a cell all of them see, with two to `degree` candidates) has all its
 * candidates among the combination's digits. */
static void exclusion_reference(const bdi_state *st, const int *cells, int n, int degree,
                                unsigned *allowed)
{
    uint16_t ex[BD_CELLS];
    int ex_count = 0;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int count = digit_count(st->cand[cell]);
        bool all = count >= 2 && count <= degree;
        for (int i = 0; i < n; i++)
            all = all && sees(cell, cells[i]);
        if (all)
            ex[ex_count++] = st->cand[cell];
    }
    for (int i = 0; i < n; i++)
        allowed[i] = 0;
    for (int d0 = 1; d0 <= BD_SIZE; d0++)
        for (int d1 = 1; d1 <= BD_SIZE; d1++)
            for (int d2 = 1; d2 <= (n == 3 ? BD_SIZE : 1); d2++) {
                int d[3] = {d0, d1, d2};
                unsigned used = 0;
                bool ok = true;
                for (int i = 0; i < n; i++) {
                    ok = ok && (st->cand[cells[i]] & digit_bit(d[i]));
                    used |= digit_bit(d[i]);
                    for (int j = 0; j < i; j++)
                        ok = ok && !(d[i] == d[j] && sees(cells[i], cells[j]));
                }
                for (int e = 0; ok && e < ex_count; e++)
                    ok = (ex[e] & ~used) != 0;
                for (int i = 0; ok && i < n; i++)
                    allowed[i] |= digit_bit(d[i]);
            }
}

/* SE's aligned pair exclusion written plainly: the base cells (two
 * candidates or more, no peer with one, a peer with two), their pairs in
 * SE's order with two common excluders or more, the first whose allowed
 * digits (exclusion_reference) leave out a candidate; its removals into
 * `removed`, false when there is none. */
static bool pair_exclusion_reference(const bdi_state *st, uint16_t *removed)
{
    int base[BD_CELLS], count = 0;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        bool single = false, excluder = false;
        for (int other = 0; other < BD_CELLS; other++)
            if (sees(cell, other)) {
                single |= digit_count(st->cand[other]) == 1;
                excluder |= digit_count(st->cand[other]) == 2;
            }
        if (digit_count(st->cand[cell]) >= 2 && !single && excluder)
            base[count++] = cell;
    }
    for (int i1 = 1; i1 < count; i1++)
        for (int i0 = 0; i0 < i1; i0++) {
            int cells[2] = {base[i0], base[i1]}, common = 0;
            for (int other = 0; other < BD_CELLS; other++)
                common += digit_count(st->cand[other]) == 2 && sees(other, cells[0])
                          && sees(other, cells[1]);
            if (common < 2)
                continue;
            unsigned allowed[2];
            exclusion_reference(st, cells, 2, 2, allowed);
            memset(removed, 0, BD_CELLS * sizeof *removed);
            for (int i = 0; i < 2; i++)
                removed[cells[i]] = (uint16_t)(st->cand[cells[i]] & ~allowed[i]);
            if (removed[cells[0]] | removed[cells[1]])
                return true;
        }
    return false;
}

/* The count of the cells with two to three candidates that see every
 * cell of cells[0..n). */
static int common_excluders(const bdi_state *st, const int *cells, int n)
{
    int common = 0;
    for (int other = 0; other < BD_CELLS; other++) {
        int count = digit_count(st->cand[other]);
        bool all = count >= 2 && count <= 3;
        for (int i = 0; i < n; i++)
            all = all && sees(other, cells[i]);
        common += all;
    }
    return common;
}

/* SE's aligned triplet exclusion written plainly: the base cells (two
 * candidates or more, no peer with one, a peer with two or three), their
 * pairs in SE's order, for each the third cells of the twin area (the
 * first cell's house cells with two or three candidates in SE's house
 * order, bdi_house, then the second's, that are base cells other than the
 * two, each once), the first triplet with two common excluders or more
 * whose allowed digits (exclusion_reference) leave out a candidate; its
 * removals into `removed`, false when there is none. */
static bool triplet_exclusion_reference(const bdi_state *st, uint16_t *removed)
{
    int base[BD_CELLS], count = 0;
    bool is_base[BD_CELLS] = {false};
    for (int cell = 0; cell < BD_CELLS; cell++) {
        bool single = false, excluder = false;
        for (int other = 0; other < BD_CELLS; other++)
            if (sees(cell, other)) {
                int n = digit_count(st->cand[other]);
                single |= n == 1;
                excluder |= n == 2 || n == 3;
            }
        if (digit_count(st->cand[cell]) >= 2 && !single && excluder) {
            base[count++] = cell;
            is_base[cell] = true;
        }
    }
    for (int i1 = 1; i1 < count; i1++)
        for (int i0 = 0; i0 < i1; i0++) {
            int cells[3] = {base[i0], base[i1], 0};
            bool taken[BD_CELLS] = {false};
            taken[cells[0]] = taken[cells[1]] = true;
            for (int f = 0; f < 2; f++)
                for (int h = 0; h < HOUSE_CELLS; h++) {
                    int third = bdi_house[cells[f]][h], n = digit_count(st->cand[third]);
                    if (n < 2 || n > 3 || !is_base[third] || taken[third])
                        continue;
                    taken[third] = true;
                    cells[2] = third;
                    if (common_excluders(st, cells, 3) < 2)
                        continue;
                    unsigned allowed[3];
                    exclusion_reference(st, cells, 3, 3, allowed);
                    unsigned any = 0;
                    memset(removed, 0, BD_CELLS * sizeof *removed);
                    for (int i = 0; i < 3; i++) {
                        removed[cells[i]] = (uint16_t)(st->cand[cells[i]] & ~allowed[i]);
                        any |= removed[cells[i]];
                    }
                    if (any)
                        return true;
                }
        }
    return false;
}

/* Up to 20 rounds of aligned exclusion of `degree` on a copy of `st`
 * (with `memo`, NULL for none), each hint checked against `reference`
 * and applied; returns the hints found. */
static int exclusion_rounds(bdi_state st, int degree, bdi_exclusion_memo *memo,
                            bool (*reference)(const bdi_state *, uint16_t *))
{
    int found = 0;
    bdi_step s;
    for (int round = 0; round < 20; round++) {
        uint16_t want[BD_CELLS];
        bool expected = reference(&st, want);
        assert_int_equal(bdi_aligned_exclusion(&st, degree, memo, &s), expected);
        if (!expected)
            break;
        assert_memory_equal(s.removed, want, sizeof want);
        found++;
        bdi_step_apply(&st, &s);
    }
    return found;
}

/* bdi_aligned_exclusion of pairs gives the hint of SE's loops written
 * plainly (pair_exclusion_reference), that hint applied and the next
 * taken, up to 20, and of triplets likewise (triplet_exclusion_reference;
 * the searches of one grid's rounds keep a record, as a path's do), on
 * the grids of SE's rated puzzles as given and thinned. */
static void test_aligned_exclusion_reference(void **state)
{
    (void)state;
    data_grids data;
    data_grids_open(&data, 2626, 160);
    int pairs = 0, triplets = 0;
    bdi_state st;
    while (data_grids_next(&data, &st)) {
        pairs += exclusion_rounds(st, 2, NULL, pair_exclusion_reference);
        bdi_exclusion_memo *memo = bdi_exclusion_memo_new();
        assert_non_null(memo);
        triplets += exclusion_rounds(st, 3, memo, triplet_exclusion_reference);
        bdi_exclusion_memo_free(memo);
    }
    fclose(data.f);
    assert_int_equal(data.grids, 160);
    assert_true(pairs > 20);
    assert_true(triplets > 20);
}

/* Removes one candidate of `st` for test_aligned_exclusion_record: the
 * highest of the first cell from `*next` on (cell order, wrapping) with
 * one or more (a cell with one is left with none, as when it is filled);
 * `*next` moves past it. */
static void drop_candidate(bdi_state *st, int *next)
{
    for (int k = 0; k < BD_CELLS; k++) {
        int cell = (*next + k) % BD_CELLS;
        unsigned cand = st->cand[cell];
        if (cand) {
            unsigned high = digit_bit(top_digit(cand));
            st->cand[cell] = (uint16_t)(cand & ~high);
            *next = (cell + 29) % BD_CELLS;
            return;
        }
    }
}

/* A path's record (bdi_exclusion_memo) leaves the hint as it is: along
 * grids that lose candidates (a hint's removals when there is one, else
 * one candidate), the pair searches with a record give the hint of SE's
 * loops written plainly (pair_exclusion_reference), and the triplet
 * searches with a record the hint of a search without one, on the grids
 * of SE's rated puzzles as given and thinned. */
static void test_aligned_exclusion_record(void **state)
{
    (void)state;
    data_grids data;
    data_grids_open(&data, 7373, 60);
    int hints[4] = {0}, idle[4] = {0};
    bdi_state start;
    while (data_grids_next(&data, &start)) {
        for (int degree = 2; degree <= 3; degree++) {
            bdi_exclusion_memo *memo = bdi_exclusion_memo_new();
            assert_non_null(memo);
            bdi_state st = start;
            int next = 0;
            for (int round = 0; round < 60; round++) {
                bdi_step with, plain;
                uint16_t want[BD_CELLS];
                bool found = bdi_aligned_exclusion(&st, degree, memo, &with);
                bool expected = degree == 2 ? pair_exclusion_reference(&st, want)
                                            : bdi_aligned_exclusion(&st, 3, NULL, &plain);
                assert_int_equal(found, expected);
                if (!found) {
                    idle[degree]++;
                    drop_candidate(&st, &next);
                    continue;
                }
                assert_memory_equal(with.removed, degree == 2 ? want : plain.removed,
                                    sizeof want);
                hints[degree]++;
                for (int cell = 0; cell < BD_CELLS; cell++)
                    st.cand[cell] &= (uint16_t)~with.removed[cell];
            }
            bdi_exclusion_memo_free(memo);
        }
    }
    fclose(data.f);
    assert_int_equal(data.grids, 60);
    assert_true(hints[2] > 20 && idle[2] > 20);
    assert_true(hints[3] > 20 && idle[3] > 20);
}

/* What a filtered search told: its hints, and those outside the filter
 * (the unit of a lock or set, the digit of a fish, not in `allowed`). */
typedef struct filter_log {
    bool by_digit;
    uint32_t allowed;
    int count, outside;
} filter_log;

/* A bdi_hint_fn: counts the hint and whether the filter lets it in. */
static bool filter_hint(const bdi_step *s, void *context)
{
    filter_log *log = context;
    unsigned key = log->by_digit ? s->digits : 1u << s->unit;
    log->count++;
    log->outside += !(key & log->allowed);
    return false;
}

/* The _each searches given a unit set (a digit set for the fish) tell
 * only the hints of those units: unit by unit (digit by digit) they tell
 * as many as the search of all, none outside. */
static void test_each_filters(void **state)
{
    (void)state;
    data_grids data;
    data_grids_open(&data, 5151, 60);
    int told[4] = {0};
    bdi_state st;
    while (data_grids_next(&data, &st)) {
        bdi_step s;
        for (int rule = 0; rule < 4; rule++) {
            filter_log all = {rule == 3, ALL_UNITS, 0, 0};
            int parts = rule == 3 ? BD_SIZE : UNIT_COUNT, sum = 0;
            for (int i = -1; i < parts; i++) {
                filter_log *log = &all, one = {rule == 3, i < 0 ? 0u : 1u << i, 0, 0};
                uint32_t units = i < 0 ? ALL_UNITS : 1u << i;
                if (i >= 0)
                    log = &one;
                if (rule == 0)
                    assert_false(bdi_locking_each(&st, units, filter_hint, log, &s));
                else if (rule == 1)
                    assert_false(bdi_naked_set_each(&st, 2, units, filter_hint, log, &s));
                else if (rule == 2)
                    assert_false(bdi_hidden_set_each(&st, 2, units, filter_hint, log, &s));
                else
                    assert_false(bdi_fish_each(&st, 2, i < 0 ? ALL_DIGITS : 1u << i, filter_hint,
                                               log, &s));
                assert_int_equal(log->outside, 0);
                sum += i >= 0 ? one.count : 0;
            }
            assert_int_equal(sum, all.count);
            told[rule] += all.count;
        }
    }
    fclose(data.f);
    assert_int_equal(data.grids, 60);
    for (int rule = 0; rule < 4; rule++)
        assert_true(told[rule] > 0);
}

/* bdi_locking_each reports the locks of SE's loops (locking_reference),
 * in their order, and bdi_locking in direct mode the first direct
 * pointing or claiming (then, that one placed, the next, up to 30), on
 * the grids of SE's rated puzzles as given and with a third of their
 * candidates struck out. */
static void test_locking_order(void **state)
{
    (void)state;
    data_grids data;
    data_grids_open(&data, 4242, 80);
    int locks = 0, directs = 0;
    hint_log *got = malloc(sizeof *got), *want = malloc(sizeof *want);
    assert_non_null(got);
    assert_non_null(want);
    bdi_state st;
    while (data_grids_next(&data, &st)) {
        bdi_step s;
        got->count = want->count = 0;
        assert_false(bdi_locking_each(&st, ALL_UNITS, log_hint, got, &s));
        int direct_cell, direct_digit;
        locking_reference(&st, want, &direct_cell, &direct_digit);
        assert_int_equal(got->count, want->count);
        int kept = got->count < 64 ? got->count : 64;
        for (int i = 0; i < kept; i++)
            assert_memory_equal(got->removed[i], want->removed[i], sizeof got->removed[i]);
        locks += got->count;
        /* direct mode: the first hint, placed, then the next, ... */
        for (int round = 0; round < 30; round++) {
            bool found = bdi_locking(&st, true, &s);
            assert_int_equal(found, direct_cell >= 0);
            if (!found)
                break;
            assert_int_equal(s.cell, direct_cell);
            assert_int_equal(s.digit, direct_digit);
            directs++;
            bdi_state_place(&st, direct_cell, direct_digit);
            want->count = 0;
            locking_reference(&st, want, &direct_cell, &direct_digit);
        }
    }
    fclose(data.f);
    assert_int_equal(data.grids, 80);
    assert_true(locks > 0);
    assert_true(directs > 80);
    free(got);
    free(want);
}

/* Notes a visited node's potential in the list `context` (-1 ended). */
static void note_pot(const bdi_chainer *ch, int32_t node, void *context)
{
    int *pots = context;
    while (*pots >= 0)
        pots++;
    *pots++ = ch->nodes[node].pot;
    *pots = -1;
}

/* A graph made by hand in a new chainer (returned): T (potential 7) with
 * parents X1 (3) and Y (5); X1's parent is A (1); Y's parent is X2,
 * another node of potential 3, whose parent E (9) only it leads to. *t
 * and *y are T's and Y's nodes. */
static bdi_chainer *first_met_graph(int32_t *t, int32_t *y)
{
    bdi_chainer *ch = bdi_chainer_new(NULL);
    assert_non_null(ch);
    int32_t a = node_new(ch, 1, CAUSE_NONE, -1), e = node_new(ch, 9, CAUSE_NONE, -1);
    int32_t x1 = node_new(ch, 3, CAUSE_NONE, a), x2 = node_new(ch, 3, CAUSE_NONE, e);
    *y = node_new(ch, 5, CAUSE_NONE, x2);
    *t = node_new(ch, 7, CAUSE_NONE, x1);
    node_add_parent(ch, *t, *y);
    return ch;
}

/* SE's count of a chain's potentials, on first_met_graph's graph: the
 * walk goes breadth first from the end through the parents and takes
 * each potential once, through the first node met for it. So the walk
 * from T takes T, X1, Y, A (in that order) and never E: 4, where every
 * node's potential counted would give 5. */
static void test_ancestor_first_met(void **state)
{
    (void)state;
    int32_t t, y;
    bdi_chainer *ch = first_met_graph(&t, &y);
    assert_int_equal(ancestor_count(ch, t), 4);
    assert_int_equal(ancestor_count(ch, y), 3);    /* Y, X2, E */
    assert_int_equal(ancestor_count_upto(ch, t, 2), 3);
    int pots[8] = {-1};
    assert_int_equal(walk_back(ch, t, note_pot, pots), 4);
    int want[] = {7, 3, 5, 1, -1};
    for (int i = 0; i < 5; i++)
        assert_int_equal(pots[i], want[i]);
    bdi_chainer_free(ch);
}

/* The walk's marks are stamps of the walk (the chainer's walk_marks):
 * first_met_graph's graph walked again and again across the stamps' wrap,
 * Y's walk (marking 5, 3 and 9) just before it, T's just after, where a
 * stamp gone round to 0 would meet the never-marked 1 as marked. The
 * counts stay T's 4 and Y's 3 (test_ancestor_first_met), and E (9), left
 * out of T's walks, is in each of Y's. */
static void test_ancestor_stamps_wrap(void **state)
{
    (void)state;
    int32_t t, y;
    bdi_chainer *ch = first_met_graph(&t, &y);
    ch->walk_marks[POTENTIALS] = UINT32_MAX - 1;
    for (int round = 0; round < 3; round++) {
        int pots[8] = {-1};
        assert_int_equal(walk_back(ch, y, note_pot, pots), 3);
        assert_int_equal(pots[2], 9);
        assert_int_equal(ancestor_count(ch, t), 4);
    }
    bdi_chainer_free(ch);
}

/* ancestor_count_upto against ancestor_count, for every node of the
 * dynamic chains from each candidate on of a few of SE's rated puzzles,
 * with limits below, at and above the count. */
static void test_ancestor_upto(void **state)
{
    (void)state;
    FILE *f = fopen(SE_RATINGS_DATA, "r");
    assert_non_null(f);
    bdi_chainer *ch = bdi_chainer_new(NULL);
    assert_non_null(ch);
    char line[256];
    int grids = 0, above = 0;
    while (grids < 4 && data_line(f, line, sizeof line)) {
        char puzzle[82];
        assert_int_equal(sscanf(line, "%81s", puzzle), 1);
        bd_grid grid;
        assert_true(tu_grid(puzzle, &grid));
        bdi_state st;
        bdi_state_init(&st, &grid);
        chain_rules rules = {.y_links = true, .dynamic = true, .level = 0};
        for (int cell = 0; cell < BD_CELLS; cell++)
            for (unsigned ds = st.cand[cell]; ds; ds &= ds - 1u) {
                cmark mark = chain_mark(ch);
                pset *on = set_new(ch), *off = set_new(ch);
                assert_non_null(on);
                assert_non_null(off);
                int32_t start = node_new(ch, pot_of(cell, bit_digit(ds), true), 0, -1);
                assert_true(start >= 0);
                set_add(ch, on, start);
                int32_t absurd[2];
                do_chaining(ch, &st, &rules, on, off, absurd);
                for (int32_t node = start; node < (int32_t)ch->node_count; node++) {
                    int full = ancestor_count(ch, node);
                    assert_int_equal(ancestor_count_upto(ch, node, full), full);
                    assert_int_equal(ancestor_count_upto(ch, node, full + 1), full);
                    assert_int_equal(ancestor_count_upto(ch, node, full + 100), full);
                    assert_true(ancestor_count_upto(ch, node, full - 1) > full - 1);
                    assert_true(ancestor_count_upto(ch, node, full / 2) > full / 2);
                    assert_true(ancestor_count_upto(ch, node, -3) > 0);
                    above += full > 1;
                }
                chain_release(ch, mark);
            }
        grids++;
    }
    fclose(f);
    assert_int_equal(grids, 4);
    assert_true(above > 0);
    bdi_chainer_free(ch);
}

/* What reach_links_past must give: a plain breadth-first walk of chains.h's
 * implications (on_implies, off_implies with links y and x) from `pot`,
 * each potential taken once, never taking `past` (a potential off) nor
 * walking from it; its sets, with `past`, into `walked`. */
static void plain_walk_past(const chain_grid *g, bool y, bool x, int pot, int past, reach *walked)
{
    static bool seen[POTENTIALS];
    int queue[POTENTIALS], head = 0, tail = 0;
    memset(seen, 0, sizeof seen);
    memset(walked, 0, sizeof *walked);
    seen[pot] = seen[past] = true;
    walked->off[pot_digit(past) - 1][pot_cell(past) / 64] |= (uint64_t)1 << (pot_cell(past) % 64);
    queue[tail++] = pot;
    implied imp[BD_SIZE + HOUSE_CELLS];
    while (head < tail) {
        int p = queue[head++], c = pot_cell(p);
        uint64_t *set = pot_on(p) ? walked->on[pot_digit(p) - 1] : walked->off[pot_digit(p) - 1];
        set[c / 64] |= (uint64_t)1 << (c % 64);
        int n = pot_on(p) ? on_implies(g, p, y, imp) : off_implies(g, p, y, x, imp);
        for (int i = 0; i < n; i++)
            if (!seen[imp[i].pot]) {
                seen[imp[i].pot] = true;
                queue[tail++] = imp[i].pot;
            }
    }
}

/* Into `stop` (a cell set a digit, as reach's `on`), every digit of the
 * cells of `cell`'s box but `cell` itself. */
static void box_stop(int cell, uint64_t *stop)
{
    memset(stop, 0, BD_SIZE * 2 * sizeof *stop);
    for (int other = 0; other < BD_CELLS; other++)
        if (other != cell && box_of(other) == box_of(cell))
            for (int d = 0; d < BD_SIZE; d++)
                stop[2 * d + other / 64] |= (uint64_t)1 << (other % 64);
}

/* reach_links_linked against its definition read plainly off the grid: a
 * candidate is in with y when its cell has two candidates (the cell rules
 * on) and with x when one of its cell's units has two places of its
 * digit; on the grids of test_reach_links_by, with and without the cell
 * rules. */
static void test_reach_links_linked(void **state)
{
    (void)state;
    data_grids data;
    data_grids_open(&data, 2026, 24);
    reach_grid *rg = malloc(sizeof *rg);
    assert_non_null(rg);
    bdi_state st;
    int pairs = 0;
    while (data_grids_next(&data, &st))
        for (int cell_rules = 0; cell_rules < 2; cell_rules++) {
            reach_grid_init(rg, &st, cell_rules, false);
            for (int kind = 0; kind < 3; kind++) {
                bool y = kind > 0, x = kind != 1;
                uint64_t linked[BD_SIZE * 2];
                reach_links_linked(rg, y, x, linked);
                for (int cell = 0; cell < BD_CELLS; cell++)
                    for (int d = 1; d <= BD_SIZE; d++) {
                        bool want = false;
                        if (st.cand[cell] & digit_bit(d)) {
                            want = y && cell_rules && digit_count(st.cand[cell]) == 2;
                            for (int k = 0; k < UNIT_KINDS; k++)
                                want |= x && digit_count(st.places[unit_at(k, cell)][d - 1]) == 2;
                        }
                        bool got = linked[2 * (d - 1) + cell / 64] >> (cell % 64) & 1u;
                        assert_int_equal(got, want);
                        pairs += want;
                    }
            }
        }
    fclose(data.f);
    assert_int_equal(data.grids, 24);
    assert_true(pairs > 1000);
    free(rg);
}

/* reach_links_by (links_off only where reach_links_linked says it
 * switches something on) against reach_links, from every candidate on and
 * off, with cycles.c's three kinds of links, on the grids of test_reach
 * (SE's rated puzzles as given and with a third of their candidates
 * struck out, another fixed pseudo-random choice); and reach_links_past
 * from every candidate on, past each candidate of its cell off (cycles.c
 * asks past a partner), against a plain walk that never takes it; and
 * reach_links_meet the same, stopped at the potentials on of the start's
 * box (other than the start): stopped when the plain walk reaches one, else
 * with its sets. */
static void test_reach_links_by(void **state)
{
    (void)state;
    int stopped = 0;
    data_grids data;
    data_grids_open(&data, 2026, 24);
    reach_grid *rg = malloc(sizeof *rg);
    assert_non_null(rg);
    bdi_state st;
    while (data_grids_next(&data, &st)) {
        reach_grid_init(rg, &st, true, false);
        for (int kind = 0; kind < 3; kind++) {
            bool y = kind > 0, x = kind != 1;
            uint64_t linked[BD_SIZE * 2];
            reach_links_linked(rg, y, x, linked);
            for (int cell = 0; cell < BD_CELLS; cell++)
                for (unsigned ds = st.cand[cell]; ds; ds &= ds - 1u)
                    for (int on = 0; on < 2; on++) {
                        int pot = pot_of(cell, bit_digit(ds), on);
                        reach plain, by;
                        reach_links(rg, pot, y, x, &plain);
                        reach_links_by(rg, linked, pot, y, x, &by);
                        assert_memory_equal(plain.on, by.on, sizeof plain.on);
                        assert_memory_equal(plain.off, by.off, sizeof plain.off);
                        for (unsigned os = st.cand[cell] & ~(ds & (~ds + 1u)); on && os;
                             os &= os - 1u) {
                            int past = pot_of(cell, bit_digit(os), false);
                            reach want, got;
                            plain_walk_past(&st, y, x, pot, past, &want);
                            memset(&got, 0, sizeof got);
                            got.off[bit_digit(os) - 1][cell / 64] |= (uint64_t)1
                                                                     << (cell % 64);
                            reach_links_past(rg, linked, pot, y, x, &got);
                            assert_memory_equal(want.on, got.on, sizeof want.on);
                            assert_memory_equal(want.off, got.off, sizeof want.off);
                            /* stopped at the potentials on of the cell's box,
                             * the start left out: whether the plain walk's
                             * reach meets them; when not, its whole sets */
                            uint64_t stop[BD_SIZE * 2], meets = 0;
                            box_stop(cell, stop);
                            for (int i = 0; i < BD_SIZE * 2; i++)
                                meets |= want.on[i / 2][i % 2] & stop[i];
                            memset(&got, 0, sizeof got);
                            got.off[bit_digit(os) - 1][cell / 64] |= (uint64_t)1
                                                                     << (cell % 64);
                            bool met = reach_links_meet(rg, linked, pot, y, x, &got, stop);
                            assert_int_equal(met, meets != 0);
                            stopped += met;
                            if (!met) {
                                assert_memory_equal(want.on, got.on, sizeof want.on);
                                assert_memory_equal(want.off, got.off, sizeof want.off);
                            }
                        }
                    }
        }
    }
    fclose(data.f);
    assert_int_equal(data.grids, 24);
    assert_true(stopped > 100);
    free(rg);
}

static void test_se_ratings(void **state)
{
    (void)state;
    FILE *f = fopen(SE_RATINGS_DATA, "r");
    assert_non_null(f);
    char line[256];
    int count = 0;
    while (data_line(f, line, sizeof line)) {
        char puzzle[82];
        double er, ep, ed;
        assert_int_equal(sscanf(line, "%81s %lf/%lf/%lf", puzzle, &er, &ep, &ed), 4);
        bd_grid grid;
        assert_true(tu_grid(puzzle, &grid));
        bd_rating rating;
        assert_int_equal(bd_rate(&grid, NULL, &rating, NULL), BD_OK);
        if (rating.rating != er || rating.pearl != ep || rating.diamond != ed)
            fail_msg("%s: SE %.1f/%.1f/%.1f, bitdoku %.1f/%.1f/%.1f", puzzle, er, ep, ed,
                     rating.rating, rating.pearl, rating.diamond);
        count++;
    }
    fclose(f);
    assert_true(count >= 50);
}

/* One step of SE's path as the data file keys it: "7.1 cell=r1c2=5
 * rem=r3c4-57;r5c5-3;" (difficulty, the placement if any, the removals). */
typedef struct path_check {
    FILE *f;
    int step;
    char want[512];
    bool failed;
} path_check;

static bool check_step(const bd_step *step, void *context)
{
    path_check *c = context;
    char got[512];
    int len = snprintf(got, sizeof got, "%.1f", step->rating);
    if (step->cell >= 0)
        len += snprintf(got + len, sizeof got - (size_t)len, " cell=r%dc%d=%d",
                        step->cell / BD_SIZE + 1, step->cell % BD_SIZE + 1, step->digit);
    len += snprintf(got + len, sizeof got - (size_t)len, " rem=");
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (!step->removed[cell])
            continue;
        len += snprintf(got + len, sizeof got - (size_t)len, "r%dc%d-", cell / BD_SIZE + 1,
                        cell % BD_SIZE + 1);
        for (int d = 1; d <= BD_SIZE; d++)
            if (step->removed[cell] & digit_bit(d))
                len += snprintf(got + len, sizeof got - (size_t)len, "%d", d);
        len += snprintf(got + len, sizeof got - (size_t)len, ";");
    }
    c->step++;
    if (!fgets(c->want, sizeof c->want, c->f)) {
        c->failed = true;
        return false;
    }
    c->want[strcspn(c->want, "\n")] = '\0';
    if (strcmp(got, c->want)) {
        print_error("step %d: SE '%s', bitdoku '%s'\n", c->step, c->want, got);
        c->failed = true;
        return false;
    }
    return true;
}

static void test_se_paths(void **state)
{
    (void)state;
    FILE *f = fopen(SE_PATHS_DATA, "r");
    assert_non_null(f);
    char line[512];
    int puzzles = 0;
    while (data_line(f, line, sizeof line)) {
        bd_grid grid;
        line[81] = '\0';
        assert_true(tu_grid(line, &grid));
        path_check c = {f, 0, "", false};
        assert_int_equal(bd_explain(&grid, NULL, check_step, &c, NULL), BD_OK);
        if (c.failed)
            fail_msg("puzzle %d (%s) leaves SE's path", puzzles + 1, line);
        assert_true(fgets(line, sizeof line, f) && !strncmp(line, "END", 3));
        puzzles++;
    }
    fclose(f);
    assert_true(puzzles >= 5);
}

/* ------------------------------------------------------------------ */
/* Soundness                                                           */

typedef struct sound {
    const bd_grid *solution;
    int steps;
} sound;

/* A bd_step_fn: no placement differs from the solution, no removal takes
 * one of its digits. */
static bool check_sound(const bd_step *step, void *context)
{
    sound *s = context;
    s->steps++;
    if (step->cell >= 0)
        assert_int_equal(step->digit, s->solution->cells[step->cell]);
    for (int cell = 0; cell < BD_CELLS; cell++)
        assert_false(step->removed[cell] & digit_bit(s->solution->cells[cell]));
    return true;
}

static void expect_sound(const bd_grid *puzzle, const bd_grid *solution)
{
    sound s = {solution, 0};
    bd_rating rating;
    assert_int_equal(bd_explain(puzzle, NULL, check_sound, &s, &rating), BD_OK);
    assert_int_equal(s.steps, rating.steps);
}

static void test_sound_on_kaggle(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof KAGGLE / sizeof KAGGLE[0]; i++) {
        bd_grid puzzle, solution;
        assert_true(tu_grid(KAGGLE[i][0], &puzzle));
        assert_true(tu_grid(KAGGLE[i][1], &solution));
        expect_sound(&puzzle, &solution);
    }
}

/* A random full grid: a few random givens that keep a solution, solved. */
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

/* A minimal puzzle cut from `full`: givens removed in a random order while
 * the puzzle keeps one solution. */
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

static void test_sound_on_minimal_puzzles(void **state)
{
    (void)state;
    uint64_t seed = 26;
    for (int i = 0; i < 150; i++) {
        bd_grid full, puzzle;
        random_grid(&seed, &full);
        minimal_puzzle(&seed, &full, &puzzle);
        expect_sound(&puzzle, &full);
    }
}

/* ------------------------------------------------------------------ */
/* The API                                                             */

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
    assert_true(rating.rating == 1.0 && rating.pearl == 1.0 && rating.diamond == 1.0);
    assert_int_equal(rating.hardest, BD_TECH_FULL_HOUSE);
    assert_string_equal(bd_technique_name(rating.hardest), "full-house");
    /* A node limit too small for the uniqueness check. */
    bd_options options = bd_options_default();
    options.max_nodes = 1;
    assert_int_equal(bd_rate(&empty, &options, &rating, NULL), BD_CUT_SHORT);
}

/* Under a node limit a rating is SE's or cut-short, never a harder step
 * taken because a cheaper producer was cut: three qqwing expert puzzles
 * that SE (serate 1.2.1.3, run here) rates 7.1, whose cycles search a
 * limit can cut before aligned triplet exclusion (7.5) would run. */
static void test_limits_never_change_the_rating(void **state)
{
    (void)state;
    static const char *const puzzles[] = {
        "2.93.8..4.6874..9..5..............4.9..2..6..5.4...9....58.2..7..2...5.........32",
        "..4.6...8...3.8...5....1...1.39..5.4..96..7........96...1..5...986.1.......84....",
        ".......6.6...2719.......3.4325......17..96....9....5.77.....9.6.5..7..21...3.....",
    };
    int cut = 0;
    for (size_t i = 0; i < sizeof puzzles / sizeof puzzles[0]; i++) {
        bd_grid puzzle;
        assert_true(tu_grid(puzzles[i], &puzzle));
        for (uint64_t limit = 1000; limit <= 64000; limit += 1000) {
            bd_options options = bd_options_default();
            options.max_nodes = limit;
            bd_rating rating;
            bd_status status = bd_rate(&puzzle, &options, &rating, NULL);
            if (status == BD_CUT_SHORT) {
                cut++;
                continue;
            }
            assert_int_equal(status, BD_OK);
            assert_true(rating.rating == 7.1);
        }
    }
    assert_true(cut > 0);   /* the limits reach the chains */
}

static void test_levels(void **state)
{
    (void)state;
    /* The level table of bitdoku.h, at both ends of each level. */
    const double at[] = {1.0, 1.2, 1.3, 1.5, 1.6, 2.5, 2.6, 6.0, 6.1, 8.9, 9.0, 20.0};
    const bd_level want[] = {BD_LEVEL_EASY, BD_LEVEL_EASY, BD_LEVEL_MEDIUM, BD_LEVEL_MEDIUM,
                             BD_LEVEL_HARD, BD_LEVEL_HARD, BD_LEVEL_FIENDISH, BD_LEVEL_FIENDISH,
                             BD_LEVEL_DIABOLICAL, BD_LEVEL_DIABOLICAL, BD_LEVEL_BEYOND,
                             BD_LEVEL_BEYOND};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        assert_int_equal(bd_level_of(at[i]), want[i]);
    assert_string_equal(bd_level_name(BD_LEVEL_FIENDISH), "fiendish");
    assert_string_equal(bd_technique_name(BD_TECH_XY_WING), "xy-wing");
    assert_string_equal(bd_technique_name(BD_TECH_DYNAMIC_PLUS), "dynamic-forcing-chains-plus");
    for (int t = 0; t < BD_TECHNIQUES; t++)
        assert_string_not_equal(bd_technique_name((bd_technique)t), "none");
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

static void test_step_records(void **state)
{
    (void)state;
    /* A turbot fish's record for a picture: its pattern and its links. */
    bd_grid puzzle;
    assert_true(tu_grid(KAGGLE[0][0], &puzzle));
    static bd_step first;
    assert_int_equal(bd_explain(&puzzle, NULL, first_step, &first, NULL), BD_OK);
    assert_true(first.cell >= 0);
    assert_true(first.pattern[first.cell] & digit_bit(first.digit));
    assert_true(first.units != 0);
    assert_int_equal(first.link_count, 0);
}

/* The one table of the set patterns, read by the 9x9 producers and those
 * of the other sizes: each technique with Sudoku Explainer's difficulty
 * (its NakedSet, HiddenSet and Fisherman hints: 3.0/3.6/5.0, 3.4/4.0/5.4,
 * 3.2/3.8/5.2). */
static void test_set_table(void **state)
{
    (void)state;
    static const struct {
        set_pattern pattern;
        int degree;
        bd_technique technique;
        const char *name;
        double difficulty;
    } expected[] = {
        {SET_NAKED, 2, BD_TECH_NAKED_PAIR, "naked-pair", 3.0},
        {SET_NAKED, 3, BD_TECH_NAKED_TRIPLE, "naked-triplet", 3.6},
        {SET_NAKED, 4, BD_TECH_NAKED_QUAD, "naked-quad", 5.0},
        {SET_HIDDEN, 2, BD_TECH_HIDDEN_PAIR, "hidden-pair", 3.4},
        {SET_HIDDEN, 3, BD_TECH_HIDDEN_TRIPLE, "hidden-triplet", 4.0},
        {SET_HIDDEN, 4, BD_TECH_HIDDEN_QUAD, "hidden-quad", 5.4},
        {SET_FISH, 2, BD_TECH_X_WING, "x-wing", 3.2},
        {SET_FISH, 3, BD_TECH_SWORDFISH, "swordfish", 3.8},
        {SET_FISH, 4, BD_TECH_JELLYFISH, "jellyfish", 5.2},
    };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        bd_technique tech = set_technique(expected[i].pattern, expected[i].degree);
        assert_int_equal(tech, expected[i].technique);
        assert_string_equal(bd_technique_name(tech), expected[i].name);
        assert_true(set_difficulty(expected[i].pattern, expected[i].degree) ==
                    expected[i].difficulty);
    }
}

/* bdi_tight_sets against every nine-bit set in increasing order, the
 * order of SE's combinations (the sets of `degree` members, each with two
 * to `degree` bits, whose union has `degree` bits), on pseudo-random masks
 * of few bits (so that sets are found) and on masks crafted so that one
 * member cuts many sets. */
static void test_tight_sets(void **state)
{
    (void)state;
    uint32_t seed = 12345;
    for (int round = 0; round < 3000; round++) {
        uint16_t masks[BD_SIZE];
        for (int i = 0; i < BD_SIZE; i++) {
            unsigned mask = 0;
            int bits = round % 4 == 0 ? 2 : 1 + (int)(seed >> 28) % 4;
            for (int b = 0; b < bits; b++) {
                seed = seed * 1103515245u + 12345u;
                mask |= 1u << (seed >> 16) % (unsigned)(round % 3 == 0 ? 4 : BD_SIZE);
            }
            masks[i] = (uint16_t)mask;
        }
        for (int degree = SET_DEGREE_MIN; degree <= SET_DEGREE_MAX; degree++) {
            unsigned want[TIGHT_SETS_MAX], got[TIGHT_SETS_MAX];
            int wanted = 0;
            for (unsigned set = 1; set < 1u << BD_SIZE; set++) {
                if (bit_count(set) != degree)
                    continue;
                unsigned uni = 0;
                bool ok = true;
                for (int i = 0; i < BD_SIZE; i++)
                    if (set >> i & 1u) {
                        int n = bit_count(masks[i]);
                        ok = ok && n >= 2 && n <= degree;
                        uni |= masks[i];
                    }
                if (ok && bit_count(uni) == degree)
                    want[wanted++] = set;
            }
            int count = bdi_tight_sets(masks, degree, got);
            assert_int_equal(count, wanted);
            for (int i = 0; i < count; i++)
                assert_int_equal(got[i], want[i]);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_house),
        cmocka_unit_test(test_hidden_single_box),
        cmocka_unit_test(test_hidden_single_line),
        cmocka_unit_test(test_naked_single),
        cmocka_unit_test(test_direct_pointing),
        cmocka_unit_test(test_direct_hidden_pair),
        cmocka_unit_test(test_direct_hidden_triplet),
        cmocka_unit_test(test_pointing_and_claiming),
        cmocka_unit_test(test_naked_sets),
        cmocka_unit_test(test_hidden_sets),
        cmocka_unit_test(test_sets_memo),
        cmocka_unit_test(test_fish),
        cmocka_unit_test(test_wings),
        cmocka_unit_test(test_unique_rectangles),
        cmocka_unit_test(test_unique_loop_through_first_start),
        cmocka_unit_test(test_unique_loop_earlier_start_late),
        cmocka_unit_test(test_unique_loop_walk),
        cmocka_unit_test(test_unique_loop_memo),
        cmocka_unit_test(test_aligned_pair_exclusion),
        cmocka_unit_test(test_chains),
        cmocka_unit_test(test_reach),
        cmocka_unit_test(test_reach_grid_rules),
        cmocka_unit_test(test_reach_grid_remake),
        cmocka_unit_test(test_cycles_reach_rows),
        cmocka_unit_test(test_cycles_closure_on),
        cmocka_unit_test(test_cycles_both_closure),
        cmocka_unit_test(test_cycles_nested_struck),
        cmocka_unit_test(test_cycles_both_closure_kept),
        cmocka_unit_test(test_nested_cycles_table),
        cmocka_unit_test(test_nested_memo_parents),
        cmocka_unit_test(test_nested_memo_simple),
        cmocka_unit_test(test_nested_static_skip),
        cmocka_unit_test(test_nested_none_cover),
        cmocka_unit_test(test_nested_memo_forcing),
        cmocka_unit_test(test_chint_repeats_dropped),
        cmocka_unit_test(test_nested_cycles_both_tests),
        cmocka_unit_test(test_reach_links_linked),
        cmocka_unit_test(test_reach_links_by),
        cmocka_unit_test(test_fish_order),
        cmocka_unit_test(test_locking_order),
        cmocka_unit_test(test_each_filters),
        cmocka_unit_test(test_aligned_exclusion_reference),
        cmocka_unit_test(test_aligned_exclusion_record),
        cmocka_unit_test(test_ancestor_first_met),
        cmocka_unit_test(test_ancestor_stamps_wrap),
        cmocka_unit_test(test_ancestor_upto),
        cmocka_unit_test(test_se_ratings),
        cmocka_unit_test(test_se_paths),
        cmocka_unit_test(test_statuses),
        cmocka_unit_test(test_levels),
        cmocka_unit_test(test_limits_never_change_the_rating),
        cmocka_unit_test(test_explain_stops),
        cmocka_unit_test(test_marks),
        cmocka_unit_test(test_step_records),
        cmocka_unit_test(test_set_table),
        cmocka_unit_test(test_tight_sets),
        cmocka_unit_test(test_sound_on_kaggle),
        cmocka_unit_test(test_sound_on_minimal_puzzles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
