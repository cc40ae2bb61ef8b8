/*
 * singles.c - SE's HiddenSingle and NakedSingle producers.
 *
 * HiddenSingle looks first for full houses (a unit with one empty cell:
 * SE's "alone" hidden single, 1.0), in the boxes, then the columns, then
 * the rows, each 0..8; then for hidden singles (a digit with one place in
 * a unit of two or more empty cells), boxes first (1.2), then columns and
 * rows (1.5). In a unit, digits go 1..9; the first found is the hint.
 * The state keeps each unit's digits with one place (lone[]) and the
 * units with one empty cell (one_empty, in SE's order), so neither search
 * looks at a cell: the first unit of one_empty holding a lone digit is the
 * full house, and failing one, the first unit holding a lone digit is the
 * hidden single (a unit with one empty cell and a lone digit would have
 * been a full house).
 * NakedSingle takes the first cell, row by row, with one candidate (2.3).
 */
#include "human.h"

/* Fills `s` with the single of `unit`'s first lone digit: a full house
 * when `alone`. */
static void single_hint(const bdi_state *st, int unit, bool alone, bdi_step *s)
{
    int digit = bit_digit(st->lone[unit]);
    int kind = unit / BD_SIZE;
    double difficulty = alone ? 1.0 : kind == UNIT_BOX ? 1.2 : 1.5;
    bd_technique tech = alone ? BD_TECH_FULL_HOUSE
                        : kind == UNIT_BOX ? BD_TECH_HIDDEN_SINGLE_BOX
                                           : BD_TECH_HIDDEN_SINGLE_LINE;
    bdi_step_start(s, tech, difficulty);
    s->cell = unit_cell_of(unit, bit_digit(unit_places(st, unit, digit)) - 1);
    s->digit = digit;
    s->unit = unit;
    s->digits = digit_bit(digit);
    step_mark(s, s->cell, digit_bit(digit));
    s->units = 1u << unit;
}

bool bdi_hidden_single(const bdi_state *st, bdi_step *s)
{
    for (uint32_t units = st->one_empty; units; units &= units - 1u) {
        int unit = SE_SINGLES_ORDER[bit_digit(units) - 1];
        if (st->lone[unit]) {
            single_hint(st, unit, true, s);
            return true;
        }
    }
    for (int i = 0; i < UNIT_COUNT; i++) {
        int unit = SE_SINGLES_ORDER[i];
        if (st->lone[unit]) {
            single_hint(st, unit, false, s);
            return true;
        }
    }
    return false;
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
