/*
 * fast_row_pairs.h - the naked pairs of the kernels on row words
 * (fast16.c, fast32.c, fast64.c and fast5x5.c include it, and with it
 * fast_rows.h and fast_pair.h), and their hidden pairs at level 0: none
 * (fast_hidden.h's run at every level from 25 x 25 up).
 *
 * On boards from 12 x 12 up (PAIRS_FROM), a stalled propagation looks
 * for naked pairs: the open cells with exactly two candidates (by
 * accumulators over the digits), put in buckets by their lower digit; two
 * in one bucket with the same digits that share a row, a column or a box
 * take both digits from the rest of it, and propagation starts again.
 */
#ifndef BITDOKU_NXN_FAST_ROW_PAIRS_H
#define BITDOKU_NXN_FAST_ROW_PAIRS_H

#include "fast_rows.h"
#include "fast_pair.h"

/* Whether naked_pairs finds each row's pair digits first (pair_digits):
 * N >= PAIR_DIGITS_FROM (known at compile time where the words are too
 * narrow for such N). Below it trying every digit of a row costs less
 * (12 x 12: a row's pair cells have about 3 digits of 12, and the scan
 * over all the digits' rows costs more than it saves). */
static inline bool finds_pair_digits(const geo *g)
{
    return sizeof(colset) * CHAR_BIT >= PAIR_DIGITS_FROM && GEO_N(g) >= PAIR_DIGITS_FROM;
}

/* Into row_digits[r] for each row r, a digit mask (N digits fit in a
 * colset) holding each digit that is a candidate of some cell of
 * paired[r]. The loop over the rows is inside the loop over the digits
 * and has no branch, so that the compiler takes several rows at once. */
static inline void pair_digits(const geo *g, const state *s, const colset paired[BD_BOARD_MAX],
                               colset row_digits[BD_BOARD_MAX])
{
    int n = GEO_N(g);
    memset(row_digits, 0, sizeof row_digits[0] * (size_t)n);
    for (int d = 0; d < n; d++) {
        const colset *pd = s->w + (size_t)d * (size_t)n, bit = col_bit(d);
        for (int r = 0; r < n; r++)
            row_digits[r] |= bit_if(bit, (colset)((pd[r] & paired[r]) != 0));
    }
}

/* Adds digit d to digits[c] for each column c of `hits`. */
static inline void add_pair_digit(uint64_t digits[BD_BOARD_MAX], colset hits, int d)
{
    for (; hits; hits &= (colset)(hits - 1u))
        digits[nxn_low_index(hits)] |= UINT64_C(1) << d;
}
/* Cells i and j of naked_pairs' lists (their digits pair_of, rows
 * row_of, columns col_of): when they hold the same two digits and share
 * a row, a column or a box, clear_pair on them. Whether anything
 * changed. */
static inline bool try_pair(const geo *g, state *s, const uint64_t *pair_of, const uint8_t *row_of,
                            const uint8_t *col_of, int i, int j)
{
    if (pair_of[i] != pair_of[j])
        return false;
    int r0 = row_of[i], c0 = col_of[i], r1 = row_of[j], c1 = col_of[j];
    bool same_box = r0 / GEO_R(g) == r1 / GEO_R(g) && c0 / GEO_C(g) == c1 / GEO_C(g);
    if (r0 != r1 && c0 != c1 && !same_box)
        return false;
    return clear_pair(g, s, pair_of[i], r0, c0, r1, c1, same_box);
}

/* Into near[r] the cells of paired[r] that share a row, a column or a
 * box with a "fresh" cell: one of `paired` that is not in `before` (two
 * candidates now, not at the last search). Whether there is a fresh
 * cell (else near is not written). */
static inline bool near_fresh(const geo *g, const colset paired[BD_BOARD_MAX],
                              const colset before[BD_BOARD_MAX], colset near[BD_BOARD_MAX])
{
    int n = GEO_N(g);
    colset fresh[BD_BOARD_MAX], fresh_cols = 0;
    for (int r = 0; r < n; r++) {
        fresh[r] = paired[r] & (colset)~before[r];
        fresh_cols |= fresh[r];
    }
    if (!fresh_cols)
        return false;
    for (int top = 0; top < n; top += GEO_R(g)) {
        colset in_band = 0, boxes = 0;   /* the band's fresh cells, their boxes' columns */
        for (int r = top; r < top + GEO_R(g); r++)
            in_band |= fresh[r];
        for (int t = 0; t < GEO_R(g); t++)
            if (in_band & g->stack_mask[t])
                boxes |= g->stack_mask[t];
        for (int r = top; r < top + GEO_R(g); r++)
            near[r] = paired[r] & (fresh[r] ? g->full : (colset)(fresh_cols | boxes));
    }
    return true;
}

/* Naked pairs: two open cells of one unit with the same two candidates
 * take those two digits from the unit's other cells (each row, column and
 * box they share). Cells with exactly two candidates are found by
 * accumulators over the digits, left in `paired` (the open cells with two
 * candidates) and `folded` (fold_counts(g, s, 3, folded) of `s` as it was
 * on entry). From PLACED_FROM up the state keeps `paired` of the last call
 * on it or an ancestor (paired_at): two cells that both had two candidates
 * then have the same two now (words only lose bits), so that call took
 * their pair's digits from the units they share, and the words have only
 * lost bits since: such a pair is not cleared again. Whether anything
 * changed. */
static bool naked_pairs(const geo *g, state *s, colset paired[BD_BOARD_MAX],
                        colset folded[][BD_BOARD_MAX])
{
    int n = GEO_N(g);
    const colset *open = s->w + (size_t)n * (size_t)n;
    int count = 0;
    uint8_t row_of[BD_BOARD_MAX * BD_BOARD_MAX], col_of[BD_BOARD_MAX * BD_BOARD_MAX];
    uint64_t pair_of[BD_BOARD_MAX * BD_BOARD_MAX];
    bool old[BD_BOARD_MAX * BD_BOARD_MAX];   /* the cell had two candidates at the last search */
    colset seen[3][BD_BOARD_MAX];
    fold_rows(g, s, 3, seen);
    memcpy(folded, seen, sizeof seen);
    for (int r = 0; r < n; r++)
        paired[r] = open[r] & seen[1][r] & (colset)~seen[2][r];
    colset *before = keeps_placed(g) ? s->w + paired_at(g) : NULL;
    colset near[BD_BOARD_MAX];   /* the cells of paired that may be in a pair to clear */
    if (before && !near_fresh(g, paired, before, near)) {   /* every cell old: none */
        memcpy(before, paired, sizeof paired[0] * (size_t)n);
        return false;
    }
    const colset *cells_in = before ? near : paired;
    colset row_digits[BD_BOARD_MAX];   /* [r]: the candidates of row r's pair cells */
    if (finds_pair_digits(g))
        pair_digits(g, s, cells_in, row_digits);
    for (int r = 0; r < n; r++) {
        colset pairs = cells_in[r];
        if (!pairs)
            continue;
        uint64_t digits[BD_BOARD_MAX];   /* [c]: the candidates of (r, c) */
        for (colset cells = pairs; cells; cells &= (colset)(cells - 1u))
            digits[nxn_low_index(cells)] = 0;
        if (finds_pair_digits(g))
            for (colset ds = row_digits[r]; ds; ds &= (colset)(ds - 1u)) {
                int d = nxn_low_index(ds);
                add_pair_digit(digits, s->w[(size_t)d * (size_t)n + (size_t)r] & pairs, d);
            }
        else
            for (int d = 0; d < n; d++)
                add_pair_digit(digits, s->w[(size_t)d * (size_t)n + (size_t)r] & pairs, d);
        for (colset cells = pairs; cells; cells &= (colset)(cells - 1u)) {
            int c = nxn_low_index(cells);
            row_of[count] = (uint8_t)r;
            col_of[count] = (uint8_t)c;
            old[count] = before && ((before[r] >> c) & 1u);
            pair_of[count++] = digits[c];
        }
    }
    if (before)
        memcpy(before, paired, sizeof paired[0] * (size_t)n);
    /* the cells in buckets by their lower digit (a counting sort), so that
     * only cells of one bucket are compared */
    int start[BD_BOARD_MAX + 1] = {0};
    uint16_t order[BD_BOARD_MAX * BD_BOARD_MAX];
    for (int i = 0; i < count; i++)
        start[nxn_low_index(pair_of[i]) + 1]++;
    for (int d = 0; d < n; d++)
        start[d + 1] += start[d];
    int fill[BD_BOARD_MAX];
    memcpy(fill, start, sizeof fill[0] * (size_t)n);
    for (int i = 0; i < count; i++)
        order[fill[nxn_low_index(pair_of[i])]++] = (uint16_t)i;
    /* each pair with a cell that is not old, from that cell (from the
     * first of the two in the bucket where both are new): two old cells'
     * clears the last search made; the clears only take bits, so their
     * order does not change what they leave. Without `before` every cell
     * is new: each two of a bucket, the first against those after it. */
    bool progress = false;
    for (int a = 0; a < count; a++) {
        int i = order[a], end = start[nxn_low_index(pair_of[i]) + 1];   /* the bucket's end */
        if (!before) {
            for (int b = a + 1; b < end; b++)
                progress |= try_pair(g, s, pair_of, row_of, col_of, i, order[b]);
            continue;
        }
        if (old[i])
            continue;
        for (int b = start[nxn_low_index(pair_of[i])]; b < end; b++)
            if (b > a || (b < a && old[order[b]]))   /* not itself, nor found from j already */
                progress |= try_pair(g, s, pair_of, row_of, col_of, i, order[b]);
    }
    return progress;
}

/* Hidden pairs at the search's level 0 (search): none on row words
 * (from HIDDEN_PAIRS_FROM up, fast_hidden.h's hidden_pairs runs at every
 * level instead). Whether anything changed: never. */
static inline bool level0_hidden_pairs(const geo *g, state *s, const colset paired[BD_BOARD_MAX])
{
    (void)g;
    (void)s;
    (void)paired;
    return false;
}

#endif /* BITDOKU_NXN_FAST_ROW_PAIRS_H */
