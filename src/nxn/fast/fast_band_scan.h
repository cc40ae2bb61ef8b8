/*
 * fast_band_scan.h - the 16 x 16 kernels' propagation steps on band words
 * (fast_bands.h): naked singles, the scan of a digit's units, and the open
 * peers of a cell, with the same contracts as fast_rows.h's, on the
 * functions of fast_quad.h or fast_band_scalar.h, whichever the kernel
 * (fast4x4.c) included. Included by fast_band_pairs.h.
 *
 * A digit's scan reads its four bands as band words and finds the rules
 * of fast_rows.h's scan by word operations on all of a band's cells at
 * once: rows with one place by a subtraction in each 16-bit lane, boxes
 * with one place or in one row or column from the band's columns seen
 * once and twice taken four bits (a stack) at a time, every band each
 * time (no changed bands). Its hidden singles are all found on the words
 * as they are before any is placed; its locked candidates run only when
 * a test on those words says one would remove a place. The boxes' tests
 * take a digit's four bands at once: their columns seen once and twice
 * are the lanes of two words, and whether any locked candidates would
 * fire is tested on one word holding each row's stacks of every band.
 * Naked singles fold the digits on band words too (the four bands a
 * vector where the compiler has GNU vectors), and a band's naked singles
 * are placed digit by digit.
 */
#ifndef BITDOKU_NXN_FAST_BAND_SCAN_H
#define BITDOKU_NXN_FAST_BAND_SCAN_H

#include "fast_bands.h"

/* Places every naked single; -1 on a contradiction, else 1 if anything
 * was placed, 0 if not. The fold of fold_counts on band words, then a
 * band's four rows at once, its singles placed digit by digit. */
static int naked_singles(const geo *g, state *s)
{
    int n = GEO_N(g), progress = 0;
    colset *p = s->w, *open = s->w + (size_t)n * (size_t)n;
    uint64_t seen_once[4], seen_twice[4];
    fold_bands(p, seen_once, seen_twice);
    for (int b = 0; b < 4; b++) {
        uint64_t o = load_band(open + 4 * b);
        if (o & ~seen_once[b])
            return -1;
        uint64_t singles = o & ~seen_twice[b];
        for (int d = 0; d < 16 && singles; d++) {
            const colset *pd = p + 16 * d;
            for (uint64_t hits = load_band(pd + 4 * b) & singles; hits; hits &= hits - 1u) {
                int bit = nxn_low_index(hits), r = 4 * b + bit / 16, c = bit % 16;
                if (!((pd[r] >> c) & 1u))
                    return -1;   /* an earlier single took its only digit */
                claim(g, s, d, r, c);
                singles &= ~(UINT64_C(1) << bit);
                progress = 1;
            }
        }
    }
    return progress;
}

/* Whether some locked candidates of a digit would remove a place, tested
 * on its four bands at once: `band` its band words, `in_band` (lane b:
 * band b's columns with a place), `multi_column` (nibbles_multi of it),
 * `claimed` (the columns whose places lie in one band, not singles) and
 * `bands_twice` (the columns with places in two bands or more), as
 * scan_digit_bands has them. The rules: a box whose places lie in one
 * row that has places in other boxes, a row whose places lie in one box
 * that has places in other rows, a box whose places lie in one column
 * (in two rows or more) that has places in other bands, a column whose
 * places lie in one band whose box has places in other columns. */
static bool locks_would_fire(const uint64_t band[4], uint64_t in_band, uint64_t multi_column,
                             colset claimed, colset bands_twice)
{
    /* bit 16 l + 4 t + b: row l of band b has places in stack t */
    uint64_t in_stack = band_stacks(band);
    /* bit 4 t + b: box (b, t) has places in two rows or more (a lane
     * fold, as in_band's), then that bit in every lane */
    uint64_t lanes_or = in_stack | in_stack >> 16, lanes_and = in_stack & in_stack >> 16;
    uint64_t two_rows = (lanes_and | lanes_and >> 32 | (lanes_or & lanes_or >> 32)) & 0xFFFFu;
    uint64_t two_rows_all = two_rows * LANE_LOW;
    /* bit 16 l + b: row l of band b has places in two stacks or more (a
     * fold of each lane's nibbles), then that bit in each of its nibbles */
    uint64_t nibbles_or = in_stack | in_stack >> 4, nibbles_and = in_stack & in_stack >> 4;
    uint64_t two_stacks = (nibbles_and | nibbles_and >> 8 | (nibbles_or & nibbles_or >> 8)) & STACK_LANES;
    two_stacks *= 0x1111u;
    /* lane b, bit 4 t: box (b, t) has places in two rows or more */
    uint64_t two_rows_lanes = box_rows_lanes(two_rows);
    uint64_t claimed_lanes = in_band & (uint64_t)claimed * LANE_LOW;
    return (in_stack & two_stacks & ~two_rows_all)                                  /* a box in one row */
           || (in_stack & ~two_stacks & two_rows_all)                               /* a row in one box */
           || (in_band & (~multi_column & two_rows_lanes) * 0xFu & (uint64_t)bands_twice * LANE_LOW) /* a box's column */
           || (in_band & nibbles_any(claimed_lanes) * 0xFu) != claimed_lanes;      /* a column's box */
}

/* Digit d's units scanned on its four band words (the rules of this file's comment,
 * every band every time): the hidden singles of its rows, columns
 * and boxes are found at once on the words as they are and placed (then
 * the scan ends, its words being stale); when there are none and some
 * locked candidates would remove a place (columns whose places lie in
 * one band, boxes whose places lie in one row or one column, rows whose
 * places lie in one box), those rules run, each on the words as the
 * earlier ones left them. -1 on a contradiction, else 1 if anything
 * changed, 0 if not. */
static int scan_digit_bands(const geo *g, state *s, int d)
{
    colset *pd = s->w + (size_t)d * 16u;
    const colset *open = s->w + 256;
    uint64_t band[4], in_band, twice_in_band;
    if (!digit_bands(pd, band, &in_band, &twice_in_band))
        return -1;   /* a row without a place */
    uint64_t boxes = nibbles_any(in_band), multi_column = nibbles_multi(in_band);
    if (boxes != NIBBLE_LOW)
        return -1;   /* a box without a place */
    /* the boxes with one place: one column, seen in one row */
    uint64_t sole_boxes = boxes & ~multi_column & ~nibbles_any(twice_in_band);
    uint64_t pair_or = in_band | in_band >> 16, pair_and = in_band & in_band >> 16;
    colset bands_once = (colset)(pair_or | pair_or >> 32);
    colset bands_twice = (colset)(pair_and | pair_and >> 32 | (pair_or & pair_or >> 32));
    if (bands_once != g->full)
        return -1;   /* a column without a place */
    colset single_cols = bands_once & (colset)~(bands_twice | band_columns(twice_in_band));
    uint64_t hits[4];
    if (band_singles(band, sole_boxes, single_cols, open, hits)) {
        for (int b = 0; b < 4; b++)
            for (; hits[b]; hits[b] &= hits[b] - 1u) {
                int bit = nxn_low_index(hits[b]), r = 4 * b + bit / 16, c = bit % 16;
                if ((pd[r] >> c) & 1u)   /* else an earlier placement took it */
                    place(g, s, d, r, c);
            }
        return 1;
    }
    int progress = 0;
    /* would any locked candidates remove a place? */
    colset claimed = bands_once & (colset)~bands_twice & (colset)~single_cols;
    if (!locks_would_fire(band, in_band, multi_column, claimed, bands_twice))
        return 0;
    uint64_t before[4];
    memcpy(before, band, sizeof before);
    /* columns whose places lie in one band: the box's other columns there */
    for (int b = 0; b < 4 && claimed; b++) {
        colset clear = 0;
        for (colset cols = claimed & (colset)(in_band >> (16 * b)); cols; cols &= (colset)(cols - 1u)) {
            int c = nxn_low_index(cols);
            clear |= g->stack_of_col[c] & (colset)~col_bit(c);
        }
        band[b] &= ~((uint64_t)clear * LANE_LOW);
    }
    for (int b = 0; b < 4; b++) {
        /* rows whose places lie in one box: the box's other rows */
        uint64_t x = band[b], stacks = x | x >> 1;
        if (lanes_nonzero(x) != LANE_HIGH) {   /* emptied by a column's claim */
            for (int e = 0; e < 4; e++)
                store_band(pd + 4 * e, band[e]);
            return -1;
        }
        stacks = (stacks | stacks >> 2) & NIBBLE_LOW;   /* bit 4 t of a lane: places in stack t */
        uint64_t boxed = LANE_HIGH & ~lanes_nonzero(stacks & (stacks - LANE_LOW));
        for (; boxed; boxed &= boxed - 1u) {
            uint64_t lane = lane_masks(boxed & (0u - boxed));
            uint64_t box = (uint64_t)(colset)((stacks & lane) >> (nxn_low_index(lane))) * 0xFu;
            band[b] &= ~(box * LANE_LOW & ~lane);
        }
        /* boxes whose places lie in one row (the row's other boxes) or
         * one column (the column's other bands) */
        for (int t = 0; t < 4; t++) {
            uint64_t box = band[b] & STACK_LANES << (4 * t);
            if (!box)
                break;   /* emptied by a claim: the digit's next scan finds it */
            uint64_t rows = lanes_nonzero(box);
            colset cols = band_columns(box);
            if (!(rows & (rows - 1u)))
                band[b] &= ~(lane_masks(rows) & ~(STACK_LANES << (4 * t)));
            else if (one_bit(cols))
                for (int other = 0; other < 4; other++)
                    if (other != b)
                        band[other] &= ~((uint64_t)cols * LANE_LOW);
        }
    }
    for (int b = 0; b < 4; b++)
        if (band[b] != before[b]) {
            store_band(pd + 4 * b, band[b]);
            progress = 1;
        }
    if (progress)
        mark_changed(g, s, UINT64_C(1) << d);
    return progress;
}

/* Scans digit d's units (scan_digit_bands). -1 on a contradiction,
 * else 1 if anything changed, 0 if not. */
static int scan_digit(const geo *g, state *s, int d)
{
    return scan_digit_bands(g, s, d);
}

/* The open cells that share a row, column or box with open cell (r, c),
 * itself included: its row, the rest of its box, the rest of its
 * column, counted on the open words a band at a time (`k`, the row-word
 * kernels' counts, is not read). */
static int open_peers(const geo *g, const state *s, const open_counts *k, int r, int c)
{
    (void)g;
    (void)k;
    const colset *open_words = s->w + 256;
    int peers = 0;
    for (int b = 0; b < 4; b++) {
        uint64_t unit = (uint64_t)col_bit(c) * LANE_LOW;   /* the column */
        if (b == r / 4)   /* and the row, and the box */
            unit |= UINT64_C(0xFFFF) << (16 * (r % 4)) | STACK_LANES << (c & ~3);
        peers += bit_count(load_band(open_words + 4 * b) & unit);
    }
    return peers;
}

#endif /* BITDOKU_NXN_FAST_BAND_SCAN_H */
