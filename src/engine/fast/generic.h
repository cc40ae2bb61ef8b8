/*
 * generic.h - the fast exact engine's search, written once and compiled
 * into the file of each kernel (base.c, avx512.c): the state, placing a
 * digit, naked singles, the propagation loop, the choice of the guess,
 * the depth-first search and its entry. It defines static functions: no
 * file but a kernel's includes it, and the compiler inlines the kernel's
 * steps into the search (a call per step to another file would cost
 * speed).
 *
 * A kernel's file defines, before it includes this one:
 *   scan_marks            its part of the state: what its hidden-singles
 *                         pass keeps between two scans;
 *   scan_placed(marks)    what a placement changes there;
 * and after it the three steps declared below (hidden_singles,
 * pick_bivalue, init_state), by the rules stated here, then its entry,
 * bdi_fast_enumerate_<isa> (fast.h), which returns enumerate(). Kernels
 * that follow the rules reach the same fixed point and take the same
 * guesses, so they give the same answers, nodes and guesses (test_fast
 * checks each against the base).
 *
 * State, in the band layout of fast.h: per band and digit, the cells of
 * the band where the digit may still go. A placed digit keeps its own bit
 * (and loses it in every other digit), so in a consistent state each row,
 * column and box holds at least one bit of every digit, and a unit with
 * exactly one bit has that digit fixed there. A second word per band marks
 * the cells not yet placed.
 *
 * Propagation, repeated until nothing changes:
 *  - naked singles (here): per band, two accumulators over the nine digits
 *    give the open cells seen once and seen twice or more; an open cell
 *    seen never is a contradiction, one seen once is placed, its digit read
 *    from four bit planes of the band's digit words (no search over the
 *    digits, whose exit the branch predictor would miss). Repeated alone
 *    until it finds nothing, as it is the cheaper rule;
 *  - the kernel's hidden-singles pass, per digit whose band words changed
 *    since its last scan:
 *    . band reduction and hidden singles of rows and boxes. In a band the
 *      digit's three places form a permutation rows -> boxes (six are
 *      possible); the segments that no fitting permutation uses are
 *      cleared (pointing and claiming), a segment that every one uses is
 *      alone in its row and box, and if it has one cell that cell is a
 *      hidden single of its row and box. The nine segments' "has a place"
 *      bits index bdi_band_fits, which holds the answers (a table rather
 *      than a loop over the six permutations, branch-free);
 *    . stack reduction, the same across the bands: the three rows of each
 *      band word are folded into "columns with a place", and the three
 *      bands' folds, stacked as the rows of a band-shaped word, form per
 *      stack a 3 x 3 matrix bands x columns in which the digit is again a
 *      permutation (one column per box, one band per column). The (band,
 *      column) pairs on no fitting permutation are cleared from the band
 *      words: box-column pointing and claiming. A pair fits when the two
 *      other bands can take the two other columns, one each: a 2 x 2 check
 *      done for all 27 pairs at once by rotating the word's rows and
 *      columns. It also makes the propagation the same on a puzzle and on
 *      its transpose (test_fast checks it);
 *    . column hidden singles: "seen once" and "seen twice or more" folds
 *      of the three bands give the columns with one place.
 *    A unit with no place is a contradiction. The singles found are placed
 *    one by one, digit by digit in order, each checked to be a candidate
 *    still.
 *
 * Search. When propagation stalls, the engine guesses on a cell with two
 * candidates (found bit-parallel: seen twice but not three times), the one
 * that shares a unit with most open cells (the first such in band and cell
 * order), as its two branches propagate furthest; without one, on the
 * open cell with fewest candidates. Each branch but the last works on a
 * copy of the state; the last one reuses the parent's. Nodes are the root
 * plus each branch tried; guesses are the cells guessed on (0: solved by
 * propagation). Both are spent against the bdi_budget.
 *
 * Setting up (the kernel's init_state): all givens go in at once. A digit
 * keeps its givens' cells and loses their rows, boxes and columns and every
 * other given cell, which is what placing them one by one leaves; two
 * givens of one digit in a row, box or column are a clash.
 */
#include "fast.h"
#include "core/bits.h"
#include "core/budget.h"

typedef struct state {
    uint32_t cand[BANDS][BD_SIZE];   /* [band][digit - 1]: places left */
    uint32_t open[BANDS];            /* cells not yet placed */
    scan_marks marks;                /* the kernel's: what its last scan saw */
} state;

typedef struct search_ctx {
    bdi_budget budget;
    uint64_t guesses;
    bool stop;                /* the visitor is done, or a limit was hit */
    bdi_visitor *visitor;     /* the caller's: any mode but VISIT_TARGET */
} search_ctx;

/*
 * The kernel's steps (defined in its file, after this one).
 *
 * hidden_singles: the hidden-singles pass above over every digit whose
 * band words changed since its last scan (s->marks tells; scanning more
 * changes nothing, as the rules reach one fixed point whatever their
 * order): the reductions, then the singles placed. Returns -1 on a
 * contradiction, else 1 if anything changed (a candidate cleared or a
 * digit placed), 0 if not.
 *
 * pick_bivalue: among the open cells with two candidates, `bivalue[band]`
 * (maybe none), the one with most open peers (the open cells that share
 * its row, column or box, itself included), the first such in band and
 * cell order; false when there is none.
 *
 * init_state: sets up `s` for `puzzle` (its cells checked to be 0..9, its
 * givens not checked), so that the next hidden_singles scans every digit;
 * false if the givens clash (nothing else is promised of `s` then).
 */
static int hidden_singles(state *s);
static bool pick_bivalue(const state *s, const uint32_t bivalue[BANDS], unsigned *band,
                         unsigned *pos);
static bool init_state(state *s, const bd_grid *puzzle);

/* The index (0..31) of the lowest set bit of a non-zero word. */
static inline unsigned low_index(uint32_t word)
{
    return (unsigned)bit_digit(word) - 1u;
}

/* The cells of a band that share a row or a box with each cell of the
 * band (the cell included): ROW_MASK << 9 * row | BOX_MASK << 3 * box. */
static const uint32_t BAND_PEERS[BAND_CELLS] = {
    0x01C0FFFu, 0x01C0FFFu, 0x01C0FFFu, 0x0E071FFu, 0x0E071FFu, 0x0E071FFu,
    0x70381FFu, 0x70381FFu, 0x70381FFu, 0x01FFE07u, 0x01FFE07u, 0x01FFE07u,
    0x0E3FE38u, 0x0E3FE38u, 0x0E3FE38u, 0x703FFC0u, 0x703FFC0u, 0x703FFC0u,
    0x7FC0E07u, 0x7FC0E07u, 0x7FC0E07u, 0x7FC7038u, 0x7FC7038u, 0x7FC7038u,
    0x7FF81C0u, 0x7FF81C0u, 0x7FF81C0u,
};

/*
 * Places digit index `di` (0..8) at bit `pos` of `band`, where it is the
 * only candidate left: the digit leaves the cell's column in every band,
 * and its row and box. The caller has checked that the cell is open and
 * that the digit is a candidate there.
 */
static void place_only(state *s, unsigned di, unsigned band, unsigned pos)
{
    uint32_t bit = 1u << pos;
    uint32_t column = ~(COL_MASK << (pos % BD_SIZE));
    for (unsigned b = 0; b < BANDS; b++)
        s->cand[b][di] &= column;
    s->cand[band][di] = (s->cand[band][di] & ~BAND_PEERS[pos]) | bit;
    s->open[band] &= ~bit;
    scan_placed(&s->marks);
}

/* The same where the cell may have other candidates: they go first. */
static void place(state *s, unsigned di, unsigned band, unsigned pos)
{
    for (unsigned d = 0; d < BD_SIZE; d++)
        s->cand[band][d] &= ~(1u << pos);
    place_only(s, di, band, pos);
}

/* Places every naked single. The digit of a cell with one candidate is
 * read from four "bit planes" (plane k: the cells where a digit index
 * with bit k set is a candidate) rather than by a search over the digits,
 * whose data-dependent exits the branch predictor misses. Returns -1 on
 * a contradiction, else 1 if anything was placed, 0 if not. */
static int naked_singles(state *s)
{
    int progress = 0;
    for (unsigned band = 0; band < BANDS; band++) {
        uint32_t open = s->open[band];
        if (!open)
            continue;
        const uint32_t *c = s->cand[band];
        uint32_t once = 0, twice = 0;
        for (unsigned d = 0; d < BD_SIZE; d++) {
            twice |= once & c[d];
            once |= c[d];
        }
        if (open & ~once)
            return -1;
        uint32_t singles = open & ~twice;
        if (!singles)
            continue;
        uint32_t plane0 = c[1] | c[3] | c[5] | c[7];
        uint32_t plane1 = c[2] | c[3] | c[6] | c[7];
        uint32_t plane2 = c[4] | c[5] | c[6] | c[7];
        uint32_t plane3 = c[8];
        for (; singles; singles &= singles - 1u) {
            unsigned pos = low_index(singles);
            unsigned d = ((plane0 >> pos) & 1u) | ((plane1 >> pos) & 1u) << 1
                         | ((plane2 >> pos) & 1u) << 2 | ((plane3 >> pos) & 1u) << 3;
            if (!((s->cand[band][d] >> pos) & 1u))
                return -1;   /* an earlier single took its last candidate */
            place_only(s, d, band, pos);
            progress = 1;
        }
    }
    return progress;
}

/* Singles to a fixed point; false on a contradiction. */
static bool propagate(state *s)
{
    for (;;) {
        int found = naked_singles(s);
        if (found < 0)
            return false;
        if (found)
            continue;
        /* every cell placed, each after its digit was checked to be a
         * candidate there: a solution, nothing left to scan */
        if (!(s->open[0] | s->open[1] | s->open[2]))
            return true;
        found = hidden_singles(s);
        if (found <= 0)
            return found == 0;
    }
}

/* The open cells of `band` with exactly two candidates. */
static inline uint32_t bivalue_cells(const state *s, unsigned band)
{
    uint32_t once = 0, twice = 0, thrice = 0;
    for (unsigned d = 0; d < BD_SIZE; d++) {
        uint32_t c = s->cand[band][d];
        thrice |= twice & c;
        twice |= once & c;
        once |= c;
    }
    return s->open[band] & twice & ~thrice;
}

/* The open cell to guess on: the bivalue cell with most open peers, or
 * else the open cell with fewest candidates. After propagation every open
 * cell has two candidates or more. */
static void pick_cell(const state *s, unsigned *band, unsigned *pos)
{
    unsigned best_n = BD_SIZE + 1;
    uint32_t bivalue[BANDS];
    for (unsigned b = 0; b < BANDS; b++)
        bivalue[b] = bivalue_cells(s, b);
    if (pick_bivalue(s, bivalue, band, pos))
        return;
    for (unsigned b = 0; b < BANDS; b++)
        for (uint32_t open = s->open[b]; open; open &= open - 1u) {
            unsigned p = low_index(open);
            unsigned n = 0;
            for (unsigned d = 0; d < BD_SIZE; d++)
                n += (s->cand[b][d] >> p) & 1u;
            if (n < best_n) {
                best_n = n;
                *band = b;
                *pos = p;
            }
        }
}

/* Hands the solved state `s` to the visitor (as a grid unless it only
 * counts); the search stops when the visitor is done. */
static void found_solution(search_ctx *ctx, const state *s)
{
    if (ctx->visitor->mode == VISIT_COUNT) {
        bdi_visit(ctx->visitor, NULL, 0);   /* counting needs no grid */
    } else {
        /* Solved, every digit holds one cell of each row: exactly three
         * of each band, read without a loop over the bits. */
        bd_grid grid;
        for (unsigned d = 0; d < BD_SIZE; d++)
            for (unsigned b = 0; b < BANDS; b++) {
                uint8_t *band_cells = grid.cells + b * BAND_CELLS;
                uint32_t m = s->cand[b][d];
                band_cells[low_index(m)] = (uint8_t)(d + 1);
                m &= m - 1u;
                band_cells[low_index(m)] = (uint8_t)(d + 1);
                m &= m - 1u;
                band_cells[low_index(m)] = (uint8_t)(d + 1);
            }
        bdi_visit(ctx->visitor, grid.cells, 0);
    }
    ctx->stop = ctx->visitor->done;
}

/* Propagates `s`, then guesses; `s` is the caller's to scratch. */
static void search(search_ctx *ctx, state *s)
{
    if (!propagate(s))
        return;
    if (!(s->open[0] | s->open[1] | s->open[2])) {
        found_solution(ctx, s);
        return;
    }
    unsigned band = 0, pos = 0;
    pick_cell(s, &band, &pos);
    unsigned digits = 0;
    for (unsigned d = 0; d < BD_SIZE; d++)
        digits |= ((s->cand[band][d] >> pos) & 1u) << d;
    ctx->guesses++;
    while (digits) {
        unsigned di = low_index(digits);
        digits &= digits - 1u;
        if (bdi_budget_spend(&ctx->budget)) {
            ctx->stop = true;
            return;
        }
        if (!digits) {
            place(s, di, band, pos);
            search(ctx, s);
            return;
        }
        state child = *s;
        place(&child, di, band, pos);
        search(ctx, &child);
        if (ctx->stop)
            return;
    }
}

/* The engine with this file's kernel: the contract of bdi_fast_enumerate
 * (core/engine.h). */
static bool enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                      bd_stats *stats)
{
    search_ctx ctx = {.visitor = visitor};
    state root;
    bdi_budget_init(&ctx.budget, options);
    if (init_state(&root, puzzle) && !bdi_budget_spend(&ctx.budget))
        search(&ctx, &root);
    if (stats) {
        stats->nodes += ctx.budget.nodes;
        stats->guesses += ctx.guesses;
    }
    return ctx.budget.cut;
}
