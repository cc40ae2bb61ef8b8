/*
 * engines.h - the results of bd_solve, bd_count and bd_target from one
 * enumerating engine of internal.h, made as search.c makes them but without
 * its checks or its choice of engine: for tests that call an engine
 * directly (the plain DFS in MRV order, which the public table never
 * picks; an engine on clashing givens).
 */
#ifndef ENGINES_H
#define ENGINES_H

#include "internal.h"

bd_status tu_solve_by(bdi_enumerate_fn engine, const bd_grid *puzzle, const bd_options *options,
                      bd_grid *solution, bd_stats *stats);
bd_status tu_count_by(bdi_enumerate_fn engine, const bd_grid *puzzle, uint64_t limit,
                      const bd_options *options, uint64_t *count, bd_stats *stats);
bd_status tu_target_by(bdi_enumerate_fn engine, const bd_grid *puzzle, const bd_options *options,
                       int *score, bd_grid *best, bd_stats *stats);

#endif
