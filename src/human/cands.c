/*
 * cands.c - the candidate state of the human-technique engine and the
 * record of one step: the state made from the givens, a digit placed, a
 * step's removals noted and applied, and each technique's rating.
 *
 * The state holds each digit's places as a board (see human.h) and each
 * open cell's candidates as a 9-bit mask. The boards are always right;
 * the masks are derived from them (bdi_cands_sync) only when a technique
 * beyond the singles needs them, and then kept in step by every change
 * here, so that a path of singles alone never pays for them.
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

/* Band word `band` of the peers of `cell`: its row and box (in its own
 * band), its column (in every band), less the cell itself. */
#define PEER_WORD(cell, band)                                                              \
    ((((band) == (cell) / 27 ? 0x1FFu << 9 * ((cell) / 9 % 3) | 0x1C0E07u << 3 * ((cell) % 9 / 3) \
                             : 0u)                                                         \
      | 0x40201u << ((cell) % 9))                                                          \
     & ~((band) == (cell) / 27 ? 1u << ((cell) % 27) : 0u))
#define PEERS(cell) {{PEER_WORD(cell, 0), PEER_WORD(cell, 1), PEER_WORD(cell, 2)}}
#define PEERS_OF_ROW(first)                                                                \
    PEERS(first), PEERS(first + 1), PEERS(first + 2), PEERS(first + 3), PEERS(first + 4),  \
        PEERS(first + 5), PEERS(first + 6), PEERS(first + 7), PEERS(first + 8)

const bdi_board bdi_peers[BD_CELLS] = {
    PEERS_OF_ROW(0),  PEERS_OF_ROW(9),  PEERS_OF_ROW(18), PEERS_OF_ROW(27), PEERS_OF_ROW(36),
    PEERS_OF_ROW(45), PEERS_OF_ROW(54), PEERS_OF_ROW(63), PEERS_OF_ROW(72),
};

bool bdi_cands_init(bdi_cands *c, const bd_grid *puzzle)
{
    bdi_board seen[BD_SIZE];   /* [digit - 1]: cells that see a given of it */
    bool clash = false;
    c->grid = *puzzle;
    c->open = board_none();
    for (int d = 0; d < BD_SIZE; d++)
        seen[d] = board_none();
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int digit = puzzle->cells[cell];
        if (!digit) {
            c->open.band[cell / BAND_CELLS] |= 1u << (cell % BAND_CELLS);
            continue;
        }
        clash |= board_has(seen[digit - 1], cell);
        seen[digit - 1] = board_or(seen[digit - 1], peers_of(cell));
    }
    for (int d = 0; d < BD_SIZE; d++)
        c->place[d] = board_minus(c->open, seen[d]);
    c->cells_ok = false;
    c->unique = false;
    c->broken = false;
    return !clash;
}

bool bdi_cands_init_marks(bdi_cands *c, const bd_marks *marks)
{
    bd_grid filled;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned digits = marks->cand[cell] & ALL_DIGITS;
        filled.cells[cell] = (uint8_t)(digits && !(digits & (digits - 1u)) ? bit_digit(digits) : 0);
    }
    bool clash_free = bdi_cands_init(c, &filled);
    for (int d = 0; d < BD_SIZE; d++)
        for (int cell = 0; cell < BD_CELLS; cell++)
            if (!(marks->cand[cell] & digit_bit(d + 1)))
                c->place[d].band[cell / BAND_CELLS] &= ~(1u << (cell % BAND_CELLS));
    for (int cell = 0; cell < BD_CELLS; cell++)
        c->broken |= board_has(c->open, cell) && !bdi_cands_of(c, cell);
    return clash_free;
}

void bdi_cands_sync(bdi_cands *c)
{
    if (c->cells_ok)
        return;
    memset(c->cell, 0, sizeof c->cell);
    for (int d = 0; d < BD_SIZE; d++)
        for (int i = 0; i < BANDS; i++)
            for (uint32_t word = c->place[d].band[i]; word; word &= word - 1u)
                c->cell[i * BAND_CELLS + low_bit(word)] |= (uint16_t)(1u << d);
    c->cells_ok = true;
}

unsigned bdi_cands_of(const bdi_cands *c, int cell)
{
    int band = cell / BAND_CELLS, bit = cell % BAND_CELLS;
    unsigned digits = 0;
    for (int d = 0; d < BD_SIZE; d++)
        digits |= (c->place[d].band[band] >> bit & 1u) << d;
    return digits;
}

void bdi_cands_place(bdi_cands *c, int cell, int digit)
{
    int band = cell / BAND_CELLS;
    uint32_t here = 1u << (cell % BAND_CELLS);
    c->broken |= !(c->place[digit - 1].band[band] & here);
    for (int d = 0; d < BD_SIZE; d++)
        c->place[d].band[band] &= ~here;
    c->open.band[band] &= ~here;
    c->cell[cell] = 0;
    c->grid.cells[cell] = (uint8_t)digit;
    bdi_board seen = board_and(peers_of(cell), c->place[digit - 1]);
    c->place[digit - 1] = board_minus(c->place[digit - 1], seen);
    for (int peer; c->cells_ok && (peer = board_pop(&seen)) >= 0;)
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

int bdi_tech_tenths(bd_technique tech)
{
    return TECH_TENTHS[tech];
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
        for (int cell; c->cells_ok && (cell = board_pop(&hit)) >= 0;)
            c->cell[cell] &= (uint16_t)~digit_bit(d + 1);
    }
}
