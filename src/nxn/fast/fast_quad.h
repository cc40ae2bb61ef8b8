/*
 * fast_quad.h - the 16 x 16 AVX2 kernel's steps on vectors of four band
 * words (band_quad, fast_bands.h): a digit's 16 row words, 32 bytes, are
 * one vector for the scans, place and naked pairs. fast4x4.c includes it
 * where the compiler has AVX2 and GNU vectors on a little-endian target
 * (fast4x4_avx2.c's flags), else fast_band_scalar.h, which defines the
 * same functions on one band word at a time: digit_bands, band_singles,
 * band_stacks, box_rows_lanes, pair_fold, and place.
 */
#ifndef BITDOKU_NXN_FAST_QUAD_H
#define BITDOKU_NXN_FAST_QUAD_H

#include "fast_bands.h"

#ifdef __has_builtin
#define QUAD_HAS_BUILTIN(x) __has_builtin(x)
#else   /* gcc before 10 */
#define QUAD_HAS_BUILTIN(x) 0
#endif

/* The four words of v or'ed (its two halves first, where the compiler
 * can take them apart: gcc 12, clang). */
#if QUAD_HAS_BUILTIN(__builtin_shufflevector)
/* Its halves by the compiler's shuffle. */
static inline uint64_t quad_or(band_quad v)
{
    typedef uint64_t band_pair __attribute__((vector_size(16)));
    band_pair half = __builtin_shufflevector(v, v, 0, 1) | __builtin_shufflevector(v, v, 2, 3);
    return half[0] | half[1];
}
#else
/* Word by word. */
static inline uint64_t quad_or(band_quad v)
{
    return v[0] | v[1] | v[2] | v[3];
}
#endif

/* Digit d's units summed up for scan_digit_bands from its words `pd`:
 * its four band words into band[b]; lane b of *in_band (*twice_in_band)
 * band b's columns with a place (with places in two rows or more).
 * Whether every row has a place. */
static inline bool digit_bands(const colset *pd, uint64_t band[4], uint64_t *in_band,
                               uint64_t *twice_in_band)
{
    const band_quad lanes = {0, 16, 32, 48};
    band_quad x;
    memcpy(&x, pd, sizeof x);
    memcpy(band, &x, sizeof x);
    band_quad nonzero = (((x & LANE_REST) + LANE_REST) | x) & LANE_HIGH;
    /* lanes 0 and 2: rows 0 and 1, rows 2 and 3, or'ed and and'ed */
    band_quad pair_or = x | x >> 16, pair_and = x & x >> 16;
    band_quad once = ((pair_or | pair_or >> 32) & 0xFFFFu) << lanes;
    band_quad twice = ((pair_and | pair_and >> 32 | (pair_or & pair_or >> 32)) & 0xFFFFu) << lanes;
    *in_band = quad_or(once);
    *twice_in_band = quad_or(twice);
    return quad_or(nonzero ^ LANE_HIGH) == 0;
}

/* Whether any bit of v is set: one AVX test where the compiler has it. */
#if QUAD_HAS_BUILTIN(__builtin_ia32_ptestz256)
/* One AVX test. */
static inline bool quad_any(band_quad v)
{
    typedef long long quad_ll __attribute__((vector_size(32)));
    return !__builtin_ia32_ptestz256((quad_ll)v, (quad_ll)v);
}
#else
/* By quad_or. */
static inline bool quad_any(band_quad v)
{
    return quad_or(v) != 0;
}
#endif

/* place's clear of cell (r, c) from every digit's words `w` (a digit's
 * four band words one vector); the digits (bit d) that had it. */
static inline uint64_t clear_cell_quad(colset *w, int r, int c)
{
    const band_quad lanes = {0, 1, 2, 3};
    int at = 16 * (r & 3) + c;   /* the cell's bit in its band word */
    band_quad cell = (band_quad)(lanes == (uint64_t)(r >> 2)) & (UINT64_C(1) << at);
    band_quad had = {0, 0, 0, 0};
    for (int d = 15; d >= 0; d--) {
        band_quad x;
        memcpy(&x, w + 16 * d, sizeof x);
        had = had << 1 | (x & cell) >> at;
        x &= ~cell;
        memcpy(w + 16 * d, &x, sizeof x);
    }
    return quad_or(had);
}

/* Places d at open cell (r, c), where it is a candidate: the cell's
 * other candidates go first, every digit's four band words a vector
 * (clear_cell_quad). */
static void place(const geo *g, state *s, int d, int r, int c)
{
    mark_changed(g, s, clear_cell_quad(s->w, r, c));
    claim(g, s, d, r, c);
}

/* The hidden singles of a digit, band b's into hits[b]: the open cells
 * (`open`, the open words) among its places (its band words `band`) that
 * are alone in their row, in a box of `sole_boxes` (bit 16 b + 4 t: box
 * (b, t) has one place) or in a column of `single_cols`. Whether there
 * is any. */
static inline bool band_singles(const uint64_t band[4], uint64_t sole_boxes, colset single_cols,
                                const colset *open, uint64_t hits[4])
{
    const band_quad lanes = {0, 16, 32, 48};
    band_quad x, o;
    memcpy(&x, band, sizeof x);
    memcpy(&o, open, sizeof o);
    /* the rows with one place (each lane non-zero: no borrow between
     * lanes): lane_masks as (h << 1) - (h >> 15), AVX2 having no 64-bit
     * multiply */
    band_quad y = x & (x - LANE_LOW);
    band_quad h = LANE_HIGH & ~((((y & LANE_REST) + LANE_REST) | y) & LANE_HIGH);
    band_quad boxes = (sole_boxes >> lanes) & 0x1111u;
    boxes = (boxes << 4) - boxes;   /* each such box's four columns */
    boxes |= boxes << 16;
    boxes |= boxes << 32;
    band_quad found = x & o & (((h << 1) - (h >> 15)) | boxes | (uint64_t)single_cols * LANE_LOW);
    memcpy(hits, &found, sizeof found);
    return quad_any(found);
}

/* For locks_would_fire, from a digit's band words `band`: bit
 * 16 l + 4 t + b set where row l of band b has places in stack t. */
static inline uint64_t band_stacks(const uint64_t band[4])
{
    const band_quad by_band = {0, 1, 2, 3};
    band_quad x;
    memcpy(&x, band, sizeof x);
    x |= x >> 1;
    return quad_or(((x | x >> 2) & NIBBLE_LOW) << by_band);
}

/* For locks_would_fire, from `two_rows` (bit 4 t + b: box (b, t) has
 * places in two rows or more): lane b, bit 4 t set where box (b, t)
 * has. */
static inline uint64_t box_rows_lanes(uint64_t two_rows)
{
    const band_quad by_band = {0, 1, 2, 3};
    const band_quad lanes = {0, 16, 32, 48};
    return quad_or((((band_quad){0, 0, 0, 0} + two_rows) >> by_band & 0x1111u) << lanes);
}

/* The three-level fold of fold_counts on band words, of the digit
 * words from `w`: into fold[k][b] the cells of band b (band words) that
 * k + 1 digits or more see; and into planes[0][k][b] (planes[1][k][b])
 * those whose lowest (second-lowest) candidate has bit k set, so that a
 * cell's two candidates, when it has two, are read off them
 * (pair_of_cell) rather than gathered digit by digit. */
static inline void pair_fold(const colset *w, uint64_t fold[3][4], uint64_t planes[2][4][4])
{
    band_quad once = {0, 0, 0, 0}, twice = once, thrice = once;
    band_quad low[4] = {once, once, once, once}, high[4] = {once, once, once, once};
    for (int d = 0; d < 16; d++) {
        band_quad x;
        memcpy(&x, w + 16 * d, sizeof x);
        band_quad first = x & ~once, second = x & once & ~twice;
        for (int k = 0; k < 4; k++)
            if ((d >> k) & 1) {
                low[k] |= first;
                high[k] |= second;
            }
        thrice |= twice & x;
        twice |= once & x;
        once |= x;
    }
    memcpy(fold[0], &once, sizeof once);
    memcpy(fold[1], &twice, sizeof twice);
    memcpy(fold[2], &thrice, sizeof thrice);
    for (int k = 0; k < 4; k++) {
        memcpy(planes[0][k], &low[k], sizeof low[k]);
        memcpy(planes[1][k], &high[k], sizeof high[k]);
    }
}

#endif /* BITDOKU_NXN_FAST_QUAD_H */
