/*
 * cands.c - the candidate state of the human-technique engine and the
 * record of one step: the state made from the givens, a digit placed, a
 * step's removals noted and applied, and each technique's rating.
 *
 * The state holds each digit's places as a board (see human.h) and each
 * open cell's candidates as a 9-bit mask; every change here updates both.
 * A placed digit leaves all boards, so a unit with exactly one place for
 * a digit is a hidden single and a unit with none has the digit placed.
 */
#include "human.h"

#include <string.h>

/* The rating of each technique, in tenths (bitdoku.h has the table). */
static const uint8_t TECH_TENTHS[BD_TECHNIQUES] = {
    [BD_TECH_FULL_HOUSE] = 10,         [BD_TECH_HIDDEN_SINGLE_BOX] = 12,
    [BD_TECH_HIDDEN_SINGLE_LINE] = 15, [BD_TECH_NAKED_SINGLE] = 23,
    [BD_TECH_POINTING] = 26,           [BD_TECH_CLAIMING] = 28,
    [BD_TECH_NAKED_PAIR] = 30,         [BD_TECH_X_WING] = 32,
    [BD_TECH_HIDDEN_PAIR] = 34,        [BD_TECH_NAKED_TRIPLE] = 36,
    [BD_TECH_SWORDFISH] = 38,          [BD_TECH_HIDDEN_TRIPLE] = 40,
    [BD_TECH_SKYSCRAPER] = 40,         [BD_TECH_TWO_STRING_KITE] = 41,
    [BD_TECH_XY_WING] = 42,            [BD_TECH_EMPTY_RECTANGLE] = 43,
    [BD_TECH_XYZ_WING] = 44,           [BD_TECH_UNIQUE_RECTANGLE_1] = 45,
    [BD_TECH_UNIQUE_RECTANGLE_2] = 46, [BD_TECH_UNIQUE_RECTANGLE_4] = 47,
    [BD_TECH_W_WING] = 48,             [BD_TECH_NAKED_QUAD] = 50,
    [BD_TECH_JELLYFISH] = 52,          [BD_TECH_HIDDEN_QUAD] = 54,
    [BD_TECH_X_CHAIN] = 65,            [BD_TECH_XY_CHAIN] = 66,
    [BD_TECH_AIC] = 70,                [BD_TECH_SEARCH] = 80,
};

void bdi_cands_init(bdi_cands *c, const bd_grid *puzzle)
{
    bdi_units units;
    bdi_units_of_givens(&units, puzzle);
    memset(c, 0, sizeof *c);
    c->grid = *puzzle;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (puzzle->cells[cell])
            continue;
        unsigned free_digits = units_free(&units, cell);
        c->cell[cell] = (uint16_t)free_digits;
        c->open.band[cell / BAND_CELLS] |= 1u << (cell % BAND_CELLS);
        for (unsigned rest = free_digits; rest; rest &= rest - 1u) {
            int digit = bit_digit(rest);
            c->place[digit - 1].band[cell / BAND_CELLS] |= 1u << (cell % BAND_CELLS);
        }
    }
}

void bdi_cands_place(bdi_cands *c, int cell, int digit)
{
    bdi_board here = board_of(cell);
    for (unsigned rest = c->cell[cell]; rest; rest &= rest - 1u)
        c->place[bit_digit(rest) - 1] = board_minus(c->place[bit_digit(rest) - 1], here);
    c->cell[cell] = 0;
    c->open = board_minus(c->open, here);
    c->grid.cells[cell] = (uint8_t)digit;
    bdi_board seen = board_and(peers_of(cell), c->place[digit - 1]);
    c->place[digit - 1] = board_minus(c->place[digit - 1], seen);
    for (int peer; (peer = board_pop(&seen)) >= 0;)
        c->cell[peer] &= (uint16_t)~digit_bit(digit);
}

bdi_board bdi_bivalue_cells(const bdi_cands *c)
{
    bdi_board two = board_none();
    for (int i = 0; i < BANDS; i++) {
        uint32_t once = 0, twice = 0, more = 0;
        for (int d = 0; d < BD_SIZE; d++) {
            uint32_t w = c->place[d].band[i];
            more |= twice & w;
            twice |= once & w;
            once |= w;
        }
        two.band[i] = twice & ~more;
    }
    return two;
}

void bdi_step_start(bdi_step *s, bd_technique tech)
{
    memset(s, 0, sizeof *s);
    s->tech = tech;
    s->tenths = TECH_TENTHS[tech];
    s->cell = -1;
}

void bdi_step_chain(bdi_step *s, const bdi_node *nodes, int count)
{
    memcpy(s->nodes, nodes, (size_t)count * sizeof *nodes);
    s->node_count = count;
    /* SE's length rule: 0.1 for each of 4, 6, 8, 12, 16, ... exceeded. */
    for (int ceiling = CHAIN_MIN, odd = 0; count > ceiling; odd = !odd) {
        s->tenths++;
        ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
    }
}

bool bdi_step_remove(bdi_step *s, const bdi_cands *c, bdi_board cells, int digit)
{
    bdi_board hit = board_and(cells, c->place[digit - 1]);
    s->removed[digit - 1] = board_or(s->removed[digit - 1], hit);
    return !board_empty(hit);
}

bool bdi_step_removes(const bdi_step *s)
{
    for (int d = 0; d < BD_SIZE; d++)
        if (!board_empty(s->removed[d]))
            return true;
    return false;
}

void bdi_step_apply(bdi_cands *c, const bdi_step *s)
{
    if (s->cell >= 0) {
        bdi_cands_place(c, s->cell, s->digit);
        return;
    }
    for (int d = 0; d < BD_SIZE; d++) {
        bdi_board hit = board_and(s->removed[d], c->place[d]);
        c->place[d] = board_minus(c->place[d], hit);
        for (int cell; (cell = board_pop(&hit)) >= 0;)
            c->cell[cell] &= (uint16_t)~digit_bit(d + 1);
    }
}
