/*
 * fast_pair.h - a naked pair's clears (clear_pair), shared by the two
 * kinds of naked pairs' search: fast_row_pairs.h's and fast_band_pairs.h's.
 * They include it after the header with their kernel's clear_column_but
 * (fast_rows.h, fast_bands.h).
 */
#ifndef BITDOKU_NXN_FAST_PAIR_H
#define BITDOKU_NXN_FAST_PAIR_H

/* Naked pair {digits} at open cells (r0, c0) and (r1, c1), in one box
 * when `same_box`: both digits leave every row, column and box the two
 * cells share, but the two cells. Whether anything changed. */
static inline bool clear_pair(const geo *g, state *s, uint64_t digits, int r0, int c0, int r1, int c1,
                              bool same_box)
{
    bool progress = false;
    for (; digits; digits &= digits - 1u) {
        int d = nxn_low_index(digits);
        if (r0 == r1)
            progress |= clear_places(g, s, d, r0, (colset)(g->full & (colset)~(col_bit(c0) | col_bit(c1))));
        if (c0 == c1)
            progress |= clear_column_but(g, s, d, c0, r0, r1);
        if (same_box) {
            int top = r0 - r0 % GEO_R(g);
            for (int r = top; r < top + GEO_R(g); r++) {
                colset keep = (colset)((r == r0 ? col_bit(c0) : 0) | (r == r1 ? col_bit(c1) : 0));
                progress |= clear_places(g, s, d, r, (colset)(g->stack_of_col[c0] & (colset)~keep));
            }
        }
    }
    return progress;
}

#endif /* BITDOKU_NXN_FAST_PAIR_H */
