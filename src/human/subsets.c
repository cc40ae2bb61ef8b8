/*
 * subsets.c - SE's NakedSet and HiddenSet producers.
 *
 * A naked set: `degree` cells of a unit, each with two or more candidates,
 * holding exactly `degree` digits between them; the unit's other cells lose
 * those digits (pair 3.0, triplet 3.6, quad 5.0). Looked for only in units
 * with at least 2 * degree empty cells. A hidden set: `degree` digits, each
 * with two or more places in a unit, whose places are exactly `degree`
 * cells; those cells lose their other digits (pair 3.4, triplet 4.0, quad
 * 5.4), in units with more than 2 * degree empty cells. A direct hidden
 * set (pair 2.0, triplet 2.5; units with more than `degree` empty cells)
 * is one that leaves another digit of the unit, which had two or more
 * places, with one place outside the set: that digit is placed there, and
 * nothing else is done.
 *
 * SE's order: boxes, then columns, then rows, each 0..8; in a unit, the
 * sets of positions (naked) or of digits (hidden) as nine-bit masks with
 * `degree` bits in increasing order (Gosper's next combination, as SE's
 * Permutations), only members with two to `degree` candidates (places)
 * combined, which keeps that order; for a direct hidden set, the first
 * digit 1..9 it leaves single. The sets are walked in that order by their
 * highest member, then the next, and so on (bdi_tight_sets), a member that
 * makes the union too big cutting every set holding it with those above.
 *
 * On the path (bdi_naked_set, bdi_hidden_set with a record), a unit where
 * a search found nothing is kept with its places and filled cells; the
 * search passes over it while it has them (a unit's sets, their hints
 * and whether they are worth it read only its cells' candidates, which
 * its places give, and its number of empty cells).
 */
#include "human.h"
#include "core/set_rating.h"

#include <string.h>

static const int SET_KINDS[UNIT_KINDS] = {UNIT_BOX, UNIT_COL, UNIT_ROW};

static const bd_technique DIRECT_TECH[4] = {0, 0, BD_TECH_DIRECT_HIDDEN_PAIR,
                                            BD_TECH_DIRECT_HIDDEN_TRIPLE};
static const double DIRECT_DIFFICULTY[4] = {0, 0, 2.0, 2.5};

/* The record's slot of a search: naked sets 0..2, hidden 3..5, direct
 * hidden 6..7, by degree. */
static int memo_kind(bool hidden, bool direct, int degree)
{
    return direct ? 4 + degree : hidden ? 1 + degree : degree - 2;
}

/* True when the record `memo` (NULL: none) keeps `unit` of `st` for the
 * search `kind`, as it is now. */
static bool unit_idle(const bdi_sets_memo *memo, int kind, const bdi_state *st, int unit)
{
    return memo && (memo->known[kind] >> unit & 1u) &&
           memo->key[kind][unit][BD_SIZE] == st->filled[unit] &&
           !memcmp(memo->key[kind][unit], st->places[unit], sizeof st->places[unit]);
}

/* Keeps `unit` of `st` in the record `memo` (NULL: none) for the search
 * `kind`, which found nothing there. */
static void unit_keep(bdi_sets_memo *memo, int kind, const bdi_state *st, int unit)
{
    if (!memo)
        return;
    memcpy(memo->key[kind][unit], st->places[unit], sizeof st->places[unit]);
    memo->key[kind][unit][BD_SIZE] = st->filled[unit];
    memo->known[kind] |= 1u << unit;
}

/* The indexes i of masks[0..8] with two to `degree` bits: the members a
 * set of `degree` can have (SE's searchCommonTuple refuses a member of
 * fewer than two; one of more than `degree` makes the union too big). */
static unsigned usable(const uint16_t *masks, int degree)
{
    unsigned members = 0;
    for (int i = 0; i < BD_SIZE; i++) {
        unsigned count = (unsigned)digit_count(masks[i]);
        members |= (unsigned)(count - 2u <= (unsigned)degree - 2u) << i;
    }
    return members;
}

/* The union of masks[i] for the bits i of `set`. */
static unsigned set_union(const uint16_t *masks, unsigned set)
{
    unsigned uni = 0;
    for (; set; set &= set - 1u)
        uni |= masks[bit_digit(set) - 1];
    return uni;
}

int bdi_tight_sets(const uint16_t *masks, int degree, unsigned *out)
{
    int n = 0;
    if (degree == 2) {   /* masks of two bits make a union of two when equal */
        unsigned seen = 0;
        for (int i = 0; i < BD_SIZE; i++) {
            unsigned mask = masks[i];
            if (digit_count(mask) != 2)
                continue;
            for (unsigned low = seen; low; low &= low - 1u)
                if (masks[bit_digit(low) - 1] == mask)
                    out[n++] = 1u << i | (low & -low);
            seen |= 1u << i;
        }
        return n;
    }
    unsigned members = usable(masks, degree);
    /* depth first, the highest member taken first: at depth k, pool[k]
     * the members still to try below those taken (taken[k], whose masks'
     * union is uni[k]) */
    unsigned pool[SET_DEGREE_MAX], uni[SET_DEGREE_MAX], taken[SET_DEGREE_MAX];
    pool[0] = members;
    uni[0] = taken[0] = 0;
    for (int k = 0; k >= 0;) {
        if (!pool[k]) {
            k--;
            continue;
        }
        unsigned bit = pool[k] & -pool[k];
        pool[k] &= pool[k] - 1u;
        unsigned grown = uni[k] | masks[bit_digit(bit) - 1];
        int count = digit_count(grown);
        if (count > degree)
            continue;   /* and every set holding the members taken with it */
        if (k + 1 == degree) {
            if (count == degree)
                out[n++] = taken[k] | bit;
        } else if (digit_count(members & (bit - 1u)) >= degree - k - 1) {
            pool[k + 1] = members & (bit - 1u);
            uni[k + 1] = grown;
            taken[k + 1] = taken[k] | bit;
            k++;
        }
    }
    return n;
}

/* The pattern of a set: its cells (positions `positions` of `unit`) with
 * its digits. */
static void mark_set(int unit, unsigned positions, unsigned digits, bdi_step *s)
{
    s->unit = unit;
    s->digits = digits;
    s->units = 1u << unit;
    for (unsigned rest = positions; rest; rest &= rest - 1u) {
        int cell = unit_cell_of(unit, bit_digit(rest) - 1);
        s->cells[s->cell_count++] = (uint8_t)cell;
        step_mark(s, cell, digits);
    }
}

/* The naked sets in SE's order, in the units `units` (bit u for unit
 * u); each hint goes to `each` (NULL: stop at the first). */
static bool naked_sets(const bdi_state *st, int degree, uint32_t units, bdi_sets_memo *memo,
                       bdi_hint_fn each, void *context, bdi_step *s)
{
    int kind = memo_kind(false, false, degree);
    for (int k = 0; k < UNIT_KINDS; k++)
        for (int index = 0; index < BD_SIZE; index++) {
            int unit = unit_number(SET_KINDS[k], index);
            if (!(units >> unit & 1u) || unit_empty_count(st, unit) < degree * 2
                || unit_idle(memo, kind, st, unit))
                continue;   /* not asked; too few empty cells; or as it was */
            uint16_t cand[BD_SIZE];
            for (int pos = 0; pos < BD_SIZE; pos++)
                cand[pos] = st->cand[unit_cell_of(unit, pos)];
            /* the sets of `degree` cells, by increasing position mask */
            unsigned sets[TIGHT_SETS_MAX];
            int count = bdi_tight_sets(cand, degree, sets);
            for (int i = 0; i < count; i++) {
                unsigned set = sets[i], digits = set_union(cand, set);
                bool removes = false;
                for (int pos = 0; pos < BD_SIZE; pos++)
                    removes |= !(set >> pos & 1u) && (cand[pos] & digits);
                if (!removes)
                    continue;   /* not worth it */
                bdi_step_start(s, set_technique(SET_NAKED, degree),
                               set_difficulty(SET_NAKED, degree));
                for (int pos = 0; pos < BD_SIZE; pos++)
                    if (!(set >> pos & 1u) && (cand[pos] & digits))
                        step_remove(s, unit_cell_of(unit, pos), cand[pos] & digits);
                mark_set(unit, set, digits, s);
                if (!each || each(s, context))
                    return true;
            }
            unit_keep(memo, kind, st, unit);
        }
    return false;
}

bool bdi_naked_set_each(const bdi_state *st, int degree, uint32_t units, bdi_hint_fn each,
                        void *context, bdi_step *s)
{
    return naked_sets(st, degree, units, NULL, each, context, s);
}

/* Direct mode: the first digit outside `digits` with two or more places in
 * the unit, one of them outside `positions`; its cell, or -1. */
static int left_single(const uint16_t *places, unsigned digits, unsigned positions,
                       int unit, int *digit)
{
    for (int d = 1; d <= BD_SIZE; d++) {
        if ((digits & digit_bit(d)) || digit_count(places[d - 1]) <= 1)
            continue;
        unsigned outside = places[d - 1] & ~positions;
        if (digit_count(outside) == 1) {
            *digit = d;
            return unit_cell_of(unit, bit_digit(outside) - 1);
        }
    }
    return -1;
}

/* The hidden set of `digits` on `positions` of `unit`, as a step: false
 * when SE would not make it a hint (not worth it, or in direct mode no
 * digit left single). */
static bool hidden_hint(const bdi_state *st, int unit, int degree, bool direct,
                        const uint16_t *places, unsigned digits, unsigned positions,
                        bdi_step *s)
{
    if (direct) {
        int digit, cell = left_single(places, digits, positions, unit, &digit);
        if (cell < 0)
            return false;
        bdi_step_start(s, DIRECT_TECH[degree], DIRECT_DIFFICULTY[degree]);
        s->cell = cell;
        s->digit = digit;
        mark_set(unit, positions, digits, s);
        step_mark(s, cell, digit_bit(digit));
        return true;
    }
    unsigned others = 0;
    for (unsigned rest = positions; rest; rest &= rest - 1u)
        others |= st->cand[unit_cell_of(unit, bit_digit(rest) - 1)] & ~digits;
    if (!others)
        return false;   /* not worth it */
    bdi_step_start(s, set_technique(SET_HIDDEN, degree), set_difficulty(SET_HIDDEN, degree));
    for (unsigned rest = positions; rest; rest &= rest - 1u) {
        int cell = unit_cell_of(unit, bit_digit(rest) - 1);
        if (st->cand[cell] & ~digits)
            step_remove(s, cell, st->cand[cell] & ~digits);
    }
    mark_set(unit, positions, digits, s);
    return true;
}

/* The hidden sets in SE's order, in the units `units` (bit u for unit
 * u); each hint goes to `each` (NULL: stop at the first). */
static bool hidden_sets(const bdi_state *st, int degree, bool direct, uint32_t units,
                        bdi_sets_memo *memo, bdi_hint_fn each, void *context, bdi_step *s)
{
    int kind = memo_kind(true, direct, degree);
    for (int k = 0; k < UNIT_KINDS; k++)
        for (int index = 0; index < BD_SIZE; index++) {
            int unit = unit_number(SET_KINDS[k], index);
            int empty = unit_empty_count(st, unit);
            if (!(units >> unit & 1u) || !(empty > degree * 2 || (direct && empty > degree))
                || unit_idle(memo, kind, st, unit))
                continue;
            const uint16_t *places = st->places[unit];   /* of digit d at d - 1 */
            /* the sets of `degree` digits, by increasing digit mask */
            unsigned sets[TIGHT_SETS_MAX];
            int count = bdi_tight_sets(places, degree, sets);
            for (int i = 0; i < count; i++) {
                unsigned set = sets[i], positions = set_union(places, set);
                /* set: bit d-1 for digit d, as a digit mask */
                if (hidden_hint(st, unit, degree, direct, places, set, positions, s)
                    && (!each || each(s, context)))
                    return true;
            }
            unit_keep(memo, kind, st, unit);
        }
    return false;
}

bool bdi_naked_set(const bdi_state *st, int degree, bdi_sets_memo *memo, bdi_step *s)
{
    return naked_sets(st, degree, ALL_UNITS, memo, NULL, NULL, s);
}

bool bdi_hidden_set(const bdi_state *st, int degree, bool direct, bdi_sets_memo *memo,
                    bdi_step *s)
{
    return hidden_sets(st, degree, direct, ALL_UNITS, memo, NULL, NULL, s);
}

bool bdi_hidden_set_each(const bdi_state *st, int degree, uint32_t units, bdi_hint_fn each,
                         void *context, bdi_step *s)
{
    return hidden_sets(st, degree, false, units, NULL, each, context, s);
}
