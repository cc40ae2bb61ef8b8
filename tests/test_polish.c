/* test_polish.c - the digit-swap local search of polish.c: on random
 * grids and puzzles, the result completes the puzzle, scores no less, and
 * no single trade of a swap class improves it; the classes are found here
 * by a flood fill over the cells of the two digits (not the union-find of
 * polish.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "bitdoku.h"
#include "internal.h"
#include "testutil.h"

static bool share_unit(int x, int y)
{
    return row_of(x) == row_of(y) || col_of(x) == col_of(y) || box_of(x) == box_of(y);
}

/* The best gain of trading digits a < b in one class free of givens. */
static int best_trade(const bd_grid *puzzle, const bd_grid *grid, int a, int b)
{
    bool seen[BD_CELLS] = {false};
    int best = 0;
    for (int start = 0; start < BD_CELLS; start++) {
        if (grid->cells[start] != a || seen[start])
            continue;
        int stack[BD_CELLS], top = 0, gain = 0;
        bool given = false;
        stack[top++] = start;
        seen[start] = true;
        while (top > 0) {
            int cell = stack[--top];
            gain += (grid->cells[cell] == a ? 1 : -1) * (b - a) * bd_weight(cell);
            given |= puzzle->cells[cell] != 0;
            for (int other = 0; other < BD_CELLS; other++) {
                int d = grid->cells[other];
                if (!seen[other] && (d == a || d == b) && d != grid->cells[cell]
                    && share_unit(cell, other)) {
                    seen[other] = true;
                    stack[top++] = other;
                }
            }
        }
        if (!given && gain > best)
            best = gain;
    }
    return best;
}

static void test_random_grids(void **state)
{
    (void)state;
    uint64_t seed = 1074;
    uint8_t weight[BD_CELLS];
    for (int cell = 0; cell < BD_CELLS; cell++)
        weight[cell] = (uint8_t)bd_weight(cell);
    int improved = 0;
    for (int round = 0; round < 300; round++) {
        bd_grid full, puzzle;
        tu_random_full(&seed, &full);
        memset(&puzzle, 0, sizeof puzzle);
        for (int cell = 0; cell < BD_CELLS && round % 2; cell++)   /* givens: a third */
            if (tu_below(&seed, 3) == 0)
                puzzle.cells[cell] = full.cells[cell];
        int before = bd_score(&full);
        bdi_polish(&puzzle, weight, full.cells);
        assert_true(bd_is_solution_of(&puzzle, &full));
        assert_true(bd_score(&full) >= before);
        improved += bd_score(&full) > before;
        for (int a = 1; a < BD_SIZE; a++)
            for (int b = a + 1; b <= BD_SIZE; b++)
                assert_int_equal(best_trade(&puzzle, &full, a, b), 0);
    }
    assert_true(improved > 200);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_grids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
