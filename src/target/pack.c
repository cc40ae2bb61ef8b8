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

/* True when none of the cells of `layer` is taken (closed to `digit`). */
static bool clear_of(const bdi_layer_node *left, int digit, const bdi_layer *layer)
{
    for (int r = 0; r < BD_SIZE; r++)
        if (!(left->open[r * BD_SIZE + layer->pick[r]] & digit_bit(digit)))
            return false;
    return true;
}

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

bool bdi_layer_pack(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                    const bdi_layer best[BD_SIZE], uint8_t completion[BD_CELLS])
{
    bdi_layer_node left;   /* unindexed: a solve scans its digit's cells (cheaper than to
                            * index each take); its open and gain only copied */
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
        for (int r = 0; r < BD_SIZE; r++) {   /* bdi_layer_cell's placing, on an unindexed node */
            left.open[r * BD_SIZE + layer.pick[r]] = (uint16_t)digit_bit(digit);
            left.gain[r * BD_SIZE + layer.pick[r]] = 0;
        }
    }
    for (int cell = 0; cell < BD_CELLS; cell++)
        completion[cell] = (uint8_t)bit_digit(left.open[cell]);
    return true;
}
