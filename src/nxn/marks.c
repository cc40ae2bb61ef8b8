/*
 * marks.c - the candidates of a board on a human path (nxn_marks), and the
 * steps' bookkeeping. A blank cell's candidates are a value mask, bit
 * v - 1 for value v, one 64-bit word a cell (N <= 64); a filled cell has
 * none. Units are read through nxn_unit_cell (rows, columns, boxes), and
 * a unit's places of a value are a mask of its positions 0..N-1, filled
 * for every unit at once by nxn_marks_places for the techniques to share.
 * It calls nothing of the library.
 */
#include "nxn.h"

#include <string.h>

/* Takes `value` out of the candidates of every cell that shares a unit
 * with `cell`. */
static void clear_peers(nxn_marks *m, int cell, int value)
{
    const nxn_geom *g = &m->g;
    int row = cell / g->size, col = cell % g->size;
    int units[3] = {row, g->size + col, 2 * g->size + nxn_box_of(g, row, col)};
    uint64_t keep = ~nxn_value_bit(value);
    for (int k = 0; k < 3; k++)
        for (int pos = 0; pos < g->size; pos++)
            m->cand[nxn_unit_cell(g, units[k], pos)] &= keep;
}

void nxn_marks_from_board(nxn_marks *m, const bd_board *board)
{
    m->g = nxn_geom_of(board);
    m->board = *board;
    uint64_t all = nxn_all_values(m->g.size);
    for (int cell = 0; cell < m->g.cells; cell++)
        m->cand[cell] = board->cells[cell] ? 0 : all;
    for (int cell = 0; cell < m->g.cells; cell++)
        if (board->cells[cell])
            clear_peers(m, cell, board->cells[cell]);
}

void nxn_marks_from_cands(nxn_marks *m, const bd_board *board, const uint64_t *cand)
{
    m->g = nxn_geom_of(board);
    m->board = *board;
    for (int cell = 0; cell < m->g.cells; cell++)
        m->cand[cell] = board->cells[cell] ? 0 : cand[cell] & nxn_all_values(m->g.size);
}

void nxn_marks_places(nxn_marks *m)
{
    const nxn_geom *g = &m->g;
    for (int unit = 0; unit < nxn_unit_count(g); unit++) {
        uint64_t *places = m->places[unit];
        memset(places, 0, (size_t)g->size * sizeof *places);
        for (int pos = 0; pos < g->size; pos++)
            for (uint64_t c = m->cand[nxn_unit_cell(g, unit, pos)]; c; c &= c - 1u)
                places[nxn_low_index(c)] |= UINT64_C(1) << pos;
    }
}

void nxn_step_start(bd_board_step *s, const nxn_geom *g, bd_technique technique,
                    double rating)
{
    s->technique = technique;
    s->rating = rating;
    s->cell = -1;
    s->value = 0;
    s->unit = s->unit2 = -1;
    s->values = 0;
    s->cell_count = 0;
    s->base = s->cover = 0;
    s->removed_count = 0;
    memset(s->removed, 0, (size_t)g->cells * sizeof s->removed[0]);
}

void nxn_step_remove(bd_board_step *s, int cell, uint64_t values)
{
    s->removed_count += nxn_bit_count(values & ~s->removed[cell]);
    s->removed[cell] |= values;
}

void nxn_marks_apply(nxn_marks *m, const bd_board_step *s)
{
    if (s->removed_count)
        for (int cell = 0; cell < m->g.cells; cell++)
            m->cand[cell] &= ~s->removed[cell];
    if (s->cell >= 0) {
        m->board.cells[s->cell] = (uint8_t)s->value;
        m->cand[s->cell] = 0;
        clear_peers(m, s->cell, s->value);
    }
}

/* The elements of a combination search: the positions to choose from. */
typedef struct combos {
    int from[BD_BOARD_MAX], count;
    nxn_combo_fn each;
    void *context;
} combos;

/* Chooses `left` more positions among from[0 .. below), the largest first
 * and in increasing order, joined to `chosen`. */
static bool choose(const combos *c, int left, int below, uint64_t chosen)
{
    if (!left)
        return c->each(c->context, chosen);
    for (int top = left - 1; top < below; top++)
        if (choose(c, left - 1, top, chosen | UINT64_C(1) << c->from[top]))
            return true;
    return false;
}

bool nxn_each_combination(uint64_t from, int degree, nxn_combo_fn each, void *context)
{
    combos c = {.count = 0, .each = each, .context = context};
    for (; from; from &= from - 1u)
        c.from[c.count++] = nxn_low_index(from);
    return c.count >= degree && choose(&c, degree, c.count, 0);
}
