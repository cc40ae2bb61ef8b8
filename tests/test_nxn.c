/* test_nxn.c - boards of any size (src/nxn/): the board checks on
 * hand-made boards; the solution counts of empty boards against published
 * totals (Latin squares of orders 1-4, the 288 Shidoku grids, the
 * 28,200,960 grids of 6 x 6 with 2 x 3 or 3 x 2 boxes); counts against a
 * naive counter written here, both engines, on random small puzzles; the
 * bit-parallel engine against Dancing Links (counts and the sets of
 * solutions) on every box shape up to 5 x 5 and on each word width (N up
 * to 64), and on minimal 12 x 12 to 25 x 25 puzzles of puzzles/sizes/
 * (where it finds pairs) with givens blanked; 9 x 9 boards against the 9 x 9 engine and the published Kaggle
 * solutions; Gecode's 16 x 16 instances; node and time limits; the
 * lexicographically smallest solution against a naive search in reading
 * order; and generated puzzles checked by Dancing Links (unique, minimal
 * given by given, symmetric, reproducible, without solution when asked),
 * and a 25 x 25 one minimal given by given by the bit-parallel engine's
 * plain count (its first tries dropped).
 *
 * Random puzzles come from pattern grids under random relabelling, line
 * permutations within bands and stacks and permutations of bands and
 * stacks (testutil-style, never from the engines under test). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitdoku.h"
#include "testutil.h"

#ifndef BITDOKU_PUZZLES_DIR
#error "BITDOKU_PUZZLES_DIR must name the puzzles/ directory"
#endif
#ifndef NXN_DATA_DIR
#error "NXN_DATA_DIR must name tests/data/"
#endif

static bd_options engine_options(bd_engine engine)
{
    bd_options options = bd_options_default();
    options.engine = engine;
    return options;
}

static const bd_engine ENGINES[] = {BD_ENGINE_DFS, BD_ENGINE_DLX};

/* ------------------------------------------------------------------ */
/* Random boards, made without the engines                             */

/* A permutation of 0..n-1 that keeps its groups of `group` consecutive
 * lines together: the groups shuffled, and the lines within each. */
static void group_permutation(uint64_t *state, int n, int group, int *perm)
{
    int groups[BD_BOARD_MAX], lines[BD_BOARD_MAX];
    for (int i = 0; i < n / group; i++)
        groups[i] = i;
    tu_shuffle(state, groups, n / group);
    for (int b = 0; b < n / group; b++) {
        for (int i = 0; i < group; i++)
            lines[i] = i;
        tu_shuffle(state, lines, group);
        for (int i = 0; i < group; i++)
            perm[b * group + i] = groups[b] * group + lines[i];
    }
}

/* A random full board of R x C boxes: the pattern grid whose row r is
 * 1..N shifted by (r % R) * C + r / R, under random symmetries. */
static void random_full(uint64_t *state, int box_rows, int box_cols, bd_board *board)
{
    assert_int_equal(bd_board_init(board, box_rows, box_cols), BD_OK);
    int n = board->size, values[BD_BOARD_MAX], rows[BD_BOARD_MAX], cols[BD_BOARD_MAX];
    for (int i = 0; i < n; i++)
        values[i] = i + 1;
    tu_shuffle(state, values, n);
    group_permutation(state, n, box_rows, rows);
    group_permutation(state, n, box_cols, cols);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int pr = rows[r], pc = cols[c];
            int base = ((pr % box_rows) * box_cols + pr / box_rows + pc) % n;
            board->cells[r * n + c] = (uint8_t)values[base];
        }
}

/* A random full board with `blanks` random cells cleared. */
static void random_puzzle(uint64_t *state, int box_rows, int box_cols, int blanks,
                          bd_board *board)
{
    random_full(state, box_rows, box_cols, board);
    int cells = board->size * board->size, order[BD_BOARD_CELLS_MAX];
    for (int i = 0; i < cells; i++)
        order[i] = i;
    tu_shuffle(state, order, cells);
    for (int i = 0; i < blanks && i < cells; i++)
        board->cells[order[i]] = 0;
}

/* ------------------------------------------------------------------ */
/* The naive reference                                                 */

/* Whether `value` may go at `cell`: no cell of its row, column or box
 * holds it (scanned cell by cell). */
static bool naive_fits(const bd_board *b, int cell, int value)
{
    int n = b->size, row = cell / n, col = cell % n;
    int top = row - row % b->box_rows, left = col - col % b->box_cols;
    for (int i = 0; i < n; i++) {
        int box_cell = (top + i / b->box_cols) * n + left + i % b->box_cols;
        if (b->cells[row * n + i] == value || b->cells[i * n + col] == value
            || b->cells[box_cell] == value)
            return false;
    }
    return true;
}

/* Counts solutions up to `limit` by trying the values in increasing order
 * cell by cell in reading order; the first solution met (the
 * lexicographically smallest) goes to `first` (may be NULL). */
static void naive_count(bd_board *b, int cell, uint64_t limit, uint64_t *count,
                        bd_board *first)
{
    int cells = b->size * b->size;
    while (cell < cells && b->cells[cell])
        cell++;
    if (cell == cells) {
        if (++*count == 1 && first)
            *first = *b;
        return;
    }
    for (int v = 1; v <= b->size && *count < limit; v++)
        if (naive_fits(b, cell, v)) {
            b->cells[cell] = (uint8_t)v;
            naive_count(b, cell + 1, limit, count, first);
            b->cells[cell] = 0;
        }
}

/* The naive count of `puzzle`, 0 when its givens clash. */
static uint64_t naive(const bd_board *puzzle, uint64_t limit, bd_board *first)
{
    bd_board b = *puzzle;
    int cells = b.size * b.size;
    for (int cell = 0; cell < cells; cell++) {
        int v = b.cells[cell];
        if (!v)
            continue;
        b.cells[cell] = 0;
        bool fits = naive_fits(&b, cell, v);
        b.cells[cell] = (uint8_t)v;
        if (!fits)
            return 0;
    }
    uint64_t count = 0;
    naive_count(&b, 0, limit, &count, first);
    return count;
}

/* ------------------------------------------------------------------ */
/* Boards and their checks                                             */

static void test_init_and_validity(void **state)
{
    (void)state;
    bd_board b;
    assert_int_equal(bd_board_init(&b, 0, 3), BD_EINVAL);
    assert_int_equal(bd_board_init(&b, 3, 0), BD_EINVAL);
    assert_int_equal(bd_board_init(&b, 5, 13), BD_EINVAL);   /* 65 */
    assert_int_equal(bd_board_init(&b, 65, 1), BD_EINVAL);
    assert_int_equal(bd_board_init(NULL, 2, 2), BD_EINVAL);
    assert_int_equal(bd_board_init(&b, 1, 64), BD_OK);
    assert_int_equal(b.size, 64);
    assert_int_equal(bd_board_init(&b, 8, 8), BD_OK);
    assert_true(bd_board_valid(&b));
    assert_int_equal(bd_board_init(&b, 2, 3), BD_OK);
    assert_int_equal(b.size, 6);
    assert_true(bd_board_valid(&b));
    b.cells[35] = 6;
    assert_true(bd_board_valid(&b));
    b.cells[35] = 7;                /* above N */
    assert_false(bd_board_valid(&b));
    b.cells[35] = 0;
    b.size = 9;                     /* not R * C */
    assert_false(bd_board_valid(&b));
    assert_false(bd_board_valid(NULL));
    uint64_t count;
    assert_int_equal(bd_board_count(&b, 0, NULL, &count, NULL), BD_EINVAL);
}

static void test_grid_conversion(void **state)
{
    (void)state;
    bd_grid grid, back;
    assert_true(tu_grid("..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..",
                        &grid));
    bd_board b;
    bd_board_from_grid(&grid, &b);
    assert_int_equal(b.box_rows, 3);
    assert_int_equal(b.size, 9);
    assert_int_equal(b.cells[2], 4);
    assert_int_equal(bd_board_to_grid(&b, &back), BD_OK);
    assert_memory_equal(grid.cells, back.cells, BD_CELLS);
    bd_board_init(&b, 2, 2);
    assert_int_equal(bd_board_to_grid(&b, &back), BD_EINVAL);
}

/* A 4 x 4 board (2 x 2 boxes) from 16 digits, '.' blank. */
static void board4(const char *text, bd_board *b)
{
    bd_board_init(b, 2, 2);
    for (int i = 0; i < 16; i++)
        b->cells[i] = text[i] == '.' ? 0 : (uint8_t)(text[i] - '0');
}

static void test_givens_and_check(void **state)
{
    (void)state;
    bd_board puzzle, answer;
    board4("1.........3.....", &puzzle);
    assert_true(bd_board_givens_ok(&puzzle));
    board4("1....1..........", &puzzle);             /* same box */
    assert_false(bd_board_givens_ok(&puzzle));
    board4("1...1...........", &puzzle);             /* same column */
    assert_false(bd_board_givens_ok(&puzzle));
    board4("1..1............", &puzzle);             /* same row */
    assert_false(bd_board_givens_ok(&puzzle));

    /* 1234 / 3412 / 2143 / 4321 is a valid 4 x 4 grid, found by hand. */
    board4("1.3.....2......1", &puzzle);
    board4("1234341221434321", &answer);
    bd_check_result result;
    assert_int_equal(bd_board_check(&puzzle, &answer, &result), BD_OK);
    assert_int_equal(result.verdict, BD_VALID);
    assert_int_equal(result.cell, -1);
    assert_true(bd_board_is_solution_of(&puzzle, &answer));

    board4("12343412214.4321", &answer);
    assert_int_equal(bd_board_check(&puzzle, &answer, &result), BD_OK);
    assert_int_equal(result.verdict, BD_BLANK);
    assert_int_equal(result.cell, 11);
    assert_false(bd_board_is_solution_of(&puzzle, &answer));

    board4("1243341221434321", &answer);             /* r1c3 is 4, given 3 */
    assert_int_equal(bd_board_check(&puzzle, &answer, &result), BD_OK);
    assert_int_equal(result.verdict, BD_CHANGED_GIVEN);
    assert_int_equal(result.cell, 2);
    assert_int_equal(result.digit, 4);
    assert_int_equal(result.given, 3);

    board4("1234341221344321", &answer);             /* r3c3 3 as r2c1... */
    assert_int_equal(bd_board_check(&puzzle, &answer, &result), BD_OK);
    assert_int_equal(result.verdict, BD_CLASH);
    assert_int_equal(result.cell, 10);               /* r3c3 = 3, r4c3 fine */
    assert_int_equal(result.digit, 3);
    assert_int_equal(result.unit, BD_UNIT_COLUMN);   /* r1c3 holds 3 */
    assert_int_equal(result.other, 2);

    bd_board other;
    bd_board_init(&other, 1, 4);
    assert_int_equal(bd_board_check(&puzzle, &other, &result), BD_EINVAL);
    assert_false(bd_board_is_solution_of(&puzzle, &other));
}

/* ------------------------------------------------------------------ */
/* Counts                                                              */

static uint64_t count_with(const bd_board *b, uint64_t limit, bd_engine engine,
                           bd_status expected)
{
    bd_options options = engine_options(engine);
    uint64_t count = 0;
    assert_int_equal(bd_board_count(b, limit, &options, &count, NULL), expected);
    return count;
}

static void test_empty_board_totals(void **state)
{
    (void)state;
    /* Latin squares of orders 1..4 (1, 2, 12, 576), Shidoku (288). */
    static const struct {
        int box_rows, box_cols;
        uint64_t total;
    } TOTALS[] = {{1, 1, 1}, {1, 2, 2}, {2, 1, 2}, {1, 3, 12}, {3, 1, 12},
                  {1, 4, 576}, {4, 1, 576}, {2, 2, 288}};
    for (size_t i = 0; i < sizeof TOTALS / sizeof TOTALS[0]; i++)
        for (int e = 0; e < 2; e++) {
            bd_board b;
            bd_board_init(&b, TOTALS[i].box_rows, TOTALS[i].box_cols);
            assert_int_equal(count_with(&b, 0, ENGINES[e], BD_OK), TOTALS[i].total);
        }
    /* 6 x 6 (2 x 3 or 3 x 2 boxes) has 28,200,960 grids; relabelling the
     * values so that the first row reads 1..6 takes 720 grids to one, so
     * 39,168 have that first row. */
    for (int shape = 0; shape < 2; shape++) {
        bd_board b;
        bd_board_init(&b, shape ? 3 : 2, shape ? 2 : 3);
        for (int c = 0; c < 6; c++)
            b.cells[c] = (uint8_t)(c + 1);
        assert_int_equal(count_with(&b, 0, BD_ENGINE_DFS, BD_OK), 39168);
        assert_int_equal(count_with(&b, 0, BD_ENGINE_DLX, BD_OK), 39168);
        assert_int_equal(count_with(&b, 1000, BD_ENGINE_DFS, BD_OK), 1000);
    }
}

static void test_naive_agrees(void **state)
{
    (void)state;
    static const int SHAPES[][2] = {{1, 2}, {2, 2}, {1, 4}, {2, 3}, {3, 2}, {1, 5}, {2, 4}};
    uint64_t seed = 24;
    for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++)
        for (int round = 0; round < 40; round++) {
            bd_board b;
            int n = SHAPES[s][0] * SHAPES[s][1];
            random_puzzle(&seed, SHAPES[s][0], SHAPES[s][1], tu_below(&seed, n * n / 2 + 1) + n,
                          &b);
            if (round % 4 == 1) {      /* a given changed: often no solution */
                int cell = tu_below(&seed, n * n);
                b.cells[cell] = (uint8_t)(tu_below(&seed, n) + 1);
            }
            uint64_t expected = naive(&b, 50, NULL);
            for (int e = 0; e < 2; e++)
                assert_int_equal(count_with(&b, 50, ENGINES[e], BD_OK), expected);
        }
}

/* The solutions of a board collected in the order found. */
typedef struct collected {
    int count;
    bd_board boards[25];
} collected;

static bool collect(const bd_board *solution, void *context)
{
    collected *c = context;
    c->boards[c->count++] = *solution;
    return true;
}

static int compare_boards(const void *a, const void *b)
{
    const bd_board *x = a, *y = b;
    return memcmp(x->cells, y->cells, (size_t)x->size * (size_t)x->size);
}

/* The bit-parallel engine and Dancing Links find the same solutions of
 * `b` (the same number up to 25, the same set when there are 24 or
 * fewer), each one a solution. */
static void engines_agree(const bd_board *b)
{
    collected found[2];
    for (int e = 0; e < 2; e++) {
        bd_options options = engine_options(ENGINES[e]);
        uint64_t count = 0;
        found[e].count = 0;
        assert_int_equal(bd_board_solutions(b, 25, &options, collect, &found[e], &count, NULL),
                         BD_OK);
        assert_int_equal(count, found[e].count);
        for (int i = 0; i < found[e].count; i++)
            assert_true(bd_board_is_solution_of(b, &found[e].boards[i]));
        qsort(found[e].boards, (size_t)found[e].count, sizeof found[e].boards[0],
              compare_boards);
    }
    assert_int_equal(found[0].count, found[1].count);
    if (found[0].count > 24)
        return;   /* more than 24: each engine's first 25 may differ */
    for (int i = 0; i < found[0].count; i++)
        assert_int_equal(compare_boards(&found[0].boards[i], &found[1].boards[i]), 0);
}

static void test_engines_agree(void **state)
{
    (void)state;
    static const int SHAPES[][2] = {{3, 3}, {2, 4}, {4, 2}, {3, 4}, {4, 3}, {2, 5}, {5, 2},
                                    {4, 4}, {3, 5}, {5, 4}, {5, 5}};
    uint64_t seed = 16;
    for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++) {
        int n = SHAPES[s][0] * SHAPES[s][1];
        for (int round = 0; round < 12; round++) {
            bd_board b;
            /* blanks from a third to two thirds of the cells, a quarter
             * to a half on 25 x 25 (where Dancing Links may take minutes
             * on some boards with more) */
            int low = n > 20 ? n * n / 4 : n * n / 3;
            random_puzzle(&seed, SHAPES[s][0], SHAPES[s][1], low + tu_below(&seed, low), &b);
            if (round % 3 == 2)
                b.cells[tu_below(&seed, n * n)] = (uint8_t)(tu_below(&seed, n) + 1);
            engines_agree(&b);
        }
    }
}

static void test_exact_bands(void **state)
{
    (void)state;
    /* From 20 x 20 up a placement marks only the bands whose words it
     * changed (fast.h's EXACT_BANDS_FROM): boards of 20 to 25 with bands
     * of 2, 3, 4, 5 and 10 rows, and from 19 x 19 (boxes 1 x 19, below the
     * threshold), each with one or more solutions, counted and solved
     * alike by Dancing Links. */
    static const int SHAPES[][2] = {{4, 5}, {2, 10}, {10, 2}, {3, 7}, {5, 5}, {1, 19}};
    uint64_t seed = 2026;
    for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++) {
        int n = SHAPES[s][0] * SHAPES[s][1];
        for (int round = 0; round < 6; round++) {
            bd_board b;
            int low = n * n / 4;
            random_puzzle(&seed, SHAPES[s][0], SHAPES[s][1], low + tu_below(&seed, low), &b);
            engines_agree(&b);
        }
    }
}

static void test_hidden_pairs(void **state)
{
    (void)state;
    /* From 25 x 25 up a stalled propagation looks for hidden pairs
     * (fast.h's HIDDEN_PAIRS_FROM), leaving out the keys whose two cells
     * hold two candidates alone, then for hidden triples (a triple that
     * also clears one of its own digits fails here, tried): boards of 5 x 5, 5 x 6 and 6 x 5 boxes
     * with two fifths to nine twentieths of the cells blank (sparse
     * enough to stall, dense enough for Dancing Links to finish soon),
     * counted and solved alike by Dancing Links. */
    static const int SHAPES[][2] = {{5, 5}, {5, 6}, {6, 5}};
    uint64_t seed = 2525;
    for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++) {
        int n = SHAPES[s][0] * SHAPES[s][1];
        for (int round = 0; round < 6; round++) {
            bd_board b;
            random_puzzle(&seed, SHAPES[s][0], SHAPES[s][1], n * n * 2 / 5 + tu_below(&seed, n * n / 20), &b);
            engines_agree(&b);
        }
    }
}

static void test_band_words(void **state)
{
    (void)state;
    /* 16 x 16 boards of 4 x 4 boxes scan a digit's four bands as 64-bit
     * words (fast.h's BAND_WORDS): boards with a third to three quarters
     * of the cells blank (one solution to many), every fourth with a given
     * changed (often none), counted and solved alike by Dancing Links. */
    uint64_t seed = 4416;
    for (int round = 0; round < 40; round++) {
        bd_board b;
        random_puzzle(&seed, 4, 4, 256 / 3 + tu_below(&seed, 256 * 5 / 12), &b);
        if (round % 4 == 3)
            b.cells[tu_below(&seed, 256)] = (uint8_t)(tu_below(&seed, 16) + 1);
        engines_agree(&b);
    }
}

static void test_word_widths(void **state)
{
    (void)state;
    /* N = 20, 35, 36, 48, 64: 32- and 64-bit words, boxes of every shape. */
    static const int SHAPES[][2] = {{4, 5}, {5, 7}, {6, 6}, {6, 8}, {8, 8}, {1, 64}, {64, 1}};
    uint64_t seed = 64;
    for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++) {
        int n = SHAPES[s][0] * SHAPES[s][1];
        bd_board full, b;
        random_full(&seed, SHAPES[s][0], SHAPES[s][1], &full);
        b = full;
        for (int i = 0; i < n; i++)   /* a few blanks: still one solution */
            b.cells[tu_below(&seed, n * n)] = 0;
        for (int e = 0; e < 2; e++) {
            bd_options options = engine_options(ENGINES[e]);
            bd_board solution;
            assert_int_equal(bd_board_solve(&b, &options, &solution, NULL), BD_OK);
            assert_true(bd_board_is_solution_of(&b, &solution));
        }
        engines_agree(&b);
    }
}

/* ------------------------------------------------------------------ */
/* 9 x 9 and published instances                                       */

/* Reads the lines of `path` (skipping '#' lines and blank ones) into
 * boards of R x C boxes: '1'-'9' then 'A' = 10 ..., '.' or '0' blank. */
static int read_boards(const char *path, int box_rows, int box_cols, bd_board *boards, int max)
{
    FILE *file = fopen(path, "r");
    assert_non_null(file);
    static char line[8192];
    int count = 0;
    while (count < max && fgets(line, sizeof line, file)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        bd_board *b = &boards[count];
        bd_board_init(b, box_rows, box_cols);
        int k = 0;
        for (const char *p = line; *p && *p != '\n' && *p != '\r'; p++) {
            int v = *p == '.' || *p == '0' ? 0 : *p <= '9' ? *p - '0' : *p - 'A' + 10;
            assert_true(k < b->size * b->size);
            b->cells[k++] = (uint8_t)v;
        }
        assert_int_equal(k, b->size * b->size);
        count++;
    }
    fclose(file);
    return count;
}

static void test_nine_by_nine(void **state)
{
    (void)state;
    static bd_board puzzles[80], solutions[80];
    int n = read_boards(BITDOKU_PUZZLES_DIR "/kaggle_sample.txt", 3, 3, puzzles, 80);
    int m = read_boards(BITDOKU_PUZZLES_DIR "/kaggle_sample.solutions.txt", 3, 3, solutions, 80);
    assert_int_equal(n, m);
    for (int i = 0; i < n; i++)
        for (int e = 0; e < 2; e++) {
            bd_options options = engine_options(ENGINES[e]);
            bd_board found;
            assert_int_equal(bd_board_solve(&puzzles[i], &options, &found, NULL), BD_OK);
            assert_memory_equal(found.cells, solutions[i].cells, BD_CELLS);
            assert_int_equal(count_with(&puzzles[i], 2, ENGINES[e], BD_OK), 1);
        }
    /* the 9 x 9 engine and the board engines count alike */
    n = read_boards(BITDOKU_PUZZLES_DIR "/classic.txt", 3, 3, puzzles, 80);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        bd_grid grid;
        uint64_t expected;
        assert_int_equal(bd_board_to_grid(&puzzles[i], &grid), BD_OK);
        assert_int_equal(bd_count(&grid, 1000, NULL, &expected, NULL), BD_OK);
        for (int e = 0; e < 2; e++)
            assert_int_equal(count_with(&puzzles[i], 1000, ENGINES[e], BD_OK), expected);
    }
}

static void test_gecode_16x16(void **state)
{
    (void)state;
    static bd_board puzzles[16];
    int n = read_boards(NXN_DATA_DIR "/gecode_16x16.txt", 4, 4, puzzles, 16);
    assert_true(n >= 5);
    for (int i = 0; i < n; i++) {
        bd_board found[2];
        for (int e = 0; e < 2; e++) {
            bd_options options = engine_options(ENGINES[e]);
            assert_int_equal(bd_board_solve(&puzzles[i], &options, &found[e], NULL), BD_OK);
            assert_true(bd_board_is_solution_of(&puzzles[i], &found[e]));
            assert_int_equal(count_with(&puzzles[i], 2, ENGINES[e], BD_OK), 1);
        }
        assert_memory_equal(found[0].cells, found[1].cells, 256);
    }
}

/* Minimal generated puzzles of 12 x 12, 16 x 16 and 25 x 25 (the bench
 * sets of puzzles/sizes/, where the bit-parallel engine's naked and
 * hidden pairs take part): the same solutions as Dancing Links, as given
 * and, but on 25 x 25 (where Dancing Links takes minutes then), with one
 * given blanked (several solutions, as the puzzles are minimal). */
static void test_big_minimal(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int box_rows, box_cols, count;
    } SETS[] = {{"/sizes/gen_12x12.txt", 3, 4, 8},
                {"/sizes/gen_16x16.txt", 4, 4, 8},
                {"/sizes/gen_25x25.txt", 5, 5, 1}};
    static bd_board puzzles[8];
    uint64_t seed = 25;
    for (size_t s = 0; s < sizeof SETS / sizeof SETS[0]; s++) {
        char path[256];
        snprintf(path, sizeof path, "%s%s", BITDOKU_PUZZLES_DIR, SETS[s].file);
        int count = read_boards(path, SETS[s].box_rows, SETS[s].box_cols, puzzles, SETS[s].count);
        assert_int_equal(count, SETS[s].count);
        for (int i = 0; i < count; i++) {
            bd_board b = puzzles[i];
            engines_agree(&b);
            if (b.size > 16)
                continue;
            int cell;
            do
                cell = tu_below(&seed, b.size * b.size);
            while (!b.cells[cell]);
            b.cells[cell] = 0;
            assert_int_equal(count_with(&b, 2, BD_ENGINE_DLX, BD_OK), 2);   /* minimal */
            engines_agree(&b);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Failure-weighted guesses (10 x 10 and up)                           */

/* The bit-parallel engine's count of `b` (limit 0) and its stats. */
static uint64_t count_stats(const bd_board *b, bd_stats *stats)
{
    bd_options options = engine_options(BD_ENGINE_DFS);
    uint64_t count = 0;
    *stats = (bd_stats){0, 0};
    assert_int_equal(bd_board_count(b, 0, &options, &count, stats), BD_OK);
    return count;
}

static void test_weighted_counts(void **state)
{
    (void)state;
    /* Minimal puzzles of 12 x 12 and 16 x 16 with their first given
     * blanked (hundreds of solutions each): searches with enough failures
     * that the weights grow and are halved. Dancing Links, which weighs
     * nothing, gives the counts; a second search of a board, after
     * another board's, gives the same count in the same nodes, so no
     * weight outlives its search. */
    static const struct {
        const char *file;
        int box_rows, box_cols, lines[2];   /* two lines of the file, from 0 */
    } SETS[] = {{"/sizes/gen_12x12.txt", 3, 4, {1, 2}}, {"/sizes/gen_16x16.txt", 4, 4, {1, 3}}};
    static bd_board puzzles[4];
    for (size_t s = 0; s < sizeof SETS / sizeof SETS[0]; s++) {
        char path[256];
        snprintf(path, sizeof path, "%s%s", BITDOKU_PUZZLES_DIR, SETS[s].file);
        assert_int_equal(read_boards(path, SETS[s].box_rows, SETS[s].box_cols, puzzles, 4), 4);
        bd_board b[2];
        for (int i = 0; i < 2; i++) {
            b[i] = puzzles[SETS[s].lines[i]];
            int cell = 0;
            while (!b[i].cells[cell])
                cell++;
            b[i].cells[cell] = 0;
        }
        bd_stats first, other, again;
        uint64_t count = count_stats(&b[0], &first);
        assert_int_equal(count, count_with(&b[0], 0, BD_ENGINE_DLX, BD_OK));
        /* about guesses + 1 - count leaves fail: more than 64 of them */
        assert_true(first.guesses > count + 64);
        assert_int_equal(count_stats(&b[1], &other), count_with(&b[1], 0, BD_ENGINE_DLX, BD_OK));
        assert_int_equal(count_stats(&b[0], &again), count);
        assert_int_equal(again.nodes, first.nodes);
        assert_int_equal(again.guesses, first.guesses);
    }
}

/* ------------------------------------------------------------------ */
/* Limits                                                              */

static void test_limits(void **state)
{
    (void)state;
    bd_board b;
    bd_board_init(&b, 3, 4);            /* empty 12 x 12: endless */
    for (int e = 0; e < 2; e++) {
        bd_options options = engine_options(ENGINES[e]);
        options.max_nodes = 500;
        bd_stats stats = {0};
        uint64_t count = 0;
        assert_int_equal(bd_board_count(&b, 0, &options, &count, &stats), BD_CUT_SHORT);
        assert_true(stats.nodes <= 501);
        assert_true(stats.nodes >= 500);
        options.max_nodes = 0;
        options.timeout = 0.01;
        assert_int_equal(bd_board_count(&b, 0, &options, &count, NULL), BD_CUT_SHORT);
        options.timeout = -1;
        assert_int_equal(bd_board_count(&b, 0, &options, &count, NULL), BD_EINVAL);
    }
    bd_options unknown = engine_options((bd_engine)7);
    bd_board solution;
    assert_int_equal(bd_board_solve(&b, &unknown, &solution, NULL), BD_EINVAL);
    /* clashing givens: no solution, none counted */
    b.cells[0] = b.cells[1] = 5;
    for (int e = 0; e < 2; e++) {
        bd_options options = engine_options(ENGINES[e]);
        assert_int_equal(bd_board_solve(&b, &options, &solution, NULL), BD_NO_SOLUTION);
        assert_int_equal(count_with(&b, 0, ENGINES[e], BD_OK), 0);
    }
}

/* ------------------------------------------------------------------ */
/* The smallest solution                                               */

static void test_smallest(void **state)
{
    (void)state;
    static const int SHAPES[][2] = {{1, 1}, {2, 2}, {2, 3}, {3, 2}, {1, 4}, {3, 3}};
    uint64_t seed = 989;
    for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++)
        for (int round = 0; round < 10; round++) {
            bd_board b, expected, found;
            int n = SHAPES[s][0] * SHAPES[s][1];
            int blanks = SHAPES[s][0] == 3 && SHAPES[s][1] == 3 ? 45 + round : n * n - round;
            random_puzzle(&seed, SHAPES[s][0], SHAPES[s][1], blanks, &b);
            if (round == 9 && n > 2) {   /* a clash: no solution */
                b.cells[0] = 1;
                b.cells[1] = 1;
            }
            uint64_t solutions = naive(&b, 1, &expected);
            for (int e = 0; e < 2; e++) {
                bd_options options = engine_options(ENGINES[e]);
                bd_status status = bd_board_smallest(&b, &options, &found, NULL);
                if (!solutions) {
                    assert_int_equal(status, BD_NO_SOLUTION);
                    continue;
                }
                assert_int_equal(status, BD_OK);
                assert_memory_equal(found.cells, expected.cells, (size_t)(n * n));
            }
        }
    /* the empty 9 x 9 board: the smallest grid starts 123456789 456789123 */
    bd_board empty, found;
    bd_board_init(&empty, 3, 3);
    assert_int_equal(bd_board_smallest(&empty, NULL, &found, NULL), BD_OK);
    static const uint8_t FIRST_ROWS[18] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 9, 1, 2, 3};
    assert_memory_equal(found.cells, FIRST_ROWS, 18);
    bd_board expected;
    assert_int_equal(naive(&empty, 1, &expected), 1);
    assert_memory_equal(found.cells, expected.cells, BD_CELLS);
}

/* ------------------------------------------------------------------ */
/* Generating                                                          */

static int givens_of(const bd_board *b)
{
    int count = 0;
    for (int i = 0; i < b->size * b->size; i++)
        count += b->cells[i] != 0;
    return count;
}

/* Unique and minimal, by Dancing Links: one solution, `solution`, and a
 * second one as soon as any given is taken away. */
static void check_minimal_unique(const bd_board *puzzle, const bd_board *solution)
{
    assert_int_equal(count_with(puzzle, 2, BD_ENGINE_DLX, BD_OK), 1);
    assert_true(bd_board_is_solution_of(puzzle, solution));
    bd_board b = *puzzle;
    for (int i = 0; i < b.size * b.size; i++) {
        if (!b.cells[i])
            continue;
        b.cells[i] = 0;
        assert_int_equal(count_with(&b, 2, BD_ENGINE_DLX, BD_OK), 2);
        b.cells[i] = puzzle->cells[i];
    }
}

static void test_generate(void **state)
{
    (void)state;
    static const int SHAPES[][2] = {{1, 1}, {1, 2}, {2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}, {3, 4}};
    for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++) {
        int r = SHAPES[s][0], c = SHAPES[s][1];
        bd_generate_options options = bd_board_generate_defaults(r, c);
        assert_int_equal(options.max_givens, r * c * r * c);
        for (uint64_t index = 0; index < 4; index++) {
            bd_board puzzle, solution, again;
            assert_int_equal(bd_board_generate(7, index, r, c, &options, &puzzle, &solution, NULL),
                             BD_OK);
            assert_int_equal(puzzle.box_rows, r);
            assert_int_equal(puzzle.box_cols, c);
            check_minimal_unique(&puzzle, &solution);
            assert_int_equal(bd_board_generate(7, index, r, c, &options, &again, NULL, NULL),
                             BD_OK);
            assert_memory_equal(puzzle.cells, again.cells, (size_t)(r * c * r * c));
        }
    }
}

/* 16 x 16: the puzzles are unique, by Dancing Links, and the same on each
 * call; the full grid is their solution. */
static void test_generate_large(void **state)
{
    (void)state;
    bd_generate_options options = bd_board_generate_defaults(4, 4);
    for (uint64_t index = 0; index < 2; index++) {
        bd_board puzzle, solution, again;
        assert_int_equal(bd_board_generate(7, index, 4, 4, &options, &puzzle, &solution, NULL),
                         BD_OK);
        assert_int_equal(count_with(&puzzle, 2, BD_ENGINE_DLX, BD_OK), 1);
        assert_true(bd_board_is_solution_of(&puzzle, &solution));
        assert_true(givens_of(&puzzle) < 256 / 2);
        assert_int_equal(bd_board_generate(7, index, 4, 4, &options, &again, NULL, NULL), BD_OK);
        assert_memory_equal(puzzle.cells, again.cells, 256);
    }
}

static void test_generate_options(void **state)
{
    (void)state;
    bd_board puzzle, solution, mirror;
    /* symmetric: a given's images are givens */
    bd_generate_options options = bd_board_generate_defaults(2, 3);
    options.symmetry = BD_SYMMETRY_ROT180;
    options.minimal = false;
    for (uint64_t index = 0; index < 6; index++) {
        assert_int_equal(bd_board_generate(3, index, 2, 3, &options, &puzzle, &solution, NULL),
                         BD_OK);
        assert_int_equal(count_with(&puzzle, 2, BD_ENGINE_DLX, BD_OK), 1);
        for (int cell = 0; cell < 36; cell++)
            assert_int_equal(puzzle.cells[cell] != 0, puzzle.cells[35 - cell] != 0);
        assert_int_equal(givens_of(&puzzle) % 2, 0);   /* N even: pairs only */
    }
    options = bd_board_generate_defaults(3, 4);
    options.symmetry = BD_SYMMETRY_DIAGONAL;
    options.minimal = false;
    assert_int_equal(bd_board_generate(3, 0, 3, 4, &options, &puzzle, &solution, NULL), BD_OK);
    for (int r = 0; r < 12; r++)
        for (int c = 0; c < 12; c++)
            assert_int_equal(puzzle.cells[r * 12 + c] != 0, puzzle.cells[c * 12 + r] != 0);
    /* givens: stop there */
    options = bd_board_generate_defaults(3, 4);
    options.minimal = false;
    options.min_givens = 90;
    assert_int_equal(bd_board_generate(5, 0, 3, 4, &options, &puzzle, &solution, NULL), BD_OK);
    assert_int_equal(givens_of(&puzzle), 90);
    assert_int_equal(count_with(&puzzle, 2, BD_ENGINE_DLX, BD_OK), 1);
    /* unsolvable: givens that do not clash, and no solution */
    options = bd_board_generate_defaults(2, 2);
    options.unsolvable = true;
    for (uint64_t index = 0; index < 5; index++) {
        assert_int_equal(bd_board_generate(9, index, 2, 2, &options, &puzzle, NULL, NULL), BD_OK);
        assert_true(bd_board_givens_ok(&puzzle));
        assert_int_equal(count_with(&puzzle, 1, BD_ENGINE_DLX, BD_OK), 0);
    }
    /* other seeds, indices and shapes: other puzzles */
    options = bd_board_generate_defaults(3, 3);
    assert_int_equal(bd_board_generate(1, 0, 3, 3, &options, &puzzle, NULL, NULL), BD_OK);
    assert_int_equal(bd_board_generate(1, 1, 3, 3, &options, &mirror, NULL, NULL), BD_OK);
    assert_memory_not_equal(puzzle.cells, mirror.cells, BD_CELLS);
    /* what cannot be made */
    options = bd_board_generate_defaults(2, 2);
    options.symmetry = BD_SYMMETRY_ROT180;
    options.min_givens = options.max_givens = 5;          /* odd, N even */
    assert_int_equal(bd_board_generate(1, 0, 2, 2, &options, &puzzle, NULL, NULL), BD_EINVAL);
    options = bd_board_generate_defaults(2, 2);
    options.level = BD_LEVEL_EASY;
    assert_int_equal(bd_board_generate(1, 0, 2, 2, &options, &puzzle, NULL, NULL), BD_EINVAL);
    options = bd_board_generate_defaults(2, 2);
    options.max_givens = 17;
    assert_int_equal(bd_board_generate(1, 0, 2, 2, &options, &puzzle, NULL, NULL), BD_EINVAL);
    assert_int_equal(bd_board_generate(1, 0, 0, 2, &options, &puzzle, NULL, NULL), BD_EINVAL);
}

/* ------------------------------------------------------------------ */
/* Generating: every kept given proved needed, or counted unproved     */

/* 16 x 16, seed 1: puzzles 2 and 6 had checks cut short in the first
 * pass, settled by the later rounds; every puzzle says no given is
 * unproved, and Dancing Links finds each minimal: with any one given
 * taken away, a second solution. */
static void test_generate_proved_16x16(void **state)
{
    (void)state;
    bd_generate_options options = bd_board_generate_defaults(4, 4);
    static const uint64_t INDICES[] = {0, 2, 6};
    for (size_t i = 0; i < sizeof INDICES / sizeof INDICES[0]; i++) {
        bd_board puzzle, solution;
        bd_generate_stats stats;
        assert_int_equal(bd_board_generate(1, INDICES[i], 4, 4, &options, &puzzle, &solution,
                                           &stats), BD_OK);
        assert_int_equal(stats.unproved, 0);
        check_minimal_unique(&puzzle, &solution);
    }
}

/* 20 x 20 (boxes of 4 x 5), seed 28, puzzle 0: some checks stay cut short
 * after settling. The puzzle is still made, unique by Dancing Links, and
 * the givens kept unproved are counted (at most all of them), so that the
 * caller does not take it for minimal. */
static void test_generate_unproved(void **state)
{
    (void)state;
    bd_generate_options options = bd_board_generate_defaults(4, 5);
    bd_board puzzle, solution;
    bd_generate_stats stats;
    assert_int_equal(bd_board_generate(28, 0, 4, 5, &options, &puzzle, &solution, &stats), BD_OK);
    assert_true(stats.unproved > 0);
    assert_true(stats.unproved <= (uint64_t)givens_of(&puzzle));
    assert_true(bd_board_is_solution_of(&puzzle, &solution));
    assert_int_equal(count_with(&puzzle, 2, BD_ENGINE_DLX, BD_OK), 1);
    /* Not asked for minimal: nothing is counted. */
    options.minimal = false;
    assert_int_equal(bd_board_generate(28, 0, 4, 5, &options, &puzzle, &solution, &stats), BD_OK);
    assert_int_equal(stats.unproved, 0);
}

/* 25 x 25, seed 1, puzzle 6: its first try leaves too many checks cut
 * short after the first pass and is dropped, so one try alone makes no
 * puzzle; with the default tries the puzzle made has no given unproved,
 * its grid as its one solution, and is minimal by a plain count of the
 * bit-parallel engine (from zero weights and with no value excluded, so
 * not the generator's checks; Dancing Links takes minutes on 25 x 25):
 * two solutions or more with any one given taken away, tried for every
 * fifth given in cell order (these counts are most of the test's time;
 * test_generate_proved_16x16 tries every given, by Dancing Links). */
static void test_generate_proved_25x25(void **state)
{
    (void)state;
    bd_generate_options options = bd_board_generate_defaults(5, 5);
    bd_board puzzle, solution;
    bd_generate_stats stats;
    options.max_tries = 1;
    assert_int_equal(bd_board_generate(1, 6, 5, 5, &options, &puzzle, &solution, &stats),
                     BD_CUT_SHORT);
    options.max_tries = BD_GENERATE_TRIES;
    assert_int_equal(bd_board_generate(1, 6, 5, 5, &options, &puzzle, &solution, &stats), BD_OK);
    assert_true(stats.tries > 1);
    assert_int_equal(stats.unproved, 0);
    assert_true(bd_board_is_solution_of(&puzzle, &solution));
    assert_int_equal(count_with(&puzzle, 2, BD_ENGINE_DFS, BD_OK), 1);
    bd_board b = puzzle;
    int givens_seen = 0, tried = 0;
    for (int i = 0; i < 625; i++) {
        if (!b.cells[i] || givens_seen++ % 5)
            continue;
        b.cells[i] = 0;
        assert_int_equal(count_with(&b, 2, BD_ENGINE_DFS, BD_OK), 2);
        b.cells[i] = puzzle.cells[i];
        tried++;
    }
    assert_int_equal(tried, (givens_of(&puzzle) + 4) / 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_and_validity),
        cmocka_unit_test(test_grid_conversion),
        cmocka_unit_test(test_givens_and_check),
        cmocka_unit_test(test_empty_board_totals),
        cmocka_unit_test(test_naive_agrees),
        cmocka_unit_test(test_engines_agree),
        cmocka_unit_test(test_exact_bands),
        cmocka_unit_test(test_hidden_pairs),
        cmocka_unit_test(test_band_words),
        cmocka_unit_test(test_word_widths),
        cmocka_unit_test(test_nine_by_nine),
        cmocka_unit_test(test_gecode_16x16),
        cmocka_unit_test(test_big_minimal),
        cmocka_unit_test(test_weighted_counts),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_smallest),
        cmocka_unit_test(test_generate),
        cmocka_unit_test(test_generate_large),
        cmocka_unit_test(test_generate_options),
        cmocka_unit_test(test_generate_proved_16x16),
        cmocka_unit_test(test_generate_unproved),
        cmocka_unit_test(test_generate_proved_25x25),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
