/*
 * fast.h - the fast engine's family header: the band layout that all its
 * files share, the band reduction table (band_table.c), the kernels (one
 * file an instruction set: base.c, avx512.c, each compiled together with
 * the search of generic.h) and the table of kernels from which dispatch.c
 * picks one, once per process, for bdi_fast_enumerate (core/engine.h).
 *
 * The band layout. The grid is cut into three bands of three rows. For
 * each digit and band, one 27-bit word holds the cells of the band where
 * the digit may still go; bit = (row % 3) * 9 + col, so the cell index of
 * a bit is simply band * 27 + bit:
 *
 *          col 0 1 2   3 4 5   6 7 8
 *     row 0:   0 1 2 | 3 4 5 | 6 7 8        row  = ROW_MASK << 9 * r
 *     row 1:   9 ...                  17    col  = COL_MASK << c   (0x40201)
 *     row 2:  18 ...                  26    box  = BOX_MASK << 3 * j (0x1C0E07)
 *
 * A "segment" is one row of a band inside one box: three cells, the first
 * at bit 9 * row + 3 * box.
 */
#ifndef BITDOKU_FAST_H
#define BITDOKU_FAST_H

#include "core/visitor.h"

#include <stdbool.h>
#include <stdint.h>

enum { BANDS = 3, BAND_CELLS = 27 };

#define ROW_MASK 0x1FFu            /* row 0 of a band */
#define COL_MASK 0x40201u          /* column 0 in the three rows of a band */
#define BOX_MASK 0x1C0E07u         /* box 0 of a band */
#define BAND_MASK 0x7FFFFFFu       /* the 27 cells of a band */
#define SEGMENT_BASES 0x1249249u   /* the first cell of every segment */

/*
 * The band reduction table (band_table.c): for each 3 x 3 matrix of
 * a band's segments that have a place for a digit, index bit
 * 3 * row + box, the cells of the segments on some permutation
 * rows -> boxes that fits in the matrix (0: none fits), and the first cells
 * of the segments on every fitting permutation, as band words.
 */
typedef struct bdi_band_fit {
    uint32_t keep, in_all;
} bdi_band_fit;

extern const bdi_band_fit bdi_band_fits[512];

/*
 * The kernels: the fast engine (the contract of bdi_fast_enumerate) with
 * the steps that an instruction set does its own way. All give the same
 * answers, nodes and guesses. bdi_fast_enumerate_base (base.c) runs on any
 * processor and is the only one under BD_PORTABLE; the others are built
 * where CMake can compile them (bdi_fast_enumerate_avx512, avx512.c: x86-64
 * with gcc or clang, option BITDOKU_AVX512) and may be called only where
 * their row of bdi_fast_kernels says the processor runs them.
 */
bool bdi_fast_enumerate_base(const bd_grid *puzzle, const bd_options *options,
                             bdi_visitor *visitor, bd_stats *stats);
bool bdi_fast_enumerate_avx512(const bd_grid *puzzle, const bd_options *options,
                               bdi_visitor *visitor, bd_stats *stats);

/* One row of the table of kernels. */
typedef struct bdi_fast_kernel {
    const char *name;              /* as BITDOKU_ISA names it: "base", "avx512" */
    bdi_enumerate_fn enumerate;    /* NULL where this library was built without it */
    bool (*runs_here)(void);       /* whether this processor and system run it;
                                      NULL: every one does */
} bdi_fast_kernel;

/* The kernels (dispatch.c), the widest first, the base last, then a row
 * whose name is NULL. Every kernel the source knows has a row, built or
 * not. */
extern const bdi_fast_kernel bdi_fast_kernels[];

/* The kernel that bdi_fast_enumerate runs in this process: the first of
 * bdi_fast_kernels that is built and runs here, chosen at the first call. */
const bdi_fast_kernel *bdi_fast_kernel_in_use(void);

#endif /* BITDOKU_FAST_H */
