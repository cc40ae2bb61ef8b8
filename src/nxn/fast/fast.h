/*
 * fast.h - the bit-parallel N x N engine's search, written once: the
 * propagation loop, the cell to guess on, the failure weights, the
 * depth-first search and its entry (enumerate). The engine's headers,
 * from the bottom up (each holds static functions only, and says what it
 * holds and who includes it):
 *
 *     fast_state.h        the geometry, the state and its layout, the small
 *                         steps every kernel shares (claim, the folds)
 *     fast_place.h        place, a digit word at a time
 *     fast_rows.h         the row-word kernels' naked singles and scans
 *     fast_bands.h        band words (16 x 16, 4 x 4 boxes): their basics
 *     fast_quad.h         the AVX2 16 x 16 kernel's steps on vectors of
 *                         four band words, or
 *     fast_band_scalar.h  the portable one's, a band word at a time
 *     fast_band_scan.h    the 16 x 16 kernels' naked singles and scans
 *     fast_pair.h         a naked pair's clears
 *     fast_row_pairs.h    the row-word kernels' naked pairs
 *     fast_band_pairs.h   the 16 x 16 kernels' naked pairs, and hidden
 *                         pairs at level 0
 *     fast_hidden.h       hidden pairs and triples from 25 x 25 up
 *     fast.h              this search
 *
 * A kernel's file defines `colset`, the unsigned type of a word (a set of
 * columns), and for a fixed geometry FAST_N, FAST_R and FAST_C; includes
 * the steps of its words (fast16.c, fast32.c, fast64.c and fast5x5.c
 * fast_row_pairs.h; fast4x4.c fast_quad.h or fast_band_scalar.h, then
 * fast_band_pairs.h), then this header; then defines its entry, which
 * returns enumerate(). Each step header defines the same functions for
 * its words: place, naked_singles, scan_digit, open_peers,
 * clear_column_but, naked_pairs and level0_hidden_pairs, with the same
 * contracts, so that the search here is the same for every kernel.
 * fast.c picks the kernel.
 *
 * Propagation (propagate), repeated until nothing changes: naked singles,
 * repeated alone until they find nothing; then each dirty digit's units
 * scanned (hidden singles and locked candidates: scan_digit). On boards
 * from 12 x 12 up, a stalled propagation then looks for naked pairs, and
 * on 16 x 16 boards of 4 x 4 boxes at level 0 for hidden pairs; from
 * 25 x 25 up for hidden pairs and triples (fast_hidden.h); each that finds
 * something starts propagation again (settle).
 *
 * Search. When propagation stalls, the engine guesses on an open cell
 * with fewest candidates (counted by accumulators up to four, exactly
 * beyond). From 10 x 10 up (WEIGHTS_FROM) it takes among those the cells
 * whose units have most failures blamed on them, as "dom/wdeg" does in
 * constraint solvers: each contradiction adds one to the weight of the
 * unit found empty (a row, column or box without a place for a digit),
 * or of the three units of a cell found without a candidate, and every
 * HALVE_EVERY failures all weights are halved, so that the recent ones
 * count most; a cell weighs its row's, column's and box's weights
 * summed. The weights start at zero with each search, or where the
 * task's last search left them (task->weights), and depend on nothing
 * but the inputs, so node counts are the same on every machine.
 * Among those it then takes, on boards below 25 x 25, the one with most
 * open peers; from 25 x 25 up, the one whose candidates are closest
 * to hidden singles: fewest places, each candidate counted in whichever
 * of the cell's units holds it least; the first such in reading order
 * either way. Its digits are tried lowest
 * first, or in the order the task's pick function draws. Each branch but
 * the last works on a copy of the state at the next level; the last one
 * reuses its parent's. Nodes are the root plus each branch tried,
 * guesses the cells guessed on; both are spent against the bdi_budget.
 * The search is a loop, not a recursion: each level holds its state and
 * its guess (the cell, the digits left to try, the trail's mark), so
 * that going back up after a contradiction or a finished branch needs
 * nothing from the C stack, whose use does not grow with the depth
 * (blank 64 x 64 is 3,903 levels deep). The levels live in one buffer,
 * on the C stack while they fit, then on the heap, grown as the search
 * goes deeper; the trail of kept sets and keys is one more, on the heap.
 *
 * Setting up: all givens go in at once. Per digit, the rows, columns and
 * boxes that hold it as a given are collected (two givens of a digit in
 * one unit are a clash); a row word is then the given's column where the
 * row holds the digit, else every column but the given cells, the
 * columns that hold it, and the stacks of its band's boxes that do.
 * Candidates excluded by the task are cleared last.
 */
#ifndef BITDOKU_NXN_FAST_H
#define BITDOKU_NXN_FAST_H

#include "fast_hidden.h"

/* Scans every dirty digit once; -1 on a contradiction, else 1 if
 * anything changed, 0 if not. */
static int hidden_singles(const geo *g, state *s)
{
    int progress = 0;
    for (uint64_t todo = s->dirty; todo; todo &= todo - 1u) {
        int d = nxn_low_index(todo);
        s->dirty &= ~(UINT64_C(1) << d);
        int found = scan_digit(g, s, d);
        if (found < 0)
            return -1;
        progress |= found;
    }
    return progress;
}

/* Singles and locked candidates to a fixed point; false on a
 * contradiction. Out of line: inlined in its one caller, settle, its
 * loops ran short of registers on the widths without a fixed geometry
 * (bench/notebook/sizes.md, session 42). */
static OUT_OF_LINE bool propagate(const geo *g, state *s)
{
    for (;;) {
        int found = naked_singles(g, s);
        if (found < 0)
            return false;
        if (found)
            continue;
        if (s->open_count == 0)
            return true;
        found = hidden_singles(g, s);
        if (found <= 0)
            return found == 0;
    }
}

/* Counts the open cells of `s` by row, column, band column and box. */
static void count_open(const geo *g, const state *s, open_counts *k)
{
    int n = GEO_N(g);
    const colset *open = s->w + (size_t)n * (size_t)n;
    memset(k->cols, 0, sizeof k->cols);
    for (int band = 0; band * GEO_R(g) < n; band++) {
        uint8_t *bc = k->band_cols[band];
        memset(bc, 0, sizeof k->band_cols[band]);
        for (int r = band * GEO_R(g); r < (band + 1) * GEO_R(g); r++) {
            k->rows[r] = (uint8_t)bit_count(open[r]);
            for (colset cells = open[r]; cells; cells &= (colset)(cells - 1u))
                bc[nxn_low_index(cells)]++;
        }
        for (int t = 0; t < GEO_R(g); t++) {
            int count = 0;
            for (int c = t * GEO_C(g); c < (t + 1) * GEO_C(g); c++) {
                count += bc[c];
                k->cols[c] = (uint8_t)(k->cols[c] + bc[c]);
            }
            k->boxes[band][t] = (uint8_t)count;
        }
    }
}

/* For each candidate of open cell (r, c), its places in whichever of
 * the cell's row, column and box has fewest (the cell among them),
 * summed over the candidates. */
static int candidate_places(const geo *g, const state *s, int r, int c)
{
    int n = GEO_N(g), top = r - r % GEO_R(g), places = 0;
    colset box = g->stack_of_col[c];
    for (uint64_t digits = cell_digits(g, s, r, c); digits; digits &= digits - 1u) {
        const colset *pd = s->w + (size_t)nxn_low_index(digits) * (size_t)n;
        int in_row = bit_count(pd[r]), in_col = 0, in_box = 0;
        for (int row = 0; row < n; row++)   /* no branch: the compiler takes several rows at once */
            in_col += (int)((pd[row] >> c) & 1u);
        for (int row = top; row < top + GEO_R(g); row++)
            in_box += bit_count(pd[row] & box);
        int fewest = in_row < in_col ? in_row : in_col;
        places += fewest < in_box ? fewest : in_box;
    }
    return places;
}

/* The failures blamed on the units of cell (r, c): its row's, its
 * column's and its box's weights summed. */
static inline uint64_t cell_weight(const geo *g, const uint32_t *unit_weight, int r, int c)
{
    int n = GEO_N(g), box = r / GEO_R(g) * GEO_R(g) + c / GEO_C(g);
    return (uint64_t)unit_weight[r] + unit_weight[n + c] + unit_weight[2 * n + box];
}

/* The bits of a count of candidates of one cell, 0 to n (n <= 64). */
static inline int count_bits(int n)
{
    return n >= 64 ? 7 : n >= 32 ? 6 : n >= 16 ? 5 : n >= 8 ? 4 : 3;
}

/* The candidates of each cell counted, bit-sliced: bit c of counts[k][r]
 * is bit k of the count of cell (r, c) (count_bits(N) slices), by a
 * ripple-carry add of each digit's word to its row's count. The loop over
 * the rows is inside the loop over the digits and has no branch, so that
 * the compiler takes several rows at once. */
static void count_candidates(const geo *g, const state *s, colset counts[7][BD_BOARD_MAX])
{
    int n = GEO_N(g), bits = count_bits(n);
    for (int k = 0; k < bits; k++)
        memset(counts[k], 0, sizeof counts[k][0] * (size_t)n);
    for (int d = 0; d < n; d++) {
        const colset *pd = s->w + (size_t)d * (size_t)n;
        for (int r = 0; r < n; r++) {
            colset carry = pd[r];
            for (int k = 0; k < bits; k++) {
                colset sum = counts[k][r] ^ carry;
                carry &= counts[k][r];
                counts[k][r] = sum;
            }
        }
    }
}

/* Of the `count` cells in `tied` (row * BD_BOARD_MAX + column, in
 * reading order, count >= 1), the one with most open peers (from
 * PLACES_FROM up, fewest candidate_places), the first such, into *row
 * and *col. Asked only of the cells left tied by pick_cell's weights,
 * after them, so that the peers are counted for fewer cells. */
static void most_open_peers(const geo *g, const state *s, const open_counts *k,
                            const uint16_t *tied, int count, int *row, int *col)
{
    int best_peers = INT_MIN;
    for (int i = 0; i < count; i++) {
        int r = tied[i] / BD_BOARD_MAX, c = tied[i] % BD_BOARD_MAX;
        int peers = by_places(g) ? -candidate_places(g, s, r, c)
                                 : open_peers(g, s, k, r, c);
        if (peers > best_peers) {
            best_peers = peers;
            *row = r;
            *col = c;
        }
    }
}

/* The open cell to guess on: among those with fewest candidates (two,
 * three or four are told by accumulators over the digits, three of them
 * first and five when no cell has two; beyond, the candidates are
 * counted), the one whose units have most failures blamed on them
 * (cell_weight; all weigh the same when `unit_weight` is NULL), among
 * those the one with most open peers (from PLACES_FROM up, fewest
 * candidate_places), the first such in reading order. After propagation
 * every open cell has two or more. `k` is scratch. `folded`, when not
 * NULL, holds fold_counts(g, s, 3, folded) already. */
static void pick_cell(const geo *g, const state *s, open_counts *k, const uint32_t *unit_weight,
                      const colset (*folded)[BD_BOARD_MAX], int *row, int *col)
{
    int n = GEO_N(g), found_k = 5, levels = 3, tied_count = 0;
    uint64_t best_weight = 0;
    uint16_t tied[BD_BOARD_CELLS_MAX];   /* row * BD_BOARD_MAX + column */
    const colset *open = s->w + (size_t)n * (size_t)n;
    colset seen[FOLD_MAX][BD_BOARD_MAX];
    if (folded)
        memcpy(seen, folded, sizeof seen[0] * 3);
    else
        fold_counts(g, s, levels, seen);
    bool two = false;
    for (int r = 0; r < n && !two; r++)
        two = (open[r] & seen[1][r] & (colset)~seen[2][r]) != 0;
    if (!two) {
        levels = FOLD_MAX;
        fold_counts(g, s, levels, seen);
    }
    if (!by_places(g) && !BAND_WORDS)   /* open_peers' counts */
        count_open(g, s, k);
    for (int r = 0; r < n; r++) {
        if (!open[r])
            continue;
        for (int kk = 2; kk <= found_k && kk < levels; kk++) {
            colset exactly = open[r] & seen[kk - 1][r] & (colset)~seen[kk][r];
            if (!exactly)
                continue;
            if (kk < found_k) {
                tied_count = 0;
                best_weight = 0;
            }
            found_k = kk;
            for (colset cells = exactly; cells; cells &= (colset)(cells - 1u)) {
                int c = nxn_low_index(cells);
                if (unit_weight) {
                    uint64_t weight = cell_weight(g, unit_weight, r, c);
                    if (weight < best_weight)
                        continue;
                    if (weight > best_weight) {
                        best_weight = weight;
                        tied_count = 0;
                    }
                }
                tied[tied_count++] = (uint16_t)(r * BD_BOARD_MAX + c);
            }
            break;
        }
    }
    if (found_k < 5) {
        most_open_peers(g, s, k, tied, tied_count, row, col);
        return;
    }
    int best = n + 1, bits = count_bits(n);
    colset counts[7][BD_BOARD_MAX];
    count_candidates(g, s, counts);
    for (int r = 0; r < n; r++)
        for (colset cells = open[r]; cells; cells &= (colset)(cells - 1u)) {
            int c = nxn_low_index(cells), count = 0;
            for (int bit = 0; bit < bits; bit++)
                count |= (int)((counts[bit][r] >> c) & 1u) << bit;
            if (count < best) {
                best = count;
                *row = r;
                *col = c;
            }
        }
}

/* After propagation found a contradiction in `s`, blames it on a unit,
 * after halving every unit's weight (rounded down) when the failures
 * blamed reach a multiple of HALVE_EVERY, so that recent failures weigh
 * more than old ones: the first open cell without a candidate (in
 * reading order) adds one to the weights of its row, column and box;
 * else the first digit (lowest first) that has no place in a row, a
 * column or a box (looked for in that order) adds one to that unit's. Every deduction left in `s` is
 * sound, so what is found empty is a true conflict; nothing is blamed
 * when none is found. */
static void blame(ctx *x, const state *s)
{
    const geo *g = &x->g;
    int n = GEO_N(g);
    uint32_t *weight = x->weights.unit;
    if (++x->weights.blamed % HALVE_EVERY == 0)
        for (int i = 0; i < 3 * n; i++)
            weight[i] /= 2;
    const colset *open = s->w + (size_t)n * (size_t)n;
    colset seen[1][BD_BOARD_MAX];
    fold_counts(g, s, 1, seen);
    for (int r = 0; r < n; r++) {
        colset empty = open[r] & (colset)~seen[0][r];
        if (empty) {
            int c = nxn_low_index(empty);
            weight[r]++;
            weight[n + c]++;
            weight[2 * n + r / GEO_R(g) * GEO_R(g) + c / GEO_C(g)]++;
            return;
        }
    }
    for (int d = 0; d < n; d++) {
        const colset *pd = s->w + (size_t)d * (size_t)n;
        colset cols = 0;
        for (int r = 0; r < n; r++) {
            if (!pd[r]) {
                weight[r]++;
                return;
            }
            cols |= pd[r];
        }
        if (cols != g->full) {
            weight[n + nxn_low_index(g->full & (colset)~cols)]++;
            return;
        }
        for (int top = 0; top < n; top += GEO_R(g))
            for (int t = 0; t < GEO_R(g); t++) {
                colset places = 0;
                for (int r = top; r < top + GEO_R(g); r++)
                    places |= pd[r] & g->stack_mask[t];
                if (!places) {
                    weight[2 * n + top + t]++;
                    return;
                }
            }
    }
}

/* Hands the solved state to the visitor (its cells written when it wants
 * them); the search stops when the visitor is done. */
static void found_solution(ctx *x, const state *s)
{
    nxn_visitor *v = x->visitor;
    if (nxn_visitor_wants_cells(v)) {
        int n = GEO_N(&x->g);
        for (int d = 0; d < n; d++)
            for (int r = 0; r < n; r++) {
                int c = nxn_low_index(s->w[(size_t)d * (size_t)n + (size_t)r]);
                v->board->cells[r * n + c] = (uint8_t)(d + 1);
            }
    }
    nxn_visit(v);
    x->stop = v->done;
}

/* Copies state `from` to `to`: its words (the kept sets and keys are
 * the search's, save_kept). */
static void copy_state(const geo *g, state *to, const state *from)
{
    memcpy(to, from, sizeof(state) + state_words(GEO_N(g)) * sizeof(colset));
}

/* Propagates the state at `level` until it stalls, then picks the cell
 * to guess on and its digits into the level's guess (level_guess); false
 * when the level's node ended instead: a contradiction, a solution (handed
 * to the visitor), or memory out (x->stop set). */
static bool settle(ctx *x, int level)
{
    const geo *g = &x->g;
    state *s = level_state(x, level);
    bool folded = false;   /* x->folds are naked_pairs' of s as it is */
    for (;;) {
        if (!propagate(g, s)) {
            if (weighted(g))
                blame(x, s);
            return false;
        }
        if (s->open_count == 0) {
            found_solution(x, s);
            return false;
        }
        if (!pairs(g))
            break;
        if (naked_pairs(g, s, x->two, x->folds)
            || (level == 0 && level0_hidden_pairs(g, s, x->two)))
            continue;
        if (finds_hidden_pairs(g)) {
            if (!save_kept(x, level, s->touched))
                return false;
            if (hidden_pairs(g, s, x->kept, x->two) || hidden_triples(g, s, x->kept, x->two))
                continue;
            s->touched = 0;
        }
        folded = true;
        break;
    }
    guess *f = level_guess(x, level);
    pick_cell(g, s, &x->counts, weighted(g) ? x->weights.unit : NULL,
              folded ? (const colset(*)[BD_BOARD_MAX])x->folds : NULL, &f->r, &f->c);
    f->digits = cell_digits(g, s, f->r, f->c);
    x->guesses++;
    return true;
}

/* Searches from the root state at level 0 (the file comment), in a loop
 * whose C stack does not grow with the depth: each level's guess
 * (level_guess) holds its cell and the digits left to try there. A
 * branch but the last goes down a level, on a copy; the last goes on at
 * the same level, on the state it guessed from. A level whose node ends
 * (a contradiction, a solution) hands back to the level above, whose
 * guess it was copied for and still has digits to try. */
static void search(ctx *x)
{
    const geo *g = &x->g;
    int level = 0;
    bool open = settle(x, level);
    for (;;) {
        if (x->stop)
            return;
        if (!open) {
            if (level == 0)
                return;
            level--;
            if (finds_hidden_pairs(g))
                restore_kept(x, level_guess(x, level)->mark);
        }
        guess *f = level_guess(x, level);
        int r = f->r, c = f->c;
        int d = x->pick ? x->pick(x->pick_context, r * GEO_N(g) + c, f->digits)
                        : nxn_low_index(f->digits);
        f->digits &= ~(UINT64_C(1) << d);
        if (bdi_budget_spend(x->budget)) {
            x->stop = true;
            return;
        }
        if (f->digits) {   /* not the last: a copy, a level down */
            if (!ensure_level(x, level + 1)) {
                x->stop = true;
                return;
            }
            level_guess(x, level)->mark = x->trail_used;
            copy_state(g, level_state(x, level + 1), level_state(x, level));
            level++;
        }
        place(g, level_state(x, level), d, r, c);
        open = settle(x, level);
    }
}

/* The geometry of `board` in this width's words. */
static void make_geo(geo *g, const bd_board *board)
{
    g->box_rows = board->box_rows;
    g->box_cols = board->box_cols;
    g->n = board->size;
    g->full = (colset)nxn_all_values(GEO_N(g));
    for (int r = 0; r < GEO_N(g) && !BAND_WORDS; r++)   /* the changed boxes' tables: row words */
        g->band_boxes[r] = (colset)(nxn_all_values(GEO_R(g)) << (r - r % GEO_R(g)));
    for (int t = 0; t < GEO_R(g); t++)
        g->stack_mask[t] = (colset)(nxn_all_values(GEO_C(g)) << (t * GEO_C(g)));
    for (int c = 0; c < GEO_N(g); c++) {
        g->stack_of_col[c] = g->stack_mask[c / GEO_C(g)];
        g->bit[c] = col_bit(c);
    }
    for (int c = 0; c < GEO_N(g) && !BAND_WORDS && !FIXED_GEOMETRY; c++) {   /* box_bit's table */
        g->stack_boxes[c] = 0;
        for (int top = 0; top < GEO_N(g); top += GEO_R(g))
            g->stack_boxes[c] |= col_bit(top + c / GEO_C(g));
    }
    for (int i = 0; i < GEO_N(g); i++) {   /* box i, and cell i of a box */
        g->box_top[i] = (uint8_t)(i / GEO_R(g) * GEO_R(g));
        g->box_left[i] = (uint8_t)(i % GEO_R(g) * GEO_C(g));
        g->in_box_row[i] = (uint8_t)(i / GEO_C(g));
        g->in_box_col[i] = (uint8_t)(i % GEO_C(g));
    }
}

/* Where each digit is given: the rows, columns and boxes that hold it,
 * and its column in each row that does. */
typedef struct givens {
    uint64_t rows[BD_BOARD_MAX], cols[BD_BOARD_MAX], boxes[BD_BOARD_MAX];
    colset taken[BD_BOARD_MAX];             /* the given cells of each row */
    int8_t at[BD_BOARD_MAX][BD_BOARD_MAX]; /* [d][r]: the given's column */
} givens;

/* Collects the givens of `puzzle`; false when two clash. */
static bool collect_givens(const geo *g, const bd_board *puzzle, givens *gv)
{
    int n = GEO_N(g);
    memset(gv->rows, 0, sizeof gv->rows);
    memset(gv->cols, 0, sizeof gv->cols);
    memset(gv->boxes, 0, sizeof gv->boxes);
    for (int r = 0; r < n; r++) {
        colset taken = 0;
        for (int c = 0; c < n; c++) {
            int value = puzzle->cells[r * n + c];
            if (!value)
                continue;
            int d = value - 1, box = r / GEO_R(g) * GEO_R(g) + c / GEO_C(g);
            uint64_t seen = (gv->rows[d] >> r | gv->cols[d] >> c | gv->boxes[d] >> box) & 1u;
            if (seen)
                return false;
            gv->rows[d] |= UINT64_C(1) << r;
            gv->cols[d] |= UINT64_C(1) << c;
            gv->boxes[d] |= UINT64_C(1) << box;
            gv->at[d][r] = (int8_t)c;
            taken |= col_bit(c);
        }
        gv->taken[r] = taken;
    }
    return true;
}

/* Sets up the root state of the task (the file comment); false when the
 * givens clash with each other or with an exclusion. */
static bool init_state(ctx *x, const nxn_task *task, state *s)
{
    const geo *g = &x->g;
    int n = GEO_N(g);
    givens gv;
    if (!collect_givens(g, task->puzzle, &gv))
        return false;
    for (int d = 0; d < n; d++) {
        colset *pd = s->w + (size_t)d * (size_t)n;
        for (int top = 0; top < n; top += GEO_R(g)) {
            colset band = g->full & (colset)~(colset)gv.cols[d];
            uint64_t boxes = gv.boxes[d] >> (top / GEO_R(g) * GEO_R(g));
            for (int t = 0; t < GEO_R(g); t++)
                if ((boxes >> t) & 1u)
                    band &= (colset)~g->stack_mask[t];
            for (int r = top; r < top + GEO_R(g); r++)
                pd[r] = (gv.rows[d] >> r) & 1u ? col_bit(gv.at[d][r])
                                               : band & (colset)~gv.taken[r];
        }
    }
    s->open_count = 0;
    for (int r = 0; r < n; r++) {
        s->w[(size_t)n * (size_t)n + (size_t)r] = g->full & (colset)~gv.taken[r];
        s->open_count += n - bit_count(gv.taken[r]);
    }
    s->dirty = s->touched = s->stale = nxn_all_values(n);
    for (int d = 0; d < n; d++) {   /* on band words, paired_before: none */
        *changed_boxes_of(g, s, d) = BAND_WORDS ? 0 : g->full;
        if (keeps_placed(g)) {
            s->w[placed_at(g, d)] = (colset)gv.cols[d];
            s->w[placed_at(g, d) + 1] = (colset)gv.boxes[d];
            s->w[paired_at(g) + (size_t)d] = 0;   /* row d: no search for pairs yet */
        }
    }
    for (int i = 0; i < task->excluded_count; i++) {
        int cell = task->excluded[i].cell, d = task->excluded[i].value - 1;
        int r = cell / n, c = cell % n;
        if (task->puzzle->cells[cell] == d + 1)
            return false;
        s->w[(size_t)d * (size_t)n + (size_t)r] &= (colset)~col_bit(c);
    }
    return true;
}

/* The engine in this file's width: the contract of nxn_engine_fn. */
static nxn_run enumerate(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                         bd_stats *stats)
{
    ctx context, *x = &context;
    make_geo(&x->g, task->puzzle);
    x->stride = level_bytes(GEO_N(&x->g));
    x->levels = x->local.bytes;
    x->capacity = (int)(LOCAL_BYTES / x->stride);
    x->on_heap = false;
    x->guesses = 0;
    x->weights = task->weights ? *task->weights : (nxn_weights){{0}, 0};
    x->stop = x->nomem = false;
    x->kept = x->trail = NULL;
    x->trail_used = x->trail_size = 0;
    if (finds_hidden_pairs(&x->g)) {
        memset(x->made_at, 0, sizeof x->made_at);   /* the root's: level 0 */
        x->kept = calloc(1, kept_bytes(&x->g));   /* no sets or keys at first */
        x->nomem = !x->kept;
    }
    x->visitor = visitor;
    x->pick = task->pick;
    x->pick_context = task->pick_context;
    x->budget = task->budget ? task->budget : &x->own;
    if (!task->budget)
        bdi_budget_init(&x->own, options);
    uint64_t nodes_before = x->budget->nodes;
    if (!x->nomem && ensure_level(x, 0) && init_state(x, task, level_state(x, 0))
        && !bdi_budget_spend(x->budget))
        search(x);
    if (stats) {
        stats->nodes += x->budget->nodes - nodes_before;
        stats->guesses += x->guesses;
    }
    if (task->weights)
        *task->weights = x->weights;
    nxn_run run = x->nomem ? NXN_NOMEM : x->budget->cut ? NXN_CUT : NXN_RAN;
    if (x->on_heap)
        free(x->levels);
    free(x->kept);
    free(x->trail);
    return run;
}

#endif /* BITDOKU_NXN_FAST_H */
