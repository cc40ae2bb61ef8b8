/*
 * fast64.c - the bit-parallel N x N engine (fast.h) on 64-bit words: a
 * row of up to 64 columns in one word.
 */
#include <stdint.h>

typedef uint64_t colset;

#include "fast_row_pairs.h"   /* the steps on row words */
#include "fast.h"             /* the search */

/* nxn_engine_fn's contract, on 64-bit words. */
nxn_run nxn_fast64(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                   bd_stats *stats)
{
    return enumerate(task, options, visitor, stats);
}

/* The contract is in nxn.h. */
size_t nxn_fast64_level_bytes(int size)
{
    return level_bytes(size);
}
