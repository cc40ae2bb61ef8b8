/*
 * fast_bands.h - band words, for 16 x 16 boards of 4 x 4 boxes only
 * (fast4x4.c, and through it fast4x4_avx2.c): a band of one digit, its
 * four row words side by side in one 64-bit word, lane l (bits
 * 16 l .. 16 l + 15) the band's row l, so that the rules of the band's
 * rows, columns and boxes are a few word operations on all its cells
 * (fast_band_scan.h, fast_band_pairs.h). This header holds what both
 * 16 x 16 kernels read them with: the lane constants, loading and storing
 * a band, the tests on lanes and on a lane's stacks (nibbles), the fold of
 * the digits over the bands (a vector where the compiler has GNU
 * vectors), clearing a column but two rows, the cells kept from the last
 * naked pairs' search, and a pair cell's two candidates. It defines
 * BAND_WORDS before it includes fast_state.h, whose layout and claim read
 * it: on band words the changed bands are neither kept nor read, and
 * their words hold the naked pairs' cells. fast_quad.h (AVX2) and
 * fast_band_scalar.h (portable) include it; the kernel includes one of
 * those.
 */
#ifndef BITDOKU_NXN_FAST_BANDS_H
#define BITDOKU_NXN_FAST_BANDS_H

#if !defined(FAST_N) || FAST_N != 16 || FAST_R != 4 || FAST_C != 4
#error "band words are for 16 x 16 boards of 4 x 4 boxes (FAST_N 16, FAST_R 4, FAST_C 4)"
#endif
#define BAND_WORDS 1

#include "fast_state.h"

#define LANE_LOW UINT64_C(0x0001000100010001)    /* bit 0 of each lane */
#define LANE_HIGH UINT64_C(0x8000800080008000)   /* bit 15 of each lane */
#define LANE_REST UINT64_C(0x7FFF7FFF7FFF7FFF)   /* bits 0..14 of each lane */
#define NIBBLE_LOW UINT64_C(0x1111111111111111)  /* bit 0 of each stack's columns in each lane */
#define STACK_LANES UINT64_C(0x000F000F000F000F) /* stack 0's columns in each lane: a box */

/* The band of four row words from `p` as one word (row p[l] in lane l). */
static inline uint64_t load_band(const colset *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 16 | (uint64_t)p[2] << 32 | (uint64_t)p[3] << 48;
}

/* Writes band word x back to the four row words from `p`. */
static inline void store_band(colset *p, uint64_t x)
{
    p[0] = (colset)x;
    p[1] = (colset)(x >> 16);
    p[2] = (colset)(x >> 32);
    p[3] = (colset)(x >> 48);
}

/* Bit 15 of each non-zero lane of x. */
static inline uint64_t lanes_nonzero(uint64_t x)
{
    return (((x & LANE_REST) + LANE_REST) | x) & LANE_HIGH;
}

/* Every bit of each lane whose bit 15 is set in h (h within LANE_HIGH). */
static inline uint64_t lane_masks(uint64_t h)
{
    return (h >> 15) * UINT64_C(0xFFFF);
}

/* The columns set in any lane of x. */
static inline colset band_columns(uint64_t x)
{
    return (colset)(x | x >> 16 | x >> 32 | x >> 48);
}

/* The cells of each band (band words) that one digit or more of the
 * digit words from `p` sees, into once[b], and two or more, into
 * twice[b]. Where the compiler has vectors and the words are little
 * endian, the four bands are one vector (two SSE2 registers, one AVX2
 * register): a band word's bytes are then its four row words as they lie
 * in memory. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ \
    && !defined(BD_PORTABLE)
typedef uint64_t band_quad __attribute__((vector_size(32)));   /* four band words */

/* The four bands one vector. */
static inline void fold_bands(const colset *p, uint64_t once[4], uint64_t twice[4])
{
    band_quad seen_once = {0, 0, 0, 0}, seen_twice = {0, 0, 0, 0};
    for (int d = 0; d < 16; d++) {
        band_quad x;
        memcpy(&x, p + 16 * d, sizeof x);
        seen_twice |= seen_once & x;
        seen_once |= x;
    }
    memcpy(once, &seen_once, sizeof seen_once);
    memcpy(twice, &seen_twice, sizeof seen_twice);
}
#else
/* A band word at a time. */
static inline void fold_bands(const colset *p, uint64_t once[4], uint64_t twice[4])
{
    for (int b = 0; b < 4; b++)
        once[b] = twice[b] = 0;
    for (int d = 0; d < 16; d++)
        for (int b = 0; b < 4; b++) {
            uint64_t x = load_band(p + 16 * d + 4 * b);
            twice[b] |= once[b] & x;
            once[b] |= x;
        }
}
#endif

/* Bit 4 t of each stack t (a nibble of a lane) that has a bit of x, in
 * each lane. */
static inline uint64_t nibbles_any(uint64_t x)
{
    return (x | x >> 1 | x >> 2 | x >> 3) & NIBBLE_LOW;
}

/* Bit 4 t of each stack t that has two bits or more of x, in each
 * lane. */
static inline uint64_t nibbles_multi(uint64_t x)
{
    uint64_t pair_or = (x | x >> 1) & UINT64_C(0x5555555555555555);
    uint64_t pair_and = x & x >> 1 & UINT64_C(0x5555555555555555);
    return (pair_and | pair_and >> 2 | (pair_or & pair_or >> 2)) & NIBBLE_LOW;
}

/* Clears column c from digit d's words in every row but r0 and r1,
 * a band word at a time, marking the digit dirty when any had it;
 * whether any did. */
static bool clear_column_but(const geo *g, state *s, int d, int c, int r0, int r1)
{
    bool progress = false;
    (void)g;
    /* a band at a time: the column's bit in each lane, but the two rows' */
    colset *pd = s->w + (size_t)d * 16u;
    uint64_t column = col_bit(c);
    for (int b = 0; b < 4; b++) {
        uint64_t cut = load_band(pd + 4 * b) & column * LANE_LOW;
        if (r0 / 4 == b)
            cut &= ~(column << (16 * (r0 % 4)));
        if (r1 / 4 == b)
            cut &= ~(column << (16 * (r1 % 4)));
        if (cut) {
            store_band(pd + 4 * b, load_band(pd + 4 * b) & ~cut);
            progress = true;
        }
    }
    if (progress)
        s->dirty |= UINT64_C(1) << d;
    return progress;
}

/* The open cells that had two candidates when naked_pairs_bands last
 * ran on this state or an ancestor (the words that hold the changed
 * bands off band words, unused here; init_state clears them). */
static inline colset *paired_before(const geo *g, state *s)
{
    return changed_boxes_of(g, s, 0);
}

/* The two candidates of a cell with two, as a digit mask, from
 * `planes`: planes[0][k][b] (planes[1][k][b]) holds the cells of band b
 * (band words) whose lowest (second-lowest) candidate has bit k set;
 * `bit` is the cell's bit in band b's word. */
static inline uint64_t pair_of_cell(uint64_t planes[2][4][4], int b, int bit)
{
    int low = 0, high = 0;
    for (int k = 0; k < 4; k++) {
        low |= (int)((planes[0][k][b] >> bit) & 1u) << k;
        high |= (int)((planes[1][k][b] >> bit) & 1u) << k;
    }
    return UINT64_C(1) << low | UINT64_C(1) << high;
}

#endif /* BITDOKU_NXN_FAST_BANDS_H */
