/*
 * diagnose.c - what is wrong with a grid that has no solution
 * (bd_diagnose): a person's partly solved grid, or a puzzle with a typo.
 * It stands above the dispatcher (search.c), whose searches it runs.
 *
 * Three findings, each by the plainest method that gives it exactly:
 *   - clashes: every pair of filled cells with one digit in a row, column
 *     or box, by a scan of the cells before each filled cell;
 *   - culprits (without the original puzzle): the filled cells whose
 *     removal alone leaves a grid with a solution, by removing each in
 *     turn and asking the search for one solution (at most 81 searches,
 *     each on a grid nearly full, so quick);
 *   - wrong entries (with the original puzzle): the cells filled here and
 *     blank there that no solution of the original has, and the givens
 *     changed. One solution of the original settles every entry equal to
 *     it; when the original has only that one, every other entry is wrong;
 *     else each other entry is tried with the original: wrong when that
 *     has no solution.
 * A search that hits the options' limits leaves its question open: the
 * diagnosis says so (cut), and its lists hold what was settled.
 */
#include "core/units.h"

#include <string.h>

/* The unit that cells `a` and `b` share first (row, then column, then
 * box), or -1. */
static int shared_unit(int a, int b)
{
    if (row_of(a) == row_of(b))
        return BD_UNIT_ROW;
    if (col_of(a) == col_of(b))
        return BD_UNIT_COLUMN;
    return box_of(a) == box_of(b) ? BD_UNIT_BOX : -1;
}

/* Every pair of filled cells of `grid` that share a unit and a digit. */
static void find_clashes(const bd_grid *grid, bd_diagnosis *out)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (!grid->cells[cell])
            continue;
        for (int other = 0; other < cell; other++) {
            int unit = shared_unit(cell, other);
            if (unit < 0 || grid->cells[other] != grid->cells[cell])
                continue;
            if (out->clash_count < BD_CELLS)
                out->clashes[out->clash_count] =
                    (bd_clash){.cell = cell, .other = other, .unit = (bd_unit)unit};
            out->clash_count++;
        }
    }
}

/* Whether `grid` has a solution: 1, 0, or -1 when a limit cut the search
 * (noted in out->cut). */
static int has_solution(const bd_grid *grid, const bd_options *options, bd_diagnosis *out)
{
    uint64_t count = 0;
    if (!bd_givens_ok(grid))
        return 0;
    if (bd_count(grid, 1, options, &count, NULL) == BD_CUT_SHORT) {
        out->cut = true;
        return -1;
    }
    return count > 0;
}

/* The filled cells whose removal alone leaves a grid with a solution. */
static void find_culprits(const bd_grid *grid, const bd_options *options, bd_diagnosis *out)
{
    bd_grid without = *grid;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int digit = grid->cells[cell];
        if (!digit)
            continue;
        without.cells[cell] = 0;
        if (has_solution(&without, options, out) == 1)
            out->culprits[out->culprit_count++] = (uint8_t)cell;
        without.cells[cell] = (uint8_t)digit;
    }
}

/* The entries of `grid` that no solution of `original` has, and its
 * changed givens; original_unsolvable when it has no solution. */
static void find_wrong(const bd_grid *grid, const bd_grid *original, const bd_options *options,
                       bd_diagnosis *out)
{
    uint64_t solutions = 0;
    bd_status status = bd_solve(original, options, &out->solution, NULL);
    if (status == BD_CUT_SHORT || (status == BD_OK
                                   && bd_count(original, 2, options, &solutions, NULL)
                                          == BD_CUT_SHORT)) {
        out->cut = true;
        return;
    }
    if (status != BD_OK) {
        out->original_unsolvable = true;
        return;
    }
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int digit = grid->cells[cell];
        if (!digit || digit == out->solution.cells[cell])
            continue;
        bool wrong = original->cells[cell] || solutions == 1;
        if (!wrong) {
            bd_grid with = *original;
            with.cells[cell] = (uint8_t)digit;
            wrong = has_solution(&with, options, out) == 0;
        }
        if (wrong)
            out->wrong[out->wrong_count++] = (uint8_t)cell;
    }
}

bd_status bd_diagnose(const bd_grid *grid, const bd_grid *original, const bd_options *options,
                      bd_diagnosis *out)
{
    if (!grid || !out || !bdi_cells_ok(grid) || (original && !bdi_cells_ok(original)))
        return BD_EINVAL;
    memset(out, 0, sizeof *out);
    int solvable = has_solution(grid, options, out);
    out->solvable = solvable == 1;
    if (out->solvable && !original)
        return BD_OK;
    find_clashes(grid, out);
    if (original)
        find_wrong(grid, original, options, out);
    else if (solvable == 0)
        find_culprits(grid, options, out);
    return BD_OK;
}
