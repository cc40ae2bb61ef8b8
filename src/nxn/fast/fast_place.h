/*
 * fast_place.h - placing a digit a digit word at a time (place), for every
 * kernel but the 16 x 16 AVX2 one, whose place takes a digit's four band
 * words as one vector (fast_quad.h). Included by fast_rows.h (the row-word
 * kernels) and fast_band_scalar.h (the portable 16 x 16 kernel).
 */
#ifndef BITDOKU_NXN_FAST_PLACE_H
#define BITDOKU_NXN_FAST_PLACE_H

#include "fast_state.h"

/* Places d at open cell (r, c), where it is a candidate; the cell's other
 * candidates go first. */
static void place(const geo *g, state *s, int d, int r, int c)
{
    int n = GEO_N(g);
    colset keep = (colset)~col_bit(c);
    uint64_t dirty = 0;
    colset *pr = s->w + r;
    if (sizeof(colset) * CHAR_BIT <= 32) {   /* bit c + e of dirty for digit e: below 64 */
        for (int e = 0; e < n; e++) {
            colset x = pr[(size_t)e * (size_t)n];
            dirty |= (uint64_t)(x & col_bit(c)) << e;
            pr[(size_t)e * (size_t)n] = x & keep;
        }
        dirty >>= c;
    } else {
        for (int e = 0; e < n; e++) {
            colset x = pr[(size_t)e * (size_t)n];
            dirty |= (uint64_t)((x >> c) & 1u) << e;
            pr[(size_t)e * (size_t)n] = x & keep;
        }
    }
    if (!BAND_WORDS) {
        colset box = box_bit(g, r, c);
        for (uint64_t digits = dirty; digits; digits &= digits - 1u)
            *changed_boxes_of(g, s, nxn_low_index(digits)) |= box;
    }
    mark_changed(g, s, dirty);
    claim(g, s, d, r, c);
}

#endif /* BITDOKU_NXN_FAST_PLACE_H */
