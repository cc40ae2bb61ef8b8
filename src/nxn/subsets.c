/*
 * subsets.c - naked and hidden sets (pairs, triplets, quads) on a board.
 *
 * A naked set: `degree` cells of a unit, each with two or more
 * candidates, holding exactly `degree` values between them; the unit's
 * other cells lose those values (pair 3.0, triplet 3.6, quad 5.0), in
 * units with at least 2 * degree blank cells. A hidden set: `degree`
 * values, each with two or more places in a unit, whose places are
 * exactly `degree` cells; those cells lose their other values (pair 3.4,
 * triplet 4.0, quad 5.4), in units with more than 2 * degree blank cells
 * (SE's bounds).
 *
 * SE's order: boxes, then columns, then rows, each 0..N-1; in a unit, the
 * sets of positions (naked) or of values (hidden) as masks in increasing
 * order (nxn_each_combination), drawn only from the positions or values
 * that can belong to one (2..degree candidates or places), which keeps
 * the search small on large boards.
 */
#include "nxn.h"
#include "core/set_rating.h"

/* One unit's search. */
typedef struct set_search {
    const nxn_marks *m;
    int unit, degree;
    uint64_t cand[BD_BOARD_MAX];    /* naked: the candidates at each position */
    bd_board_step *s;
} set_search;

/* Records the set's cells (positions `positions` of the unit) and values. */
static void mark_set(set_search *q, uint64_t positions, uint64_t values)
{
    bd_board_step *s = q->s;
    s->unit = q->unit;
    s->values = values;
    for (; positions; positions &= positions - 1u)
        s->cells[s->cell_count++] = nxn_unit_cell(&q->m->g, q->unit, nxn_low_index(positions));
}

/* An nxn_combo_fn: the naked set of the positions `set`, if it removes
 * something. */
static bool naked_at(void *context, uint64_t set)
{
    set_search *q = context;
    uint64_t values = 0;
    for (uint64_t rest = set; rest; rest &= rest - 1u)
        values |= q->cand[nxn_low_index(rest)];
    if (nxn_bit_count(values) != q->degree)
        return false;
    bool removes = false;
    for (int pos = 0; pos < q->m->g.size && !removes; pos++)
        removes = !(set >> pos & 1u) && (q->cand[pos] & values);
    if (!removes)
        return false;
    nxn_step_start(q->s, &q->m->g, set_technique(SET_NAKED, q->degree),
                   set_difficulty(SET_NAKED, q->degree));
    for (int pos = 0; pos < q->m->g.size; pos++)
        if (!(set >> pos & 1u) && (q->cand[pos] & values))
            nxn_step_remove(q->s, nxn_unit_cell(&q->m->g, q->unit, pos), q->cand[pos] & values);
    mark_set(q, set, values);
    return true;
}

/* An nxn_combo_fn: the hidden set of the values `set` (bit v - 1), if it
 * removes something. */
static bool hidden_at(void *context, uint64_t set)
{
    set_search *q = context;
    const nxn_marks *m = q->m;
    uint64_t positions = 0;
    for (uint64_t rest = set; rest; rest &= rest - 1u)
        positions |= m->places[q->unit][nxn_low_index(rest)];
    if (nxn_bit_count(positions) != q->degree)
        return false;
    bool removes = false;
    for (uint64_t rest = positions; rest && !removes; rest &= rest - 1u)
        removes = (m->cand[nxn_unit_cell(&m->g, q->unit, nxn_low_index(rest))] & ~set) != 0;
    if (!removes)
        return false;
    nxn_step_start(q->s, &m->g, set_technique(SET_HIDDEN, q->degree),
                   set_difficulty(SET_HIDDEN, q->degree));
    for (uint64_t rest = positions; rest; rest &= rest - 1u) {
        int cell = nxn_unit_cell(&m->g, q->unit, nxn_low_index(rest));
        if (m->cand[cell] & ~set)
            nxn_step_remove(q->s, cell, m->cand[cell] & ~set);
    }
    mark_set(q, positions, set);
    return true;
}

/* Searches the units in order for a set; `hidden` picks the kind. */
static bool find_set(const nxn_marks *m, int degree, bool hidden, bd_board_step *s)
{
    const nxn_geom *g = &m->g;
    set_search q = {.m = m, .degree = degree, .s = s};
    for (int i = 0; i < nxn_unit_count(g); i++) {
        q.unit = nxn_unit_in_order(g, i);
        int blanks = 0;
        uint64_t from = 0;
        for (int pos = 0; pos < g->size; pos++) {
            int cell = nxn_unit_cell(g, q.unit, pos);
            q.cand[pos] = m->cand[cell];
            blanks += !m->board.cells[cell];
            int count = nxn_bit_count(hidden ? m->places[q.unit][pos] : q.cand[pos]);
            if (count >= 2 && count <= degree)
                from |= UINT64_C(1) << pos;
        }
        if (hidden ? blanks <= 2 * degree : blanks < 2 * degree)
            continue;
        if (nxn_each_combination(from, degree, hidden ? hidden_at : naked_at, &q))
            return true;
    }
    return false;
}

bool nxn_naked_set(const nxn_marks *m, int degree, bd_board_step *s)
{
    return find_set(m, degree, false, s);
}

bool nxn_hidden_set(const nxn_marks *m, int degree, bd_board_step *s)
{
    return find_set(m, degree, true, s);
}
