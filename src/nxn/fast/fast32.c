/*
 * fast32.c - the bit-parallel N x N engine (fast.h) on 32-bit words: a
 * row of up to 32 columns in one word.
 */
#include <stdint.h>

typedef uint32_t colset;

#include "fast_row_pairs.h"   /* the steps on row words */
#include "fast.h"             /* the search */

/* nxn_engine_fn's contract, on 32-bit words. */
nxn_run nxn_fast32(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                   bd_stats *stats)
{
    return enumerate(task, options, visitor, stats);
}

/* The contract is in nxn.h. */
size_t nxn_fast32_level_bytes(int size)
{
    return level_bytes(size);
}
