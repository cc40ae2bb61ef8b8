/*
 * trail.h - where a depth-first search stopped when its budget ran out,
 * so that the next run of the same engine on the same puzzle goes on from
 * there instead of starting again (the N x N family's 9 x 9 search,
 * nxn/fast/fast3x3.c, takes one).
 *
 * A search whose guesses are a function of the node's state is a tree
 * walked in a fixed order. The search writes, at each guess on its way
 * down, the branch it goes into; when the budget refuses a branch, the
 * levels above it and that branch are the path. Every branch before the
 * path's at its level is finished. The next run follows the path
 * (propagating each node on it again, counting no node twice), skips the
 * finished branches and searches the rest: the runs together visit each
 * node once, as one run without a stop would, and count the same nodes.
 */
#ifndef BITDOKU_TRAIL_H
#define BITDOKU_TRAIL_H

#include "bitdoku.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct bdi_trail {
    bool stopped;                  /* a run stopped: the next follows the path
                                      (false: the next starts) */
    unsigned depth;                /* the path's guess levels */
    uint8_t branch[BD_CELLS];      /* per level from the root: the engine's name
                                      of the branch (for fast3x3.c, a digit) */
} bdi_trail;

/* A trail for a search not yet begun. */
static inline void bdi_trail_init(bdi_trail *trail)
{
    trail->stopped = false;
    trail->depth = 0;
}

#endif /* BITDOKU_TRAIL_H */
