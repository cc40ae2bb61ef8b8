/*
 * search.c - the dispatcher: the public search functions (bd_solve,
 * bd_count, bd_solutions, bd_target), their argument checks, the givens
 * check that finds clashing clues before any search, the choice of engine
 * (the table below), and the visitor that turns what an enumerating
 * engine finds into the result (core/visitor.c).
 * It stands above every engine (engine/fast/, engine/dfs.c, target/,
 * dlx/), which stand above the shared machinery of core/ (budget, visitor,
 * grid checks); it knows the engines through core/engine.h only.
 */
#include "core/engine.h"
#include "core/units.h"

typedef bd_status (*target_fn)(const bd_grid *puzzle, const bd_options *options,
                               int *score, bd_grid *best, bd_stats *stats);

/* Which engine serves which function and option. The DLX engine ignores
 * the cell order. Only the fast engine finds clashing givens itself; for
 * the others the givens are checked first. */
typedef struct engine_row {
    bd_engine engine;
    bd_order order;
    bdi_enumerate_fn enumerate;   /* bd_solve, bd_count, bd_solutions */
    target_fn target;             /* the default target: exact, with bounds */
    bdi_enumerate_fn exhaustive;  /* options.exhaustive: every completion */
    bool finds_clashes;           /* `enumerate` checks the givens itself */
} engine_row;

static const engine_row ENGINES[] = {
    {BD_ENGINE_DFS, BD_ORDER_MRV, bdi_fast_enumerate, bdi_bound_target, bdi_dfs_enumerate, true},
    {BD_ENGINE_DFS, BD_ORDER_ROWS, bdi_dfs_enumerate, bdi_bound_target, bdi_dfs_enumerate, false},
    {BD_ENGINE_DLX, BD_ORDER_MRV, bdi_dlx_enumerate, bdi_dlx_bound_target, bdi_dlx_enumerate,
     false},
};
enum { ENGINE_ROWS = sizeof ENGINES / sizeof ENGINES[0] };

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

/* The row of ENGINES that serves `options`, or NULL for an unknown engine
 * or order. */
static const engine_row *engine_for(const bd_options *options)
{
    if (options->order != BD_ORDER_MRV && options->order != BD_ORDER_ROWS)
        return NULL;
    for (int i = 0; i < ENGINE_ROWS; i++)
        if (ENGINES[i].engine == options->engine
            && (ENGINES[i].order == options->order || options->engine == BD_ENGINE_DLX))
            return &ENGINES[i];
    return NULL;
}

/* Checks what every search needs: fills *options with the defaults when
 * the caller gave none, and *row with the engine that serves them. */
static bd_status check(const bd_grid *puzzle, const bd_options **options,
                       bd_options *defaults, const engine_row **row)
{
    if (!puzzle || !bdi_cells_ok(puzzle))
        return BD_EINVAL;
    if (!*options) {
        *defaults = bd_options_default();
        *options = defaults;
    }
    if (!((*options)->timeout >= 0))
        return BD_EINVAL;
    *row = engine_for(*options);
    return *row ? BD_OK : BD_EINVAL;
}

bd_status bd_solve(const bd_grid *puzzle, const bd_options *options,
                   bd_grid *solution, bd_stats *stats)
{
    bd_options defaults;
    const engine_row *row;
    bd_status status = check(puzzle, &options, &defaults, &row);
    if (status != BD_OK || !solution)
        return status != BD_OK ? status : BD_EINVAL;
    if (!row->finds_clashes && !bd_givens_ok(puzzle))
        return BD_NO_SOLUTION;
    return bdi_solve_by(row->enumerate, puzzle, options, solution, stats);
}

bd_status bd_count(const bd_grid *puzzle, uint64_t limit,
                   const bd_options *options, uint64_t *count, bd_stats *stats)
{
    bd_options defaults;
    const engine_row *row;
    bd_status status = check(puzzle, &options, &defaults, &row);
    if (status != BD_OK || !count)
        return status != BD_OK ? status : BD_EINVAL;
    *count = 0;
    if (!row->finds_clashes && !bd_givens_ok(puzzle))
        return BD_OK;
    return bdi_count_by(row->enumerate, puzzle, limit, options, count, stats);
}

bd_status bd_solutions(const bd_grid *puzzle, uint64_t limit, const bd_options *options,
                       bd_solution_fn on_solution, void *context, uint64_t *count,
                       bd_stats *stats)
{
    bd_options defaults;
    const engine_row *row;
    bd_status status = check(puzzle, &options, &defaults, &row);
    if (status != BD_OK || !count || !on_solution)
        return status != BD_OK ? status : BD_EINVAL;
    *count = 0;
    if (!row->finds_clashes && !bd_givens_ok(puzzle))
        return BD_OK;
    return bdi_each_by(row->enumerate, puzzle, limit, options, on_solution, context, count,
                       stats);
}

bd_status bd_target(const bd_grid *puzzle, const bd_options *options,
                    int *score, bd_grid *best, bd_stats *stats)
{
    bd_options defaults;
    const engine_row *row;
    bd_status status = check(puzzle, &options, &defaults, &row);
    if (status != BD_OK || !score)
        return status != BD_OK ? status : BD_EINVAL;
    *score = -1;
    if (!bd_givens_ok(puzzle))
        return BD_NO_SOLUTION;
    if (!options->exhaustive)
        return row->target(puzzle, options, score, best, stats);
    return bdi_target_by(row->exhaustive, puzzle, options, score, best, stats);
}
