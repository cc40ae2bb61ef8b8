/*
 * pack.c - a primal heuristic for the target problem: completions built
 * from the digit-layer relaxation (layers.c).
 *
 * Under good prices most digits' best layers are already disjoint, and a
 * completion made of layers that are each best for their digit is optimal
 * (it meets the bound). So: take the digits in turn, largest first (they
 * weigh most); each takes its best layer under the prices among the cells
 * the earlier ones left open, and those cells close to the digits after it.
 * Nine layer solves; it fails when some digit finds no layer.
 */
#include "internal.h"

bool bdi_layer_pack(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                    uint8_t completion[BD_CELLS])
{
    bdi_layer_node left = *node;
    for (int digit = BD_SIZE; digit >= 1; digit--) {
        bdi_layer layer;
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
