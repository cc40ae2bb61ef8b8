/* test_target.c - the branch-and-bound target optimizer (target.c),
 * checked against the exhaustive search, published answers (NOIP 2009
 * samples, the empty grid's 2906) and optima proven independently by a MIP
 * solver (tests/data/target_mip.txt and target_hard_mip.txt, made by
 * make_target_mip.py with cbc). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "bitdoku.h"
#include "samples.h"
#include "testutil.h"

#if !defined(TARGET_MIP_DATA) || !defined(TARGET_HARD_DATA)
#error "TARGET_MIP_DATA and TARGET_HARD_DATA must name tests/data/target_{mip,hard_mip}.txt"
#endif

enum {
    EMPTY_GRID_OPTIMUM = 2906,   /* published optimum of the empty grid */
    HARD_GRIDS = 1875,           /* the grids of tests/data/target_hard_mip.txt */
    ROUND_3_GRIDS = 1205         /* its first lines: issue 15's and four adversarial sets */
};

/* bd_target with default options: status and score as expected, and on
 * BD_OK a best grid that completes the puzzle and scores the score. */
static void expect_target(const bd_grid *puzzle, bd_status status, int expected)
{
    bd_grid best;
    bd_stats stats = {0, 0};
    int score = 0;
    assert_int_equal(bd_target(puzzle, NULL, &score, &best, &stats), status);
    assert_int_equal(score, expected);
    if (status == BD_OK) {
        assert_true(bd_is_solution_of(puzzle, &best));
        assert_int_equal(bd_score(&best), expected);
    }
}

static void test_noip_samples(void **state)
{
    (void)state;
    bd_grid puzzle;
    assert_true(tu_grid(NOIP_SAMPLE_1, &puzzle));
    expect_target(&puzzle, BD_OK, NOIP_SCORE_1);
    assert_true(tu_grid(NOIP_SAMPLE_2, &puzzle));
    expect_target(&puzzle, BD_OK, NOIP_SCORE_2);
}

static void test_empty_grid(void **state)
{
    (void)state;
    bd_grid puzzle;
    memset(&puzzle, 0, sizeof puzzle);
    expect_target(&puzzle, BD_OK, EMPTY_GRID_OPTIMUM);
}

/* Sparse grids (0-20 givens) whose optima cbc proved; the file also holds
 * the NOIP samples and the empty grid, a check of the MIP model. */
static void test_mip_optima(void **state)
{
    (void)state;
    assert_true(tu_each_optimum(TARGET_MIP_DATA, expect_target) >= 12);
}

/* The hard grids: the puzzles of issue 15 (up to a minute for the
 * previous optimizer; the LP bound 1.5-2 points above the optimum), the
 * four adversarial sets, grown against this optimizer before and after its
 * symmetry orders, after its branching by the layers and after its local
 * search, and the sets of issue 27 (bench/gen_adversarial.c): a fifth
 * adversarial set and the families sparse, wide, ring, mid-density, few
 * completions and none (its 100 grids without completion, optimum -1),
 * and the five costliest grids of each family grown again in its second
 * session, against the optimizer before and after it. */
static void test_hard_optima(void **state)
{
    (void)state;
    assert_int_equal(tu_each_optimum(TARGET_HARD_DATA, expect_target), HARD_GRIDS);
}

/* Random puzzles with 35-55 blanks, a third of them made unsolvable deep
 * in the search by a non-clashing wrong digit: the bound search agrees
 * with the exhaustive one on status and score. */
static void test_random_against_exhaustive(void **state)
{
    (void)state;
    uint64_t seed = 2009;
    bd_options exhaustive = bd_options_default();
    exhaustive.exhaustive = true;
    for (int round = 0; round < 300; round++) {
        bd_grid puzzle;
        tu_random_puzzle(&seed, 35 + round % 21, &puzzle);
        if (round % 3 == 2) {
            int cell;
            do
                cell = tu_below(&seed, BD_CELLS);
            while (puzzle.cells[cell]);
            puzzle.cells[cell] = (uint8_t)(1 + tu_below(&seed, BD_SIZE));
            if (!bd_givens_ok(&puzzle))
                continue;
        }
        int expected;
        bd_status status = bd_target(&puzzle, &exhaustive, &expected, NULL, NULL);
        expect_target(&puzzle, status, expected);
    }
}

/* Puzzles with 50-57 blanks, where the short cheap search rarely ends:
 * the relaxations, the packed completions, the passes with both bounds
 * and their fixing all run, and must agree with the exhaustive search. */
static void test_sparser_against_exhaustive(void **state)
{
    (void)state;
    uint64_t seed = 15;
    bd_options exhaustive = bd_options_default();
    exhaustive.exhaustive = true;
    for (int round = 0; round < 120; round++) {
        bd_grid puzzle;
        tu_random_puzzle(&seed, 50 + round % 8, &puzzle);
        int expected;
        bd_status status = bd_target(&puzzle, &exhaustive, &expected, NULL, NULL);
        expect_target(&puzzle, status, expected);
    }
}

/* Puzzles that moves keeping every weight leave unchanged (rows 3 and 5
 * blank, or columns 3 and 5, or both; 48-55 blanks in all): the search
 * keeps to one completion of each orbit (symmetry.c) and must still agree
 * with the exhaustive search. */
static void test_symmetric_against_exhaustive(void **state)
{
    (void)state;
    uint64_t seed = 3535;
    bd_options exhaustive = bd_options_default();
    exhaustive.exhaustive = true;
    for (int round = 0; round < 60; round++) {
        bd_grid puzzle;
        tu_random_full(&seed, &puzzle);
        int blanks = 0, target = 48 + round % 8;
        for (int cell = 0; cell < BD_CELLS; cell++) {
            int r = cell / BD_SIZE, c = cell % BD_SIZE;
            if ((round % 3 != 1 && (r == 3 || r == 5)) || (round % 3 != 0 && (c == 3 || c == 5))) {
                puzzle.cells[cell] = 0;
                blanks++;
            }
        }
        while (blanks < target) {
            int cell = tu_below(&seed, BD_CELLS), r = cell / BD_SIZE, c = cell % BD_SIZE;
            if (puzzle.cells[cell] && r != 3 && r != 5 && c != 3 && c != 5) {
                puzzle.cells[cell] = 0;
                blanks++;
            }
        }
        int expected;
        bd_status status = bd_target(&puzzle, &exhaustive, &expected, NULL, NULL);
        expect_target(&puzzle, status, expected);
    }
}

static void test_clashing_givens(void **state)
{
    (void)state;
    bd_grid puzzle;
    memset(&puzzle, 0, sizeof puzzle);
    puzzle.cells[0] = 5;
    puzzle.cells[80] = 5;   /* no clash: different units */
    puzzle.cells[40] = 5;   /* clashes with neither... */
    puzzle.cells[4] = 5;    /* ...but this one shares row 0 with cell 0 */
    expect_target(&puzzle, BD_NO_SOLUTION, -1);
}

/* Unsolvable without any clash: row 0 lacks only 1 and 2 in cells 7 and 8,
 * and column 8 already holds both. */
static void test_unsolvable_without_clash(void **state)
{
    (void)state;
    bd_grid puzzle;
    assert_true(tu_grid("3456789.."
                        "........1"
                        "........."
                        "........2"
                        "........."
                        "........."
                        "........."
                        "........."
                        ".........", &puzzle));
    assert_true(bd_givens_ok(&puzzle));
    expect_target(&puzzle, BD_NO_SOLUTION, -1);
}

/* Each of the `count` grids has givens that do not clash and no completion
 * (Dancing Links finds none), and bd_target says so (-1) within
 * `max_nodes` nodes. */
static void expect_no_completion(const char *const *grids, size_t count, uint64_t max_nodes)
{
    bd_options capped = bd_options_default(), dlx = bd_options_default();
    capped.max_nodes = max_nodes;
    dlx.engine = BD_ENGINE_DLX;
    for (size_t i = 0; i < count; i++) {
        bd_grid puzzle;
        assert_true(tu_grid(grids[i], &puzzle));
        assert_true(bd_givens_ok(&puzzle));
        uint64_t solutions = 1;
        assert_int_equal(bd_count(&puzzle, 0, &dlx, &solutions, NULL), BD_OK);
        assert_int_equal(solutions, 0);
        int score = 0;
        bd_stats stats = {0, 0};
        assert_int_equal(bd_target(&puzzle, &capped, &score, NULL, &stats), BD_NO_SOLUTION);
        assert_int_equal(score, -1);
        assert_true(stats.nodes <= max_nodes);
    }
}

/*
 * Grids whose givens do not clash but that have no completion, shaped by an
 * adversarial search (the example of issue 27 first, then five grown by
 * gen_adversarial's `none` family, seed 2701): cbc proves each infeasible,
 * and both other engines find no completion. The bounded search must say so
 * in the time the fast engine's count needs: within 20,000 nodes. (The
 * optimizer of f35e981, before it asked the fast engine, ran past 95,000
 * nodes on each, and 8.8 million on the first.)
 */
static void test_unsolvable_family(void **state)
{
    (void)state;
    static const char *const grids[] = {
        ".2...........9418...9....................28.........1.4..87...18........1..4..6..",
        ".5.........2..4..3.1...9.....5...7.1..1...2.4.2.............4...........4....7.6.",
        ".5.........2.....3.1...9.4...5...7.1..1...2.4.2..........6..4...........4....7.6.",
        ".5.........2.....3.1...9.4...5...7.1..1...2.4.2..........6..4...........4....3.6.",
        ".5.........2..4..3.1...9.....5...7.1..1..82.4.2.............4...........4....7.6.",
        ".5.........2..4..3.1...9.....52..7.1..1.....4.2.............4...........4....7.6.",
    };
    expect_no_completion(grids, sizeof grids / sizeof grids[0], 20000);
}

/*
 * More grids of that family, on which the fast engine alone needs 9,000 to
 * 42,000 nodes to prove there is no completion (puzzles/target/
 * target_grown3_none.txt lines 3-6, 13 and 14; Dancing Links finds none):
 * the optimizer asks the N x N engine too, and must say so within 7,000
 * nodes. (The optimizer of b17c795, which asked the fast engine alone, ran
 * past 7,000 nodes on each.)
 */
static void test_unsolvable_for_the_fast_engine(void **state)
{
    (void)state;
    static const char *const grids[] = {
        "......1...8...4...1.....5......7....7...3.4.82..8.......9...........72.1.5.......",
        "......1.......4...1.....5......7....7...3.4.82..8.......9..8........72.1.5.......",
        "....5.1...8...4...1.....5......7....7...3.4.82..8.......9...........72.1.5.......",
        "......1...8...4...1.....5......6....7...3.4.82..8.......9...........72.1.5.......",
        "......1.2.8...4...1.....5......7....7...3.4.82..8.......9...........72.1.5.......",
        "......1...8...4...1.....5......5....7...3.4.82..8.......9...........72.1.5.......",
    };
    expect_no_completion(grids, sizeof grids / sizeof grids[0], 7000);
}

/*
 * Grids of that family on which both engines need thousands of nodes
 * (puzzles/target/target_grown10_none.txt lines 20 and 25: the N x N engine
 * alone 31,791 and 18,664 nodes, the fast engine 70,765 and 51,324;
 * Dancing Links finds no completion): the turns of the two engines go on
 * where they stopped, so the optimizer must say so within 45,000 nodes.
 * (The optimizer of e5b9c25, whose turns started again each time, ran
 * past 50,000 nodes on each.)
 */
static void test_unsolvable_for_both_engines(void **state)
{
    (void)state;
    static const char *const grids[] = {
        ".....1...21............9.6.9.........7...63.9.....7..2...8.....6.1....9.....7....",
        ".....1...21............9.6.3.........7...63.9.....7..2...8.....6.1....9.....7....",
    };
    expect_no_completion(grids, sizeof grids / sizeof grids[0], 45000);
}

/*
 * A grid of the same family grown against e5b9c25's turns
 * (puzzles/target/target_grown12_none.txt line 1): each engine alone
 * needs 189,000 nodes or more, Dancing Links finds no completion. The
 * N x N engine's guesses on a unit's places (nxn_task.units) prove it
 * short, so the optimizer must say so within 5,000 nodes (that of
 * 5e585f7 ran to 221,065). The next three (target_grown11_none.txt line
 * 39, grown12 line 17, grown13 line 1) need the right unit among those of
 * as few places (the one whose places have most open peers): taking the
 * first such unit, 31975bb ran to 16,038, 21,583 and 12,909 nodes.
 */
static void test_unsolvable_by_units(void **state)
{
    (void)state;
    static const char *const grids[] = {
        "...1.....8...6...71..8.....21.7...646.....................16.28..........9.......",
        "...........7..2.6..58.3.........8.....97..6........7......9.87.5..3..2...2.......",
        "..........893.4..........1..57.68..3..3.....9..........4..3.......7....4........8",
        "..6........5..9.......8......1....7...91...6....7...5..2..1........951.6.........",
    };
    expect_no_completion(grids, sizeof grids / sizeof grids[0], 5000);
}

/*
 * Hard classic puzzles with one solution each (puzzles/hard_sample.txt:
 * lines 1-3 and 8 of magictour's "top 1465", 6 and 10 of the forum's
 * "hardest" list): the score is that of the solution, which Dancing Links
 * finds and proves unique. `solve` answers them in microseconds, and so
 * must `target`: within 1,500 nodes, where the optimizer of f35e981, which
 * first proved the score by its bound, took 2,800 to 6,400.
 */
static void test_unique_puzzles(void **state)
{
    (void)state;
    static const char *const grids[] = {
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        "7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8.",
        "98.7..6..5...8..7...7..4...32.........94...8.....1...2.9...31....68...5.....9...7",
        "........1.....2.3...4.5.6.....3...7...8.674...7...1..2..5......69..84...84....9..",
    };
    bd_options capped = bd_options_default(), dlx = bd_options_default();
    capped.max_nodes = 1500;
    dlx.engine = BD_ENGINE_DLX;
    for (size_t i = 0; i < sizeof grids / sizeof grids[0]; i++) {
        bd_grid puzzle, solution, best;
        assert_true(tu_grid(grids[i], &puzzle));
        uint64_t count = 0;
        assert_int_equal(bd_count(&puzzle, 2, &dlx, &count, NULL), BD_OK);
        assert_int_equal(count, 1);
        assert_int_equal(bd_solve(&puzzle, &dlx, &solution, NULL), BD_OK);
        int score = 0;
        bd_stats stats = {0, 0};
        assert_int_equal(bd_target(&puzzle, &capped, &score, &best, &stats), BD_OK);
        assert_int_equal(score, bd_score(&solution));
        assert_memory_equal(best.cells, solution.cells, BD_CELLS);
        assert_true(stats.nodes <= 1500);
    }
}

/* A node limit stops the search with BD_CUT_SHORT; the score is -1 or a
 * completion's, and the stats count the nodes spent. */
static void test_node_limit(void **state)
{
    (void)state;
    bd_grid puzzle, best;
    memset(&puzzle, 0, sizeof puzzle);
    bd_options options = bd_options_default();
    options.max_nodes = 40;  /* a completion needs 81 placements */
    bd_stats stats = {0, 0};
    int score = 0;
    assert_int_equal(bd_target(&puzzle, &options, &score, &best, &stats), BD_CUT_SHORT);
    assert_int_equal(score, -1);
    assert_true(stats.nodes >= 40 && stats.nodes <= 41);
    /* Enough for a completion, maybe not for the proof: either way the
     * grid returned is a completion with the score returned. */
    options.max_nodes = 100;
    bd_status status = bd_target(&puzzle, &options, &score, &best, NULL);
    assert_true(status == BD_CUT_SHORT || status == BD_OK);
    if (status == BD_OK)
        assert_int_equal(score, EMPTY_GRID_OPTIMUM);
    if (score >= 0) {
        assert_true(bd_is_solution_of(&puzzle, &best));
        assert_int_equal(bd_score(&best), score);
        assert_true(score <= EMPTY_GRID_OPTIMUM);
    }
}

/* The hard grids of issue 15 and the four adversarial sets (the first
 * ROUND_3_GRIDS of the data) cut short at 10,000 nodes: every best grid
 * returned is a completion of its puzzle, scores what is returned and no
 * more than the optimum cbc proved; and on nearly all of them (at least
 * 1,160 of the 1,205) it is the optimum already, or the search has ended. Without the
 * local search on the incumbent (improve, after 5,000 nodes of a pass:
 * f39d18c) 1,129 are; with it, 1,182: this fails when the local search
 * finds nothing. */
static void test_local_search(void **state)
{
    (void)state;
    FILE *data = fopen(TARGET_HARD_DATA, "r");
    assert_non_null(data);
    bd_options options = bd_options_default();
    options.max_nodes = 10000;
    bd_grid puzzle, best;
    int optimum, puzzles = 0, optimal = 0;
    while (puzzles < ROUND_3_GRIDS && tu_next_optimum(data, &puzzle, &optimum)) {
        int score = -1;
        bd_status status = bd_target(&puzzle, &options, &score, &best, NULL);
        assert_true(status == BD_CUT_SHORT || status == BD_OK || status == BD_NO_SOLUTION);
        if (score >= 0) {
            assert_true(bd_is_solution_of(&puzzle, &best));
            assert_int_equal(bd_score(&best), score);
            assert_true(score <= optimum);
        }
        puzzles++;
        optimal += score == optimum;
    }
    fclose(data);
    assert_int_equal(puzzles, ROUND_3_GRIDS);
    assert_true(optimal >= 1160);
}

/*
 * Sparse grids whose proof at the optimum + 1 ran long from the prices its
 * pass started with (31,871, 46,819 and 24,786 nodes for the optimizer of
 * a22d374): with the restarts from other prices (restart() in target.c)
 * each is proven within 10,000 nodes. The optima are cbc's
 * (tests/data/target_hard_mip.txt).
 */
static void test_restarts(void **state)
{
    (void)state;
    static const struct {
        const char *grid;
        int optimum;
    } cases[] = {
        {".............1..6....................2..................................7........", 2901},
        {"..........6.......2...................................................6..........", 2900},
        {".............5...1............9....2...1..............................6..........", 2898},
    };
    bd_options capped = bd_options_default();
    capped.max_nodes = 10000;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bd_grid puzzle, best;
        assert_true(tu_grid(cases[i].grid, &puzzle));
        int score = -1;
        assert_int_equal(bd_target(&puzzle, &capped, &score, &best, NULL), BD_OK);
        assert_int_equal(score, cases[i].optimum);
        assert_true(bd_is_solution_of(&puzzle, &best));
        assert_int_equal(bd_score(&best), score);
    }
}

static void test_full_grid(void **state)
{
    (void)state;
    bd_grid solution;
    assert_true(tu_grid(KAGGLE[0][1], &solution));
    /* The score by hand-independent means: the naive reference. */
    uint64_t count;
    int expected;
    tu_naive(&solution, 0, &count, &expected);
    assert_int_equal(count, 1);
    expect_target(&solution, BD_OK, expected);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_noip_samples),
        cmocka_unit_test(test_empty_grid),
        cmocka_unit_test(test_mip_optima),
        cmocka_unit_test(test_hard_optima),
        cmocka_unit_test(test_random_against_exhaustive),
        cmocka_unit_test(test_sparser_against_exhaustive),
        cmocka_unit_test(test_symmetric_against_exhaustive),
        cmocka_unit_test(test_clashing_givens),
        cmocka_unit_test(test_unsolvable_without_clash),
        cmocka_unit_test(test_unsolvable_family),
        cmocka_unit_test(test_unsolvable_for_the_fast_engine),
        cmocka_unit_test(test_unsolvable_for_both_engines),
        cmocka_unit_test(test_unsolvable_by_units),
        cmocka_unit_test(test_unique_puzzles),
        cmocka_unit_test(test_node_limit),
        cmocka_unit_test(test_local_search),
        cmocka_unit_test(test_restarts),
        cmocka_unit_test(test_full_grid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
