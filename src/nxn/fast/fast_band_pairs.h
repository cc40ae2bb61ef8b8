/*
 * fast_band_pairs.h - the 16 x 16 kernels' naked pairs on band words, and
 * their hidden pairs in rows and boxes at the search's level 0. fast4x4.c
 * includes it (and with it fast_band_scan.h and fast_pair.h), after
 * fast_quad.h or fast_band_scalar.h.
 *
 * Naked pairs fold the digits on band words (twelve words), and are
 * looked for only with a cell that has two candidates now and had more
 * at the last search for them on this state or an ancestor
 * (naked_pairs_bands says why the other pairs clear nothing); the cells
 * with two candidates at that search are kept in the words of the
 * changed bands (paired_before). At the search's level 0 alone (the root,
 * and the last digit tried at each guess made there, where a deduction
 * serves the whole rest of the search), a stall with no naked pair then
 * looks for hidden pairs in rows and boxes (hidden_pairs_bands); at every
 * level, and at levels 0 and 1 alone, they cost more than the nodes they
 * save.
 */
#ifndef BITDOKU_NXN_FAST_BAND_PAIRS_H
#define BITDOKU_NXN_FAST_BAND_PAIRS_H

#include "fast_band_scan.h"
#include "fast_pair.h"

/* naked_pairs on band words (16 x 16 boards of 4 x 4 boxes): the
 * digits folded a band word at a time, and only pairs with a cell that
 * is "fresh", not in paired_before, looked for.
 *
 * Why the others clear nothing: paired_before is the two-candidate cells
 * P0 of an earlier call's entry state S0, whose pairs (two cells of P0
 * with the same digits {a, b} sharing a unit U) that call cleared: a and
 * b left U's other cells. Every state after, this one included (here,
 * in a child of a guess made after the call, as a level is copied with
 * its words), has each cell's candidates a subset of its S0 ones. Two
 * cells of P0 that have two candidates now have S0's two; if those are
 * the same {a, b} and they share U, U's other cells lost a and b when S0's
 * pair was cleared, and cannot have them back. So the pairs cleared are
 * the same as when every pair is compared (the state after the call, its
 * dirty digits and the result are equal: clearing is a removal of
 * places, in any order the same), found on the words as they are on
 * entry, before any is cleared. */
static bool naked_pairs_bands(const geo *g, state *s, colset paired[BD_BOARD_MAX],
                              colset folded[][BD_BOARD_MAX])
{
    const colset *open = s->w + 256;
    /* the three-level fold of fold_counts on band words, and with it
     * the bits of each cell's lowest and second-lowest candidate
     * (pair_fold) */
    uint64_t fold[3][4], planes[2][4][4];
    pair_fold(s->w, fold, planes);
    for (int k = 0; k < 3; k++)
        for (int b = 0; b < 4; b++)
            store_band(folded[k] + 4 * b, fold[k][b]);
    /* the cells with two candidates, and the fresh ones among them */
    uint64_t pair_band[4], fresh[4], any_fresh = 0;
    colset *before = paired_before(g, s);
    for (int b = 0; b < 4; b++) {
        pair_band[b] = load_band(open + 4 * b) & fold[1][b] & ~fold[2][b];
        store_band(paired + 4 * b, pair_band[b]);
        fresh[b] = pair_band[b] & ~load_band(before + 4 * b);
        store_band(before + 4 * b, pair_band[b]);
        any_fresh |= fresh[b];
    }
    if (!any_fresh)
        return false;
    /* the candidates of each fresh cell ([64 b + bit]) */
    uint64_t candidates[256];
    for (int b = 0; b < 4; b++)
        for (uint64_t cells = fresh[b]; cells; cells &= cells - 1u) {
            int bit = nxn_low_index(cells);
            candidates[64 * b + bit] = pair_of_cell(planes, b, bit);
        }
    /* each fresh cell's partners: the cells with its two candidates alone
     * in its row, column or box (a fresh partner before it in reading
     * order took it as its partner already), all found before any clear */
    enum { PAIRS_MAX = 256 * 39 / 2 };   /* a cell has 39 peers; each pair once */
    int count = 0;
    uint16_t first[PAIRS_MAX], second[PAIRS_MAX];
    for (int b = 0; b < 4; b++)
        for (uint64_t cells = fresh[b]; cells; cells &= cells - 1u) {
            int bit = nxn_low_index(cells), c = bit % 16;
            uint64_t digits = candidates[64 * b + bit];
            int low = nxn_low_index(digits), high = nxn_low_index(digits & (digits - 1u));
            for (int other = 0; other < 4; other++) {
                uint64_t same = pair_band[other] & load_band(s->w + 16 * low + 4 * other)
                                & load_band(s->w + 16 * high + 4 * other);
                uint64_t unit = (uint64_t)col_bit(c) * LANE_LOW;   /* the column */
                if (other == b)   /* and the row, and the box */
                    unit |= UINT64_C(0xFFFF) << (bit & ~15) | (STACK_LANES << (c & ~3));
                same &= unit & ~(other == b ? UINT64_C(1) << bit : 0);
                if (other < b)
                    same &= ~fresh[other];
                else if (other == b)
                    same &= ~(fresh[b] & ((UINT64_C(1) << bit) - 1u));
                for (; same; same &= same - 1u) {
                    first[count] = (uint16_t)(64 * b + bit);
                    second[count++] = (uint16_t)(64 * other + nxn_low_index(same));
                }
            }
        }
    bool progress = false;
    for (int i = 0; i < count; i++) {
        int r0 = first[i] / 64 * 4 + first[i] % 64 / 16, c0 = first[i] % 16;
        int r1 = second[i] / 64 * 4 + second[i] % 64 / 16, c1 = second[i] % 16;
        progress |= clear_pair(g, s, candidates[first[i]], r0, c0, r1, c1,
                               r0 / 4 == r1 / 4 && c0 / 4 == c1 / 4);
    }
    return progress;
}

/* Naked pairs (naked_pairs_bands): two open cells of one unit with the
 * same two candidates take those two digits from the unit's other cells.
 * The open cells with two candidates are left in `paired`, and
 * fold_counts(g, s, 3, folded) of `s` as it was on entry in `folded`.
 * Whether anything changed. */
static bool naked_pairs(const geo *g, state *s, colset paired[BD_BOARD_MAX],
                        colset folded[][BD_BOARD_MAX])
{
    return naked_pairs_bands(g, s, paired, folded);
}

/* Whether word x has exactly two bits. */
static inline bool two_bits(uint64_t x)
{
    uint64_t rest = x & (x - 1u);
    return rest && !(rest & (rest - 1u));
}

/* Bit 15 of each lane of x that has exactly two bits (an empty lane is
 * given one bit first, so that no subtraction borrows across lanes). */
static inline uint64_t lanes_two(uint64_t x)
{
    x |= LANE_HIGH & ~lanes_nonzero(x);
    uint64_t rest = x & (x - LANE_LOW);   /* each lane without its lowest bit */
    uint64_t some = lanes_nonzero(rest);
    rest |= LANE_HIGH & ~some;
    return some & ~lanes_nonzero(rest & (rest - LANE_LOW));
}

/* Hidden pair {digits} at open cells (r0, c0) and (r1, c1): the two
 * cells lose every other candidate, unless both are in `paired` (two
 * candidates alone, so those two already). Whether anything changed. */
static bool clear_hidden_pair(const geo *g, state *s, uint64_t digits, int r0, int c0, int r1,
                              int c1, const colset paired[BD_BOARD_MAX])
{
    if ((paired[r0] >> c0) & (paired[r1] >> c1) & 1u)
        return false;
    bool progress = false;
    for (int e = 0; e < 16; e++)
        if (!((digits >> e) & 1u)) {
            progress |= clear_places(g, s, e, r0, col_bit(c0));
            progress |= clear_places(g, s, e, r1, col_bit(c1));
        }
    return progress;
}

/* Hidden pair {a, b} in unit u of a 16 x 16 board of 4 x 4 boxes (u
 * below 16: row 4 (u % 4) + u / 4; else box u - 16, which is 4 band +
 * stack), if both digits' places there are the same two cells on the
 * words as they are now (an earlier pair's clear may have taken a
 * place): clear_hidden_pair on them. Whether anything changed. */
static bool unit_hidden_pair(const geo *g, state *s, int a, int b, int u,
                             const colset paired[BD_BOARD_MAX])
{
    const colset *pa = s->w + 16 * a, *pb = s->w + 16 * b;
    uint64_t digits = UINT64_C(1) << a | UINT64_C(1) << b;
    if (u < 16) {
        int r = 4 * (u % 4) + u / 4;
        if (pa[r] != pb[r] || !two_bits(pa[r]))
            return false;
        return clear_hidden_pair(g, s, digits, r, nxn_low_index(pa[r]), r,
                                 nxn_low_index(pa[r] & (pa[r] - 1u)), paired);
    }
    int band = (u - 16) / 4;
    uint64_t mask = STACK_LANES << (4 * (u % 4));
    uint64_t xa = load_band(pa + 4 * band) & mask;
    if (xa != (load_band(pb + 4 * band) & mask) || !two_bits(xa))
        return false;
    int low = nxn_low_index(xa), high = nxn_low_index(xa & (xa - 1u));
    return clear_hidden_pair(g, s, digits, 4 * band + low / 16, low % 16, 4 * band + high / 16,
                             high % 16, paired);
}

/* Hidden pairs in rows and boxes on band words (16 x 16 boards of 4 x 4
 * boxes): two digits whose places in one row or one box are the same two
 * cells leave those cells no other candidate (unit_hidden_pair;
 * `paired` as naked_pairs_bands left it). Each digit's rows and boxes
 * with exactly two places, not both in `paired` cells (two such cells
 * holding a hidden pair hold those two digits alone: nothing to clear),
 * are found first, on its band words; the units where two digits or
 * more have such places then get those digits as a mask, and only the
 * digits of one unit's mask are compared, there. Columns
 * are left out: comparing two digits' columns costs a pass over the
 * rows, and with them the search took more instructions (bench/notebook/
 * sizes.md, session 42). Whether anything changed. */
static bool hidden_pairs_bands(const geo *g, state *s, const colset paired[BD_BOARD_MAX])
{
    uint32_t units[16];   /* digit d's units found (unit_hidden_pair's numbers) */
    uint32_t seen = 0, shared = 0;   /* the units found for one digit, for two or more */
    for (int d = 0; d < 16; d++) {
        uint32_t mine = 0;
        uint64_t rows = 0;   /* bit 16 k + b: row 4 b + k found */
        for (int b = 0; b < 4; b++) {
            uint64_t x = load_band(s->w + 16 * d + 4 * b);
            uint64_t loose = x & ~load_band(paired + 4 * b);   /* places in cells of 3 or more */
            rows |= (lanes_two(x) & lanes_nonzero(loose)) >> (15 - b);
            for (int t = 0; t < 4; t++) {
                uint64_t box = STACK_LANES << (4 * t);
                mine |= (uint32_t)(two_bits(x & box) & ((loose & box) != 0)) << (16 + 4 * b + t);
            }
        }
        mine |= (uint32_t)((rows | rows >> 12 | rows >> 24 | rows >> 36) & 0xFFFFu);
        units[d] = mine;
        shared |= seen & mine;
        seen |= mine;
    }
    if (!shared)
        return false;
    uint16_t at[32];   /* [u]: the digits unit u was found for, for u in shared */
    for (uint32_t todo = shared; todo; todo &= todo - 1u)
        at[nxn_low_index(todo)] = 0;
    for (int d = 0; d < 16; d++)
        for (uint32_t mine = units[d] & shared; mine; mine &= mine - 1u)
            at[nxn_low_index(mine)] |= (uint16_t)(1u << d);
    bool progress = false;
    for (; shared; shared &= shared - 1u) {
        int u = nxn_low_index(shared);
        for (unsigned first = at[u]; first & (first - 1u); first &= first - 1u)
            for (unsigned second = first & (first - 1u); second; second &= second - 1u)
                progress |= unit_hidden_pair(g, s, nxn_low_index(first), nxn_low_index(second), u,
                                             paired);
    }
    return progress;
}

/* Hidden pairs at the search's level 0 (search): those of rows and
 * boxes (hidden_pairs_bands). Whether anything changed. */
static inline bool level0_hidden_pairs(const geo *g, state *s, const colset paired[BD_BOARD_MAX])
{
    return hidden_pairs_bands(g, s, paired);
}

#endif /* BITDOKU_NXN_FAST_BAND_PAIRS_H */
