/*
 * board.c - boards of any size (bd_board, bitdoku.h): making one,
 * converting to and from the 9 x 9 grid, and the facts that need no
 * search: the geometry check, the givens check, and the check of a
 * proposed solution. Units are kept as masks of values, bit v - 1 for
 * value v, one 64-bit word a unit (N <= 64); a unit index runs over the
 * N rows, then the N columns, then the N boxes. It calls nothing of the
 * library.
 */
#include "nxn.h"

#include <string.h>

nxn_geom nxn_geom_of(const bd_board *board)
{
    nxn_geom g = {board->box_rows, board->box_cols, board->size, board->size * board->size};
    return g;
}

bd_status bd_board_init(bd_board *board, int box_rows, int box_cols)
{
    if (!board || box_rows < 1 || box_cols < 1 || box_rows > BD_BOARD_MAX
        || box_cols > BD_BOARD_MAX || box_rows * box_cols > BD_BOARD_MAX)
        return BD_EINVAL;
    board->box_rows = box_rows;
    board->box_cols = box_cols;
    board->size = box_rows * box_cols;
    memset(board->cells, 0, sizeof board->cells);
    return BD_OK;
}

bool nxn_board_ok(const bd_board *board)
{
    int r = board->box_rows, c = board->box_cols;
    if (r < 1 || c < 1 || r > BD_BOARD_MAX || c > BD_BOARD_MAX || r * c > BD_BOARD_MAX
        || board->size != r * c)
        return false;
    /* bytes compared as bytes, so that the compiler can take many at once */
    uint8_t limit = (uint8_t)board->size, bad = 0;
    for (int cell = 0; cell < board->size * board->size; cell++)
        bad |= (uint8_t)(board->cells[cell] > limit);
    return !bad;
}

bool bd_board_valid(const bd_board *board)
{
    return board && nxn_board_ok(board);
}

void bd_board_from_grid(const bd_grid *grid, bd_board *board)
{
    bd_board_init(board, BD_BOX, BD_BOX);
    memcpy(board->cells, grid->cells, BD_CELLS);
}

bd_status bd_board_to_grid(const bd_board *board, bd_grid *grid)
{
    if (!bd_board_valid(board) || !grid || board->box_rows != BD_BOX
        || board->box_cols != BD_BOX)
        return BD_EINVAL;
    memcpy(grid->cells, board->cells, BD_CELLS);
    return BD_OK;
}

bool nxn_units_of_givens(const bd_board *board, uint64_t *units)
{
    nxn_geom g = nxn_geom_of(board);
    memset(units, 0, sizeof *units * 3 * (size_t)g.size);
    for (int row = 0; row < g.size; row++)
        for (int col = 0; col < g.size; col++) {
            int value = board->cells[row * g.size + col];
            if (!value)
                continue;
            uint64_t bit = nxn_value_bit(value);
            uint64_t *in_row = &units[row], *in_col = &units[g.size + col];
            uint64_t *in_box = &units[2 * g.size + nxn_box_of(&g, row, col)];
            if ((*in_row | *in_col | *in_box) & bit)
                return false;
            *in_row |= bit;
            *in_col |= bit;
            *in_box |= bit;
        }
    return true;
}

bool bd_board_givens_ok(const bd_board *board)
{
    uint64_t units[3 * BD_BOARD_MAX];
    return bd_board_valid(board) && nxn_units_of_givens(board, units);
}

/* Two valid boards of one geometry. */
static bool same_geometry(const bd_board *a, const bd_board *b)
{
    return bd_board_valid(a) && bd_board_valid(b) && a->box_rows == b->box_rows
           && a->box_cols == b->box_cols;
}

bool bd_board_is_solution_of(const bd_board *puzzle, const bd_board *solution)
{
    bd_check_result result;
    return bd_board_check(puzzle, solution, &result) == BD_OK && result.verdict == BD_VALID;
}

/* The earlier cell of (row, col)'s unit `kind` that holds the same value,
 * or -1: the cells of the unit before it in reading order. */
static int earlier_same(const bd_board *b, const nxn_geom *g, int row, int col, bd_unit kind)
{
    int value = b->cells[row * g->size + col];
    int top = row / g->box_rows * g->box_rows, left = col / g->box_cols * g->box_cols;
    for (int other = 0; other < row * g->size + col; other++) {
        int r = other / g->size, c = other % g->size;
        bool shares = kind == BD_UNIT_ROW      ? r == row
                      : kind == BD_UNIT_COLUMN ? c == col
                                               : r >= top && r < top + g->box_rows
                                                     && c >= left && c < left + g->box_cols;
        if (shares && b->cells[other] == value)
            return other;
    }
    return -1;
}

/* Fills `result` for the faulty cell of `solution` at (row, col), seen
 * against the values of earlier cells kept in `seen` (3N unit masks). */
static bool cell_fault(const bd_board *puzzle, const bd_board *solution, const nxn_geom *g,
                       int row, int col, const uint64_t *seen, bd_check_result *result)
{
    int cell = row * g->size + col, value = solution->cells[cell];
    int given = puzzle->cells[cell];
    *result = (bd_check_result){BD_VALID, cell, value, 0, -1, BD_UNIT_ROW};
    if (!value) {
        result->verdict = BD_BLANK;
        return true;
    }
    if (given && given != value) {
        result->verdict = BD_CHANGED_GIVEN;
        result->given = given;
        return true;
    }
    uint64_t bit = nxn_value_bit(value);
    const uint64_t unit_seen[3] = {seen[row], seen[g->size + col],
                                   seen[2 * g->size + nxn_box_of(g, row, col)]};
    for (int kind = BD_UNIT_ROW; kind <= BD_UNIT_BOX; kind++)
        if (unit_seen[kind] & bit) {
            result->verdict = BD_CLASH;
            result->unit = (bd_unit)kind;
            result->other = earlier_same(solution, g, row, col, (bd_unit)kind);
            return true;
        }
    return false;
}

bd_status bd_board_check(const bd_board *puzzle, const bd_board *solution,
                         bd_check_result *result)
{
    if (!result || !same_geometry(puzzle, solution))
        return BD_EINVAL;
    nxn_geom g = nxn_geom_of(puzzle);
    uint64_t seen[3 * BD_BOARD_MAX] = {0};
    for (int row = 0; row < g.size; row++)
        for (int col = 0; col < g.size; col++) {
            if (cell_fault(puzzle, solution, &g, row, col, seen, result))
                return BD_OK;
            uint64_t bit = nxn_value_bit(solution->cells[row * g.size + col]);
            seen[row] |= bit;
            seen[g.size + col] |= bit;
            seen[2 * g.size + nxn_box_of(&g, row, col)] |= bit;
        }
    *result = (bd_check_result){BD_VALID, -1, 0, 0, -1, BD_UNIT_ROW};
    return BD_OK;
}
