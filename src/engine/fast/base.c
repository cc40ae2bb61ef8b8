/*
 * base.c - the fast engine's base kernel: plain C for any processor, the
 * only kernel under BD_PORTABLE (where core/bits.h uses no compiler
 * builtins), over the search of generic.h (rules and layout there and in
 * fast.h).
 *
 * Hidden singles go digit by digit, and only over the digits with a band
 * word changed since their last scan: the kernel's part of the state keeps
 * every word as last scanned (the state is 228 bytes, copied at a guess).
 * Per digit and changed band, bdi_band_fits is indexed by the segments'
 * "has a place" bits gathered by one multiplication; the stack reduction
 * and the column singles use row folds and rotations of band-shaped words.
 * The segment and minicolumn words of the triads and the guess are made
 * digit by digit. The givens are set up by a loop over the given cells
 * only, their mask made first without a branch per cell (which holds a
 * given is a coin toss for the branch predictor on easy puzzles).
 */
#include "fast.h"

/* The kernel's part of the state. */
typedef struct scan_marks {
    uint32_t scanned[BANDS][BD_SIZE];   /* cand at the digit's last scan */
} scan_marks;

/* A change of cand is what the next scan finds by comparing with
 * `scanned`: nothing to mark. */
static inline void scan_changed(scan_marks *marks)
{
    (void)marks;
}

#include "generic.h"

/* Applies the stack reduction to digit index `di`, whose band words `x`
 * have the row folds `once` and `twice`: clears the (band, column) pairs
 * that no stack permutation uses, in the state and in `x`, and folds the
 * changed words again. Returns 1 if anything was cleared, else 0. */
static inline int stack_step(state *s, unsigned di, uint32_t x[BANDS],
                             uint32_t once[BANDS], uint32_t twice[BANDS])
{
    uint32_t cols = once[0] | once[1] << BD_SIZE | once[2] << (2 * BD_SIZE);
    uint32_t cols_reduced = stack_reduce_word(cols);
    if (cols_reduced == cols)
        return 0;
    for (unsigned b = 0; b < BANDS; b++) {
        uint32_t keep = (cols_reduced >> (BD_SIZE * b)) & ROW_MASK;
        if (keep != once[b]) {
            x[b] = s->cand[b][di] = x[b] & keep * COL_MASK;
            fold_rows_word(x[b], &once[b], &twice[b]);
        }
    }
    return 1;
}

/* Finds and places the hidden singles of digit index `di`, after the band
 * reduction. Returns -1 on a contradiction, else 1 if anything changed,
 * 0 if not. */
static int digit_singles(state *s, unsigned di)
{
    uint32_t x[BANDS] = {s->cand[0][di], s->cand[1][di], s->cand[2][di]};
    uint32_t alone[BANDS], once[BANDS], twice[BANDS];
    int progress = 0;
    for (unsigned b = 0; b < BANDS; b++) {
        if (x[b] == s->marks.scanned[b][di]) {
            /* unchanged since its scan: its singles are placed already */
            alone[b] = 0;
            fold_rows_word(x[b], &once[b], &twice[b]);
            continue;
        }
        uint32_t reduced;
        if (!band_reduce_word(x[b], &reduced, &alone[b]))
            return -1;
        if (reduced != x[b]) {
            x[b] = s->cand[b][di] = reduced;
            progress = 1;
        }
        fold_rows_word(x[b], &once[b], &twice[b]);
        s->marks.scanned[b][di] = x[b];
    }
    progress |= stack_step(s, di, x, once, twice);
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
            if (!(s->cand[b][di] & bit))
                return -1;   /* taken by another single of this digit */
            place(s, di, b, pos);
            progress = 1;
        }
    }
    return progress;
}

/* The hidden-singles pass (generic.h), digit by digit (digit_singles),
 * over the digits whose band words changed since their last scan. Returns
 * -1 on a contradiction, else 1 if anything changed, 0 if not. */
static int hidden_singles(state *s)
{
    int progress = 0;
    for (unsigned d = 0; d < BD_SIZE; d++) {
        if (s->cand[0][d] == s->marks.scanned[0][d] && s->cand[1][d] == s->marks.scanned[1][d]
            && s->cand[2][d] == s->marks.scanned[2][d])
            continue;
        int found = digit_singles(s, d);
        if (found < 0)
            return -1;
        progress |= found;
    }
    return progress;
}

/* The segment and minicolumn words of every digit, their locked entries
 * and the units' digits not fixed (generic.h), digit by digit. */
static void unit_words(const state *s, uint64_t words[BD_SIZE], uint64_t locked[BD_SIZE],
                       unsigned unfixed[2 * BANDS])
{
    for (unsigned u = 0; u < 2 * BANDS; u++)
        unfixed[u] = 0;
    for (unsigned d = 0; d < BD_SIZE; d++) {
        uint32_t seg = 0, mini = 0;
        for (unsigned b = 0; b < BANDS; b++) {
            uint32_t x = s->cand[b][d];
            seg |= ((x | x >> 1 | x >> 2) & SEGMENT_BASES) << b;
            mini |= ((x | x >> BD_SIZE | x >> (2 * BD_SIZE)) & ROW_MASK) << (BD_SIZE * b);
        }
        uint32_t seg_locked = locked_segments(seg), mini_locked = locked_minicolumns(mini);
        words[d] = seg | (uint64_t)mini << 32;
        locked[d] = seg_locked | (uint64_t)mini_locked << 32;
        uint32_t seg_loose = seg & ~seg_locked, mini_loose = mini & ~mini_locked;
        for (unsigned u = 0; u < BANDS; u++) {
            unfixed[u] += ((seg_loose >> u) & SEGMENT_BASES) != 0;
            unfixed[BANDS + u] += (mini_loose & (BOX_MASK << (BD_BOX * u))) != 0;
        }
    }
}

/* The cells of each band that hold a given (bit = position in the band),
 * without a branch per cell. */
static void given_cells(const bd_grid *puzzle, uint32_t taken[BANDS])
{
    for (unsigned b = 0; b < BANDS; b++) {
        uint32_t cells = 0;
        for (unsigned pos = 0; pos < BAND_CELLS; pos++)
            cells |= (uint32_t)(puzzle->cells[b * BAND_CELLS + pos] != 0) << pos;
        taken[b] = cells;
    }
}

/* Sets up the state of `puzzle`, all givens at once (generic.h); false if
 * its givens clash: a given whose row, box or column already holds its
 * digit. */
static bool init_state(state *s, const bd_grid *puzzle)
{
    uint32_t taken[BANDS], clash = 0;
    uint32_t given[BD_SIZE][BANDS] = {{0}}, seen[BD_SIZE][BANDS] = {{0}}, columns[BD_SIZE] = {0};
    given_cells(puzzle, taken);
    /* a loop over the givens only: whether a cell holds one is a coin
     * toss for the branch predictor on Kaggle-like puzzles */
    for (unsigned b = 0; b < BANDS; b++)
        for (uint32_t cells = taken[b]; cells; cells &= cells - 1u) {
            unsigned pos = low_index(cells);
            unsigned di = puzzle->cells[b * BAND_CELLS + pos] - 1u;
            uint32_t bit = 1u << pos, column = 1u << (pos % BD_SIZE);
            clash |= (seen[di][b] & bit) | (columns[di] & column);
            seen[di][b] |= BAND_PEERS[pos];
            columns[di] |= column;
            given[di][b] |= bit;
        }
    if (clash)
        return false;
    for (unsigned d = 0; d < BD_SIZE; d++) {
        uint32_t out_of_columns = ~(columns[d] * COL_MASK);
        for (unsigned b = 0; b < BANDS; b++) {
            s->cand[b][d] = (BAND_MASK & ~taken[b] & ~seen[d][b] & out_of_columns) | given[d][b];
            s->marks.scanned[b][d] = ~0u;   /* never equal: scan every digit once */
        }
    }
    for (unsigned b = 0; b < BANDS; b++)
        s->open[b] = BAND_MASK & ~taken[b];
    return true;
}

/* The fast engine with this kernel (fast.h). */
bool bdi_fast_enumerate_base(const bd_grid *puzzle, const bd_options *options,
                             bdi_visitor *visitor, bd_stats *stats)
{
    return enumerate(puzzle, options, visitor, stats);
}
