/*
 * search.c - the N x N family's dispatcher: bd_board_solve,
 * bd_board_count and bd_board_solutions, their argument checks, and the
 * choice of engine (the table below). It stands above the engines
 * (fast.c, dlx.c) and the visitor (visit.c); smallest.c and generate.c
 * stand above it.
 */
#include "nxn.h"

/* Which engine serves which bd_engine. */
static const struct {
    bd_engine engine;
    nxn_engine_fn search;
} ENGINES[] = {
    {BD_ENGINE_DFS, nxn_fast},
    {BD_ENGINE_DLX, nxn_dlx},
};
enum { ENGINE_ROWS = sizeof ENGINES / sizeof ENGINES[0] };

nxn_engine_fn nxn_engine_for(const bd_options *options)
{
    for (int i = 0; i < ENGINE_ROWS; i++)
        if (ENGINES[i].engine == options->engine)
            return ENGINES[i].search;
    return NULL;
}

/* Checks what every search needs: a valid puzzle, options (the defaults
 * when NULL, into *defaults) with a timeout that is a number >= 0, and an
 * engine for them. */
static bd_status check(const bd_board *puzzle, const bd_options **options,
                       bd_options *defaults, nxn_engine_fn *engine)
{
    if (!bd_board_valid(puzzle))
        return BD_EINVAL;
    if (!*options) {
        *defaults = bd_options_default();
        *options = defaults;
    }
    if (!((*options)->timeout >= 0))
        return BD_EINVAL;
    *engine = nxn_engine_for(*options);
    return *engine ? BD_OK : BD_EINVAL;
}

bd_status bd_board_solve(const bd_board *puzzle, const bd_options *options,
                         bd_board *solution, bd_stats *stats)
{
    bd_options defaults;
    nxn_engine_fn engine;
    bd_status status = check(puzzle, &options, &defaults, &engine);
    if (status != BD_OK || !solution)
        return status != BD_OK ? status : BD_EINVAL;
    /* The engine writes the cells of the first solution it finds, and
     * then stops: nothing is written unless one is found. */
    nxn_visitor visitor;
    nxn_visitor_init(&visitor, NXN_FIRST, 0, solution);
    nxn_task task = {.puzzle = puzzle};
    status = nxn_run_status(engine(&task, options, &visitor, stats));
    if (status != BD_OK)
        return status;
    if (visitor.count == 0)
        return BD_NO_SOLUTION;
    solution->box_rows = puzzle->box_rows;
    solution->box_cols = puzzle->box_cols;
    solution->size = puzzle->size;
    return BD_OK;
}

bd_status bd_board_count(const bd_board *puzzle, uint64_t limit, const bd_options *options,
                         uint64_t *count, bd_stats *stats)
{
    bd_options defaults;
    nxn_engine_fn engine;
    bd_status status = check(puzzle, &options, &defaults, &engine);
    if (status != BD_OK || !count)
        return status != BD_OK ? status : BD_EINVAL;
    nxn_visitor visitor;
    nxn_visitor_init(&visitor, NXN_COUNT, limit, NULL);
    nxn_task task = {.puzzle = puzzle};
    status = nxn_run_status(engine(&task, options, &visitor, stats));
    *count = visitor.count;
    return status;
}

bd_status bd_board_solutions(const bd_board *puzzle, uint64_t limit,
                             const bd_options *options, bd_board_fn on_solution,
                             void *context, uint64_t *count, bd_stats *stats)
{
    bd_options defaults;
    nxn_engine_fn engine;
    bd_status status = check(puzzle, &options, &defaults, &engine);
    if (status != BD_OK || !count || !on_solution)
        return status != BD_OK ? status : BD_EINVAL;
    bd_board found = {puzzle->box_rows, puzzle->box_cols, puzzle->size, {0}};
    nxn_visitor visitor;
    nxn_visitor_init(&visitor, NXN_EACH, limit, &found);
    visitor.on_each = on_solution;
    visitor.context = context;
    nxn_task task = {.puzzle = puzzle};
    status = nxn_run_status(engine(&task, options, &visitor, stats));
    *count = visitor.count;
    return status;
}
