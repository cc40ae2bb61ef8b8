/*
 * locks.c - pointing and claiming on a board: the box-line intersections.
 *
 * Pointing (2.6): a box's value whose places (two or more) all lie in one
 * line, a row or a column, that crosses the box: the line's cells outside
 * the box lose it. Claiming (2.8): a line's value whose places (two or
 * more) all lie in one box: the box's cells outside the line lose it.
 * With boxes of R rows x C columns a box crosses R rows and C columns, a
 * row R boxes, a column C boxes; both directions are looked for.
 *
 * SE's order: the pairs (box, column), (box, row), (column, box), (row,
 * box); for each, the first unit 0..N-1, the units crossing it in
 * increasing order, the values 1..N; the first lock that removes
 * something is the step. Places come from m->places (marks.c), as masks
 * of positions; a unit's positions inside a crossing unit are a mask too.
 */
#include "nxn.h"

/* The first and second kinds of the pairs, in SE's order: 0 rows, 1
 * columns, 2 boxes. */
static const int FIRST_KIND[4] = {2, 2, 1, 0};
static const int SECOND_KIND[4] = {1, 0, 2, 2};

/* The i-th unit of kind `kind` crossing `unit` (of another kind), for i
 * 0 .. how many there are, in increasing order; -1 past the last. */
static int crossing(const nxn_geom *g, int unit, int kind, int i)
{
    int n = g->size, r = g->box_rows, c = g->box_cols;
    if (unit >= 2 * n) {                        /* a box: its rows or columns */
        int box = unit - 2 * n;
        if (kind == 0)
            return i < r ? box / r * r + i : -1;
        return i < c ? n + box % r * c + i : -1;
    }
    if (unit < n)                               /* a row: the R boxes across it */
        return i < r ? 2 * n + unit / r * r + i : -1;
    return i < c ? 2 * n + i * r + (unit - n) / c : -1;  /* a column: C boxes down */
}

/* The positions of `unit` that lie in `other`. */
static uint64_t inside(const nxn_geom *g, int unit, int other)
{
    uint64_t mask = 0;
    for (int pos = 0; pos < g->size; pos++)
        if (nxn_unit_has(g, other, nxn_unit_cell(g, unit, pos)))
            mask |= UINT64_C(1) << pos;
    return mask;
}

/* The lock of `value` from `first` on `second` (`first_in`: the positions
 * of `first` inside `second`; `second_in`: the reverse), if it removes
 * something: fills `s`. */
static bool lock(const nxn_marks *m, int first, int second, uint64_t first_in,
                 uint64_t second_in, int value, bd_board_step *s)
{
    const nxn_geom *g = &m->g;
    uint64_t places = m->places[first][value - 1];
    if (!places || !(places & (places - 1u)) || (places & ~first_in))
        return false;
    uint64_t outside = m->places[second][value - 1] & ~second_in;
    if (!outside)
        return false;
    bool pointing = first >= 2 * g->size;
    nxn_step_start(s, g, pointing ? BD_TECH_POINTING : BD_TECH_CLAIMING, pointing ? 2.6 : 2.8);
    s->unit = first;
    s->unit2 = second;
    s->values = nxn_value_bit(value);
    for (; outside; outside &= outside - 1u)
        nxn_step_remove(s, nxn_unit_cell(g, second, nxn_low_index(outside)), s->values);
    return true;
}

bool nxn_locks(const nxn_marks *m, bd_board_step *s)
{
    const nxn_geom *g = &m->g;
    for (int pair = 0; pair < 4; pair++)
        for (int index = 0; index < g->size; index++) {
            int first = FIRST_KIND[pair] * g->size + index;
            for (int i = 0, second; (second = crossing(g, first, SECOND_KIND[pair], i)) >= 0;
                 i++) {
                uint64_t first_in = inside(g, first, second), second_in = inside(g, second, first);
                for (int value = 1; value <= g->size; value++)
                    if (lock(m, first, second, first_in, second_in, value, s))
                        return true;
            }
        }
    return false;
}
