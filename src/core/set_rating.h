/*
 * set_rating.h - SE's technique and difficulty of the set patterns (naked
 * and hidden sets, basic fish) by their degree, one table read by the 9x9
 * producers (human/subsets.c, human/fish.c) and those of the other sizes
 * (nxn/subsets.c, nxn/fish.c), so that both rate a pattern alike.
 */
#ifndef BITDOKU_SET_RATING_H
#define BITDOKU_SET_RATING_H

#include "bitdoku.h"

/* The patterns rated by degree. */
typedef enum set_pattern {
    SET_NAKED,      /* naked pair, triplet, quad: 3.0, 3.6, 5.0 */
    SET_HIDDEN,     /* hidden pair, triplet, quad: 3.4, 4.0, 5.4 */
    SET_FISH,       /* X-wing, swordfish, jellyfish: 3.2, 3.8, 5.2 */
    SET_PATTERNS
} set_pattern;

enum { SET_DEGREE_MIN = 2, SET_DEGREE_MAX = 4 };

/* The technique of `pattern` with `degree` (SET_DEGREE_MIN..MAX) members. */
bd_technique set_technique(set_pattern pattern, int degree);

/* SE's difficulty of `pattern` with `degree` (SET_DEGREE_MIN..MAX)
 * members. */
double set_difficulty(set_pattern pattern, int degree);

#endif
