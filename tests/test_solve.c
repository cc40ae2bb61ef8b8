/* test_solve.c - the bitmask DFS: solutions, counts and the exhaustive
 * target, checked against published answers and the naive reference
 * solver of testutil.c, in both cell orderings. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "bitdoku.h"
#include "samples.h"
#include "testutil.h"

static bd_options with_order(bd_order order)
{
    bd_options options = bd_options_default();
    options.order = order;
    options.exhaustive = true;
    return options;
}

static const bd_order ORDERS[] = {BD_ORDER_MRV, BD_ORDER_ROWS};

static void test_noip_samples(void **state)
{
    (void)state;
    const char *texts[] = {NOIP_SAMPLE_1, NOIP_SAMPLE_2};
    const int scores[] = {NOIP_SCORE_1, NOIP_SCORE_2};
    const uint64_t counts[] = {NOIP_COUNT_1, NOIP_COUNT_2};
    for (int o = 0; o < 2; o++) {
        bd_options options = with_order(ORDERS[o]);
        for (int i = 0; i < 2; i++) {
            bd_grid puzzle, solution, best;
            assert_true(tu_grid(texts[i], &puzzle));
            assert_int_equal(bd_solve(&puzzle, &options, &solution, NULL), BD_OK);
            assert_true(bd_is_solution_of(&puzzle, &solution));
            uint64_t count = 0;
            assert_int_equal(bd_count(&puzzle, 0, &options, &count, NULL), BD_OK);
            assert_int_equal(count, counts[i]);
            int score = 0;
            assert_int_equal(bd_target(&puzzle, &options, &score, &best, NULL), BD_OK);
            assert_int_equal(score, scores[i]);
            assert_true(bd_is_solution_of(&puzzle, &best));
            assert_int_equal(bd_score(&best), score);
        }
    }
}

static void test_kaggle_published_solutions(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof KAGGLE / sizeof KAGGLE[0]; i++) {
        bd_grid puzzle, expected, solution;
        assert_true(tu_grid(KAGGLE[i][0], &puzzle));
        assert_true(tu_grid(KAGGLE[i][1], &expected));
        for (int o = 0; o < 2; o++) {
            bd_options options = with_order(ORDERS[o]);
            assert_int_equal(bd_solve(&puzzle, &options, &solution, NULL), BD_OK);
            assert_memory_equal(solution.cells, expected.cells, BD_CELLS);
            uint64_t count = 0;
            assert_int_equal(bd_count(&puzzle, 2, &options, &count, NULL), BD_OK);
            assert_int_equal(count, 1);
        }
    }
}

static void test_count_limit(void **state)
{
    (void)state;
    bd_grid puzzle;
    assert_true(tu_grid(NOIP_SAMPLE_2, &puzzle));
    uint64_t count = 0;
    assert_int_equal(bd_count(&puzzle, 2, NULL, &count, NULL), BD_OK);
    assert_int_equal(count, 2);
    assert_int_equal(bd_count(&puzzle, 85, NULL, &count, NULL), BD_OK);
    assert_int_equal(count, 85);
    assert_int_equal(bd_count(&puzzle, 86, NULL, &count, NULL), BD_OK);
    assert_int_equal(count, 85);
}

static void test_clashing_givens(void **state)
{
    (void)state;
    bd_grid puzzle, solution;
    memset(&puzzle, 0, sizeof puzzle);
    puzzle.cells[0] = 3;
    puzzle.cells[10] = 3;  /* same box */
    uint64_t count = 99;
    int score = 0;
    bd_stats stats = {0, 0};
    assert_int_equal(bd_solve(&puzzle, NULL, &solution, &stats), BD_NO_SOLUTION);
    assert_int_equal(bd_count(&puzzle, 0, NULL, &count, &stats), BD_OK);
    assert_int_equal(count, 0);
    assert_int_equal(bd_target(&puzzle, NULL, &score, NULL, &stats), BD_NO_SOLUTION);
    assert_int_equal(score, -1);
    assert_int_equal(stats.nodes, 0);  /* found before any search */
}

static void test_invalid_arguments(void **state)
{
    (void)state;
    bd_grid puzzle, solution;
    memset(&puzzle, 0, sizeof puzzle);
    puzzle.cells[3] = 10;
    assert_int_equal(bd_solve(&puzzle, NULL, &solution, NULL), BD_EINVAL);
    puzzle.cells[3] = 0;
    bd_options options = bd_options_default();
    options.order = (bd_order)7;
    assert_int_equal(bd_solve(&puzzle, &options, &solution, NULL), BD_EINVAL);
    assert_int_equal(bd_solve(&puzzle, NULL, NULL, NULL), BD_EINVAL);
}

static void test_node_limit(void **state)
{
    (void)state;
    bd_grid puzzle, solution;
    memset(&puzzle, 0, sizeof puzzle);
    bd_options options = bd_options_default();
    options.max_nodes = 10;  /* an empty grid needs 81 placements */
    options.exhaustive = true;
    assert_int_equal(bd_solve(&puzzle, &options, &solution, NULL), BD_CUT_SHORT);
    uint64_t count = 0;
    assert_int_equal(bd_count(&puzzle, 0, &options, &count, NULL), BD_CUT_SHORT);
    assert_int_equal(count, 0);
    int score = 0;
    options.max_nodes = 1000;
    assert_int_equal(bd_target(&puzzle, &options, &score, &solution, NULL), BD_CUT_SHORT);
    assert_true(score > 0);  /* a completion was found, not proven best */
    assert_true(bd_is_solution_of(&puzzle, &solution));
    assert_int_equal(bd_score(&solution), score);
}

/* Random puzzles, solvable or not: both orders agree with the naive
 * reference on solvability, count and target maximum. */
static void test_random_against_naive(void **state)
{
    (void)state;
    uint64_t seed = 20261121;
    for (int round = 0; round < 300; round++) {
        bd_grid puzzle;
        int blanks = 20 + round % 26;  /* 20..45 */
        tu_random_puzzle(&seed, blanks, &puzzle);
        if (round % 3 == 2) {
            /* Change one blank into a digit that does not clash directly:
             * often unsolvable, found only deep in the search. */
            int cell;
            do
                cell = tu_below(&seed, BD_CELLS);
            while (puzzle.cells[cell]);
            puzzle.cells[cell] = (uint8_t)(1 + tu_below(&seed, 9));
        }
        uint64_t naive_count;
        int naive_score;
        tu_naive(&puzzle, 1000, &naive_count, &naive_score);
        for (int o = 0; o < 2; o++) {
            bd_options options = with_order(ORDERS[o]);
            bd_grid solution;
            uint64_t count;
            int score;
            bd_status solved = bd_solve(&puzzle, &options, &solution, NULL);
            assert_int_equal(solved, naive_count ? BD_OK : BD_NO_SOLUTION);
            if (solved == BD_OK)
                assert_true(bd_is_solution_of(&puzzle, &solution));
            assert_int_equal(bd_count(&puzzle, 1000, &options, &count, NULL), BD_OK);
            assert_int_equal(count, naive_count);
            if (naive_count < 1000) {
                bd_status st = bd_target(&puzzle, &options, &score, &solution, NULL);
                assert_int_equal(st, naive_count ? BD_OK : BD_NO_SOLUTION);
                assert_int_equal(score, naive_score);
            }
        }
    }
}

/* What bd_solutions handed over: the solutions, in order. */
enum { KEPT_MAX = 200 };

typedef struct kept {
    bd_grid grids[KEPT_MAX];
    int count;
    int stop_after;   /* return false after this many; 0: never */
} kept;

static bool keep(const bd_grid *solution, void *context)
{
    kept *k = context;
    assert_true(k->count < KEPT_MAX);
    k->grids[k->count++] = *solution;
    return k->stop_after == 0 || k->count < k->stop_after;
}

static int compare_grids(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(bd_grid));
}

/* Random puzzles with up to a few hundred solutions: every engine hands
 * over exactly as many solutions as the naive reference counts, each a
 * valid completion, no two alike, and the engines hand over the same set. */
static void test_solutions_against_naive(void **state)
{
    (void)state;
    static kept by_engine[3];
    const bd_engine engines[] = {BD_ENGINE_DFS, BD_ENGINE_DFS, BD_ENGINE_DLX};
    const bd_order orders[] = {BD_ORDER_MRV, BD_ORDER_ROWS, BD_ORDER_MRV};
    uint64_t seed = 20261123;
    for (int round = 0; round < 60; round++) {
        bd_grid puzzle;
        tu_random_puzzle(&seed, 40 + round % 14, &puzzle);   /* 40..53 blanks */
        uint64_t naive_count, count;
        int naive_score;
        tu_naive(&puzzle, KEPT_MAX - 1, &naive_count, &naive_score);
        if (naive_count == KEPT_MAX - 1)
            continue;                                          /* too many to keep */
        for (int e = 0; e < 3; e++) {
            bd_options options = bd_options_default();
            options.engine = engines[e];
            options.order = orders[e];
            kept *k = &by_engine[e];
            k->count = 0;
            k->stop_after = 0;
            assert_int_equal(bd_solutions(&puzzle, 0, &options, keep, k, &count, NULL), BD_OK);
            assert_int_equal(count, naive_count);
            assert_int_equal(k->count, (int)naive_count);
            for (int i = 0; i < k->count; i++)
                assert_true(bd_is_solution_of(&puzzle, &k->grids[i]));
            qsort(k->grids, (size_t)k->count, sizeof(bd_grid), compare_grids);
            for (int i = 1; i < k->count; i++)
                assert_true(compare_grids(&k->grids[i - 1], &k->grids[i]) < 0);
            if (e > 0)
                assert_memory_equal(k->grids, by_engine[0].grids,
                                    (size_t)k->count * sizeof(bd_grid));
        }
    }
}

/* The limit, the callback's stop, a node limit, and bad arguments. */
static void test_solutions_stops(void **state)
{
    (void)state;
    static kept k;
    bd_grid puzzle;
    uint64_t count;
    assert_true(tu_grid(NOIP_SAMPLE_1, &puzzle));            /* 3 solutions */
    assert_int_equal(bd_solutions(&puzzle, 2, NULL, keep, &k, &count, NULL), BD_OK);
    assert_int_equal(count, 2);
    assert_int_equal(k.count, 2);
    k.count = 0;
    k.stop_after = 1;
    assert_int_equal(bd_solutions(&puzzle, 0, NULL, keep, &k, &count, NULL), BD_OK);
    assert_int_equal(count, 1);
    k.count = 0;
    k.stop_after = 0;
    bd_grid empty;
    memset(&empty, 0, sizeof empty);
    bd_options options = bd_options_default();
    options.max_nodes = 150;
    assert_int_equal(bd_solutions(&empty, 0, &options, keep, &k, &count, NULL), BD_CUT_SHORT);
    assert_int_equal(count, (uint64_t)k.count);
    assert_true(k.count > 0);
    puzzle.cells[1] = puzzle.cells[0];                       /* clashing givens */
    k.count = 0;
    assert_int_equal(bd_solutions(&puzzle, 0, NULL, keep, &k, &count, NULL), BD_OK);
    assert_int_equal(count, 0);
    assert_int_equal(bd_solutions(&puzzle, 0, NULL, NULL, &k, &count, NULL), BD_EINVAL);
    assert_int_equal(bd_solutions(&puzzle, 0, NULL, keep, &k, NULL, NULL), BD_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_noip_samples),
        cmocka_unit_test(test_kaggle_published_solutions),
        cmocka_unit_test(test_count_limit),
        cmocka_unit_test(test_clashing_givens),
        cmocka_unit_test(test_invalid_arguments),
        cmocka_unit_test(test_node_limit),
        cmocka_unit_test(test_random_against_naive),
        cmocka_unit_test(test_solutions_against_naive),
        cmocka_unit_test(test_solutions_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
