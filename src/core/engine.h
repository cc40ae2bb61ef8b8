/*
 * engine.h - the engines the dispatcher (engine/search.c) may pick: the
 * enumerating engines, which follow the contract of bdi_enumerate_fn
 * (visitor.h), and the target optimizers. Each is defined in its own
 * family (engine/, dlx/, target/) and declared here, below them all, so
 * that the dispatcher and each engine read one contract.
 */
#ifndef BITDOKU_ENGINE_H
#define BITDOKU_ENGINE_H

#include "visitor.h"

/* The plain bitmask DFS in options->order (engine/dfs.c); it scores its
 * completions, so it also serves the exhaustive target search, the test
 * oracle. */
bool bdi_dfs_enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                       bd_stats *stats);
/* Dancing Links (dlx/dlx.c); scores its completions too. */
bool bdi_dlx_enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                       bd_stats *stats);
/* The DFS and Dancing Links with pencil marks (bdi_enumerate_marks_fn). */
bool bdi_dfs_enumerate_marks(const bd_grid *puzzle, const bd_marks *marks,
                             const bd_options *options, bdi_visitor *visitor, bd_stats *stats);
bool bdi_dlx_enumerate_marks(const bd_grid *puzzle, const bd_marks *pencil,
                             const bd_options *options, bdi_visitor *visitor, bd_stats *stats);
/* The fast engine (engine/fast/): singles propagation on band-wise
 * bit-parallel candidates. It finds clashing givens itself (no completion,
 * no node spent), so the dispatcher calls it before bd_givens_ok. Its
 * completions carry no score: not for VISIT_TARGET. Nodes are the root
 * plus every guess branch tried, guesses the cells guessed on (0: solved
 * by propagation). */
bool bdi_fast_enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                        bd_stats *stats);

/*
 * The target optimizers: the contract of bd_target in bitdoku.h, with the
 * caller's checks done as for the enumerating engines (the givens checked
 * too), `options` and `score` never NULL (`stats` and `best` may be).
 * bdi_bound_target: branch and bound with Lagrangian bounds
 * (target/target.c), exact, and fast on sparse grids too.
 */
bd_status bdi_bound_target(const bd_grid *puzzle, const bd_options *options,
                           int *score, bd_grid *best, bd_stats *stats);
/* Dancing Links branch and bound (dlx/dlx_target.c), with a bound of its
 * own, independent of bdi_bound_target's. */
bd_status bdi_dlx_bound_target(const bd_grid *puzzle, const bd_options *options,
                               int *score, bd_grid *best, bd_stats *stats);
/* bdi_dlx_bound_target with its subtrees priced again from `reprice_nodes`
 * nodes on (the default: REPRICE_NODES of dlx/dlx_target.c); tests set a small
 * one to exercise the re-pricing on small grids. */
bd_status bdi_dlx_bound_target_with(const bd_grid *puzzle, const bd_options *options,
                                    uint64_t reprice_nodes, int *score, bd_grid *best,
                                    bd_stats *stats);

#endif /* BITDOKU_ENGINE_H */
