/*
 * fast5x5.c - the bit-parallel N x N engine (fast.h) for 25 x 25 boards of
 * 5 x 5 boxes only, on 32-bit words, with the geometry fixed at compile
 * time so that the compiler unrolls its loops over rows, digits and bands.
 * This file is the portable kernel, nxn_fast5x5_base; fast5x5_avx2.c
 * compiles it again under another name (FAST5X5_ENTRY) with the AVX2,
 * POPCNT and BMI instructions, and fast.c picks one of the two at run
 * time.
 */
#include <stdint.h>

typedef uint32_t colset;

#define FAST_N 25
#define FAST_R 5
#define FAST_C 5

#include "fast_row_pairs.h"   /* the steps on row words */
#include "fast.h"             /* the search */

#ifndef FAST5X5_ENTRY
#define FAST5X5_ENTRY nxn_fast5x5_base
#endif

/* nxn_engine_fn's contract, for boards of 5 x 5 boxes only. */
nxn_run FAST5X5_ENTRY(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                      bd_stats *stats)
{
    return enumerate(task, options, visitor, stats);
}
