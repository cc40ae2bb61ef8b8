/*
 * target.h - what the target optimizer (target.c, bdi_bound_target)
 * builds on: the digit-layer relaxation (layers.c), the completions packed
 * from its layers (pack.c), the row relaxation (rows.c), the units'
 * all-different rule (alldiff.c) and the puzzle's symmetries (symmetry.c). Values are in 1/BDI_LAYER_SCALE point.
 */
#ifndef BITDOKU_TARGET_H
#define BITDOKU_TARGET_H

#include "core/bits.h"
#include "core/budget.h"
#include "core/units.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/*
 * The digit-layer relaxation (layers.c): an upper bound on the score of the
 * best completion of a partial grid, from a price on each blank cell. See
 * the top of layers.c; any prices give a valid bound, good prices (found by
 * subgradient steps, see target.c) a tight one. Prices are in
 * 1/BDI_LAYER_SCALE point and must lie within +-BDI_LAYER_PRICE_LIMIT; then
 * all values are exact in int32. Entry point for a search of one's own:
 * fill a bdi_layer_node (bdi_layer_cell), then bdi_layer_bound.
 */
enum {
    BDI_LAYER_SCALE = 4096,
    BDI_LAYER_PRICE_LIMIT = 1 << 21,   /* 512 points */
    BDI_LAYER_NONE = -(1 << 30),       /* no layer: the digit has no place */
    BDI_LAYER_FEASIBLE = -(1 << 25)    /* every real layer value is above this */
};
#define BDI_LAYER_INFEASIBLE INT64_MIN  /* the bound of a node without completion */

/* What the relaxation sees of a partial grid, cell by cell (fill it with
 * bdi_layer_cell): open[cell], the digits that may stand there (a blank's
 * candidates, bit d-1, which callers may narrow below what the units rule
 * out; a placed digit's own bit); gain[cell], a blank's weight (bd_weight)
 * times BDI_LAYER_SCALE, 0 for a placed cell. When `indexed`, also the
 * openings by digit: bit c of row_open[d-1][r] when cell (r, c) is open to
 * d, which saves each layer solve a scan of the cells (worth it where many
 * solves share a node); and for each digit d with bit d-1 of `planned`,
 * plan[d-1] and values[d-1], what its solves need of its openings and the
 * gains alone (layers.c: how many layers a walk would try, its rows'
 * order and open columns, and each cell's value but for its price), made
 * once by bdi_layer_index and dropped by bdi_layer_cell when it changes
 * d's openings or the gain of a cell open to d. */
typedef struct bdi_layer_memo bdi_layer_memo;
typedef struct bdi_layer_plan {
    int16_t choices;          /* the product of the rows' open counts, or 1025: more than 1024 */
    bool none;                /* with at most 1024: no layer at all */
    uint8_t free_rows;        /* the rows of two or more open cells */
    uint16_t forced;          /* bit r: row r has one open cell */
    uint16_t forced_blank;    /* bit r: that cell is a blank (its gain not 0) */
    uint16_t cols, boxes;     /* what the forced rows take (boxes: bit 3 band + stack) */
    uint8_t pick[BD_SIZE];    /* each forced row's column */
    uint8_t row[BD_SIZE];     /* the free rows, fewest open cells first */
    uint8_t box_shift[BD_SIZE];   /* the bit of each one's band's first box */
    uint16_t open[BD_SIZE];   /* its open columns, less the forced rows' columns and boxes */
} bdi_layer_plan;
typedef struct bdi_layer_values {   /* a digit's cell values less the prices (layers.c) */
    /* cell (3 b + i, c) at [i][c][b], 0 at [i][c][3] (the bands side by side, four lanes) */
    int32_t base[BD_BOX][BD_SIZE][4];     /* d x gain on an open cell (0 where d is placed),
                                           * else closed */
    int32_t priced[BD_BOX][BD_SIZE][4];   /* -1 on the open blanks, whose value is base less
                                           * the price */
} bdi_layer_values;
typedef struct bdi_layer_node {
    uint16_t open[BD_CELLS];
    int32_t gain[BD_CELLS];
    bool indexed;
    uint16_t planned;
    uint16_t row_open[BD_SIZE][BD_SIZE];
    bdi_layer_plan plan[BD_SIZE];
    bdi_layer_values values[BD_SIZE];
    bdi_layer_memo *memo;   /* solves with max-marginals remembered there; NULL: none */
} bdi_layer_node;

/* A node to fill cell by cell: unindexed (every cell must then be set), or
 * indexed with every cell closed to every digit; without a memo. */
static inline void bdi_layer_clear(bdi_layer_node *node, bool indexed)
{
    if (indexed)
        memset(node, 0, sizeof *node);
    node->indexed = indexed;
    node->memo = NULL;
}

/* Sets `cell` of `node`: `digit` placed there, or blank (digit 0) with
 * the candidates `cand`; `weight` is bd_weight(cell). */
static inline void bdi_layer_cell(bdi_layer_node *node, int cell, int digit, unsigned cand,
                                  int weight)
{
    unsigned open = digit ? digit_bit(digit) : cand;
    if (node->indexed) {
        unsigned old = node->open[cell], col = 1u << (cell % BD_SIZE);
        uint16_t *row_open = &node->row_open[0][cell / BD_SIZE];
        unsigned regain = node->gain[cell] != (digit ? 0 : weight * BDI_LAYER_SCALE);
        node->planned &= (uint16_t)~((old ^ open) | ((old | open) & (0u - regain)));
        for (unsigned gone = old & ~open; gone; gone &= gone - 1u)
            row_open[(bit_digit(gone) - 1) * BD_SIZE] &= (uint16_t)~col;
        for (unsigned come = open & ~old; come; come &= come - 1u)
            row_open[(bit_digit(come) - 1) * BD_SIZE] |= (uint16_t)col;
    }
    node->open[cell] = (uint16_t)open;
    node->gain[cell] = digit ? 0 : weight * BDI_LAYER_SCALE;
}

/* Fills the node's row_open, plans and values from open and gain and
 * marks it indexed. */
void bdi_layer_index(bdi_layer_node *node);

/* One digit's best layer: its value (in 1/BDI_LAYER_SCALE point: the
 * profit on the blanks it takes minus their prices), or BDI_LAYER_NONE when
 * the digit has no layer; and the column it takes in each row. */
typedef struct bdi_layer {
    int32_t best;
    uint8_t pick[BD_SIZE];
} bdi_layer;

/* The best layer of `digit` under `price` (the entries of placed cells are
 * ignored). With `through` (81 entries, may be NULL): for each cell, the
 * value of the best layer that takes it, BDI_LAYER_NONE if none does. */
void bdi_layer_solve(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                     bdi_layer *layer, int32_t *through);

/* bdi_layer_solve without max-marginals for each digit d of `moved` (bit
 * d - 1) into layers[d - 1], the others' left as they are. */
void bdi_layer_solve_moved(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                           unsigned moved, bdi_layer layers[BD_SIZE]);

/* A memo for bdi_layer_solve (set a node's `memo` to it): the caller's,
 * shared by the nodes of one search (one thread), freed with free(); a
 * solve with max-marginals that it holds is answered from it, the same
 * answer (see layers.c). A new, empty memo, or NULL without memory. */
bdi_layer_memo *bdi_layer_memo_new(void);

/* bdi_layer_solve's kernels (the same results): bdi_layer_solve_base
 * (layers.c) runs anywhere; bdi_layer_solve_avx2 (layers_avx2.c, built
 * with the fast engine's AVX2 kernel) only where the processor has AVX2,
 * POPCNT and BMI2. bdi_layer_solve picks one once per process, by the fast
 * engine's choice (BITDOKU_ISA=base takes the first); so do
 * bdi_layer_solve_moved's, bdi_layer_solve_moved_base and _avx2, and
 * bdi_layer_index's, bdi_layer_index_base and _avx2 (the same index). */
void bdi_layer_solve_base(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                          bdi_layer *layer, int32_t *through);
void bdi_layer_solve_avx2(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                          bdi_layer *layer, int32_t *through);
void bdi_layer_solve_moved_base(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                                unsigned moved, bdi_layer layers[BD_SIZE]);
void bdi_layer_solve_moved_avx2(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                                unsigned moved, bdi_layer layers[BD_SIZE]);
void bdi_layer_index_base(bdi_layer_node *node);
void bdi_layer_index_avx2(bdi_layer_node *node);

/* L(price) = the prices of the blanks + every digit's best layer (in
 * 1/BDI_LAYER_SCALE point), with the layers in layers[digit - 1]; or
 * BDI_LAYER_INFEASIBLE when some digit has no layer, which proves that the
 * node has no completion. Every completion scores at most the placed
 * digits' score + floor(L / BDI_LAYER_SCALE). */
int64_t bdi_layer_bound(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                        bdi_layer layers[BD_SIZE]);

/* The subgradient of L at `layers` (all nine solved for `node`): g[cell] =
 * 1 - how many of the layers take the blank `cell`, 0 on placed cells.
 * Returns the sum of the squares; 0 means the layers form a completion. */
int bdi_layer_subgradient(const bdi_layer_node *node, const bdi_layer layers[BD_SIZE],
                          int8_t g[BD_CELLS]);

/* The greedy completion of pack.c: digits 9 down to 1 each take their best
 * layer under `price` among the cells still open. `best` (may be NULL): the
 * digits' best layers at `node` under `price`, which saves solves. Fills
 * `completion` (81 digits) and returns true, or false when some digit finds
 * no layer. */
bool bdi_layer_pack(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                    const bdi_layer best[BD_SIZE], uint8_t completion[BD_CELLS]);

/*
 * The row relaxation (rows.c): prices on "once per column" and "once per
 * box", each row an assignment problem; its best value is the LP bound.
 * Values in 1/BDI_LAYER_SCALE point, on the same node as the layers.
 */
typedef struct bdi_rows {
    int32_t col[BD_SIZE][BD_SIZE];     /* prices [column][digit - 1] */
    int32_t box[BD_SIZE][BD_SIZE];     /* prices [box][digit - 1] */
    int64_t value;                     /* L, or BDI_LAYER_INFEASIBLE */
    int64_t row_value[BD_SIZE];
    unsigned row_blanks[BD_SIZE];      /* bit c: cell (r, c) was blank */
    uint8_t digit[BD_CELLS];           /* each blank's digit in its row's assignment */
    int64_t dual[BD_SIZE][BD_SIZE];    /* [row][digit - 1]: its potential */
    unsigned sharp;                    /* bit r: row r's drops are exact (bdi_rows_sharpen) */
    /* row r's drops, [c][d - 1] for the pair (cell (r, c), d): L drops at
     * least this when the pair is forced; in own_drop's rows when made at
     * this node, else in the ancestor's that made them (bdi_rows_inherit),
     * which must stay as it is while this rel is read */
    const int32_t (*drops[BD_SIZE])[BD_SIZE];
    /* the storage of the rows made here, last: bdi_rows_inherit leaves it */
    int32_t own_drop[BD_CELLS][BD_SIZE];
} bdi_rows;

typedef enum bdi_rows_status {
    BDI_ROWS_OPEN,     /* L at least the need */
    BDI_ROWS_BELOW,    /* L below the need, or no completion */
    BDI_ROWS_SOLVED    /* the rows' assignments obey every unit: a completion, in digit */
} bdi_rows_status;

/* How bdi_rows_descend steps: at most `iterations` steps, stopping after
 * `patience` without a lower floor(L), halving the step after `stall`
 * without a lower L; aimed at need - aim_below (1/BDI_LAYER_SCALE point),
 * or lower while L is far above (the aim is at most 64 points below L). */
typedef struct bdi_rows_steps {
    int iterations, patience, stall;
    int64_t need, aim_below;   /* Polyak's aim: need - aim_below */
    bdi_budget *budget;        /* may be NULL; stops the steps once expired */
} bdi_rows_steps;

/* Zero prices and nothing solved. */
void bdi_rows_clear(bdi_rows *rel);

/* A child's rows from its parent's, as solved there: all but the
 * parent's storage of drops, which the child reads by reference (so the
 * parent must stay as it is while the child is read). */
void bdi_rows_inherit(bdi_rows *rel, const bdi_rows *parent);

/* The drops of row r's cells: [c][d - 1] for the pair (cell (r, c), d). */
static inline const int32_t (*bdi_rows_drops(const bdi_rows *rel, int r))[BD_SIZE]
{
    return rel->drops[r];
}

/* L at the node under rel's prices: every row solved afresh (`all`), or
 * only the rows that changed since rel was solved at an ancestor. Returns
 * rel->value. */
int64_t bdi_rows_solve(const bdi_layer_node *node, bdi_rows *rel, bool all);

/* Makes the drops of every row solved since the last call exact: each
 * pair's drop becomes how much its row's assignment loses when the pair
 * is forced, under rel's prices (the reduced costs only bound it below).
 * Rows kept from an ancestor by bdi_rows_solve keep theirs, which stay
 * lower bounds there. */
void bdi_rows_sharpen(bdi_rows *rel);

/* Subgradient steps on rel's prices (solved at this node), keeping the
 * least L in rel. */
bdi_rows_status bdi_rows_descend(const bdi_layer_node *node, bdi_rows *rel,
                                 const bdi_rows_steps *steps);

/* The three above's kernels (the same results): _base (rows.c) runs
 * anywhere; _avx2 (rows_avx2.c, built with the fast engine's AVX2 kernel)
 * only where the processor has AVX2, POPCNT and BMI2. The entries pick
 * one by the fast engine's choice (BITDOKU_ISA=base takes _base). */
int64_t bdi_rows_solve_base(const bdi_layer_node *node, bdi_rows *rel, bool all);
int64_t bdi_rows_solve_avx2(const bdi_layer_node *node, bdi_rows *rel, bool all);
void bdi_rows_sharpen_base(bdi_rows *rel);
void bdi_rows_sharpen_avx2(bdi_rows *rel);
bdi_rows_status bdi_rows_descend_base(const bdi_layer_node *node, bdi_rows *rel,
                                      const bdi_rows_steps *steps);
bdi_rows_status bdi_rows_descend_avx2(const bdi_layer_node *node, bdi_rows *rel,
                                      const bdi_rows_steps *steps);

/* A memo of the units' rule (alldiff.c) for bdi_units_consistent, which
 * depends on a unit's blanks' candidates alone: two-way set-associative,
 * sets of two slots (slot[2 * i], slot[2 * i + 1]), the key last stored in
 * a set first. Owned by the search that calls it (one a thread); all zero
 * bytes is the empty memo. */
enum { BDI_UNIT_MEMO_BITS = 13 };
typedef struct bdi_unit_memo_slot {
    /* the key: the unit's cells' candidates in the unit's order (0: a
     * filled cell), 9 bits a cell from bit 0, cells 0-6 in key[0] and 7-8
     * in key[1] (a unit with a blank is not all 0: an empty slot is none) */
    uint64_t key[2];
    /* as the key, each blank's candidates left when some candidates go
     * (0 at the filled cells), and the outcome from bit 18 of keep[1] */
    uint64_t keep[2];
} bdi_unit_memo_slot;
typedef struct bdi_unit_memo {
    bdi_unit_memo_slot slot[1 << BDI_UNIT_MEMO_BITS];
} bdi_unit_memo;

/* The units' all-different rule made consistent (alldiff.c): `cand` holds
 * the candidates of each blank (cells[cell] == 0), which must leave out
 * every digit one of its units holds, and 0 at each filled cell; each
 * loses the digits that no assignment of its units' blanks to their
 * missing digits (each blank its own) gives it. False when some unit
 * has no such assignment: no completion. Uses and fills `memo` (NULL:
 * none) and `last` (NULL: none), which never change the result: `last`
 * holds candidates in which every unit is consistent (all 0 at first:
 * units of filled cells alone, consistent too), and a call that returns
 * true leaves its result there. Both are owned by the search that calls
 * it (one a thread). */
bool bdi_units_consistent(const uint8_t cells[BD_CELLS], uint16_t cand[BD_CELLS],
                          bdi_unit_memo *memo, uint16_t last[BD_CELLS]);

/* The symmetries of a target puzzle (symmetry.c): the row and column moves
 * that keep every cell's weight and leave the puzzle unchanged. Fills
 * orders[i] = {a, b}, two blank cells of one unit, for each i below the
 * count returned (at most 4): among the completions of any one orbit under
 * those moves (all with the same score) exactly one has digit(a) < digit(b)
 * for every i. A search may thus keep to those completions. */
int bdi_symmetry_orders(const bd_grid *puzzle, uint8_t orders[][2]);

#endif /* BITDOKU_TARGET_H */
