/*
 * fast.c - the bit-parallel N x N engine's entry: the narrowest word that
 * holds a row of the board (fast16.c, fast32.c, fast64.c: one search,
 * fast.h, compiled for each width), as smaller states copy faster at a
 * guess.
 */
#include "nxn.h"

nxn_run nxn_fast(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                 bd_stats *stats)
{
    int size = task->puzzle->size;
    if (size <= 16)
        return nxn_fast16(task, options, visitor, stats);
    if (size <= 32)
        return nxn_fast32(task, options, visitor, stats);
    return nxn_fast64(task, options, visitor, stats);
}
