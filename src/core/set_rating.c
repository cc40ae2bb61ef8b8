/*
 * set_rating.c - the table of the set patterns: for each pattern and
 * degree 2..4 its technique and SE's difficulty (Sudoku Explainer's
 * NakedSet, HiddenSet and Fisherman ratings).
 */
#include "core/set_rating.h"

#include <assert.h>

/* One pattern of one degree. */
typedef struct set_rating {
    bd_technique technique;
    double difficulty;
} set_rating;

static const set_rating RATINGS[SET_PATTERNS][SET_DEGREE_MAX - SET_DEGREE_MIN + 1] = {
    [SET_NAKED] = {{BD_TECH_NAKED_PAIR, 3.0}, {BD_TECH_NAKED_TRIPLE, 3.6},
                   {BD_TECH_NAKED_QUAD, 5.0}},
    [SET_HIDDEN] = {{BD_TECH_HIDDEN_PAIR, 3.4}, {BD_TECH_HIDDEN_TRIPLE, 4.0},
                    {BD_TECH_HIDDEN_QUAD, 5.4}},
    [SET_FISH] = {{BD_TECH_X_WING, 3.2}, {BD_TECH_SWORDFISH, 3.8}, {BD_TECH_JELLYFISH, 5.2}},
};

/* The row of `pattern` and `degree`; both must be in range. */
static const set_rating *rating_of(set_pattern pattern, int degree)
{
    assert(pattern >= 0 && pattern < SET_PATTERNS);
    assert(degree >= SET_DEGREE_MIN && degree <= SET_DEGREE_MAX);
    return &RATINGS[pattern][degree - SET_DEGREE_MIN];
}

bd_technique set_technique(set_pattern pattern, int degree)
{
    return rating_of(pattern, degree)->technique;
}

double set_difficulty(set_pattern pattern, int degree)
{
    return rating_of(pattern, degree)->difficulty;
}
