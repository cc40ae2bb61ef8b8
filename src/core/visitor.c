/*
 * visitor.c - what an enumerating engine (engine/dfs.c, engine/fast/,
 * dlx/dlx.c) keeps of the completions it visits, and how that becomes the result of bd_solve,
 * bd_count, bd_target or bd_solutions: the first completion, a count up to
 * a limit, the best target score and its grid, or every completion handed
 * on to the caller's function as it is found. It sits below every engine
 * and calls nothing of the library (only the caller's function, and the
 * engine the dispatcher, engine/search.c, hands to bdi_solve_by and its
 * kin).
 */
#include "visitor.h"

#include <string.h>

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
    case VISIT_EACH:
        memcpy(v->best.cells, cells, BD_CELLS);
        v->done = !v->on_each(&v->best, v->context) || v->count == v->limit;
        break;
    }
}

void bdi_visitor_each(bdi_visitor *v, bd_solution_fn on_each, void *context)
{
    v->mode = VISIT_EACH;
    v->on_each = on_each;
    v->context = context;
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

bd_status bdi_solve_by(bdi_enumerate_fn engine, const bd_grid *puzzle, const bd_options *options,
                       bd_grid *solution, bd_stats *stats)
{
    bdi_visitor visitor;
    bdi_visitor_init(&visitor, VISIT_FIRST, 0);
    bool cut = engine(puzzle, options, &visitor, stats);
    return bdi_visitor_solution(&visitor, cut, solution);
}

bd_status bdi_count_by(bdi_enumerate_fn engine, const bd_grid *puzzle, uint64_t limit,
                       const bd_options *options, uint64_t *count, bd_stats *stats)
{
    bdi_visitor visitor;
    bdi_visitor_init(&visitor, VISIT_COUNT, limit);
    bool cut = engine(puzzle, options, &visitor, stats);
    return bdi_visitor_count(&visitor, cut, count);
}

bd_status bdi_each_by(bdi_enumerate_fn engine, const bd_grid *puzzle, uint64_t limit,
                      const bd_options *options, bd_solution_fn on_solution, void *context,
                      uint64_t *count, bd_stats *stats)
{
    bdi_visitor visitor;
    bdi_visitor_init(&visitor, VISIT_COUNT, limit);
    bdi_visitor_each(&visitor, on_solution, context);
    bool cut = engine(puzzle, options, &visitor, stats);
    return bdi_visitor_count(&visitor, cut, count);
}

bd_status bdi_target_by(bdi_enumerate_fn engine, const bd_grid *puzzle, const bd_options *options,
                        int *score, bd_grid *best, bd_stats *stats)
{
    bdi_visitor visitor;
    bdi_visitor_init(&visitor, VISIT_TARGET, 0);
    bool cut = engine(puzzle, options, &visitor, stats);
    return bdi_visitor_target(&visitor, cut, score, best);
}
