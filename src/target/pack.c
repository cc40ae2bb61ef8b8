/*
 * pack.c - a primal heuristic for the target problem: completions built
 * from the digit-layer relaxation (layers.c).
 *
 * Under good prices most digits' best layers are already disjoint, and a
 * completion made of layers that are each best for their digit is optimal
 * (it meets the bound). So: take the digits in turn, largest first (they
 * weigh most); each takes its best layer under the prices among the cells
 * the earlier ones left open, and those cells close to the digits after it.
 * Nine layer solves, fewer when the caller passes the digits' best layers
 * at the node under the same prices: a digit whose best layer keeps clear
 * of the cells taken before it takes that layer without a solve (it is
 * still a layer there, and the node's layers include all of the narrowed
 * node's). It fails when some digit finds no layer, or earlier, before a
 * solve, when some row, column or box has no cell open to a digit still
 * to come (which then finds none: most failed packs end so, without the
 * solves of the digits between).
 */
#include "target.h"

#if defined(__SSE2__) && !defined(BD_PORTABLE)
#include <emmintrin.h>
#endif

/* True when none of the cells of `layer` is taken (closed to `digit`). */
static bool clear_of(const bdi_layer_node *left, int digit, const bdi_layer *layer)
{
    for (int r = 0; r < BD_SIZE; r++)
        if (!(left->open[r * BD_SIZE + layer->pick[r]] & digit_bit(digit)))
            return false;
    return true;
}

#if defined(__SSE2__) && !defined(BD_PORTABLE)
/* x's 16-bit lane `lane`. */
#define LANE(x, lane) ((unsigned)_mm_extract_epi16((x), (lane)))

/* x with each lane k ORed with lanes k + 1 and k + 2 (zeros shifted in). */
static inline __m128i or3(__m128i x)
{
    return _mm_or_si128(x, _mm_or_si128(_mm_srli_si128(x, 2), _mm_srli_si128(x, 4)));
}

/* The union of rows a and b in lanes 0 and 4, each given as its eight
 * lanes of two neighbouring cells ORed (cells 0|1 .. 7|8). */
static inline __m128i pair_unions(__m128i a, __m128i b)
{
    __m128i x = _mm_or_si128(_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b));
    x = _mm_or_si128(x, _mm_srli_epi64(x, 32));
    return _mm_or_si128(x, _mm_srli_epi64(x, 16));
}

/* True when every row, column and box of `left` has a cell open to each
 * digit of `digits`; false proves that one of those digits has no layer
 * there. Each row as two vectors of eight cells, 0..7 and 1..8: ORed
 * together, their lanes' union is the row's (pair_unions, two rows at a
 * time); ORed down a band's rows, lanes 0..2 and 3..5 of the first and
 * 5..7 of the second hold its boxes (or3); ORed down all rows, the AND of
 * every lane of both is that of the columns. */
static bool units_cover(const bdi_layer_node *left, unsigned digits)
{
    __m128i low[BD_SIZE], high[BD_SIZE];   /* row r's cells 0..7 and 1..8 */
    for (int r = 0; r < BD_SIZE; r++) {
        low[r] = _mm_loadu_si128((const __m128i *)(left->open + r * BD_SIZE));
        high[r] = _mm_loadu_si128((const __m128i *)(left->open + r * BD_SIZE + 1));
    }
    __m128i rows = _mm_set1_epi16(-1), cols_low = _mm_setzero_si128(), cols_high = cols_low;
    for (int r = 0; r < BD_SIZE; r += 2) {
        int next = r + 1 < BD_SIZE ? r + 1 : r;
        rows = _mm_and_si128(rows, pair_unions(_mm_or_si128(low[r], high[r]),
                                               _mm_or_si128(low[next], high[next])));
    }
    unsigned all = digits & LANE(rows, 0) & LANE(rows, 4);
    for (int b = 0; b < BD_BOX; b++) {
        const __m128i *l = low + b * BD_BOX, *h = high + b * BD_BOX;
        __m128i band_low = or3(_mm_or_si128(l[0], _mm_or_si128(l[1], l[2])));
        __m128i band_high = or3(_mm_or_si128(h[0], _mm_or_si128(h[1], h[2])));
        all &= LANE(band_low, 0) & LANE(band_low, 3) & LANE(band_high, 5);
        cols_low = _mm_or_si128(cols_low, _mm_or_si128(l[0], _mm_or_si128(l[1], l[2])));
        cols_high = _mm_or_si128(cols_high, _mm_or_si128(h[0], _mm_or_si128(h[1], h[2])));
    }
    __m128i cols = _mm_and_si128(cols_low, cols_high);
    cols = _mm_and_si128(cols, _mm_srli_si128(cols, 8));
    cols = _mm_and_si128(cols, _mm_srli_si128(cols, 4));
    cols = _mm_and_si128(cols, _mm_srli_si128(cols, 2));
    all &= LANE(cols, 0);
    return (all & digits) == digits;
}
#else
/* The OR of the four 16-bit lanes of x in its low lane. */
static inline uint64_t lanes_or(uint64_t x)
{
    x |= x >> 32;
    return x | x >> 16;
}

/* True when every row, column and box of `left` has a cell open to each
 * digit of `digits`; false proves that one of those digits has no layer
 * there. Each row's cells 0..7 as two words of four 16-bit lanes (columns
 * 0..3 and 4..7), ORed across for the row, down a band's rows for its
 * boxes and down the bands for the columns; cell 8 alone. */
static bool units_cover(const bdi_layer_node *left, unsigned digits)
{
    uint64_t cols[2] = {0, 0};
    unsigned all = digits, col8 = 0;
    for (int b = 0; b < BD_BOX; b++) {
        uint64_t band[2] = {0, 0};
        unsigned band8 = 0;
        for (int i = 0; i < BD_BOX; i++) {
            const uint16_t *row = left->open + (b * BD_BOX + i) * BD_SIZE;
            uint64_t cell[2];
            memcpy(cell, row, sizeof cell);
            all &= (unsigned)lanes_or(cell[0] | cell[1]) | row[8];
            band[0] |= cell[0];
            band[1] |= cell[1];
            band8 |= row[8];
        }
        unsigned box0 = (unsigned)lanes_or(band[0] & 0xffffffffffffull);
        unsigned box1 = (unsigned)(band[0] >> 48) | (unsigned)lanes_or(band[1] & 0xffffffffull);
        unsigned box2 = (unsigned)lanes_or(band[1] >> 32) | band8;
        all &= box0 & box1 & box2;
        cols[0] |= band[0];
        cols[1] |= band[1];
        col8 |= band8;
    }
    uint64_t both = cols[0] & cols[1];
    both &= both >> 32;
    all &= (unsigned)(both & (both >> 16)) & col8;
    return (all & digits) == digits;
}
#endif

bool bdi_layer_pack(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                    const bdi_layer best[BD_SIZE], uint8_t completion[BD_CELLS])
{
    bdi_layer_node left;   /* unindexed: a solve scans its digit's cells (cheaper than to
                            * index each take); its open and gain only copied, and the
                            * gain left as the node's on the cells taken (closed to the
                            * digits after, whose solves read the gain of open cells only) */
    bdi_layer_clear(&left, false);
    memcpy(left.open, node->open, sizeof left.open);
    memcpy(left.gain, node->gain, sizeof left.gain);
    for (int digit = BD_SIZE; digit >= 1; digit--) {
        bdi_layer layer;
        const bdi_layer *known = best ? &best[digit - 1] : NULL;
        if (known && known->best != BDI_LAYER_NONE && clear_of(&left, digit, known))
            layer = *known;
        else if (!units_cover(&left, (1u << digit) - 1u))
            return false;   /* a digit up to this one would find no layer */
        else
            bdi_layer_solve(&left, price, digit, &layer, NULL);
        if (layer.best == BDI_LAYER_NONE)
            return false;
        for (int r = 0; r < BD_SIZE; r++)   /* the layer's cells placed (but for their gain) */
            left.open[r * BD_SIZE + layer.pick[r]] = (uint16_t)digit_bit(digit);
    }
    for (int cell = 0; cell < BD_CELLS; cell++)
        completion[cell] = (uint8_t)bit_digit(left.open[cell]);
    return true;
}
