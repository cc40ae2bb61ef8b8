/*
 * singles.c - full houses, hidden singles and naked singles on a board.
 *
 * A full house (1.0) is a unit with one blank cell, filled with its one
 * candidate; a hidden single a value with one place in a unit of two or
 * more blank cells: in a box 1.2, in a row or column 1.5. Units are asked
 * in SE's order, boxes, then columns, then rows, each 0..N-1, full houses
 * first in all of them; in a unit, values 1..N. The places come from
 * m->places (marks.c). A naked single (2.3) is the first cell, row by
 * row, with one candidate.
 */
#include "nxn.h"

/* How many blank cells `unit` has. */
static int blanks_of(const nxn_marks *m, int unit)
{
    int blanks = 0;
    for (int pos = 0; pos < m->g.size; pos++)
        blanks += !m->board.cells[nxn_unit_cell(&m->g, unit, pos)];
    return blanks;
}

/* The first value with one place in `unit`, or 0. */
static int lone_value(const nxn_marks *m, int unit)
{
    for (int v = 1; v <= m->g.size; v++) {
        uint64_t places = m->places[unit][v - 1];
        if (places && !(places & (places - 1u)))
            return v;
    }
    return 0;
}

/* Fills `s` with the single of `value` in `unit`. */
static void single(const nxn_marks *m, int unit, int value, bool full_house, bd_board_step *s)
{
    const nxn_geom *g = &m->g;
    bool box = unit >= 2 * g->size;
    nxn_step_start(s, g, full_house ? BD_TECH_FULL_HOUSE
                         : box ? BD_TECH_HIDDEN_SINGLE_BOX : BD_TECH_HIDDEN_SINGLE_LINE,
                   full_house ? 1.0 : box ? 1.2 : 1.5);
    s->unit = unit;
    s->value = value;
    s->values = nxn_value_bit(value);
    s->cell = nxn_unit_cell(g, unit, nxn_low_index(m->places[unit][value - 1]));
}

bool nxn_hidden_single(const nxn_marks *m, bd_board_step *s)
{
    const nxn_geom *g = &m->g;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < nxn_unit_count(g); i++) {
            int unit = nxn_unit_in_order(g, i);
            int blanks = blanks_of(m, unit);
            if (pass == 0 ? blanks != 1 : blanks < 2)
                continue;
            int value = lone_value(m, unit);
            if (value) {
                single(m, unit, value, pass == 0, s);
                return true;
            }
        }
    return false;
}

bool nxn_naked_single(const nxn_marks *m, bd_board_step *s)
{
    for (int cell = 0; cell < m->g.cells; cell++) {
        uint64_t cand = m->cand[cell];
        if (cand && !(cand & (cand - 1u))) {
            nxn_step_start(s, &m->g, BD_TECH_NAKED_SINGLE, 2.3);
            s->cell = cell;
            s->value = nxn_low_index(cand) + 1;
            s->values = cand;
            return true;
        }
    }
    return false;
}
