/*
 * singles.c - SE's HiddenSingle and NakedSingle producers.
 *
 * HiddenSingle looks first for full houses (a unit with one empty cell:
 * SE's "alone" hidden single, 1.0), in the boxes, then the columns, then
 * the rows, each 0..8; then for hidden singles (a digit with one place in
 * a unit of two or more empty cells), boxes first (1.2), then columns and
 * rows (1.5). In a unit, digits go 1..9; the first found is the hint. A
 * unit's digits with exactly one place are found in one pass over its nine
 * cells: "seen once" and "seen twice or more" masks of candidates.
 * NakedSingle takes the first cell, row by row, with one candidate (2.3).
 */
#include "human.h"

static const int SINGLE_KINDS[UNIT_KINDS] = {UNIT_BOX, UNIT_COL, UNIT_ROW};

/* The digits with exactly one place in unit `unit`; *empty gets the number
 * of its empty cells. */
static unsigned lone_digits(const bdi_state *st, int unit, int *empty)
{
    unsigned once = 0, twice = 0;
    int count = 0;
    for (int pos = 0; pos < BD_SIZE; pos++) {
        int cell = unit_cell_of(unit, pos);
        unsigned cand = st->cand[cell];
        count += st->value[cell] == 0;
        twice |= once & cand;
        once |= cand;
    }
    *empty = count;
    return once & ~twice;
}

/* The cell of unit `unit` that holds candidate `digit` (its only place). */
static int place_of(const bdi_state *st, int unit, int digit)
{
    for (int pos = 0;; pos++) {
        int cell = unit_cell_of(unit, pos);
        if (st->cand[cell] & digit_bit(digit))
            return cell;
    }
}

/* The first single of one pass: full houses (`alone`) or hidden singles. */
static bool single_pass(const bdi_state *st, bool alone, bdi_step *s)
{
    for (int k = 0; k < UNIT_KINDS; k++) {
        int kind = SINGLE_KINDS[k];
        for (int index = 0; index < BD_SIZE; index++) {
            int unit = unit_number(kind, index), empty;
            unsigned lone = lone_digits(st, unit, &empty);
            if (!lone || (empty == 1) != alone)
                continue;
            int digit = bit_digit(lone);
            double difficulty = alone ? 1.0 : kind == UNIT_BOX ? 1.2 : 1.5;
            bd_technique tech = alone ? BD_TECH_FULL_HOUSE
                                : kind == UNIT_BOX ? BD_TECH_HIDDEN_SINGLE_BOX
                                                   : BD_TECH_HIDDEN_SINGLE_LINE;
            bdi_step_start(s, tech, difficulty);
            s->cell = place_of(st, unit, digit);
            s->digit = digit;
            s->unit = unit;
            s->digits = digit_bit(digit);
            step_mark(s, s->cell, digit_bit(digit));
            s->units = 1u << unit;
            return true;
        }
    }
    return false;
}

bool bdi_hidden_single(const bdi_state *st, bdi_step *s)
{
    return single_pass(st, true, s) || single_pass(st, false, s);
}

bool bdi_naked_single(const bdi_state *st, bdi_step *s)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned cand = st->cand[cell];
        if (cand && !(cand & (cand - 1u))) {
            bdi_step_start(s, BD_TECH_NAKED_SINGLE, 2.3);
            s->cell = cell;
            s->digit = bit_digit(cand);
            s->digits = cand;
            step_mark(s, cell, cand);
            return true;
        }
    }
    return false;
}
