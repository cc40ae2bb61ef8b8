/*
 * dlx.h - the exact-cover matrix of the Dancing Links engines (dlx.c, the
 * enumeration; dlx_target.c, the target branch and bound) and its link
 * operations. Private to those two files.
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
 * `dlx` struct on the caller's stack; nothing is allocated per node.
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
 * Finding the column to branch on is where a plain DLX spends much of its
 * time: a scan of the header list at every node. Here every unlink that
 * leaves a column with one row or none also pushes it on a hint stack, so
 * dead ends (size 0, taken first) and forced moves (size 1) are found
 * without a scan. A count of such columns lets the scan, when it must run,
 * stop at the first column of size 2. Ties go to the first column in the
 * list: cell columns first, in cell order.
 */
#ifndef BITDOKU_DLX_H
#define BITDOKU_DLX_H

#include "core/budget.h"
#include "core/engine.h"
#include "core/units.h"

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
    const uint16_t *allow;          /* pencil marks: each blank's candidates
                                       (bit d-1); NULL: all nine */
    bdi_budget budget;
    uint64_t guesses;
    bdi_visitor *visitor;           /* the caller's (NULL: no completions
                                       are visited) */
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

/* The marks of `x` now, for restore_marks when the level ends. */
static inline marks save_marks(const dlx *x)
{
    marks m = {x->zeros.top, x->ones.top, x->small};
    return m;
}

/* Puts back the marks save_marks took. */
static inline void restore_marks(dlx *x, marks m)
{
    x->zeros.top = m.zeros_top;
    x->ones.top = m.ones_top;
    x->small = m.small;
}

/* Sets up the reduced matrix of `puzzle` (dlx.c), with the caller's
 * `visitor` (may be NULL when the caller visits nothing) and a budget from
 * `options`. Clashing givens set x->clash. */
void bdi_dlx_init(dlx *x, const bd_grid *puzzle, const bd_options *options,
                  bdi_visitor *visitor);

/* bdi_dlx_init without the rows that `allow` excludes: a blank's rows are
 * only those of its candidates allow[cell] (bit d-1); NULL: all. */
void bdi_dlx_init_allowed(dlx *x, const bd_grid *puzzle, const uint16_t *allow,
                          const bd_options *options, bdi_visitor *visitor);

/* Writes the givens and the rows chosen at depths 0..depth-1 into `grid`
 * (dlx.c). */
void bdi_dlx_fill_grid(const dlx *x, int depth, bd_grid *grid);

#endif /* BITDOKU_DLX_H */
