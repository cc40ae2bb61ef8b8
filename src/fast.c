/*
 * fast.c - the fast exact engine: band-wise bit-parallel candidates,
 * naked and hidden singles propagated to a fixed point, guesses on a
 * bivalue cell, and the state copied at each guess (no undo log).
 *
 * Representation. The grid is cut into three bands of three rows. For each
 * digit and band, one 27-bit word holds the cells of the band where the
 * digit may still go; bit = (row % 3) * 9 + col, so the cell index of a bit
 * is simply band * 27 + bit:
 *
 *          col 0 1 2   3 4 5   6 7 8
 *     row 0:   0 1 2 | 3 4 5 | 6 7 8        row  = ROW_MASK << 9 * r
 *     row 1:   9 ...                  17    col  = COL_MASK << c   (0x40201)
 *     row 2:  18 ...                  26    box  = BOX_MASK << 3 * j (0x1C0E07)
 *
 * A placed digit keeps its own bit (and loses it in every other digit), so
 * in a consistent state each row, column and box holds at least one bit of
 * every digit, and a unit with exactly one bit has that digit fixed there.
 * A second word per band marks the cells not yet placed.
 *
 * Propagation, repeated until nothing changes:
 *  - naked singles: per band, two accumulators over the nine digits give
 *    the open cells seen once and seen twice or more; an open cell seen
 *    never is a contradiction, one seen once is placed;
 *  - hidden singles: per digit, the three rows of each band are folded
 *    into "column seen once" and "seen twice or more" words, which give the
 *    boxes and (across the bands) the columns with exactly one place; rows
 *    are tested one by one. A unit with no place is a contradiction. Only
 *    digits whose words changed since their last scan are scanned again.
 *
 * Search. When propagation stalls, the engine guesses on an open cell with
 * two candidates (the first found, bit-parallel: seen twice but not three
 * times), or else on the open cell with fewest candidates. Each branch but
 * the last works on a copy of the state (about 230 bytes); the last one
 * reuses the parent's. Nodes are the root plus each branch tried; guesses
 * are the cells guessed on. Both are spent against the bdi_budget.
 *
 * Bit tricks use bit_digit() and popcount() of internal.h, which have a
 * portable path under BD_PORTABLE.
 */
#include "internal.h"

#include <string.h>

enum { BANDS = 3, BAND_CELLS = 27 };

#define ROW_MASK 0x1FFu       /* row 0 of a band */
#define COL_MASK 0x40201u     /* column 0 in the three rows of a band */
#define BOX_MASK 0x1C0E07u    /* box 0 of a band */
#define BAND_MASK 0x7FFFFFFu  /* the 27 cells of a band */

typedef struct state {
    uint32_t cand[BD_SIZE][BANDS];     /* [digit - 1][band]: places left */
    uint32_t scanned[BD_SIZE][BANDS];  /* cand at the digit's last scan */
    uint32_t open[BANDS];              /* cells not yet placed */
} state;

typedef struct search_ctx {
    bdi_budget budget;
    uint64_t guesses;
    bool first_only;          /* stop at the first solution and keep it */
    bool stop;
    uint64_t count, limit;    /* counting: solutions found, 0 = no limit */
    bd_grid solution;
} search_ctx;

/* The index (0..31) of the lowest set bit of a non-zero word. */
static inline unsigned low_index(uint32_t word)
{
    return (unsigned)bit_digit(word) - 1u;
}

/*
 * Places digit index `di` (0..8) at bit `pos` of `band`. The caller has
 * checked that the cell is open and that the digit is a candidate there.
 */
static void place(state *s, unsigned di, unsigned band, unsigned pos)
{
    uint32_t bit = 1u << pos;
    unsigned row = pos / BD_SIZE, col = pos % BD_SIZE;
    uint32_t peers = (ROW_MASK << (BD_SIZE * row)) | (COL_MASK << col)
                     | (BOX_MASK << (col / BD_BOX * BD_BOX));
    uint32_t other_bands = ~(COL_MASK << col);
    for (unsigned d = 0; d < BD_SIZE; d++)
        s->cand[d][band] &= ~bit;
    for (unsigned b = 0; b < BANDS; b++)
        s->cand[di][b] &= other_bands;
    s->cand[di][band] = (s->cand[di][band] & ~peers) | bit;
    s->open[band] &= ~bit;
}

/* Places every naked single. Returns -1 on a contradiction, else 1 if
 * anything was placed, 0 if not. */
static int naked_singles(state *s)
{
    int progress = 0;
    for (unsigned band = 0; band < BANDS; band++) {
        uint32_t open = s->open[band];
        if (!open)
            continue;
        uint32_t once = 0, twice = 0;
        for (unsigned d = 0; d < BD_SIZE; d++) {
            twice |= once & s->cand[d][band];
            once |= s->cand[d][band];
        }
        if (open & ~once)
            return -1;
        for (uint32_t singles = open & ~twice; singles; singles &= singles - 1u) {
            unsigned pos = low_index(singles);
            uint32_t bit = 1u << pos;
            unsigned d = 0;
            while (d < BD_SIZE && !(s->cand[d][band] & bit))
                d++;
            if (d == BD_SIZE)
                return -1;   /* an earlier single took its last candidate */
            place(s, d, band, pos);
            progress = 1;
        }
    }
    return progress;
}

/* Folds the three rows of a band word: the columns with a place in one
 * row or more, and in two rows or more. */
static inline void fold_rows(uint32_t x, uint32_t *once, uint32_t *twice)
{
    uint32_t r0 = x & ROW_MASK, r1 = (x >> BD_SIZE) & ROW_MASK;
    uint32_t r2 = x >> (2 * BD_SIZE);
    *once = r0 | r1 | r2;
    *twice = (r0 & r1) | (r2 & (r0 | r1));
}

/*
 * The cells of one digit that are alone in their row or box within `band`
 * (word `x`), with the folded column words for the column test. Returns
 * false when a row or box has no place for the digit.
 */
static bool band_singles(uint32_t x, uint32_t *alone, uint32_t *seen_once,
                         uint32_t *seen_twice)
{
    uint32_t r0 = x & ROW_MASK, r1 = (x >> BD_SIZE) & ROW_MASK;
    uint32_t r2 = x >> (2 * BD_SIZE);
    if (!r0 || !r1 || !r2)
        return false;
    uint32_t single = 0;
    if (!(r0 & (r0 - 1u)))
        single |= r0;
    if (!(r1 & (r1 - 1u)))
        single |= r1 << BD_SIZE;
    if (!(r2 & (r2 - 1u)))
        single |= r2 << (2 * BD_SIZE);
    uint32_t once, twice;
    fold_rows(x, &once, &twice);
    for (unsigned j = 0; j < BD_BOX; j++) {
        uint32_t box_cols = 7u << (BD_BOX * j);
        uint32_t in_box = once & box_cols;
        if (!in_box)
            return false;
        if (!(twice & box_cols) && !(in_box & (in_box - 1u)))
            single |= x & (in_box * COL_MASK);
    }
    *alone = single;
    *seen_once = once;
    *seen_twice = twice;
    return true;
}

/*
 * Within a band a digit takes one cell in each row and each box, so its
 * three places form a permutation rows -> boxes. A "segment" is the three
 * cells of one row inside one box; mark each non-empty segment at the bit
 * of its first cell (bits 9k + 3j), keep only the segments used by some
 * permutation whose three segments are all non-empty, and clear the cells
 * of the others. This is box-line reduction (pointing and claiming) done
 * completely within a band. Returns the reduced word (0: no permutation).
 */
static uint32_t band_reduce(uint32_t x)
{
    static const uint32_t perms[6] = {
        0x1001001u, 0x0208001u, 0x1000208u, 0x0048008u, 0x0200240u, 0x0041040u,
    };
    uint32_t segments = (x | (x >> 1) | (x >> 2)) & 0x1249249u;
    uint32_t keep = 0;
    for (unsigned i = 0; i < 6; i++)
        if (!(perms[i] & ~segments))
            keep |= perms[i];
    return x & (keep * 7u);
}

/* Finds and places the hidden singles of digit index `di`, after the band
 * reduction. Returns -1 on a contradiction, else 1 if anything changed,
 * 0 if not. */
static int digit_singles(state *s, unsigned di)
{
    uint32_t *x = s->cand[di];
    uint32_t alone[BANDS], once[BANDS], twice[BANDS];
    int progress = 0;
    for (unsigned b = 0; b < BANDS; b++) {
        if (x[b] == s->scanned[di][b]) {
            /* unchanged since its scan: its singles are placed already */
            alone[b] = 0;
            fold_rows(x[b], &once[b], &twice[b]);
            continue;
        }
        uint32_t reduced = band_reduce(x[b]);
        if (reduced != x[b]) {
            x[b] = reduced;
            progress = 1;
        }
        if (!band_singles(x[b], &alone[b], &once[b], &twice[b]))
            return -1;
        s->scanned[di][b] = x[b];
    }
    uint32_t col_once = once[0] | once[1] | once[2];
    if (col_once != ROW_MASK)
        return -1;
    uint32_t col_twice = twice[0] | twice[1] | twice[2] | (once[0] & once[1])
                         | (once[2] & (once[0] | once[1]));
    uint32_t col_single = (col_once & ~col_twice) * COL_MASK;
    for (unsigned b = 0; b < BANDS; b++) {
        uint32_t todo = (alone[b] | (x[b] & col_single)) & s->open[b];
        for (; todo; todo &= todo - 1u) {
            unsigned pos = low_index(todo);
            uint32_t bit = 1u << pos;
            if (!(s->cand[di][b] & bit))
                return -1;   /* taken by another single of this digit */
            place(s, di, b, pos);
            progress = 1;
        }
    }
    return progress;
}

static int hidden_singles(state *s)
{
    int progress = 0;
    for (unsigned d = 0; d < BD_SIZE; d++) {
        if (!memcmp(s->cand[d], s->scanned[d], sizeof s->cand[d]))
            continue;
        int found = digit_singles(s, d);
        if (found < 0)
            return -1;
        progress |= found;
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
        found = hidden_singles(s);
        if (found <= 0)
            return found == 0;
    }
}

/* The open cell to guess on: the first bivalue cell, or else the open cell
 * with fewest candidates. Every open cell has two or more (propagation). */
static void pick_cell(const state *s, unsigned *band, unsigned *pos)
{
    unsigned best_n = BD_SIZE + 1;
    for (unsigned b = 0; b < BANDS; b++) {
        uint32_t once = 0, twice = 0, thrice = 0;
        for (unsigned d = 0; d < BD_SIZE; d++) {
            uint32_t c = s->cand[d][b];
            thrice |= twice & c;
            twice |= once & c;
            once |= c;
        }
        uint32_t bivalue = s->open[b] & twice & ~thrice;
        if (bivalue) {
            *band = b;
            *pos = low_index(bivalue);
            return;
        }
    }
    for (unsigned b = 0; b < BANDS; b++)
        for (uint32_t open = s->open[b]; open; open &= open - 1u) {
            unsigned p = low_index(open);
            unsigned n = 0;
            for (unsigned d = 0; d < BD_SIZE; d++)
                n += (s->cand[d][b] >> p) & 1u;
            if (n < best_n) {
                best_n = n;
                *band = b;
                *pos = p;
            }
        }
}

static void found_solution(search_ctx *ctx, const state *s)
{
    if (ctx->first_only) {
        for (unsigned d = 0; d < BD_SIZE; d++)
            for (unsigned b = 0; b < BANDS; b++)
                for (uint32_t m = s->cand[d][b]; m; m &= m - 1u)
                    ctx->solution.cells[b * BAND_CELLS + low_index(m)] = (uint8_t)(d + 1);
        ctx->stop = true;
        return;
    }
    ctx->count++;
    if (ctx->count == ctx->limit)
        ctx->stop = true;
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
        digits |= ((s->cand[d][band] >> pos) & 1u) << d;
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

/* Sets up the state of `puzzle`; false if its givens clash. */
static bool init_state(state *s, const bd_grid *puzzle)
{
    for (unsigned d = 0; d < BD_SIZE; d++)
        for (unsigned b = 0; b < BANDS; b++) {
            s->cand[d][b] = BAND_MASK;
            s->scanned[d][b] = ~0u;   /* never equal: scan every digit once */
        }
    for (unsigned b = 0; b < BANDS; b++)
        s->open[b] = BAND_MASK;
    for (unsigned cell = 0; cell < BD_CELLS; cell++) {
        unsigned digit = puzzle->cells[cell];
        if (!digit)
            continue;
        unsigned band = cell / BAND_CELLS, pos = cell % BAND_CELLS;
        if (!(s->cand[digit - 1u][band] & (1u << pos)))
            return false;
        place(s, digit - 1u, band, pos);
    }
    return true;
}

static void run(search_ctx *ctx, const bd_grid *puzzle,
                const bd_options *options, bd_stats *stats)
{
    state root;
    bdi_budget_init(&ctx->budget, options);
    ctx->guesses = 0;
    ctx->stop = false;
    ctx->count = 0;
    if (init_state(&root, puzzle) && !bdi_budget_spend(&ctx->budget))
        search(ctx, &root);
    if (stats) {
        stats->nodes += ctx->budget.nodes;
        stats->guesses += ctx->guesses;
    }
}

bd_status bdi_fast_solve(const bd_grid *puzzle, const bd_options *options,
                         bd_grid *solution, bd_stats *stats)
{
    search_ctx ctx;
    ctx.first_only = true;
    ctx.limit = 1;
    run(&ctx, puzzle, options, stats);
    if (ctx.budget.cut)
        return BD_CUT_SHORT;
    if (!ctx.stop)
        return BD_NO_SOLUTION;
    *solution = ctx.solution;
    return BD_OK;
}

bd_status bdi_fast_count(const bd_grid *puzzle, uint64_t limit,
                         const bd_options *options, uint64_t *count,
                         bd_stats *stats)
{
    search_ctx ctx;
    ctx.first_only = false;
    ctx.limit = limit;
    run(&ctx, puzzle, options, stats);
    *count = ctx.count;
    return ctx.budget.cut ? BD_CUT_SHORT : BD_OK;
}
