/*
 * intersections.c - SE's Locking producer: pointing (a box's digit whose
 * places all lie on one line: the line's other cells lose it, 2.6) and
 * claiming (a line's digit whose places all lie in one box: the box's other
 * cells lose it, 2.8); and, in direct mode, SE's direct pointing (1.7) and
 * direct claiming (1.9): the lock leaves a hidden single in another unit of
 * the locked unit's kind, crossing the other unit, which is placed (and
 * nothing removed).
 *
 * SE's order: the pairs (box, column), (box, row), (column, box), (row,
 * box); for each, the first unit 0..8, the second 0..8 (those that cross),
 * the digits 1..9; in direct mode, for each lock the third units 0..8.
 * A digit with one place in the first unit is a hidden single, not a lock.
 */
#include "human.h"

typedef struct kinds {
    int first, second;
} kinds;

static const kinds LOCK_KINDS[] = {
    {UNIT_BOX, UNIT_COL}, {UNIT_BOX, UNIT_ROW}, {UNIT_COL, UNIT_BOX}, {UNIT_ROW, UNIT_BOX}};

/* The positions in unit `unit` of its cells that are in unit `other`, a
 * unit that crosses it (a box and a line). */
static unsigned cross_places(int unit, int other)
{
    int kind = unit / BD_SIZE, index = other % BD_SIZE;
    if (kind == UNIT_BOX)
        return other / BD_SIZE == UNIT_ROW ? 7u << BD_BOX * (index % BD_BOX)
                                           : 0x49u << index % BD_BOX;
    return kind == UNIT_ROW ? 7u << BD_BOX * (index % BD_BOX) : 7u << BD_BOX * (index / BD_BOX);
}

/* True when `cell` is in unit `unit`. */
static bool in_unit(int unit, int cell)
{
    return unit_at(unit / BD_SIZE, cell) == unit;
}

/* The pattern of a lock: the digit in the first unit, both units. */
static void mark_lock(const bdi_state *st, int first, int second, int digit, bdi_step *s)
{
    s->unit = first;
    s->unit2 = second;
    s->digits = digit_bit(digit);
    s->units = 1u << first | 1u << second;
    for (int pos = 0; pos < BD_SIZE; pos++) {
        int cell = unit_cell_of(first, pos);
        if (st->cand[cell] & digit_bit(digit)) {
            step_mark(s, cell, digit_bit(digit));
            if (s->cell_count < STEP_CELLS)
                s->cells[s->cell_count++] = (uint8_t)cell;
        }
    }
}

/* A lock of `digit` in `first` on `second`: its removals; worth it? */
static bool lock_hint(const bdi_state *st, int first, int second, int digit, bdi_step *s)
{
    if (!(unit_places(st, second, digit) & ~cross_places(second, first)))
        return false;   /* the second unit holds the digit nowhere else */
    bool box_first = first / BD_SIZE == UNIT_BOX;
    bdi_step_start(s, box_first ? BD_TECH_POINTING : BD_TECH_CLAIMING, box_first ? 2.6 : 2.8);
    for (int pos = 0; pos < BD_SIZE; pos++) {
        int cell = unit_cell_of(second, pos);
        if (!in_unit(first, cell) && (st->cand[cell] & digit_bit(digit)))
            step_remove(s, cell, digit_bit(digit));
    }
    if (!bdi_step_worth(s))
        return false;
    mark_lock(st, first, second, digit, s);
    return true;
}

/* The three units of `kind` that cross unit `other` (a box and a line),
 * by increasing index, into `index`. */
static void crossing_units(int kind, int other, int index[3])
{
    int at = other % BD_SIZE, other_kind = other / BD_SIZE;
    for (int i = 0; i < BD_BOX; i++) {
        if (kind == UNIT_BOX)   /* the boxes along a row or a column */
            index[i] = other_kind == UNIT_ROW ? at / BD_BOX * BD_BOX + i : i * BD_BOX + at / BD_BOX;
        else   /* the rows or columns through a box */
            index[i] = (kind == UNIT_ROW ? at / BD_BOX : at % BD_BOX) * BD_BOX + i;
    }
}

/* Direct mode: the first unit of the first unit's kind, other than it and
 * crossing `second`, where the lock leaves one place for `digit`. */
static bool direct_hint(const bdi_state *st, int first, int second, int digit, bdi_step *s)
{
    int kind = first / BD_SIZE;
    int index[BD_BOX];
    crossing_units(kind, second, index);
    for (int i = 0; i < BD_BOX; i++) {
        int third = unit_number(kind, index[i]);
        if (third == first)
            continue;
        unsigned places = unit_places(st, third, digit);
        if (digit_count(places) <= 1)
            continue;
        unsigned left = places & ~cross_places(third, second);
        if (!left || (left & (left - 1u)))
            continue;
        int left_cell = unit_cell_of(third, bit_digit(left) - 1);
        bool box_first = kind == UNIT_BOX;
        bdi_step_start(s, box_first ? BD_TECH_DIRECT_POINTING : BD_TECH_DIRECT_CLAIMING,
                       box_first ? 1.7 : 1.9);
        s->cell = left_cell;
        s->digit = digit;
        mark_lock(st, first, second, digit, s);
        s->units |= 1u << third;
        s->extra[0] = (uint8_t)third;   /* the unit of the hidden single */
        s->extra_count = 1;
        step_mark(s, left_cell, digit_bit(digit));
        return true;
    }
    return false;
}

/* The thirds of a unit that positions `places` fall in, a bit each
 * (0..2): a box's columns (`box_columns`) or rows, or a line's boxes. */
static unsigned thirds(unsigned places, bool box_columns)
{
    if (box_columns)
        return (places | places >> BD_BOX | places >> 2 * BD_BOX) & 7u;
    return (places & 7u ? 1u : 0u) | (places & 070u ? 2u : 0u) | (places & 0700u ? 4u : 0u);
}

/* The index of the unit of `second_kind` crossing unit `first` that holds
 * all of `places` (positions in `first`), or -1. */
static int lock_second(int first, int second_kind, unsigned places)
{
    int kind = first / BD_SIZE, index = first % BD_SIZE;
    unsigned t = thirds(places, kind == UNIT_BOX && second_kind == UNIT_COL);
    if (t & (t - 1u))
        return -1;
    int third = bit_digit(t) - 1;
    if (kind == UNIT_BOX)
        return second_kind == UNIT_COL ? index % BD_BOX * BD_BOX + third
                                       : index / BD_BOX * BD_BOX + third;
    return kind == UNIT_ROW ? index / BD_BOX * BD_BOX + third : third * BD_BOX + index / BD_BOX;
}

/* The locks in SE's order (first unit, second unit, digit); each hint
 * goes to `each` (NULL: stop at the first). A digit of two or more places
 * in the first unit is locked in the one crossing unit holding them all,
 * if any: the second units are found from the places, then taken in
 * order, each with its locked digits in order. */
static bool locking(const bdi_state *st, bool direct, bdi_hint_fn each, void *context,
                    bdi_step *s)
{
    for (size_t k = 0; k < sizeof LOCK_KINDS / sizeof LOCK_KINDS[0]; k++) {
        int first_kind = LOCK_KINDS[k].first, second_kind = LOCK_KINDS[k].second;
        for (int i1 = 0; i1 < BD_SIZE; i1++) {
            int first = unit_number(first_kind, i1);
            unsigned digits_of[BD_SIZE];
            unsigned seconds = 0;
            for (int digit = 1; digit <= BD_SIZE; digit++) {
                unsigned places = unit_places(st, first, digit);
                if (!(places & (places - 1u)))
                    continue;   /* none, or a single: not a lock */
                int i2 = lock_second(first, second_kind, places);
                if (i2 < 0)
                    continue;
                if (!(seconds >> i2 & 1u)) {
                    seconds |= 1u << i2;
                    digits_of[i2] = 0;
                }
                digits_of[i2] |= digit_bit(digit);
            }
            for (; seconds; seconds &= seconds - 1u) {
                int i2 = bit_digit(seconds) - 1, second = unit_number(second_kind, i2);
                for (unsigned ds = digits_of[i2]; ds; ds &= ds - 1u) {
                    int digit = bit_digit(ds);
                    if ((direct ? direct_hint(st, first, second, digit, s)
                                : lock_hint(st, first, second, digit, s))
                        && (!each || each(s, context)))
                        return true;
                }
            }
        }
    }
    return false;
}

bool bdi_locking(const bdi_state *st, bool direct, bdi_step *s)
{
    return locking(st, direct, NULL, NULL, s);
}

bool bdi_locking_each(const bdi_state *st, bdi_hint_fn each, void *context, bdi_step *s)
{
    return locking(st, false, each, context, s);
}
