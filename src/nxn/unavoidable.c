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
 * search of its own on bit sets of those k N cells, one a digit for the
 * cells where it may still go (a cell left one digit by its units takes
 * it; the cell with fewest left is guessed on, the grid's digit first;
 * a guess works on a copy of the sets, dropped to take it back), bounded
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

enum {
    DIGITS_MAX = 3,     /* the most digits nxn_usets_add_digit_sets rearranges */
    ARRANGE_WORDS = (DIGITS_MAX * BD_BOARD_MAX + 63) / 64   /* words of a set of its cells */
};

/* The search of the other arrangements of k digits (add_digit_sets): the
 * k N cells of the grid holding them, numbered j N + r for the cell of
 * digit j (0..k-1) in row r, each to get one of the k digits so that each
 * unit keeps one of each, every other cell as in the grid. Sets of these
 * cells are bit sets of `words` words (bit i % 64 of word i / 64). */
typedef struct arrange {
    nxn_usets *sets;
    int k, words;                   /* digits, words of a set of the k N cells */
    int max_cells;                  /* the most cells an arrangement may change */
    uint64_t nodes, solutions;      /* spent so far, found so far */
    uint64_t max_nodes, max_solutions;
    short cell[DIGITS_MAX * BD_BOARD_MAX];   /* the grid's cell of each */
    unsigned char home[DIGITS_MAX * BD_BOARD_MAX];  /* its digit in the grid: i / n */
    uint64_t homes[DIGITS_MAX][ARRANGE_WORDS];      /* the cells whose grid digit is d */
    uint64_t peers[DIGITS_MAX * BD_BOARD_MAX][ARRANGE_WORDS];   /* the others of its units */
    bool ok;                        /* false once memory ran out */
} arrange;

/* Where a search of `arrange` stands: copied at each guess, so a guess
 * is taken back by dropping the copy. */
typedef struct arrange_state {
    uint64_t free[DIGITS_MAX][ARRANGE_WORDS];  /* the cells where digit d may go
                                                  (a placed cell: its digit's only) */
    uint64_t open[ARRANGE_WORDS];              /* the cells not placed yet */
    int changed;                               /* cells placed off their grid digit */
} arrange_state;

/* Places digit d (free there) at cell i of `s`: false, and nothing done,
 * when that would change more than a->max_cells cells. */
static inline bool arrange_place(const arrange *a, arrange_state *s, int i, int d)
{
    bool moved = d != a->home[i];
    if (moved && s->changed == a->max_cells)
        return false;
    s->changed += moved;
    uint64_t bit = UINT64_C(1) << (i % 64);
    s->open[i / 64] &= ~bit;
    for (int e = 0; e < a->k; e++)
        s->free[e][i / 64] &= ~bit;
    s->free[d][i / 64] |= bit;      /* free there: it stays */
    for (int w = 0; w < a->words; w++)
        s->free[d][w] &= ~a->peers[i][w];
    return true;
}

/* The digit free at cell i of `s` when it has one (the lowest of them). */
static int arrange_digit_at(const arrange *a, const arrange_state *s, int i)
{
    int d = 0;
    while (d < a->k - 1 && !(s->free[d][i / 64] >> (i % 64) & 1u))
        d++;
    return d;
}

/* Places digit d (free there) at cell i of `s`, then every open cell left
 * one digit, until none is: false when a cell is left none, or the
 * arrangement would change more than a->max_cells cells (the caller
 * drops `s`). The cells forced are the same whatever their order, and so
 * is the outcome. */
static bool arrange_propagate(const arrange *a, arrange_state *s, int i, int d)
{
    if (!arrange_place(a, s, i, d))
        return false;
    for (;;) {
        int lone = -1;
        for (int w = 0; w < a->words && lone < 0; w++) {
            uint64_t any = 0, many = 0;
            for (int e = 0; e < a->k; e++) {
                many |= any & s->free[e][w];
                any |= s->free[e][w];
            }
            if (s->open[w] & ~any)
                return false;
            uint64_t one = s->open[w] & ~many;
            if (one)
                lone = w * 64 + nxn_low_index(one);
        }
        if (lone < 0)
            return true;
        if (!arrange_place(a, s, lone, arrange_digit_at(a, s, lone)))
            return false;
    }
}

/* Adds the difference of the finished arrangement `s` from the grid when
 * it moves every one of the k digits. */
static void arrangement_found(arrange *a, const arrange_state *s)
{
    uint64_t set[NXN_CELL_WORDS];
    unsigned moved = 0;
    memset(set, 0, sizeof *set * (size_t)a->sets->words);
    for (int e = 0; e < a->k; e++)
        for (int w = 0; w < a->words; w++)
            for (uint64_t off = s->free[e][w] & ~a->homes[e][w]; off; off &= off - 1u) {
                int i = w * 64 + nxn_low_index(off);
                put(set, a->cell[i]);
                moved |= 1u << a->home[i];
            }
    if (moved == (1u << a->k) - 1u)
        a->ok = nxn_usets_add(a->sets, set);
}

/* Depth-first search of the arrangements of `a` that change at most
 * a->max_cells cells, from `s` (propagated): the first open cell with
 * two digits free, else the first open cell, is guessed on, the grid's
 * digit there first, then the others lowest first; stops at a->max_nodes
 * nodes (cells guessed on) or a->max_solutions arrangements. */
static void arrange_search(arrange *a, const arrange_state *s)
{
    if (!a->ok || a->nodes >= a->max_nodes || a->solutions >= a->max_solutions)
        return;
    int best = -1, first = -1;
    for (int w = 0; w < a->words && best < 0; w++) {
        uint64_t all = s->open[w];
        for (int e = 0; e < a->k; e++)
            all &= s->free[e][w];
        if (s->open[w] & ~all)
            best = w * 64 + nxn_low_index(s->open[w] & ~all);
        else if (first < 0 && s->open[w])
            first = w * 64 + nxn_low_index(s->open[w]);
    }
    best = best < 0 ? first : best;
    if (best < 0) {
        a->solutions++;
        arrangement_found(a, s);
        return;
    }
    a->nodes++;
    int home = a->home[best];
    for (int pass = 0; pass < 2; pass++)
        for (int d = 0; d < a->k; d++)
            if ((d == home) == (pass == 0) && s->free[d][best / 64] >> (best % 64) & 1u) {
                arrange_state next = *s;
                if (arrange_propagate(a, &next, best, d))
                    arrange_search(a, &next);
            }
}

/* Sets `a` up for the digits digit[0..k) of the grid whose places are `p`
 * and searches their arrangements. */
static void arrange_digits(arrange *a, const places *p, const int *digit)
{
    int n = p->g.size;
    arrange_state start;
    memset(&start, 0, sizeof start);
    memset(a->homes, 0, sizeof a->homes);
    for (int j = 0; j < a->k; j++)
        for (int r = 0; r < n; r++) {
            int i = j * n + r, cell = p->cell_of[0][digit[j]][r];
            int col = cell % n, box = nxn_box_of(&p->g, r, col);
            a->cell[i] = (short)cell;
            a->home[i] = (unsigned char)j;
            a->homes[j][i / 64] |= UINT64_C(1) << (i % 64);
            memset(a->peers[i], 0, sizeof a->peers[i]);
            for (int m = 0; m < a->k; m++) {
                if (m == j)
                    continue;
                /* the cells of digit m in the row, column and box of cell */
                int mates[3] = {m * n + r, m * n + p->cell_of[1][digit[m]][col] / n,
                                m * n + p->cell_of[2][digit[m]][box] / n};
                for (int u = 0; u < 3; u++)
                    a->peers[i][mates[u] / 64] |= UINT64_C(1) << (mates[u] % 64);
            }
            start.open[i / 64] |= UINT64_C(1) << (i % 64);
        }
    for (int e = 0; e < a->k; e++)
        memcpy(start.free[e], start.open, sizeof start.open);
    a->nodes = 0;
    a->solutions = 0;
    arrange_search(a, &start);
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
    *a = (arrange){.sets = sets, .k = k, .words = (k * n + 63) / 64,
                   .max_cells = max_cells, .max_nodes = max_nodes,
                   .max_solutions = max_solutions, .ok = true};
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

/* True when `set` (`words` words) has no cell in `givens`. */
static bool bare(const uint64_t *set, const uint64_t *givens, int words)
{
    uint64_t met = 0;
    for (int w = 0; w < words; w++)
        met |= set[w] & givens[w];
    return !met;
}

bool nxn_usets_any_bare_at(const nxn_usets *sets, const uint64_t *givens, int cell)
{
    const uint64_t *set = sets->bits;
    int at = cell / 64;
    uint64_t bit = UINT64_C(1) << (cell % 64);
    for (int k = 0; k < sets->count; k++, set += sets->words)
        if (set[at] & bit && bare(set, givens, sets->words))
            return true;
    return false;
}
