/*
 * search.c - the dispatcher: the public search functions (bd_solve,
 * bd_count, bd_solutions, bd_target, and bd_solve_marks, bd_count_marks,
 * bd_solutions_marks for puzzles given as pencil marks), their argument
 * checks, the givens check that finds clashing clues before any search,
 * the choice of engine (the table below), and the visitor that turns what
 * an enumerating engine finds into the result (core/visitor.c).
 * Pencil marks go to the engines that take them (the reference DFS, and
 * Dancing Links): the fast engine takes givens only, so with the default
 * options they run the DFS in MRV order.
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
    bdi_enumerate_marks_fn marks; /* the *_marks functions (never the fast
                                     engine: it takes givens only) */
} engine_row;

static const engine_row ENGINES[] = {
    {BD_ENGINE_DFS, BD_ORDER_MRV, bdi_fast_enumerate, bdi_bound_target, bdi_dfs_enumerate, true,
     bdi_dfs_enumerate_marks},
    {BD_ENGINE_DFS, BD_ORDER_ROWS, bdi_dfs_enumerate, bdi_bound_target, bdi_dfs_enumerate, false,
     bdi_dfs_enumerate_marks},
    {BD_ENGINE_DLX, BD_ORDER_MRV, bdi_dlx_enumerate, bdi_dlx_bound_target, bdi_dlx_enumerate,
     false, bdi_dlx_enumerate_marks},
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

/* ---- pencil marks ---- */

void bd_marks_of(const bd_grid *grid, bd_marks *marks)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int digit = grid->cells[cell];
        marks->cand[cell] = (uint16_t)(digit >= 1 && digit <= BD_SIZE ? digit_bit(digit)
                                                                    : ALL_DIGITS);
    }
}

/* What every search from pencil marks needs: the marks within nine digits,
 * the options (the defaults when NULL), the engine, and `puzzle`, the
 * cells with one candidate. Returns BD_OK, or BD_NO_SOLUTION when those
 * clash (or a cell has none), or BD_EINVAL. */
static bd_status check_marks(const bd_marks *marks, const bd_options **options,
                             bd_options *defaults, const engine_row **row, bd_grid *puzzle)
{
    if (!marks)
        return BD_EINVAL;
    bool empty = false;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned cand = marks->cand[cell];
        if (cand & ~(unsigned)ALL_DIGITS)
            return BD_EINVAL;
        empty = empty || !cand;
        puzzle->cells[cell] = (uint8_t)(digit_count(cand) == 1 ? bit_digit(cand) : 0);
    }
    bd_status status = check(puzzle, options, defaults, row);
    if (status != BD_OK)
        return status;
    return empty || !bd_givens_ok(puzzle) ? BD_NO_SOLUTION : BD_OK;
}

/* Runs the engine that serves `options` from `marks` into `visitor`; sets
 * *cut when a limit cut the search short. Returns BD_OK when the search
 * ran, else check_marks's status (and the visitor saw nothing). */
static bd_status search_marks(const bd_marks *marks, const bd_options *options,
                              bdi_visitor *visitor, bool *cut, bd_stats *stats)
{
    bd_options defaults;
    const engine_row *row;
    bd_grid puzzle;
    bd_status status = check_marks(marks, &options, &defaults, &row, &puzzle);
    if (status == BD_OK)
        *cut = row->marks(&puzzle, marks, options, visitor, stats);
    return status;
}

bd_status bd_solve_marks(const bd_marks *marks, const bd_options *options, bd_grid *solution,
                         bd_stats *stats)
{
    if (!solution)
        return BD_EINVAL;
    bdi_visitor visitor;
    bdi_visitor_init(&visitor, VISIT_FIRST, 0);
    bool cut = false;
    bd_status status = search_marks(marks, options, &visitor, &cut, stats);
    return status != BD_OK ? status : bdi_visitor_solution(&visitor, cut, solution);
}

bd_status bd_count_marks(const bd_marks *marks, uint64_t limit, const bd_options *options,
                         uint64_t *count, bd_stats *stats)
{
    if (!count)
        return BD_EINVAL;
    *count = 0;
    bdi_visitor visitor;
    bdi_visitor_init(&visitor, VISIT_COUNT, limit);
    bool cut = false;
    bd_status status = search_marks(marks, options, &visitor, &cut, stats);
    if (status != BD_OK)
        return status == BD_NO_SOLUTION ? BD_OK : status;
    return bdi_visitor_count(&visitor, cut, count);
}

bd_status bd_solutions_marks(const bd_marks *marks, uint64_t limit, const bd_options *options,
                             bd_solution_fn on_solution, void *context, uint64_t *count,
                             bd_stats *stats)
{
    if (!count || !on_solution)
        return BD_EINVAL;
    *count = 0;
    bdi_visitor visitor;
    bdi_visitor_init(&visitor, VISIT_COUNT, limit);
    bdi_visitor_each(&visitor, on_solution, context);
    bool cut = false;
    bd_status status = search_marks(marks, options, &visitor, &cut, stats);
    if (status != BD_OK)
        return status == BD_NO_SOLUTION ? BD_OK : status;
    return bdi_visitor_count(&visitor, cut, count);
}
