/* test_dlx.c - the Dancing Links engine: published answers, hand-checked
 * small cases, limits, and agreement with the bitmask DFS engine and the
 * naive reference solver of testutil.c on random puzzles. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "bitdoku.h"
#include "core/engine.h"
#include "samples.h"
#include "testutil.h"

#if !defined(TARGET_MIP_DATA) || !defined(TARGET_HARD_DATA)
#error "TARGET_MIP_DATA and TARGET_HARD_DATA must name tests/data/target_{mip,hard_mip}.txt"
#endif

static bd_options engine(bd_engine which)
{
    bd_options options = bd_options_default();
    options.engine = which;
    options.exhaustive = true;
    return options;
}

/* A full grid made by hand (randomised backtracking, checked row by row,
 * column by column and box by box). Rows 0 and 1 hold 4 and 5 in columns 1
 * and 8, crosswise, in boxes 0 and 2: an unavoidable rectangle. */
static const char *const RECTANGLE_GRID =
    "249368715" "356971824" "781542639"
    "512783496" "874629153" "693154278"
    "967415382" "425837961" "138296547";
static const int RECTANGLE_CELLS[4] = {1, 8, 10, 17};

static void test_noip_samples(void **state)
{
    (void)state;
    const char *texts[] = {NOIP_SAMPLE_1, NOIP_SAMPLE_2};
    const int scores[] = {NOIP_SCORE_1, NOIP_SCORE_2};
    const uint64_t counts[] = {NOIP_COUNT_1, NOIP_COUNT_2};
    bd_options options = engine(BD_ENGINE_DLX);
    for (int i = 0; i < 2; i++) {
        bd_grid puzzle, solution, best;
        assert_true(tu_grid(texts[i], &puzzle));
        assert_int_equal(bd_solve(&puzzle, &options, &solution, NULL), BD_OK);
        assert_true(bd_is_solution_of(&puzzle, &solution));
        uint64_t count = 0;
        assert_int_equal(bd_count(&puzzle, 0, &options, &count, NULL), BD_OK);
        assert_int_equal(count, counts[i]);
        assert_int_equal(bd_count(&puzzle, 2, &options, &count, NULL), BD_OK);
        assert_int_equal(count, 2);
        int score = 0;
        assert_int_equal(bd_target(&puzzle, &options, &score, &best, NULL), BD_OK);
        assert_int_equal(score, scores[i]);
        assert_true(bd_is_solution_of(&puzzle, &best));
        assert_int_equal(bd_score(&best), score);
    }
}

static void test_kaggle_published_solutions(void **state)
{
    (void)state;
    bd_options options = engine(BD_ENGINE_DLX);
    for (size_t i = 0; i < sizeof KAGGLE / sizeof KAGGLE[0]; i++) {
        bd_grid puzzle, expected, solution, best;
        assert_true(tu_grid(KAGGLE[i][0], &puzzle));
        assert_true(tu_grid(KAGGLE[i][1], &expected));
        assert_int_equal(bd_solve(&puzzle, &options, &solution, NULL), BD_OK);
        assert_memory_equal(solution.cells, expected.cells, BD_CELLS);
        uint64_t count = 0;
        assert_int_equal(bd_count(&puzzle, 2, &options, &count, NULL), BD_OK);
        assert_int_equal(count, 1);
        int score = 0;
        assert_int_equal(bd_target(&puzzle, &options, &score, &best, NULL), BD_OK);
        assert_memory_equal(best.cells, expected.cells, BD_CELLS);
        assert_int_equal(score, bd_score(&expected));
    }
}

/* Work counted by hand. One blank in a full grid: its four columns hold one
 * row each, so one row is tried and nothing is guessed. The rectangle: all
 * sixteen columns left hold two rows; the first choice is a guess, and
 * either row forces the other three cells: 2 x 4 rows tried, 2 solutions. */
static void test_stats_by_hand(void **state)
{
    (void)state;
    bd_options options = engine(BD_ENGINE_DLX);
    bd_grid full, puzzle, solution;
    assert_true(tu_grid(RECTANGLE_GRID, &full));
    assert_true(bd_is_solution_of(&full, &full));

    puzzle = full;
    puzzle.cells[40] = 0;
    bd_stats stats = {0, 0};
    uint64_t count = 0;
    assert_int_equal(bd_count(&puzzle, 0, &options, &count, &stats), BD_OK);
    assert_int_equal(count, 1);
    assert_int_equal(stats.nodes, 1);
    assert_int_equal(stats.guesses, 0);

    puzzle = full;
    for (int i = 0; i < 4; i++)
        puzzle.cells[RECTANGLE_CELLS[i]] = 0;
    stats.nodes = stats.guesses = 0;
    assert_int_equal(bd_count(&puzzle, 0, &options, &count, &stats), BD_OK);
    assert_int_equal(count, 2);
    assert_int_equal(stats.nodes, 8);
    assert_int_equal(stats.guesses, 1);

    /* The other completion swaps the 4 and the 5 of the rectangle. */
    bd_grid swapped = full;
    for (int i = 0; i < 4; i++)
        swapped.cells[RECTANGLE_CELLS[i]] = (uint8_t)(9 - full.cells[RECTANGLE_CELLS[i]]);
    assert_true(bd_is_solution_of(&puzzle, &swapped));
    assert_int_equal(bd_solve(&puzzle, &options, &solution, NULL), BD_OK);
    assert_true(memcmp(solution.cells, full.cells, BD_CELLS) == 0
                || memcmp(solution.cells, swapped.cells, BD_CELLS) == 0);
    int score = 0;
    int expected = bd_score(&full) > bd_score(&swapped) ? bd_score(&full) : bd_score(&swapped);
    assert_int_equal(bd_target(&puzzle, &options, &score, NULL, NULL), BD_OK);
    assert_int_equal(score, expected);
}

static void test_full_and_empty_grids(void **state)
{
    (void)state;
    bd_options options = engine(BD_ENGINE_DLX);
    bd_grid full, solution;
    assert_true(tu_grid(RECTANGLE_GRID, &full));
    uint64_t count = 0;
    assert_int_equal(bd_count(&full, 0, &options, &count, NULL), BD_OK);
    assert_int_equal(count, 1);
    assert_int_equal(bd_solve(&full, &options, &solution, NULL), BD_OK);
    assert_memory_equal(solution.cells, full.cells, BD_CELLS);

    bd_grid empty;
    memset(&empty, 0, sizeof empty);
    assert_int_equal(bd_solve(&empty, &options, &solution, NULL), BD_OK);
    assert_true(bd_is_solution_of(&empty, &solution));
    assert_int_equal(bd_count(&empty, 1000, &options, &count, NULL), BD_OK);
    assert_int_equal(count, 1000);
}

static void test_clashing_givens(void **state)
{
    (void)state;
    bd_options options = engine(BD_ENGINE_DLX);
    bd_grid puzzle, solution;
    memset(&puzzle, 0, sizeof puzzle);
    puzzle.cells[0] = 3;
    puzzle.cells[10] = 3;  /* same box */
    uint64_t count = 99;
    int score = 0;
    bd_stats stats = {0, 0};
    assert_int_equal(bd_solve(&puzzle, &options, &solution, &stats), BD_NO_SOLUTION);
    assert_int_equal(bd_count(&puzzle, 0, &options, &count, &stats), BD_OK);
    assert_int_equal(count, 0);
    assert_int_equal(bd_target(&puzzle, &options, &score, NULL, &stats), BD_NO_SOLUTION);
    assert_int_equal(score, -1);
    assert_int_equal(stats.nodes, 0);

    /* The engine itself, past search.c's check: same row, then same column. */
    puzzle.cells[10] = 0;
    puzzle.cells[8] = 3;
    count = 99;
    assert_int_equal(
        bdi_solve_by(bdi_dlx_enumerate, &puzzle, &options, &solution, &stats), BD_NO_SOLUTION);
    assert_int_equal(bdi_count_by(bdi_dlx_enumerate, &puzzle, 0, &options, &count, &stats), BD_OK);
    assert_int_equal(count, 0);
    puzzle.cells[8] = 0;
    puzzle.cells[72] = 3;
    assert_int_equal(
        bdi_target_by(bdi_dlx_enumerate, &puzzle, &options, &score, NULL, &stats), BD_NO_SOLUTION);
    assert_int_equal(score, -1);
    assert_int_equal(stats.nodes, 0);
}

/* Givens that do not clash but leave a cell without candidate, and a
 * digit without place in a row. */
static void test_dead_ends_without_clash(void **state)
{
    (void)state;
    bd_options options = engine(BD_ENGINE_DLX);
    bd_grid puzzle, solution;
    /* Cell 0 sees 1..8 in its row and 9 in its column. */
    assert_true(tu_grid("012345678" "900000000" "000000000"
                        "000000000" "000000000" "000000000"
                        "000000000" "000000000" "000000000", &puzzle));
    uint64_t count = 99;
    assert_int_equal(bd_solve(&puzzle, &options, &solution, NULL), BD_NO_SOLUTION);
    assert_int_equal(bd_count(&puzzle, 0, &options, &count, NULL), BD_OK);
    assert_int_equal(count, 0);
    /* Row 0 lacks 1, 8 and 9 and has blanks in columns 0, 3 and 6, which
     * hold a 1 lower down (in three different boxes). */
    assert_true(tu_grid("023045067" "000000000" "000000000"
                        "100000000" "000000100" "000000000"
                        "000100000" "000000000" "000000000", &puzzle));
    assert_true(bd_givens_ok(&puzzle));
    assert_int_equal(bd_count(&puzzle, 0, &options, &count, NULL), BD_OK);
    assert_int_equal(count, 0);
}

static void test_limits(void **state)
{
    (void)state;
    bd_grid puzzle, solution;
    memset(&puzzle, 0, sizeof puzzle);
    bd_options options = engine(BD_ENGINE_DLX);
    options.max_nodes = 10;  /* an empty grid needs 81 rows */
    bd_stats stats = {0, 0};
    assert_int_equal(bd_solve(&puzzle, &options, &solution, &stats), BD_CUT_SHORT);
    assert_true(stats.nodes >= 10 && stats.nodes <= 11);
    uint64_t count = 0;
    assert_int_equal(bd_count(&puzzle, 0, &options, &count, NULL), BD_CUT_SHORT);
    assert_int_equal(count, 0);
    int score = 0;
    options.max_nodes = 1000;
    assert_int_equal(bd_target(&puzzle, &options, &score, &solution, NULL), BD_CUT_SHORT);
    assert_true(score > 0);  /* a completion was found, not proven best */
    assert_true(bd_is_solution_of(&puzzle, &solution));
    assert_int_equal(bd_score(&solution), score);

    /* A timeout: the first completion of the empty grid comes within
     * microseconds, all of them would take ages. The timeout is on the
     * wall clock: half a second, so that a loaded machine's scheduler
     * cannot take all of it before the first completion. */
    options.max_nodes = 0;
    options.timeout = 0.5;
    assert_int_equal(bd_count(&puzzle, 0, &options, &count, NULL), BD_CUT_SHORT);
    assert_true(count > 0);
}

/* Turns one blank into a digit that clashes with no given: the puzzle is
 * often left without solution, found only deep in the search. */
static void add_wrong_digit(uint64_t *seed, bd_grid *puzzle)
{
    for (;;) {
        int cell = tu_below(seed, BD_CELLS);
        if (puzzle->cells[cell])
            continue;
        puzzle->cells[cell] = (uint8_t)(1 + tu_below(seed, BD_SIZE));
        if (bd_givens_ok(puzzle))
            return;
        puzzle->cells[cell] = 0;
    }
}

/* The Dancing Links branch and bound (not exhaustive) on `puzzle` gives
 * `status` and `expected`, with an optimal completion. A node limit far
 * above what it needs turns a search that would not end into a failure. */
static void check_bound_target(const bd_grid *puzzle, bd_status status, int expected)
{
    bd_options options = bd_options_default();
    options.engine = BD_ENGINE_DLX;
    options.max_nodes = 20000000;
    bd_grid best;
    int score = 0;
    assert_int_equal(bd_target(puzzle, &options, &score, &best, NULL), status);
    assert_int_equal(score, expected);
    if (status == BD_OK) {
        assert_true(bd_is_solution_of(puzzle, &best));
        assert_int_equal(bd_score(&best), score);
    }
}

/* The branch and bound reaches the optima that COIN-OR cbc proved (the
 * NOIP samples, the empty grid's published 2906, and sparse grids that the
 * enumeration could never finish). */
static void test_bound_target_mip_optima(void **state)
{
    (void)state;
    assert_true(tu_each_optimum(TARGET_MIP_DATA, check_bound_target) >= 15);
}

/* Sparse random grids (0 to 22 givens, some with a wrong digit added): the
 * same maximum as the optimizer of target.c, a method of its own. */
static void test_bound_target_sparse(void **state)
{
    (void)state;
    uint64_t seed = 0x5BA45Eull;
    for (int round = 0; round < 60; round++) {
        bd_grid puzzle;
        tu_random_puzzle(&seed, BD_CELLS - round % 23, &puzzle);
        if (round % 5 == 4)
            add_wrong_digit(&seed, &puzzle);
        int expected = -1;
        bd_options options = bd_options_default();
        bd_status status = bd_givens_ok(&puzzle)
                               ? bdi_bound_target(&puzzle, &options, &expected, NULL, NULL)
                               : BD_NO_SOLUTION;
        check_bound_target(&puzzle, status, expected);
    }
}

/* Sparse random grids again, now with every subtree of more than a few
 * nodes priced again (and its rows removed looking ahead), which the
 * default threshold keeps for the rare big subtrees: the same maximum as
 * target.c's optimizer, and an optimal completion. */
static void test_bound_target_repriced(void **state)
{
    (void)state;
    uint64_t seed = 0x9E9A1CEull;
    for (int round = 0; round < 40; round++) {
        bd_grid puzzle, best;
        tu_random_puzzle(&seed, BD_CELLS - round % 23, &puzzle);
        if (round % 5 == 4)
            add_wrong_digit(&seed, &puzzle);
        bd_options options = bd_options_default();
        int expected = -1, score = 0;
        bd_status status = bd_givens_ok(&puzzle)
                               ? bdi_bound_target(&puzzle, &options, &expected, NULL, NULL)
                               : BD_NO_SOLUTION;
        options.max_nodes = 20000000;
        assert_int_equal(bdi_dlx_bound_target_with(&puzzle, &options, 4, &score, &best, NULL),
                         status);
        assert_int_equal(score, expected);
        if (status == BD_OK) {
            assert_true(bd_is_solution_of(&puzzle, &best));
            assert_int_equal(bd_score(&best), score);
        }
    }
}

/* The optimum that cbc proved for `puzzle` in the hard data file
 * (tests/data/target_hard_mip.txt); fails the test when it is not there. */
static int hard_optimum(const bd_grid *puzzle)
{
    FILE *data = fopen(TARGET_HARD_DATA, "r");
    assert_non_null(data);
    bd_grid listed;
    int optimum, found = 0;
    while (!found && tu_next_optimum(data, &listed, &optimum))
        found = memcmp(listed.cells, puzzle->cells, sizeof listed.cells) == 0;
    fclose(data);
    assert_true(found);
    return optimum;
}

/* Sparse grids whose optimum lies below an integral LP bound: the second
 * puzzle of issue 15 and lines 1, 5, 9 and 13 of
 * puzzles/target/target_adversarial.txt. Under the root's prices alone the
 * Dancing Links optimizer needed about 100 M, 1.5 M and past 3 M nodes
 * (each of the last three) to wade through their plateau of nodes kept
 * just above the goal; its subtrees priced again, it proves them in 0.6 M
 * and about 10,000 nodes. Under caps it meets only that way, each must
 * reach the optimum cbc proved: a re-pricing, or a removal looking ahead,
 * that cut away too much would miss it. */
static void test_bound_target_plateau(void **state)
{
    (void)state;
    static const struct {
        const char *cells;
        uint64_t cap;
    } plateau[] = {
        {"000000000000000000000000000000000000000020000300000000690000000008000000000000000", 2000000},
        {"....3............................................................2....6..........", 100000},
        {"............3....................................................2....6..........", 100000},
        {"..........6...................................1...........................3......", 100000},
        {"....1.................................................................6...2......", 100000},
    };
    for (size_t i = 0; i < sizeof plateau / sizeof plateau[0]; i++) {
        bd_grid puzzle, best;
        assert_true(tu_grid(plateau[i].cells, &puzzle));
        bd_options options = bd_options_default();
        options.engine = BD_ENGINE_DLX;
        options.max_nodes = plateau[i].cap;
        int score = 0;
        assert_int_equal(bd_target(&puzzle, &options, &score, &best, NULL), BD_OK);
        assert_int_equal(score, hard_optimum(&puzzle));
        assert_true(bd_is_solution_of(&puzzle, &best));
        assert_int_equal(bd_score(&best), score);
    }
}

/* One random puzzle: both engines give the same verdict and count (capped),
 * valid solutions, and for small counts the same target maximum, which the
 * naive solver confirms when there are few blanks. */
static void check_agreement(const bd_grid *puzzle, int blanks)
{
    bd_options dfs = engine(BD_ENGINE_DFS), dlx = engine(BD_ENGINE_DLX);
    bd_grid dfs_solution, dlx_solution;
    bd_status dfs_solved = bd_solve(puzzle, &dfs, &dfs_solution, NULL);
    assert_int_equal(bd_solve(puzzle, &dlx, &dlx_solution, NULL), dfs_solved);
    if (dfs_solved == BD_OK) {
        assert_true(bd_is_solution_of(puzzle, &dfs_solution));
        assert_true(bd_is_solution_of(puzzle, &dlx_solution));
    }
    uint64_t dfs_count = 0, dlx_count = 0;
    assert_int_equal(bd_count(puzzle, 1000, &dfs, &dfs_count, NULL), BD_OK);
    assert_int_equal(bd_count(puzzle, 1000, &dlx, &dlx_count, NULL), BD_OK);
    assert_int_equal(dlx_count, dfs_count);
    assert_int_equal(dlx_count > 0, dfs_solved == BD_OK);
    if (dfs_count >= 1000)
        return;
    int dfs_score = 0, dlx_score = 0;
    bd_grid best;
    bd_status st = bdi_target_by(bdi_dfs_enumerate, puzzle, &dfs, &dfs_score, NULL, NULL);
    assert_int_equal(bd_target(puzzle, &dlx, &dlx_score, &best, NULL), st);
    assert_int_equal(dlx_score, dfs_score);
    if (st == BD_OK) {
        assert_true(bd_is_solution_of(puzzle, &best));
        assert_int_equal(bd_score(&best), dlx_score);
    }
    check_bound_target(puzzle, st, dfs_score);
    if (blanks <= 40) {
        uint64_t naive_count;
        int naive_score;
        tu_naive(puzzle, 1000, &naive_count, &naive_score);
        assert_int_equal(dlx_count, naive_count);
        assert_int_equal(dlx_score, naive_score);
    }
}

static void test_random_agreement(void **state)
{
    (void)state;
    uint64_t seed = 0xD1CE5EEDull;
    for (int round = 0; round < 250; round++) {
        bd_grid puzzle;
        int blanks = 20 + round % 41;  /* 20..60 */
        tu_random_puzzle(&seed, blanks, &puzzle);
        if (round % 2 == 1)
            add_wrong_digit(&seed, &puzzle);
        check_agreement(&puzzle, blanks);
    }
}

/* A puzzle with over ten thousand completions, counted exactly: the last
 * 42 cells of the hand-made grid blanked. Both engines and the naive
 * solver must agree. */
static void test_many_solutions(void **state)
{
    (void)state;
    bd_grid puzzle;
    assert_true(tu_grid(RECTANGLE_GRID, &puzzle));
    for (int cell = BD_CELLS - 42; cell < BD_CELLS; cell++)
        puzzle.cells[cell] = 0;
    bd_options dfs = engine(BD_ENGINE_DFS), dlx = engine(BD_ENGINE_DLX);
    uint64_t naive_count, dfs_count, dlx_count;
    int naive_score, dfs_score, dlx_score;
    tu_naive(&puzzle, 0, &naive_count, &naive_score);
    assert_true(naive_count >= 10000);
    assert_int_equal(bd_count(&puzzle, 0, &dfs, &dfs_count, NULL), BD_OK);
    assert_int_equal(bd_count(&puzzle, 0, &dlx, &dlx_count, NULL), BD_OK);
    assert_int_equal(dfs_count, naive_count);
    assert_int_equal(dlx_count, naive_count);
    assert_int_equal(bdi_target_by(bdi_dfs_enumerate, &puzzle, &dfs, &dfs_score, NULL, NULL), BD_OK);
    assert_int_equal(bd_target(&puzzle, &dlx, &dlx_score, NULL, NULL), BD_OK);
    assert_int_equal(dfs_score, naive_score);
    assert_int_equal(dlx_score, naive_score);
    /* A limit below the count stops there. */
    assert_int_equal(bd_count(&puzzle, 777, &dlx, &dlx_count, NULL), BD_OK);
    assert_int_equal(dlx_count, 777);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_noip_samples),
        cmocka_unit_test(test_kaggle_published_solutions),
        cmocka_unit_test(test_stats_by_hand),
        cmocka_unit_test(test_full_and_empty_grids),
        cmocka_unit_test(test_clashing_givens),
        cmocka_unit_test(test_dead_ends_without_clash),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_random_agreement),
        cmocka_unit_test(test_many_solutions),
        cmocka_unit_test(test_bound_target_mip_optima),
        cmocka_unit_test(test_bound_target_sparse),
        cmocka_unit_test(test_bound_target_repriced),
        cmocka_unit_test(test_bound_target_plateau),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
