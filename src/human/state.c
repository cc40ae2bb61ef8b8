/*
 * state.c - the candidate state of the human-technique engine (SE's grid):
 * made from givens or from pencil marks, a digit placed as SE places it,
 * a step applied as SE applies a hint, and the table of each cell's house
 * in SE's order.
 *
 * The state is two arrays of 81: each cell's value and its candidate mask
 * (human.h). SE keeps nothing else, and neither does this: a unit's places
 * for a digit are read off the masks of its nine cells when needed.
 */
#include "human.h"

#include <string.h>

const int SE_KINDS[UNIT_KINDS] = {UNIT_BOX, UNIT_ROW, UNIT_COL};

/*
 * bdi_house, computed while compiling: for cell i at (r, c) in the box at
 * (br, bc) (its top left cell), where it is at position p, the box's other
 * cells (position k = j, or j + 1 from p on), then the row's six cells
 * outside the box (column j, or j + 3 from bc on), then the column's six.
 */
#define H_ROW(i) ((i) / 9)
#define H_COL(i) ((i) % 9)
#define H_BR(i) (H_ROW(i) / 3 * 3)
#define H_BC(i) (H_COL(i) / 3 * 3)
#define H_POS(i) (H_ROW(i) % 3 * 3 + H_COL(i) % 3)
#define H_K(i, j) ((j) + ((j) >= H_POS(i)))
#define H_BOX(i, j) ((H_BR(i) + H_K(i, j) / 3) * 9 + H_BC(i) + H_K(i, j) % 3)
#define H_LINE(i, j, b) ((j) + ((j) >= (b) ? 3 : 0))
#define H_IN_ROW(i, j) (H_ROW(i) * 9 + H_LINE(i, j, H_BC(i)))
#define H_IN_COL(i, j) (H_LINE(i, j, H_BR(i)) * 9 + H_COL(i))
#define HOUSE(i)                                                                            \
    {H_BOX(i, 0),    H_BOX(i, 1),    H_BOX(i, 2),    H_BOX(i, 3),    H_BOX(i, 4),          \
     H_BOX(i, 5),    H_BOX(i, 6),    H_BOX(i, 7),    H_IN_ROW(i, 0), H_IN_ROW(i, 1),       \
     H_IN_ROW(i, 2), H_IN_ROW(i, 3), H_IN_ROW(i, 4), H_IN_ROW(i, 5), H_IN_COL(i, 0),       \
     H_IN_COL(i, 1), H_IN_COL(i, 2), H_IN_COL(i, 3), H_IN_COL(i, 4), H_IN_COL(i, 5)}
#define HOUSE9(i)                                                                           \
    HOUSE(i), HOUSE(i + 1), HOUSE(i + 2), HOUSE(i + 3), HOUSE(i + 4), HOUSE(i + 5),         \
        HOUSE(i + 6), HOUSE(i + 7), HOUSE(i + 8)

const uint8_t bdi_house[BD_CELLS][HOUSE_CELLS] = {
    HOUSE9(0),  HOUSE9(9),  HOUSE9(18), HOUSE9(27), HOUSE9(36),
    HOUSE9(45), HOUSE9(54), HOUSE9(63), HOUSE9(72),
};

/* The candidates of each empty cell: the digits no filled cell of its
 * house holds, within `allowed[cell]`. False when a filled cell's digit is
 * held by another filled cell of its house. */
static bool fill_candidates(bdi_state *st, const uint16_t *allowed)
{
    bool clash_free = true;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (st->value[cell]) {
            st->cand[cell] = 0;
            continue;
        }
        unsigned seen = 0;
        for (int i = 0; i < HOUSE_CELLS; i++)
            seen |= cell_bit(st->value[bdi_house[cell][i]]);
        st->cand[cell] = (uint16_t)(allowed[cell] & ~seen & ALL_DIGITS);
    }
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (int i = 0; st->value[cell] && i < HOUSE_CELLS; i++)
            clash_free &= st->value[bdi_house[cell][i]] != st->value[cell];
    bdi_state_index(st);
    return clash_free;
}

void bdi_state_index(bdi_state *st)
{
    for (int unit = 0; unit < UNIT_COUNT; unit++) {
        st->filled[unit] = 0;
        for (int d = 0; d < BD_SIZE; d++)
            st->places[unit][d] = 0;
        for (int pos = 0; pos < BD_SIZE; pos++) {
            int cell = unit_cell_of(unit, pos);
            st->filled[unit] |= (uint16_t)((st->value[cell] != 0) << pos);
            for (unsigned ds = st->cand[cell]; ds; ds &= ds - 1u)
                st->places[unit][bit_digit(ds) - 1] |= (uint16_t)(1u << pos);
        }
    }
}

bool bdi_state_init(bdi_state *st, const bd_grid *puzzle)
{
    uint16_t allowed[BD_CELLS];
    for (int cell = 0; cell < BD_CELLS; cell++) {
        st->value[cell] = puzzle->cells[cell];
        allowed[cell] = ALL_DIGITS;
    }
    return fill_candidates(st, allowed);
}

bool bdi_state_init_marks(bdi_state *st, const bd_marks *marks)
{
    uint16_t allowed[BD_CELLS];
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned digits = marks->cand[cell] & ALL_DIGITS;
        st->value[cell] = (uint8_t)(digit_count(digits) == 1 ? bit_digit(digits) : 0);
        allowed[cell] = (uint16_t)digits;
    }
    return fill_candidates(st, allowed);
}

void bdi_state_place(bdi_state *st, int cell, int digit)
{
    for (unsigned ds = st->cand[cell]; ds; ds &= ds - 1u)
        state_remove(st, cell, bit_digit(ds));
    st->value[cell] = (uint8_t)digit;
    for (int kind = 0; kind < UNIT_KINDS; kind++) {
        int unit = unit_at(kind, cell);
        st->filled[unit] |= (uint16_t)(1u << unit_pos(unit, cell));
    }
    for (int i = 0; i < HOUSE_CELLS; i++)
        state_remove(st, bdi_house[cell][i], digit);
}

bool bdi_state_solved(const bdi_state *st)
{
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (!st->value[cell])
            return false;
    return true;
}

bool bdi_state_sane(const bdi_state *st)
{
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (!st->value[cell] && !st->cand[cell])
            return false;
    for (int unit = 0; unit < UNIT_COUNT; unit++) {
        unsigned held = 0, open = 0;
        for (int pos = 0; pos < BD_SIZE; pos++) {
            int cell = unit_cell_of(unit, pos);
            unsigned bit = cell_bit(st->value[cell]);
            if (held & bit)
                return false;
            held |= bit;
            open |= st->cand[cell];
        }
        if ((held | open) != ALL_DIGITS)
            return false;
    }
    return true;
}

void bdi_step_start(bdi_step *s, bd_technique tech, double difficulty)
{
    s->tech = tech;
    s->difficulty = difficulty;
    s->cell = -1;
    s->digit = 0;
    memset(s->removed, 0, sizeof s->removed);
    s->subtype = 0;
    s->unit = s->unit2 = -1;
    s->digits = 0;
    s->lines = s->lines2 = 0;
    s->cell_count = s->loop_count = s->extra_count = 0;
    s->extra_digits = 0;
    memset(s->pattern, 0, sizeof s->pattern);
    s->units = 0;
    s->complexity = 0;
    s->chain_source = -1;
    s->chain_digit = 0;
    s->chain_level = 0;
    s->link_count = 0;
    s->links_cut = false;
    s->branch_count = 0;
}

bool bdi_step_worth(const bdi_step *s)
{
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (s->removed[cell])
            return true;
    return false;
}

void bdi_step_apply(bdi_state *st, const bdi_step *s)
{
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned ds = s->removed[cell]; ds; ds &= ds - 1u)
            state_remove(st, cell, bit_digit(ds));
    if (s->cell >= 0)
        bdi_state_place(st, s->cell, s->digit);
}
