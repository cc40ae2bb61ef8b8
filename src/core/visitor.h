/*
 * visitor.h - what an enumerating engine keeps of the completions it
 * visits (visitor.c), and how that becomes the result of bd_solve,
 * bd_count, bd_solutions or bd_target.
 */
#ifndef BITDOKU_VISITOR_H
#define BITDOKU_VISITOR_H

#include "bitdoku.h"

#include <stdbool.h>
#include <stdint.h>

/*
 * What a search engine keeps of the completions it visits: the first
 * one, a count up to a limit, the best target score, or each one handed
 * to the caller's function.
 */
typedef enum bdi_visit_mode { VISIT_FIRST, VISIT_COUNT, VISIT_TARGET, VISIT_EACH } bdi_visit_mode;

typedef struct bdi_visitor {
    bdi_visit_mode mode;
    bool done;                /* wants no more completions */
    uint64_t count, limit;    /* completions visited; VISIT_COUNT's and
                                 VISIT_EACH's limit (0: none) */
    int best_score;           /* VISIT_TARGET: the best so far, -1 if none */
    bd_grid best;             /* the first completion, or one with best_score */
    bd_solution_fn on_each;   /* VISIT_EACH: called with every completion */
    void *context;            /* and its context */
} bdi_visitor;

/* Starts a visitor in `mode` (with `limit` for VISIT_COUNT; 0: none) that
 * has seen nothing yet. */
void bdi_visitor_init(bdi_visitor *visitor, bdi_visit_mode mode, uint64_t limit);

/* Turns a visitor that counts (VISIT_COUNT, after bdi_visitor_init) into
 * one that also hands each completion to `on_each` (VISIT_EACH), which may
 * stop the search by returning false. */
void bdi_visitor_each(bdi_visitor *visitor, bd_solution_fn on_each, void *context);

/* Takes a completion: its cells (may be NULL for VISIT_COUNT) and its
 * target score (read by VISIT_TARGET only). */
void bdi_visit(bdi_visitor *visitor, const uint8_t *cells, int score);

/* The results of bd_solve, bd_count and bd_target from what `visitor` kept,
 * given whether a limit cut the search short. */
bd_status bdi_visitor_solution(const bdi_visitor *visitor, bool cut, bd_grid *solution);
bd_status bdi_visitor_count(const bdi_visitor *visitor, bool cut, uint64_t *count);
bd_status bdi_visitor_target(const bdi_visitor *visitor, bool cut, int *score, bd_grid *best);

/*
 * The enumerating engines: each searches `puzzle` and hands every
 * completion it finds to `visitor`, which the caller has set up (what to
 * keep, and when it has had enough), until the visitor is done or the
 * budget of `options` runs out. Returns whether the budget cut the search
 * short; adds the effort to `stats` (may be NULL). The caller (the
 * dispatcher, engine/search.c, whose table says which engine serves what)
 * has checked the arguments and, but for the fast engine, that the givens
 * do not clash. The engines are listed in engine.h.
 */
typedef bool (*bdi_enumerate_fn)(const bd_grid *puzzle, const bd_options *options,
                                 bdi_visitor *visitor, bd_stats *stats);
/* An enumerating engine that also takes pencil marks: every completion it
 * visits puts in each blank one of the digits marks->cand[cell] allows
 * (NULL: any); otherwise the contract of bdi_enumerate_fn. */
typedef bool (*bdi_enumerate_marks_fn)(const bd_grid *puzzle, const bd_marks *marks,
                                       const bd_options *options, bdi_visitor *visitor,
                                       bd_stats *stats);
/* The results of bd_solve, bd_count, bd_solutions and bd_target (their
 * contracts, without the checks) from `engine` run with a visitor of the
 * matching kind: the dispatcher's one way to call an engine. */
bd_status bdi_solve_by(bdi_enumerate_fn engine, const bd_grid *puzzle, const bd_options *options,
                       bd_grid *solution, bd_stats *stats);
bd_status bdi_count_by(bdi_enumerate_fn engine, const bd_grid *puzzle, uint64_t limit,
                       const bd_options *options, uint64_t *count, bd_stats *stats);
bd_status bdi_each_by(bdi_enumerate_fn engine, const bd_grid *puzzle, uint64_t limit,
                      const bd_options *options, bd_solution_fn on_solution, void *context,
                      uint64_t *count, bd_stats *stats);
bd_status bdi_target_by(bdi_enumerate_fn engine, const bd_grid *puzzle, const bd_options *options,
                        int *score, bd_grid *best, bd_stats *stats);

#endif /* BITDOKU_VISITOR_H */
