/*
 * polish.c - a primal heuristic for the target problem: local search over
 * digit swaps that keep the grid valid.
 *
 * In a completed grid take two digits a < b: the 18 cells holding them
 * split into "swap classes" - link each a-cell to the b-cell of its row,
 * of its column and of its box; a connected class can trade a for b
 * throughout and every row, column and box still holds each digit once.
 * The trade changes the score by (b - a) * (weight of its a-cells - weight
 * of its b-cells). Classes that hold no given and gain are traded, for
 * every pair of digits, until a whole round finds nothing to gain: a
 * completion no single trade improves. Each round is 36 pairs of 18-node
 * union-finds.
 */
#include "internal.h"

enum { CLASS_NODES = 2 * BD_SIZE };   /* node r: a's cell in row r; 9 + r: b's */

static int root_of(uint8_t parent[CLASS_NODES], int node)
{
    while (parent[node] != node)
        node = parent[node] = parent[parent[node]];
    return node;
}

static void join(uint8_t parent[CLASS_NODES], int x, int y)
{
    parent[root_of(parent, x)] = (uint8_t)root_of(parent, y);
}

/* Trades the classes of digits a < b that gain; true if any did. `at[d][r]`
 * is the column of digit d in row r; weight[cell] is bd_weight(cell). */
static bool trade(uint8_t cells[BD_CELLS], const bd_grid *puzzle, const uint8_t weight[BD_CELLS],
                  uint8_t at[BD_SIZE + 1][BD_SIZE], int a, int b)
{
    uint8_t parent[CLASS_NODES], col_a[BD_SIZE], box_a[BD_SIZE];
    int gain[CLASS_NODES] = {0};
    bool frozen[CLASS_NODES] = {false};
    for (int r = 0; r < BD_SIZE; r++) {
        int cell_a = r * BD_SIZE + at[a][r];
        parent[r] = (uint8_t)r;
        parent[BD_SIZE + r] = (uint8_t)(BD_SIZE + r);
        col_a[at[a][r]] = (uint8_t)r;
        box_a[box_of(cell_a)] = (uint8_t)r;
    }
    for (int r = 0; r < BD_SIZE; r++) {
        int cell_b = r * BD_SIZE + at[b][r];
        join(parent, BD_SIZE + r, r);                  /* the row */
        join(parent, BD_SIZE + r, col_a[at[b][r]]);    /* the column */
        join(parent, BD_SIZE + r, box_a[box_of(cell_b)]);
    }
    for (int node = 0; node < CLASS_NODES; node++) {
        int r = node % BD_SIZE, cell = r * BD_SIZE + at[node < BD_SIZE ? a : b][r];
        int root = root_of(parent, node);
        gain[root] += node < BD_SIZE ? weight[cell] : -weight[cell];
        frozen[root] |= puzzle->cells[cell] != 0;
    }
    bool traded = false;
    for (int r = 0; r < BD_SIZE; r++) {
        int root = root_of(parent, r);
        if (frozen[root] || gain[root] <= 0)
            continue;
        int col = at[a][r];    /* a's cell in this row holds b, b's holds a */
        cells[r * BD_SIZE + col] = (uint8_t)b;
        cells[r * BD_SIZE + at[b][r]] = (uint8_t)a;
        at[a][r] = at[b][r];
        at[b][r] = (uint8_t)col;
        traded = true;
    }
    return traded;
}

void bdi_polish(const bd_grid *puzzle, const uint8_t weight[BD_CELLS], uint8_t cells[BD_CELLS])
{
    uint8_t at[BD_SIZE + 1][BD_SIZE];
    for (int cell = 0; cell < BD_CELLS; cell++)
        at[cells[cell]][row_of(cell)] = (uint8_t)col_of(cell);
    bool traded = true;
    while (traded) {
        traded = false;
        for (int a = 1; a < BD_SIZE; a++)
            for (int b = a + 1; b <= BD_SIZE; b++)
                traded |= trade(cells, puzzle, weight, at, a, b);
    }
}
