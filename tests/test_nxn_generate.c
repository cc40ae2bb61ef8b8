/* test_nxn_generate.c - the unavoidable sets the N x N generator proves
 * givens needed with (src/nxn/unavoidable.c): the sets of a 4 x 4 grid
 * worked out by hand; every set read off full grids of 6 x 6, 9 x 9 and
 * 16 x 16 unavoidable by Dancing Links (the grid with the set blank has a
 * second solution); the sets on three digits against a brute force on
 * 6 x 6 grids, and unavoidable on 9 x 9, 20 x 20 and 25 x 25 grids; the
 * store's bare test and its bound; and generated
 * minimal puzzles in which a set decides that a given is needed, each
 * such given confirmed needed by a Dancing Links count; and the engine's
 * failure weights carried from search to search (counts against Dancing
 * Links). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "bitdoku.h"
#include "nxn/unavoidable.h"

/* The solutions of `b` counted by Dancing Links, up to `limit`. */
static uint64_t dlx_count(const bd_board *b, uint64_t limit)
{
    bd_options options = bd_options_default();
    options.engine = BD_ENGINE_DLX;
    uint64_t count = 0;
    assert_int_equal(bd_board_count(b, limit, &options, &count, NULL), BD_OK);
    return count;
}

/* Whether cell `cell` is in set k of `sets`. */
static bool in_set(const nxn_usets *sets, int k, int cell)
{
    return sets->bits[(size_t)k * (size_t)sets->words + (size_t)(cell / 64)] >> (cell % 64) & 1u;
}

/* Whether `sets` holds exactly the set of the `count` cells `cells` on a
 * board of `total` cells. */
static bool holds(const nxn_usets *sets, int total, const int *cells, int count)
{
    for (int k = 0; k < sets->count; k++) {
        int size = 0;
        bool all = true;
        for (int cell = 0; cell < total; cell++)
            size += in_set(sets, k, cell);
        for (int i = 0; i < count; i++)
            all = all && in_set(sets, k, cells[i]);
        if (all && size == count)
            return true;
    }
    return false;
}

/* A 4 x 4 grid and sets found by hand: rows 0 and 1 (one band) hold 1 2 3 4
 * and 3 4 1 2, so columns 0 and 2 form a cycle (1 over 3, 3 over 1), and
 * so do columns 1 and 3; the 1s and 2s of rows 0 and 2 (cells 0, 1, 8, 9)
 * form a component of the pair 1, 2 (swapping them gives 2 1 3 4 / 1 2 4 3,
 * a valid grid again). */
static void test_hand_sets(void **state)
{
    (void)state;
    static const uint8_t GRID[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
    bd_board grid;
    assert_int_equal(bd_board_init(&grid, 2, 2), BD_OK);
    memcpy(grid.cells, GRID, sizeof GRID);
    nxn_usets sets;
    nxn_usets_init(&sets, 16);
    assert_true(nxn_usets_add_grid(&sets, &grid));
    static const int ROWS_A[] = {0, 2, 4, 6}, ROWS_B[] = {1, 3, 5, 7}, PAIR[] = {0, 1, 8, 9};
    assert_true(holds(&sets, 16, ROWS_A, 4));
    assert_true(holds(&sets, 16, ROWS_B, 4));
    assert_true(holds(&sets, 16, PAIR, 4));
    /* Givens everywhere but cells 0, 2, 4, 6: the first set is bare. */
    uint64_t givens = 0xFFFF & ~(UINT64_C(1) << 0 | UINT64_C(1) << 2 | UINT64_C(1) << 4
                                 | UINT64_C(1) << 6);
    /* Only a set holding the cell asked about counts: cell 0 is in the
     * bare set; every set holding cell 1 has a given (cell 1 itself). */
    assert_true(nxn_usets_any_bare_at(&sets, &givens, 0));
    assert_false(nxn_usets_any_bare_at(&sets, &givens, 1));
    nxn_usets_free(&sets);
}

/* The cells where two grids differ, the bare test, and the bound on the
 * sets kept. */
static void test_store(void **state)
{
    (void)state;
    bd_board a, b;
    assert_int_equal(bd_board_init(&a, 2, 2), BD_OK);
    assert_int_equal(bd_board_init(&b, 2, 2), BD_OK);
    static const uint8_t GRID[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
    memcpy(a.cells, GRID, sizeof GRID);
    memcpy(b.cells, GRID, sizeof GRID);
    nxn_usets sets;
    nxn_usets_init(&sets, 16);
    assert_true(nxn_usets_add_difference(&sets, &a, &b));
    assert_int_equal(sets.count, 0);    /* equal grids: no set */
    b.cells[5] = 2;
    b.cells[7] = 4;
    b.cells[13] = 1;
    b.cells[15] = 3;
    assert_true(nxn_usets_add_difference(&sets, &a, &b));
    assert_int_equal(sets.count, 1);
    static const int CELLS[] = {5, 7, 13, 15};
    assert_true(holds(&sets, 16, CELLS, 4));
    uint64_t givens = UINT64_C(1) << 7;     /* one cell of the set given */
    assert_false(nxn_usets_any_bare_at(&sets, &givens, 5));
    givens = 0xFFFF & ~(UINT64_C(1) << 5 | UINT64_C(1) << 7 | UINT64_C(1) << 13
                        | UINT64_C(1) << 15);
    assert_true(nxn_usets_any_bare_at(&sets, &givens, 13));
    assert_false(nxn_usets_any_bare_at(&sets, &givens, 6));  /* not in the set */
    nxn_usets_clear(&sets);
    assert_false(nxn_usets_any_bare_at(&sets, &givens, 13));
    uint64_t one = 1;
    for (int i = 0; i < NXN_USETS_MAX + 5; i++)
        assert_true(nxn_usets_add(&sets, &one));
    assert_int_equal(sets.count, NXN_USETS_MAX);
    nxn_usets_free(&sets);
    assert_int_equal(sets.count, 0);
}

/* Every set read off full grids of 2 x 3, 3 x 3 and 4 x 4 boxes (the
 * solutions of generated puzzles) is unavoidable: with its cells blank,
 * the grid has a second solution, counted by Dancing Links. */
static void test_grid_sets_unavoidable(void **state)
{
    (void)state;
    static const int SHAPES[][2] = {{2, 3}, {3, 3}, {4, 4}};
    for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++) {
        int r = SHAPES[s][0], c = SHAPES[s][1], cells = r * c * r * c;
        bd_generate_options options = bd_board_generate_defaults(r, c);
        bd_board puzzle, grid;
        assert_int_equal(bd_board_generate(11, 0, r, c, &options, &puzzle, &grid, NULL), BD_OK);
        nxn_usets sets;
        nxn_usets_init(&sets, cells);
        assert_true(nxn_usets_add_grid(&sets, &grid));
        assert_true(sets.count >= 2 * r * c);   /* a pair of values has one set or more */
        for (int k = 0; k < sets.count; k++) {
            bd_board blanked = grid;
            for (int cell = 0; cell < cells; cell++)
                if (in_set(&sets, k, cell))
                    blanked.cells[cell] = 0;
            assert_int_equal(dlx_count(&blanked, 2), 2);
        }
        nxn_usets_free(&sets);
    }
}

/* True when some set of `sets` has no cell in `givens`: some set holding
 * some cell is bare. */
static bool any_bare(const nxn_usets *sets, const uint64_t *givens, int cells)
{
    for (int cell = 0; cell < cells; cell++)
        if (nxn_usets_any_bare_at(sets, givens, cell))
            return true;
    return false;
}

/* Generated minimal puzzles (unique by Dancing Links; 6x6, 9x9 and 12x12, whose
 * counts stay fast) in which the sets of
 * their grid decide that givens are needed: each given whose removal
 * leaves a set bare has a second solution without it, by Dancing Links;
 * and on each size some given is decided so. */
static void test_sets_decide(void **state)
{
    (void)state;
    static const int SHAPES[][2] = {{2, 3}, {3, 3}, {3, 4}};
    for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++) {
        int r = SHAPES[s][0], c = SHAPES[s][1], cells = r * c * r * c, decided = 0;
        bd_generate_options options = bd_board_generate_defaults(r, c);
        for (uint64_t index = 0; index < 3; index++) {
            bd_board puzzle, grid;
            bd_generate_stats stats;
            assert_int_equal(bd_board_generate(5, index, r, c, &options, &puzzle, &grid, &stats),
                             BD_OK);
            assert_int_equal(stats.unproved, 0);
            assert_int_equal(dlx_count(&puzzle, 2), 1);
            nxn_usets sets;
            nxn_usets_init(&sets, cells);
            assert_true(nxn_usets_add_grid(&sets, &grid));
            uint64_t givens[NXN_CELL_WORDS] = {0};
            for (int cell = 0; cell < cells; cell++)
                if (puzzle.cells[cell])
                    givens[cell / 64] |= UINT64_C(1) << (cell % 64);
            assert_false(any_bare(&sets, givens, cells));    /* unique */
            for (int cell = 0; cell < cells; cell++) {
                if (!puzzle.cells[cell])
                    continue;
                givens[cell / 64] &= ~(UINT64_C(1) << (cell % 64));
                if (any_bare(&sets, givens, cells)) {
                    bd_board without = puzzle;
                    without.cells[cell] = 0;
                    assert_int_equal(dlx_count(&without, 2), 2);
                    decided++;
                }
                givens[cell / 64] |= UINT64_C(1) << (cell % 64);
            }
            nxn_usets_free(&sets);
        }
        assert_true(decided > 0);
    }
}

/* The difference sets of the other arrangements of digits a, b, c of a
 * full 6 x 6 grid (2 x 3 boxes), found by brute force: every row's three
 * cells holding them given each of the 6 orders, rows one after the
 * other, keeping those whose columns and boxes hold each digit once. A
 * set is kept (as a mask of the 36 cells, once) when it moves all three
 * digits and has at most `max_cells` cells. Returns the new count. */
static int brute_arrangements(const bd_board *grid, const int digit[3], int max_cells,
                              uint64_t *found, int count)
{
    static const int ORDERS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int where[6][3];    /* the column of digit j in row r */
    for (int r = 0; r < 6; r++)
        for (int col = 0; col < 6; col++)
            for (int j = 0; j < 3; j++)
                if (grid->cells[r * 6 + col] == digit[j])
                    where[r][j] = col;
    for (int code = 0; code < 6 * 6 * 6 * 6 * 6 * 6; code++) {
        int value[36] = {0}, rest = code;
        bool fine = true;
        for (int r = 0; r < 6; r++, rest /= 6)
            for (int j = 0; j < 3; j++)
                value[r * 6 + where[r][j]] = digit[ORDERS[rest % 6][j]];
        for (int col = 0; col < 6 && fine; col++)
            for (int r = 0; r < 6; r++)
                for (int r2 = r + 1; r2 < 6; r2++)
                    fine = fine && !(value[r * 6 + col] && value[r * 6 + col] == value[r2 * 6 + col]);
        for (int cell = 0; cell < 36 && fine; cell++)
            for (int other = cell + 1; other < 36; other++)
                if (value[cell] && value[cell] == value[other] && cell / 12 == other / 12
                    && cell % 6 / 3 == other % 6 / 3)
                    fine = false;   /* the same box: rows r / 2, columns c / 3 */
        if (!fine)
            continue;
        uint64_t set = 0;
        int moved = 0, size = 0;
        for (int cell = 0; cell < 36; cell++)
            if (value[cell] && value[cell] != grid->cells[cell]) {
                set |= UINT64_C(1) << cell;
                size++;
                for (int j = 0; j < 3; j++)
                    moved |= (grid->cells[cell] == digit[j]) << j;
            }
        bool known = false;
        for (int i = 0; i < count; i++)
            known = known || found[i] == set;
        if (size > 0 && size <= max_cells && moved == 7 && !known)
            found[count++] = set;
    }
    return count;
}

/* The sets on three digits of 6 x 6 grids are exactly those found by
 * brute force (brute_arrangements), when the search may spend what it
 * needs; with small bounds, each set kept is still one of them. */
static void test_digit_sets_brute(void **state)
{
    (void)state;
    static const int MAX_CELLS[] = {8, 18};
    for (uint64_t index = 0; index < 3; index++) {
        bd_generate_options options = bd_board_generate_defaults(2, 3);
        bd_board puzzle, grid;
        assert_int_equal(bd_board_generate(7, index, 2, 3, &options, &puzzle, &grid, NULL),
                         BD_OK);
        for (size_t m = 0; m < sizeof MAX_CELLS / sizeof MAX_CELLS[0]; m++) {
            static uint64_t expected[4096];
            int count = 0;
            int digit[3];
            for (digit[0] = 1; digit[0] <= 6; digit[0]++)
                for (digit[1] = digit[0] + 1; digit[1] <= 6; digit[1]++)
                    for (digit[2] = digit[1] + 1; digit[2] <= 6; digit[2]++)
                        count = brute_arrangements(&grid, digit, MAX_CELLS[m], expected, count);
            assert_true(count > 0);
            for (int bounded = 0; bounded < 2; bounded++) {
                nxn_usets sets;
                nxn_usets_init(&sets, 36);
                assert_true(nxn_usets_add_digit_sets(&sets, &grid, 3, MAX_CELLS[m],
                                                     bounded ? 4 : UINT64_MAX,
                                                     bounded ? 3 : UINT64_MAX));
                int distinct = 0;
                for (int k = 0; k < sets.count; k++) {
                    bool listed = false, earlier = false;
                    for (int i = 0; i < count; i++)
                        listed = listed || expected[i] == sets.bits[k];
                    for (int j = 0; j < k; j++)
                        earlier = earlier || sets.bits[j] == sets.bits[k];
                    assert_true(listed);
                    distinct += !earlier;
                }
                if (!bounded)
                    assert_int_equal(distinct, count);
                else
                    assert_true(distinct < count);
                nxn_usets_free(&sets);
            }
        }
    }
}

/* Every set on three digits of full grids of 3 x 3, 4 x 5 and 5 x 5
 * boxes is unavoidable (with its cells blank the grid has a second
 * solution, by Dancing Links on 9 x 9, by the bit-parallel engine on the
 * others, the rest of the grid fixing most cells), holds three values,
 * and has at most the cells asked for. */
static void test_digit_sets_unavoidable(void **state)
{
    (void)state;
    static const int SHAPES[][2] = {{3, 3}, {4, 5}, {5, 5}};
    for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++) {
        int r = SHAPES[s][0], c = SHAPES[s][1], cells = r * c * r * c;
        bd_generate_options options = bd_board_generate_defaults(r, c);
        options.minimal = false;
        options.min_givens = cells;     /* the full grid: no search */
        bd_board puzzle, grid;
        assert_int_equal(bd_board_generate(3, 0, r, c, &options, &puzzle, &grid, NULL), BD_OK);
        nxn_usets sets;
        nxn_usets_init(&sets, cells);
        assert_true(nxn_usets_add_digit_sets(&sets, &grid, 3, 12, 32, 16));
        assert_true(sets.count > 0);
        for (int k = 0; k < sets.count; k += s == 0 ? 1 : 7) {
            bd_board blanked = grid;
            int size = 0;
            uint64_t values = 0;
            for (int cell = 0; cell < cells; cell++)
                if (in_set(&sets, k, cell)) {
                    values |= UINT64_C(1) << grid.cells[cell];
                    blanked.cells[cell] = 0;
                    size++;
                }
            assert_true(size >= 4 && size <= 12);
            int distinct_values = 0;
            for (; values; values &= values - 1u)
                distinct_values++;
            assert_int_equal(distinct_values, 3);
            if (s == 0) {
                assert_int_equal(dlx_count(&blanked, 2), 2);
            } else {
                uint64_t count = 0;
                assert_int_equal(bd_board_count(&blanked, 2, NULL, &count, NULL), BD_OK);
                assert_int_equal(count, 2);
            }
        }
        nxn_usets_free(&sets);
    }
}

/* The engine's failure weights carried from search to search (the
 * nxn_task's weights, as the generator carries them from check to check
 * of a 25 x 25 try): counts of 16 x 16 puzzles (a generated full grid,
 * never solved by the tested search, with about 60% of its cells blank
 * in patterns that differ by puzzle) up to 2 stay those of Dancing
 * Links; the weights are written back (blamed grows) and read (some
 * search takes other nodes than the same search from zero weights). */
static void test_carried_weights(void **state)
{
    (void)state;
    bd_generate_options options = bd_board_generate_defaults(4, 4);
    options.minimal = false;
    options.min_givens = 256;   /* the full grid: no search */
    bd_board grid;
    assert_int_equal(bd_board_generate(7, 0, 4, 4, &options, &grid, NULL, NULL), BD_OK);
    nxn_weights carried;
    memset(&carried, 0, sizeof carried);
    int nodes_differ = 0;
    for (int k = 0; k < 12; k++) {
        bd_board puzzle = grid;
        for (int cell = 0; cell < 256; cell++)
            if ((cell * 37 + k * 11) % 100 < 62 - k)
                puzzle.cells[cell] = 0;
        uint64_t nodes[2], counts[2];
        for (int with = 0; with < 2; with++) {
            nxn_weights zero;
            memset(&zero, 0, sizeof zero);
            nxn_task task = {.puzzle = &puzzle, .weights = with ? &carried : &zero};
            nxn_visitor visitor;
            nxn_visitor_init(&visitor, NXN_COUNT, 2, NULL);
            bd_stats stats;
            memset(&stats, 0, sizeof stats);
            bd_options limits = bd_options_default();
            assert_int_equal(nxn_fast(&task, &limits, &visitor, &stats), NXN_RAN);
            nodes[with] = stats.nodes;
            counts[with] = visitor.count;
        }
        uint64_t expected = dlx_count(&puzzle, 2);
        assert_true(expected >= 1);
        assert_int_equal(counts[0], expected);
        assert_int_equal(counts[1], expected);
        nodes_differ += nodes[0] != nodes[1];
    }
    assert_true(carried.blamed > 0);
    assert_true(nodes_differ > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_sets),
        cmocka_unit_test(test_store),
        cmocka_unit_test(test_grid_sets_unavoidable),
        cmocka_unit_test(test_sets_decide),
        cmocka_unit_test(test_digit_sets_brute),
        cmocka_unit_test(test_digit_sets_unavoidable),
        cmocka_unit_test(test_carried_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
