/*
 * avx512.c - the fast engine's AVX-512 kernel (x86-64 with AVX-512F/BW/VL,
 * POPCNT, BMI1 and BMI2: the flags CMake gives this file alone), over the
 * search of generic.h (rules and layout there and in fast.h). dispatch.c
 * runs it only where the processor and system do.
 *
 * Vectors are GCC vector types (an operator on a vector works in every
 * 32-bit lane) and intrinsics where an operator does not say it:
 *  - the hidden-singles pass and the digits' segment and minicolumn words
 *    are eight.h's, shared with avx2.c (digit indices 0..7 in the lanes of
 *    a 256-bit vector, 8 scalar beside them), compiled here with AVX-512VL:
 *    three-input logic and 32 vector registers on 256-bit vectors;
 *  - the givens are set up for all digits at once, in 512-bit vectors: a
 *    byte compare of the whole grid per digit, then rows, boxes, columns and
 *    clashes with lane d of a band's `wide` vector holding digit index d
 *    (lanes 9..15 zero).
 */
#include "fast.h"

#include <immintrin.h>

#include "rescan.h"   /* the kernel's part of the state, then generic.h */
#include "eight.h"    /* the steps on eight digit lanes, shared with avx2.c */

/* Sixteen 32-bit lanes: lane d holds digit index d's word of one band
 * (lanes 9..15 zero). */
typedef uint32_t wide __attribute__((vector_size(64)));

/* The digit lanes (bit d: lane d) where `v` is not zero. */
static inline unsigned wide_nonzero_digits(wide v)
{
    return _mm512_mask_test_epi32_mask(ALL_DIGITS, (__m512i)v, (__m512i)v);
}

/* Folds the three rows of each lane's band word (fold_rows of lanes.h on
 * sixteen lanes). */
static inline void wide_fold_rows(wide x, wide *once, wide *twice)
{
    wide r0 = x & ROW_MASK, r1 = (x >> BD_SIZE) & ROW_MASK, r2 = x >> (2 * BD_SIZE);
    *once = r0 | r1 | r2;
    *twice = (r0 & r1) | (r2 & (r0 | r1));
}

/* The 81 cells of a grid as three band words: bit p of word b is cell
 * 27b + p (from the two byte masks of a compare). */
static inline void band_words(uint64_t first, uint64_t rest, uint32_t words[BANDS])
{
    words[0] = (uint32_t)first & BAND_MASK;
    words[1] = (uint32_t)(first >> BAND_CELLS) & BAND_MASK;
    words[2] = (uint32_t)(first >> (2 * BAND_CELLS) | rest << (64 - 2 * BAND_CELLS)) & BAND_MASK;
}

/* `cells` in the digit lanes where `v` is not zero, else 0. */
static inline wide unit_where(wide v, uint32_t cells)
{
    return (wide)_mm512_maskz_mov_epi32((__mmask16)wide_nonzero_digits(v),
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
    uint32_t taken[BANDS], words[BANDS];
    wide g[BANDS] = {{0}}, once[BANDS], twice[BANDS], seen[BANDS], doubled = {0};
    band_words(_mm512_test_epi8_mask(low, low), _mm512_test_epi8_mask(high, high), taken);
    /* each digit's words go straight into its lane (a word stored to
     * memory and read back as part of a vector would wait for the store) */
    for (unsigned d = 0; d < BD_SIZE; d++) {
        __m512i digit = _mm512_set1_epi8((char)(d + 1));
        band_words(_mm512_cmpeq_epi8_mask(low, digit), _mm512_cmpeq_epi8_mask(high, digit), words);
        for (unsigned b = 0; b < BANDS; b++)
            g[b] = (wide)_mm512_mask_set1_epi32((__m512i)g[b], (__mmask16)(1u << d),
                                                 (int)words[b]);
    }
    for (unsigned b = 0; b < BANDS; b++) {
        seen[b] = (wide){0};
        for (unsigned k = 0; k < BD_BOX; k++) {
            uint32_t row_cells = ROW_MASK << (BD_SIZE * k), box_cells = BOX_MASK << (BD_BOX * k);
            wide row = g[b] & row_cells, box = g[b] & box_cells;
            /* a unit's part with two givens or more keeps a bit when its
             * lowest goes */
            doubled |= (row & (row - 1u)) | (box & (box - 1u));
            seen[b] |= unit_where(row, row_cells) | unit_where(box, box_cells);
        }
        wide_fold_rows(g[b], &once[b], &twice[b]);
    }
    wide col_once = once[0] | once[1] | once[2];
    doubled |= twice[0] | twice[1] | twice[2] | (once[0] & once[1])
               | (once[2] & (once[0] | once[1]));
    if (wide_nonzero_digits(doubled))
        return false;
    wide out_of_columns = ~(col_once | col_once << BD_SIZE | col_once << (2 * BD_SIZE));
    for (unsigned b = 0; b < BANDS; b++) {
        _mm512_mask_storeu_epi32(s->cand[b], ALL_DIGITS,
                                 (__m512i)(((BAND_MASK & ~taken[b]) & ~seen[b] & out_of_columns)
                                           | g[b]));
        s->open[b] = BAND_MASK & ~taken[b];
    }
    s->marks.rescan = 1;
    s->marks.last_still[0] = s->marks.last_still[1] = s->marks.last_still[2] = ~0u;
    return true;
}

/* The fast engine with this kernel (fast.h). */
bool bdi_fast_enumerate_avx512(const bd_grid *puzzle, const bd_options *options,
                               bdi_visitor *visitor, bd_stats *stats)
{
    return enumerate(puzzle, options, visitor, stats);
}
