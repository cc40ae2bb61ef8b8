/* test_fast.c - the fast engine (engine/fast/), called directly and
 * through the default bd_solve / bd_count: published Kaggle solutions,
 * solution counts that agree with the plain DFS (dfs.c) and the naive
 * reference of testutil.c, capped counts, node and time limits, clashing
 * givens, hard puzzles checked against the plain DFS, and propagation that
 * is the same on a puzzle and its transpose, grids refuted at the root by
 * each half of the triads' contradiction; the choice of kernel that
 * BITDOKU_ISA makes, and every kernel this machine runs against the base.
 *
 * CTest runs it once by default and once under each kernel the library has
 * (BITDOKU_ISA=base, avx2, avx512: test_fast_<kernel>); main checks that the
 * kernel asked for is the one in use, and exits 77 (CTest: skipped, with
 * the reason on stdout) when this machine does not run it. The same file
 * is built against the portable (no intrinsics) library as
 * test_fast_portable. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "engine/fast/fast.h"
#include "samples.h"
#include "testutil.h"

#ifndef BITDOKU_PUZZLES_DIR
#error "BITDOKU_PUZZLES_DIR must name the puzzles/ directory"
#endif

enum { MAX_FILE_PUZZLES = 100 };

/* Reads the 81-cell lines of puzzles/<name>, skipping '#' lines. */
static int read_puzzles(const char *name, bd_grid *grids, int max)
{
    char path[512], line[256];
    snprintf(path, sizeof path, "%s/%s", BITDOKU_PUZZLES_DIR, name);
    FILE *file = fopen(path, "r");
    assert_non_null(file);
    int count = 0;
    while (count < max && fgets(line, sizeof line, file)) {
        if (line[0] == '#')
            continue;
        assert_true(tu_grid(line, &grids[count]));
        count++;
    }
    fclose(file);
    return count;
}

static bd_options plain_dfs(bd_order order)
{
    bd_options options = bd_options_default();
    options.order = order;
    return options;
}

static void test_kaggle_published(void **state)
{
    (void)state;
    bd_grid puzzles[MAX_FILE_PUZZLES], answers[MAX_FILE_PUZZLES];
    int n = read_puzzles("kaggle_sample.txt", puzzles, MAX_FILE_PUZZLES);
    assert_int_equal(n, 69);
    assert_int_equal(read_puzzles("kaggle_sample.solutions.txt", answers, MAX_FILE_PUZZLES), 69);
    bd_options options = bd_options_default();
    for (int i = 0; i < n; i++) {
        bd_grid solution;
        uint64_t count = 0;
        assert_int_equal(
            bdi_solve_by(bdi_fast_enumerate, &puzzles[i], &options, &solution, NULL), BD_OK);
        assert_memory_equal(solution.cells, answers[i].cells, BD_CELLS);
        assert_int_equal(
            bdi_count_by(bdi_fast_enumerate, &puzzles[i], 2, &options, &count, NULL), BD_OK);
        assert_int_equal(count, 1);
        memset(&solution, 0, sizeof solution);
        assert_int_equal(bd_solve(&puzzles[i], NULL, &solution, NULL), BD_OK);
        assert_memory_equal(solution.cells, answers[i].cells, BD_CELLS);
    }
    for (size_t i = 0; i < sizeof KAGGLE / sizeof KAGGLE[0]; i++) {
        bd_grid puzzle, expected, solution;
        assert_true(tu_grid(KAGGLE[i][0], &puzzle));
        assert_true(tu_grid(KAGGLE[i][1], &expected));
        assert_int_equal(
            bdi_solve_by(bdi_fast_enumerate, &puzzle, &options, &solution, NULL), BD_OK);
        assert_memory_equal(solution.cells, expected.cells, BD_CELLS);
    }
}

/* The NOIP samples have 3 and 85 solutions (published figures). */
static void test_noip_counts(void **state)
{
    (void)state;
    const char *texts[] = {NOIP_SAMPLE_1, NOIP_SAMPLE_2};
    const uint64_t counts[] = {NOIP_COUNT_1, NOIP_COUNT_2};
    bd_options options = bd_options_default();
    for (int i = 0; i < 2; i++) {
        bd_grid puzzle, solution;
        uint64_t count = 0;
        assert_true(tu_grid(texts[i], &puzzle));
        assert_int_equal(
            bdi_count_by(bdi_fast_enumerate, &puzzle, 0, &options, &count, NULL), BD_OK);
        assert_int_equal(count, counts[i]);
        for (uint64_t limit = 1; limit <= 4; limit++) {
            assert_int_equal(
                bdi_count_by(bdi_fast_enumerate, &puzzle, limit, &options, &count, NULL), BD_OK);
            assert_int_equal(count, limit < counts[i] ? limit : counts[i]);
        }
        assert_int_equal(
            bdi_solve_by(bdi_fast_enumerate, &puzzle, &options, &solution, NULL), BD_OK);
        assert_true(bd_is_solution_of(&puzzle, &solution));
    }
}

/* One random puzzle: 0, 1 or many solutions. Checks the fast engine
 * against `expected` (from another solver, capped at `cap`) with several
 * limits; returns the expected count. */
static uint64_t check_counts(const bd_grid *puzzle, uint64_t expected, uint64_t cap)
{
    bd_options options = bd_options_default();
    bd_grid solution;
    uint64_t count = 0;
    assert_int_equal(bdi_count_by(bdi_fast_enumerate, puzzle, cap, &options, &count, NULL), BD_OK);
    assert_int_equal(count, expected);
    const uint64_t limits[] = {1, 2, 3, 10};
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        assert_int_equal(
            bdi_count_by(bdi_fast_enumerate, puzzle, limits[i], &options, &count, NULL), BD_OK);
        assert_int_equal(count, expected < limits[i] ? expected : limits[i]);
    }
    bd_status solved = bdi_solve_by(bdi_fast_enumerate, puzzle, &options, &solution, NULL);
    assert_int_equal(solved, expected ? BD_OK : BD_NO_SOLUTION);
    if (solved == BD_OK)
        assert_true(bd_is_solution_of(puzzle, &solution));
    return expected;
}

/* A random puzzle with `blanks` blanks; every third one gets an extra
 * digit that clashes with no given, which often leaves no solution. */
static void random_puzzle(uint64_t *seed, int round, int blanks, bd_grid *puzzle)
{
    tu_random_puzzle(seed, blanks, puzzle);
    if (round % 3 == 2) {
        int cell;
        do
            cell = tu_below(seed, BD_CELLS);
        while (puzzle->cells[cell]);
        puzzle->cells[cell] = (uint8_t)(1 + tu_below(seed, 9));
    }
}

/* Few blanks: against the naive reference, capped at 1000. */
static void test_random_against_naive(void **state)
{
    (void)state;
    uint64_t seed = 0x5EED0001;
    int kinds[3] = {0, 0, 0};   /* none, one, many */
    for (int round = 0; round < 300; round++) {
        bd_grid puzzle;
        random_puzzle(&seed, round, 20 + round % 26, &puzzle);
        if (!bd_givens_ok(&puzzle))
            continue;
        uint64_t naive_count;
        int naive_score;
        tu_naive(&puzzle, 1000, &naive_count, &naive_score);
        uint64_t n = check_counts(&puzzle, naive_count, 1000);
        kinds[n == 0 ? 0 : n == 1 ? 1 : 2]++;
    }
    assert_true(kinds[0] > 0 && kinds[1] > 0 && kinds[2] > 0);
}

/* More blanks: against the plain DFS of engine/dfs.c, capped at 300; in rows
 * order up to 50 blanks, in its own MRV order (faster) beyond. */
static void test_random_against_dfs(void **state)
{
    (void)state;
    uint64_t seed = 0x5EED0002;
    int kinds[3] = {0, 0, 0};
    for (int round = 0; round < 300; round++) {
        bd_grid puzzle;
        int blanks = 36 + round % 25;   /* 36..60 */
        random_puzzle(&seed, round, blanks, &puzzle);
        if (!bd_givens_ok(&puzzle))
            continue;
        bd_options plain = plain_dfs(blanks <= 50 ? BD_ORDER_ROWS : BD_ORDER_MRV);
        uint64_t dfs_count = 0;
        assert_int_equal(
            bdi_count_by(bdi_dfs_enumerate, &puzzle, 300, &plain, &dfs_count, NULL), BD_OK);
        uint64_t n = check_counts(&puzzle, dfs_count, 300);
        kinds[n == 0 ? 0 : n == 1 ? 1 : 2]++;
    }
    assert_true(kinds[0] > 0 && kinds[1] > 0 && kinds[2] > 0);
}

/* Cells a, b (row r1) and c, d (row r2) of columns c1, c2. */
static bool is_deadly_rectangle(const bd_grid *grid, int r1, int r2, int c1, int c2)
{
    const uint8_t *g = grid->cells;
    return g[r1 * BD_SIZE + c1] == g[r2 * BD_SIZE + c2]
           && g[r1 * BD_SIZE + c2] == g[r2 * BD_SIZE + c1];
}

/* A solved grid with the four cells of an a/b rectangle that spans
 * exactly two boxes blanked has exactly two completions (swap a and b);
 * with only one blank it has one, found by propagation alone. The grids
 * are the published Kaggle solutions. */
static void test_deadly_rectangle(void **state)
{
    (void)state;
    bd_grid grids[MAX_FILE_PUZZLES];
    int n = read_puzzles("kaggle_sample.solutions.txt", grids, MAX_FILE_PUZZLES);
    bd_options options = bd_options_default();
    int found = 0;
    for (int i = 0; i < n; i++)
        for (int r1 = 0; r1 < BD_SIZE; r1++)
            for (int r2 = r1 + 1; r2 < BD_SIZE && r2 / BD_BOX == r1 / BD_BOX; r2++)
                for (int c1 = 0; c1 < BD_SIZE; c1++)
                    for (int c2 = (c1 / BD_BOX + 1) * BD_BOX; c2 < BD_SIZE; c2++) {
                        if (!is_deadly_rectangle(&grids[i], r1, r2, c1, c2))
                            continue;
                        bd_grid puzzle = grids[i];
                        puzzle.cells[r1 * BD_SIZE + c1] = puzzle.cells[r1 * BD_SIZE + c2] = 0;
                        puzzle.cells[r2 * BD_SIZE + c1] = puzzle.cells[r2 * BD_SIZE + c2] = 0;
                        uint64_t count = 0;
                        bd_stats stats = {0, 0};
                        assert_int_equal(bdi_count_by(bdi_fast_enumerate,
                                                     &puzzle, 0, &options, &count, &stats), BD_OK);
                        assert_int_equal(count, 2);
                        assert_true(stats.guesses >= 1);
                        found++;
                    }
    assert_true(found > 0);
    for (int i = 0; i < n; i++) {
        bd_grid one_blank = grids[i], solution;
        one_blank.cells[(i * 7) % BD_CELLS] = 0;
        bd_stats stats = {0, 0};
        assert_int_equal(
            bdi_solve_by(bdi_fast_enumerate, &one_blank, &options, &solution, &stats), BD_OK);
        assert_memory_equal(solution.cells, grids[i].cells, BD_CELLS);
        assert_int_equal(stats.guesses, 0);
        assert_int_equal(stats.nodes, 1);   /* the root only */
    }
}

static void test_clashing_givens(void **state)
{
    (void)state;
    const int pairs[][2] = {{0, 8}, {0, 72}, {0, 20}, {40, 44}, {80, 62}};
    bd_options options = bd_options_default();
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        bd_grid puzzle, solution;
        memset(&puzzle, 0, sizeof puzzle);
        puzzle.cells[pairs[i][0]] = 5;
        puzzle.cells[pairs[i][1]] = 5;   /* same row, column or box */
        uint64_t count = 99;
        assert_int_equal(
            bdi_solve_by(bdi_fast_enumerate, &puzzle, &options, &solution, NULL), BD_NO_SOLUTION);
        assert_int_equal(
            bdi_count_by(bdi_fast_enumerate, &puzzle, 0, &options, &count, NULL), BD_OK);
        assert_int_equal(count, 0);
        assert_int_equal(bd_solve(&puzzle, NULL, &solution, NULL), BD_NO_SOLUTION);
    }
}

static void test_limits(void **state)
{
    (void)state;
    bd_grid empty, solution;
    memset(&empty, 0, sizeof empty);
    bd_options options = bd_options_default();
    uint64_t count = 0;
    bd_stats stats = {0, 0};
    options.max_nodes = 1;   /* the root: an empty grid needs a guess */
    assert_int_equal(
        bdi_solve_by(bdi_fast_enumerate, &empty, &options, &solution, NULL), BD_CUT_SHORT);
    options.max_nodes = 1000;
    assert_int_equal(
        bdi_count_by(bdi_fast_enumerate, &empty, 0, &options, &count, &stats), BD_CUT_SHORT);
    assert_true(count <= 1000);
    assert_true(stats.nodes <= 1001);
    options.max_nodes = 0;
    options.timeout = 0.5;   /* wall clock: long enough for the first completion under load */
    assert_int_equal(
        bdi_count_by(bdi_fast_enumerate, &empty, 0, &options, &count, NULL), BD_CUT_SHORT);
    assert_true(count > 0);   /* a lower bound of 6.67e21 */
    options.timeout = 0.05;
    assert_int_equal(bd_count(&empty, 0, &options, &count, NULL), BD_CUT_SHORT);
    options.timeout = 0;
    assert_int_equal(bdi_solve_by(bdi_fast_enumerate, &empty, &options, &solution, NULL), BD_OK);
    assert_true(bd_is_solution_of(&empty, &solution));
}

/* Hard puzzles: a valid solution, unique by the fast engine and by the
 * plain DFS, and the same grid as the plain DFS finds. Those that need a
 * guess are cut short by a one-node limit. */
static void test_hard_sample(void **state)
{
    (void)state;
    bd_grid puzzles[MAX_FILE_PUZZLES];
    int n = read_puzzles("hard_sample.txt", puzzles, MAX_FILE_PUZZLES);
    assert_int_equal(n, 20);
    bd_options options = bd_options_default();
    bd_options mrv = plain_dfs(BD_ORDER_MRV);
    int guessed = 0;
    for (int i = 0; i < n; i++) {
        bd_grid solution, dfs_solution;
        uint64_t count = 0;
        bd_stats stats = {0, 0};
        assert_int_equal(
            bdi_solve_by(bdi_fast_enumerate, &puzzles[i], &options, &solution, &stats), BD_OK);
        assert_true(bd_is_solution_of(&puzzles[i], &solution));
        assert_int_equal(
            bdi_solve_by(bdi_dfs_enumerate, &puzzles[i], &mrv, &dfs_solution, NULL), BD_OK);
        assert_memory_equal(solution.cells, dfs_solution.cells, BD_CELLS);
        assert_int_equal(
            bdi_count_by(bdi_fast_enumerate, &puzzles[i], 2, &options, &count, NULL), BD_OK);
        assert_int_equal(count, 1);
        assert_int_equal(
            bdi_count_by(bdi_dfs_enumerate, &puzzles[i], 2, &mrv, &count, NULL), BD_OK);
        assert_int_equal(count, 1);
        if (stats.guesses > 0) {
            bd_options tight = options;
            tight.max_nodes = 1;
            guessed++;
            assert_int_equal(bdi_solve_by(bdi_fast_enumerate,
                                         &puzzles[i], &tight, &solution, NULL), BD_CUT_SHORT);
        }
    }
    assert_true(guessed > 0);
}

static bd_grid transposed(const bd_grid *grid)
{
    bd_grid out;
    for (int r = 0; r < BD_SIZE; r++)
        for (int c = 0; c < BD_SIZE; c++)
            out.cells[c * BD_SIZE + r] = grid->cells[r * BD_SIZE + c];
    return out;
}

/* The propagation treats rows and columns alike (box-line reduction in
 * bands and in stacks), and its eliminations only grow with fewer
 * candidates, so it reaches the same closure on a puzzle and on its
 * transpose: one needs a guess exactly when the other does. Checked on
 * every step of thinning Kaggle solutions down to minimal puzzles (blanks
 * taken in random order, kept while the plain DFS finds one solution),
 * which crosses the line between propagation alone and guessing. */
static void test_transpose_symmetry(void **state)
{
    (void)state;
    bd_grid solutions[MAX_FILE_PUZZLES];
    int n = read_puzzles("kaggle_sample.solutions.txt", solutions, MAX_FILE_PUZZLES);
    assert_int_equal(n, 69);
    bd_options options = bd_options_default();
    bd_options mrv = plain_dfs(BD_ORDER_MRV);
    uint64_t seed = 0x5EED0003;
    int kinds[2] = {0, 0};   /* solved by propagation, guessed */
    for (int i = 0; i < n; i++) {
        bd_grid puzzle = solutions[i];
        for (int tries = 0; tries < 2 * BD_CELLS; tries++) {
            int cell = tu_below(&seed, BD_CELLS);
            uint8_t digit = puzzle.cells[cell];
            uint64_t count = 0, flipped_count = 0;
            puzzle.cells[cell] = 0;
            assert_int_equal(
                bdi_count_by(bdi_dfs_enumerate, &puzzle, 2, &mrv, &count, NULL), BD_OK);
            if (count != 1) {
                puzzle.cells[cell] = digit;
                continue;
            }
            bd_grid flipped = transposed(&puzzle);
            bd_stats stats = {0, 0}, flipped_stats = {0, 0};
            assert_int_equal(
                bdi_count_by(bdi_fast_enumerate, &puzzle, 2, &options, &count, &stats), BD_OK);
            assert_int_equal(bdi_count_by(bdi_fast_enumerate,
                                         &flipped, 2, &options, &flipped_count, &flipped_stats),
                             BD_OK);
            assert_int_equal(count, 1);
            assert_int_equal(flipped_count, 1);
            assert_int_equal(stats.guesses == 0, flipped_stats.guesses == 0);
            kinds[stats.guesses > 0]++;
        }
    }
    assert_true(kinds[0] > 100 && kinds[1] > 100);
}

/* Checks that the grid of `text` and its transpose have no completion by
 * the plain DFS, and that the fast engine refutes both at the root: count
 * 0, one node, no guess. */
static void refuted_at_root(const char *text)
{
    bd_grid puzzle;
    assert_true(tu_grid(text, &puzzle));
    bd_options options = bd_options_default();
    bd_options mrv = plain_dfs(BD_ORDER_MRV);
    for (int flip = 0; flip < 2; flip++) {
        bd_grid grid = flip ? transposed(&puzzle) : puzzle;
        uint64_t count = 1;
        bd_stats stats = {0, 0};
        assert_int_equal(bdi_count_by(bdi_dfs_enumerate, &grid, 2, &mrv, &count, NULL), BD_OK);
        assert_int_equal(count, 0);
        count = 1;
        assert_int_equal(bdi_count_by(bdi_fast_enumerate, &grid, 2, &options, &count, &stats),
                         BD_OK);
        assert_int_equal(count, 0);
        assert_int_equal(stats.nodes, 1);
        assert_int_equal(stats.guesses, 0);
    }
}

/* A segment that cannot hold three distinct digits, refuted at the root
 * (one node, no guess) by the triads' contradiction, and its transpose (a
 * minicolumn). Digits 6, 3 and 8 fill row 0 of box 1 and row 2 of box 0,
 * so in box 2 all three must go in row 1, whose segment there has two
 * open cells beside its given 5: four digits locked in one segment. The
 * plain DFS agrees that the grid has no completion. */
static void test_pigeonhole(void **state)
{
    (void)state;
    refuted_at_root(
        "...638.........5..638......7...6......4....7......7..........54...48.........5...");
}

/* The other half of the triads' contradiction: a segment where fewer than
 * three digits have a place. Row 0 holds 3, 4, 5 and 6 outside box 0, and
 * box 0 holds 7, 8 and 9 in rows 1 and 2, so the three open cells of row
 * 0 in box 0 can take only 1 and 2. No cell is a naked single (each has
 * two candidates), every row, column and box still has a place for every
 * digit it lacks, and no segment has four digits locked (7, 8 and 9 have
 * a place in row 0 in box 1 and in box 2): only this half refutes the grid
 * at the root (one node, no guess); the same for its transpose (a
 * minicolumn). The plain DFS agrees that the grid has no completion. */
static void test_two_digits_three_cells(void **state)
{
    (void)state;
    refuted_at_root("....34.567........89......................................................."
                    "......");
}

/* The band reduction table, derived again by listing the six permutations
 * rows -> boxes: a permutation fits matrix m when m has its three entries;
 * segment (row r, box b) is cells 9r + 3b .. 9r + 3b + 2 of the band. */
static void test_band_fits(void **state)
{
    (void)state;
    static const int PERMUTATIONS[6][3] = {
        {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (unsigned m = 0; m < 512; m++) {
        uint32_t keep = 0, in_all = 0;
        bool any = false;
        for (int p = 0; p < 6; p++) {
            uint32_t cells = 0, firsts = 0;
            bool fits = true;
            for (int r = 0; r < 3; r++) {
                int b = PERMUTATIONS[p][r];
                fits = fits && ((m >> (3 * r + b)) & 1u);
                cells |= 7u << (9 * r + 3 * b);
                firsts |= 1u << (9 * r + 3 * b);
            }
            if (!fits)
                continue;
            keep |= cells;
            in_all = any ? in_all & firsts : firsts;
            any = true;
        }
        assert_int_equal(bdi_band_fits[m].keep, keep);
        assert_int_equal(bdi_band_fits[m].in_all, in_all);
    }
}


/* Whether `kernel` is built into the library and runs on this machine. */
static bool runs_here(const bdi_fast_kernel *kernel)
{
    return kernel->enumerate && (!kernel->runs_here || kernel->runs_here());
}

/* The choice of kernel from a value of BITDOKU_ISA: the default is the
 * first kernel of the table (the widest first) that is built and runs
 * here, the base (last) where no other does; a kernel's name picks it
 * where it runs; any other value keeps the default and says why, in a
 * text that names every value BITDOKU_ISA takes. */
static void test_isa_choice(void **state)
{
    (void)state;
    const bdi_fast_kernel *first_usable = NULL, *kernel = bdi_fast_kernels;
    for (; kernel->name; kernel++)
        if (!first_usable && runs_here(kernel))
            first_usable = kernel;
    const bdi_fast_kernel *base = kernel - 1;
    assert_string_equal(base->name, "base");
    assert_ptr_equal(base->enumerate, bdi_fast_enumerate_base);
    assert_null(base->runs_here);
    assert_non_null(first_usable);
    const char *defaults[] = {NULL, "", "auto"};
    for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++) {
        bdi_isa_choice choice = bdi_fast_choose(defaults[i]);
        assert_ptr_equal(choice.kernel, first_usable);
        assert_int_equal(choice.problem, ISA_HONOURED);
    }
    const char *unknown[] = {"sse9", "Base", "AVX512", "AVX2", "base ", " auto", "auto,base", "avx"};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        bdi_isa_choice choice = bdi_fast_choose(unknown[i]);
        assert_ptr_equal(choice.kernel, first_usable);
        assert_int_equal(choice.problem, ISA_UNKNOWN);
    }
    for (kernel = bdi_fast_kernels; kernel->name; kernel++) {
        bdi_isa_choice choice = bdi_fast_choose(kernel->name);
        bdi_isa_problem expected = !kernel->enumerate ? ISA_NOT_BUILT
                                   : !runs_here(kernel) ? ISA_NOT_RUN : ISA_HONOURED;
        assert_int_equal(choice.problem, expected);
        assert_ptr_equal(choice.kernel, expected == ISA_HONOURED ? kernel : first_usable);
    }
    assert_null(bdi_isa_problem_text(ISA_HONOURED));
    for (int problem = ISA_UNKNOWN; problem <= ISA_NOT_RUN; problem++) {
        const char *text = bdi_isa_problem_text((bdi_isa_problem)problem);
        assert_non_null(strstr(text, "auto"));
        for (kernel = bdi_fast_kernels; kernel->name; kernel++)
            assert_non_null(strstr(text, kernel->name));
    }
}

/* The solutions that bdi_each_by hands over, in order, up to MAX_LISTED. */
enum { MAX_LISTED = 20 };
typedef struct listed {
    int count;
    bd_grid grids[MAX_LISTED];
} listed;

/* A bd_solution_fn: appends `solution` to the `listed` at `context`. */
static bool list_solution(const bd_grid *solution, void *context)
{
    listed *list = context;
    assert_true(list->count < MAX_LISTED);
    list->grids[list->count++] = *solution;
    return true;
}

/* What one kernel makes of one puzzle. */
typedef struct kernel_run {
    bd_status solved, counted, listed_status, limited;
    bd_grid solution;
    uint64_t count, listed_count, limited_count;
    bd_stats solve_stats, count_stats, list_stats, limited_stats;
    listed list;
} kernel_run;

/* Runs `engine` on `puzzle`: solving, counting to 100, listing the first
 * MAX_LISTED solutions, and counting with a limit of 3 nodes. */
static void run_kernel(bdi_enumerate_fn engine, const bd_grid *puzzle, kernel_run *run)
{
    bd_options options = bd_options_default();
    memset(run, 0, sizeof *run);
    run->solved = bdi_solve_by(engine, puzzle, &options, &run->solution, &run->solve_stats);
    run->counted = bdi_count_by(engine, puzzle, 100, &options, &run->count, &run->count_stats);
    run->listed_status = bdi_each_by(engine, puzzle, MAX_LISTED, &options, list_solution,
                                     &run->list, &run->listed_count, &run->list_stats);
    options.max_nodes = 3;
    run->limited = bdi_count_by(engine, puzzle, 0, &options, &run->limited_count,
                                &run->limited_stats);
}

/* Asserts that two runs' effort is the same. */
static void assert_same_stats(bd_stats a, bd_stats b)
{
    assert_int_equal(a.nodes, b.nodes);
    assert_int_equal(a.guesses, b.guesses);
}

/* One puzzle through `kernel` and the base: the same status, solution,
 * count, solutions in the same order, nodes and guesses, solving, counting
 * and listing, and when a node limit cuts the search (the same rules to
 * the same fixed point, so the same search tree). */
static void check_kernels_agree(bdi_enumerate_fn kernel, const bd_grid *puzzle)
{
    kernel_run run, base;
    run_kernel(kernel, puzzle, &run);
    run_kernel(bdi_fast_enumerate_base, puzzle, &base);
    assert_int_equal(run.solved, base.solved);
    if (base.solved == BD_OK)
        assert_memory_equal(run.solution.cells, base.solution.cells, BD_CELLS);
    assert_int_equal(run.counted, BD_OK);
    assert_int_equal(base.counted, BD_OK);
    assert_int_equal(run.count, base.count);
    assert_int_equal(run.listed_status, base.listed_status);
    assert_int_equal(run.listed_count, base.listed_count);
    assert_int_equal(run.list.count, base.list.count);
    assert_memory_equal(run.list.grids, base.list.grids, sizeof(bd_grid) * (size_t)base.list.count);
    assert_int_equal(run.limited, base.limited);
    assert_int_equal(run.limited_count, base.limited_count);
    assert_same_stats(run.solve_stats, base.solve_stats);
    assert_same_stats(run.count_stats, base.count_stats);
    assert_same_stats(run.list_stats, base.list_stats);
    assert_same_stats(run.limited_stats, base.limited_stats);
}

/* `kernel` against the base on random puzzles (0, 1 or many solutions,
 * 20-64 blanks), the samples of the six benchmark sets (the hard sample:
 * top1465 and 1905_11+; the sets sample: 17_clue, 1106 and serg; the
 * Kaggle sample), and Kaggle samples with one given more (clashing or
 * not). */
static void check_kernel_on_samples(bdi_enumerate_fn kernel)
{
    uint64_t seed = 0x5EED0004;
    for (int round = 0; round < 600; round++) {
        bd_grid puzzle;
        random_puzzle(&seed, round, 20 + round % 45, &puzzle);
        if (bd_givens_ok(&puzzle))
            check_kernels_agree(kernel, &puzzle);
    }
    bd_grid puzzles[MAX_FILE_PUZZLES];
    int n = read_puzzles("hard_sample.txt", puzzles, MAX_FILE_PUZZLES);
    for (int i = 0; i < n; i++)
        check_kernels_agree(kernel, &puzzles[i]);
    n = read_puzzles("sets_sample.txt", puzzles, MAX_FILE_PUZZLES);
    assert_int_equal(n, 30);
    for (int i = 0; i < n; i++)
        check_kernels_agree(kernel, &puzzles[i]);
    n = read_puzzles("kaggle_sample.txt", puzzles, MAX_FILE_PUZZLES);
    for (int i = 0; i < n; i++)
        check_kernels_agree(kernel, &puzzles[i]);
    /* the givens set up (and their clashes found) alike: each sample
     * with a blank given a random digit, which mostly clashes */
    int clashing = 0;
    for (int i = 0; i < n; i++)
        for (int tries = 0; tries < 4; tries++) {
            bd_grid puzzle = puzzles[i], solution;
            int cell;
            do
                cell = tu_below(&seed, BD_CELLS);
            while (puzzle.cells[cell]);
            puzzle.cells[cell] = (uint8_t)(1 + tu_below(&seed, BD_SIZE));
            check_kernels_agree(kernel, &puzzle);
            if (!bd_givens_ok(&puzzle)) {
                bd_options options = bd_options_default();
                clashing++;
                assert_int_equal(bdi_solve_by(kernel, &puzzle, &options, &solution, NULL),
                                 BD_NO_SOLUTION);
            }
        }
    assert_true(clashing > n && clashing < 4 * n);
}

/* Every kernel other than the base that this machine runs, against the
 * base; skipped (saying why) when there is none. */
static void test_kernels_agree(void **state)
{
    (void)state;
    int compared = 0;
    for (const bdi_fast_kernel *kernel = bdi_fast_kernels; kernel->name; kernel++) {
        if (kernel->enumerate == bdi_fast_enumerate_base)
            continue;
        if (!runs_here(kernel)) {
            print_message("kernel %s: %s, not compared with the base\n", kernel->name,
                          kernel->enumerate ? "not run by this machine" : "not built");
            continue;
        }
        check_kernel_on_samples(kernel->enumerate);
        compared++;
    }
    if (!compared)
        skip();
}

/* The kernel the tests run on through bdi_fast_enumerate and bd_solve:
 * the one BITDOKU_ISA names (the default when it is unset, empty or
 * "auto"). Returns 0 when that kernel is in use, 77 (CTest's "skipped")
 * when this machine does not run it, 1 when BITDOKU_ISA is wrong. */
static int check_kernel_in_use(void)
{
    const char *asked = getenv("BITDOKU_ISA"), *name, *why;
    if (bd_isa(&name, &why) != BD_OK) {
        printf("test_fast: BITDOKU_ISA=%s: %s\n", asked, why);
        return bdi_fast_choice().problem == ISA_NOT_RUN ? 77 : 1;
    }
    assert_ptr_equal(bdi_fast_choice().kernel, bdi_fast_choose(asked).kernel);
    if (asked && *asked && strcmp(asked, "auto") && strcmp(asked, name)) {
        printf("test_fast: BITDOKU_ISA=%s, but kernel %s is in use\n", asked, name);
        return 1;
    }
    printf("test_fast: kernel %s (BITDOKU_ISA=%s)\n", name, asked ? asked : "unset");
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kaggle_published),
        cmocka_unit_test(test_noip_counts),
        cmocka_unit_test(test_random_against_naive),
        cmocka_unit_test(test_random_against_dfs),
        cmocka_unit_test(test_deadly_rectangle),
        cmocka_unit_test(test_clashing_givens),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_hard_sample),
        cmocka_unit_test(test_transpose_symmetry),
        cmocka_unit_test(test_pigeonhole),
        cmocka_unit_test(test_two_digits_three_cells),
        cmocka_unit_test(test_band_fits),
        cmocka_unit_test(test_isa_choice),
        cmocka_unit_test(test_kernels_agree),
    };
    int kernel = check_kernel_in_use();
    if (kernel)
        return kernel;
    return cmocka_run_group_tests(tests, NULL, NULL);
}
