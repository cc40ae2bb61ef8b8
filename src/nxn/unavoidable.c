/*
 * unavoidable.c - a store of unavoidable sets of one full grid.
 *
 * Representation: each set is a bit set of the N * N cells, `words`
 * 64-bit words (bit cell % 64 of word cell / 64), the sets one after the
 * other in one growing array. The store asks only whether some set has no
 * given left (a word-by-word AND with the givens), so it keeps sets in
 * the order they come and does not look for duplicates or supersets.
 *
 * The sets read off a grid's structure are the ones a swap inside the
 * grid makes:
 *  - two values a and b: each unit has one cell of each; linking them in
 *    every unit splits the 2N cells into components, and swapping a and b
 *    in one component leaves each unit with one a and one b;
 *  - two rows of one band: the map from the value of the first row in a
 *    column to the column where the first row holds the second row's
 *    value there splits the columns into cycles; swapping the two rows'
 *    cells in the columns of one cycle keeps each row's values (a cycle),
 *    each column's and each box's (the two cells share both);
 *  - two columns of one stack, the same with rows and columns traded.
 * Any other grid found (a second solution of a puzzle) gives the set of
 * cells where it differs.
 */
#include "unavoidable.h"

#include <stdlib.h>
#include <string.h>

void nxn_usets_init(nxn_usets *sets, int cells)
{
    sets->words = (cells + 63) / 64;
    sets->count = 0;
    sets->capacity = 0;
    sets->bits = NULL;
}

void nxn_usets_free(nxn_usets *sets)
{
    free(sets->bits);
    sets->bits = NULL;
    sets->count = 0;
    sets->capacity = 0;
}

void nxn_usets_clear(nxn_usets *sets)
{
    sets->count = 0;
}

bool nxn_usets_add(nxn_usets *sets, const uint64_t *set)
{
    if (sets->count >= NXN_USETS_MAX)
        return true;
    if (sets->count == sets->capacity) {
        int capacity = sets->capacity ? 2 * sets->capacity : 64;
        uint64_t *bits = realloc(sets->bits, sizeof *bits * (size_t)capacity
                                                 * (size_t)sets->words);
        if (!bits)
            return false;
        sets->bits = bits;
        sets->capacity = capacity;
    }
    memcpy(sets->bits + (size_t)sets->count * (size_t)sets->words, set,
           sizeof *set * (size_t)sets->words);
    sets->count++;
    return true;
}

/* Adds `cell` to the bit set `set`. */
static void put(uint64_t *set, int cell)
{
    set[cell / 64] |= UINT64_C(1) << (cell % 64);
}

/* Where each value is in each unit of a full grid: cell_of[kind][v - 1][i]
 * is the cell of value v in row i (kind 0), column i (1) or box i (2). */
typedef struct places {
    nxn_geom g;
    short cell_of[3][BD_BOARD_MAX][BD_BOARD_MAX];
} places;

/* Fills `p` from the valid full grid `grid`. */
static void find_places(places *p, const bd_board *grid)
{
    p->g = nxn_geom_of(grid);
    int n = p->g.size;
    for (int cell = 0; cell < p->g.cells; cell++) {
        int v = grid->cells[cell] - 1, row = cell / n, col = cell % n;
        p->cell_of[0][v][row] = (short)cell;
        p->cell_of[1][v][col] = (short)cell;
        p->cell_of[2][v][nxn_box_of(&p->g, row, col)] = (short)cell;
    }
}

/* The root of node `x` in the union-find forest `parent`, halving paths. */
static int root(int *parent, int x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Adds the components of the cells holding values a and b (0-based):
 * node r is a's cell in row r, node N + r is b's. False when memory ran
 * out. */
static bool add_value_pair(nxn_usets *sets, const places *p, int a, int b)
{
    int n = p->g.size, parent[2 * BD_BOARD_MAX];
    for (int x = 0; x < 2 * n; x++)
        parent[x] = x;
    for (int kind = 0; kind < 3; kind++)
        for (int i = 0; i < n; i++) {
            int x = p->cell_of[kind][a][i] / n, y = n + p->cell_of[kind][b][i] / n;
            parent[root(parent, x)] = root(parent, y);
        }
    uint64_t set[NXN_CELL_WORDS];
    for (int top = 0; top < 2 * n; top++) {
        if (root(parent, top) != top)
            continue;
        memset(set, 0, sizeof *set * (size_t)sets->words);
        for (int x = 0; x < 2 * n; x++)
            if (root(parent, x) == top)
                put(set, x < n ? p->cell_of[0][a][x] : p->cell_of[0][b][x - n]);
        if (!nxn_usets_add(sets, set))
            return false;
    }
    return true;
}

/* Adds the cycles of two lines of one band (kind 0: rows `first` and
 * `second`) or of one stack (kind 1: columns): the cells of both lines at
 * the positions of a cycle. False when memory ran out. */
static bool add_line_pair(nxn_usets *sets, const places *p, const bd_board *grid, int kind,
                          int first, int second)
{
    int n = p->g.size;
    bool seen[BD_BOARD_MAX] = {false};
    uint64_t set[NXN_CELL_WORDS];
    for (int start = 0; start < n; start++) {
        if (seen[start])
            continue;
        memset(set, 0, sizeof *set * (size_t)sets->words);
        for (int pos = start; !seen[pos];) {
            seen[pos] = true;
            int one = kind == 0 ? first * n + pos : pos * n + first;
            int two = kind == 0 ? second * n + pos : pos * n + second;
            put(set, one);
            put(set, two);
            int next = p->cell_of[kind][grid->cells[two] - 1][first];
            pos = kind == 0 ? next % n : next / n;
        }
        if (!nxn_usets_add(sets, set))
            return false;
    }
    return true;
}

bool nxn_usets_add_grid(nxn_usets *sets, const bd_board *grid)
{
    places *p = malloc(sizeof *p);
    if (!p)
        return false;
    find_places(p, grid);
    int n = p->g.size;
    bool ok = true;
    for (int kind = 0; kind < 2 && ok; kind++) {
        int group = kind == 0 ? p->g.box_rows : p->g.box_cols;
        for (int first = 0; first < n && ok; first++)
            for (int second = first + 1; second < n && second / group == first / group && ok;
                 second++)
                ok = add_line_pair(sets, p, grid, kind, first, second);
    }
    for (int a = 0; a < n && ok; a++)
        for (int b = a + 1; b < n && ok; b++)
            ok = add_value_pair(sets, p, a, b);
    free(p);
    return ok;
}

bool nxn_usets_add_difference(nxn_usets *sets, const bd_board *a, const bd_board *b)
{
    int cells = a->size * a->size;
    uint64_t set[NXN_CELL_WORDS];
    bool differ = false;
    memset(set, 0, sizeof *set * (size_t)sets->words);
    for (int cell = 0; cell < cells; cell++)
        if (a->cells[cell] != b->cells[cell]) {
            put(set, cell);
            differ = true;
        }
    return !differ || nxn_usets_add(sets, set);
}

bool nxn_usets_any_bare(const nxn_usets *sets, const uint64_t *givens)
{
    const uint64_t *set = sets->bits;
    for (int k = 0; k < sets->count; k++, set += sets->words) {
        uint64_t met = 0;
        for (int w = 0; w < sets->words; w++)
            met |= set[w] & givens[w];
        if (!met)
            return true;
    }
    return false;
}
