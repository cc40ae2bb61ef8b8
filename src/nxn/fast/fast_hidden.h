/*
 * fast_hidden.h - hidden pairs and triples from 25 x 25 up
 * (HIDDEN_PAIRS_FROM), with each digit's sets and keys kept for the whole
 * search and the trail that saves them a level at a time. fast.h includes
 * it, so every kernel compiles it, but the search calls it only where the
 * words are 32 bits or more and the board is 25 x 25 or more
 * (finds_hidden_pairs): in fast32.c, fast64.c and fast5x5.c.
 *
 * When a stalled propagation finds no naked pair, hidden pairs: each
 * digit with exactly two places in a row, a column or a box gives the two
 * cells as a key; two digits with one key leave those cells no other
 * candidate (skipped when both cells hold the two alone already). When
 * there are none, hidden triples: three digits whose places in one unit
 * lie in the same three cells leave those cells no other candidate. Each
 * digit's units with two or three places ("sets", the keys made from
 * them) are kept and made again only when its words changed; only pairs
 * with a key new or changed since the last search of pairs, and triples
 * with a set new or changed since the last search of triples ("fresh"),
 * are looked for. They are kept once for the
 * whole search, not in each level: a level that makes a digit's sets
 * again first saves those a level above made on a trail (by their counts,
 * most of the room for 3 N sets a digit unused), and they are given back
 * when the search returns to that level, so that a level costs its words
 * alone (35 kB on 64 x 64, against 194 kB with the room for the sets and
 * keys in each level).
 */
#ifndef BITDOKU_NXN_FAST_HIDDEN_H
#define BITDOKU_NXN_FAST_HIDDEN_H

#include "fast_state.h"

/* The kept sets and keys (the search's `kept`, from HIDDEN_PAIRS_FROM
 * up): for each digit its sets (make_sets: a count, then up to 3 N
 * masks, then their units, a byte each, then whether each is fresh, a
 * byte each), then for each digit its keys (hidden_pairs: a count, then
 * up to 3 N). The bytes of a digit's sets. */
static inline size_t sets_bytes(const geo *g)
{
    size_t n = (size_t)GEO_N(g);
    return 8u * (1u + 3u * n) + 2u * ((3u * n + 7u) / 8u * 8u);
}

/* The bytes of the kept sets and keys (sets_bytes). */
static inline size_t kept_bytes(const geo *g)
{
    size_t n = (size_t)GEO_N(g);
    return n * sets_bytes(g) + n * 4u * (1u + 3u * n);
}

/* Digit d's sets in `kept`: the count, then the masks (make_sets). */
static inline uint64_t *digit_sets(const geo *g, unsigned char *kept, int d)
{
    return (uint64_t *)(void *)(kept + (size_t)d * sets_bytes(g));
}

/* The unit of each of digit d's sets in `kept` (make_sets). */
static inline uint8_t *set_units(const geo *g, unsigned char *kept, int d)
{
    return (uint8_t *)(digit_sets(g, kept, d) + 1 + 3 * GEO_N(g));
}

/* Digit d's keys in `kept`: the count, then the keys (hidden_pairs). */
static inline uint32_t *digit_keys(const geo *g, unsigned char *kept, int d)
{
    size_t n = (size_t)GEO_N(g);
    size_t at = n * sets_bytes(g) + (size_t)d * 4u * (1u + 3u * n);
    return (uint32_t *)(void *)(kept + at);
}

/* Whether each of digit d's sets in `kept` is fresh (1) or not (0): new
 * or changed in its unit (make_sets) since hidden_triples last ran on
 * this state or an ancestor. None is for a digit not touched since the
 * last search that found neither pairs nor triples (hidden_triples
 * clears the touched digits' flags). */
static inline uint8_t *set_fresh(const geo *g, unsigned char *kept, int d)
{
    return set_units(g, kept, d) + (3 * GEO_N(g) + 7) / 8 * 8;
}

/* The cell of index i within unit u (rows 0..N-1, columns N..2N-1, boxes
 * 2N..3N-1, cells in reading order), as row and column. */
static inline void unit_cell(const geo *g, int u, int i, int *r, int *c)
{
    int n = GEO_N(g);
    if (u < n) {
        *r = u;
        *c = i;
    } else if (u < 2 * n) {
        *r = i;
        *c = u - n;
    } else {
        *r = g->box_top[u - 2 * n] + g->in_box_row[i];
        *c = g->box_left[u - 2 * n] + g->in_box_col[i];
    }
}

/* Whether word x has exactly three bits. */
static inline bool three_bits(uint64_t x)
{
    uint64_t rest = x & (x - 1u), rest2 = rest & (rest - 1u);
    return rest2 && !(rest2 & (rest2 - 1u));
}

/* Whether word x has two or three bits. */
static inline bool two_or_three(uint64_t x)
{
    uint64_t rest = x & (x - 1u), rest2 = rest & (rest - 1u);
    return rest && !(rest2 & (rest2 - 1u));
}

/* The columns where the digit words pd have two or three places, by a
 * carry-save count over the rows: bit c of ones and twos the low two bits
 * of column c's count, of fours whether it reached four (five operations
 * a row, against eight for accumulators of once, twice, thrice and more). */
static inline colset columns_two_or_three(const geo *g, const colset *pd)
{
    colset ones = 0, twos = 0, fours = 0;
    int r = 0;
    for (; r + 1 < GEO_N(g); r += 2) {   /* two rows and ones: a full adder */
        colset a = pd[r], b = pd[r + 1], half = ones ^ a;
        colset carry = (colset)((ones & a) | (half & b));
        ones = half ^ b;
        fours |= twos & carry;
        twos ^= carry;
    }
    if (r < GEO_N(g)) {
        colset carry = ones & pd[r];
        ones ^= pd[r];
        fours |= twos & carry;
        twos ^= carry;
    }
    return twos & (colset)~fours;
}

/* The places of digit words pd in box t of the band from row `top`, as
 * a mask of their indices within the box (unit_cell's order). */
static inline uint64_t box_places(const geo *g, const colset *pd, int top, int t)
{
    uint64_t places = 0;
    colset stack = stack_columns(g, t);
    for (int r = top; r < top + GEO_R(g); r++) {
        uint64_t row = (uint64_t)((pd[r] & stack) >> (t * GEO_C(g)));
        places |= row << ((r - top) * GEO_C(g));
    }
    return places;
}

/* band_box_sets one box at a time. */
static inline uint64_t band_box_sets_scalar(const geo *g, const colset *pd, int top,
                                            uint64_t placed, uint64_t places[BD_BOARD_MAX])
{
    uint64_t boxes = 0;
    for (int t = 0; t < GEO_R(g); t++) {
        if ((placed >> t) & 1u)
            continue;   /* d is placed in the box: its one place */
        places[t] = box_places(g, pd, top, t);
        boxes |= (uint64_t)two_or_three(places[t]) << t;
    }
    return boxes;
}

/* The boxes t of the band from row `top` (bit t) where the digit words
 * pd have two or three places, but those in `placed` (bit t: the digit
 * is placed there); each such box's places (box_places) in places[t].
 * With AVX2, on 32-bit words with eight boxes a band at most, the band's
 * boxes at once in the lanes of one vector (each row's word shifted by
 * the lane's stack, masked, shifted to its row in the box); elsewhere one
 * box at a time. */
#if defined(__AVX2__) && !defined(BD_PORTABLE)
#include <immintrin.h>

/* The band's boxes in the lanes of one AVX2 vector. */
static inline uint64_t band_box_sets(const geo *g, const colset *pd, int top, uint64_t placed,
                                     uint64_t places[BD_BOARD_MAX])
{
    if (sizeof(colset) != 4 || GEO_R(g) > 8)
        return band_box_sets_scalar(g, pd, top, placed, places);
    const int c = GEO_C(g);
    const __m256i stacks = _mm256_setr_epi32(0, c, 2 * c, 3 * c, 4 * c, 5 * c, 6 * c, 7 * c);
    const __m256i low = _mm256_set1_epi32((int)nxn_all_values(c));
    __m256i all = _mm256_setzero_si256();
    for (int i = 0; i < GEO_R(g); i++) {
        __m256i row = _mm256_and_si256(_mm256_srlv_epi32(_mm256_set1_epi32((int)pd[top + i]), stacks), low);
        all = _mm256_or_si256(all, _mm256_slli_epi32(row, i * c));
    }
    const __m256i one = _mm256_set1_epi32(1), zero = _mm256_setzero_si256();
    __m256i rest = _mm256_and_si256(all, _mm256_sub_epi32(all, one));
    __m256i rest2 = _mm256_and_si256(rest, _mm256_sub_epi32(rest, one));
    __m256i none = _mm256_cmpeq_epi32(rest, zero);
    __m256i few = _mm256_cmpeq_epi32(_mm256_and_si256(rest2, _mm256_sub_epi32(rest2, one)), zero);
    uint64_t boxes = (uint64_t)(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_andnot_si256(none, few)));
    boxes &= ~placed & nxn_all_values(GEO_R(g));
    uint32_t lanes[8];
    _mm256_storeu_si256((void *)lanes, all);
    for (uint64_t b = boxes; b; b &= b - 1u)
        places[nxn_low_index(b)] = lanes[nxn_low_index(b)];
    return boxes;
}
#else
/* One box at a time. */
static inline uint64_t band_box_sets(const geo *g, const colset *pd, int top, uint64_t placed,
                                     uint64_t places[BD_BOARD_MAX])
{
    return band_box_sets_scalar(g, pd, top, placed, places);
}
#endif

/* Writes into digit_sets(g, kept, d) and set_units each unit where digit
 * d has two or three places in `s`, by rising unit: the places as a mask
 * of their indices within the unit (unit_cell), and the unit's number;
 * and whether it is fresh (set_fresh): so before, or new or changed. In
 * changed[i] whether set i is new or changed (against d's sets before). */
static void make_sets(const geo *g, const state *s, unsigned char *kept, int d, uint8_t *changed)
{
    int n = GEO_N(g), count = 0;
    const colset *pd = s->w + (size_t)d * (size_t)n;
    uint64_t *set = digit_sets(g, kept, d) + 1;
    uint8_t *unit = set_units(g, kept, d);
    uint8_t *fresh = set_fresh(g, kept, d);
    /* the places of d's sets so far and whether fresh, by unit (0: none),
     * all 0 again on return */
    static _Thread_local uint64_t before[3 * BD_BOARD_MAX];
    static _Thread_local uint8_t before_fresh[3 * BD_BOARD_MAX];
    uint8_t before_units[3 * BD_BOARD_MAX];
    int before_count = (int)set[-1];
    for (int i = 0; i < before_count; i++) {
        before[unit[i]] = set[i];
        before_fresh[unit[i]] = fresh[i];
        before_units[i] = unit[i];
    }
    colset few_rows = 0;
    for (int r = 0; r < n; r++) {   /* the rows with two or three places; no branch: vectorized */
        colset x = pd[r], rest = x & (colset)(x - 1u), rest2 = rest & (colset)(rest - 1u);
        colset two_three = (colset)((rest != 0) & ((rest2 & (colset)(rest2 - 1u)) == 0));
        few_rows |= bit_if(g->bit[r], two_three);
    }
    for (colset rows = few_rows; rows; rows &= (colset)(rows - 1u)) {
        int r = nxn_low_index(rows);
        unit[count] = (uint8_t)r;
        set[count++] = pd[r];
    }
    for (colset cols = columns_two_or_three(g, pd); cols; cols &= (colset)(cols - 1u)) {
        int c = nxn_low_index(cols);
        unit[count] = (uint8_t)(n + c);
        set[count++] = column_rows(g, pd, c);
    }
    /* the boxes where d is placed (make_sets runs from HIDDEN_PAIRS_FROM
     * up, where the state keeps them) */
    colset placed = s->w[placed_at(g, d) + 1];
    for (int top = 0; top < n; top += GEO_R(g)) {
        uint64_t places[BD_BOARD_MAX];
        uint64_t boxes = band_box_sets(g, pd, top, (uint64_t)(placed >> top), places);
        for (; boxes; boxes &= boxes - 1u) {
            int t = nxn_low_index(boxes);
            unit[count] = (uint8_t)(2 * n + top + t);
            set[count++] = places[t];
        }
    }
    set[-1] = (uint64_t)count;
    for (int i = 0; i < count; i++) {
        changed[i] = before[unit[i]] != set[i];
        fresh[i] = (uint8_t)(before_fresh[unit[i]] | changed[i]);
    }
    for (int i = 0; i < before_count; i++) {
        before[before_units[i]] = 0;
        before_fresh[before_units[i]] = 0;
    }
}

/* Makes digit d's sets in `kept` (make_sets) and, from those with two
 * places whose cells do not both lie in `paired` (two candidates alone: a
 * pair found there is naked already, and clears nothing), its keys: the
 * two cells (r * N + c, in reading order) as cell0 * N * N + cell1. The
 * keys from sets new or changed since d's sets before also go to
 * `fresh_keys`; returns how many. */
static int make_keys(const geo *g, const state *s, unsigned char *kept, int d,
                     const colset paired[BD_BOARD_MAX], uint32_t *fresh_keys)
{
    int n = GEO_N(g), fresh_count = 0;
    uint8_t changed[3 * BD_BOARD_MAX];
    make_sets(g, s, kept, d, changed);
    const uint64_t *sets = digit_sets(g, kept, d);
    const uint8_t *unit = set_units(g, kept, d);
    uint32_t *keys = digit_keys(g, kept, d), count = 0;
    for (uint64_t i = 0; i < sets[0]; i++) {
        uint64_t places = sets[1 + i], rest = places & (places - 1u);
        if (rest & (rest - 1u))
            continue;
        int r0, c0, r1, c1;
        unit_cell(g, unit[i], nxn_low_index(places), &r0, &c0);
        unit_cell(g, unit[i], nxn_low_index(rest), &r1, &c1);
        if ((paired[r0] >> c0) & (paired[r1] >> c1) & 1u)
            continue;
        uint32_t k = (uint32_t)((r0 * n + c0) * n * n + r1 * n + c1);
        keys[1 + count++] = k;
        fresh_keys[fresh_count] = k;
        fresh_count += changed[i];
    }
    keys[0] = count;
    return fresh_count;
}

/* Hidden triple {digits} at the cells `cells` (three bits: indices in
 * unit u, unit_cell): every other digit leaves the three cells. A cell
 * holding two of the digits that is in `paired` (two candidates at the
 * last naked pairs' search on this state: as many or fewer now) has
 * nothing else, and is skipped. Whether anything changed. Out of line: it
 * is rare, and kept out of the loops of unit_triples. */
static OUT_OF_LINE bool clear_triple(const geo *g, state *s, int u, uint64_t cells, uint64_t digits,
                                     const colset paired[BD_BOARD_MAX])
{
    bool progress = false;
    for (; cells; cells &= cells - 1u) {
        int r, col;
        unit_cell(g, u, nxn_low_index(cells), &r, &col);
        int held = 0;   /* the triple's digits that are candidates of the cell */
        for (uint64_t ds = digits; ds; ds &= ds - 1u)
            held += (int)((s->w[(size_t)nxn_low_index(ds) * (size_t)GEO_N(g) + (size_t)r] >> col) & 1u);
        if (held == 2 && ((paired[r] >> col) & 1u))
            continue;   /* those two are its candidates */
        /* the cell's other digits first, without a branch (most triples
         * found again leave nothing to clear), then cleared in order */
        for (uint64_t others = cell_digits(g, s, r, col) & ~digits; others; others &= others - 1u)
            progress |= clear_places(g, s, nxn_low_index(others), r, col_bit(col));
    }
    return progress;
}

/* The sets b from `from` to count - 1 (count <= 64) of `places` that fit
 * with a set of places places_a: add `room` places to it at most (0 or
 * 1), as bit b of a mask. With AVX2, four sets a step as one vector (the
 * buffer holds three sets more past any unit's, read and masked off);
 * elsewhere one a step, by a loop without a branch. */
#if defined(__AVX2__) && !defined(BD_PORTABLE)

/* Four sets a step, one AVX2 vector. */
static inline uint64_t fitting_sets(const uint64_t *places, int from, int count, uint64_t places_a,
                                    uint64_t room)
{
    const __m256i a = _mm256_set1_epi64x((long long)places_a), one = _mm256_set1_epi64x((long long)room);
    uint64_t fit = 0;
    for (int b = from; b < count; b += 4) {
        __m256i added = _mm256_andnot_si256(a, _mm256_loadu_si256((const void *)(places + b)));
        __m256i ok = _mm256_cmpeq_epi64(_mm256_and_si256(added, _mm256_sub_epi64(added, one)),
                                        _mm256_setzero_si256());
        fit |= (uint64_t)(unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(ok)) << b;
    }
    return fit & nxn_all_values(count);
}
#else
/* One set a step. */
static inline uint64_t fitting_sets(const uint64_t *places, int from, int count, uint64_t places_a,
                                    uint64_t room)
{
    uint64_t fit = 0;
    for (int b = from; b < count; b++) {
        uint64_t added = places[b] & ~places_a;
        fit |= (uint64_t)((added & (added - room)) == 0) << b;
    }
    return fit;
}
#endif

/* The hidden triples of unit u (hidden_triples) from its `count` sets
 * places[i] (digit digit[i], count <= 64), the first `touched` of them of
 * touched digits: each triple whose first set, a, is one of those. The
 * sets b that fit with a (add to a's places `room` of them at most: 3
 * minus a's, 0 or 1) are found first, by a loop without a branch; the
 * other two of a triple are among them. Whether anything changed. */
static inline bool unit_triples(const geo *g, state *s, int u, const uint64_t *places,
                                const uint8_t *digit, int touched, int count,
                                const colset paired[BD_BOARD_MAX])
{
    bool progress = false;
    for (int a = 0; a < touched; a++) {
        uint64_t places_a = places[a], room = !three_bits(places_a);
        uint64_t fit = fitting_sets(places, a + 1, count, places_a, room);
        for (; fit; fit &= fit - 1u) {
            int b = nxn_low_index(fit);
            uint64_t ab = places_a | places[b];
            for (uint64_t rest = fit & (fit - 1u); rest; rest &= rest - 1u) {
                int c = nxn_low_index(rest);
                if (three_bits(ab | places[c]))
                    progress |= clear_triple(g, s, u, ab | places[c],
                                             UINT64_C(1) << digit[a] | UINT64_C(1) << digit[b]
                                                 | UINT64_C(1) << digit[c], paired);
            }
        }
    }
    return progress;
}

/* Hidden triples: three digits whose places in one unit lie in the same
 * three cells leave those cells no other candidate. The places of each
 * digit in each unit where it has two or three (make_sets) are kept in
 * `kept`, made again for the digits in `s->stale` only (by hidden_pairs,
 * which runs first, with the state as here), and only triples with a
 * fresh set (set_fresh) are looked for, in the units of such sets alone
 * (hidden_pairs says why: every triple with a fresh set is found, and
 * cleared if it clears anything, so that a triple of sets unchanged
 * since clears nothing at the next search). The touched digits' sets are
 * then no longer fresh. Whether anything changed. */
static bool hidden_triples(const geo *g, state *s, unsigned char *kept,
                           const colset paired[BD_BOARD_MAX])
{
    enum { SETS_MAX = 3 * BD_BOARD_MAX * BD_BOARD_MAX + 3 };   /* and three past the last unit's (fitting_sets) */
    int n = GEO_N(g);
    static _Thread_local uint64_t by_unit[SETS_MAX];
    static _Thread_local uint8_t digit_of[SETS_MAX];
    /* unit u's sets from start[u] = u N (a digit has one set a unit at
     * most), the fresh ones first, up to first_old[u] */
    int start[3 * BD_BOARD_MAX], fill[3 * BD_BOARD_MAX], first_old[3 * BD_BOARD_MAX];
    for (int u = 0; u < 3 * n; u++)
        start[u] = fill[u] = u * n;
    int fresh_count = 0;
    for (uint64_t todo = s->touched; todo; todo &= todo - 1u) {   /* fresh sets first */
        int d = nxn_low_index(todo);
        const uint64_t *sets = digit_sets(g, kept, d);
        const uint8_t *unit = set_units(g, kept, d), *fresh = set_fresh(g, kept, d);
        uint64_t count = sets[0];   /* read once: the byte stores below may alias it */
        for (uint64_t i = 0; i < count; i++) {
            int at = fill[unit[i]];
            by_unit[at] = sets[1 + i];
            digit_of[at] = (uint8_t)d;
            fill[unit[i]] += fresh[i];
            fresh_count += fresh[i];
        }
    }
    if (!fresh_count)
        return false;
    memcpy(first_old, fill, sizeof fill[0] * (size_t)(3 * n));
    for (int d = 0; d < n; d++) {   /* then the others */
        const uint64_t *sets = digit_sets(g, kept, d);
        const uint8_t *unit = set_units(g, kept, d), *fresh = set_fresh(g, kept, d);
        uint64_t count = sets[0];
        for (uint64_t i = 0; i < count; i++) {
            int at = fill[unit[i]];
            by_unit[at] = sets[1 + i];
            digit_of[at] = (uint8_t)d;
            fill[unit[i]] += !fresh[i];
        }
    }
    bool progress = false;
    for (int u = 0; u < 3 * n; u++)
        if (first_old[u] > start[u])
            progress |= unit_triples(g, s, u, by_unit + start[u], digit_of + start[u],
                                     first_old[u] - start[u], fill[u] - start[u], paired);
    for (uint64_t todo = s->touched; todo; todo &= todo - 1u)
        memset(set_fresh(g, kept, nxn_low_index(todo)), 0, 3u * (size_t)n);
    return progress;
}

/* The bucket of key k in hidden_pairs' chains (HEADS = 1024 of them). */
static inline uint32_t key_hash(uint32_t k)
{
    return (uint32_t)(k * UINT32_C(2654435761)) >> 22;
}

/* Hidden pair `pair` (two digit bits) at the two cells of key k
 * (make_keys): every other digit leaves both cells. Whether anything
 * changed. Out of line: the key's cells are worked out here, on a match
 * alone, not for every key looked up. */
static OUT_OF_LINE bool clear_key_pair(const geo *g, state *s, uint32_t k, uint64_t pair)
{
    int n = GEO_N(g);
    bool progress = false;
    int cells[2] = {(int)(k / (uint32_t)(n * n)), (int)(k % (uint32_t)(n * n))};
    for (int c2 = 0; c2 < 2; c2++) {
        int r = cells[c2] / n, c = cells[c2] % n;
        for (int e = 0; e < n; e++)
            if (!((pair >> e) & 1u))
                progress |= clear_places(g, s, e, r, col_bit(c));
    }
    return progress;
}

/* The digits that are candidates of both cells of key k (make_keys). */
static inline uint64_t key_others(const geo *g, const state *s, uint32_t k)
{
    int n = GEO_N(g);
    int cell0 = (int)(k / (uint32_t)(n * n)), cell1 = (int)(k % (uint32_t)(n * n));
    int r0 = cell0 / n, c0 = cell0 % n, r1 = cell1 / n, c1 = cell1 % n;
    uint64_t digits = 0;
    for (int e = 0; e < n; e++) {
        const colset *pe = s->w + (size_t)e * (size_t)n;
        digits |= (uint64_t)((pe[r0] >> c0) & (pe[r1] >> c1) & 1u) << e;
    }
    return digits;
}

/* Whether digit e's keys in `kept` (digit_keys) hold key k. */
static inline bool has_key(const geo *g, unsigned char *kept, int e, uint32_t k)
{
    const uint32_t *keys = digit_keys(g, kept, e);
    bool found = false;
    for (uint32_t i = 1; i <= keys[0]; i++)
        found |= keys[i] == k;
    return found;
}

enum {
    KEYS_MAX = 3 * BD_BOARD_MAX * BD_BOARD_MAX,   /* keys of all digits */
    HEADS = 1024,   /* pairs_by_chains' chains */
    FEW_KEYS = 6    /* the most keys pairs_of_few takes (measured) */
};

/* The hidden pairs (hidden_pairs) of the `count` keys key[j] of digits
 * digit_of[j], when they are few (up to FEW_KEYS): for each, the other
 * digits of both its cells (found before any clear) whose keys hold it.
 * Whether anything changed. */
static bool pairs_of_few(const geo *g, state *s, unsigned char *kept, const uint32_t *key,
                         const uint8_t *digit_of, int count)
{
    uint64_t others[FEW_KEYS];
    for (int j = 0; j < count; j++)
        others[j] = key_others(g, s, key[j]) & ~(UINT64_C(1) << digit_of[j]);
    bool progress = false;
    for (int j = 0; j < count; j++)
        for (uint64_t es = others[j]; es; es &= es - 1u) {
            int e = nxn_low_index(es);
            if (has_key(g, kept, e, key[j]))
                progress |= clear_key_pair(g, s, key[j], UINT64_C(1) << digit_of[j] | UINT64_C(1) << e);
        }
    return progress;
}

/* The hidden pairs (hidden_pairs) of the `count` keys key[j] of digits
 * digit_of[j]: those keys chained by a hash, and every digit's keys
 * looked up in the chains. Whether anything changed. */
static bool pairs_by_chains(const geo *g, state *s, unsigned char *kept, const uint32_t *key,
                            const uint8_t *digit_of, int count)
{
    static _Thread_local uint16_t next[KEYS_MAX];
    uint16_t head[HEADS];
    memset(head, 0, sizeof head);
    for (int j = 0; j < count; j++) {
        uint32_t h = key_hash(key[j]);
        next[j] = head[h];
        head[h] = (uint16_t)(j + 1);
    }
    bool progress = false;
    for (int d = 0; d < GEO_N(g); d++) {
        const uint32_t *keys = digit_keys(g, kept, d);
        uint32_t last = keys[0];   /* read once: the clears below may alias it */
        for (uint32_t i = 1; i <= last; i++) {
            uint32_t k = keys[i];
            for (int j = head[key_hash(k)] - 1; j >= 0; j = next[j] - 1) {
                if (k != key[j] || digit_of[j] == d)
                    continue;
                progress |= clear_key_pair(g, s, k, UINT64_C(1) << d | UINT64_C(1) << digit_of[j]);
            }
        }
    }
    return progress;
}

/* Hidden pairs: two digits whose places in some row, column or box are
 * the same two cells (each digit's unit may differ: both cells share a
 * unit) leave those cells no other candidate. Each (digit, unit) with
 * exactly two places gives a key (the two cells), but where both cells
 * are in `paired` (two candidates alone: a pair found there is naked
 * already, and clears nothing). Each digit's keys are kept in `kept`
 * (digit_keys), made again (with its sets, make_keys) only for the
 * digits in `s->stale` (changed since their last make): the others'
 * places are as when they were made, and their keys as many or more (a
 * key whose cells have since lost all but its two digits finds a pair
 * that clears nothing). Only pairs with a key new or changed at this make
 * can clear anything: a pair whose two keys come from sets unchanged in
 * their units since the last search on this state or an ancestor was
 * there then, with the cells' candidates as now or more, and found (or,
 * both cells paired, naked) if it could clear anything then. So those
 * keys alone are matched with every digit's keys (pairs_of_few,
 * pairs_by_chains); a pair of two such keys is found from each side, and
 * cleared twice to the same effect. Whether anything changed. */
static bool hidden_pairs(const geo *g, state *s, unsigned char *kept,
                         const colset paired[BD_BOARD_MAX])
{
    int count = 0;
    static _Thread_local uint32_t key[KEYS_MAX];
    static _Thread_local uint8_t digit_of[KEYS_MAX];
    for (uint64_t todo = s->stale; todo; todo &= todo - 1u) {
        int d = nxn_low_index(todo);
        int fresh_count = make_keys(g, s, kept, d, paired, key + count);
        memset(digit_of + count, d, (size_t)fresh_count);
        count += fresh_count;
    }
    s->stale = 0;
    if (!count)
        return false;
    return count <= FEW_KEYS ? pairs_of_few(g, s, kept, key, digit_of, count)
                             : pairs_by_chains(g, s, kept, key, digit_of, count);
}

/* What the trail holds after a digit's saved sets, units and keys
 * (save_kept): which digit, their counts, and the level that made them. */
typedef struct saved_kept {
    uint32_t digit, sets, keys;
    int32_t made_at;
} saved_kept;

/* The bytes a digit's save takes on the trail with `sets` sets and `keys`
 * keys: the sets with their count, their units, the keys with their
 * count, each rounded up to 8 bytes, then its saved_kept. */
static inline size_t saved_bytes(size_t sets, size_t keys)
{
    return 8u * (1u + sets) + 2u * round8(sets) + round8(4u * (1u + keys)) + sizeof(saved_kept);
}

/* Before the digits `digits` (bit d) have their kept sets and keys made
 * again at `level`: pushes on the trail, by their counts, those that a
 * level above made (x->made_at), so that restore_kept gives them back
 * when the search returns there; those made at `level` are its own to
 * overwrite. False (x->nomem set) when memory ran out. */
static bool save_kept(ctx *x, int level, uint64_t digits)
{
    const geo *g = &x->g;
    for (; digits; digits &= digits - 1u) {
        int d = nxn_low_index(digits);
        if (x->made_at[d] == level)
            continue;
        const uint64_t *sets = digit_sets(g, x->kept, d);
        const uint32_t *keys = digit_keys(g, x->kept, d);
        saved_kept save = {(uint32_t)d, (uint32_t)sets[0], keys[0], x->made_at[d]};
        size_t bytes = saved_bytes(save.sets, save.keys);
        if (x->trail_used + bytes > x->trail_size) {
            size_t size = x->trail_size ? x->trail_size * 4 : kept_bytes(g);   /* first: all once */
            if (size < x->trail_used + bytes)
                size = x->trail_used + bytes;
            unsigned char *grown = realloc(x->trail, size);
            if (!grown) {
                x->nomem = x->stop = true;
                return false;
            }
            x->trail = grown;
            x->trail_size = size;
        }
        unsigned char *at = x->trail + x->trail_used;
        memcpy(at, sets, 8u * (1u + save.sets));
        at += 8u * (1u + save.sets);
        memcpy(at, set_units(g, x->kept, d), save.sets);
        at += round8(save.sets);
        memcpy(at, set_fresh(g, x->kept, d), save.sets);
        at += round8(save.sets);
        memcpy(at, keys, 4u * (1u + save.keys));
        at += round8(4u * (1u + save.keys));
        memcpy(at, &save, sizeof save);
        x->trail_used += bytes;
        x->made_at[d] = level;
    }
    return true;
}

/* Gives back the kept sets and keys saved on the trail (save_kept) since
 * it held `mark` bytes, the latest first, with the levels that made
 * them. */
static void restore_kept(ctx *x, size_t mark)
{
    const geo *g = &x->g;
    while (x->trail_used > mark) {
        saved_kept save;
        memcpy(&save, x->trail + x->trail_used - sizeof save, sizeof save);
        x->trail_used -= saved_bytes(save.sets, save.keys);
        const unsigned char *at = x->trail + x->trail_used;
        int d = (int)save.digit;
        memcpy(digit_sets(g, x->kept, d), at, 8u * (1u + save.sets));
        at += 8u * (1u + save.sets);
        memcpy(set_units(g, x->kept, d), at, save.sets);
        at += round8(save.sets);
        memcpy(set_fresh(g, x->kept, d), at, save.sets);
        at += round8(save.sets);
        memcpy(digit_keys(g, x->kept, d), at, 4u * (1u + save.keys));
        x->made_at[d] = save.made_at;
    }
}

#endif /* BITDOKU_NXN_FAST_HIDDEN_H */
