/*
 * fast_band_scalar.h - the portable 16 x 16 kernel's steps on band words,
 * one band word at a time: the functions fast_quad.h defines on vectors of
 * four (digit_bands, band_singles, band_stacks, box_rows_lanes,
 * pair_fold; place is fast_place.h's). fast4x4.c includes it where it
 * does not include fast_quad.h.
 */
#ifndef BITDOKU_NXN_FAST_BAND_SCALAR_H
#define BITDOKU_NXN_FAST_BAND_SCALAR_H

#include "fast_bands.h"
#include "fast_place.h"

/* Digit d's units summed up for scan_digit_bands from its words `pd`:
 * its four band words into band[b]; lane b of *in_band (*twice_in_band)
 * band b's columns with a place (with places in two rows or more).
 * Whether every row has a place. A band at a time. */
static inline bool digit_bands(const colset *pd, uint64_t band[4], uint64_t *in_band,
                               uint64_t *twice_in_band)
{
    uint64_t rows_ok = LANE_HIGH;
    *in_band = *twice_in_band = 0;
    for (int b = 0; b < 4; b++) {
        uint64_t x = load_band(pd + 4 * b);
        band[b] = x;
        rows_ok &= lanes_nonzero(x);
        /* lanes 0 and 2: rows 0 and 1, rows 2 and 3, or'ed and and'ed */
        uint64_t pair_or = x | x >> 16, pair_and = x & x >> 16;
        *in_band |= ((pair_or | pair_or >> 32) & 0xFFFFu) << (16 * b);
        *twice_in_band |= ((pair_and | pair_and >> 32 | (pair_or & pair_or >> 32)) & 0xFFFFu)
                          << (16 * b);
    }
    return rows_ok == LANE_HIGH;
}

/* The hidden singles of a digit, band b's into hits[b]: the open cells
 * (`open`, the open words) among its places (its band words `band`) that
 * are alone in their row, in a box of `sole_boxes` (bit 16 b + 4 t: box
 * (b, t) has one place) or in a column of `single_cols`. Whether there
 * is any. */
static inline bool band_singles(const uint64_t band[4], uint64_t sole_boxes, colset single_cols,
                                const colset *open, uint64_t hits[4])
{
    uint64_t any = 0;
    for (int b = 0; b < 4; b++) {
        uint64_t x = band[b];
        uint64_t singles = lane_masks(LANE_HIGH & ~lanes_nonzero(x & (x - LANE_LOW)))
                           | ((sole_boxes >> (16 * b)) & 0x1111u) * 0xFu * LANE_LOW
                           | (uint64_t)single_cols * LANE_LOW;
        hits[b] = x & singles & load_band(open + 4 * b);
        any |= hits[b];
    }
    return any != 0;
}

/* For locks_would_fire, from a digit's band words `band`: bit
 * 16 l + 4 t + b set where row l of band b has places in stack t. */
static inline uint64_t band_stacks(const uint64_t band[4])
{
    uint64_t in_stack = 0;
    for (int b = 0; b < 4; b++) {
        uint64_t x = band[b] | band[b] >> 1;
        in_stack |= ((x | x >> 2) & NIBBLE_LOW) << b;
    }
    return in_stack;
}

/* For locks_would_fire, from `two_rows` (bit 4 t + b: box (b, t) has
 * places in two rows or more): lane b, bit 4 t set where box (b, t)
 * has. */
static inline uint64_t box_rows_lanes(uint64_t two_rows)
{
    uint64_t two_rows_lanes = 0;
    for (int b = 0; b < 4; b++)
        two_rows_lanes |= ((two_rows >> b) & 0x1111u) << (16 * b);
    return two_rows_lanes;
}

/* The three-level fold of fold_counts on band words, of the digit
 * words from `w`: into fold[k][b] the cells of band b (band words) that
 * k + 1 digits or more see; and into planes[0][k][b] (planes[1][k][b])
 * those whose lowest (second-lowest) candidate has bit k set, so that a
 * cell's two candidates, when it has two, are read off them
 * (pair_of_cell) rather than gathered digit by digit. */
static inline void pair_fold(const colset *w, uint64_t fold[3][4], uint64_t planes[2][4][4])
{
    memset(fold, 0, sizeof(uint64_t[3][4]));
    memset(planes, 0, sizeof(uint64_t[2][4][4]));
    for (int d = 0; d < 16; d++)
        for (int b = 0; b < 4; b++) {
            uint64_t x = load_band(w + 16 * d + 4 * b);
            uint64_t first = x & ~fold[0][b], second = x & fold[0][b] & ~fold[1][b];
            for (int k = 0; k < 4; k++) {
                uint64_t mine = 0u - (uint64_t)((d >> k) & 1);
                planes[0][k][b] |= first & mine;
                planes[1][k][b] |= second & mine;
            }
            fold[2][b] |= fold[1][b] & x;
            fold[1][b] |= fold[0][b] & x;
            fold[0][b] |= x;
        }
}

#endif /* BITDOKU_NXN_FAST_BAND_SCALAR_H */
