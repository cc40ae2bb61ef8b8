/*
 * smallest.c - bd_board_smallest: the lexicographically smallest solution
 * (cells read row by row), by a greedy walk over the cells that any
 * engine of the family serves as an oracle.
 *
 * Keep a solution S of the puzzle, and fix the blanks in reading order:
 * at a blank cell, ask the engine for a solution of the puzzle as fixed so
 * far with a value below S's there (the values from S's up ruled out by
 * exclusions). If there is one, it becomes S and the question is asked
 * again below its value; if not, the cell takes S's value. Each fixed
 * cell then holds the least value that any solution agreeing with the
 * cells before it has there, which is the definition of the smallest
 * solution; every cell costs one search more than the improvements found
 * at it. A puzzle whose solution is unique (a count to 2 first) needs no
 * walk. All the searches spend one budget, made from the options.
 */
#include "nxn.h"

#include <string.h>

/* One call: the engine, the budget and the effort. */
typedef struct walk {
    nxn_engine_fn engine;
    bdi_budget budget;
    bd_stats *stats;
} walk;

/* Runs the engine on `puzzle` with `excluded` and a visitor of `mode`
 * (writing into `found` for NXN_FIRST); NXN_RAN, _CUT or _NOMEM, and the
 * number of solutions seen in *count. */
static nxn_run run(walk *w, const bd_board *puzzle, const nxn_exclusion *excluded,
                   int excluded_count, nxn_visit_mode mode, uint64_t limit, bd_board *found,
                   uint64_t *count)
{
    nxn_visitor visitor;
    nxn_visitor_init(&visitor, mode, limit, found);
    nxn_task task = {.puzzle = puzzle, .excluded = excluded, .excluded_count = excluded_count,
                     .budget = &w->budget};
    nxn_run result = w->engine(&task, NULL, &visitor, w->stats);
    *count = visitor.count;
    return result;
}

/* Lowers the value of blank `cell` in `best` (a solution of `fixed`) to the
 * least that a solution of `fixed` has there, and fixes it. */
static nxn_run fix_cell(walk *w, bd_board *fixed, bd_board *best, int cell)
{
    nxn_exclusion excluded[BD_BOARD_MAX];
    for (;;) {
        int count = 0;
        for (int v = best->cells[cell]; v <= fixed->size; v++)
            excluded[count++] = (nxn_exclusion){cell, v};
        uint64_t found = 0;
        nxn_run result = run(w, fixed, excluded, count, NXN_FIRST, 0, best, &found);
        if (result != NXN_RAN)
            return result;
        if (!found)
            break;
    }
    fixed->cells[cell] = best->cells[cell];
    return NXN_RAN;
}

bd_status bd_board_smallest(const bd_board *puzzle, const bd_options *options,
                            bd_board *solution, bd_stats *stats)
{
    bd_options defaults = bd_options_default();
    if (!bd_board_valid(puzzle) || !solution)
        return BD_EINVAL;
    if (!options)
        options = &defaults;
    walk w = {.engine = nxn_engine_for(options), .stats = stats};
    if (!w.engine || !(options->timeout >= 0))
        return BD_EINVAL;
    bdi_budget_init(&w.budget, options);
    bd_board fixed = *puzzle, best = *puzzle;
    uint64_t count = 0;
    nxn_run result = run(&w, &fixed, NULL, 0, NXN_FIRST, 0, &best, &count);
    if (result == NXN_RAN && count == 0)
        return BD_NO_SOLUTION;
    if (result == NXN_RAN)
        result = run(&w, &fixed, NULL, 0, NXN_COUNT, 2, NULL, &count);
    for (int cell = 0; result == NXN_RAN && count > 1 && cell < fixed.size * fixed.size; cell++)
        if (!fixed.cells[cell])
            result = fix_cell(&w, &fixed, &best, cell);
    if (result != NXN_RAN)
        return nxn_run_status(result);
    memcpy(solution->cells, best.cells, (size_t)best.size * (size_t)best.size);
    solution->box_rows = best.box_rows;
    solution->box_cols = best.box_cols;
    solution->size = best.size;
    return BD_OK;
}
