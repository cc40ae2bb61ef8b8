/*
 * fast3x3.c - the bit-parallel N x N engine (fast.h) for 9 x 9 boards of
 * 3 x 3 boxes only, on 16-bit words, with the geometry fixed at compile
 * time so that the compiler unrolls its loops over rows, digits and bands.
 */
#include <stdint.h>

typedef uint16_t colset;

#define FAST_N 9
#define FAST_R 3
#define FAST_C 3

#include "fast.h"

/* nxn_engine_fn's contract, for boards of 3 x 3 boxes only. */
nxn_run nxn_fast3x3(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                     bd_stats *stats)
{
    return enumerate(task, options, visitor, stats);
}
