/*
 * units.h - cells and units: the row, column and box of a cell, the cells
 * of a unit, and the digits used in each unit, which the bitmask searches,
 * the exact-cover set-up and the givens check share (grid.c: the givens
 * and cells checks, and the cells of each unit as a table).
 *
 * Cells are 0..80 row by row; a unit is a (kind, index) pair, its nine
 * cells numbered 0..8 left to right in a row, top to bottom in a column,
 * row by row in a box.
 */
#ifndef BITDOKU_UNITS_H
#define BITDOKU_UNITS_H

#include "bits.h"

#include <stdbool.h>

/* The row, column and box (0..8, boxes row by row) of a cell (0..80). */
static inline int row_of(int cell) { return cell / BD_SIZE; }
static inline int col_of(int cell) { return cell % BD_SIZE; }
static inline int box_of(int cell)
{
    return row_of(cell) / BD_BOX * BD_BOX + col_of(cell) / BD_BOX;
}

/* The three kinds of unit, in the order every per-kind table uses. */
enum { UNIT_ROW, UNIT_COL, UNIT_BOX, UNIT_KINDS };

/* The unit of `kind` that holds `cell`. */
static inline int unit_of(int kind, int cell)
{
    return kind == UNIT_ROW ? row_of(cell) : kind == UNIT_COL ? col_of(cell) : box_of(cell);
}

/* The cell at position `pos` (0..8) of unit (kind, index): positions run
 * left to right in a row, top to bottom in a column, row by row in a box. */
static inline int unit_cell(int kind, int index, int pos)
{
    if (kind == UNIT_ROW)
        return index * BD_SIZE + pos;
    if (kind == UNIT_COL)
        return pos * BD_SIZE + index;
    return (index / BD_BOX * BD_BOX + pos / BD_BOX) * BD_SIZE + index % BD_BOX * BD_BOX
           + pos % BD_BOX;
}

/* unit_cell as a table (grid.c, computed while compiling), for readers
 * that number the 27 units kind * BD_SIZE + index (rows 0..8, columns
 * 9..17, boxes 18..26): bdi_unit_cells[kind * BD_SIZE + index][pos]. */
extern const uint8_t bdi_unit_cells[UNIT_KINDS * BD_SIZE][BD_SIZE];

/*
 * The digits used in each unit: used[kind][unit], a 9-bit mask. The state
 * the bitmask searches (engine/dfs.c, target/target.c), the exact-cover set-up
 * (dlx/dlx.c) and the givens check share.
 */
typedef struct bdi_units {
    unsigned used[UNIT_KINDS][BD_SIZE];
} bdi_units;

/* Marks digit `bit` used in the three units of `cell`. */
static inline void units_add(bdi_units *units, int cell, unsigned bit)
{
    units->used[UNIT_ROW][row_of(cell)] |= bit;
    units->used[UNIT_COL][col_of(cell)] |= bit;
    units->used[UNIT_BOX][box_of(cell)] |= bit;
}

/* Marks digit `bit` unused again in the three units of `cell`. */
static inline void units_remove(bdi_units *units, int cell, unsigned bit)
{
    units->used[UNIT_ROW][row_of(cell)] &= ~bit;
    units->used[UNIT_COL][col_of(cell)] &= ~bit;
    units->used[UNIT_BOX][box_of(cell)] &= ~bit;
}

/* The digits that none of the units of `cell` uses. */
static inline unsigned units_free(const bdi_units *units, int cell)
{
    return ALL_DIGITS & ~(units->used[UNIT_ROW][row_of(cell)]
                          | units->used[UNIT_COL][col_of(cell)]
                          | units->used[UNIT_BOX][box_of(cell)]);
}

/* Fills `units` with the digits given in `grid` (cells 0..9); false when
 * two givens clash (a digit twice in a unit). */
bool bdi_units_of_givens(bdi_units *units, const bd_grid *grid);

/* True when every cell of `grid` is 0..9. */
bool bdi_cells_ok(const bd_grid *grid);

#endif /* BITDOKU_UNITS_H */
