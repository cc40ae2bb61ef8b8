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
 * On request, sets on k digits (three): the k N cells holding them are
 * given other arrangements of the same digits, each unit keeping one of
 * each and every other cell as in the grid, by a small depth-first
 * search of its own (a cell left one digit by its units takes it; the
 * cell with fewest left is guessed on, the grid's digit first), bounded
 * in the cells it may change, its guesses and the arrangements it finds;
 * an arrangement that moves all k digits gives the cells it changes.
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

enum { DIGITS_MAX = 3 };   /* the most digits nxn_usets_add_digit_sets rearranges */

/* The search of the other arrangements of k digits (add_digit_sets): the
 * k N cells of the grid holding them, each to get one of the k digits
 * (numbered 0..k-1) so that each unit keeps one of each, every other
 * cell as in the grid. */
typedef struct arrange {
    nxn_usets *sets;
    int k, count;                   /* digits, cells (k N) */
    int max_cells;                  /* the most cells an arrangement may change */
    int changed;                    /* cells changed so far */
    uint64_t nodes, solutions;      /* spent so far, found so far */
    uint64_t max_nodes, max_solutions;
    short cell[DIGITS_MAX * BD_BOARD_MAX];           /* the cells */
    unsigned char home[DIGITS_MAX * BD_BOARD_MAX];   /* the grid's digit of each */
    signed char at[DIGITS_MAX * BD_BOARD_MAX];       /* the digit placed, -1: none yet */
    unsigned char unit[DIGITS_MAX * BD_BOARD_MAX][3];   /* row, N + column, 2 N + box */
    short members[3 * BD_BOARD_MAX][DIGITS_MAX];     /* the k cells of each unit */
    unsigned used[3 * BD_BOARD_MAX];                 /* digits placed in each unit (bits) */
    short trail[DIGITS_MAX * BD_BOARD_MAX];          /* the cells placed, in order */
    int placed;                                      /* the trail's length */
    bool ok;                        /* false once memory ran out */
} arrange;

/* The digits still free at cell i of `a`. */
static unsigned free_digits(const arrange *a, int i)
{
    return ((1u << a->k) - 1u)
           & ~(a->used[a->unit[i][0]] | a->used[a->unit[i][1]] | a->used[a->unit[i][2]]);
}

/* Places digit d at cell i of `a`, on the trail. */
static void arrange_place(arrange *a, int i, int d)
{
    a->at[i] = (signed char)d;
    for (int u = 0; u < 3; u++)
        a->used[a->unit[i][u]] |= 1u << d;
    a->changed += d != a->home[i];
    a->trail[a->placed++] = (short)i;
}

/* Takes back the placements of `a` after the first `mark`. */
static void arrange_undo(arrange *a, int mark)
{
    while (a->placed > mark) {
        int i = a->trail[--a->placed];
        for (int u = 0; u < 3; u++)
            a->used[a->unit[i][u]] &= ~(1u << a->at[i]);
        a->changed -= a->at[i] != a->home[i];
        a->at[i] = -1;
    }
}

/* Places digit d at cell i of `a`, then every cell of a unit of a cell
 * placed that is left one digit: false when a cell is left none, or a
 * placement would change more than a->max_cells cells (the caller takes
 * the placements back). */
static bool arrange_propagate(arrange *a, int i, int d)
{
    if (d != a->home[i] && a->changed == a->max_cells)
        return false;
    int next = a->placed;
    arrange_place(a, i, d);
    while (next < a->placed) {
        int from = a->trail[next++];
        for (int u = 0; u < 3; u++)
            for (int m = 0; m < a->k; m++) {
                int j = a->members[a->unit[from][u]][m];
                if (a->at[j] >= 0)
                    continue;
                unsigned left = free_digits(a, j);
                if (left == 0)
                    return false;
                if (left & (left - 1u))
                    continue;   /* two digits free or more */
                int only = nxn_low_index(left);
                if (only != a->home[j] && a->changed == a->max_cells)
                    return false;
                arrange_place(a, j, only);
            }
    }
    return true;
}

/* Adds the difference of the finished arrangement `a` from the grid when
 * it moves every one of the k digits. */
static void arrangement_found(arrange *a)
{
    uint64_t set[NXN_CELL_WORDS];
    unsigned moved = 0;
    memset(set, 0, sizeof *set * (size_t)a->sets->words);
    for (int i = 0; i < a->count; i++)
        if (a->at[i] != a->home[i]) {
            put(set, a->cell[i]);
            moved |= 1u << a->home[i];
        }
    if (moved == (1u << a->k) - 1u)
        a->ok = nxn_usets_add(a->sets, set);
}

/* Depth-first search of the arrangements of `a` that change at most
 * a->max_cells cells, from its state (propagated): the cell with fewest
 * digits free first, the grid's digit there first; stops at a->max_nodes
 * nodes (cells guessed on) or a->max_solutions arrangements. */
static void arrange_search(arrange *a)
{
    if (!a->ok || a->nodes >= a->max_nodes || a->solutions >= a->max_solutions)
        return;
    int best = -1, fewest = a->k + 1;
    unsigned best_free = 0;
    for (int i = 0; i < a->count && fewest > 2; i++) {
        if (a->at[i] >= 0)
            continue;
        unsigned left = free_digits(a, i);
        int count = nxn_bit_count(left);
        if (count < fewest) {
            best = i;
            fewest = count;
            best_free = left;
        }
    }
    if (best < 0) {
        a->solutions++;
        arrangement_found(a);
        return;
    }
    a->nodes++;
    unsigned home = 1u << a->home[best];
    unsigned order[2] = {best_free & home, best_free & ~home};
    for (int pass = 0; pass < 2; pass++)
        for (unsigned rest = order[pass]; rest; rest &= rest - 1u) {
            int mark = a->placed;
            if (arrange_propagate(a, best, nxn_low_index(rest)))
                arrange_search(a);
            arrange_undo(a, mark);
        }
}

/* Sets `a` up for the digits digit[0..k) of the grid whose places are `p`
 * and searches their arrangements. */
static void arrange_digits(arrange *a, const places *p, const int *digit)
{
    int n = p->g.size;
    for (int j = 0; j < a->k; j++)
        for (int r = 0; r < n; r++) {
            int i = j * n + r, cell = p->cell_of[0][digit[j]][r];
            int row = cell / n, col = cell % n;
            a->cell[i] = (short)cell;
            a->home[i] = (unsigned char)j;
            a->at[i] = -1;
            a->unit[i][0] = (unsigned char)row;
            a->unit[i][1] = (unsigned char)(n + col);
            a->unit[i][2] = (unsigned char)(2 * n + nxn_box_of(&p->g, row, col));
            for (int u = 0; u < 3; u++)
                a->members[a->unit[i][u]][j] = (short)i;
        }
    memset(a->used, 0, sizeof a->used);
    a->placed = 0;
    a->nodes = 0;
    a->solutions = 0;
    a->changed = 0;
    arrange_search(a);
}

bool nxn_usets_add_digit_sets(nxn_usets *sets, const bd_board *grid, int k, int max_cells,
                              uint64_t max_nodes, uint64_t max_solutions)
{
    places *p = malloc(sizeof *p);
    arrange *a = malloc(sizeof *a);
    if (!p || !a) {
        free(p);
        free(a);
        return false;
    }
    find_places(p, grid);
    int n = p->g.size, digit[DIGITS_MAX];
    *a = (arrange){.sets = sets, .k = k, .count = k * n, .max_cells = max_cells,
                   .max_nodes = max_nodes, .max_solutions = max_solutions, .ok = true};
    for (int j = 0; j < k; j++)
        digit[j] = j;
    for (int j = 0; j >= 0 && a->ok;) {
        arrange_digits(a, p, digit);
        /* the next k digits in lexicographic order */
        for (j = k - 1; j >= 0 && digit[j] == n - k + j; j--)
            ;
        if (j >= 0) {
            digit[j]++;
            for (int m = j + 1; m < k; m++)
                digit[m] = digit[m - 1] + 1;
        }
    }
    bool ok = a->ok;
    free(p);
    free(a);
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
