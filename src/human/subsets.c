/*
 * subsets.c - naked and hidden subsets (pairs, triples, quads) in a unit.
 *   naked:  k cells of a unit whose candidates together are k digits: those
 *           digits go in those cells, so they leave the unit's other cells;
 *   hidden: k digits whose places in a unit together are k cells: those
 *           cells hold those digits, so their other candidates go.
 * Both are the same search (combine.c), over masks: k items (cells with
 * their candidate masks, or digits with their masks of positions in the
 * unit) whose union has exactly k bits. Items with one bit are singles and
 * with more than k bits cannot be in a subset of k, so only items of 2..k
 * bits take part.
 */
#include "human.h"

typedef struct subset_search {
    const bdi_cands *c;
    int kind, unit, size;
    bool naked;
    bdi_step *s;
    int count;                    /* items taking part */
    unsigned mask[BD_SIZE];       /* naked: candidates; hidden: positions */
    uint8_t id[BD_SIZE];          /* naked: position in the unit; hidden: digit */
} subset_search;

/* The cells of the unit at the positions `positions`. */
static bdi_board cells_at(int kind, int unit, unsigned positions)
{
    bdi_board cells = board_none();
    for (; positions; positions &= positions - 1u)
        cells = board_or(cells, board_of(unit_cell(kind, unit, low_bit(positions))));
    return cells;
}

/* Records the subset `chosen` (bits: items) with union `uni` if it removes
 * anything (a bdi_subset_fn on a subset_search). */
static bool try_subset(unsigned chosen, unsigned uni, void *context)
{
    const subset_search *ss = context;
    bdi_step *s = ss->s;
    static const bd_technique TECHNIQUE[2][3] = {    /* [naked][size - 2] */
        {BD_TECH_HIDDEN_PAIR, BD_TECH_HIDDEN_TRIPLE, BD_TECH_HIDDEN_QUAD},
        {BD_TECH_NAKED_PAIR, BD_TECH_NAKED_TRIPLE, BD_TECH_NAKED_QUAD}};
    unsigned ids = 0;   /* naked: positions; hidden: digits (bit d-1) */
    for (unsigned rest = chosen; rest; rest &= rest - 1u)
        ids |= ss->naked ? 1u << ss->id[low_bit(rest)] : digit_bit(ss->id[low_bit(rest)]);
    unsigned positions = ss->naked ? ids : uni, digits = ss->naked ? uni : ids;
    bdi_board cells = cells_at(ss->kind, ss->unit, positions);
    bdi_board others = board_minus(board_and(ss->c->open, unit_board(ss->kind, ss->unit)), cells);
    bdi_step_start(s, TECHNIQUE[ss->naked][ss->size - 2]);
    bool removes = false;
    for (int d = 1; d <= BD_SIZE; d++)
        if (ss->naked && (digits & digit_bit(d)))
            removes |= bdi_step_remove(s, ss->c, others, d);
        else if (!ss->naked && !(digits & digit_bit(d)))
            removes |= bdi_step_remove(s, ss->c, cells, d);
    s->kind = ss->kind;
    s->index = ss->unit;
    s->digits = digits;
    for (int cell; (cell = board_pop(&cells)) >= 0;)
        s->cells[s->cell_count++] = (uint8_t)cell;
    return removes;
}

/* Gathers the items of one unit and searches them. */
static bool in_unit(subset_search *ss)
{
    const bdi_cands *c = ss->c;
    ss->count = 0;
    for (int i = 0; i < BD_SIZE; i++) {
        unsigned mask = ss->naked ? c->cell[unit_cell(ss->kind, ss->unit, i)]
                                  : unit_places(c->place[i], ss->kind, ss->unit);
        int bits = digit_count(mask);
        if (bits >= 2 && bits <= ss->size) {
            ss->mask[ss->count] = mask;
            ss->id[ss->count++] = (uint8_t)(ss->naked ? i : i + 1);
        }
    }
    return bdi_find_subset(ss->mask, ss->count, ss->size, try_subset, ss);
}

/* The first naked (or hidden) subset of `size` in any unit that removes
 * something, into `s`. */
static bool find(const bdi_cands *c, int size, bool naked, bdi_step *s)
{
    subset_search ss = {.c = c, .size = size, .naked = naked, .s = s};
    for (ss.kind = 0; ss.kind < UNIT_KINDS; ss.kind++)
        for (ss.unit = 0; ss.unit < BD_SIZE; ss.unit++) {
            int open = board_count(board_and(c->open, unit_board(ss.kind, ss.unit)));
            if (open > size && in_unit(&ss))
                return true;
        }
    return false;
}

bool bdi_naked_subset(const bdi_cands *c, int size, bdi_step *s)
{
    return find(c, size, true, s);
}

bool bdi_hidden_subset(const bdi_cands *c, int size, bdi_step *s)
{
    return find(c, size, false, s);
}
