/* test_solve.c - the bitmask DFS: solutions, counts and the exhaustive
 * target, checked against published answers and the naive reference
 * solver of testutil.c, in both cell orderings; and solving and counting
 * from pencil marks (DFS and Dancing Links) against the solutions of the
 * givens filtered by the marks. */
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

/* Pencil marks: random puzzles, each blank's candidates a random set
 * (with the digit of the grid the puzzle came from, but in a quarter of
 * the rounds for one blank). The oracle is independent of the marks'
 * code: every solution of the givens alone (bd_solutions, default engine),
 * kept when each cell's digit is among its candidates. bd_count_marks and
 * bd_solutions_marks must give that set under DFS (both orders) and DLX,
 * and bd_solve_marks one of it, or no solution when it is empty. */
static void test_marks_against_filter(void **state)
{
    (void)state;
    static kept all, by_marks;
    const bd_engine engines[] = {BD_ENGINE_DFS, BD_ENGINE_DFS, BD_ENGINE_DLX};
    const bd_order orders[] = {BD_ORDER_MRV, BD_ORDER_ROWS, BD_ORDER_MRV};
    uint64_t seed = 20261125;
    int empty = 0, several = 0;
    for (int round = 0; round < 200; round++) {
        bd_grid full, puzzle;
        tu_random_full(&seed, &full);
        puzzle = full;
        int blanks = 46 + round % 10;
        for (int b = 0; b < blanks;) {
            int cell = tu_below(&seed, BD_CELLS);
            if (puzzle.cells[cell]) {
                puzzle.cells[cell] = 0;
                b++;
            }
        }
        uint64_t count;
        all.count = 0;
        all.stop_after = 0;
        if (bd_solutions(&puzzle, KEPT_MAX - 1, NULL, keep, &all, &count, NULL) != BD_OK
            || count == KEPT_MAX - 1)
            continue;                                        /* too many to keep */
        bd_marks marks;
        bd_marks_of(&puzzle, &marks);
        for (int cell = 0; cell < BD_CELLS; cell++)
            if (!puzzle.cells[cell])
                marks.cand[cell] = (uint16_t)(((tu_rand(&seed) | tu_rand(&seed)) & 0x1FF)
                                              | (1u << (full.cells[cell] - 1)));
        if (round % 4 == 3) {
            int cell;
            do
                cell = tu_below(&seed, BD_CELLS);
            while (puzzle.cells[cell]);
            marks.cand[cell] &= (uint16_t)~(1u << (full.cells[cell] - 1));
        }
        int want = 0;
        bd_grid wanted[KEPT_MAX];
        for (int i = 0; i < all.count; i++) {
            bool allowed = true;
            for (int cell = 0; cell < BD_CELLS; cell++)
                allowed = allowed && (marks.cand[cell] >> (all.grids[i].cells[cell] - 1) & 1u);
            if (allowed)
                wanted[want++] = all.grids[i];
        }
        empty += want == 0;
        several += want > 1;
        qsort(wanted, (size_t)want, sizeof(bd_grid), compare_grids);
        for (int e = 0; e < 3; e++) {
            bd_options options = bd_options_default();
            options.engine = engines[e];
            options.order = orders[e];
            assert_int_equal(bd_count_marks(&marks, 0, &options, &count, NULL), BD_OK);
            assert_int_equal(count, (uint64_t)want);
            by_marks.count = 0;
            by_marks.stop_after = 0;
            assert_int_equal(bd_solutions_marks(&marks, 0, &options, keep, &by_marks, &count,
                                                NULL),
                             BD_OK);
            assert_int_equal(by_marks.count, want);
            qsort(by_marks.grids, (size_t)want, sizeof(bd_grid), compare_grids);
            assert_memory_equal(by_marks.grids, wanted, (size_t)want * sizeof(bd_grid));
            bd_grid solution;
            bd_status solved = bd_solve_marks(&marks, &options, &solution, NULL);
            assert_int_equal(solved, want ? BD_OK : BD_NO_SOLUTION);
            if (want)
                assert_non_null(bsearch(&solution, wanted, (size_t)want, sizeof(bd_grid),
                                        compare_grids));
        }
    }
    assert_true(empty > 5 && several > 5);   /* the rounds meant what they meant */
}

/* Pencil marks' edge cases: the marks of a grid solve as the grid does; a
 * cell without candidates, and two one-candidate cells that clash, have
 * no solution; a mask above nine bits and NULL are bad arguments. */
static void test_marks_edges(void **state)
{
    (void)state;
    bd_grid puzzle, solution, via_marks;
    assert_true(tu_grid(NOIP_SAMPLE_1, &puzzle));
    bd_marks marks;
    bd_marks_of(&puzzle, &marks);
    uint64_t count;
    assert_int_equal(bd_count_marks(&marks, 0, NULL, &count, NULL), BD_OK);
    assert_int_equal(count, 3);                      /* NOIP sample 1 has 3 */
    assert_int_equal(bd_solve_marks(&marks, NULL, &via_marks, NULL), BD_OK);
    assert_true(bd_is_solution_of(&puzzle, &via_marks));
    bd_marks none = marks;
    none.cand[1] = 0;
    assert_int_equal(bd_solve_marks(&none, NULL, &solution, NULL), BD_NO_SOLUTION);
    assert_int_equal(bd_count_marks(&none, 0, NULL, &count, NULL), BD_OK);
    assert_int_equal(count, 0);
    bd_marks clash = marks;
    clash.cand[1] = clash.cand[0];                   /* r1c2 = r1c1's given */
    assert_int_equal(bd_solve_marks(&clash, NULL, &solution, NULL), BD_NO_SOLUTION);
    bd_marks wide = marks;
    wide.cand[5] = 0x200;
    assert_int_equal(bd_solve_marks(&wide, NULL, &solution, NULL), BD_EINVAL);
    assert_int_equal(bd_solve_marks(NULL, NULL, &solution, NULL), BD_EINVAL);
    assert_int_equal(bd_count_marks(&marks, 0, NULL, NULL, NULL), BD_EINVAL);
}

/* bd_diagnose on the first Kaggle puzzle and its published solution:
 * entries copied from the solution leave a grid with a solution; a wrong
 * entry that clashes with nothing is the one culprit among the entries
 * (removing a given of a unique puzzle leaves it solvable too, so the
 * givens' cells are culprits as well), and with the original it is the
 * one wrong entry, named with the solution's digit; a clash is reported
 * with its unit; a changed given is wrong; an original without solution
 * says so. */
static void test_diagnose(void **state)
{
    (void)state;
    bd_grid puzzle, solution, grid;
    assert_true(tu_grid(KAGGLE[0][0], &puzzle));
    assert_true(tu_grid(KAGGLE[0][1], &solution));
    grid = puzzle;
    for (int cell = 0; cell < 40; cell++)
        grid.cells[cell] = solution.cells[cell];       /* right entries */
    bd_diagnosis d;
    assert_int_equal(bd_diagnose(&grid, NULL, NULL, &d), BD_OK);
    assert_true(d.solvable);
    assert_int_equal(d.clash_count, 0);
    assert_int_equal(d.culprit_count, 0);
    /* r6c1 is blank in the puzzle, 2 in the solution: a 7 there clashes
     * with nothing filled (row 6, column 1 and box 4 hold no 7 yet) */
    assert_int_equal(grid.cells[45], 0);
    assert_int_equal(solution.cells[45], 2);
    grid.cells[45] = 7;
    assert_true(bd_givens_ok(&grid));
    assert_int_equal(bd_diagnose(&grid, NULL, NULL, &d), BD_OK);
    assert_false(d.solvable);
    assert_int_equal(d.clash_count, 0);
    bool found = false;
    for (int i = 0; i < d.culprit_count; i++) {
        int cell = d.culprits[i];
        found = found || cell == 45;
        /* a culprit other than r6c1 is a given of the puzzle or a cell
         * before 40, whose removal leaves the 7 a place in a solution */
        assert_true(cell == 45 || cell < 40 || puzzle.cells[cell]);
    }
    assert_true(found);
    assert_int_equal(bd_diagnose(&grid, &puzzle, NULL, &d), BD_OK);
    assert_false(d.original_unsolvable);
    assert_int_equal(d.wrong_count, 1);
    assert_int_equal(d.wrong[0], 45);
    assert_memory_equal(d.solution.cells, solution.cells, BD_CELLS);
    /* a clash: r1c3 (a given 4) and a 4 put in r1c1 (row 1) */
    grid = puzzle;
    assert_int_equal(grid.cells[2], 4);
    grid.cells[0] = 4;
    assert_int_equal(bd_diagnose(&grid, NULL, NULL, &d), BD_OK);
    assert_false(d.solvable);
    assert_int_equal(d.clash_count, 1);
    assert_int_equal(d.clashes[0].cell, 2);
    assert_int_equal(d.clashes[0].other, 0);
    assert_int_equal(d.clashes[0].unit, BD_UNIT_ROW);
    /* removing the 4 put in r1c1 leaves the puzzle; removing the given
     * instead leaves none (a brute-force search written apart says so) */
    assert_int_equal(d.culprit_count, 1);
    assert_int_equal(d.culprits[0], 0);
    /* a changed given (r1c3: 4 made 5), with the original */
    grid = puzzle;
    grid.cells[2] = 5;
    assert_int_equal(bd_diagnose(&grid, &puzzle, NULL, &d), BD_OK);
    assert_int_equal(d.wrong_count, 1);
    assert_int_equal(d.wrong[0], 2);
    /* an original without solution: r6c1 given 7 (see above) */
    bd_grid broken = puzzle;
    broken.cells[45] = 7;
    assert_int_equal(bd_diagnose(&puzzle, &broken, NULL, &d), BD_OK);
    assert_true(d.original_unsolvable);
    assert_int_equal(bd_diagnose(NULL, NULL, NULL, &d), BD_EINVAL);
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
        cmocka_unit_test(test_marks_against_filter),
        cmocka_unit_test(test_marks_edges),
        cmocka_unit_test(test_diagnose),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
