/* test_generate.c - bd_generate and its random numbers (random.c): the
 * splitmix64 stream against the reference outputs; every puzzle unique by
 * the Dancing Links engine (independent of the fast engine the generator
 * uses), minimal by taking each given away in turn, its givens those of
 * its solution; given counts, symmetry cell by cell (by mappings written
 * here), levels, unsolvable puzzles, reproducibility, bad options, and
 * giving up after the tries. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "generate/generate.h"
#include "testutil.h"

static int givens_of(const bd_grid *grid)
{
    int count = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        count += grid->cells[cell] != 0;
    return count;
}

/* Solutions of `grid`, up to 2, by Dancing Links. */
static uint64_t dlx_count(const bd_grid *grid)
{
    bd_options options = bd_options_default();
    options.engine = BD_ENGINE_DLX;
    uint64_t count = 0;
    assert_int_equal(bd_count(grid, 2, &options, &count, NULL), BD_OK);
    return count;
}

/* Checks that taking away the givens of `cells[0..n)` leaves a puzzle with
 * two or more solutions. */
static void assert_needed(const bd_grid *puzzle, const int *cells, int n)
{
    bd_grid fewer = *puzzle;
    for (int i = 0; i < n; i++)
        fewer.cells[cells[i]] = 0;
    assert_int_equal(dlx_count(&fewer), 2);
}

/* Every given is needed: the puzzle is minimal. */
static void assert_minimal(const bd_grid *puzzle)
{
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (puzzle->cells[cell])
            assert_needed(puzzle, &cell, 1);
}

/* The puzzle is unique, and its solution (from bd_generate) is a valid
 * grid that holds its givens. */
static void assert_proper(const bd_grid *puzzle, const bd_grid *solution)
{
    assert_true(bd_is_solution_of(puzzle, solution));
    assert_int_equal(dlx_count(puzzle), 1);
}

static bd_grid made(uint64_t seed, uint64_t index, const bd_generate_options *options,
                    bd_grid *solution)
{
    bd_grid puzzle;
    assert_int_equal(bd_generate(seed, index, options, &puzzle, solution, NULL), BD_OK);
    return puzzle;
}

static void test_splitmix64_reference(void **state)
{
    (void)state;
    /* The first outputs of splitmix64 from state 0 (Vigna's reference). */
    bdi_rng rng = {0};
    assert_true(bdi_rng_next(&rng) == 0xE220A8397B1DCDAFu);
    assert_true(bdi_rng_next(&rng) == 0x6E789E6AA1B965F4u);
    assert_true(bdi_rng_next(&rng) == 0x06C45D188009454Fu);
    /* A stream's start, mix(seed ^ mix(stream + increment)), computed by a
     * separate implementation of the formula (Python, arbitrary precision
     * integers masked to 64 bits). */
    bdi_rng_init(&rng, 1, 2);
    assert_true(bdi_rng_next(&rng) == 0x481C920D996FCE04u);
    assert_true(bdi_rng_next(&rng) == 0x45755BBDE008FE9Bu);
    bdi_rng_init(&rng, 12345, 0);
    assert_true(bdi_rng_next(&rng) == 0x7D0C172B38C4327Bu);
}

static void test_below_and_shuffle(void **state)
{
    (void)state;
    bdi_rng rng;
    bdi_rng_init(&rng, 7, 0);
    int seen[5] = {0};
    for (int i = 0; i < 5000; i++)
        seen[bdi_rng_below(&rng, 5)]++;
    for (int v = 0; v < 5; v++)       /* 1000 expected; 6 standard deviations */
        assert_in_range(seen[v], 830, 1170);
    int items[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8}, present = 0;
    bdi_rng_shuffle(&rng, items, 9);
    for (int i = 0; i < 9; i++)
        present |= 1 << items[i];
    assert_int_equal(present, 0x1FF);
}

static void test_minimal_unique(void **state)
{
    (void)state;
    bd_generate_options options = bd_generate_options_default();
    for (uint64_t index = 0; index < 12; index++) {
        bd_grid solution, puzzle = made(2024, index, &options, &solution);
        assert_proper(&puzzle, &solution);
        assert_minimal(&puzzle);
        assert_in_range(givens_of(&puzzle), 17, 40);
    }
}

static void test_reproducible(void **state)
{
    (void)state;
    bd_generate_options options = bd_generate_options_default();
    bd_grid later = made(99, 5, &options, NULL);
    bd_grid first = made(99, 3, &options, NULL);
    bd_grid again3 = made(99, 3, &options, NULL), again5 = made(99, 5, &options, NULL);
    assert_memory_equal(&first, &again3, sizeof first);
    assert_memory_equal(&later, &again5, sizeof later);
    /* Other indices and other seeds give other puzzles. */
    assert_memory_not_equal(&first, &later, sizeof first);
    bd_grid other_seed = made(100, 3, &options, NULL);
    assert_memory_not_equal(&first, &other_seed, sizeof first);
}

static void test_exact_givens(void **state)
{
    (void)state;
    static const int COUNTS[] = {45, 30, 24, 21};
    bd_generate_options options = bd_generate_options_default();
    options.minimal = false;
    for (size_t i = 0; i < sizeof COUNTS / sizeof COUNTS[0]; i++) {
        options.min_givens = options.max_givens = COUNTS[i];
        for (uint64_t index = 0; index < 3; index++) {
            bd_grid solution, puzzle = made(5, index, &options, &solution);
            assert_int_equal(givens_of(&puzzle), COUNTS[i]);
            assert_proper(&puzzle, &solution);
        }
    }
}

static void test_range_and_minimal(void **state)
{
    (void)state;
    bd_generate_options options = bd_generate_options_default();
    options.min_givens = 22;
    options.max_givens = 23;
    for (uint64_t index = 0; index < 4; index++) {
        bd_grid solution, puzzle = made(11, index, &options, &solution);
        assert_in_range(givens_of(&puzzle), 22, 23);
        assert_proper(&puzzle, &solution);
        assert_minimal(&puzzle);
    }
}

/* The image of (row, col) under each symmetry, written out here. */
static int mapped(bd_symmetry symmetry, int row, int col)
{
    switch (symmetry) {
    case BD_SYMMETRY_ROT180: return (8 - row) * 9 + (8 - col);
    case BD_SYMMETRY_ROT90: return col * 9 + (8 - row);
    case BD_SYMMETRY_MIRROR: return row * 9 + (8 - col);
    case BD_SYMMETRY_DIAGONAL: return col * 9 + row;
    default: return row * 9 + col;
    }
}

static bool has_symmetry(const bd_grid *puzzle, bd_symmetry symmetry)
{
    for (int row = 0; row < 9; row++)
        for (int col = 0; col < 9; col++)
            if ((puzzle->cells[row * 9 + col] != 0)
                != (puzzle->cells[mapped(symmetry, row, col)] != 0))
                return false;
    return true;
}

/* No group of givens that the symmetry keeps together can go. */
static void assert_groups_needed(const bd_grid *puzzle, bd_symmetry symmetry)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (!puzzle->cells[cell])
            continue;
        int group[4], n = 0;
        for (int at = cell; n == 0 || at != cell; at = mapped(symmetry, at / 9, at % 9))
            group[n++] = at;
        assert_needed(puzzle, group, n);
    }
}

static void test_symmetries(void **state)
{
    (void)state;
    static const bd_symmetry SYMMETRIES[] = {BD_SYMMETRY_ROT180, BD_SYMMETRY_ROT90,
                                             BD_SYMMETRY_MIRROR, BD_SYMMETRY_DIAGONAL};
    bd_generate_options options = bd_generate_options_default();
    options.minimal = false;
    for (int i = 0; i < 4; i++) {
        options.symmetry = SYMMETRIES[i];
        for (uint64_t index = 0; index < 3; index++) {
            bd_grid solution, puzzle = made(3, index, &options, &solution);
            assert_true(has_symmetry(&puzzle, SYMMETRIES[i]));
            assert_proper(&puzzle, &solution);
            assert_groups_needed(&puzzle, SYMMETRIES[i]);
            if (SYMMETRIES[i] == BD_SYMMETRY_ROT90)
                assert_in_range(givens_of(&puzzle) % 4, 0, 1);
        }
    }
}

static void test_symmetric_strictly_minimal(void **state)
{
    (void)state;
    bd_generate_options options = bd_generate_options_default();
    options.symmetry = BD_SYMMETRY_ROT180;
    bd_grid solution, puzzle = made(8, 0, &options, &solution);
    assert_true(has_symmetry(&puzzle, BD_SYMMETRY_ROT180));
    assert_proper(&puzzle, &solution);
    assert_minimal(&puzzle);
}

static void test_symmetric_exact_givens(void **state)
{
    (void)state;
    bd_generate_options options = bd_generate_options_default();
    options.minimal = false;
    options.min_givens = options.max_givens = 28;
    options.symmetry = BD_SYMMETRY_ROT180;      /* even: the centre must go */
    bd_grid solution, puzzle = made(4, 1, &options, &solution);
    assert_int_equal(givens_of(&puzzle), 28);
    assert_true(has_symmetry(&puzzle, BD_SYMMETRY_ROT180));
    assert_proper(&puzzle, &solution);
    options.symmetry = BD_SYMMETRY_RANDOM;
    options.min_givens = options.max_givens = 30;    /* 30 = 4k + 2: not rot90 */
    for (uint64_t index = 0; index < 4; index++) {
        puzzle = made(4, index, &options, &solution);
        assert_int_equal(givens_of(&puzzle), 30);
        assert_true(has_symmetry(&puzzle, BD_SYMMETRY_ROT180)
                    || has_symmetry(&puzzle, BD_SYMMETRY_MIRROR)
                    || has_symmetry(&puzzle, BD_SYMMETRY_DIAGONAL));
    }
}

/* True when cells a and b (different) share a row, column or box. */
static bool peers(int a, int b)
{
    int ra = a / 9, ca = a % 9, rb = b / 9, cb = b % 9;
    return ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3);
}

/* Whether digit d can go in blank `cell`: no peer holds it. */
static bool fits(const bd_grid *grid, int cell, int d)
{
    for (int other = 0; other < BD_CELLS; other++)
        if (other != cell && grid->cells[other] == d && peers(cell, other))
            return false;
    return true;
}

/* Places one single: a blank with one digit that fits (naked), or a digit
 * that fits in one blank of some row, column or box (hidden). False when
 * there is none. */
static bool place_single(bd_grid *grid)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int count = 0, digit = 0;
        for (int d = 1; d <= 9 && !grid->cells[cell]; d++)
            if (fits(grid, cell, d)) {
                count++;
                digit = d;
            }
        if (count == 1) {
            grid->cells[cell] = (uint8_t)digit;
            return true;
        }
    }
    for (int unit = 0; unit < 27; unit++) {
        for (int d = 1; d <= 9; d++) {
            int count = 0, where = -1;
            for (int pos = 0; pos < 9; pos++) {
                int cell = unit < 9 ? unit * 9 + pos : unit < 18 ? pos * 9 + unit - 9
                         : ((unit - 18) / 3 * 3 + pos / 3) * 9 + (unit - 18) % 3 * 3 + pos % 3;
                if (grid->cells[cell] == d)
                    count = 2;          /* already there */
                else if (!grid->cells[cell] && fits(grid, cell, d)) {
                    count++;
                    where = cell;
                }
            }
            if (count == 1) {
                grid->cells[where] = (uint8_t)d;
                return true;
            }
        }
    }
    return false;
}

/* True when naked and hidden singles alone complete the grid. */
static bool singles_solve(bd_grid grid)
{
    while (place_single(&grid))
        ;
    return givens_of(&grid) == BD_CELLS;
}

static void test_levels(void **state)
{
    (void)state;
    bd_generate_options options = bd_generate_options_default();
    for (int level = BD_LEVEL_EASY; level <= BD_LEVEL_FIENDISH; level++) {
        options.level = level;
        bd_grid solution, puzzle = made(21, (uint64_t)level, &options, &solution);
        assert_proper(&puzzle, &solution);
        bd_rating rating;
        assert_int_equal(bd_rate(&puzzle, NULL, &rating, NULL), BD_OK);
        assert_int_equal(rating.level, level);
        /* Singles alone, by a solver written here, solve the easy and
         * medium puzzles (hidden singles at most), not the fiendish ones;
         * hard ones may need a direct technique or not. */
        if (level != BD_LEVEL_HARD)
            assert_int_equal(singles_solve(puzzle), level <= BD_LEVEL_MEDIUM);
    }
}

static void test_unsolvable(void **state)
{
    (void)state;
    bd_generate_options options = bd_generate_options_default();
    options.unsolvable = true;
    for (uint64_t index = 0; index < 5; index++) {
        bd_grid puzzle = made(17, index, &options, NULL);
        assert_true(bd_givens_ok(&puzzle));
        assert_int_equal(dlx_count(&puzzle), 0);
    }
    options.minimal = false;
    options.min_givens = options.max_givens = 32;
    bd_grid puzzle = made(17, 9, &options, NULL);
    assert_int_equal(givens_of(&puzzle), 32);
    assert_true(bd_givens_ok(&puzzle));
    assert_int_equal(dlx_count(&puzzle), 0);
}

static void test_bad_options(void **state)
{
    (void)state;
    bd_grid puzzle;
    bd_generate_options options = bd_generate_options_default();
    assert_int_equal(bd_generate(1, 0, NULL, &puzzle, NULL, NULL), BD_EINVAL);
    assert_int_equal(bd_generate(1, 0, &options, NULL, NULL, NULL), BD_EINVAL);
    static const int RANGES[][2] = {{16, 30}, {30, 29}, {20, 82}, {0, 0}};
    for (int i = 0; i < 4; i++) {
        bd_generate_options bad = options;
        bad.min_givens = RANGES[i][0];
        bad.max_givens = RANGES[i][1];
        assert_int_equal(bd_generate(1, 0, &bad, &puzzle, NULL, NULL), BD_EINVAL);
    }
    bd_generate_options bad = options;
    bad.minimal = false;
    bad.symmetry = BD_SYMMETRY_ROT90;
    bad.min_givens = 30;
    bad.max_givens = 31;        /* 4k+2 and 4k+3 only */
    assert_int_equal(bd_generate(1, 0, &bad, &puzzle, NULL, NULL), BD_EINVAL);
    bad.max_givens = 32;
    assert_int_equal(bd_generate(1, 0, &bad, &puzzle, NULL, NULL), BD_OK);
    bad = options;
    bad.level = BD_LEVEL_EASY;
    bad.unsolvable = true;
    assert_int_equal(bd_generate(1, 0, &bad, &puzzle, NULL, NULL), BD_EINVAL);
    bad = options;
    bad.max_tries = 0;
    assert_int_equal(bd_generate(1, 0, &bad, &puzzle, NULL, NULL), BD_EINVAL);
    bad = options;
    bad.symmetry = BD_SYMMETRIES;
    assert_int_equal(bd_generate(1, 0, &bad, &puzzle, NULL, NULL), BD_EINVAL);
    bad = options;
    bad.level = BD_LEVELS;
    assert_int_equal(bd_generate(1, 0, &bad, &puzzle, NULL, NULL), BD_EINVAL);
}

static void test_gives_up(void **state)
{
    (void)state;
    /* Minimal puzzles of 40 givens are vanishingly rare: two tries fail. */
    bd_generate_options options = bd_generate_options_default();
    options.min_givens = options.max_givens = 40;
    options.max_tries = 2;
    bd_grid puzzle;
    memset(&puzzle, 0, sizeof puzzle);
    bd_generate_stats stats;
    assert_int_equal(bd_generate(1, 0, &options, &puzzle, NULL, &stats), BD_CUT_SHORT);
    assert_int_equal(stats.tries, 2);
    assert_int_equal(givens_of(&puzzle), 0);    /* nothing written */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_splitmix64_reference),
        cmocka_unit_test(test_below_and_shuffle),
        cmocka_unit_test(test_minimal_unique),
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_exact_givens),
        cmocka_unit_test(test_range_and_minimal),
        cmocka_unit_test(test_symmetries),
        cmocka_unit_test(test_symmetric_strictly_minimal),
        cmocka_unit_test(test_symmetric_exact_givens),
        cmocka_unit_test(test_levels),
        cmocka_unit_test(test_unsolvable),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_gives_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
