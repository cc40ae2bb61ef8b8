/*
 * eight.h - the steps that the two vector kernels (avx2.c, avx512.c) share,
 * on eight digit lanes: a band's digit indices 0..7 fill the eight 32-bit
 * lanes of one 256-bit vector (lane d = digit index d, loaded straight from
 * the band's row of cand), and digit index 8, which does not fit, takes the
 * scalar steps of fast.h beside them, at the same points of each step:
 *  - the hidden-singles pass scans all nine digits at once: the band
 *    reduction of the three bands at once, the stack reduction and the
 *    column singles, all by rotations of band-shaped words in every lane
 *    (lanes.h; no table, no gather; digit 8's band reduction reads
 *    bdi_band_fits). Digits 0..7 are scanned when anything changed since
 *    the last pass, digit 8 unless its words are those that a pass left at
 *    its fixed point (rescan.h: the kernel's part of the state). The
 *    singles found are then placed one by one, digit by digit;
 *  - the segment and minicolumn words of the triads and the guess are
 *    made lane by lane, digit 8 beside them.
 * A kernel includes it after rescan.h (which brings generic.h), and each
 * compiles it with its own flags: avx2.c for AVX2, avx512.c for AVX-512VL,
 * whose three-input logic and 32 vector registers do the same
 * steps in fewer instructions. Eight lanes rather than sixteen (all nine
 * digits in one 512-bit vector): nine digits in sixteen lanes leave seven
 * empty, which a processor that runs a 512-bit operation as two 256-bit
 * halves pays for in full, while digit 8's scalar steps run on the integer
 * units beside the vector ones (bench/notebook/solve.md has the figures).
 */
#ifndef BITDOKU_FAST_EIGHT_H
#define BITDOKU_FAST_EIGHT_H

#include <immintrin.h>
#include <string.h>

/* Eight 32-bit lanes: lane d holds digit index d's word of one band. */
typedef uint32_t lanes __attribute__((vector_size(32)));

enum {
    LANE_DIGITS = 8,              /* digit indices 0..7 in lanes */
    LAST = BD_SIZE - 1,           /* digit index 8, scalar */
    LANE_MASK = (1u << LANE_DIGITS) - 1u
};

/* Digit indices 0..7 of one band's row of cand. */
static inline lanes load_digits(const uint32_t words[BD_SIZE])
{
    return (lanes)_mm256_loadu_si256((const __m256i *)words);
}

/* Writes the lanes to digit indices 0..7 of one band's row of cand. */
static inline void store_digits(uint32_t words[BD_SIZE], lanes v)
{
    _mm256_storeu_si256((__m256i *)words, (__m256i)v);
}

/* The lanes (bit d: lane d) where `v` is zero. */
static inline unsigned zero_digits(lanes v)
{
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps((__m256i)(v == 0)));
}

/* The lanes where `a` and `b` differ. */
static inline unsigned differing_digits(lanes a, lanes b)
{
    return LANE_MASK & ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps((__m256i)(a == b)));
}

#include "lanes.h"

/* Places the singles found by the scan, per band: `todo` in lanes (digit
 * indices 0..7) and `todo_last` (digit index 8), digit by digit, only
 * the digits that have one. Returns
 * -1 when one's digit is gone from its cell (taken by another single),
 * else whether any was placed. */
static int place_found(state *s, const lanes todo[BANDS], const uint32_t todo_last[BANDS])
{
    int progress = 0;
    for (unsigned b = 0; b < BANDS; b++) {
        unsigned digits = (LANE_MASK & ~zero_digits(todo[b])) | (unsigned)(todo_last[b] != 0)
                                                                    << LAST;
        if (!digits)
            continue;
        uint32_t words[BD_SIZE];
        memcpy(words, &todo[b], sizeof(lanes));
        words[LAST] = todo_last[b];
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

/* The scalar side of the hidden-singles pass: digit index 8's words `x`
 * (band reduced, stack reduced, folded again) are updated in place, with
 * its singles in `todo`; returns -1 on a contradiction, else a bit mask:
 * 1 if a word changed, 2 if the stack reduction changed one. */
static int last_digit_pass(state *s, uint32_t x[BANDS], uint32_t todo[BANDS])
{
    uint32_t banded[BANDS], alone[BANDS], once[BANDS], twice[BANDS];
    for (unsigned b = 0; b < BANDS; b++) {
        if (!band_reduce_word(x[b], &banded[b], &alone[b]))
            return -1;
        fold_rows_word(banded[b], &once[b], &twice[b]);
    }
    uint32_t cols = stack_reduce_word(once[0] | once[1] << BD_SIZE | once[2] << (2 * BD_SIZE));
    int changed = 0;
    for (unsigned b = 0; b < BANDS; b++) {
        uint32_t reduced = banded[b] & ((cols >> (BD_SIZE * b)) & ROW_MASK) * COL_MASK;
        changed |= (reduced != x[b]) | (reduced != banded[b]) << 1;
        x[b] = s->cand[b][LAST] = reduced;
        fold_rows_word(x[b], &once[b], &twice[b]);
    }
    uint32_t col_once = once[0] | once[1] | once[2];
    if (col_once != ROW_MASK)
        return -1;
    uint32_t col_twice = twice[0] | twice[1] | twice[2] | (once[0] & once[1])
                         | (once[2] & (once[0] | once[1]));
    uint32_t col_single = (col_once & ~col_twice) * COL_MASK;
    for (unsigned b = 0; b < BANDS; b++)
        todo[b] = (alone[b] | (x[b] & col_single)) & s->open[b];
    return changed;
}

/* The hidden-singles pass (generic.h) for every digit at once, from one
 * snapshot of the state, when anything changed since the last pass (else
 * 0): -1 on a contradiction, else 1 if anything changed, 0 if not. */
static int hidden_singles(state *s)
{
    lanes x[BANDS], banded[BANDS], alone[BANDS], once[BANDS], twice[BANDS], todo[BANDS];
    uint32_t last[BANDS], todo_last[BANDS];
    unsigned dead;
    if (!s->marks.rescan)
        return 0;
    for (unsigned b = 0; b < BANDS; b++) {
        x[b] = load_digits(s->cand[b]);
        last[b] = s->cand[b][LAST];
    }
    dead = band_reduce(x, banded, alone);
    for (unsigned b = 0; b < BANDS; b++)
        fold_rows(banded[b], &once[b], &twice[b]);
    /* digit index 8 at its fixed point, unchanged since: nothing to find */
    bool last_still = last[0] == s->marks.last_still[0] && last[1] == s->marks.last_still[1]
                      && last[2] == s->marks.last_still[2];
    int last_changed = 0;
    todo_last[0] = todo_last[1] = todo_last[2] = 0;
    if (!last_still) {
        last_changed = last_digit_pass(s, last, todo_last);
        for (unsigned b = 0; b < BANDS; b++)
            s->marks.last_still[b] = last_changed & 2 ? ~0u : last[b];
    }
    if (dead || last_changed < 0)
        return -1;
    int changed = stack_reduce(s->cand, s->open, x, banded, alone, once, twice, todo);
    if (changed < 0)
        return -1;
    changed |= last_changed;
    s->marks.rescan = (changed & 2) != 0;
    int placed = place_found(s, todo, todo_last);
    return placed < 0 ? -1 : (placed | (changed & 1));
}

/* Writes lanes d of `low` and `high` as words[d] = low | high << 32,
 * digit indices 0..7. */
static inline void store_pairs(uint64_t words[BD_SIZE], lanes low, lanes high)
{
    __m256i first = _mm256_unpacklo_epi32((__m256i)low, (__m256i)high);
    __m256i second = _mm256_unpackhi_epi32((__m256i)low, (__m256i)high);
    _mm256_storeu_si256((__m256i *)words, _mm256_permute2x128_si256(first, second, 0x20));
    _mm256_storeu_si256((__m256i *)(words + 4), _mm256_permute2x128_si256(first, second, 0x31));
}

/* The segment and minicolumn words of every digit, their locked entries
 * and the units' digits not fixed (generic.h), digit indices 0..7 lane by
 * lane, 8 beside them. */
static void unit_words(const state *s, uint64_t words[BD_SIZE], uint64_t locked[BD_SIZE],
                       unsigned unfixed[2 * BANDS])
{
    lanes seg = {0}, mini = {0};
    uint32_t seg_last = 0, mini_last = 0;
    for (unsigned b = 0; b < BANDS; b++) {
        lanes x = load_digits(s->cand[b]);
        uint32_t w = s->cand[b][LAST];
        seg |= ((x | x >> 1 | x >> 2) & SEGMENT_BASES) << b;
        mini |= ((x | x >> BD_SIZE | x >> (2 * BD_SIZE)) & ROW_MASK) << (BD_SIZE * b);
        seg_last |= ((w | w >> 1 | w >> 2) & SEGMENT_BASES) << b;
        mini_last |= ((w | w >> BD_SIZE | w >> (2 * BD_SIZE)) & ROW_MASK) << (BD_SIZE * b);
    }
    lanes seg_locked = seg & ~(next_group(seg) | group_after_next(seg));
    lanes mini_locked = mini & ~(next_column(mini) | column_after_next(mini));
    lanes seg_loose = seg & ~seg_locked, mini_loose = mini & ~mini_locked;
    uint32_t seg_last_locked = locked_segments(seg_last);
    uint32_t mini_last_locked = locked_minicolumns(mini_last);
    uint32_t seg_last_loose = seg_last & ~seg_last_locked;
    uint32_t mini_last_loose = mini_last & ~mini_last_locked;
    for (unsigned u = 0; u < BANDS; u++) {
        uint32_t seg_mask = SEGMENT_BASES << u, mini_mask = BOX_MASK << (BD_BOX * u);
        unfixed[u] = (unsigned)__builtin_popcount(LANE_MASK & ~zero_digits(seg_loose & seg_mask))
                     + ((seg_last_loose & seg_mask) != 0);
        unfixed[BANDS + u] = (unsigned)__builtin_popcount(
                                 LANE_MASK & ~zero_digits(mini_loose & mini_mask))
                             + ((mini_last_loose & mini_mask) != 0);
    }
    store_pairs(words, seg, mini);
    store_pairs(locked, seg_locked, mini_locked);
    words[LAST] = seg_last | (uint64_t)mini_last << 32;
    locked[LAST] = seg_last_locked | (uint64_t)mini_last_locked << 32;
}

#endif /* BITDOKU_FAST_EIGHT_H */
