/*
 * count.c - the solutions of a candidate state, counted up to a limit: the
 * uniqueness check of a path that starts from pencil marks, whose
 * candidates the fast engine (which starts from givens) cannot take.
 *
 * A depth-first search on nine-bit candidate masks, one per cell: each
 * node propagates naked singles (a cell with one candidate takes it, its
 * peers lose it) and hidden singles (a digit with one place in a unit goes
 * there) until neither applies, fails when a cell or a unit's digit has no
 * place left, and branches on the open cell with the fewest candidates, in
 * digit order. Nodes are counted against the caller's budget. Pencil-mark
 * puzzles are small problems for it: the marks usually leave few choices.
 */
#include "human.h"

#include "core/budget.h"

#include <string.h>

/* One node's state: each cell's candidates, and whether it is filled. */
typedef struct marks_node {
    uint16_t cand[BD_CELLS];
    bool filled[BD_CELLS];
} marks_node;

typedef struct counter {
    bdi_budget *budget;
    uint64_t limit, found;
    bd_grid *first;         /* the first solution found, when not NULL */
} counter;

/* Fills `cell` with `digit`: its peers lose the digit. */
static void fill(marks_node *n, int cell, int digit)
{
    n->filled[cell] = true;
    n->cand[cell] = (uint16_t)digit_bit(digit);
    bdi_board peers = peers_of(cell);
    for (int peer; (peer = board_pop(&peers)) >= 0;)
        n->cand[peer] &= (uint16_t)~digit_bit(digit);
}

/* One round of hidden singles over the 27 units; false on a digit with no
 * place in a unit where it is not yet filled. Sets *changed on a fill. */
static bool hidden_round(marks_node *n, bool *changed)
{
    for (int kind = 0; kind < UNIT_KINDS; kind++)
        for (int index = 0; index < BD_SIZE; index++) {
            unsigned once = 0, twice = 0, done = 0;
            for (int pos = 0; pos < BD_SIZE; pos++) {
                int cell = unit_cell(kind, index, pos);
                if (n->filled[cell]) {
                    done |= n->cand[cell];
                    continue;
                }
                twice |= once & n->cand[cell];
                once |= n->cand[cell];
            }
            if ((once | done) != ALL_DIGITS)
                return false;
            for (unsigned lone = once & ~twice & ~done; lone; lone &= lone - 1u) {
                int digit = bit_digit(lone);
                for (int pos = 0; pos < BD_SIZE; pos++) {
                    int cell = unit_cell(kind, index, pos);
                    if (!n->filled[cell] && (n->cand[cell] & digit_bit(digit))) {
                        fill(n, cell, digit);
                        *changed = true;
                        break;
                    }
                }
            }
        }
    return true;
}

/* Singles until none apply; false on a contradiction. */
static bool propagate(marks_node *n)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int cell = 0; cell < BD_CELLS; cell++) {
            if (n->filled[cell])
                continue;
            if (!n->cand[cell])
                return false;
            if (digit_count(n->cand[cell]) == 1) {
                fill(n, cell, bit_digit(n->cand[cell]));
                changed = true;
            }
        }
        if (!hidden_round(n, &changed))
            return false;
    }
    return true;
}

/* Counts the solutions below `n`; false when the count or the budget says
 * stop. */
static bool search(counter *k, const marks_node *from)
{
    if (bdi_budget_spend(k->budget))
        return false;
    marks_node n = *from;
    if (!propagate(&n))
        return true;
    int best = -1, best_count = BD_SIZE + 1;
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (!n.filled[cell] && digit_count(n.cand[cell]) < best_count) {
            best = cell;
            best_count = digit_count(n.cand[cell]);
        }
    if (best < 0) {
        if (k->first && !k->found)
            for (int cell = 0; cell < BD_CELLS; cell++)
                k->first->cells[cell] = (uint8_t)bit_digit(n.cand[cell]);
        return ++k->found < k->limit;
    }
    for (unsigned digits = n.cand[best]; digits; digits &= digits - 1u) {
        marks_node child = n;
        fill(&child, best, bit_digit(digits));
        if (!search(k, &child))
            return false;
    }
    return true;
}

bd_status bdi_count_marks(const uint16_t cand[BD_CELLS], uint64_t limit,
                          const bd_options *options, uint64_t *count, bd_grid *first,
                          bd_stats *stats)
{
    bdi_budget budget;
    bdi_budget_init(&budget, options);
    marks_node root;
    memcpy(root.cand, cand, sizeof root.cand);
    memset(root.filled, 0, sizeof root.filled);
    counter k = {&budget, limit ? limit : UINT64_MAX, 0, first};
    search(&k, &root);
    *count = k.found;
    if (stats)
        stats->nodes += budget.nodes;
    return budget.cut ? BD_CUT_SHORT : BD_OK;
}
