/*
 * fast.c - the bit-parallel N x N engine's entry: the narrowest word that
 * holds a row of the board (fast16.c, fast32.c, fast64.c: one search,
 * fast.h, compiled for each width), as smaller states copy faster at a
 * guess; for boxes of 4 x 4 and 5 x 5, the search compiled for that
 * geometry alone (fast4x4.c, fast5x5.c), and for 3 x 3 the same search
 * written for that geometry (fast3x3.c).
 *
 * The 16 x 16 and 25 x 25 searches have two kernels each (nxn.h), chosen
 * by the choice that the 9 x 9 fast engine makes once per process
 * (src/engine/fast/dispatch.c, BITDOKU_ISA): its base kernel takes the
 * portable one, any other (their flags include POPCNT and BMI2) the AVX2,
 * POPCNT and BMI2 one where this library has it and the processor runs it.
 */
#include "nxn/nxn.h"
#include "engine/fast/fast.h"

#if defined(BDI_HAVE_NXN_AVX2) && !defined(BD_PORTABLE)
/* The contract is in nxn.h: the kernel of the fast engine's choice. */
nxn_run nxn_fast4x4(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                    bd_stats *stats)
{
    if (bdi_fast_wide())
        return nxn_fast4x4_avx2(task, options, visitor, stats);
    return nxn_fast4x4_base(task, options, visitor, stats);
}

/* The contract is in nxn.h: the kernel of the fast engine's choice. */
nxn_run nxn_fast5x5(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                    bd_stats *stats)
{
    if (bdi_fast_wide())
        return nxn_fast5x5_avx2(task, options, visitor, stats);
    return nxn_fast5x5_base(task, options, visitor, stats);
}
#else
/* The contract is in nxn.h: the portable kernel, the only one built. */
nxn_run nxn_fast4x4(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                    bd_stats *stats)
{
    return nxn_fast4x4_base(task, options, visitor, stats);
}

/* The contract is in nxn.h: the portable kernel, the only one built. */
nxn_run nxn_fast5x5(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                    bd_stats *stats)
{
    return nxn_fast5x5_base(task, options, visitor, stats);
}
#endif

/* The contract is in nxn.h. */
nxn_run nxn_fast(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                 bd_stats *stats)
{
    int size = task->puzzle->size;
    if (task->puzzle->box_rows == task->puzzle->box_cols) {
        if (size == 9)
            return nxn_fast3x3(task, options, visitor, stats);
        if (size == 16)
            return nxn_fast4x4(task, options, visitor, stats);
        if (size == 25)
            return nxn_fast5x5(task, options, visitor, stats);
    }
    if (size <= 16)
        return nxn_fast16(task, options, visitor, stats);
    if (size <= 32)
        return nxn_fast32(task, options, visitor, stats);
    return nxn_fast64(task, options, visitor, stats);
}
