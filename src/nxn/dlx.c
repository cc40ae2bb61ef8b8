/*
 * dlx.c - Dancing Links for boards of any size: the N x N family's second
 * engine, written apart from the bit-parallel one (fast.h) so that each
 * checks the other. Sudoku as exact cover, solved by Knuth's Algorithm X
 * on doubly linked circular lists.
 *
 * The matrix: a row places value v in a cell, N^3 rows in all; it has a 1
 * in four of the 4 N^2 columns:
 *
 *     column (1-based; 0 is the root)         meaning
 *     1 +            cell                     the cell is filled
 *     1 +     N^2 +  row * N + v - 1          the row holds v
 *     1 + 2 * N^2 +  col * N + v - 1          the column holds v
 *     1 + 3 * N^2 +  box * N + v - 1          the box holds v
 *
 * Only the reduced matrix is built: a column that a given satisfies is
 * left out, and so is a row that clashes with a given or that the task
 * excludes. Columns and rows are numbered as above but stored in arrays
 * sized for the rows that remain (int32 links: 64 x 64 has 262,144 rows),
 * allocated per search. Node k of a column header is the header itself;
 * a matrix row's four nodes are consecutive from an index that is a
 * multiple of four, so a node finds its row mates without left and right
 * links.
 *
 * The search: the uncovered column with fewest rows (the first such in
 * the header list, a scan that stops at a column of size 0 or 1), covered,
 * and each of its rows tried in turn (its other three columns covered,
 * then uncovered in reverse order after the deeper search). Every
 * completion goes to the visitor. Nodes are the root plus each row tried,
 * guesses the columns branched on with two rows or more.
 */
#include "nxn.h"

#include <stdlib.h>
#include <string.h>

enum { ROW_NODES = 4 };

typedef struct link {
    int32_t up, down, column;
} link;

typedef struct column_head {
    int32_t left, right, size;
} column_head;

typedef struct matrix {
    nxn_geom g;
    int32_t columns;          /* 4 N^2 */
    int32_t first_node;       /* the first row node: a multiple of four */
    link *nodes;
    column_head *heads;       /* [0]: the root */
    int32_t *chosen;          /* the row node chosen at each depth */
    const bd_board *puzzle;
    bdi_budget own, *budget;
    uint64_t guesses;
    bool stop;
    nxn_visitor *visitor;
} matrix;

/* The column of value bit `d` (0..N-1) in unit `index` of kind `kind`
 * (0 rows, 1 columns, 2 boxes). */
static int32_t unit_column(const nxn_geom *g, int kind, int index, int d)
{
    return 1 + g->cells * (1 + kind) + index * g->size + d;
}

/* Whether value d + 1 at `cell` is excluded by the task. */
static bool excluded(const nxn_task *task, int cell, int d)
{
    for (int i = 0; i < task->excluded_count; i++)
        if (task->excluded[i].cell == cell && task->excluded[i].value == d + 1)
            return true;
    return false;
}

/* The values that may go in open `cell`: none of its units' givens, and
 * not excluded. */
static uint64_t cell_values(const matrix *m, const nxn_task *task, const uint64_t *units,
                            int cell)
{
    const nxn_geom *g = &m->g;
    int r = cell / g->size, c = cell % g->size;
    uint64_t used = units[r] | units[g->size + c] | units[2 * g->size + nxn_box_of(g, r, c)];
    uint64_t values = nxn_all_values(g->size) & ~used;
    for (uint64_t v = values; v; v &= v - 1u)
        if (excluded(task, cell, nxn_low_index(v)))
            values &= ~(UINT64_C(1) << nxn_low_index(v));
    return values;
}

/* Links header `c` after `last` in the header list, with an empty
 * vertical list. */
static void add_header(matrix *m, int32_t last, int32_t c)
{
    m->heads[c] = (column_head){last, 0, 0};
    m->heads[last].right = c;
    m->nodes[c] = (link){c, c, c};
}

/* Appends node `n` to the bottom of column `c`. */
static void append(matrix *m, int32_t n, int32_t c)
{
    int32_t tail = m->nodes[c].up;
    m->nodes[n] = (link){tail, c, c};
    m->nodes[tail].down = n;
    m->nodes[c].up = n;
    m->heads[c].size++;
}

/* Links the columns of the open cells and of the unit values not given. */
static void link_columns(matrix *m, const uint64_t *units)
{
    const nxn_geom *g = &m->g;
    int32_t last = 0;
    for (int cell = 0; cell < g->cells; cell++)
        if (!m->puzzle->cells[cell]) {
            add_header(m, last, 1 + cell);
            last = 1 + cell;
        }
    for (int kind = 0; kind < 3; kind++)
        for (int index = 0; index < g->size; index++) {
            uint64_t missing = nxn_all_values(g->size) & ~units[kind * g->size + index];
            for (; missing; missing &= missing - 1u) {
                int32_t c = unit_column(g, kind, index, nxn_low_index(missing));
                add_header(m, last, c);
                last = c;
            }
        }
    m->heads[last].right = 0;
    m->heads[0].left = last;
}

/* Makes the matrix rows of every open cell. */
static void link_rows(matrix *m, const nxn_task *task, const uint64_t *units)
{
    const nxn_geom *g = &m->g;
    int32_t n = m->first_node;
    for (int cell = 0; cell < g->cells; cell++) {
        if (m->puzzle->cells[cell])
            continue;
        int r = cell / g->size, c = cell % g->size, box = nxn_box_of(g, r, c);
        for (uint64_t v = cell_values(m, task, units, cell); v; v &= v - 1u, n += ROW_NODES) {
            int d = nxn_low_index(v);
            append(m, n, 1 + cell);
            append(m, n + 1, unit_column(g, 0, r, d));
            append(m, n + 2, unit_column(g, 1, c, d));
            append(m, n + 3, unit_column(g, 2, box, d));
        }
    }
}

/* Allocates and links the reduced matrix; false when memory ran out. */
static bool build(matrix *m, const nxn_task *task, const uint64_t *units)
{
    const nxn_geom *g = &m->g;
    size_t rows = 0;
    for (int cell = 0; cell < g->cells; cell++)
        if (!m->puzzle->cells[cell])
            rows += (size_t)bit_count(cell_values(m, task, units, cell));
    m->columns = 4 * g->cells;
    m->first_node = (m->columns + 1 + ROW_NODES - 1) / ROW_NODES * ROW_NODES;
    m->nodes = malloc(((size_t)m->first_node + ROW_NODES * rows) * sizeof *m->nodes);
    m->heads = malloc(((size_t)m->columns + 1) * sizeof *m->heads);
    m->chosen = malloc(((size_t)g->cells + 1) * sizeof *m->chosen);
    if (!m->nodes || !m->heads || !m->chosen)
        return false;
    link_columns(m, units);
    link_rows(m, task, units);
    return true;
}

/* Takes the rows of column `c` out of the other columns they meet, and
 * the column out of the header list. */
static void cover(matrix *m, int32_t c)
{
    link *nd = m->nodes;
    column_head *hd = m->heads;
    hd[hd[c].right].left = hd[c].left;
    hd[hd[c].left].right = hd[c].right;
    for (int32_t i = nd[c].down; i != c; i = nd[i].down) {
        int32_t start = i & ~(ROW_NODES - 1);
        for (int32_t j = start; j < start + ROW_NODES; j++) {
            if (j == i)
                continue;
            nd[nd[j].down].up = nd[j].up;
            nd[nd[j].up].down = nd[j].down;
            hd[nd[j].column].size--;
        }
    }
}

/* Undoes cover(m, c); covers are undone in the reverse order. */
static void uncover(matrix *m, int32_t c)
{
    link *nd = m->nodes;
    column_head *hd = m->heads;
    for (int32_t i = nd[c].up; i != c; i = nd[i].up) {
        int32_t start = i & ~(ROW_NODES - 1);
        for (int32_t j = start + ROW_NODES - 1; j >= start; j--) {
            if (j == i)
                continue;
            hd[nd[j].column].size++;
            nd[nd[j].down].up = j;
            nd[nd[j].up].down = j;
        }
    }
    hd[hd[c].right].left = c;
    hd[hd[c].left].right = c;
}

/* The uncovered column with fewest rows (the first such), or 0 when
 * every column is covered. */
static int32_t choose_column(const matrix *m)
{
    int32_t best = 0, best_size = INT32_MAX;
    for (int32_t c = m->heads[0].right; c != 0; c = m->heads[c].right)
        if (m->heads[c].size < best_size) {
            best = c;
            best_size = m->heads[c].size;
            if (best_size <= 1)
                break;
        }
    return best;
}

/* Writes the givens and the rows chosen at depths 0..depth-1 into the
 * visitor's board, and hands it over. */
static void visit(matrix *m, int depth)
{
    nxn_visitor *v = m->visitor;
    if (nxn_visitor_wants_cells(v)) {
        const nxn_geom *g = &m->g;
        if (v->board != m->puzzle)
            memcpy(v->board->cells, m->puzzle->cells, (size_t)g->cells);
        for (int i = 0; i < depth; i++) {
            int32_t start = m->chosen[i] & ~(ROW_NODES - 1);
            int cell = m->nodes[start].column - 1;
            int value = (m->nodes[start + 1].column - 1 - g->cells) % g->size + 1;
            v->board->cells[cell] = (uint8_t)value;
        }
    }
    nxn_visit(v);
    m->stop = v->done;
}

/* Algorithm X from `depth` on. */
static void search(matrix *m, int depth)
{
    int32_t c = choose_column(m);
    if (c == 0) {
        visit(m, depth);
        return;
    }
    if (m->heads[c].size >= 2)
        m->guesses++;
    cover(m, c);
    for (int32_t r = m->nodes[c].down; r != c && !m->stop; r = m->nodes[r].down) {
        if (bdi_budget_spend(m->budget)) {
            m->stop = true;
            break;
        }
        m->chosen[depth] = r;
        int32_t start = r & ~(ROW_NODES - 1);
        for (int32_t j = start; j < start + ROW_NODES; j++)
            if (j != r)
                cover(m, m->nodes[j].column);
        search(m, depth + 1);
        for (int32_t j = start + ROW_NODES - 1; j >= start; j--)
            if (j != r)
                uncover(m, m->nodes[j].column);
    }
    uncover(m, c);
}

/* Whether an exclusion rules out a given. */
static bool excludes_a_given(const nxn_task *task)
{
    for (int i = 0; i < task->excluded_count; i++)
        if (task->puzzle->cells[task->excluded[i].cell] == task->excluded[i].value)
            return true;
    return false;
}

nxn_run nxn_dlx(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                bd_stats *stats)
{
    matrix m = {.g = nxn_geom_of(task->puzzle), .puzzle = task->puzzle, .visitor = visitor};
    m.budget = task->budget ? task->budget : &m.own;
    if (!task->budget)
        bdi_budget_init(&m.own, options);
    uint64_t nodes_before = m.budget->nodes;
    uint64_t units[3 * BD_BOARD_MAX];
    nxn_run run = NXN_RAN;
    if (nxn_units_of_givens(task->puzzle, units) && !excludes_a_given(task)) {
        if (!build(&m, task, units))
            run = NXN_NOMEM;
        else if (!bdi_budget_spend(m.budget))
            search(&m, 0);
    }
    free(m.nodes);
    free(m.heads);
    free(m.chosen);
    if (stats) {
        stats->nodes += m.budget->nodes - nodes_before;
        stats->guesses += m.guesses;
    }
    return run == NXN_NOMEM ? run : m.budget->cut ? NXN_CUT : NXN_RAN;
}
