/*
 * engines.c - one engine's results with a visitor of each kind (see
 * engines.h).
 */
#include "engines.h"

bd_status tu_solve_by(bdi_enumerate_fn engine, const bd_grid *puzzle, const bd_options *options,
                      bd_grid *solution, bd_stats *stats)
{
    bdi_visitor visitor;
    bdi_visitor_init(&visitor, VISIT_FIRST, 0);
    bool cut = engine(puzzle, options, &visitor, stats);
    return bdi_visitor_solution(&visitor, cut, solution);
}

bd_status tu_count_by(bdi_enumerate_fn engine, const bd_grid *puzzle, uint64_t limit,
                      const bd_options *options, uint64_t *count, bd_stats *stats)
{
    bdi_visitor visitor;
    bdi_visitor_init(&visitor, VISIT_COUNT, limit);
    bool cut = engine(puzzle, options, &visitor, stats);
    return bdi_visitor_count(&visitor, cut, count);
}

bd_status tu_target_by(bdi_enumerate_fn engine, const bd_grid *puzzle, const bd_options *options,
                       int *score, bd_grid *best, bd_stats *stats)
{
    bdi_visitor visitor;
    bdi_visitor_init(&visitor, VISIT_TARGET, 0);
    bool cut = engine(puzzle, options, &visitor, stats);
    return bdi_visitor_target(&visitor, cut, score, best);
}
