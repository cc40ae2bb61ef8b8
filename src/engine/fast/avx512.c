/*
 * avx512.c - the fast engine's AVX-512 kernel (x86-64 with AVX-512F/BW,
 * POPCNT, BMI1 and BMI2: the flags CMake gives this file alone), over the
 * search of generic.h (rules and layout there and in fast.h). dispatch.c
 * runs it only where the processor and system do.
 *
 * Vectors are GCC vector types (an operator on `lanes` works in every
 * 32-bit lane) and intrinsics where an operator does not say it:
 *  - the hidden-singles pass scans all nine digits at once, a band's nine
 *    digit words in the lanes of one 512-bit register (lane d = digit
 *    index d, lanes 9..15 zero): the band reduction of the three bands at
 *    once, the stack reduction and the column singles, all by rotations of
 *    band-shaped words in every lane (no table, no gather). Every digit is
 *    scanned when anything changed since the last pass: the kernel's part
 *    of the state is one flag, `rescan` (the state is 124 bytes, copied at
 *    a guess). The singles found are then placed one by one, digit by
 *    digit;
 *  - the segment and minicolumn words of the triads and the guess are
 *    made for all nine digits at once, lane by lane;
 *  - the givens are set up for all digits at once (a byte compare of the
 *    grid per digit, then rows, boxes, columns and clashes lane-wise).
 */
#include "fast.h"

#include <immintrin.h>
#include <string.h>

#include "rescan.h"   /* the kernel's part of the state, then generic.h */

/* Sixteen 32-bit lanes: lane d holds digit index d's word of one band
 * (lanes 9..15 zero). */
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

/* The digit lanes where `v` is zero. */
static inline unsigned zero_digits(lanes v)
{
    return _mm512_mask_testn_epi32_mask(ALL_DIGITS, (__m512i)v, (__m512i)v);
}

#include "lanes.h"

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

/* The hidden-singles pass (generic.h) for every digit at once, from one
 * snapshot of the state, when anything changed since the last pass (else
 * 0): -1 on a contradiction, else 1 if anything changed, 0 if not. */
static int hidden_singles(state *s)
{
    lanes x[BANDS], banded[BANDS], alone[BANDS], once[BANDS], twice[BANDS], todo[BANDS];
    unsigned dead;
    if (!s->marks.rescan)
        return 0;
    for (unsigned b = 0; b < BANDS; b++)
        x[b] = load_digits(s->cand[b]);
    dead = band_reduce(x, banded, alone);
    for (unsigned b = 0; b < BANDS; b++)
        fold_rows(banded[b], &once[b], &twice[b]);
    if (dead)
        return -1;
    int changed = stack_reduce(s->cand, s->open, x, banded, alone, once, twice, todo);
    if (changed < 0)
        return -1;
    s->marks.rescan = (changed & 2) != 0;
    int placed = place_found(s, todo);
    return placed < 0 ? -1 : (placed | (changed & 1));
}

/* The digits (bit d: lane d) whose word in `v` meets `mask`. */
static inline unsigned digits_meeting(lanes v, uint32_t mask)
{
    return _mm512_mask_test_epi32_mask(ALL_DIGITS, (__m512i)v, _mm512_set1_epi32((int)mask));
}

/* Writes digit index d's `low` and `high` lanes as words[d] = low | high
 * << 32, for every digit index. */
static inline void store_pairs(uint64_t words[BD_SIZE], lanes low, lanes high)
{
    const __m512i interleave = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6,
                                                 22, 7, 23);
    _mm512_storeu_si512(words, _mm512_permutex2var_epi32((__m512i)low, interleave,
                                                         (__m512i)high));
    words[BD_SIZE - 1] = low[BD_SIZE - 1] | (uint64_t)high[BD_SIZE - 1] << 32;
}

/* The segment and minicolumn words of every digit, their locked entries
 * and the units' digits not fixed (generic.h), all digits at once, lane d
 * holding digit index d. */
static void unit_words(const state *s, uint64_t words[BD_SIZE], uint64_t locked[BD_SIZE],
                       unsigned unfixed[2 * BANDS])
{
    lanes seg = {0}, mini = {0};
    for (unsigned b = 0; b < BANDS; b++) {
        lanes x = load_digits(s->cand[b]);
        seg |= ((x | x >> 1 | x >> 2) & SEGMENT_BASES) << b;
        mini |= ((x | x >> BD_SIZE | x >> (2 * BD_SIZE)) & ROW_MASK) << (BD_SIZE * b);
    }
    lanes seg_locked = seg & ~(next_group(seg) | group_after_next(seg));
    lanes mini_locked = mini & ~(next_column(mini) | column_after_next(mini));
    lanes seg_loose = seg & ~seg_locked, mini_loose = mini & ~mini_locked;
    for (unsigned u = 0; u < BANDS; u++) {
        unfixed[u] = (unsigned)__builtin_popcount(digits_meeting(seg_loose, SEGMENT_BASES << u));
        unfixed[BANDS + u] = (unsigned)__builtin_popcount(
            digits_meeting(mini_loose, BOX_MASK << (BD_BOX * u)));
    }
    store_pairs(words, seg, mini);
    store_pairs(locked, seg_locked, mini_locked);
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
    uint32_t taken[BANDS], words[BANDS];
    lanes g[BANDS] = {{0}}, once[BANDS], twice[BANDS], seen[BANDS], doubled = {0};
    band_words(_mm512_test_epi8_mask(low, low), _mm512_test_epi8_mask(high, high), taken);
    /* each digit's words go straight into its lane (a word stored to
     * memory and read back as part of a vector would wait for the store) */
    for (unsigned d = 0; d < BD_SIZE; d++) {
        __m512i digit = _mm512_set1_epi8((char)(d + 1));
        band_words(_mm512_cmpeq_epi8_mask(low, digit), _mm512_cmpeq_epi8_mask(high, digit), words);
        for (unsigned b = 0; b < BANDS; b++)
            g[b] = (lanes)_mm512_mask_set1_epi32((__m512i)g[b], (__mmask16)(1u << d),
                                                 (int)words[b]);
    }
    for (unsigned b = 0; b < BANDS; b++) {
        seen[b] = (lanes){0};
        for (unsigned k = 0; k < BD_BOX; k++) {
            uint32_t row_cells = ROW_MASK << (BD_SIZE * k), box_cells = BOX_MASK << (BD_BOX * k);
            lanes row = g[b] & row_cells, box = g[b] & box_cells;
            /* a unit's part with two givens or more keeps a bit when its
             * lowest goes */
            doubled |= (row & (row - 1u)) | (box & (box - 1u));
            seen[b] |= unit_where(row, row_cells) | unit_where(box, box_cells);
        }
        fold_rows(g[b], &once[b], &twice[b]);
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
    s->marks.rescan = 1;
    return true;
}

/* The fast engine with this kernel (fast.h). */
bool bdi_fast_enumerate_avx512(const bd_grid *puzzle, const bd_options *options,
                               bdi_visitor *visitor, bd_stats *stats)
{
    return enumerate(puzzle, options, visitor, stats);
}
