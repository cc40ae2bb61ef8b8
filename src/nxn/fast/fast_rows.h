/*
 * fast_rows.h - the steps of the kernels on row words (fast16.c,
 * fast32.c, fast64.c and fast5x5.c, through fast_row_pairs.h): naked
 * singles, the scan of a digit's units (hidden singles and locked
 * candidates), a cell's open peers for the guess, and clearing a column
 * but two rows for naked pairs. The 16 x 16 kernels of 4 x 4 boxes
 * define the same functions on band words (fast_band_scan.h,
 * fast_bands.h).
 *
 * The rules, as propagate (fast.h) applies them until nothing changes:
 *  - naked singles, row by row: two accumulators over the N digits give
 *    the open cells seen once and seen twice or more; an open cell seen
 *    never is a contradiction, one seen once is placed with the digit
 *    whose word has it. Repeated alone until it finds nothing;
 *  - then, for each dirty digit, its units: a row word with one bit, a
 *    column seen in one row only (accumulators over the rows), a box
 *    whose stack bits are seen in one row and one column of its band
 *    (accumulators over the band's rows; only the bands where the
 *    digit has changed boxes, as a box's rules read its band's words
 *    alone and a change of those words marks the box; below
 *    EXACT_BANDS_FROM placing a digit marks all its boxes, so that the
 *    bands still to scan in the same pass are all scanned, from there up
 *    only those whose words it changed): each such cell, if open, is a
 *    hidden single; a unit without a bit is a contradiction. And locked
 *    candidates: when a box's places for d lie in one row (or one
 *    column), d leaves the rest of that row (column); when a row's
 *    (column's) places lie in one box, d leaves the rest of that box.
 *    In a band, the boxes not marked changed since their last scan are
 *    skipped until something in the band changes: what they would find
 *    they found then.
 */
#ifndef BITDOKU_NXN_FAST_ROWS_H
#define BITDOKU_NXN_FAST_ROWS_H

#include "fast_place.h"

/* fold_counts(g, s, levels, seen) for the row-word steps (naked_singles,
 * naked_pairs). With AVX2, on 32-bit words with 8 to 32 rows and three
 * levels at most, each level's rows held in four vectors of eight words
 * (the last at rows N - 8 to N - 1, over the third's where N < 32: the
 * same rows give the same words) for the whole loop over the digits, then
 * stored once; elsewhere fold_counts, whose levels go through memory. */
#if defined(__AVX2__) && !defined(BD_PORTABLE)
#include <immintrin.h>

/* The levels in vectors of eight rows. */
static inline void fold_rows(const geo *g, const state *s, int levels, colset seen[][BD_BOARD_MAX])
{
    int n = GEO_N(g);
    if (sizeof(colset) != 4 || n < 8 || n > 32 || levels > 3) {
        fold_counts(g, s, levels, seen);
        return;
    }
    enum { LANES = 8, VECTORS = 4 };
    int vectors = (n + LANES - 1) / LANES, at[VECTORS];
    __m256i acc[3][VECTORS];
    for (int i = 0; i < vectors; i++) {
        at[i] = i * LANES < n - LANES ? i * LANES : n - LANES;
        for (int k = 0; k < levels; k++)
            acc[k][i] = _mm256_setzero_si256();
    }
    for (int d = 0; d < n; d++) {
        const colset *pd = s->w + (size_t)d * (size_t)n;
        for (int i = 0; i < vectors; i++) {
            __m256i x = _mm256_loadu_si256((const void *)(pd + at[i]));
            for (int k = levels - 1; k > 0; k--)
                acc[k][i] = _mm256_or_si256(acc[k][i], _mm256_and_si256(acc[k - 1][i], x));
            acc[0][i] = _mm256_or_si256(acc[0][i], x);
        }
    }
    for (int k = 0; k < levels; k++)
        for (int i = 0; i < vectors; i++)
            _mm256_storeu_si256((void *)(seen[k] + at[i]), acc[k][i]);
}
#else
/* fold_counts itself. */
static inline void fold_rows(const geo *g, const state *s, int levels, colset seen[][BD_BOARD_MAX])
{
    fold_counts(g, s, levels, seen);
}
#endif

/* Whether naked_singles and row_singles test all rows at once before
 * their ordered loops: N >= ROW_TESTS_FROM. On 6 x 6 boards the test
 * costs more than the loops it spares (gen_6x6: 2.3% of the instructions;
 * on gen_12x12 it saves 1.0%). */
static inline bool tests_rows_first(const geo *g)
{
    return GEO_N(g) >= ROW_TESTS_FROM;
}

/* The digits (bit d) that are the one candidate of a cell of `singles`
 * in row r of the words p, cells with one candidate or none; perhaps
 * digit 0 as well, when a cell has none. Where the geometry is fixed,
 * from the row's index (bit c of index[k]: bit k of the digit of cell c),
 * a loop without a branch that the compiler unrolls; elsewhere, where
 * that loop is not unrolled and costs more than it spares (gen_12x12
 * +15%), by the digits in order until every cell's is found. */
static inline uint64_t single_digits(const geo *g, const colset *p, int r, colset singles)
{
    int n = GEO_N(g);
    uint64_t digits = 0;
    if (!FIXED_GEOMETRY) {
        for (int d = 0; d < n && singles; d++) {
            colset hits = p[(size_t)d * (size_t)n + (size_t)r] & singles;
            digits |= (uint64_t)(hits != 0) << d;
            singles &= (colset)~hits;
        }
        return digits;
    }
    colset index[6] = {0};
    int slices = n > 32 ? 6 : n > 16 ? 5 : n > 8 ? 4 : 3;   /* the bits of n - 1 */
    for (int d = 1; d < n; d++) {
        colset x = p[(size_t)d * (size_t)n + (size_t)r];
        for (int k = 0; k < slices; k++)
            index[k] |= x & (colset)(0u - (colset)((d >> k) & 1));
    }
    for (colset cells = singles; cells; cells &= (colset)(cells - 1u)) {
        int c = nxn_low_index(cells), d = 0;
        for (int k = 0; k < slices; k++)
            d |= (int)((index[k] >> c) & 1u) << k;
        digits |= UINT64_C(1) << d;
    }
    return digits;
}

/* Places every naked single; -1 on a contradiction, else 1 if anything
 * was placed, 0 if not. */
static int naked_singles(const geo *g, state *s)
{
    int n = GEO_N(g), progress = 0;
    colset *p = s->w, *open = s->w + (size_t)n * (size_t)n;
    colset seen[2][BD_BOARD_MAX];
    fold_rows(g, s, 2, seen);
    colset rows = g->full;   /* the rows that may hold a cell seen never or once (bit r) */
    if (tests_rows_first(g)) {
        rows = 0;
        for (int r = 0; r < n; r++)   /* no branch: the compiler takes several rows at once */
            rows |= bit_if(col_bit(r), (colset)((open[r] & (colset)~seen[1][r]) != 0));
        if (!rows)
            return 0;
    }
    for (; rows; rows &= (colset)(rows - 1u)) {
        int r = nxn_low_index(rows);
        colset o = open[r];
        if (o & (colset)~seen[0][r])
            return -1;
        colset singles = o & (colset)~seen[1][r];
        /* the digits with a single here, visited lowest first: a claim
         * takes from its own digit's words alone, so the later digits'
         * hits are as they were before the row's first claim */
        uint64_t digits = single_digits(g, p, r, singles);
        for (; digits; digits &= digits - 1u) {
            int d = nxn_low_index(digits);
            colset hits = p[(size_t)d * (size_t)n + (size_t)r] & singles;
            for (; hits; hits &= (colset)(hits - 1u)) {
                int c = nxn_low_index(hits);
                if (!((p[(size_t)d * (size_t)n + (size_t)r] >> c) & 1u))
                    return -1;   /* an earlier single took its only digit */
                claim(g, s, d, r, c);
                singles &= (colset)~col_bit(c);
                progress = 1;
            }
        }
    }
    return progress;
}

/* The rows (bit r) of digit d's words pd without a place, or with one
 * place in an open cell: at most one place, none of them closed. No
 * branch: the compiler takes several rows at once. */
static inline colset lone_rows(const geo *g, const colset *pd, const colset *open)
{
    colset rows = 0;
    for (int r = 0; r < GEO_N(g); r++) {
        colset x = pd[r];
        rows |= bit_if(g->bit[r], (colset)(((x & (colset)(x - 1u)) | (x & (colset)~open[r])) == 0));
    }
    return rows;
}

/* Places the hidden singles of the rows of digit d (words pd), visited
 * in order: every row, or where the singles' loops test all rows first
 * (tests_rows_first) those that lone_rows gives, found again past a row
 * after a placement there (its claim changed other rows). -1 on a
 * contradiction, else whether anything was placed. */
static int row_singles(const geo *g, state *s, int d, colset *pd, const colset *open)
{
    int progress = 0;
    if (!tests_rows_first(g)) {
        for (int r = 0; r < GEO_N(g); r++) {
            colset x = pd[r];
            if (!x)
                return -1;
            if (one_bit(x) && (x & open[r])) {
                place(g, s, d, r, nxn_low_index(x));
                progress = 1;
            }
        }
        return progress;
    }
    for (colset rows = lone_rows(g, pd, open); rows; rows &= (colset)(rows - 1u)) {
        int r = nxn_low_index(rows);
        colset x = pd[r];
        if (!x)
            return -1;
        if (x & open[r]) {   /* one place, open */
            place(g, s, d, r, nxn_low_index(x));
            progress = 1;   /* row r, then the lone rows past it */
            rows = (colset)(g->bit[r] | (lone_rows(g, pd, open) & (colset)((colset)(g->full << r) << 1)));
        }
    }
    return progress;
}

/* The column hidden singles of digit d, and column claiming: a column
 * whose places lie in one band leaves the box's other columns there. -1
 * on a contradiction, else whether anything changed. band[b] is set to
 * the columns of band b's places as they were on the call (the words
 * only lose bits after: a superset of them from then on). */
static int column_singles(const geo *g, state *s, int d, colset *pd, const colset *open,
                          colset band[BD_BOARD_MAX])
{
    int n = GEO_N(g), progress = 0;
    colset twice = 0, bands_once = 0, bands_twice = 0, in_open = 0;
    for (int top = 0; top < n; top += GEO_R(g)) {
        colset b = 0;   /* the band's columns seen once or more; twice takes those seen twice in it */
        for (int r = top; r < top + GEO_R(g); r++) {
            twice |= b & pd[r];
            b |= pd[r];
            if (!keeps_placed(g))
                in_open |= pd[r] & open[r];
        }
        band[top / GEO_R(g)] = b;
        bands_twice |= bands_once & b;
        bands_once |= b;
    }
    colset once = bands_once;
    twice |= bands_twice;
    if (once != g->full)
        return -1;
    colset single = once & (colset)~twice;
    /* the columns with one place, that place open: each a hidden single;
     * where the state keeps them, the columns where d is not placed (a
     * placed digit's column has its closed cell alone) */
    colset hidden = single & (keeps_placed(g) ? (colset)~s->w[placed_at(g, d)] : in_open);
    for (int r = 0; r < n && hidden; r++) {
        colset hits = pd[r] & hidden;
        hidden &= (colset)~hits;
        for (; hits; hits &= (colset)(hits - 1u)) {
            int c = nxn_low_index(hits);
            if (!((pd[r] >> c) & 1u))
                continue;   /* an earlier placement took it */
            place(g, s, d, r, c);
            progress = 1;
        }
    }
    if (progress)
        return progress;   /* the folds are stale: the next scan claims */
    colset claimed = bands_once & (colset)~bands_twice & (colset)~single;
    for (int top = 0; top < n && claimed; top += GEO_R(g)) {
        colset here = band[top / GEO_R(g)], beside = 0;   /* the claimed columns' box fellows */
        for (colset cols = here & claimed; cols; cols &= (colset)(cols - 1u)) {
            int c = nxn_low_index(cols);
            beside |= g->stack_of_col[c] & (colset)~col_bit(c);
        }
        if (!(here & beside))
            continue;   /* nothing to clear in this band (the words only lost bits since the fold) */
        for (int r = top; r < top + GEO_R(g); r++)
            for (colset cols = pd[r] & claimed; cols; cols &= (colset)(cols - 1u)) {
                int c = nxn_low_index(cols);
                colset others = g->stack_of_col[c] & (colset)~col_bit(c);
                for (int rr = top; rr < top + GEO_R(g); rr++)
                    if (pd[rr] & others) {
                        pd[rr] &= (colset)~others;
                        mark_changed(g, s, UINT64_C(1) << d);
                        *changed_boxes_of(g, s, d) |= box_bit(g, top, c);
                        progress = 1;
                    }
            }
    }
    return progress;
}

/* Row claiming in the band from row `top`: a row whose places for
 * digit d lie in one box leaves d out of the box's other rows. Whether
 * anything changed. A row whose places are all closed cells is skipped:
 * it has none, or d is placed there and claim took d from the box's
 * other rows already (a closed cell keeps the placed digit's bit alone). */
static bool row_claims(const geo *g, colset *pd, const colset *open, int top)
{
    bool progress = false;
    for (int r = top; r < top + GEO_R(g); r++) {
        colset x = pd[r];
        if (!(x & open[r]))
            continue;
        colset m = g->stack_of_col[nxn_low_index(x)];
        if (x & (colset)~m)
            continue;
        for (int other = top; other < top + GEO_R(g); other++)
            if (other != r && (pd[other] & m)) {
                pd[other] &= (colset)~m;
                progress = true;
            }
    }
    return progress;
}

/* Clears column `col` (one bit) from digit d's words of rows `from` to
 * `to` - 1, marking the boxes of the rows that had it; whether any did. */
static inline int clear_column(const geo *g, state *s, int d, colset col, int from, int to)
{
    colset *pd = s->w + (size_t)d * (size_t)GEO_N(g);
    int progress = 0, c = nxn_low_index(col);
    for (int r = from; r < to; r++)
        if (pd[r] & col) {
            pd[r] &= (colset)~col;
            *changed_boxes_of(g, s, d) |= box_bit(g, r, c);
            progress = 1;
        }
    return progress;
}

/* At least the columns with places outside the band from row `top`,
 * from band[b], at least the columns of band b's places. */
static inline colset outside(const geo *g, const colset band[BD_BOARD_MAX], int top)
{
    colset cols = 0;
    for (int b = 0; b < GEO_N(g) / GEO_R(g); b++)
        if (b != top / GEO_R(g))
            cols |= band[b];
    return cols;
}

/* The box hidden singles of digit d in the band from row `top`, and the
 * box's locked candidates: row claiming, then per box pointing along a
 * row or a column. Each box's places are gathered afresh, after what the
 * boxes before it changed. band[b] holds at least the columns of band b's
 * places (column_singles), so that pointing along a column clears only
 * where a column has places outside the band. `marked` holds the band's
 * boxes (bit top + t) marked changed since their last scan: until
 * something changes in the band, the others are skipped (their words are
 * as they were when their scan found nothing). -1 on a contradiction,
 * else whether anything changed (then every box of the band is marked
 * again); 0 at once where the state keeps that d is placed in every box
 * of the band. */
static int band_boxes(const geo *g, state *s, int d, colset *pd, const colset *open, int top,
                      const colset band[BD_BOARD_MAX], colset marked)
{
    int n = GEO_N(g), bottom = top + GEO_R(g);
    /* the band's boxes where d is placed (bit t), as the state keeps them,
     * else the band's columns whose closed cells hold d (a closed cell
     * keeps its placed digit's bit alone) */
    colset placed = keeps_placed(g) ? s->w[placed_at(g, d) + 1] >> top : 0, placed_cols = 0;
    if (keeps_placed(g) && (placed & nxn_all_values(GEO_R(g))) == nxn_all_values(GEO_R(g)))
        return 0;   /* placed in every box: each row holds its closed cell alone */
    int progress = row_claims(g, pd, open, top);
    if (!keeps_placed(g))
        for (int r = top; r < bottom; r++)
            placed_cols |= pd[r] & (colset)~open[r];
    /* the band's words of d; where the geometry is fixed, a copy kept
     * equal to them that the compiler holds in registers (elsewhere the
     * copy would be a call of memcpy) */
    colset copy[BD_BOARD_MAX];
    const colset *w = pd + top;
    if (FIXED_GEOMETRY) {
        for (int r = top; r < bottom; r++)
            copy[r - top] = pd[r];
        w = copy;
    }
    /* the stacks whose boxes to scan: the marked ones, all once something
     * changed; not those where d is placed (claim left it that place alone) */
    colset all = (colset)nxn_all_values(GEO_R(g)), unplaced = all & (colset)~placed;
    colset look = (progress ? all : (colset)(marked >> top)) & unplaced;
    for (; look; look &= (colset)(look - 1u)) {
        int t = nxn_low_index(look);
        colset m = g->stack_mask[t], once = 0;
        if (placed_cols & m)
            continue;   /* as `placed`, found on the words */
        int rows = 0, last = top;
        for (int r = top; r < bottom; r++) {
            colset x = w[r - top] & m;
            once |= x;
            if (x) {
                rows++;
                last = r;
            }
        }
        if (!once)
            return -1;
        if (rows == 1 && one_bit(once)) {             /* one place: a single */
            if (open[last] & once) {
                place(g, s, d, last, nxn_low_index(once));
                progress = 1;
                if (FIXED_GEOMETRY)
                    for (int r = top; r < bottom; r++)
                        copy[r - top] = pd[r];
            }
        } else if (rows == 1 && (w[last - top] & (colset)~m)) { /* pointing along a row */
            pd[last] &= m;
            if (FIXED_GEOMETRY)
                copy[last - top] = pd[last];
            progress = 1;
        } else if (rows > 1 && one_bit(once) && (once & outside(g, band, top))) { /* pointing along a column */
            progress |= clear_column(g, s, d, once, 0, top);
            progress |= clear_column(g, s, d, once, bottom, n);
        }
        if (progress)   /* the boxes after this one: all scanned */
            look |= unplaced & (colset)~(colset)(col_bit(t + 1) - 1u);
    }
    if (progress) {
        mark_changed(g, s, UINT64_C(1) << d);
        *changed_boxes_of(g, s, d) |= g->band_boxes[top];
    }
    return progress;
}

/* Scans digit d's units (this file's comment). -1 on a contradiction, else
 * 1 if anything changed, 0 if not. */
static int scan_digit(const geo *g, state *s, int d)
{
    int n = GEO_N(g);
    colset *pd = s->w + (size_t)d * (size_t)n;
    const colset *open = s->w + (size_t)n * (size_t)n;
    int progress = row_singles(g, s, d, pd, open);
    if (progress < 0)
        return -1;
    colset places[BD_BOARD_MAX];   /* column_singles' columns of each band's places */
    int found = column_singles(g, s, d, pd, open, places);
    if (found < 0)
        return -1;
    progress |= found;
    colset *boxes = changed_boxes_of(g, s, d);
    for (colset todo = *boxes; todo;) {   /* the bands with a box marked at the start */
        int top = nxn_low_index(todo) / GEO_R(g) * GEO_R(g);
        colset in_band = g->band_boxes[top], marked = *boxes & in_band;
        todo &= (colset)~in_band;
        *boxes &= (colset)~in_band;
        found = band_boxes(g, s, d, pd, open, top, places, marked);
        if (found < 0)
            return -1;
        progress |= found;
    }
    return progress;
}

/* The open cells that share a row, column or box with open cell (r, c),
 * itself included: its row, the rest of its box, the rest of its
 * column, from the counts in `k` (count_open). */
/* The open cells that share a row, column or box with open cell (r, c),
 * itself included: its row, the rest of its box, the rest of its
 * column. From the counts in `k` (count_open), but on band words, where
 * the cells are counted on the open words a band at a time and `k` is
 * not read. */
static int open_peers(const geo *g, const state *s, const open_counts *k, int r, int c)
{
    const colset *open = s->w + (size_t)GEO_N(g) * (size_t)GEO_N(g);
    int band = r / GEO_R(g), stack = c / GEO_C(g);
    return k->rows[r] + k->boxes[band][stack] - bit_count(open[r] & g->stack_of_col[c])
           + k->cols[c] - k->band_cols[band][c];
}

/* Clears column c from digit d's words in every row but r0 and r1,
 * marking the digit (and the rows' bands) changed when any had it;
 * whether any did. */
static bool clear_column_but(const geo *g, state *s, int d, int c, int r0, int r1)
{
    bool progress = false;
    colset rows = column_rows(g, s->w + (size_t)d * (size_t)GEO_N(g), c)
                  & (colset)~(g->bit[r0] | g->bit[r1]);
    for (; rows; rows &= (colset)(rows - 1u))
        progress |= clear_places(g, s, d, nxn_low_index(rows), col_bit(c));
    return progress;
}

#endif /* BITDOKU_NXN_FAST_ROWS_H */
