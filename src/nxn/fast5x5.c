/*
 * fast5x5.c - the bit-parallel N x N engine (fast.h) for 25 x 25 boards of
 * 5 x 5 boxes only, on 32-bit words, with the geometry fixed at compile
 * time so that the compiler unrolls its loops over rows, digits and bands.
 */
#include <stdint.h>

typedef uint32_t colset;

#define FAST_N 25
#define FAST_R 5
#define FAST_C 5

#include "fast.h"

/* nxn_engine_fn's contract, for boards of 5 x 5 boxes only. */
nxn_run nxn_fast5x5(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                     bd_stats *stats)
{
    return enumerate(task, options, visitor, stats);
}
