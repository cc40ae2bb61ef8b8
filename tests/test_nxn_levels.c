/* test_nxn_levels.c - the memory of the bit-parallel N x N engine's deep
 * searches (src/nxn/fast/fast.h): a search level on 32- and 64-bit words holds
 * its state's four 8-byte fields and N * N + 5 N words alone (from 20 x
 * 20 up the last 3 N are each digit's placed columns and boxes and each
 * row's cells with two candidates at the last naked pairs' search), the
 * hidden-pair sets and keys kept from 25 x 25 up being held once for the
 * whole search, then its guess (values worked out by hand below); and
 * blank boards of 30 x 30 to 64 x 64, a search of one level a guess
 * (about a thousand to four thousand deep), solved into grids that a
 * checker written here finds valid. CTest runs this with a stack of
 * 256 kB (tests/CMakeLists.txt): the search's levels are on the heap and
 * its loop's C stack does not grow with the depth. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "bitdoku.h"
#include "nxn/nxn.h"

/* A level's bytes: its state, 32 (dirty, touched, stale, the open count) plus
 * (N * N + 5 N) words of 4 or 8 bytes, rounded up to 8; then its guess,
 * 24 (the digits left, the trail's mark, the cell's row and column). */
static void test_level_bytes(void **state)
{
    (void)state;
    assert_int_equal(nxn_fast32_level_bytes(25), 3056);   /* 32 + 750 * 4 + 24 */
    assert_int_equal(nxn_fast32_level_bytes(30), 4256);   /* 32 + 1050 * 4 + 24 */
    assert_int_equal(nxn_fast32_level_bytes(32), 4792);   /* 32 + 1184 * 4 + 24 */
    assert_int_equal(nxn_fast64_level_bytes(36), 11864);  /* 32 + 1476 * 8 + 24 */
    assert_int_equal(nxn_fast64_level_bytes(49), 21224);  /* 32 + 2646 * 8 + 24 */
    assert_int_equal(nxn_fast64_level_bytes(64), 35384);  /* 32 + 4416 * 8 + 24 */
}

/* Whether `grid` (N x N, boxes of R x C) holds every value 1..N once in
 * each row, column and box. */
static bool valid_grid(const bd_board *grid)
{
    int n = grid->size, r_box = grid->box_rows, c_box = grid->box_cols;
    for (int unit = 0; unit < 3 * n; unit++) {
        bool seen[BD_BOARD_MAX + 1] = {false};
        for (int i = 0; i < n; i++) {
            int u = unit % n, r, c;
            if (unit < n) {
                r = u;
                c = i;
            } else if (unit < 2 * n) {
                r = i;
                c = u;
            } else {
                r = u / r_box * r_box + i / c_box;
                c = u % r_box * c_box + i % c_box;
            }
            int v = grid->cells[r * n + c];
            if (v < 1 || v > n || seen[v])
                return false;
            seen[v] = true;
        }
    }
    return true;
}

/* Blank boards solved by the bit-parallel engine (its first solution). */
static void test_blank_boards(void **state)
{
    (void)state;
    static const int SHAPES[][2] = {{5, 6}, {6, 6}, {7, 7}, {8, 8}};
    for (size_t i = 0; i < sizeof SHAPES / sizeof SHAPES[0]; i++) {
        bd_board blank, solution;
        assert_int_equal(bd_board_init(&blank, SHAPES[i][0], SHAPES[i][1]), BD_OK);
        solution = blank;
        nxn_task task = {.puzzle = &blank};
        nxn_visitor visitor;
        nxn_visitor_init(&visitor, NXN_FIRST, 1, &solution);
        bd_options options = bd_options_default();
        bd_stats stats;
        memset(&stats, 0, sizeof stats);
        assert_int_equal(nxn_fast(&task, &options, &visitor, &stats), NXN_RAN);
        assert_int_equal(visitor.count, 1);
        assert_true(valid_grid(&solution));
        /* a deep search: at least a guess for every row */
        assert_true(stats.guesses >= (uint64_t)blank.size);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level_bytes),
        cmocka_unit_test(test_blank_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
