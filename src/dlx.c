/*
 * dlx.c - the Dancing Links engine: sudoku as an exact cover problem, solved
 * by Knuth's Algorithm X on doubly linked circular lists.
 *
 * The matrix. Matrix row r = cell * 9 + (digit - 1), 729 rows, places a digit
 * in a cell and has a 1 in exactly four of the 324 columns:
 *
 *     column                               meaning
 *       0 +  cell                  0..80   the cell is filled
 *      81 +  row * 9 + digit - 1  81..161  the row holds the digit
 *     162 +  col * 9 + digit - 1 162..242  the column holds the digit
 *     243 +  box * 9 + digit - 1 243..323  the box holds the digit
 *
 * A completion of the grid is a set of rows that covers every column once.
 *
 * The links. All lists live in fixed arrays of 16-bit indices inside a
 * `dlx` struct on the caller's stack; nothing is allocated.
 *
 *     heads[0]            root of the circular list of uncovered columns
 *     heads[1..324]       column k's header is k + 1: left, right, size
 *     nodes[1..324]       the same headers as members of their vertical lists
 *     nodes[FIRST_NODE..] the row nodes, four consecutive nodes per row:
 *
 *         slot s:  n = FIRST_NODE + 4s   cell column, then row-digit,
 *                      n + 1, n + 2, n + 3   col-digit and box-digit columns
 *
 * Because the four nodes of a row are consecutive and FIRST_NODE is a
 * multiple of four, a row node needs no left/right links: its row mates are
 * the other nodes of its aligned group of four. Each node keeps up, down and
 * its column header.
 *
 * The givens are not covered one by one: the reduced matrix is built directly.
 * Columns that a given already satisfies never enter the header list, and
 * only the rows that clash with no given get a slot (slots are numbered in
 * the order the rows are made, so the live nodes are packed together).
 *
 * The search is Algorithm X: pick the uncovered column with fewest rows,
 * cover it, and for each of its rows cover the row's three other columns,
 * search deeper, and uncover them in reverse order. Every completion is
 * handed to a visitor that decides whether to go on: first solution,
 * counting up to a limit, and the exhaustive target maximum.
 *
 * Finding that column is where a plain DLX spends much of its time: a scan
 * of the header list at every node. Here every unlink that leaves a column
 * with one row or none also pushes it on a hint stack, so dead ends (size
 * 0, taken first) and forced moves (size 1) are found without a scan. A
 * count of such columns lets the scan, when it must run, stop at the first
 * column of size 2. Ties go to the first column in the list: cell columns
 * first, in cell order.
 *
 * When the last row of a level has been tried and no level above has a row
 * left, nothing will be searched again: the links are then left as they are
 * instead of being restored level by level (as on any stop; the context is
 * not used again).
 */
#include "internal.h"

#include <limits.h>

enum {
    MATRIX_ROWS = BD_CELLS * BD_SIZE,             /* 729 */
    MATRIX_COLUMNS = (1 + UNIT_KINDS) * BD_CELLS, /* 324 */
    ROW_NODES = 4,                                /* 1s in every matrix row */
    ROOT = 0,
    FIRST_NODE = (MATRIX_COLUMNS + 1 + ROW_NODES - 1) / ROW_NODES * ROW_NODES,
    NODE_COUNT = FIRST_NODE + ROW_NODES * MATRIX_ROWS
};

/* A member of a column's vertical list: a header or a row node. */
typedef struct node {
    int16_t up, down;
    int16_t column;     /* the header of the node's column */
    int16_t pad;        /* keeps a node 8 bytes: one shift to index */
} node;

/* A column header in the horizontal list of uncovered columns. */
typedef struct header {
    int16_t left, right;
    int16_t size;       /* rows still in the column */
    int16_t pad;
} header;

/*
 * Columns whose size fell to 0 or 1, pushed by every unlink that makes them
 * so: the column choice finds them here without scanning the header list.
 * A level restores both tops when it undoes its covers. Entries can be
 * stale (covered since, or a leftover from an abandoned branch), so each
 * one is checked before it is used: a column is in the header list exactly
 * when its left neighbour's right link points back at it (a covered column
 * keeps its own links, but nothing points to it until it is uncovered).
 * A column's size passes 1 (or 0) at most once before it is restored, so a
 * top never exceeds the column count; the push stores before it tests,
 * hence one spare entry.
 */
typedef struct hint_stack {
    int16_t items[MATRIX_COLUMNS + 1];
    int top;
} hint_stack;

typedef struct dlx {
    node nodes[NODE_COUNT];
    header heads[MATRIX_COLUMNS + 1];
    int16_t chosen[BD_CELLS];       /* the node of the row chosen per depth */
    hint_stack zeros, ones;         /* columns that fell to size 0, to 1 */
    bool clash;                     /* the givens clash: no completion */
    const bd_grid *puzzle;
    bdi_budget budget;
    uint64_t guesses;
    bdi_visitor visitor;
    bool stop;                      /* the search is over: unwind at once */
    int small;                      /* uncovered columns of size 0 or 1
                                       (restored by the search, not by
                                       the uncovers) */
    int open;                       /* levels with rows left to try */
} dlx;

/* The first node of the aligned group of four that holds `n`. */
static inline int row_start(int n)
{
    return n & ~(ROW_NODES - 1);
}

/* Takes node `j` out of its column; a column left with one row or none is
 * counted in x->small and pushed on the matching hint stack (without a
 * branch: the pushes are hard to predict). */
static inline void unlink_node(dlx *x, int j)
{
    node *nd = x->nodes;
    nd[nd[j].down].up = nd[j].up;
    nd[nd[j].up].down = nd[j].down;
    int c = nd[j].column;
    int size = --x->heads[c].size;
    x->small += size == 1;
    x->ones.items[x->ones.top] = (int16_t)c;
    x->ones.top += size == 1;
    x->zeros.items[x->zeros.top] = (int16_t)c;
    x->zeros.top += size == 0;
}

/* Puts node `j` back into its column. (x->small is restored by the
 * search.) */
static inline void relink_node(dlx *x, int j)
{
    node *nd = x->nodes;
    x->heads[nd[j].column].size++;
    nd[nd[j].down].up = (int16_t)j;
    nd[nd[j].up].down = (int16_t)j;
}

/* Unlinks column header `c` and every row that meets it from the other
 * columns those rows meet. */
static inline void cover(dlx *x, int c)
{
    header *hd = x->heads;
    hd[hd[c].right].left = hd[c].left;
    hd[hd[c].left].right = hd[c].right;
    x->small -= hd[c].size <= 1;
    for (int i = x->nodes[c].down; i != c; i = x->nodes[i].down) {
        int start = row_start(i);
        unlink_node(x, start + ((i + 1) & (ROW_NODES - 1)));
        unlink_node(x, start + ((i + 2) & (ROW_NODES - 1)));
        unlink_node(x, start + ((i + 3) & (ROW_NODES - 1)));
    }
}

/* Undoes cover(x, c); covers must be undone in the reverse order. */
static inline void uncover(dlx *x, int c)
{
    header *hd = x->heads;
    for (int i = x->nodes[c].up; i != c; i = x->nodes[i].up) {
        int start = row_start(i);
        relink_node(x, start + ((i + 3) & (ROW_NODES - 1)));
        relink_node(x, start + ((i + 2) & (ROW_NODES - 1)));
        relink_node(x, start + ((i + 1) & (ROW_NODES - 1)));
    }
    hd[hd[c].right].left = (int16_t)c;
    hd[hd[c].left].right = (int16_t)c;
}

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
        int row_head = unit_header(UNIT_ROW, row_of(cell), 0);
        int col_head = unit_header(UNIT_COL, col_of(cell), 0);
        int box_head = unit_header(UNIT_BOX, box_of(cell), 0);
        int head = 1 + cell, prev = head;
        x->heads[head].size = (int16_t)popcount(cand);
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
static void dlx_init(dlx *x, const bd_grid *puzzle, const bd_options *options,
                     bdi_visit_mode mode, uint64_t limit)
{
    bdi_units given;
    x->puzzle = puzzle;
    x->guesses = 0;
    bdi_visitor_init(&x->visitor, mode, limit);
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
static void fill_grid(const dlx *x, int depth, bd_grid *grid)
{
    *grid = *x->puzzle;
    for (int d = 0; d < depth; d++) {
        int start = row_start(x->chosen[d]);
        int cell = x->nodes[start].column - 1;
        int digit = (x->nodes[start + 1].column - 1 - BD_CELLS) % BD_SIZE + 1;
        grid->cells[cell] = (uint8_t)digit;
    }
}

static void visit(dlx *x, int depth)
{
    if (x->visitor.mode == VISIT_COUNT) {
        bdi_visit(&x->visitor, NULL, 0);   /* counting needs no grid */
    } else {
        bd_grid grid;
        fill_grid(x, depth, &grid);
        bdi_visit(&x->visitor, grid.cells, bd_score(&grid));
    }
    x->stop = x->stop || x->visitor.done;
}

/* The uncovered column with fewest rows, or ROOT when every column is
 * covered. A column of size 0 or 1 is taken as soon as one is seen: first
 * from the hint stacks, size 0 before size 1, then in the scan of the
 * header list. When no column is that small (x->small is 0), the scan
 * stops at the first column of size 2. Ties go to the first column in the
 * list. */
static inline int choose_column(dlx *x)
{
    const header *hd = x->heads;
    while (x->zeros.top > 0) {
        int c = x->zeros.items[--x->zeros.top];
        if (hd[hd[c].left].right == c && hd[c].size == 0)
            return c;
    }
    while (x->ones.top > 0) {
        int c = x->ones.items[--x->ones.top];
        if (hd[hd[c].left].right == c && hd[c].size == 1)
            return c;
    }
    int best = ROOT, best_size = INT_MAX, least = x->small ? 1 : 2;
    for (int c = hd[ROOT].right; c != ROOT; c = hd[c].right) {
        if (hd[c].size < best_size) {
            best = c;
            best_size = hd[c].size;
            if (best_size <= least)
                break;
        }
    }
    return best;
}

/* Covers the three other columns of the row of node `r`, going right
 * (unrolled: three straight calls inline better than a loop with a skip). */
static inline void cover_row(dlx *x, int r)
{
    int start = row_start(r);
    cover(x, x->nodes[start + ((r + 1) & (ROW_NODES - 1))].column);
    cover(x, x->nodes[start + ((r + 2) & (ROW_NODES - 1))].column);
    cover(x, x->nodes[start + ((r + 3) & (ROW_NODES - 1))].column);
}

/* Undoes cover_row(x, r). */
static inline void uncover_row(dlx *x, int r)
{
    int start = row_start(r);
    uncover(x, x->nodes[start + ((r + 3) & (ROW_NODES - 1))].column);
    uncover(x, x->nodes[start + ((r + 2) & (ROW_NODES - 1))].column);
    uncover(x, x->nodes[start + ((r + 1) & (ROW_NODES - 1))].column);
}

/* What a level restores itself instead of having the uncovers redo it:
 * the hint stack tops and the count of small columns. */
typedef struct marks {
    int zeros_top, ones_top, small;
} marks;

static inline marks save_marks(const dlx *x)
{
    marks m = {x->zeros.top, x->ones.top, x->small};
    return m;
}

static inline void restore_marks(dlx *x, marks m)
{
    x->zeros.top = m.zeros_top;
    x->ones.top = m.ones_top;
    x->small = m.small;
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

static void run(dlx *x, bd_stats *stats)
{
    if (!x->clash)
        search(x, 0);
    if (stats) {
        stats->nodes += x->budget.nodes;
        stats->guesses += x->guesses;
    }
}

bd_status bdi_dlx_solve(const bd_grid *puzzle, const bd_options *options,
                        bd_grid *solution, bd_stats *stats)
{
    dlx x;
    dlx_init(&x, puzzle, options, VISIT_FIRST, 0);
    run(&x, stats);
    return bdi_visitor_solution(&x.visitor, x.budget.cut, solution);
}

bd_status bdi_dlx_count(const bd_grid *puzzle, uint64_t limit,
                        const bd_options *options, uint64_t *count,
                        bd_stats *stats)
{
    dlx x;
    dlx_init(&x, puzzle, options, VISIT_COUNT, limit);
    run(&x, stats);
    return bdi_visitor_count(&x.visitor, x.budget.cut, count);
}

bd_status bdi_dlx_target(const bd_grid *puzzle, const bd_options *options,
                         int *score, bd_grid *best, bd_stats *stats)
{
    dlx x;
    dlx_init(&x, puzzle, options, VISIT_TARGET, 0);
    run(&x, stats);
    return bdi_visitor_target(&x.visitor, x.budget.cut, score, best);
}

bd_status bdi_dlx_each(const bd_grid *puzzle, uint64_t limit, const bd_options *options,
                       bd_solution_fn on_solution, void *context, uint64_t *count,
                       bd_stats *stats)
{
    dlx x;
    dlx_init(&x, puzzle, options, VISIT_COUNT, limit);
    bdi_visitor_each(&x.visitor, on_solution, context);
    run(&x, stats);
    return bdi_visitor_count(&x.visitor, x.budget.cut, count);
}
