/*
 * fish.c - basic fish on a board: X-wing (2 lines, 3.2), swordfish (3,
 * 3.8), jellyfish (4, 5.2). `degree` base lines in which a value has two
 * or more places each, all within `degree` cover lines of the other kind:
 * the cover lines' other cells lose the value.
 *
 * A line's places of a value are read as positions (m->places), which
 * for a base column are rows and for a base row columns: the union of
 * the base lines' places is the set of cover lines. Order: base columns
 * first, then base rows; for each, the values 1..N; for each value, the
 * sets of base lines as masks in increasing order, drawn only from the
 * lines where the value has 2..degree places (nxn_each_combination).
 */
#include "nxn.h"
#include "core/set_rating.h"

/* One value's search on one kind of base line. */
typedef struct fish_search {
    const nxn_marks *m;
    int degree, value;
    int base_first, cover_first;    /* the unit number of line 0 of each kind */
    bd_board_step *s;
} fish_search;

/* An nxn_combo_fn: the fish on the base lines `set`, if it removes
 * something. */
static bool fish_at(void *context, uint64_t set)
{
    fish_search *q = context;
    const nxn_marks *m = q->m;
    uint64_t cover = 0;
    for (uint64_t rest = set; rest; rest &= rest - 1u)
        cover |= m->places[q->base_first + nxn_low_index(rest)][q->value - 1];
    if (nxn_bit_count(cover) != q->degree)
        return false;
    uint64_t removable = 0;
    for (uint64_t rest = cover; rest; rest &= rest - 1u)
        removable |= m->places[q->cover_first + nxn_low_index(rest)][q->value - 1] & ~set;
    if (!removable)
        return false;
    bd_board_step *s = q->s;
    nxn_step_start(s, &m->g, set_technique(SET_FISH, q->degree),
                   set_difficulty(SET_FISH, q->degree));
    s->unit = q->base_first + nxn_low_index(set);
    s->values = nxn_value_bit(q->value);
    s->base = set;
    s->cover = cover;
    for (uint64_t rest = cover; rest; rest &= rest - 1u) {
        int line = q->cover_first + nxn_low_index(rest);
        for (uint64_t at = m->places[line][q->value - 1] & ~set; at; at &= at - 1u)
            nxn_step_remove(s, nxn_unit_cell(&m->g, line, nxn_low_index(at)), s->values);
    }
    return true;
}

bool nxn_fish(const nxn_marks *m, int degree, bd_board_step *s)
{
    int n = m->g.size;
    for (int kind = 0; kind < 2; kind++) {
        fish_search q = {.m = m, .degree = degree, .s = s,
                         .base_first = kind == 0 ? n : 0, .cover_first = kind == 0 ? 0 : n};
        for (q.value = 1; q.value <= n; q.value++) {
            uint64_t from = 0;
            for (int line = 0; line < n; line++) {
                int count = nxn_bit_count(m->places[q.base_first + line][q.value - 1]);
                if (count >= 2 && count <= degree)
                    from |= UINT64_C(1) << line;
            }
            if (nxn_each_combination(from, degree, fish_at, &q))
                return true;
        }
    }
    return false;
}
