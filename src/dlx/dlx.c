/*
 * dlx.c - the Dancing Links engine: sudoku as an exact cover problem (the
 * matrix and its links: dlx.h), solved by Knuth's Algorithm X on doubly
 * linked circular lists.
 *
 * Pencil marks (bdi_dlx_enumerate_marks) only take rows out: a blank's
 * rows are those of the digits its marks allow (x->allow), so that a
 * completion uses one of each cell's candidates.
 *
 * The search is Algorithm X: pick the uncovered column with fewest rows
 * (choose_column, dlx.h), cover it, and for each of its rows cover the
 * row's three other columns, search deeper, and uncover them in reverse
 * order. Every completion is handed to a visitor that decides whether to go
 * on: first solution, counting up to a limit, and the exhaustive target
 * maximum (the target with a bound is dlx_target.c).
 *
 * When the last row of a level has been tried and no level above has a row
 * left, nothing will be searched again: the links are then left as they are
 * instead of being restored level by level (as on any stop; the context is
 * not used again).
 */
#include "dlx.h"

/* Appends row node `n` at the bottom of column header `c`. */
static inline void append(dlx *x, int n, int c)
{
    node *nd = x->nodes;
    int tail = nd[c].up;
    nd[n] = (node){(int16_t)tail, (int16_t)c, (int16_t)c, 0};
    nd[tail].down = (int16_t)n;
    nd[c].up = (int16_t)n;
    x->heads[c].size++;
}

/* The header of the column "unit `index` of `kind` holds the digit of bit
 * `bit`" (kind 0: rows, 1: columns, 2: boxes). */
static inline int unit_header(int kind, int index, int bit)
{
    return 1 + BD_CELLS * (1 + kind) + index * BD_SIZE + bit;
}

/* Appends column header `c` to the header list after `last`. */
static inline void add_column(dlx *x, int last, int c)
{
    x->nodes[c].up = x->nodes[c].down = (int16_t)c;
    x->heads[c].left = (int16_t)last;
    x->heads[c].size = 0;
    x->heads[last].right = (int16_t)c;
}

/* Links the header list: the cell columns of the blanks, then the unit
 * columns whose digit is not yet given in the unit. */
static void link_columns(dlx *x, const bdi_units *given)
{
    int last = ROOT;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (!x->puzzle->cells[cell]) {
            add_column(x, last, 1 + cell);
            last = 1 + cell;
        }
    }
    for (int kind = 0; kind < UNIT_KINDS; kind++) {
        for (int index = 0; index < BD_SIZE; index++) {
            unsigned missing = ALL_DIGITS & ~given->used[kind][index];
            for (; missing; missing &= missing - 1u) {
                int c = unit_header(kind, index, bit_digit(missing) - 1);
                add_column(x, last, c);
                last = c;
            }
        }
    }
    x->heads[last].right = ROOT;
    x->heads[ROOT].left = (int16_t)last;
}

/* Gives every row that clashes with no given a slot and links its four
 * nodes into their columns. A cell's rows are made one after another, so
 * its column is linked straight, with its size known from the start. */
static void link_rows(dlx *x, const bdi_units *given)
{
    int slots = 0;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (x->puzzle->cells[cell])
            continue;
        unsigned cand = units_free(given, cell);
        if (x->allow)
            cand &= x->allow[cell];
        int row_head = unit_header(UNIT_ROW, row_of(cell), 0);
        int col_head = unit_header(UNIT_COL, col_of(cell), 0);
        int box_head = unit_header(UNIT_BOX, box_of(cell), 0);
        int head = 1 + cell, prev = head;
        x->heads[head].size = (int16_t)digit_count(cand);
        for (; cand; cand &= cand - 1u) {
            int bit = bit_digit(cand) - 1;
            int n = FIRST_NODE + ROW_NODES * slots++;
            x->nodes[n] = (node){(int16_t)prev, (int16_t)head, (int16_t)head, 0};
            x->nodes[prev].down = (int16_t)n;
            prev = n;
            append(x, n + 1, row_head + bit);
            append(x, n + 2, col_head + bit);
            append(x, n + 3, box_head + bit);
        }
        x->nodes[head].up = (int16_t)prev;
    }
}

/* Sets up the reduced matrix of `puzzle`. Clashing givens set x->clash. */
void bdi_dlx_init(dlx *x, const bd_grid *puzzle, const bd_options *options,
                  bdi_visitor *visitor)
{
    bdi_dlx_init_allowed(x, puzzle, NULL, options, visitor);
}

/* bdi_dlx_init with a blank's rows limited to the digits allow[cell]. */
void bdi_dlx_init_allowed(dlx *x, const bd_grid *puzzle, const uint16_t *allow,
                          const bd_options *options, bdi_visitor *visitor)
{
    bdi_units given;
    x->puzzle = puzzle;
    x->allow = allow;
    x->guesses = 0;
    x->visitor = visitor;
    x->stop = false;
    x->open = 0;
    x->zeros.top = x->ones.top = 0;
    bdi_budget_init(&x->budget, options);
    x->clash = !bdi_units_of_givens(&given, puzzle);
    if (x->clash)
        return;
    link_columns(x, &given);
    link_rows(x, &given);
    x->small = 0;
    for (int c = x->heads[ROOT].right; c != ROOT; c = x->heads[c].right)
        x->small += x->heads[c].size <= 1;
}

/* Writes the givens and the rows chosen at depths 0..depth-1 into `grid`:
 * a row's cell and digit are read off its cell and row-digit columns. */
void bdi_dlx_fill_grid(const dlx *x, int depth, bd_grid *grid)
{
    *grid = *x->puzzle;
    for (int d = 0; d < depth; d++) {
        int start = row_start(x->chosen[d]);
        int cell = x->nodes[start].column - 1;
        int digit = (x->nodes[start + 1].column - 1 - BD_CELLS) % BD_SIZE + 1;
        grid->cells[cell] = (uint8_t)digit;
    }
}

/* Hands the solution at `depth` (none when only counting) to the
 * visitor, and stops the search when the visitor is done. */
static void visit(dlx *x, int depth)
{
    if (x->visitor->mode == VISIT_COUNT) {
        bdi_visit(x->visitor, NULL, 0);   /* counting needs no grid */
    } else {
        bd_grid grid;
        bdi_dlx_fill_grid(x, depth, &grid);
        bdi_visit(x->visitor, grid.cells, bd_score(&grid));
    }
    x->stop = x->stop || x->visitor->done;
}

/*
 * Algorithm X from `depth` on. x->open counts the levels on the stack that
 * still have a row to try; when it is 0 after the last row of a level, the
 * whole search is over and x->stop unwinds it without restoring the links.
 */
static void search(dlx *x, int depth)
{
    int c = choose_column(x);
    if (c == ROOT) {
        visit(x, depth);
        return;
    }
    if (x->heads[c].size >= 2)
        x->guesses++;
    marks before = save_marks(x);
    cover(x, c);
    marks covered = save_marks(x);
    for (int r = x->nodes[c].down; r != c; r = x->nodes[r].down) {
        if (bdi_budget_spend(&x->budget)) {
            x->stop = true;
            return;
        }
        int more = x->nodes[r].down != c;
        x->open += more;
        x->chosen[depth] = (int16_t)r;
        cover_row(x, r);
        search(x, depth + 1);
        x->open -= more;
        if (x->stop || (!more && x->open == 0)) {
            x->stop = true;
            return;
        }
        uncover_row(x, r);
        restore_marks(x, covered);
    }
    if (x->open == 0) {
        x->stop = true;
        return;
    }
    uncover(x, c);
    restore_marks(x, before);
}

bool bdi_dlx_enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                       bd_stats *stats)
{
    return bdi_dlx_enumerate_marks(puzzle, NULL, options, visitor, stats);
}

bool bdi_dlx_enumerate_marks(const bd_grid *puzzle, const bd_marks *pencil,
                             const bd_options *options, bdi_visitor *visitor, bd_stats *stats)
{
    dlx x;
    bdi_dlx_init_allowed(&x, puzzle, pencil ? pencil->cand : NULL, options, visitor);
    if (!x.clash)
        search(&x, 0);
    if (stats) {
        stats->nodes += x.budget.nodes;
        stats->guesses += x.guesses;
    }
    return x.budget.cut;
}
