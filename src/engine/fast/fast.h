/*
 * fast.h - the fast engine's parts: the band reduction table, and the
 * engine as compiled for each instruction set.
 */
#ifndef BITDOKU_FAST_H
#define BITDOKU_FAST_H

#include "core/visitor.h"

#include <stdint.h>

/*
 * The band reduction table (band_table.c): for each 3 x 3 matrix of
 * a band's segments (one row inside one box) that have a place for a digit,
 * index bit 3 * row + box, the cells of the segments on some permutation
 * rows -> boxes that fits in the matrix (0: none fits), and the first cells
 * of the segments on every fitting permutation, as 27-bit band words
 * (bit 9 * row + column).
 */
typedef struct bdi_band_fit {
    uint32_t keep, in_all;
} bdi_band_fit;

extern const bdi_band_fit bdi_band_fits[512];

/* The same engine as compiled for any processor of the target (the
 * fallback, the only one under BD_PORTABLE), and for x86-64 with AVX-512
 * (built where CMake finds gcc or clang for x86-64; it may run only where
 * bdi_fast_avx512 returns it). All give the same answers, nodes and
 * guesses; bdi_fast_enumerate calls the AVX-512 one where it runs. */
bool bdi_fast_enumerate_base(const bd_grid *puzzle, const bd_options *options,
                             bdi_visitor *visitor, bd_stats *stats);
bool bdi_fast_enumerate_avx512(const bd_grid *puzzle, const bd_options *options,
                               bdi_visitor *visitor, bd_stats *stats);
/* bdi_fast_enumerate_avx512 where the library has it and the processor
 * and system run it (AVX-512F, POPCNT, BMI1, BMI2), else NULL. */
bdi_enumerate_fn bdi_fast_avx512(void);

#endif /* BITDOKU_FAST_H */
