/*
 * fast16.c - the bit-parallel N x N engine (fast.h) on 16-bit words: a
 * row of up to 16 columns in one word.
 */
#include <stdint.h>

typedef uint16_t colset;

#include "fast_row_pairs.h"   /* the steps on row words */
#include "fast.h"             /* the search */

/* nxn_engine_fn's contract, on 16-bit words. */
nxn_run nxn_fast16(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                   bd_stats *stats)
{
    return enumerate(task, options, visitor, stats);
}
