/*
 * gen_target.c - writes the target-sudoku benchmark sets.
 *
 * Each puzzle: a random full grid (backtracking over the cells in order,
 * trying the digits in a freshly shuffled order at every cell), then all but
 * N cells cleared, the kept cells chosen uniformly at random. The random
 * numbers come from splitmix64 (benchrand.c) with a fixed seed, so the sets are the same
 * on every machine. One 81-character line per puzzle, '.' for a blank.
 *
 * Usage: gen_target DIR  (writes DIR/target_NN.txt, see SETS below)
 *        gen_target -s SEED COUNT MIN_GIVENS MAX_GIVENS FILE
 *        (one set: COUNT puzzles, MIN..MAX givens uniform, from SEED; e.g.
 *        10,000 P1074-style puzzles for timing the command line)
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchrand.h"   /* splitmix64: bench_below, bench_shuffle */

enum { SIZE = 9, CELLS = 81 };

typedef struct set {
    const char *name;
    int count;
    int min_givens, max_givens;
} set;

static const set SETS[] = {
    {"p1074", 100, 24, 35},   /* NOIP / Luogu P1074 style */
    {"30", 100, 30, 30},
    {"25", 100, 25, 25},
    {"20", 100, 20, 20},
    {"17", 100, 17, 17},
    {"10", 100, 10, 10},
    {"05", 100, 5, 5},
    {"00", 1, 0, 0},
    {"stress", 2000, 0, 22},
};

static const uint64_t SEED = 1074;

static bool fits(const int *cells, int cell, int digit)
{
    int r = cell / SIZE, c = cell % SIZE, br = r / 3 * 3, bc = c / 3 * 3;
    for (int i = 0; i < SIZE; i++)
        if (cells[r * SIZE + i] == digit || cells[i * SIZE + c] == digit
            || cells[(br + i / 3) * SIZE + bc + i % 3] == digit)
            return false;
    return true;
}

/* Fills cells[cell..] with shuffled digit orders; false on a dead end. */
static bool fill(uint64_t *state, int *cells, int cell)
{
    if (cell == CELLS)
        return true;
    int digits[SIZE] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    bench_shuffle(state, digits, SIZE);
    for (int i = 0; i < SIZE; i++) {
        if (!fits(cells, cell, digits[i]))
            continue;
        cells[cell] = digits[i];
        if (fill(state, cells, cell + 1))
            return true;
        cells[cell] = 0;
    }
    return false;
}

static void write_puzzle(uint64_t *state, int givens, FILE *out)
{
    int cells[CELLS] = {0}, order[CELLS];
    fill(state, cells, 0);
    for (int i = 0; i < CELLS; i++)
        order[i] = i;
    bench_shuffle(state, order, CELLS);
    for (int i = givens; i < CELLS; i++)
        cells[order[i]] = 0;
    for (int i = 0; i < CELLS; i++)
        fputc(cells[i] ? '0' + cells[i] : '.', out);
    fputc('\n', out);
}

/* Writes COUNT puzzles with min..max givens (uniform) to path; 0 or 1. */
static int write_set(const char *path, uint64_t *state, int count, int min_givens,
                     int max_givens)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        perror(path);
        return 1;
    }
    int span = max_givens - min_givens + 1;
    for (int i = 0; i < count; i++)
        write_puzzle(state, min_givens + bench_below(state, span), out);
    if (fclose(out) != 0) {
        perror(path);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 7 && strcmp(argv[1], "-s") == 0) {
        uint64_t state = strtoull(argv[2], NULL, 10);
        int count = atoi(argv[3]), min_givens = atoi(argv[4]), max_givens = atoi(argv[5]);
        if (count < 1 || min_givens < 0 || max_givens > CELLS || min_givens > max_givens) {
            fprintf(stderr, "gen_target: bad COUNT or givens\n");
            return 2;
        }
        return write_set(argv[6], &state, count, min_givens, max_givens);
    }
    if (argc != 2) {
        fprintf(stderr, "usage: gen_target DIR\n"
                        "       gen_target -s SEED COUNT MIN_GIVENS MAX_GIVENS FILE\n");
        return 2;
    }
    uint64_t state = SEED;
    for (size_t s = 0; s < sizeof SETS / sizeof SETS[0]; s++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/target_%s.txt", argv[1], SETS[s].name);
        if (write_set(path, &state, SETS[s].count, SETS[s].min_givens, SETS[s].max_givens))
            return 1;
    }
    return 0;
}
