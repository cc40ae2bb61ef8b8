/*
 * generate.h - what the generator (generate.c, bd_generate) draws its
 * random numbers from (random.c).
 */
#ifndef BITDOKU_GENERATE_H
#define BITDOKU_GENERATE_H

#include <stdint.h>

/*
 * Pseudo-random numbers (random.c): splitmix64, the same on every machine.
 * A stream is named by a seed and a stream index.
 */
typedef struct bdi_rng {
    uint64_t state;
} bdi_rng;

/* Starts the stream named by `seed` and `stream`. */
void bdi_rng_init(bdi_rng *rng, uint64_t seed, uint64_t stream);

/* The next 64-bit number of the stream. */
uint64_t bdi_rng_next(bdi_rng *rng);

/* A number in [0, n), each equally likely (n >= 1). */
int bdi_rng_below(bdi_rng *rng, int n);

/* Shuffles items[0..n) (Fisher-Yates, from the last item down). */
void bdi_rng_shuffle(bdi_rng *rng, int *items, int n);

#endif /* BITDOKU_GENERATE_H */
