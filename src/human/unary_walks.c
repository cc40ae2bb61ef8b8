/*
 * unary_walks.c - SE's two walks from one start of its static chaining
 * search (doUnaryChaining, cycles.c): the cycle walk (doCycles,
 * find_cycles), kept to the start's part when the tests found it, which
 * offers each cycle that removes something (its removals, its nodes and
 * the reversed cycle), and the forcing chain walk (doForcingChains,
 * find_forcing) from the start on or off, with its bound once the list
 * has a best hint (forcing_may_win, forcing_from) and its hint
 * (offer_forcing). A walk keeps its potentials in a list of its own
 * (u->light), counted against the budget as chainer nodes; those of a
 * chain or cycle offered become chainer nodes. With the grid (u->rg), the
 * forcing chain walk is made with cell sets, a half layer at a time
 * (forcing_by_sets), and only its chain's potentials are kept: each one's
 * first parent found afterwards, from the target back, as the first in
 * the walk's queue of those that imply it.
 */
#include "cycles.h"

#include <stdlib.h>
#include <string.h>

/* Whether a potential equal to `pot` is among the first parents above
 * potential `at` of the walk's list `light` (SE's isParent). */
static bool is_parent(const lnode *light, int32_t at, int pot)
{
    while (light[at].parent >= 0) {
        at = light[at].parent;
        if (light[at].pot == pot)
            return true;
    }
    return false;
}

/* Doubles the room of the queue; false when memory runs out (the queue
 * unchanged). (push's growth, out of line.) */
static bool queue_grow(nqueue *q)
{
    size_t want = q->cap ? q->cap * 2 : 1024;
    int32_t *bigger = realloc(q->item, want * sizeof *bigger);
    if (!bigger)
        return false;
    q->item = bigger;
    q->cap = want;
    return true;
}

/* Appends `node` to the queue, growing it; false when memory runs out
 * (the queue unchanged). */
static inline bool push(nqueue *q, int32_t node)
{
    if (q->tail == q->cap && !queue_grow(q))
        return false;
    q->item[q->tail++] = node;
    return true;
}

static void offer_cycle(unary *u, int32_t end, chint_list *list);

/* Into `closer` (a cell set a digit), the closers of the start s =
 * (cell, d + 1): the nodes of its part (u->part: u->part_set) other than
 * s that, on, switch off a partner of s, a potential whose switching off
 * switches s on (with Y-links, its cell's other candidate in a cell of
 * two; with X-links, its digit's other place in a unit of two,
 * u->rg->partner). A potential on switches off its digit in its peers
 * and, with Y-links, its cell's other candidates. Only from a closer can
 * find_cycles' walk close a cycle. */
static void part_closers(const unary *u, int cell, int d, uint64_t (*closer)[2])
{
    const reach_grid *rg = u->rg;
    uint16_t partners[1 + 2 * UNIT_KINDS];
    uint32_t count = 0;
    if (u->y && rg->cell_left[cell] == 2)
        partners[count++] =
            (uint16_t)(cell * BD_SIZE + bit_digit(rg->cell_cand[cell] & ~(1u << d)) - 1);
    for (int w = 0; u->x && w < 2; w++)
        for (uint64_t bits = rg->partner[cell * BD_SIZE + d][w]; bits; bits &= bits - 1u)
            partners[count++] = (uint16_t)((w * 64 + low_index(bits)) * BD_SIZE + d);
    memset(closer, 0, BD_SIZE * sizeof *closer);
    for (uint32_t i = 0; i < count; i++) {
        int at = partners[i] / BD_SIZE, e = partners[i] % BD_SIZE;
        closer[e][0] |= u->part[e][0] & rg->peers[at][0];
        closer[e][1] |= u->part[e][1] & rg->peers[at][1];
        for (unsigned ds = u->y ? rg->cell_cand[at] & ~(1u << e) : 0; ds; ds &= ds - 1u)
            closer[bit_digit(ds) - 1][at >> 6] |= u->part[bit_digit(ds) - 1][at >> 6]
                                                  & (uint64_t)1 << (at & 63);
    }
    closer[d][cell >> 6] &= ~((uint64_t)1 << (cell & 63));
}

/* Whether the cell sets `set` (one a digit) hold potential `pot`'s
 * candidate. */
static inline bool holds_pot(uint64_t (*set)[2], int pot)
{
    int at = pot_cell(pot);
    return set[pot_digit(pot) - 1][at >> 6] >> (at & 63) & 1u;
}

/* Adds potential `pot`'s candidate to the cell sets `set` (one a digit). */
static inline void add_pot(uint64_t (*set)[2], int pot)
{
    int at = pot_cell(pot);
    set[pot_digit(pot) - 1][at >> 6] |= (uint64_t)1 << (at & 63);
}

/* Whether the cell sets `set` (one a digit) are all empty. */
static inline bool empty_sets(uint64_t (*set)[2])
{
    uint64_t any = 0;
    for (int d = 0; d < BD_SIZE; d++)
        any |= set[d][0] | set[d][1];
    return any == 0;
}

/* Doubles the room of the walk's list; false (ch->failed set) when memory
 * runs out. (light_new's growth, out of line.) */
static bool light_grow(unary *u)
{
    uint32_t want = u->light_cap ? u->light_cap * 2 : 1024;
    lnode *bigger = realloc(u->light, want * sizeof *bigger);
    if (!bigger) {
        u->ch->failed = true;
        return false;
    }
    u->light = bigger;
    u->light_cap = want;
    return true;
}

/* Appends to the walk's list potential `pot` with `cause` and first parent
 * `parent`, counted against the chainer's budget as node_new counts a
 * node (but the start, without parent: its node is counted already); its
 * index, or -1 (ch->failed set) when the budget is spent or memory runs
 * out. */
static inline int32_t light_new(unary *u, int pot, int cause, int32_t parent)
{
    bdi_chainer *ch = u->ch;
    if (parent >= 0 && ch->budget && bdi_budget_spend(ch->budget)) {
        ch->failed = ch->cut_short = true;
        return -1;
    }
    if (u->light_count == u->light_cap && !light_grow(u))
        return -1;
    u->light[u->light_count] = (lnode){(uint16_t)pot, (uint8_t)cause, parent};
    return (int32_t)u->light_count++;
}

/* Into `out`, the potentials of digit d + 1 off, with `cause`, of the
 * cells of `cells` (a cell set), first word first, each low bit first;
 * their number. */
static inline int offs_of(uint64_t cells0, uint64_t cells1, int d, int cause, implied *out)
{
    int n = 0;
    for (; cells0; cells0 &= cells0 - 1u)
        out[n++] = (implied){(uint16_t)pot_of(low_index(cells0), d + 1, false), (uint8_t)cause};
    for (; cells1; cells1 &= cells1 - 1u)
        out[n++] = (implied){(uint16_t)pot_of(64 + low_index(cells1), d + 1, false),
                             (uint8_t)cause};
    return n;
}

/* on_implies(u->g, pot, u->y, out) without the potentials that the cell
 * sets `made` (one a digit, of potentials off) hold, from u->rg a word at
 * a time: the same potentials in the same order (its cell's other
 * candidates by digit, then its digit's other places in its box, in its
 * row outside the box and in its column outside the box, each in cell
 * order, which is the unit's order of places); their number. */
static inline int new_offs(const unary *u, int pot, uint64_t (*made)[2], implied *out)
{
    const reach_grid *rg = u->rg;
    int cell = pot_cell(pot), d = pot_digit(pot) - 1, w = cell >> 6, n = 0;
    uint64_t bit = (uint64_t)1 << (cell & 63);
    for (unsigned ds = u->y ? rg->cell_cand[cell] & ~(1u << d) : 0; ds; ds &= ds - 1u)
        if (!(made[bit_digit(ds) - 1][w] & bit))
            out[n++] = (implied){(uint16_t)pot_of(cell, bit_digit(ds), false), CAUSE_NAKED_SINGLE};
    const uint64_t *box = rg->unit[unit_at(UNIT_BOX, cell)];
    const uint64_t *row = rg->unit[unit_at(UNIT_ROW, cell)];
    const uint64_t *col = rg->unit[unit_at(UNIT_COL, cell)];
    uint64_t left0 = rg->cand[d][0] & ~made[d][0], left1 = rg->cand[d][1] & ~made[d][1];
    if (w)
        left1 &= ~bit;
    else
        left0 &= ~bit;
    n += offs_of(left0 & box[0], left1 & box[1], d, CAUSE_HIDDEN_BOX, out + n);
    n += offs_of(left0 & row[0] & ~box[0], left1 & row[1] & ~box[1], d, CAUSE_HIDDEN_ROW, out + n);
    return n + offs_of(left0 & col[0] & ~box[0], left1 & col[1] & ~box[1], d, CAUSE_HIDDEN_COL,
                       out + n);
}

/* Into `shun` (a cell set a digit, of potentials off), those that switch
 * on, with u's links, no node of the start's part (u->part: u->part_set):
 * all but, with X-links, its nodes' digits' other places in a unit of two
 * (u->rg->partner: a place is its partner's partner) and, with Y-links,
 * the other candidate of a node's cell of two. Only from a potential off
 * that switches a part node on can find_cycles' walk come back to the
 * start; each such potential switches something on. */
static void part_shunned(const unary *u, uint64_t (*shun)[2])
{
    const reach_grid *rg = u->rg;
    uint64_t any[2] = {0, 0}, twice[2] = {0, 0};   /* cells in the part with a digit, two */
    for (int d = 0; d < BD_SIZE; d++)
        for (int w = 0; w < 2; w++) {
            twice[w] |= any[w] & u->part[d][w];
            any[w] |= u->part[d][w];
        }
    for (int d = 0; d < BD_SIZE; d++) {
        uint64_t lead[2];
        for (int w = 0; w < 2; w++)   /* a cell of two whose other digit is in the part */
            lead[w] = u->y ? rg->cand[d][w] & rg->two[w] & ((any[w] & ~u->part[d][w]) | twice[w])
                           : 0;
        for (int w = 0; u->x && w < 2; w++)
            for (uint64_t bits = u->part[d][w] & rg->paired[d][w]; bits; bits &= bits - 1u) {
                const uint64_t *partner = rg->partner[(w * 64 + low_index(bits)) * BD_SIZE + d];
                lead[0] |= partner[0];
                lead[1] |= partner[1];
            }
        shun[d][0] = ~lead[0];
        shun[d][1] = ~lead[1];
    }
}

/* off_implies(u->g, pot, u->y, x, out) without the potentials that the
 * cell sets `made` (one a digit, of potentials on) hold, from u->rg: the
 * same potentials in the same order (with Y-links its cell's other
 * candidate in a cell of two, then with X-links its digit's other place
 * in its box, row and column where that unit has two places, a cell met
 * again through a second unit not again); their number. */
static inline int new_ons(const unary *u, int pot, uint64_t (*made)[2], bool x, implied *out)
{
    const reach_grid *rg = u->rg;
    int cell = pot_cell(pot), d = pot_digit(pot) - 1, w = cell >> 6, n = 0;
    if (u->y && rg->cell_left[cell] == 2) {
        int e = bit_digit(rg->cell_cand[cell] & ~(1u << d)) - 1;
        if (!(made[e][w] >> (cell & 63) & 1u))
            out[n++] = (implied){(uint16_t)pot_of(cell, e + 1, true), CAUSE_NAKED_SINGLE};
    }
    if (!x)
        return n;
    const uint64_t *partner = rg->partner[cell * BD_SIZE + d];
    uint64_t left0 = partner[0] & ~made[d][0], left1 = partner[1] & ~made[d][1];
    static const int kinds[UNIT_KINDS] = {UNIT_BOX, UNIT_ROW, UNIT_COL};   /* off_implies' */
    for (int k = 0; k < UNIT_KINDS && (left0 | left1); k++) {
        int kind = kinds[k], unit = unit_at(kind, cell);
        if (rg->unit_left[d][unit] != 2)
            continue;   /* no link: the unit's partner bits are another unit's */
        uint64_t m0 = left0 & rg->unit[unit][0], m1 = left1 & rg->unit[unit][1];
        if (!(m0 | m1))
            continue;   /* made, or met through an earlier unit */
        int at = m0 ? low_index(m0) : 64 + low_index(m1);
        out[n++] = (implied){(uint16_t)pot_of(at, d + 1, true), (uint8_t)region_cause(kind)};
        left0 &= ~m0;
        left1 &= ~m1;
    }
    return n;
}

/* SE's doCycles from `u->source`: each cycle found is offered at once (SE
 * makes their hints after its walks, in the order found, from a grid the
 * walks leave alone: the same hints in the same order). The walk's
 * potentials are kept in u->light, counted against the budget as chainer
 * nodes; a cycle's become nodes only when it is offered. Sets of
 * potentials are bit sets (bit pot). With the start's part known
 * (u->part_set), the potentials that cannot be on a cycle through the
 * start are left out (the comment at the top), and the walk stops once
 * no cycle can close: a cycle closes on a potential off made from a
 * closer (part_closers), made on at most once; after the layer that made
 * the last one, the next "on" step takes only the closers, and the "off"
 * step after it is the walk's last. */
void find_cycles(unary *u, chint_list *list)
{
    bdi_chainer *ch = u->ch;
    uint64_t to_on[(POTENTIALS + 63) / 64], to_off[(POTENTIALS + 63) / 64] = {0};
    int source_pot = ch->nodes[u->source].pot, length = 0;
    uint64_t closer[BD_SIZE][2], left[BD_SIZE][2];   /* the closers; those not made yet */
    uint64_t shun[BD_SIZE][2];   /* the potentials off that lead off the part */
    uint64_t on_shun[BD_SIZE][2];   /* with the part: the potentials on not to
                                       make (off it, or made; the start too
                                       while no cycle can close on it) */
    if (u->part_set) {
        part_closers(u, pot_cell(source_pot), pot_digit(source_pot) - 1, closer);
        memcpy(left, closer, sizeof left);
        part_shunned(u, shun);
        for (int d = 0; d < BD_SIZE; d++) {
            on_shun[d][0] = ~u->part[d][0];
            on_shun[d][1] = ~u->part[d][1];
        }
        add_pot(on_shun, source_pot);
    } else {
        memset(to_on, 0, sizeof to_on);   /* the part's walk reads on_shun */
        bits_set(to_on, source_pot);
    }
    bool last = false;
    u->light_count = 0;
    int32_t first = light_new(u, source_pot, CAUSE_NONE, -1);
    if (first < 0)
        return;
    u->on_q.head = u->on_q.tail = u->off_q.head = u->off_q.tail = 0;
    push(&u->on_q, first);
    implied imp[BD_SIZE + HOUSE_CELLS];
    while (!last && !ch->failed
           && (u->on_q.head < u->on_q.tail || u->off_q.head < u->off_q.tail)) {
        last = u->part_set && empty_sets(left);
        length++;
        /* a cycle closed on the next layer has `length + 1` potentials; no
         * longer one can be taken if that one cannot */
        if (length + 1 >= 4
            && !chint_could_win(list, u->cycle_base + length_difficulty(length + 1), length + 1,
                                u->sort_key)) {
            return;
        }
        while (u->on_q.head < u->on_q.tail) {
            int32_t p = u->on_q.item[u->on_q.head++];
            if (last && !holds_pot(closer, u->light[p].pot))
                continue;   /* its potentials off close no cycle */
            /* with the part, only the potentials off that switch on a node
             * of it (in on_implies' order): the others lead only outside */
            int n = u->part_set ? new_offs(u, u->light[p].pot, shun, imp)
                                : on_implies(u->g, u->light[p].pot, u->y, imp);
            for (int i = 0; i < n; i++) {
                /* each potential above p went into its set when queued: a
                 * potential off not in to_off is none of them */
                if (bits_has(to_off, imp[i].pot) && is_parent(u->light, p, imp[i].pot))
                    continue;
                if (!u->part_set && u->rg
                    && !bits_has(u->linked, 2 * (pot_digit(imp[i].pot) - 1) * 64
                                                + pot_cell(imp[i].pot))) {
                    /* it switches nothing on: the walk would take it and
                     * find nothing; counted as it would be */
                    if (ch->budget && bdi_budget_spend(ch->budget))
                        ch->failed = ch->cut_short = true;
                    continue;
                }
                int32_t made = light_new(u, imp[i].pot, imp[i].cause, p);
                if (made < 0 || !push(&u->off_q, made))
                    ch->failed = true;
                else
                    bits_set(to_off, imp[i].pot);
            }
        }
        length++;
        if (u->part_set && length == 4) {   /* a cycle may close on the start now */
            int at = pot_cell(source_pot);
            on_shun[pot_digit(source_pot) - 1][at >> 6] &= ~((uint64_t)1 << (at & 63));
        }
        while (u->off_q.head < u->off_q.tail) {
            int32_t p = u->off_q.item[u->off_q.head++];
            /* with the part, only the potentials on of it not made yet
             * (in off_implies' order): the others never lead back */
            int n = u->part_set ? new_ons(u, u->light[p].pot, on_shun, u->x, imp)
                                : off_implies(u->g, u->light[p].pot, u->y, u->x, imp);
            for (int i = 0; i < n; i++) {
                bool closes = length >= 4 && imp[i].pot == source_pot;
                if (!closes && !u->part_set && bits_has(to_on, imp[i].pot))
                    continue;
                int32_t made = light_new(u, imp[i].pot, imp[i].cause, p);
                if (made < 0)
                    continue;
                if (closes)
                    offer_cycle(u, made, list);
                else if (!push(&u->on_q, made))
                    ch->failed = true;
                else if (u->part_set) {
                    int at = pot_cell(imp[i].pot), d = pot_digit(imp[i].pot) - 1;
                    on_shun[d][at >> 6] |= (uint64_t)1 << (at & 63);
                    left[d][at >> 6] &= ~((uint64_t)1 << (at & 63));
                } else {
                    bits_set(to_on, imp[i].pot);
                }
            }
        }
    }
}

/* The chainer's nodes of the walk's path that ends at u->light[end], from
 * the start's node `start` on: the index of the last, or -1 (ch->failed
 * set) when memory runs out. Not counted against the budget: the walk
 * counted each when it made it. */
static int32_t light_nodes(unary *u, int32_t end, int32_t start)
{
    bdi_chainer *ch = u->ch;
    int32_t path[POTENTIALS];
    int length = 0;
    for (int32_t n = end; u->light[n].parent >= 0 && length < POTENTIALS; n = u->light[n].parent)
        path[length++] = n;
    bdi_budget *budget = ch->budget;
    ch->budget = NULL;
    int32_t made = start;
    for (int i = length - 1; i >= 0 && made >= 0; i--)
        made = node_new(ch, u->light[path[i]].pot, u->light[path[i]].cause, made);
    ch->budget = budget;
    if (made < 0)
        ch->failed = true;
    return made;
}

/* Whether potential `pot` (a candidate) off implies anything in a forcing
 * chain walk (off_implies with X-links, and Y-links when u->y): a place
 * of its digit in a unit of two with it (u->rg->partner) or, with Y-links,
 * a cell of two. True without u->rg. */
static inline bool off_implies_any(const unary *u, int pot)
{
    const reach_grid *rg = u->rg;
    if (!rg)
        return true;
    int cell = pot_cell(pot);
    return unit_partner(rg, cell * BD_SIZE + pot_digit(pot) - 1)
           || (u->y && rg->cell_left[cell] == 2);
}

/* One half layer of SE's doForcingChains: each potential waiting on the
 * queue of its state (`on`: the "on" queue, whose potentials switch others
 * off; else the "off" queue) is taken, and what it implies is made, in the
 * walk's list (u->light, counted against the budget as chainer nodes). An
 * implied potential that is the opposite of the start (`start_pot`) is the
 * target, the first one only; one is kept for the next half layer when its
 * set (`made_set`, cell sets a digit: the potentials off for the on half,
 * on for the off half) does not hold it yet. The target is never in its
 * set before it is made (it is made once), so only potentials not in the
 * set are made: with u->rg the on half asks for those alone (new_offs).
 * (SE also leaves out, in the on half, a potential among its first
 * parents: every potential a walk takes from a queue, and so every first
 * parent, went into its set when queued.) */
static void forcing_half(unary *u, bool on, int start_pot, uint64_t (*made_set)[2],
                         int32_t *target)
{
    bdi_chainer *ch = u->ch;
    nqueue *from = on ? &u->on_q : &u->off_q, *to = on ? &u->off_q : &u->on_q;
    implied imp[BD_SIZE + HOUSE_CELLS];
    int opposite = *target < 0 ? start_pot ^ 1 : -1;   /* -1 once the target is made */
    while (from->head < from->tail) {
        int32_t p = from->item[from->head++];
        int p_pot = u->light[p].pot;
        if (!on && !off_implies_any(u, p_pot))
            continue;   /* it implies nothing */
        int n = !u->rg ? on ? on_implies(u->g, p_pot, u->y, imp)
                            : off_implies(u->g, p_pot, u->y, true, imp)
                : on ? new_offs(u, p_pot, made_set, imp)
                     : new_ons(u, p_pot, made_set, true, imp);
        for (int i = 0; i < n; i++) {
            int pot = imp[i].pot;   /* the opposite state of p's */
            if (holds_pot(made_set, pot))
                continue;   /* made before: the target, if it, was met then */
            int32_t made = light_new(u, pot, imp[i].cause, p);
            if (made < 0) {
                ch->failed = true;
                continue;
            }
            if (pot == opposite) {
                *target = made;
                opposite = -1;
            }
            add_pot(made_set, pot);
            if (!push(to, made))
                ch->failed = true;
        }
    }
}

/* SE's doForcingChains from `start` (a chainer node, on or off): the
 * first potential that is its opposite, or -1. The walk keeps its
 * potentials in u->light, counted against the budget as chainer nodes;
 * the chain to the target becomes chainer nodes (light_nodes) and its
 * last is returned. */
static int32_t find_forcing(unary *u, int32_t start)
{
    bdi_chainer *ch = u->ch;
    uint64_t made[2][BD_SIZE][2] = {{{0}}};   /* made[on]: the potentials made, by state */
    int start_pot = ch->nodes[start].pot;
    u->light_count = 0;
    int32_t first = light_new(u, start_pot, CAUSE_NONE, -1);
    if (first < 0)
        return -1;
    u->on_q.head = u->on_q.tail = u->off_q.head = u->off_q.tail = 0;
    add_pot(made[pot_on(start_pot)], start_pot);
    push(pot_on(start_pot) ? &u->on_q : &u->off_q, first);
    int32_t target = -1;
    /* half layers alternate on and off; the potentials of half layer h
     * are h - shift links from the start */
    int half = 0, shift = pot_on(start_pot) ? 0 : 1;
    /* SE walks on to the end, but keeps the first target it meets; a
     * target made from a potential d links away has d + 2 potentials, and
     * none is taken once that is too many */
    while (!ch->failed && target < 0
           && (u->on_q.head < u->on_q.tail || u->off_q.head < u->off_q.tail)) {
        for (int on = 1; on >= 0; on--) {
            int depth = half++ - shift;
            if (target < 0 && depth >= 0
                && !chint_could_win(u->list, u->forcing_base + length_difficulty(depth + 2),
                                    depth + 2, u->sort_key)) {
                return -1;
            }
            forcing_half(u, on, start_pot, made[!on], &target);
        }
    }
    return target < 0 ? -1 : light_nodes(u, target, start);
}

/* SE's getReversedCycle: the cycle ending in `end`, each potential
 * switched, each keeping its cause, linked the other way; its end. */
static int32_t reversed_cycle(bdi_chainer *ch, int32_t end)
{
    int32_t path[POTENTIALS];
    int length = 0;
    for (int32_t n = end; n >= 0 && length < POTENTIALS;) {
        path[length++] = n;
        n = ch->nodes[n].parent_count ? (int32_t)node_parents(ch, n)[0] : -1;
    }
    /* path[0] = end ... path[length - 1] = the assumption; the reversed
     * chain starts at path[0] switched and ends at path[length - 1]'s */
    int32_t previous = -1;
    for (int i = 0; i < length; i++) {
        const cnode *n = &ch->nodes[path[i]];
        previous = node_new(ch, n->pot ^ 1, n->cause, previous);
        if (previous < 0)
            return -1;
    }
    return previous;
}

/* Into `peers`, the cells that see `cell` (its box, row and column, itself
 * left out) as a cell set: rg's when there is one, else from bdi_house. */
static inline void cell_peers(const reach_grid *rg, int cell, uint64_t *peers)
{
    if (rg) {
        peers[0] = rg->peers[cell][0];
        peers[1] = rg->peers[cell][1];
        return;
    }
    peers[0] = peers[1] = 0;
    for (int i = 0; i < HOUSE_CELLS; i++)
        bits_set(peers, bdi_house[cell][i]);
}

/* SE's createCycleHint: the candidates of the cycle's digits that see an
 * "on" and an "off" potential of the cycle with their digit, outside the
 * cycle's cells (the first-parent path from its end, the assumption left
 * out); whether there is one. As cell sets by digit: the peers of the
 * cycle's potentials on, and of those off, the cycle's cells taken out;
 * `rg` (grid g's, or NULL) gives the peers and the candidates by digit. */
static bool cycle_removals(const lnode *light, const reach_grid *rg, const chain_grid *g,
                           int32_t end, chint *h)
{
    uint64_t cells[2] = {0, 0}, seen[2][BD_SIZE][2];   /* seen[on][d]: set for `digits` */
    unsigned digits = 0;
    for (int32_t n = end; light[n].parent >= 0; n = light[n].parent) {
        int pot = light[n].pot, cell = pot_cell(pot), d = pot_digit(pot) - 1;
        bits_set(cells, cell);
        if (!(digits >> d & 1u)) {
            digits |= 1u << d;
            memset(seen[0][d], 0, sizeof seen[0][d]);
            memset(seen[1][d], 0, sizeof seen[1][d]);
        }
        uint64_t peers[2];
        cell_peers(rg, cell, peers);
        uint64_t *to = seen[pot_on(pot)][d];
        to[0] |= peers[0];
        to[1] |= peers[1];
    }
    bool any = false;
    for (unsigned ds = digits; ds; ds &= ds - 1u) {
        int d = bit_digit(ds) - 1;
        for (int w = 0; w < 2; w++)   /* with rg, only its candidates of d */
            for (uint64_t bits = seen[0][d][w] & seen[1][d][w] & ~cells[w]
                                 & (rg ? rg->cand[d][w] : ~(uint64_t)0);
                 bits; bits &= bits - 1u) {
                int other = w * 64 + low_index(bits);
                if (g->cand[other] & digit_bit(d + 1)) {
                    h->removed[other] |= (uint16_t)digit_bit(d + 1);
                    any = true;
                }
            }
    }
    return any;
}

/* Starts a hint of the walk's link kinds. */
static void start_hint(const unary *u, int kind, chint *h)
{
    h->kind = kind;
    h->is_x = u->x;
    h->is_y = u->y;
    h->sort_key = u->sort_key;
    h->cell = -1;
    h->digit = 0;
    h->unit = -1;
    h->source = -1;
    h->fingerprint = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        h->removed[cell] = 0;
}

/* Offers to `list` the cycle that closes at potential `light_end` of the
 * walk's list: its removals (its nodes made then), and nothing when it
 * removes nothing. */
static void offer_cycle(unary *u, int32_t light_end, chint_list *list)
{
    bdi_chainer *ch = u->ch;
    chint h;
    start_hint(u, CHAIN_CYCLE, &h);
    if (!cycle_removals(u->light, u->rg, u->g, light_end, &h))
        return;
    int32_t end = light_nodes(u, light_end, u->source);
    if (end < 0)
        return;
    h.tech = u->x && u->y ? BD_TECH_CYCLE : u->x ? BD_TECH_X_CYCLE : BD_TECH_Y_CYCLE;
    h.complexity = ancestor_count(ch, end);
    h.difficulty = (u->x && u->y ? 7.0 : 6.5) + length_difficulty(h.complexity);
    h.source = ch->nodes[u->source].pot;
    h.targets[0] = (uint32_t)end;
    h.target_count = 1;
    if (list->keep_all || list->want_links) {
        int32_t back = reversed_cycle(ch, end);
        if (back < 0)
            return;
        h.targets[1] = (uint32_t)back;
        h.target_count = 2;
    }
    chint_offer(ch, list, &h);
}

/* Offers to `list` the forcing chain that reaches node `target`: its
 * potential's cell set to the digit when that potential is on, the digit
 * removed from its cell when it is off; rated by its ancestors. */
void offer_forcing(unary *u, int32_t target, const chain_grid *g, chint_list *list)
{
    bdi_chainer *ch = u->ch;
    int pot = ch->nodes[target].pot, cell = pot_cell(pot), digit = pot_digit(pot);
    chint h;
    start_hint(u, CHAIN_FORCING, &h);
    if (pot_on(pot)) {
        h.removed[cell] = (uint16_t)(g->cand[cell] & ~digit_bit(digit));
        h.cell = cell;
        h.digit = digit;
    } else {
        h.removed[cell] = (uint16_t)digit_bit(digit);
    }
    h.tech = u->x && u->y ? BD_TECH_FORCING_CHAIN : BD_TECH_FORCING_X_CHAIN;
    h.complexity = ancestor_count(ch, target);
    h.difficulty = (u->x && u->y ? 7.0 : 6.6) + length_difficulty(h.complexity);
    h.source = pot ^ 1;
    h.targets[0] = (uint32_t)target;
    h.target_count = 1;
    chint_offer(ch, list, &h);
}

CHAIN_INLINE bool set_step(const unary *u, const uint64_t *front, uint64_t *next, uint64_t *seen,
                          bool from_on, const uint64_t *other, bool *meets);

enum { HALF_LAYERS = 32 };   /* forcing_may_win walks at most this deep: a J of
                                2 * HALF_LAYERS - 1 or more is taken as "may" */
enum { SET_LAYERS = 64 };    /* forcing_by_sets' walk: at most this many half layers */

/* The least k >= 0 for which a forcing chain of u's links with k + 2
 * potentials could not come first in u->list (chint_could_win with
 * u->forcing_base and u->sort_key), or SET_LAYERS when there is none
 * below it. chint_could_win holds for every k below that one: a longer
 * chain has a difficulty as high and a complexity higher. The answer is
 * kept in u with the list's best it rests on, and given again while they
 * stay the same. */
static int forcing_span(unary *u)
{
    const chint_list *list = u->list;
    if (list->keep_all || !list->found)
        return SET_LAYERS;
    const chint *b = &list->best;
    if (u->span_set && u->span_difficulty == b->difficulty && u->span_complexity == b->complexity
        && u->span_best_key == b->sort_key && u->span_base == u->forcing_base
        && u->span_key == u->sort_key)
        return u->span;
    int k = 0;
    while (k < SET_LAYERS
           && chint_could_win(list, u->forcing_base + length_difficulty(k + 2), k + 2, u->sort_key))
        k++;
    u->span_set = true;
    u->span = k;
    u->span_difficulty = b->difficulty;
    u->span_complexity = b->complexity;
    u->span_best_key = b->sort_key;
    u->span_base = u->forcing_base;
    u->span_key = u->sort_key;
    return k;
}

/* With a best hint in the list: whether SE's forcing chain walk from
 * (cell, digit) on (`on`) or off may give a hint that comes before it. The
 * walk is breadth-first and makes each potential once, so its target (the
 * start's opposite) is at the half layer of its distance D from the start,
 * and has D + 1 potentials; find_forcing stops before a half layer whose
 * target could not win, the last it may make being J (forcing_span). Each
 * link's contrapositive is a link (a on switches b off when b on switches
 * a off; a off switches b on when b off switches a on), so a path from the
 * start to a potential x and one from the start to x's opposite make one
 * to the start's opposite, and the middle of a path of D links is such an
 * x, at most D / 2 rounded up from the start each way: D <= J when, within
 * (J + 1) / 2 half layers, some potential is reached both on and off at
 * half layers that add up to J at most. Half layer k is walked only while
 * 2k - 1 <= J, so every half layer before it of the other state (k - 1,
 * k - 3, ...) adds up with it to J at most: the test is whether half layer
 * k meets all the potentials reached so far in the other state. */
bool forcing_may_win(unary *u, int cell, int digit, bool on)
{
    int most = forcing_span(u);   /* J */
    if (most >= 2 * HALF_LAYERS - 1)
        return true;
    uint64_t seen[2][BD_SIZE * 2];   /* by state (1: on), the potentials reached */
    uint64_t front[BD_SIZE * 2];     /* the last half layer */
    memset(seen, 0, sizeof seen);
    memset(front, 0, sizeof front);
    int at = 2 * (digit - 1) + (cell >> 6);
    front[at] = seen[on][at] = (uint64_t)1 << (cell & 63);
    bool from_on = on;
    for (int k = 1; 2 * k - 1 <= most; k++, from_on = !from_on) {
        /* half layer k holds potentials off when made from potentials on:
         * it is met with seen[1] */
        bool meets;
        if (!(from_on   /* a copy of set_step by state, its rules fixed */
                  ? set_step(u, front, front, seen[0], true, seen[1], &meets)
                  : set_step(u, front, front, seen[1], false, seen[0], &meets)))
            return false;
        if (meets)
            return true;
    }
    return false;
}

/* find_forcing's walk as forcing_by_sets makes it: its half layers (a
 * cell set a digit each; half layer 0 the start alone, potentials on in
 * the even ones when the start is on, in the odd ones when it is off) and,
 * by potential, the first parent found so far (-1: not looked for; all -1
 * between walks, those set listed in `found`). */
typedef struct set_walk {
    const unary *u;
    bool on0;
    uint64_t layer[SET_LAYERS][BD_SIZE * 2];
    int16_t parent[POTENTIALS];
    uint16_t found[POTENTIALS], found_count;   /* the potentials whose parent is set */
} set_walk;

/* Whether half layer k of `w` holds candidate (cell, d + 1). */
static inline bool layer_has(const set_walk *w, int k, int cell, int d)
{
    return w->layer[k][2 * d + (cell >> 6)] >> (cell & 63) & 1u;
}

/* Where find_forcing's walk puts potential `child` among those its
 * parent `parent` implies (new_offs' order: the cell's other candidates by
 * digit, then the digit's other places in the box, the row outside it and
 * the column outside it, each by cell; new_ons': the cell's other
 * candidate, then the other place in the box, row and column, the first
 * unit of two places that holds it); its cause into *cause. */
static int child_rank(const reach_grid *rg, int parent, int child, int *cause)
{
    int pc = pot_cell(parent), cc = pot_cell(child), d = pot_digit(child) - 1;
    if (pc == cc) {
        *cause = CAUSE_NAKED_SINGLE;
        return d;
    }
    static const int kinds[UNIT_KINDS] = {UNIT_BOX, UNIT_ROW, UNIT_COL};
    for (int k = 0; k < UNIT_KINDS; k++) {
        int unit = unit_at(kinds[k], pc);
        if (unit != unit_at(kinds[k], cc))
            continue;
        if (pot_on(child) && rg->unit_left[d][unit] != 2)
            continue;   /* off to on: only a unit of two places links */
        *cause = region_cause(kinds[k]);
        return BD_SIZE + k * BD_CELLS + cc;
    }
    *cause = CAUSE_NONE;   /* not reached: every child shares a unit */
    return BD_SIZE + UNIT_KINDS * BD_CELLS;
}

static int first_parent(set_walk *w, int pot, int k);

/* Whether potential a comes before potential b (both of half layer j,
 * a != b) in find_forcing's queue: ordered as their first parents are, and
 * children of one parent as it implies them. */
static bool comes_before(set_walk *w, int a, int b, int j)
{
    int cause;
    for (; j > 0; j--) {
        int pa = first_parent(w, a, j), pb = first_parent(w, b, j);
        if (pa == pb)
            return child_rank(w->u->rg, pa, a, &cause) < child_rank(w->u->rg, pb, b, &cause);
        a = pa;
        b = pb;
    }
    return false;   /* not reached: half layer 0 holds one potential */
}

/* The first parent of potential `pot` of half layer k > 0 of `w`: of the
 * potentials of half layer k - 1 that imply it, the first in the queue. */
static int first_parent(set_walk *w, int pot, int k)
{
    if (w->parent[pot] >= 0)
        return w->parent[pot];
    const reach_grid *rg = w->u->rg;
    int cell = pot_cell(pot), d = pot_digit(pot) - 1, best = -1, from[BD_SIZE + 2 * HOUSE_CELLS];
    int n = 0;
    bool on = pot_on(pot);   /* made from potentials off when on */
    if (on) {
        if (w->u->y && rg->cell_left[cell] == 2) {
            int e = bit_digit(rg->cell_cand[cell] & ~(1u << d)) - 1;
            if (layer_has(w, k - 1, cell, e))
                from[n++] = pot_of(cell, e + 1, false);
        }
        for (int i = 0; w->u->x && i < 2; i++)
            for (uint64_t bits = rg->partner[cell * BD_SIZE + d][i] & w->layer[k - 1][2 * d + i];
                 bits; bits &= bits - 1u)
                from[n++] = pot_of(i * 64 + low_index(bits), d + 1, false);
    } else {
        for (unsigned ds = w->u->y ? rg->cell_cand[cell] & ~(1u << d) : 0; ds; ds &= ds - 1u)
            if (layer_has(w, k - 1, cell, bit_digit(ds) - 1))
                from[n++] = pot_of(cell, bit_digit(ds), true);
        for (int i = 0; i < 2; i++)
            for (uint64_t bits = rg->peers[cell][i] & w->layer[k - 1][2 * d + i]; bits;
                 bits &= bits - 1u)
                from[n++] = pot_of(i * 64 + low_index(bits), d + 1, true);
    }
    for (int i = 0; i < n; i++)
        if (best < 0 || comes_before(w, from[i], best, k - 1))
            best = from[i];
    w->parent[pot] = (int16_t)best;
    w->found[w->found_count++] = (uint16_t)pot;
    return best;
}

/* Into `next`, the half layer after `front` (potentials on when
 * `from_on`, else off) of the walk's links (SE's getOnToOff and
 * getOffToOn, as reach_links): the potentials `front`'s switch off (on)
 * that `seen` (the potentials made in that state) does not hold, added to
 * it; whether there are any. `next` may be `front`: it is written once
 * `front` is read. With `other` (a set of the same form), *meets says
 * whether `next` holds one of its potentials; NULL: `meets` unread. Of
 * the potentials off, only those in u->linked (reach_links_linked's table
 * for u's links) are read: the others switch nothing on. */
CHAIN_INLINE bool set_step(const unary *u, const uint64_t *front, uint64_t *next, uint64_t *seen,
                          bool from_on, const uint64_t *other, bool *meets)
{
    const reach_grid *rg = u->rg;
    uint64_t to[BD_SIZE * 2] = {0}, x_links = u->x ? ~(uint64_t)0 : 0;   /* the X-links' mask */
    for (int i = 0; i < BD_SIZE * 2; i++)
        for (uint64_t bits = from_on ? front[i] : front[i] & u->linked[i]; bits;
             bits &= bits - 1u) {
            int d = i / 2, at = (i & 1) * 64 + low_index(bits), w = at >> 6;
            uint64_t bit = (uint64_t)1 << (at & 63);
            if (from_on) {
                to[2 * d] |= rg->cand[d][0] & rg->peers[at][0];
                to[2 * d + 1] |= rg->cand[d][1] & rg->peers[at][1];
                for (unsigned ds = u->y ? rg->cell_cand[at] & ~(1u << d) : 0; ds; ds &= ds - 1u)
                    to[2 * (bit_digit(ds) - 1) + w] |= bit;
                continue;
            }
            if (u->y && rg->cell_left[at] == 2)
                to[2 * (bit_digit(rg->cell_cand[at] & ~(1u << d)) - 1) + w] |= bit;
            to[2 * d] |= rg->partner[at * BD_SIZE + d][0] & x_links;
            to[2 * d + 1] |= rg->partner[at * BD_SIZE + d][1] & x_links;
        }
    uint64_t any = 0, hit = 0;
    for (int i = 0; i < BD_SIZE * 2; i++) {
        next[i] = to[i] & ~seen[i];
        seen[i] |= to[i];
        any |= next[i];
        if (other)
            hit |= next[i] & other[i];
    }
    if (other)
        *meets = hit != 0;
    return any != 0;
}

/* find_forcing from node `start` made with cell sets, a half layer at a
 * time (set_step, the walk's rules), when it has the grid (u->rg): the
 * same target, the same chain (each potential's first parent: of those
 * that imply it in the half layer before, the first in the walk's queue,
 * ordered by their own first parents, then by the order their parent
 * implies them), the same nodes counted (each half layer's potentials, at
 * once, up to the one find_forcing stops after: the target's, or the one
 * after it when the target is off; or the last one chint_could_win lets
 * it make). -2, nothing counted, when it cannot (more than SET_LAYERS half
 * layers, or a budget that the count would cut or make read its clock):
 * find_forcing must walk. */
static int32_t forcing_by_sets(unary *u, int32_t start)
{
    bdi_chainer *ch = u->ch;
    int start_pot = ch->nodes[start].pot, opposite = start_pot ^ 1;
    int ocell = pot_cell(opposite), od = pot_digit(opposite) - 1;
    set_walk *w = u->walk;
    w->u = u;
    w->on0 = pot_on(start_pot);
    uint64_t seen[2][BD_SIZE * 2];   /* by state (1: on), the potentials made */
    memset(w->layer[0], 0, sizeof w->layer[0]);
    memset(seen, 0, sizeof seen);
    int scell = pot_cell(start_pot), sw = 2 * (pot_digit(start_pot) - 1) + (scell >> 6);
    w->layer[0][sw] = seen[w->on0][sw] = (uint64_t)1 << (scell & 63);
    int target_layer = -1;
    /* chint_could_win holds for any chain in a list that keeps all hints
     * or has none yet: no length_difficulty to find then */
    bool bounded = !u->list->keep_all && u->list->found;
    for (int k = 0;; k++) {
        bool from_on = w->on0 ^ (k & 1);
        if (target_layer < 0 && bounded
            && !chint_could_win(u->list, u->forcing_base + length_difficulty(k + 2), k + 2,
                                u->sort_key))
            break;
        if (k + 1 >= SET_LAYERS)
            return -2;
        if (!(from_on   /* a copy of set_step by state, its rules fixed */
                  ? set_step(u, w->layer[k], w->layer[k + 1], seen[0], true, NULL, NULL)
                  : set_step(u, w->layer[k], w->layer[k + 1], seen[1], false, NULL, NULL)))
            break;
        if (target_layer >= 0)
            break;   /* the half layer after an off target's */
        if (layer_has(w, k + 1, ocell, od)) {
            target_layer = k + 1;
            if (!from_on)
                break;
        }
    }
    if (ch->budget) {
        uint64_t count = 0;   /* the potentials made, the start left out */
        for (int i = 0; i < BD_SIZE * 2; i++)
            count += (uint64_t)(bit_count(seen[0][i]) + bit_count(seen[1][i]));
        if (count - 1 > bdi_budget_room(ch->budget))
            return -2;
        bdi_budget_spend_many(ch->budget, count - 1);
    }
    u->light_count = 0;
    if (target_layer < 0)
        return -1;
    w->found_count = 0;
    int path[SET_LAYERS];
    path[target_layer] = opposite;
    for (int j = target_layer; j > 0; j--)
        path[j - 1] = first_parent(w, path[j], j);
    bdi_budget *budget = ch->budget;
    ch->budget = NULL;   /* counted above */
    int32_t at = light_new(u, start_pot, CAUSE_NONE, -1);
    for (int j = 1; j <= target_layer && at >= 0; j++) {
        int cause;
        child_rank(u->rg, path[j - 1], path[j], &cause);
        at = light_new(u, path[j], cause, at);
    }
    ch->budget = budget;
    for (int i = 0; i < w->found_count; i++)
        w->parent[w->found[i]] = -1;
    return at < 0 ? -1 : light_nodes(u, at, start);
}

/* find_forcing by cell sets (forcing_by_sets) where it can, else the
 * walk. */
static int32_t forcing_walk(unary *u, int32_t start)
{
    if (u->rg && !u->ch->failed) {
        if (!u->walk) {
            u->walk = malloc(sizeof *u->walk);
            if (u->walk)
                memset(u->walk->parent, 0xff, sizeof u->walk->parent);   /* all -1 */
        }
        if (u->walk) {
            int32_t target = forcing_by_sets(u, start);
            if (target != -2)
                return target;
        }
    }
    return find_forcing(u, start);
}

/* The hint of `list` (keep_all) whose removals are `removed` (a digit mask
 * a cell), or NULL; `cell` is one where `removed` has some. */
static const chint *kept_with(const chint_list *list, const uint16_t *removed, int cell)
{
    for (int i = 0; i < list->count; i++)
        if (list->all[i].removed[cell] == removed[cell]
            && !memcmp(list->all[i].removed, removed, BD_CELLS * sizeof *removed))
            return &list->all[i];
    return NULL;
}

/* find_forcing from node `start` (a start's potential on or off), or -1.
 * In a list that keeps all hints, where a hint with the chain's removals
 * (the start's candidate when it is on, its cell's others when it is off)
 * is kept, that hint stands for the list's best: the walk is made only
 * where forcing_may_win says its chain may sort before it, and cut where
 * it no longer can. chint_offer keeps, of two hints with the same
 * removals, the one SE's sort puts first (the earlier on a tie), so such
 * a chain would not be kept: the list is as the whole walk leaves it. */
int32_t forcing_from(unary *u, int32_t start, chint_list *list)
{
    if (!list->keep_all || !list->count)
        return forcing_walk(u, start);
    int pot = u->ch->nodes[start].pot, cell = pot_cell(pot);
    uint16_t removed[BD_CELLS] = {0};
    unsigned bit = digit_bit(pot_digit(pot));
    removed[cell] = (uint16_t)(pot_on(pot) ? bit : u->g->cand[cell] & ~bit);
    const chint *kept = kept_with(list, removed, cell);
    if (!kept)
        return forcing_walk(u, start);
    chint_list bound = {.found = true, .best = *kept};
    u->list = &bound;
    int32_t target = forcing_may_win(u, cell, pot_digit(pot), pot_on(pot))
                         ? forcing_walk(u, start)
                         : -1;
    u->list = list;
    return target;
}
