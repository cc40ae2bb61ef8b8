/* test_grid.c - weights, scores, the givens check, solution checks and
 * formatting. Expected values are worked out by hand in the comments. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "bitdoku.h"
#include "core/units.h"
#include "testutil.h"

static void test_weights(void **state)
{
    (void)state;
    assert_int_equal(bd_weight(0), 6);          /* corner */
    assert_int_equal(bd_weight(8), 6);
    assert_int_equal(bd_weight(40), 10);        /* centre r4c4 */
    assert_int_equal(bd_weight(10), 7);         /* r1c1 */
    assert_int_equal(bd_weight(1 * 9 + 4), 7);  /* r1c4 */
    assert_int_equal(bd_weight(2 * 9 + 2), 8);  /* r2c2 */
    assert_int_equal(bd_weight(3 * 9 + 4), 9);  /* r3c4 */
    assert_int_equal(bd_weight(4 * 9 + 0), 6);  /* r4c0, outer ring */
    /* Ring sizes 32, 24, 16, 8, 1: 32*6 + 24*7 + 16*8 + 8*9 + 10 = 570. */
    int sum = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        sum += bd_weight(cell);
    assert_int_equal(sum, 570);
}

static void test_score(void **state)
{
    (void)state;
    bd_grid grid;
    memset(&grid, 0, sizeof grid);
    assert_int_equal(bd_score(&grid), 0);
    grid.cells[40] = 9;
    grid.cells[0] = 1;
    assert_int_equal(bd_score(&grid), 9 * 10 + 1 * 6);
    /* Every cell 5: 5 * 570. */
    memset(grid.cells, 5, BD_CELLS);
    assert_int_equal(bd_score(&grid), 2850);
}

static void test_givens_ok(void **state)
{
    (void)state;
    bd_grid grid;
    memset(&grid, 0, sizeof grid);
    assert_true(bd_givens_ok(&grid));
    grid.cells[0] = 5;
    grid.cells[8] = 5;                  /* same row */
    assert_false(bd_givens_ok(&grid));
    grid.cells[8] = 0;
    grid.cells[72] = 5;                 /* same column */
    assert_false(bd_givens_ok(&grid));
    grid.cells[72] = 0;
    grid.cells[20] = 5;                 /* r2c2: same box */
    assert_false(bd_givens_ok(&grid));
    grid.cells[20] = 0;
    grid.cells[30] = 5;                 /* r3c3: no shared unit */
    assert_true(bd_givens_ok(&grid));
    grid.cells[1] = 10;                 /* not a digit */
    assert_false(bd_givens_ok(&grid));
}

static void test_is_solution_of(void **state)
{
    (void)state;
    bd_grid puzzle, solution;
    assert_true(tu_grid("864371259325849761971265843436192587198657432257483916"
                        "689734125713528694542916378", &solution));
    puzzle = solution;
    for (int cell = 0; cell < BD_CELLS; cell += 2)
        puzzle.cells[cell] = 0;
    assert_true(bd_is_solution_of(&puzzle, &solution));
    bd_grid wrong = solution;
    wrong.cells[1] = solution.cells[0];  /* now a row holds a digit twice */
    wrong.cells[0] = solution.cells[1];  /* swap keeps rows and... */
    assert_false(bd_is_solution_of(&puzzle, &wrong));  /* ...breaks columns */
    bd_grid holed = solution;
    holed.cells[5] = 0;
    assert_false(bd_is_solution_of(&puzzle, &holed));
    puzzle.cells[2] = (uint8_t)(solution.cells[2] % 9 + 1);  /* a given it does not keep */
    assert_false(bd_is_solution_of(&puzzle, &solution));
}

/* bd_check on the first Kaggle sample and its published solution, with
 * faults put in by hand; the expected cells are read off the grids:
 *
 *   puzzle   ..43..2.9 ..5..9..1 .7..6..43 ...    solution  864371259
 *                                                           325849761
 *   column 1 of the solution, top down: 8 3 9 4 1 2 6 7 5   971265843 ...
 */
static void test_check(void **state)
{
    (void)state;
    bd_grid puzzle, solution, answer;
    bd_check_result r;
    assert_true(tu_grid("..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6....."
                        "1.5..35.869..4291.3..", &puzzle));
    assert_true(tu_grid("864371259325849761971265843436192587198657432257483916"
                        "689734125713528694542916378", &solution));
    assert_int_equal(bd_check(&puzzle, &solution, &r), BD_OK);
    assert_int_equal(r.verdict, BD_VALID);
    assert_int_equal(r.cell, -1);

    answer = solution;
    answer.cells[40] = 0;                  /* r5c5 left blank */
    assert_int_equal(bd_check(&puzzle, &answer, &r), BD_OK);
    assert_int_equal(r.verdict, BD_BLANK);
    assert_int_equal(r.cell, 40);

    answer = solution;
    answer.cells[2] = 9;                   /* the given 4 of r1c3 changed */
    assert_int_equal(bd_check(&puzzle, &answer, &r), BD_OK);
    assert_int_equal(r.verdict, BD_CHANGED_GIVEN);
    assert_int_equal(r.cell, 2);
    assert_int_equal(r.digit, 9);
    assert_int_equal(r.given, 4);

    answer = solution;
    answer.cells[4] = 6;                   /* r1c5 (blank in the puzzle): 6, as r1c2 */
    assert_int_equal(bd_check(&puzzle, &answer, &r), BD_OK);
    assert_int_equal(r.verdict, BD_CLASH);
    assert_int_equal(r.cell, 4);
    assert_int_equal(r.other, 1);
    assert_int_equal(r.unit, BD_UNIT_ROW);

    answer = solution;                     /* r1c1 and r1c2 swapped: rows and boxes */
    answer.cells[0] = 6;                   /* stay valid; column 1 gets 6 twice, first */
    answer.cells[1] = 8;                   /* at r7c1 (cell 54) */
    assert_int_equal(bd_check(&puzzle, &answer, &r), BD_OK);
    assert_int_equal(r.verdict, BD_CLASH);
    assert_int_equal(r.cell, 54);
    assert_int_equal(r.other, 0);
    assert_int_equal(r.unit, BD_UNIT_COLUMN);

    answer = solution;
    answer.cells[10] = 8;                  /* r2c2: 8, as r1c1 in box 1 only */
    assert_int_equal(bd_check(&puzzle, &answer, &r), BD_OK);
    assert_int_equal(r.verdict, BD_CLASH);
    assert_int_equal(r.cell, 10);
    assert_int_equal(r.other, 0);
    assert_int_equal(r.unit, BD_UNIT_BOX);

    answer.cells[10] = 10;                 /* not a digit: a caller's bug */
    assert_int_equal(bd_check(&puzzle, &answer, &r), BD_EINVAL);
    assert_int_equal(bd_check(&puzzle, NULL, &r), BD_EINVAL);
}

static void test_format_shapes(void **state)
{
    (void)state;
    bd_grid grid;
    char buf[BD_FORMAT_MAX];
    memset(&grid, 0, sizeof grid);
    grid.cells[0] = 7;
    grid.cells[80] = 1;
    size_t n = bd_format(&grid, BD_SHAPE_LINE, buf);
    assert_int_equal(n, 82);
    assert_int_equal(buf[0], '7');
    assert_int_equal(buf[1], '.');
    assert_int_equal(buf[80], '1');
    assert_int_equal(buf[81], '\n');

    n = bd_format(&grid, BD_SHAPE_SPACED, buf);
    assert_int_equal(n, 9 * 18);
    assert_memory_equal(buf, "7 . . . . . . . .\n", 18);
    assert_string_equal(buf + 8 * 18, ". . . . . . . . 1\n");

    n = bd_format(&grid, BD_SHAPE_COMPACT, buf);
    assert_int_equal(n, 90);
    assert_memory_equal(buf, "7........\n", 10);

    n = bd_format(&grid, BD_SHAPE_PRETTY, buf);
    assert_int_equal(n, 13 * 26);
    assert_memory_equal(buf, "+-------+-------+-------+\n| 7 . . | . . . | . . . |\n", 52);
    assert_string_equal(buf + 12 * 26, "+-------+-------+-------+\n");
}

/* The table of each unit's cells: units 0..8 the rows, 9..17 the
 * columns, 18..26 the boxes; a few cells worked by hand, then every unit
 * holds nine cells of its own (row_of, col_of, box_of say whose), all
 * different and in increasing order (left to right, top to bottom, row
 * by row in a box), which settles the whole table. */
static void test_unit_cells(void **state)
{
    (void)state;
    assert_int_equal(bdi_unit_cells[4][0], 36);        /* row 4 starts at r4c0 */
    assert_int_equal(bdi_unit_cells[9 + 3][8], 75);    /* column 3 ends at r8c3 */
    assert_int_equal(bdi_unit_cells[18 + 4][0], 30);   /* the centre box: r3c3 ... */
    assert_int_equal(bdi_unit_cells[18 + 4][8], 50);   /* ... to r5c5 */
    assert_int_equal(bdi_unit_cells[18 + 8][4], 70);   /* the last box's middle, r7c7 */
    for (int kind = 0; kind < UNIT_KINDS; kind++)
        for (int index = 0; index < BD_SIZE; index++)
            for (int pos = 0; pos < BD_SIZE; pos++) {
                int cell = bdi_unit_cells[kind * BD_SIZE + index][pos];
                assert_in_range(cell, 0, BD_CELLS - 1);
                assert_int_equal(unit_of(kind, cell), index);
                if (pos > 0)
                    assert_true(cell > bdi_unit_cells[kind * BD_SIZE + index][pos - 1]);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_weights),
        cmocka_unit_test(test_score),
        cmocka_unit_test(test_givens_ok),
        cmocka_unit_test(test_is_solution_of),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_format_shapes),
        cmocka_unit_test(test_unit_cells),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
