/*
 * board.c - what the drawing accepts: a board (bdd_board) whose sizes,
 * symbols, values and candidate masks fit each other, and a pattern
 * (bdd_pattern) whose units, placement and links lie on that board. The
 * SVG writer (svg.c) trusts what passes here, so that no picture can read
 * outside its arrays or shift a mask by more than its width.
 */
#include "draw.h"

bdd_pattern bdd_no_pattern(void)
{
    return (bdd_pattern){.placed_cell = -1};
}

/* True when every mask of `masks` (NULL: none) holds bits of 1..n only. */
static bool masks_fit(const uint64_t *masks, int cells, int n)
{
    uint64_t outside = n == 64 ? 0 : ~(((uint64_t)1 << n) - 1);
    for (int cell = 0; masks && cell < cells; cell++)
        if (masks[cell] & outside)
            return false;
    return true;
}

/* True when (cell, value) is a candidate place of a board of side n. */
static bool on_board(int cell, int value, int n)
{
    return cell >= 0 && cell < n * n && value >= 1 && value <= n;
}

/* The board's own checks. */
static bool board_ok(const bdd_board *b)
{
    if (!b || b->box_rows < 1 || b->box_cols < 1 || b->box_rows > BDD_MAX_SIZE
        || b->box_cols > BDD_MAX_SIZE / b->box_rows || !b->symbols || !b->values)
        return false;
    int n = b->box_rows * b->box_cols;
    for (int v = 0; v < n; v++)
        if (!b->symbols[v])
            return false;
    for (int cell = 0; cell < n * n; cell++)
        if (b->values[cell] > n)
            return false;
    return masks_fit(b->cands, n * n, n);
}

bd_status bdd_check(const bdd_board *board, const bdd_pattern *pattern)
{
    if (!board_ok(board))
        return BD_EINVAL;
    if (!pattern)
        return BD_OK;
    int n = board->box_rows * board->box_cols;
    if (!masks_fit(pattern->removed, n * n, n) || !masks_fit(pattern->used, n * n, n)
        || pattern->unit_count < 0 || (pattern->unit_count && !pattern->units)
        || pattern->link_count < 0 || pattern->link_count > BDD_MAX_LINKS
        || (pattern->link_count && !pattern->links))
        return BD_EINVAL;
    if (pattern->placed_cell != -1 && !on_board(pattern->placed_cell, pattern->placed_value, n))
        return BD_EINVAL;
    for (int i = 0; i < pattern->unit_count; i++) {
        bdd_unit u = pattern->units[i];
        if ((u.kind != BD_UNIT_ROW && u.kind != BD_UNIT_COLUMN && u.kind != BD_UNIT_BOX)
            || u.index < 0 || u.index >= n)
            return BD_EINVAL;
    }
    for (int i = 0; i < pattern->link_count; i++) {
        const bdd_link *l = &pattern->links[i];
        if (!on_board(l->from_cell, l->from_value, n) || !on_board(l->to_cell, l->to_value, n))
            return BD_EINVAL;
    }
    return BD_OK;
}
