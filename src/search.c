/*
 * search.c - the public search functions: argument checks, the givens check
 * that finds clashing clues before any search, and the choice of engine.
 * Also the search budget (node and time limits) that every engine spends.
 */
#include "internal.h"

#include <string.h>

bd_options bd_options_default(void)
{
    bd_options options = {
        .engine = BD_ENGINE_DFS,
        .order = BD_ORDER_MRV,
        .exhaustive = false,
        .max_nodes = 0,
        .timeout = 0.0,
    };
    return options;
}

double bdi_seconds_since(const struct timespec *start)
{
    struct timespec now;
    timespec_get(&now, TIME_UTC);
    return (double)(now.tv_sec - start->tv_sec)
           + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

void bdi_budget_init(bdi_budget *budget, const bd_options *options)
{
    budget->nodes = 0;
    budget->max_nodes = options->max_nodes;
    budget->timeout = options->timeout;
    budget->cut = false;
    if (budget->timeout > 0)
        timespec_get(&budget->start, TIME_UTC);
}

void bdi_visitor_init(bdi_visitor *v, bdi_visit_mode mode, uint64_t limit)
{
    v->mode = mode;
    v->done = false;
    v->count = 0;
    v->limit = limit;
    v->best_score = -1;
}

void bdi_visit(bdi_visitor *v, const uint8_t *cells, int score)
{
    v->count++;
    switch (v->mode) {
    case VISIT_FIRST:
        memcpy(v->best.cells, cells, BD_CELLS);
        v->done = true;
        break;
    case VISIT_COUNT:
        v->done = v->count == v->limit;
        break;
    case VISIT_TARGET:
        if (score > v->best_score) {
            v->best_score = score;
            memcpy(v->best.cells, cells, BD_CELLS);
        }
        break;
    }
}

bd_status bdi_visitor_solution(const bdi_visitor *v, bool cut, bd_grid *solution)
{
    if (cut)
        return BD_CUT_SHORT;
    if (v->count == 0)
        return BD_NO_SOLUTION;
    *solution = v->best;
    return BD_OK;
}

bd_status bdi_visitor_count(const bdi_visitor *v, bool cut, uint64_t *count)
{
    *count = v->count;
    return cut ? BD_CUT_SHORT : BD_OK;
}

bd_status bdi_visitor_target(const bdi_visitor *v, bool cut, int *score, bd_grid *best)
{
    *score = v->best_score;
    if (v->best_score >= 0 && best)
        *best = v->best;
    if (cut)
        return BD_CUT_SHORT;
    return v->best_score < 0 ? BD_NO_SOLUTION : BD_OK;
}

/* Checks what every search needs; fills *options with the defaults when
 * the caller gave none. */
static bd_status check(const bd_grid *puzzle, const bd_options **options,
                       bd_options *defaults)
{
    if (!puzzle || !bdi_cells_ok(puzzle))
        return BD_EINVAL;
    if (!*options) {
        *defaults = bd_options_default();
        *options = defaults;
    }
    if ((*options)->engine != BD_ENGINE_DFS && (*options)->engine != BD_ENGINE_DLX)
        return BD_EINVAL;
    if ((*options)->order != BD_ORDER_MRV && (*options)->order != BD_ORDER_ROWS)
        return BD_EINVAL;
    if (!((*options)->timeout >= 0))
        return BD_EINVAL;
    return BD_OK;
}

/* The default DFS (MRV order) runs on the fast engine of fast.c; the rows
 * order keeps the plain DFS of solve.c. */
static bool uses_fast(const bd_options *options)
{
    return options->engine == BD_ENGINE_DFS && options->order == BD_ORDER_MRV;
}

bd_status bd_solve(const bd_grid *puzzle, const bd_options *options,
                   bd_grid *solution, bd_stats *stats)
{
    bd_options defaults;
    bd_status status = check(puzzle, &options, &defaults);
    if (status != BD_OK || !solution)
        return status != BD_OK ? status : BD_EINVAL;
    if (uses_fast(options))   /* finds clashing givens itself */
        return bdi_fast_solve(puzzle, options, solution, stats);
    if (!bd_givens_ok(puzzle))
        return BD_NO_SOLUTION;
    if (options->engine == BD_ENGINE_DLX)
        return bdi_dlx_solve(puzzle, options, solution, stats);
    return bdi_dfs_solve(puzzle, options, solution, stats);
}

bd_status bd_count(const bd_grid *puzzle, uint64_t limit,
                   const bd_options *options, uint64_t *count, bd_stats *stats)
{
    bd_options defaults;
    bd_status status = check(puzzle, &options, &defaults);
    if (status != BD_OK || !count)
        return status != BD_OK ? status : BD_EINVAL;
    *count = 0;
    if (uses_fast(options))   /* finds clashing givens itself */
        return bdi_fast_count(puzzle, limit, options, count, stats);
    if (!bd_givens_ok(puzzle))
        return BD_OK;
    if (options->engine == BD_ENGINE_DLX)
        return bdi_dlx_count(puzzle, limit, options, count, stats);
    return bdi_dfs_count(puzzle, limit, options, count, stats);
}

bd_status bd_target(const bd_grid *puzzle, const bd_options *options,
                    int *score, bd_grid *best, bd_stats *stats)
{
    bd_options defaults;
    bd_status status = check(puzzle, &options, &defaults);
    if (status != BD_OK || !score)
        return status != BD_OK ? status : BD_EINVAL;
    *score = -1;
    if (!bd_givens_ok(puzzle))
        return BD_NO_SOLUTION;
    if (options->engine == BD_ENGINE_DLX)
        return bdi_dlx_target(puzzle, options, score, best, stats);
    if (options->exhaustive)
        return bdi_dfs_target(puzzle, options, score, best, stats);
    return bdi_bound_target(puzzle, options, score, best, stats);
}
