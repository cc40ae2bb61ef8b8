/*
 * random.c - the library's pseudo-random numbers: splitmix64 (Steele, Lea
 * and Flood, "Fast splittable pseudorandom number generators", OOPSLA
 * 2014, with the constants of Vigna's public-domain reference code). The
 * state is one 64-bit word advanced by the golden-ratio increment
 * 0x9E3779B97F4A7C15; each output is the state put through a fixed
 * bijective mix (xor-shift 30, multiply, xor-shift 27, multiply,
 * xor-shift 31).
 *
 * Everything here is 64-bit integer arithmetic, so a stream is the same on
 * every machine and with every compiler. A stream is named by two numbers,
 * a seed and a stream index (bd_generate: the puzzle's index), and starts
 * from the state mix(seed ^ mix(index + increment)): nearby seeds and
 * indices give unrelated streams. Numbers below n are drawn by rejection,
 * so that each of the n values is exactly equally likely. It calls
 * nothing of the library.
 */
#include "generate.h"

/* The state's increment: 2^64 divided by the golden ratio, made odd. */
static const uint64_t GOLDEN = 0x9E3779B97F4A7C15u;

/* splitmix64's output function: a bijection of 64-bit words. */
static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void bdi_rng_init(bdi_rng *rng, uint64_t seed, uint64_t stream)
{
    rng->state = mix(seed ^ mix(stream + GOLDEN));
}

uint64_t bdi_rng_next(bdi_rng *rng)
{
    rng->state += GOLDEN;
    return mix(rng->state);
}

int bdi_rng_below(bdi_rng *rng, int n)
{
    uint64_t range = (uint64_t)n;
    /* The largest multiple of n that fits: values at or above it would
     * make the low residues likelier. */
    uint64_t fair = UINT64_MAX - UINT64_MAX % range;
    uint64_t value;
    do
        value = bdi_rng_next(rng);
    while (value >= fair);
    return (int)(value % range);
}

void bdi_rng_shuffle(bdi_rng *rng, int *items, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = bdi_rng_below(rng, i + 1);
        int item = items[i];
        items[i] = items[j];
        items[j] = item;
    }
}
