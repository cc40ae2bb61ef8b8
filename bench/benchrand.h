/*
 * benchrand.h - the seeded random stream of the set generators
 * (gen_target, gen_adversarial, target_sweep): splitmix64, with a uniform
 * draw below n, a Fisher-Yates shuffle and a random full grid made by
 * symmetry. The same seed gives the same numbers on every machine, so a
 * set written from a documented seed is the same set everywhere. Any
 * change to the order or number of draws here changes every generated set:
 * the sets under puzzles/target/ must then still come out byte for byte.
 */
#ifndef BENCHRAND_H
#define BENCHRAND_H

#include "bitdoku.h"

#include <stdint.h>

/* The next number of the splitmix64 sequence whose position is *state. */
uint64_t bench_rand(uint64_t *state);

/* An integer in [0, n), n > 0: the next number modulo n (one draw). */
int bench_below(uint64_t *state, int n);

/* Puts items[0..n) in random order: for i from n-1 down to 1, swaps item i
 * with item bench_below(i + 1) (n - 1 draws). */
void bench_shuffle(uint64_t *state, int *items, int n);

/*
 * A random valid full grid: the fixed pattern grid whose row r holds
 * 1..9 shifted left by 3*(r%3) + r/3, under, in this order of draws, a
 * relabelling of the digits, a permutation of the rows that keeps bands
 * together (bands first, then the lines of each band), the same for the
 * columns, and a transposition with probability 1/2.
 */
void bench_random_full(uint64_t *state, bd_grid *grid);

#endif
