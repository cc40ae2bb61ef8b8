/* test_symmetry.c - the symmetry orders of symmetry.c: the orders worked
 * out by hand for a few puzzles, and, on random puzzles that some of the
 * moves leave unchanged, the property the search relies on: of every orbit
 * of completions exactly one obeys all the orders. The moves and the group
 * they leave a puzzle in are recomputed here from their definition. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "bitdoku.h"
#include "core/units.h"
#include "target/target.h"
#include "testutil.h"

enum { MOVES = 16 };   /* bit 0: rows 3/5, 1: outer bands, 2: columns 3/5, 3: outer stacks */

/* Where line i goes: 3 <-> 5 with `middle`, i <-> 8 - i outside the middle
 * band with `outer`. */
static int line_to(int i, bool middle, bool outer)
{
    bool in_middle = i >= 3 && i <= 5;
    if ((middle && in_middle && i != 4) || (outer && !in_middle))
        return 8 - i;
    return i;
}

/* grid under move g, into out. */
static void moved(const bd_grid *grid, unsigned g, bd_grid *out)
{
    for (int r = 0; r < BD_SIZE; r++)
        for (int c = 0; c < BD_SIZE; c++)
            out->cells[line_to(r, g & 1u, g & 2u) * BD_SIZE + line_to(c, g & 4u, g & 8u)] =
                grid->cells[r * BD_SIZE + c];
}

static bool same(const bd_grid *a, const bd_grid *b)
{
    return memcmp(a->cells, b->cells, BD_CELLS) == 0;
}

/* Every move keeps every cell's weight (the premise of the orders). */
static void test_moves_keep_weights(void **state)
{
    (void)state;
    for (unsigned g = 0; g < MOVES; g++) {
        bd_grid weights, out;
        for (int cell = 0; cell < BD_CELLS; cell++)
            weights.cells[cell] = (uint8_t)bd_weight(cell);
        moved(&weights, g, &out);
        assert_true(same(&weights, &out));
    }
}

static void expect_orders(const char *text, int count, const uint8_t expected[][2])
{
    bd_grid puzzle;
    assert_true(tu_grid(text, &puzzle));
    uint8_t orders[4][2];
    assert_int_equal(bdi_symmetry_orders(&puzzle, orders), count);
    for (int i = 0; i < count; i++) {
        assert_int_equal(orders[i][0], expected[i][0]);
        assert_int_equal(orders[i][1], expected[i][1]);
    }
}

/* The empty grid: all 16 moves, an order for each involution: (3,4) <
 * (5,4), (0,4) < (8,4), (4,3) < (4,5), (4,0) < (4,8). A given in the
 * corner keeps only the moves of rows 3/5 and columns 3/5. Givens 1 at
 * (0,3) and (8,5): kept by rows 3/5, by the outer stacks, and by the outer
 * bands together with columns 3/5 (bits 1 and 2, whose pivot is bit 1).
 * A given at (3,0): kept by the outer bands and columns 3/5. Givens at
 * (0,0) and (3,3): by no move. */
static void test_orders_by_hand(void **state)
{
    (void)state;
    const uint8_t all[4][2] = {{31, 49}, {4, 76}, {39, 41}, {36, 44}};
    expect_orders(".................................................................................", 4, all);
    const uint8_t corner[2][2] = {{31, 49}, {39, 41}};
    expect_orders("1................................................................................", 2, corner);
    const uint8_t pair[3][2] = {{31, 49}, {4, 76}, {36, 44}};
    expect_orders("...1.........................................................................1...", 3, pair);
    const uint8_t row3[2][2] = {{4, 76}, {39, 41}};
    expect_orders("...........................7.....................................................", 2, row3);
    expect_orders("1.............................2..................................................", 0, NULL);
}

/* The group of the moves that leave `puzzle` unchanged, as a list. */
static int kept_moves(const bd_grid *puzzle, unsigned kept[MOVES])
{
    int n = 0;
    for (unsigned g = 0; g < MOVES; g++) {
        bd_grid out;
        moved(puzzle, g, &out);
        if (same(puzzle, &out))
            kept[n++] = g;
    }
    return n;
}

/* Random full grids, cleared on rows, columns and bands so that some
 * moves keep the puzzle (then random other cells that those moves keep):
 * for the full grid and each of its images under the kept moves (all
 * completions of the puzzle, one orbit), exactly one obeys every order. */
static void test_one_per_orbit(void **state)
{
    (void)state;
    uint64_t seed = 35;
    int symmetric = 0;
    for (int round = 0; round < 400; round++) {
        bd_grid full, puzzle;
        tu_random_full(&seed, &full);
        unsigned want = (unsigned)tu_below(&seed, MOVES);
        puzzle = full;
        for (int cell = 0; cell < BD_CELLS; cell++) {
            int r = row_of(cell), c = col_of(cell);
            bool stays = line_to(r, want & 1u, want & 2u) == r && line_to(c, want & 4u, want & 8u) == c;
            if (!stays || tu_below(&seed, 4) == 0)
                puzzle.cells[cell] = 0;
        }
        unsigned kept[MOVES];
        int n = kept_moves(&puzzle, kept);
        uint8_t orders[4][2];
        int count = bdi_symmetry_orders(&puzzle, orders);
        assert_int_equal(1 << count, n);   /* one order per involution of the group */
        symmetric += n > 1;
        int obeying = 0;
        for (int i = 0; i < n; i++) {
            bd_grid image;
            moved(&full, kept[i], &image);
            assert_true(bd_is_solution_of(&puzzle, &image));
            assert_int_equal(bd_score(&image), bd_score(&full));
            bool obeys = true;
            for (int k = 0; k < count; k++)
                obeys &= image.cells[orders[k][0]] < image.cells[orders[k][1]];
            obeying += obeys;
        }
        assert_int_equal(obeying, 1);
    }
    assert_true(symmetric > 300);
}

/* The orders as algebra, for any group of moves, also those no valid
 * puzzle has (e.g. generated by the full row reflection and by outer bands
 * with columns 3/5, which needs the orders' reduced basis): patterns of
 * givens kept by two random moves (clashing or not; the orders' cells left
 * blank), and for random full grids X, exactly one of X's images under the
 * kept moves obeys all the orders. */
static void test_orders_any_group(void **state)
{
    (void)state;
    const int order_cells[8] = {31, 49, 4, 76, 39, 41, 36, 44};
    uint64_t seed = 53;
    for (int round = 0; round < 300; round++) {
        unsigned g1 = (unsigned)tu_below(&seed, MOVES), g2 = (unsigned)tu_below(&seed, MOVES);
        const unsigned group[4] = {0, g1, g2, g1 ^ g2};
        bd_grid puzzle, one;
        memset(&puzzle, 0, sizeof puzzle);
        for (int tries = 0; tries < 6; tries++) {
            int cell = tu_below(&seed, BD_CELLS);
            memset(&one, 0, sizeof one);
            one.cells[cell] = 1;
            bool clear = true;
            for (int i = 0; i < 4; i++) {
                bd_grid image;
                moved(&one, group[i], &image);
                for (int k = 0; k < 8; k++)
                    clear &= image.cells[order_cells[k]] == 0;
            }
            uint8_t digit = (uint8_t)(1 + tu_below(&seed, BD_SIZE));
            for (int i = 0; i < 4 && clear; i++) {
                bd_grid image;
                moved(&one, group[i], &image);
                for (int c = 0; c < BD_CELLS; c++)
                    if (image.cells[c])
                        puzzle.cells[c] = digit;
            }
        }
        unsigned kept[MOVES];
        int n = kept_moves(&puzzle, kept);
        uint8_t orders[4][2];
        int count = bdi_symmetry_orders(&puzzle, orders);
        assert_int_equal(1 << count, n);
        bd_grid full;
        tu_random_full(&seed, &full);
        int obeying = 0;
        for (int i = 0; i < n; i++) {
            bd_grid image;
            moved(&full, kept[i], &image);
            bool obeys = true;
            for (int k = 0; k < count; k++)
                obeys &= image.cells[orders[k][0]] < image.cells[orders[k][1]];
            obeying += obeys;
        }
        assert_int_equal(obeying, 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves_keep_weights),
        cmocka_unit_test(test_orders_by_hand),
        cmocka_unit_test(test_one_per_orbit),
        cmocka_unit_test(test_orders_any_group),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
