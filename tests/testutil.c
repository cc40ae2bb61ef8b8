/*
 * testutil.c - see testutil.h. Nothing here calls the library's solvers:
 * these are the independent side of the cross-checks.
 */
#include "testutil.h"

#include <string.h>

bool tu_grid(const char *text, bd_grid *grid)
{
    int n = 0;
    for (; *text; text++) {
        char ch = *text;
        if ((ch >= '0' && ch <= '9') || ch == '.') {
            if (n == BD_CELLS)
                return false;
            grid->cells[n++] = ch == '.' ? 0 : (uint8_t)(ch - '0');
        }
    }
    return n == BD_CELLS;
}

uint64_t tu_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int tu_below(uint64_t *state, int n)
{
    return (int)(tu_rand(state) % (uint64_t)n);
}

void tu_shuffle(uint64_t *state, int *items, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = tu_below(state, i + 1);
        int t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

/* A permutation of 0..8 that keeps the three bands (0-2, 3-5, 6-8)
 * together: bands shuffled, lines shuffled within each band. */
static void band_permutation(uint64_t *state, int perm[9])
{
    int bands[3] = {0, 1, 2};
    tu_shuffle(state, bands, 3);
    for (int b = 0; b < 3; b++) {
        int lines[3] = {0, 1, 2};
        tu_shuffle(state, lines, 3);
        for (int i = 0; i < 3; i++)
            perm[b * 3 + i] = bands[b] * 3 + lines[i];
    }
}

void tu_random_full(uint64_t *state, bd_grid *grid)
{
    int digits[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    int rows[9], cols[9];
    tu_shuffle(state, digits, 9);
    band_permutation(state, rows);
    band_permutation(state, cols);
    bool transpose = tu_below(state, 2) == 1;
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            int pr = rows[r], pc = cols[c];
            if (transpose) {
                int t = pr;
                pr = pc;
                pc = t;
            }
            /* The pattern grid: row r is 1..9 shifted by 3r + r/3. */
            int base = (pr * 3 + pr / 3 + pc) % 9;
            grid->cells[r * 9 + c] = (uint8_t)digits[base];
        }
    }
}

void tu_random_puzzle(uint64_t *state, int blanks, bd_grid *puzzle)
{
    int cells[BD_CELLS];
    for (int i = 0; i < BD_CELLS; i++)
        cells[i] = i;
    tu_shuffle(state, cells, BD_CELLS);
    tu_random_full(state, puzzle);
    for (int i = 0; i < blanks; i++)
        puzzle->cells[cells[i]] = 0;
}

static bool fits(const uint8_t *cells, int cell, int digit)
{
    int r = cell / 9, c = cell % 9;
    int br = r / 3 * 3, bc = c / 3 * 3;
    for (int i = 0; i < 9; i++) {
        if (cells[r * 9 + i] == digit || cells[i * 9 + c] == digit)
            return false;
        if (cells[(br + i / 3) * 9 + bc + i % 3] == digit)
            return false;
    }
    return true;
}

/* Ring weight computed independently of bd_weight: 6 + distance to edge. */
static int naive_weight(int cell)
{
    int r = cell / 9, c = cell % 9;
    int d = r;
    if (c < d) d = c;
    if (8 - r < d) d = 8 - r;
    if (8 - c < d) d = 8 - c;
    return 6 + d;
}

typedef struct naive {
    uint8_t cells[BD_CELLS];
    uint64_t limit, count;
    int max_score;
} naive;

static void naive_search(naive *n, int cell)
{
    while (cell < BD_CELLS && n->cells[cell])
        cell++;
    if (cell == BD_CELLS) {
        int score = 0;
        for (int i = 0; i < BD_CELLS; i++)
            score += n->cells[i] * naive_weight(i);
        if (score > n->max_score)
            n->max_score = score;
        n->count++;
        return;
    }
    for (int digit = 1; digit <= 9; digit++) {
        if (!fits(n->cells, cell, digit))
            continue;
        n->cells[cell] = (uint8_t)digit;
        naive_search(n, cell + 1);
        n->cells[cell] = 0;
        if (n->limit && n->count >= n->limit)
            return;
    }
}

void tu_naive(const bd_grid *puzzle, uint64_t limit, uint64_t *count,
              int *max_score)
{
    naive n;
    memcpy(n.cells, puzzle->cells, BD_CELLS);
    n.limit = limit;
    n.count = 0;
    n.max_score = -1;
    *count = 0;
    *max_score = -1;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int digit = n.cells[cell];
        if (!digit)
            continue;
        n.cells[cell] = 0;
        bool ok = fits(n.cells, cell, digit);
        n.cells[cell] = (uint8_t)digit;
        if (!ok)
            return;   /* clashing givens: no solution */
    }
    naive_search(&n, 0);
    *count = n.count;
    *max_score = n.max_score;
}

bool tu_next_optimum(FILE *data, bd_grid *puzzle, int *optimum)
{
    char line[256], cells[128];
    while (fgets(line, sizeof line, data)) {
        if (line[0] != '#' && sscanf(line, "%127s %d", cells, optimum) == 2
            && tu_grid(cells, puzzle))
            return true;
    }
    return false;
}

int tu_each_optimum(const char *path, void (*check)(const bd_grid *, bd_status, int))
{
    FILE *data = fopen(path, "r");
    if (!data)
        return -1;
    bd_grid puzzle;
    int optimum, count = 0;
    for (; tu_next_optimum(data, &puzzle, &optimum); count++)
        check(&puzzle, optimum < 0 ? BD_NO_SOLUTION : BD_OK, optimum);
    fclose(data);
    return count;
}
