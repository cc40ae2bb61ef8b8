/*
 * unavoidable.h - unavoidable sets of a full N x N grid (unavoidable.c),
 * for the generator (generate.c).
 *
 * A set of cells of a full grid is unavoidable when another valid grid
 * differs from it in exactly those cells (or some of them): a puzzle
 * whose only solution is the grid must give one of its cells, since a
 * puzzle with none of them given is solved by the other grid too. So a
 * given is needed, with no search, when taking it away leaves some
 * unavoidable set with no given.
 */
#ifndef BITDOKU_NXN_UNAVOIDABLE_H
#define BITDOKU_NXN_UNAVOIDABLE_H
#include "nxn.h"

#include <stdbool.h>
#include <stdint.h>

enum {
    NXN_USETS_MAX = 4096,   /* sets a store keeps; later ones are dropped */
    NXN_CELL_WORDS = BD_BOARD_CELLS_MAX / 64   /* words of a set of cells */
};

/* A store of unavoidable sets of one grid, each a bit set of cells (bit
 * cell % 64 of word cell / 64), `words` words a set. */
typedef struct nxn_usets {
    int words;              /* (N * N + 63) / 64 */
    int count, capacity;    /* sets kept, sets room was made for */
    uint64_t *bits;         /* count sets of `words` words */
} nxn_usets;

/* Starts an empty store for grids of `cells` cells (1..BD_BOARD_CELLS_MAX);
 * it holds no memory yet. */
void nxn_usets_init(nxn_usets *sets, int cells);

/* Frees what the store holds; it is empty (and usable) again. */
void nxn_usets_free(nxn_usets *sets);

/* Forgets every set, keeping the memory. */
void nxn_usets_clear(nxn_usets *sets);

/* Adds `set` (`words` words); a store already holding NXN_USETS_MAX sets
 * drops it. False when memory ran out (the store is unchanged). */
bool nxn_usets_add(nxn_usets *sets, const uint64_t *set);

/* Adds the sets read off the structure of `grid` (a valid full grid):
 * for each two values, the components of the cells holding them (a cell
 * linked to the cell of the other value in each of its units: swapping
 * the two values in a component is another grid); for each two rows of a
 * band, the cycles of the columns (the value of one row in a column
 * found in the other row in the next column of the cycle: swapping the
 * two rows' cells in those columns is another grid), and the same for
 * each two columns of a stack. False when memory ran out. */
bool nxn_usets_add_grid(nxn_usets *sets, const bd_board *grid);

/* Adds sets on few digits of `grid` (a valid full grid): for every k
 * digits (k 1..3), the other arrangements of those digits in the cells
 * holding them (each unit keeping one of each, every other cell as in
 * the grid), found depth-first with the grid's digit first, at most
 * `max_nodes` nodes and `max_solutions` arrangements (the grid's own
 * among them) for each k digits; an arrangement that moves every one of
 * the k digits and changes at most `max_cells` cells adds the cells it
 * changes. False when memory ran out. */
bool nxn_usets_add_digit_sets(nxn_usets *sets, const bd_board *grid, int k, int max_cells,
                              uint64_t max_nodes, uint64_t max_solutions);

/* Adds the cells where full grids `a` and `b` of one geometry differ
 * (nothing when they do not). False when memory ran out. */
bool nxn_usets_add_difference(nxn_usets *sets, const bd_board *a, const bd_board *b);

/* True when some set of the store that holds `cell` has no cell in
 * `givens` (a bit set of the store's words), the other sets skipped at one
 * word's test: when no set was bare before `cell` left the givens, only
 * those can be now. */
bool nxn_usets_any_bare_at(const nxn_usets *sets, const uint64_t *givens, int cell);

#endif /* BITDOKU_NXN_UNAVOIDABLE_H */
