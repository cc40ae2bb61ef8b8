/*
 * benchrand.c - see benchrand.h. splitmix64 adds a fixed odd increment
 * (the golden ratio in 64 bits) to the state and scrambles the sum with two
 * xor-shift-multiply rounds and a final xor-shift; each state value gives
 * one output.
 */
#include "benchrand.h"

#include <stdbool.h>

uint64_t bench_rand(uint64_t *state)
{
    *state += 0x9E3779B97F4A7C15ull;
    uint64_t mixed = *state;
    mixed = (mixed ^ (mixed >> 30)) * 0xBF58476D1CE4E5B9ull;
    mixed = (mixed ^ (mixed >> 27)) * 0x94D049BB133111EBull;
    return mixed ^ (mixed >> 31);
}

int bench_below(uint64_t *state, int n)
{
    return (int)(bench_rand(state) % (uint64_t)n);
}

void bench_shuffle(uint64_t *state, int *items, int n)
{
    for (int last = n - 1; last > 0; last--) {
        int pick = bench_below(state, last + 1);
        int item = items[pick];
        items[pick] = items[last];
        items[last] = item;
    }
}

/* Fills line_of[0..9) with a permutation of the lines 0..8 that keeps the
 * three bands whole: the bands shuffled, then the three lines of each. */
static void shuffle_lines(uint64_t *state, int line_of[BD_SIZE])
{
    int band_of[BD_BOX] = {0, 1, 2};
    bench_shuffle(state, band_of, BD_BOX);
    for (int band = 0; band < BD_BOX; band++) {
        int within[BD_BOX] = {0, 1, 2};
        bench_shuffle(state, within, BD_BOX);
        for (int k = 0; k < BD_BOX; k++)
            line_of[band * BD_BOX + k] = band_of[band] * BD_BOX + within[k];
    }
}

/* The digit index (0..8) of the pattern grid at (row, col). */
static int pattern(int row, int col)
{
    return (BD_BOX * row + row / BD_BOX + col) % BD_SIZE;
}

void bench_random_full(uint64_t *state, bd_grid *grid)
{
    int label[BD_SIZE], row_of[BD_SIZE], col_of[BD_SIZE];
    for (int i = 0; i < BD_SIZE; i++)
        label[i] = i + 1;
    bench_shuffle(state, label, BD_SIZE);
    shuffle_lines(state, row_of);
    shuffle_lines(state, col_of);
    bool transposed = bench_below(state, 2) == 1;
    for (int row = 0; row < BD_SIZE; row++)
        for (int col = 0; col < BD_SIZE; col++) {
            int at = transposed ? pattern(col_of[col], row_of[row])
                                : pattern(row_of[row], col_of[col]);
            grid->cells[row * BD_SIZE + col] = (uint8_t)label[at];
        }
}
