/*
 * fast4x4.c - the bit-parallel N x N engine (fast.h) for 16 x 16 boards of
 * 4 x 4 boxes only, on 16-bit words, with the geometry fixed at compile
 * time so that the compiler unrolls its loops over rows, digits and bands,
 * and a digit's units scanned on its bands as 64-bit words (fast_bands.h:
 * band words). This file is the portable kernel, nxn_fast4x4_base;
 * fast4x4_avx2.c compiles it again under another name (FAST4X4_ENTRY)
 * with the AVX2, POPCNT and BMI instructions, and fast.c picks one of the
 * two at run time.
 */
#include <stdint.h>

typedef uint16_t colset;

#define FAST_N 16
#define FAST_R 4
#define FAST_C 4

/* the steps on vectors of four band words where the compiler has them
 * and AVX2 (fast4x4_avx2.c), else on one band word at a time */
#if defined(__AVX2__) && defined(__GNUC__) && defined(__BYTE_ORDER__) \
    && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && !defined(BD_PORTABLE)
#include "fast_quad.h"
#else
#include "fast_band_scalar.h"
#endif
#include "fast_band_pairs.h"   /* the scans and pairs on band words */
#include "fast.h"              /* the search */

#ifndef FAST4X4_ENTRY
#define FAST4X4_ENTRY nxn_fast4x4_base
#endif

/* nxn_engine_fn's contract, for boards of 4 x 4 boxes only. */
nxn_run FAST4X4_ENTRY(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                      bd_stats *stats)
{
    return enumerate(task, options, visitor, stats);
}
