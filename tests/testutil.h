/*
 * testutil.h - helpers shared by the unit tests: grids from strings, a
 * seeded random generator, random grids and puzzles made by symmetry (not
 * by the solver under test), and a naive reference solver.
 */
#ifndef BITDOKU_TESTUTIL_H
#define BITDOKU_TESTUTIL_H

#include "bitdoku.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Reads 81 cells ('1'-'9', '0' or '.'; anything else is skipped) from `text`
 * into `grid`; false if there are not exactly 81. */
bool tu_grid(const char *text, bd_grid *grid);

/* splitmix64: the next pseudo-random number of the sequence in *state. */
uint64_t tu_rand(uint64_t *state);

/* A uniform integer in [0, n). */
int tu_below(uint64_t *state, int n);

/* Shuffles items[0..n) (Fisher-Yates). */
void tu_shuffle(uint64_t *state, int *items, int n);

/* A random valid full grid: a fixed pattern grid under random relabelling,
 * row/column permutations within bands/stacks, band/stack permutations and
 * transposition. */
void tu_random_full(uint64_t *state, bd_grid *grid);

/* A random full grid with `blanks` cells (chosen at random) cleared. */
void tu_random_puzzle(uint64_t *state, int blanks, bd_grid *puzzle);

/* The naive reference: tries digits 1..9 cell by cell in index order,
 * checking each placement by scanning its row, column and box. Counts
 * solutions up to `limit` (0: none) and finds the maximum target score
 * (-1 when there is no solution). Meant for puzzles with few blanks. */
void tu_naive(const bd_grid *puzzle, uint64_t limit, uint64_t *count,
              int *max_score);

/* The next record of a file of known target optima (tests/data/
 * target_mip.txt: '#' comments, then lines of 81 cells, a space and the
 * optimum, -1 for none): false at the end of the file. */
bool tu_next_optimum(FILE *data, bd_grid *puzzle, int *optimum);

/* Calls `check` on each record of the file of known optima at `path`: the
 * puzzle, the status expected of an optimizer (BD_NO_SOLUTION where the
 * optimum is -1, else BD_OK) and the optimum. How many records; -1 when
 * the file cannot be opened. */
int tu_each_optimum(const char *path, void (*check)(const bd_grid *, bd_status, int));

#endif
