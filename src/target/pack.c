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
 * node's). It fails when some digit finds no layer.
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

bool bdi_layer_pack(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                    const bdi_layer best[BD_SIZE], uint8_t completion[BD_CELLS])
{
    bdi_layer_node left = *node;
    left.indexed = false;   /* a solve scans its digit's cells: cheaper than to index each take */
    for (int digit = BD_SIZE; digit >= 1; digit--) {
        bdi_layer layer;
        const bdi_layer *known = best ? &best[digit - 1] : NULL;
        if (known && known->best != BDI_LAYER_NONE && clear_of(&left, digit, known))
            layer = *known;
        else
            bdi_layer_solve(&left, price, digit, &layer, NULL);
        if (layer.best == BDI_LAYER_NONE)
            return false;
        for (int r = 0; r < BD_SIZE; r++)
            bdi_layer_cell(&left, r * BD_SIZE + layer.pick[r], digit, 0, 0);
    }
    for (int cell = 0; cell < BD_CELLS; cell++)
        completion[cell] = (uint8_t)bit_digit(left.open[cell]);
    return true;
}
