/*
 * state.c - the candidate state of the human-technique engine (SE's grid):
 * made from givens or from pencil marks, a digit placed as SE places it,
 * a step applied as SE applies a hint, and the table of each cell's house
 * in SE's order.
 *
 * The state is each cell's value and candidate mask, as SE's grid, and
 * three indexes that state_remove and bdi_state_place keep up to date with
 * them (human.h): each unit's places of each digit, its filled positions,
 * and its digits with one place (the hidden singles, which SE asks for
 * after every step, read off lone[] without scanning the cells).
 *
 * The tables of units and houses are computed while compiling, from the
 * numbering of units.h.
 */
#include "human.h"

#include <string.h>

const int SE_KINDS[UNIT_KINDS] = {UNIT_BOX, UNIT_ROW, UNIT_COL};

const uint8_t SE_SINGLES_ORDER[UNIT_COUNT] = {
    18, 19, 20, 21, 22, 23, 24, 25, 26, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    0,  1,  2,  3,  4,  5,  6,  7,  8,
};
const uint8_t SE_SINGLES_RANK[UNIT_COUNT] = {
    18, 19, 20, 21, 22, 23, 24, 25, 26, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    0,  1,  2,  3,  4,  5,  6,  7,  8,
};

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

#define C_UNITS(i) {H_ROW(i), 9 + H_COL(i), 18 + H_ROW(i) / 3 * 3 + H_COL(i) / 3}
#define C_POS(i) {H_COL(i), H_ROW(i), H_POS(i)}
#define C_UNIT_BITS(i) \
    ((uint32_t)1 << H_ROW(i) | (uint32_t)1 << (9 + H_COL(i)) \
     | (uint32_t)1 << (18 + H_ROW(i) / 3 * 3 + H_COL(i) / 3))

/* Repeats M(i) for 81, and for 729, consecutive i from i0. */
#define REP81_AT(M, i0)                                                                     \
    REP9(M, i0), REP9(M, (i0) + 9), REP9(M, (i0) + 18), REP9(M, (i0) + 27),                 \
        REP9(M, (i0) + 36), REP9(M, (i0) + 45), REP9(M, (i0) + 54), REP9(M, (i0) + 63),     \
        REP9(M, (i0) + 72)
#define REP729(M)                                                                           \
    REP81_AT(M, 0), REP81_AT(M, 81), REP81_AT(M, 162), REP81_AT(M, 243), REP81_AT(M, 324),  \
        REP81_AT(M, 405), REP81_AT(M, 486), REP81_AT(M, 567), REP81_AT(M, 648)
#define CAND_CELL(i) ((i) / 9)
#define CAND_DIGIT(i) ((i) % 9 + 1)

const uint8_t bdi_cand_cell[BD_CELLS * BD_SIZE] = {REP729(CAND_CELL)};
const uint8_t bdi_cand_digit[BD_CELLS * BD_SIZE] = {REP729(CAND_DIGIT)};

const uint8_t bdi_cell_units[BD_CELLS][UNIT_KINDS] = {REP81(C_UNITS)};
const uint8_t bdi_cell_pos[BD_CELLS][UNIT_KINDS] = {REP81(C_POS)};
const uint32_t bdi_cell_unit_bits[BD_CELLS] = {REP81(C_UNIT_BITS)};

#define UNIT_BITS(u) CELL_SET(IN_UNIT, u)
#define PEER_BITS(c) CELL_SET(IS_PEER, c)

const uint64_t bdi_unit_bits[UNIT_COUNT][2] = {
    REP9(UNIT_BITS, 0), REP9(UNIT_BITS, 9), REP9(UNIT_BITS, 18),
};
const uint64_t bdi_peer_bits[BD_CELLS][2] = {REP81(PEER_BITS)};

/* The candidates of each empty cell: the digits no filled cell of its
 * units holds, within `allowed[cell]`. False when a digit is held by two
 * filled cells of a unit. */
static bool fill_candidates(bdi_state *st, const uint16_t *allowed)
{
    bool clash_free = true;
    unsigned used[UNIT_COUNT] = {0};
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned bit = cell_bit(st->value[cell]);
        for (int kind = 0; kind < UNIT_KINDS; kind++) {
            unsigned *in = &used[bdi_cell_units[cell][kind]];
            clash_free &= !(*in & bit);
            *in |= bit;
        }
    }
    for (int cell = 0; cell < BD_CELLS; cell++) {
        const uint8_t *units = bdi_cell_units[cell];
        unsigned seen = used[units[0]] | used[units[1]] | used[units[2]];
        st->cand[cell] = st->value[cell] ? 0 : (uint16_t)(allowed[cell] & ~seen & ALL_DIGITS);
    }
    bdi_state_index(st);
    return clash_free;
}

/* The bit of one_empty for `unit` when its filled positions are `filled`:
 * set when one position is empty. */
static uint32_t one_empty_bit(int unit, unsigned filled)
{
    unsigned empty = ~filled & ALL_DIGITS;
    return empty && !(empty & (empty - 1u)) ? (uint32_t)1 << SE_SINGLES_RANK[unit] : 0;
}

void bdi_state_index(bdi_state *st)
{
    memset(st->places, 0, sizeof st->places);
    memset(st->filled, 0, sizeof st->filled);
    for (int cell = 0; cell < BD_CELLS; cell++) {
        const uint8_t *units = bdi_cell_units[cell], *pos = bdi_cell_pos[cell];
        uint16_t *row = st->places[units[UNIT_ROW]], *col = st->places[units[UNIT_COL]],
                 *box = st->places[units[UNIT_BOX]];
        uint16_t at_row = (uint16_t)(1u << pos[UNIT_ROW]), at_col = (uint16_t)(1u << pos[UNIT_COL]),
                 at_box = (uint16_t)(1u << pos[UNIT_BOX]);
        if (st->value[cell]) {
            st->filled[units[UNIT_ROW]] |= at_row;
            st->filled[units[UNIT_COL]] |= at_col;
            st->filled[units[UNIT_BOX]] |= at_box;
        }
        for (unsigned ds = st->cand[cell]; ds; ds &= ds - 1u) {
            int d = bit_digit(ds) - 1;
            row[d] |= at_row;
            col[d] |= at_col;
            box[d] |= at_box;
        }
    }
    st->one_empty = 0;
    for (int unit = 0; unit < UNIT_COUNT; unit++) {
        st->one_empty |= one_empty_bit(unit, st->filled[unit]);
        st->lone[unit] = 0;
        for (int d = 0; d < BD_SIZE; d++) {
            unsigned places = st->places[unit][d];
            if (places && !(places & (places - 1u)))
                st->lone[unit] |= (uint16_t)(1u << d);
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
        int unit = bdi_cell_units[cell][kind];
        unsigned filled = st->filled[unit] | 1u << bdi_cell_pos[cell][kind];
        st->filled[unit] = (uint16_t)filled;
        st->one_empty = (st->one_empty & ~((uint32_t)1 << SE_SINGLES_RANK[unit]))
                        | one_empty_bit(unit, filled);
    }
    /* the digit's other places in the cell's units: its house's cells
     * that hold it */
    for (int kind = 0; kind < UNIT_KINDS; kind++) {
        int unit = bdi_cell_units[cell][kind];
        for (unsigned at; (at = st->places[unit][digit - 1]) != 0;)
            state_remove(st, unit_cell_of(unit, bit_digit(at) - 1), digit);
    }
}

bool bdi_state_solved(const bdi_state *st)
{
    for (int row = 0; row < BD_SIZE; row++)
        if (st->filled[unit_number(UNIT_ROW, row)] != ALL_DIGITS)
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

/* The first cell from `cell` on whose mask in `masks` is not 0, or
 * BD_CELLS: eight bytes at a time over the zeros. */
static int next_marked(const uint16_t *masks, int cell)
{
    while (cell + 4 <= BD_CELLS) {
        uint64_t four;
        memcpy(&four, masks + cell, sizeof four);
        if (four)
            break;
        cell += 4;
    }
    while (cell < BD_CELLS && !masks[cell])
        cell++;
    return cell;
}

bool bdi_step_worth(const bdi_step *s)
{
    return next_marked(s->removed, 0) < BD_CELLS;
}

void bdi_step_apply(bdi_state *st, const bdi_step *s)
{
    uint64_t any = 0;
    for (int cell = 0; cell + 4 <= BD_CELLS; cell += 4) {
        uint64_t four;
        memcpy(&four, s->removed + cell, sizeof four);
        any |= four;
    }
    if (!any && !s->removed[BD_CELLS - 1]) {
        if (s->cell >= 0)
            bdi_state_place(st, s->cell, s->digit);
        return;
    }
    for (int cell = next_marked(s->removed, 0); cell < BD_CELLS;
         cell = next_marked(s->removed, cell + 1))
        for (unsigned ds = s->removed[cell]; ds; ds &= ds - 1u)
            state_remove(st, cell, bit_digit(ds));
    if (s->cell >= 0)
        bdi_state_place(st, s->cell, s->digit);
}
