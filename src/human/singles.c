/*
 * singles.c - the singles, easiest first: full houses (a unit with one
 * empty cell), hidden singles in a box, then in a row or column (a digit
 * with one place left in the unit), naked singles (a cell with one
 * candidate left).
 *
 * Every single of the easiest kind that has any is found in one scan and
 * returned together: on a puzzle with one solution each of them is a digit
 * of that solution, and placing one never takes away another (it stays a
 * single of the same kind until it is placed), so placing them all at once
 * rates a path exactly as placing them one by one. The scans are
 * bit-parallel on the digit boards: for a digit, a box or row word with
 * exactly one bit set is a hidden single there; folding the nine rows of a
 * digit's board into "columns seen once" and "seen twice or more" gives
 * the columns with one place; the same fold over the nine digit boards
 * gives the cells with one candidate.
 *
 * A state that is inconsistent (a cell without candidates, a digit with
 * two singles) cannot come from a puzzle with one solution; the scans
 * still never place two digits in one cell.
 */
#include "human.h"

/* Adds a single to `found` unless its cell already has one. */
static void add(bdi_singles *found, bdi_board *taken, int cell, int digit, int kind, int index)
{
    if (board_has(*taken, cell))
        return;
    *taken = board_or(*taken, board_of(cell));
    int i = found->count++;
    found->cell[i] = (uint8_t)cell;
    found->digit[i] = (uint8_t)digit;
    found->kind[i] = (uint8_t)kind;
    found->index[i] = (uint8_t)index;
}

/* Whether exactly one bit of `word` is set. */
static bool one_bit(uint32_t word)
{
    return word && !(word & (word - 1u));
}

/* The units of `kind` (bit = index) holding exactly one cell of `b`: a
 * row or box word masked out of its band, or for columns a fold of the
 * nine rows into "seen once" and "seen twice or more". */
static unsigned lone_units(bdi_board b, int kind)
{
    unsigned lone = 0;
    if (kind != UNIT_COL) {
        uint32_t unit = kind == UNIT_ROW ? 0x1FFu : 0x1C0E07u;
        int shift = kind == UNIT_ROW ? BD_SIZE : BD_BOX;
        for (int index = 0; index < BD_SIZE; index++) {
            uint32_t word = b.band[index / BD_BOX] & unit << shift * (index % BD_BOX);
            lone |= (unsigned)one_bit(word) << index;
        }
        return lone;
    }
    unsigned once = 0, twice = 0;
    for (int row = 0; row < BD_SIZE; row++) {
        unsigned cols = unit_places(b, UNIT_ROW, row);
        twice |= once & cols;
        once |= cols;
    }
    return once & ~twice;
}

/* Units with one empty cell: its only candidate goes there. */
static void full_houses(const bdi_cands *c, bdi_singles *found, bdi_board *taken)
{
    for (int kind = 0; kind < UNIT_KINDS; kind++)
        for (unsigned lone = lone_units(c->open, kind); lone; lone &= lone - 1u) {
            int index = low_bit(lone);
            int cell = board_first(board_and(c->open, unit_board(kind, index)));
            unsigned digits = bdi_cands_of(c, cell);
            if (one_bit(digits))
                add(found, taken, cell, bit_digit(digits), kind, index);
        }
}

/* Units of `kind` where a digit has exactly one place. */
static void hidden(const bdi_cands *c, int kind, bdi_singles *found, bdi_board *taken)
{
    for (int d = 0; d < BD_SIZE; d++)
        for (unsigned lone = lone_units(c->place[d], kind); lone; lone &= lone - 1u) {
            int index = low_bit(lone);
            int cell = board_first(board_and(c->place[d], unit_board(kind, index)));
            add(found, taken, cell, d + 1, kind, index);
        }
}

/* Cells with exactly one candidate. */
static void naked(const bdi_cands *c, bdi_singles *found, bdi_board *taken)
{
    bdi_board one = board_none();
    for (int i = 0; i < BANDS; i++) {
        uint32_t once = 0, twice = 0;
        for (int d = 0; d < BD_SIZE; d++) {
            twice |= once & c->place[d].band[i];
            once |= c->place[d].band[i];
        }
        one.band[i] = once & ~twice;
    }
    for (int cell; (cell = board_pop(&one)) >= 0;)
        add(found, taken, cell, bit_digit(bdi_cands_of(c, cell)), UNIT_ROW, row_of(cell));
}

bool bdi_find_singles(const bdi_cands *c, bdi_singles *found)
{
    bdi_board taken = board_none();
    found->count = 0;
    found->tech = BD_TECH_FULL_HOUSE;
    full_houses(c, found, &taken);
    if (found->count)
        return true;
    found->tech = BD_TECH_HIDDEN_SINGLE_BOX;
    hidden(c, UNIT_BOX, found, &taken);
    if (found->count)
        return true;
    found->tech = BD_TECH_HIDDEN_SINGLE_LINE;
    hidden(c, UNIT_ROW, found, &taken);
    hidden(c, UNIT_COL, found, &taken);
    if (found->count)
        return true;
    found->tech = BD_TECH_NAKED_SINGLE;
    naked(c, found, &taken);
    return found->count > 0;
}

void bdi_single_step(const bdi_singles *found, int i, bdi_step *s)
{
    bdi_step_start(s, found->tech);
    s->cell = found->cell[i];
    s->digit = found->digit[i];
    s->kind = found->kind[i];
    s->index = found->index[i];
}
