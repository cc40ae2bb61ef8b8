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
 *    never is a contradiction, one seen once is placed, its digit read
 *    from four bit planes of the band's digit words (no search over the
 *    digits, whose exit the branch predictor misses). Repeated alone
 *    until it finds nothing, as it is the cheaper rule;
 *  - band reduction and hidden singles, per digit. In a band the digit's
 *    three places form a permutation rows -> boxes (six are possible);
 *    the "segments" (one row inside one box) that no fitting permutation
 *    uses are cleared (pointing and claiming), a segment that every one
 *    uses is alone in its row and box, and if it has one cell that cell is
 *    a hidden single of its row and box. The nine segments' "has a place"
 *    bits, gathered by one multiplication, index a 512-entry table of
 *    the answers (branch-free: a loop over the six permutations was
 *    mispredicted too often);
 *  - stack reduction, per digit, the same across the bands: the three
 *    rows of each band word are folded into "columns with a place", and
 *    the three bands' folds, stacked as the rows of a band-shaped word,
 *    form per stack a 3 x 3 matrix bands x columns in which the digit is
 *    again a permutation (one column per box, one band per column). The
 *    (band, column) pairs on no fitting permutation are cleared from the
 *    band words: box-column pointing and claiming. A pair fits when the
 *    two other bands can take the two other columns, one each: a 2 x 2
 *    check done for all 27 pairs at once by rotating the word's rows and
 *    columns. On the hard sets this cut guesses by about a third on
 *    top1465, 11% on 1905_11+, and makes the propagation the same on a
 *    puzzle and on its transpose (test_fast checks it);
 *  - column hidden singles: "seen once" and "seen twice or more" folds of
 *    the three bands give the columns with one place. A unit with no
 *    place is a contradiction. Only digits with a band word changed since
 *    their last scan are scanned again, and only changed bands reduced.
 *
 * Search. When propagation stalls, the engine guesses on a cell with two
 * candidates (found bit-parallel: seen twice but not three times), the one
 * that shares a unit with most open cells, as its two branches propagate
 * furthest (on the hard sets this guesses about 40% less than taking the
 * first such cell); without one, on the open cell with fewest candidates.
 * Each branch but the last works on a copy of the state (228 bytes, 124
 * in the AVX-512 compile);
 * the last one reuses the parent's. Nodes are the root plus each branch
 * tried; guesses are the cells guessed on (0: solved by propagation). Both
 * are spent against the bdi_budget.
 *
 * Setting up. The givens go in at once (init_state); the loop runs over
 * the given cells only, their mask made first, since a branch per cell
 * ("blank or given?") is mispredicted every other cell on Kaggle-like
 * puzzles.
 *
 * Two compiles, one source. CMake builds this file once for any processor
 * of the target (bdi_fast_enumerate_base) and, on x86-64 with gcc or
 * clang, a second time with AVX-512F/BW, POPCNT and BMI (BDI_FAST_AVX512:
 * bdi_fast_enumerate_avx512; option BITDOKU_AVX512). bdi_fast_enumerate,
 * in the first, calls the second where __builtin_cpu_supports says the
 * processor and system run it, so the default, portable build is fast on
 * the machine it runs on. The AVX-512 compile differs in three steps:
 *  - the hidden-singles pass scans all nine digits at once, a band's nine
 *    digit words in the lanes of one 512-bit register (lane d = digit
 *    index d, lanes 9..15 zero), the band table read by two gathers, the
 *    stack reduction and column singles by the same rotations as above;
 *    every digit is scanned when anything changed since the last pass
 *    (a flag, `rescan`, where the base keeps each word as last scanned
 *    and scans the changed digits one by one; the state copied at a
 *    guess is 124 bytes instead of 228);
 *  - the guess scores every cell of the three bands at once (open peers
 *    by lane, a nibble-table popcount) and takes the first best bivalue
 *    cell in band and cell order, the one the base's loop takes;
 *  - the givens are set up for all digits at once (a byte compare of the
 *    grid per digit, then rows, boxes, columns and clashes lane-wise).
 * The rules, and so the fixed point, the guesses and the nodes, are the
 * same in both (test_fast checks the two compiles against each other).
 * What did not pay there (bench/README.md, round 3, session 4): the naked
 * singles or the guess's digit counts from a digit-major regrouping of
 * the 27 words, vector stores of single lanes, the place() clear as a
 * vector (store forwarding between scalar and 512-bit accesses is the
 * likely cause, but this guest has no counters to show it).
 * Bit tricks use bit_digit() of internal.h, which has a portable path
 * under BD_PORTABLE (no compiler builtins, no second compile), and a
 * 64-bit bit count, the POPCNT instruction where compiled for it.
 */
#include "fast.h"
#include "core/budget.h"
#include "core/engine.h"
#include "core/units.h"

#include <string.h>
#if defined(BDI_FAST_AVX512)
#include <immintrin.h>
#endif

enum { BANDS = 3, BAND_CELLS = 27 };

#define ROW_MASK 0x1FFu       /* row 0 of a band */
#define COL_MASK 0x40201u     /* column 0 in the three rows of a band */
#define BOX_MASK 0x1C0E07u    /* box 0 of a band */
#define BAND_MASK 0x7FFFFFFu  /* the 27 cells of a band */
#define SEGMENT_BASES 0x1249249u   /* the first cell of every segment */

typedef struct state {
    uint32_t cand[BANDS][BD_SIZE];     /* [band][digit - 1]: places left */
#if defined(BDI_FAST_AVX512)
    uint32_t open[BANDS];              /* cells not yet placed */
    uint32_t rescan;                   /* cand changed since the last scan */
#else
    uint32_t scanned[BANDS][BD_SIZE];  /* cand at the digit's last scan */
    uint32_t open[BANDS];              /* cells not yet placed */
#endif
} state;

typedef struct search_ctx {
    bdi_budget budget;
    uint64_t guesses;
    bool stop;                /* the visitor is done, or a limit was hit */
    bdi_visitor *visitor;     /* the caller's: any mode but VISIT_TARGET */
} search_ctx;

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
#if defined(BDI_FAST_AVX512)
    s->rescan = 1;
#endif
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

#if defined(BDI_FAST_AVX512)
/*
 * The AVX-512 form of hidden_singles: the digit scans of every digit at
 * once, one 512-bit register per band with digit index d in 32-bit lane d
 * (lanes 9..15 stay zero). The steps are those of band_reduce, fold_rows,
 * stack_step and digit_singles, written with GCC vector operators (an
 * operator on `lanes` works in every lane; the band table read by
 * gathers). Every digit is scanned when anything changed, from
 * one snapshot; the singles found are then placed one by one as in
 * digit_singles. The same rules to the same fixed point: the same nodes.
 */
typedef uint32_t lanes __attribute__((vector_size(64)));

/* The nine digit words of one band (a row of cand), lanes 9..15 zero. */
static inline lanes load_digits(const uint32_t words[BD_SIZE])
{
    return (lanes)_mm512_maskz_loadu_epi32(ALL_DIGITS, words);
}

/* Writes lanes 0..8 of `v` to the nine digit words of one band. */
static inline void store_digits(uint32_t words[BD_SIZE], lanes v)
{
    _mm512_mask_storeu_epi32(words, ALL_DIGITS, (__m512i)v);
}

/* The digit lanes (bit d: lane d) where `v` is not zero. */
static inline unsigned nonzero_digits(lanes v)
{
    return _mm512_mask_test_epi32_mask(ALL_DIGITS, (__m512i)v, (__m512i)v);
}

/* The digit lanes where `a` and `b` differ. */
static inline unsigned differing_digits(lanes a, lanes b)
{
    return _mm512_mask_cmpneq_epi32_mask(ALL_DIGITS, (__m512i)a, (__m512i)b);
}

/* next_column in every lane. */
static inline lanes next_column_v(lanes x)
{
    return ((x >> 1) & 0x36DB6DBu) | ((x << 2) & 0x4924924u);
}

/* column_after_next in every lane. */
static inline lanes column_after_next_v(lanes x)
{
    return ((x >> 2) & 0x1249249u) | ((x << 1) & 0x6DB6DB6u);
}

/* next_row in every lane. */
static inline lanes next_row_v(lanes x)
{
    return ((x >> BD_SIZE) | (x << (2 * BD_SIZE))) & BAND_MASK;
}

/* on_permutation in every lane. */
static inline lanes on_permutation_v(lanes m)
{
    lanes col1 = next_column_v(m), col2 = column_after_next_v(m);
    return m & next_row_v((col1 & next_row_v(col2)) | (col2 & next_row_v(col1)));
}

/* band_reduce in every lane: writes the reduced words and the hidden
 * singles of rows and boxes; returns the digit lanes where no
 * permutation fits. The segments with a place index bdi_band_fits, read
 * by two gathers (keep, in_all) of the nine digit lanes: cheaper than
 * the permutation test by rotations, which the stack step uses. */
static inline unsigned band_reduce_v(lanes x, lanes *reduced, lanes *alone)
{
    lanes seg = (x | (x >> 1) | (x >> 2)) & SEGMENT_BASES;
    /* segment (row r, box j), bit 9r + 3j, to index bit 3r + j: first to
     * bit 9r + j, then the rows together */
    lanes m = (seg & 0x40201u) | ((seg >> 2) & 0x80402u) | ((seg >> 4) & 0x100804u);
    __m512i index = (__m512i)((m & 0x7u) | ((m >> 6) & 0x38u) | ((m >> 12) & 0x1C0u));
    lanes keep = (lanes)_mm512_mask_i32gather_epi32(_mm512_setzero_si512(), ALL_DIGITS, index,
                                                    &bdi_band_fits[0].keep, sizeof(bdi_band_fit));
    lanes in_all = (lanes)_mm512_mask_i32gather_epi32(
        _mm512_setzero_si512(), ALL_DIGITS, index, &bdi_band_fits[0].in_all, sizeof(bdi_band_fit));
    lanes first = x & SEGMENT_BASES, second = (x >> 1) & SEGMENT_BASES;
    lanes third = (x >> 2) & SEGMENT_BASES;
    lanes one_cell = in_all & (first ^ second ^ third) & ~(first & second & third);
    *reduced = x & keep;
    *alone = x & (one_cell | one_cell << 1 | one_cell << 2);
    return ALL_DIGITS & ~nonzero_digits(keep);
}

/* fold_rows in every lane. */
static inline void fold_rows_v(lanes x, lanes *once, lanes *twice)
{
    lanes r0 = x & ROW_MASK, r1 = (x >> BD_SIZE) & ROW_MASK, r2 = x >> (2 * BD_SIZE);
    *once = r0 | r1 | r2;
    *twice = (r0 & r1) | (r2 & (r0 | r1));
}

/* Places the singles `todo` (per band, per digit lane) found by the
 * vector scan; -1 when one's digit is gone from its cell (taken by
 * another single), else whether any was placed. */
static int place_found(state *s, const lanes todo[BANDS])
{
    int progress = 0;
    for (unsigned b = 0; b < BANDS; b++) {
        unsigned digits = nonzero_digits(todo[b]);
        if (!digits)
            continue;
        uint32_t words[16];
        memcpy(words, &todo[b], sizeof words);
        for (; digits; digits &= digits - 1u) {
            unsigned di = low_index(digits);
            for (uint32_t cells = words[di]; cells; cells &= cells - 1u) {
                unsigned pos = low_index(cells);
                if (!(s->cand[b][di] & (1u << pos)))
                    return -1;
                place(s, di, b, pos);
                progress = 1;
            }
        }
    }
    return progress;
}

/* hidden_singles for every digit at once (see above): -1 on a
 * contradiction, else 1 if anything changed, 0 if not; nothing to do
 * (0) while `rescan` is clear. */
static int hidden_singles(state *s)
{
    lanes x[BANDS], banded[BANDS], alone[BANDS], once[BANDS], twice[BANDS], todo[BANDS];
    unsigned dead = 0;
    if (!s->rescan)
        return 0;
    for (unsigned b = 0; b < BANDS; b++)
        x[b] = load_digits(s->cand[b]);
    for (unsigned b = 0; b < BANDS; b++) {
        dead |= band_reduce_v(x[b], &banded[b], &alone[b]);
        fold_rows_v(banded[b], &once[b], &twice[b]);
    }
    if (dead)
        return -1;
    lanes cols = on_permutation_v(once[0] | once[1] << BD_SIZE | once[2] << (2 * BD_SIZE));
    unsigned progress = 0, stacked = 0;
    for (unsigned b = 0; b < BANDS; b++) {
        lanes keep = (cols >> (BD_SIZE * b)) & ROW_MASK;
        lanes reduced = banded[b] & (keep | keep << BD_SIZE | keep << (2 * BD_SIZE));
        progress |= differing_digits(reduced, x[b]);
        /* the band reduction is idempotent; what the stack reduction
         * cleared may give it more to do */
        stacked |= differing_digits(reduced, banded[b]);
        x[b] = reduced;
        fold_rows_v(x[b], &once[b], &twice[b]);
        store_digits(s->cand[b], x[b]);
    }
    s->rescan = stacked != 0;
    lanes col_once = once[0] | once[1] | once[2];
    if (differing_digits(col_once, (lanes){0} + ROW_MASK))
        return -1;
    lanes col_twice = twice[0] | twice[1] | twice[2] | (once[0] & once[1])
                      | (once[2] & (once[0] | once[1]));
    lanes col_single = col_once & ~col_twice;
    col_single |= col_single << BD_SIZE | col_single << (2 * BD_SIZE);
    for (unsigned b = 0; b < BANDS; b++)
        todo[b] = (alone[b] | (x[b] & col_single)) & s->open[b];
    int placed = place_found(s, todo);
    return placed < 0 ? -1 : (placed | (progress != 0));
}
#else
/* Folds the three rows of a band word: the columns with a place in one
 * row or more, and in two rows or more. */
static inline void fold_rows(uint32_t x, uint32_t *once, uint32_t *twice)
{
    uint32_t r0 = x & ROW_MASK, r1 = (x >> BD_SIZE) & ROW_MASK;
    uint32_t r2 = x >> (2 * BD_SIZE);
    *once = r0 | r1 | r2;
    *twice = (r0 & r1) | (r2 & (r0 | r1));
}

/* Rotates the three columns of every stack of every row in `x` (a word
 * laid out as a band): bit c of the result is bit c + 1 of its stack,
 * cyclically. */
static inline uint32_t next_column(uint32_t x)
{
    return ((x >> 1) & 0x36DB6DBu) | ((x << 2) & 0x4924924u);
}

/* Bit c of the result is bit c + 2 of its stack, cyclically. */
static inline uint32_t column_after_next(uint32_t x)
{
    return ((x >> 2) & 0x1249249u) | ((x << 1) & 0x6DB6DB6u);
}

/* Rotates the three rows of a band-shaped word: row r of the result is
 * row r + 1, cyclically. */
static inline uint32_t next_row(uint32_t x)
{
    return ((x >> BD_SIZE) | (x << (2 * BD_SIZE))) & BAND_MASK;
}

/* The entries of a 3 x 3 0/1 matrix that lie on some permutation (one
 * entry per row and per column) inside it. `m` holds the matrix as its
 * rows are laid out in a band word, with `col1` and `col2` the same word
 * with columns rotated by one and by two. An entry fits when the other
 * two rows can take the other two columns, one each; this works on the
 * three matrices of a word side by side. */
static inline uint32_t on_permutation(uint32_t m, uint32_t col1, uint32_t col2)
{
    /* rows r + 1 and r + 2 with columns c + 1 and c + 2, either way
     * round, rotated down by one row to line up with row r */
    return m & next_row((col1 & next_row(col2)) | (col2 & next_row(col1)));
}

/*
 * Band reduction of one digit's word `x`. The digit's three places in a
 * band form a permutation rows -> boxes, so only the segments of some
 * permutation whose three segments all have a place can hold it: clearing
 * the others is box-line reduction (pointing and claiming) done completely
 * within the band. A segment used by every such permutation is then the
 * only one left in its row and in its box; if it has one cell, that cell
 * is a hidden single of the row and of the box, and every hidden single of
 * a row or box in the band is found so. Writes the reduced word and those
 * cells; false when no permutation fits (a row or box has no place).
 */
static bool band_reduce(uint32_t x, uint32_t *reduced, uint32_t *alone)
{
    uint32_t segments = (x | (x >> 1) | (x >> 2)) & SEGMENT_BASES;
    /* gathers bit 9r + 3j to bit 9r + 4 + j without carries */
    uint32_t gathered = segments * 0x15u;
    uint32_t index = ((gathered >> 4) & 0x7u) | ((gathered >> 10) & 0x38u)
                     | ((gathered >> 16) & 0x1C0u);
    bdi_band_fit fit = bdi_band_fits[index];
    if (!fit.keep)
        return false;
    uint32_t first = x & SEGMENT_BASES, second = (x >> 1) & SEGMENT_BASES;
    uint32_t third = (x >> 2) & SEGMENT_BASES;
    uint32_t one_cell = (first ^ second ^ third) & ~(first & second & third);
    *reduced = x & fit.keep;
    *alone = x & ((fit.in_all & one_cell) * 7u);
    return true;
}

/*
 * Box-column reduction of one digit, the analogue of band_reduce across
 * the bands: `cols` has bit 9 * band + column set when the column has a
 * place of the digit in that band. In each stack the digit's three boxes
 * use three distinct columns, one per band: a (band, column) pair can
 * hold it only if the other two bands can take the other two columns of
 * the stack, one each. Returns the pairs that can; a stack where nothing
 * fits comes back empty, which the caller sees as a column with no place.
 */
static uint32_t stack_reduce(uint32_t cols)
{
    return on_permutation(cols, next_column(cols), column_after_next(cols));
}

/* Applies the stack reduction to digit index `di`, whose band words `x`
 * have the row folds `once` and `twice`: clears the (band, column) pairs
 * that no stack permutation uses, in the state and in `x`, and folds the
 * changed words again. Returns 1 if anything was cleared, else 0. */
static inline int stack_step(state *s, unsigned di, uint32_t x[BANDS],
                             uint32_t once[BANDS], uint32_t twice[BANDS])
{
    uint32_t cols = once[0] | once[1] << BD_SIZE | once[2] << (2 * BD_SIZE);
    uint32_t cols_reduced = stack_reduce(cols);
    if (cols_reduced == cols)
        return 0;
    for (unsigned b = 0; b < BANDS; b++) {
        uint32_t keep = (cols_reduced >> (BD_SIZE * b)) & ROW_MASK;
        if (keep != once[b]) {
            x[b] = s->cand[b][di] = x[b] & keep * COL_MASK;
            fold_rows(x[b], &once[b], &twice[b]);
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
        if (x[b] == s->scanned[b][di]) {
            /* unchanged since its scan: its singles are placed already */
            alone[b] = 0;
            fold_rows(x[b], &once[b], &twice[b]);
            continue;
        }
        uint32_t reduced;
        if (!band_reduce(x[b], &reduced, &alone[b]))
            return -1;
        if (reduced != x[b]) {
            x[b] = s->cand[b][di] = reduced;
            progress = 1;
        }
        fold_rows(x[b], &once[b], &twice[b]);
        s->scanned[b][di] = x[b];
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

/* The hidden singles of every digit whose band words changed since its
 * last scan (digit_singles). Returns -1 on a contradiction, else 1 if
 * anything changed, 0 if not. */
static int hidden_singles(state *s)
{
    int progress = 0;
    for (unsigned d = 0; d < BD_SIZE; d++) {
        if (s->cand[0][d] == s->scanned[0][d] && s->cand[1][d] == s->scanned[1][d]
            && s->cand[2][d] == s->scanned[2][d])
            continue;
        int found = digit_singles(s, d);
        if (found < 0)
            return -1;
        progress |= found;
    }
    return progress;
}
#endif

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

#if !defined(BDI_FAST_AVX512)   /* which scores all cells at once: pick_bivalue */
/* The open cells that share a unit with the cell at `pos` of `band`: a
 * guess there feeds the most propagation. */
static unsigned open_peers(const state *s, unsigned band, unsigned pos)
{
    uint32_t column = COL_MASK << (pos % BD_SIZE);
    uint64_t others = s->open[(band + 1) % BANDS] & column;
    /* the two other bands' column cells fit in disjoint bit ranges when
     * one word is moved up a row, and the band's peers below them all */
    others |= (s->open[(band + 2) % BANDS] & column) << 1;
    return (unsigned)bit_count(others << 32 | (s->open[band] & BAND_PEERS[pos]));
}
#endif

#if defined(BDI_FAST_AVX512)
/* BAND_PEERS and the column of each cell of a band, by lane: cells 0..15
 * in the first register, 16..26 in the second (lanes 11..15 zero). */
static const uint32_t PEERS_BY_LANE[2 * 16] = {
    0x01C0FFFu, 0x01C0FFFu, 0x01C0FFFu, 0x0E071FFu, 0x0E071FFu, 0x0E071FFu,
    0x70381FFu, 0x70381FFu, 0x70381FFu, 0x01FFE07u, 0x01FFE07u, 0x01FFE07u,
    0x0E3FE38u, 0x0E3FE38u, 0x0E3FE38u, 0x703FFC0u, 0x703FFC0u, 0x703FFC0u,
    0x7FC0E07u, 0x7FC0E07u, 0x7FC0E07u, 0x7FC7038u, 0x7FC7038u, 0x7FC7038u,
    0x7FF81C0u, 0x7FF81C0u, 0x7FF81C0u,
};
#define COL(c) (COL_MASK << (c))
static const uint32_t COLUMN_BY_LANE[2 * 16] = {
    COL(0), COL(1), COL(2), COL(3), COL(4), COL(5), COL(6), COL(7), COL(8),
    COL(0), COL(1), COL(2), COL(3), COL(4), COL(5), COL(6), COL(7), COL(8),
    COL(0), COL(1), COL(2), COL(3), COL(4), COL(5), COL(6), COL(7), COL(8),
};
#undef COL

/* The number of set bits of each byte of `x` (a nibble table). */
static inline __m512i byte_counts(__m512i x)
{
    const __m512i nibble_bits = _mm512_broadcast_i32x4(
        _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4));
    const __m512i low_nibbles = _mm512_set1_epi8(0x0F);
    __m512i low = _mm512_and_si512(x, low_nibbles);
    __m512i high = _mm512_and_si512(_mm512_srli_epi32(x, 4), low_nibbles);
    return _mm512_add_epi8(_mm512_shuffle_epi8(nibble_bits, low),
                           _mm512_shuffle_epi8(nibble_bits, high));
}

/* open_peers + 1 of the cells `half` * 16 + lane of `band` that are in
 * `cells` (its bits from half * 16 on), 0 in the other lanes. */
static inline __m512i peer_scores(const state *s, unsigned band, unsigned half, uint32_t cells)
{
    __m512i peers = _mm512_loadu_si512(PEERS_BY_LANE + 16 * half);
    __m512i column = _mm512_loadu_si512(COLUMN_BY_LANE + 16 * half);
    __m512i in_band = _mm512_and_si512(_mm512_set1_epi32((int)s->open[band]), peers);
    __m512i next = _mm512_and_si512(_mm512_set1_epi32((int)s->open[(band + 1) % BANDS]), column);
    __m512i after = _mm512_and_si512(_mm512_set1_epi32((int)s->open[(band + 2) % BANDS]), column);
    /* as in open_peers: the two other bands' column cells, one word moved
     * up a row, do not overlap */
    __m512i others = _mm512_or_si512(next, _mm512_slli_epi32(after, 1));
    __m512i bytes = _mm512_add_epi8(byte_counts(in_band), byte_counts(others));
    bytes = _mm512_add_epi32(bytes, _mm512_srli_epi32(bytes, 16));
    bytes = _mm512_add_epi32(bytes, _mm512_srli_epi32(bytes, 8));
    __m512i score = _mm512_and_si512(bytes, _mm512_set1_epi32(0x3F));
    return _mm512_maskz_add_epi32((__mmask16)(cells >> (16 * half)), score, _mm512_set1_epi32(1));
}

/* The bivalue cell with most open peers (the first such in band and cell
 * order, as the scalar loop takes it), scored for all cells at once;
 * false when there is no bivalue cell. */
static bool pick_bivalue(const state *s, const uint32_t bivalue[BANDS], unsigned *band,
                         unsigned *pos)
{
    __m512i scores[2 * BANDS];
    __m512i best = _mm512_setzero_si512();
    for (unsigned b = 0; b < BANDS; b++)
        for (unsigned half = 0; half < 2; half++) {
            scores[2 * b + half] = peer_scores(s, b, half, bivalue[b]);
            best = _mm512_max_epu32(best, scores[2 * b + half]);
        }
    unsigned top = _mm512_reduce_max_epu32(best);
    if (!top)
        return false;
    __m512i wanted = _mm512_set1_epi32((int)top);
    for (unsigned i = 0; i < 2 * BANDS; i++) {
        unsigned lanes_at_top = _mm512_cmpeq_epi32_mask(scores[i], wanted);
        if (lanes_at_top) {
            *band = i / 2;
            *pos = 16 * (i % 2) + low_index(lanes_at_top);
            return true;
        }
    }
    return false;
}
#endif

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
#if defined(BDI_FAST_AVX512)
    if (pick_bivalue(s, bivalue, band, pos))
        return;
#else
    unsigned best_t = 0;
    bool any = false;
    for (unsigned b = 0; b < BANDS; b++)
        for (uint32_t cells = bivalue[b]; cells; cells &= cells - 1u) {
            unsigned p = low_index(cells);
            unsigned t = open_peers(s, b, p);
            if (!any || t > best_t) {
                any = true;
                best_t = t;
                *band = b;
                *pos = p;
            }
        }
    if (any)
        return;
#endif
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

#if defined(BDI_FAST_AVX512)
/* The 81 cells of a grid as three band words: bit p of word b is cell
 * 27b + p (from the two byte masks of a compare). */
static inline void band_words(uint64_t first, uint64_t rest, uint32_t words[BANDS])
{
    words[0] = (uint32_t)first & BAND_MASK;
    words[1] = (uint32_t)(first >> BAND_CELLS) & BAND_MASK;
    words[2] = (uint32_t)(first >> (2 * BAND_CELLS) | rest << (64 - 2 * BAND_CELLS)) & BAND_MASK;
}

/* `cells` in the digit lanes where `v` is not zero, else 0. */
static inline lanes unit_where(lanes v, uint32_t cells)
{
    return (lanes)_mm512_maskz_mov_epi32((__mmask16)nonzero_digits(v),
                                         _mm512_set1_epi32((int)cells));
}

/*
 * Sets up the state of `puzzle`; false if its givens clash. The givens of
 * each digit come from one byte compare of the grid, then every digit is
 * set up at once, lane d of a band's register holding digit index d: a
 * digit loses the rows, boxes and columns of its givens and every other
 * given cell (what placing them one by one leaves), and clashes are the
 * rows, boxes and columns with two givens of one digit.
 */
static bool init_state(state *s, const bd_grid *puzzle)
{
    __m512i low = _mm512_loadu_si512(puzzle->cells);
    __m512i high = _mm512_maskz_loadu_epi8((1ull << (BD_CELLS - 64)) - 1u, puzzle->cells + 64);
    uint32_t given[BANDS][16] = {{0}}, taken[BANDS], words[BANDS];
    band_words(_mm512_test_epi8_mask(low, low), _mm512_test_epi8_mask(high, high), taken);
    for (unsigned d = 0; d < BD_SIZE; d++) {
        __m512i digit = _mm512_set1_epi8((char)(d + 1));
        band_words(_mm512_cmpeq_epi8_mask(low, digit), _mm512_cmpeq_epi8_mask(high, digit), words);
        for (unsigned b = 0; b < BANDS; b++)
            given[b][d] = words[b];
    }
    lanes g[BANDS], once[BANDS], twice[BANDS], seen[BANDS], doubled = {0};
    for (unsigned b = 0; b < BANDS; b++) {
        g[b] = load_digits(given[b]);
        seen[b] = (lanes){0};
        for (unsigned k = 0; k < BD_BOX; k++) {
            uint32_t row_cells = ROW_MASK << (BD_SIZE * k), box_cells = BOX_MASK << (BD_BOX * k);
            lanes row = g[b] & row_cells, box = g[b] & box_cells;
            /* a unit's part with two givens or more keeps a bit when its
             * lowest goes */
            doubled |= (row & (row - 1u)) | (box & (box - 1u));
            seen[b] |= unit_where(row, row_cells) | unit_where(box, box_cells);
        }
        fold_rows_v(g[b], &once[b], &twice[b]);
    }
    lanes col_once = once[0] | once[1] | once[2];
    doubled |= twice[0] | twice[1] | twice[2] | (once[0] & once[1])
               | (once[2] & (once[0] | once[1]));
    if (nonzero_digits(doubled))
        return false;
    lanes out_of_columns = ~(col_once | col_once << BD_SIZE | col_once << (2 * BD_SIZE));
    for (unsigned b = 0; b < BANDS; b++) {
        store_digits(s->cand[b], ((BAND_MASK & ~taken[b]) & ~seen[b] & out_of_columns) | g[b]);
        s->open[b] = BAND_MASK & ~taken[b];
    }
    s->rescan = 1;
    return true;
}
#else
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

/* Sets up the state of `puzzle`; false if its givens clash. */
static bool init_state(state *s, const bd_grid *puzzle)
{
    /* All givens go in at once: a digit keeps its givens' cells and loses
     * their rows, boxes and columns and every other given cell, which is
     * what placing them one by one leaves. A given whose row, box or
     * column already holds its digit is a clash. */
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
            s->scanned[b][d] = ~0u;   /* never equal: scan every digit once */
        }
    }
    for (unsigned b = 0; b < BANDS; b++)
        s->open[b] = BAND_MASK & ~taken[b];
    return true;
}

#endif

#if defined(BDI_FAST_AVX512)
#define FAST_ENTRY bdi_fast_enumerate_avx512
#else
#define FAST_ENTRY bdi_fast_enumerate_base
#endif

/* bdi_fast_enumerate_base or _avx512 (contract in internal.h). */
bool FAST_ENTRY(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
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

#if !defined(BDI_FAST_AVX512)
/* The contract is in internal.h; the checks are those of the AVX-512
 * compile's flags (CMakeLists.txt). */
bdi_enumerate_fn bdi_fast_avx512(void)
{
#if defined(BDI_HAVE_FAST_AVX512)
    /* a no-op once the run-time library's constructor has run; needed
     * only when called before it (from another constructor) */
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("popcnt")
        && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2"))
        return bdi_fast_enumerate_avx512;
#endif
    return NULL;
}

/* The AVX-512 compile where there is one and it runs here, else the base. */
bool bdi_fast_enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                        bd_stats *stats)
{
    bdi_enumerate_fn avx512 = bdi_fast_avx512();
    return (avx512 ? avx512 : bdi_fast_enumerate_base)(puzzle, options, visitor, stats);
}
#endif
