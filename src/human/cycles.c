/*
 * cycles.c - SE's static chaining producer (Chaining without multiple,
 * dynamic or Nishio): bidirectional cycles and forcing chains, each with
 * X-links only (one digit: X-cycle 6.5, forcing X-chain 6.6, a 6-candidate
 * one being the turbot fish), Y-links only (cells of two candidates:
 * Y-cycle 6.5) or both (cycle, forcing chain 7.0); plus the length's
 * difficulty (chains.c).
 *
 * SE's search (getLoopHintList), for X, then Y, then both: from each
 * candidate of each empty cell (row by row, digits 1..9) assumed on, a
 * breadth-first walk, layer by layer, of the potentials it switches off
 * and those switch on (not going back along a potential's first parents);
 * a potential that switches the assumption on again after four links or
 * more closes a cycle (each one found is a hint). The candidates that see
 * both an "on" and an "off" potential of a cycle with its digit (outside
 * the cycle's cells) go. With X-links, two more walks, from the candidate
 * on and from it off, look for the first potential that is the
 * assumption's opposite: a forcing chain, which removes the candidate (or
 * places it). A cell of more than two candidates starts no Y-only walk.
 * The hints are sorted by difficulty, complexity (the number of
 * potentials in the chain), then kind (X, Y, XY), first found first.
 *
 * Walks that cannot find anything are not made. A cycle through the
 * start, and a forcing chain from it off, end with a potential switched
 * off that switches the start on: its cell's other candidate in a cell of
 * two (Y-links) or its digit's other place in a unit of two (X-links);
 * without such a partner neither walk is made. A forcing chain walk
 * from the start on (off) goes everywhere its rules lead until it meets
 * the start off (on); when the sets reach.c's walk of the same rules
 * (reach_links) would reach do not hold it, it is not made. Those sets
 * come for every start at once from a closure made once a search and kind
 * of links (when a start first asks): the graph of the
 * candidates, an edge from s to u when s on switches off a potential
 * whose switching off switches u on, split by
 * Tarjan's walk into its strongly connected parts, each part's reach (the
 * potentials on) the union of its own and of the parts it leads to,
 * shared by its nodes; the potentials off are those the potentials on
 * switch off. A cycle closes on a partner
 * switched off from a potential on (not the start) that sees it, reached
 * by links that never pass through that partner off (SE's walk does not
 * turn back through a node's first parents); without the closure, when
 * reach.c's walk from the start on past the partner off
 * (reach_links_meet, which stops at the first such potential) reaches
 * none, the cycle walk is not made. Once the list
 * has a best hint, a forcing chain walk is made only when the start's
 * opposite is near enough for its chain to come first (forcing_may_win: a
 * breadth-first walk of cell sets, half as deep); in a list that keeps all
 * hints, a kept hint with the chain's removals stands for that best. A cycle walk keeps its
 * potentials in a list of its own; a
 * cycle's become the chainer's nodes only when it removes something, and
 * a potential off that switches nothing on (not in the links table) is
 * counted as the walk would count it, but not kept.
 *
 * Nested in a chain (a list that keeps all hints), the search runs on the
 * grids the chains leave, and many chains leave the same one. Whether the
 * search finds any hint at all rests on the grid alone (its candidates and
 * filled cells: the walks read nothing else, and a list that keeps all
 * cuts none short); only the rule parents of the hints it finds rest on
 * the grid the outer chain began with. So the grids on which it found
 * none are kept (`cycles_none`: an open-addressed table of the grids
 * themselves, emptied when three quarters full), and on one of those the
 * search is not made: the list stays empty, as the search would leave it.
 * Most nested searches find nothing, and a test that fails with both
 * links fails with X-links only or Y-links only (their links, partners
 * and the potentials that see a partner are among both's). So a nested
 * search first makes the tests with both links from every start, on one
 * closure (both_tests): its forcing chain tests first, and where none
 * passes and no lone candidate's "on" reaches its "off", none of the three
 * searches can find a hint (both_forcing_tests): they are not made, and
 * count no nodes. Elsewhere a cycle removes only a candidate whose "on"
 * reaches its "off", and the cycle test (part_may_remove) looks for no
 * other. The starts where all tests fail are only
 * counted against the budget in each of the three searches, as their
 * failed tests would count; the others are searched as above, a failed
 * test with both links not made again, and an X- or Y-only search with
 * few tests left walks for each (reach_links) rather than make its
 * closure.
 *
 * In every search made with the closure (nested or on the path), the
 * cycle test is another (the partner's is not made: a walk that closes
 * no cycle stops early, see below): it fails at a start on no cycle of
 * the closure's graph, or
 * whose part (its strongly connected one) and the partners the part
 * switches off see no candidate together (cycle_may_remove): every cycle
 * through the start would remove nothing, and a cycle that removes
 * nothing is not offered. (With both links the parts hold those of
 * X-links only and Y-links only, so both_tests' answer serves the three
 * nested searches.) Without the closure, once a partner may close
 * a cycle, the same test is made on the start's part found from
 * reach_links' walk from it on (the potentials on of that walk that reach
 * the start back: part_of). The walks
 * not made count no nodes, so the budget's count falls by theirs.
 *
 * A cycle walk made after that test keeps to the start's part: a
 * potential on outside it never leads back to the start, and a potential
 * off that switches on no node of it leads only outside; neither can be
 * on a cycle's path, and leaving them out changes neither the layer nor
 * the first parent of any potential that can (their first parents are
 * the part's, or those potentials off). So the walk finds the same cycles
 * in the same order. The
 * potentials left out are not counted against the budget. And the walk
 * stops where no cycle can close any more: a cycle closes on a potential
 * off that switches the start on (a partner), made from a potential on
 * that switches it off, a closer; the walk makes each potential on once,
 * so once it has made every closer of the part and taken each in the
 * next layer, it has closed every cycle it would (find_cycles).
 */
#include "chains.h"

#include <stdlib.h>
#include <string.h>

/* A potential of find_cycles' walk, kept in the walk's own list (not as
 * a chainer node) until a cycle closes on it: its cause and its first
 * parent (its index in the list; -1 for the start, the list's first). */
typedef struct lnode {
    uint16_t pot;
    uint8_t cause;
    int32_t parent;
} lnode;

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

/* A growable queue of node indexes. */
typedef struct nqueue {
    int32_t *item;
    size_t head, tail, cap;
} nqueue;

/* Appends `node` to the queue, growing it; false when memory runs out
 * (the queue unchanged). */
static bool push(nqueue *q, int32_t node)
{
    if (q->tail == q->cap) {
        size_t want = q->cap ? q->cap * 2 : 1024;
        int32_t *bigger = realloc(q->item, want * sizeof *bigger);
        if (!bigger)
            return false;
        q->item = bigger;
        q->cap = want;
    }
    q->item[q->tail++] = node;
    return true;
}

enum { CANDIDATES = BD_CELLS * BD_SIZE };

/* The walks of one assumption. */
typedef struct unary {
    bdi_chainer *ch;
    const chain_grid *g;
    bool y, x;
    int sort_key;               /* SE's: 2 X-links only, 3 Y-links only, 4 both */
    double cycle_base, forcing_base;
    int32_t source;
    nqueue on_q, off_q;
    lnode *light;               /* find_cycles' or find_forcing's walk: its
                                   potentials */
    uint32_t light_count, light_cap;
    const chint_list *list;
    const reach_grid *rg;       /* the grid for reach_links, or NULL */
    uint64_t linked[BD_SIZE * 2]; /* with rg: reach_links_linked's, for y, x */
    struct closure *cl;         /* all starts' reach, for y, x; or NULL (each
                                   start walks for its own tests) */
    bool cl_made;               /* whether cl is made for this grid, y, x */
    const uint8_t *may;         /* by start: the tests with both links that
                                   passed (MAY_), or NULL: all may */
    const uint64_t (*removable)[2];   /* nested: by digit, the candidates a
                                   cycle may remove (both_forcing_tests'), or
                                   NULL: all */
    bool part_set;              /* may_cycle found the start's part: */
    uint64_t part[BD_SIZE][2];  /* its nodes, a cell set a digit */
} unary;

static void offer_cycle(unary *u, int32_t end, chint_list *list);

/* Whether potential `pot` (off) switches on, with u's links, a node of
 * the start's part (u->part: u->part_set): with Y-links its cell's other
 * candidate in a cell of two, with X-links its digit's other place in a
 * unit of two (u->rg->partner). */
static inline bool leads_to_part(const unary *u, int pot)
{
    const reach_grid *rg = u->rg;
    int cell = pot_cell(pot), d = pot_digit(pot) - 1;
    if (u->x) {
        const uint64_t *partner = rg->partner[cell * BD_SIZE + d];
        if ((partner[0] & u->part[d][0]) | (partner[1] & u->part[d][1]))
            return true;
    }
    if (u->y && rg->cell_left[cell] == 2) {
        int e = bit_digit(rg->cell_cand[cell] & ~(1u << d)) - 1;
        return u->part[e][cell >> 6] >> (cell & 63) & 1u;
    }
    return false;
}

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

/* Whether the cell sets `set` (one a digit) are all empty. */
static inline bool empty_sets(uint64_t (*set)[2])
{
    uint64_t any = 0;
    for (int d = 0; d < BD_SIZE; d++)
        any |= set[d][0] | set[d][1];
    return any == 0;
}

/* Appends to the walk's list potential `pot` with `cause` and first parent
 * `parent`, counted against the chainer's budget as node_new counts a
 * node (but the start, without parent: its node is counted already); its
 * index, or -1 (ch->failed set) when the budget is spent or memory runs
 * out. */
static bool light_grow(unary *u);

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
static void find_cycles(unary *u, chint_list *list)
{
    bdi_chainer *ch = u->ch;
    uint64_t to_on[(POTENTIALS + 63) / 64] = {0}, to_off[(POTENTIALS + 63) / 64] = {0};
    int source_pot = ch->nodes[u->source].pot, length = 0;
    uint64_t closer[BD_SIZE][2], left[BD_SIZE][2];   /* the closers; those not made yet */
    if (u->part_set) {
        part_closers(u, pot_cell(source_pot), pot_digit(source_pot) - 1, closer);
        memcpy(left, closer, sizeof left);
    }
    bool last = false;
    u->light_count = 0;
    int32_t first = light_new(u, source_pot, CAUSE_NONE, -1);
    if (first < 0)
        return;
    bits_set(to_on, source_pot);
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
            int n = on_implies(u->g, u->light[p].pot, u->y, imp);
            for (int i = 0; i < n; i++) {
                /* each potential above p went into its set when queued: a
                 * potential off not in to_off is none of them */
                if (bits_has(to_off, imp[i].pot) && is_parent(u->light, p, imp[i].pot))
                    continue;
                if (u->part_set && !leads_to_part(u, imp[i].pot))
                    continue;   /* it switches on no node of the start's part */
                if (u->rg && !bits_has(u->linked, 2 * (pot_digit(imp[i].pot) - 1) * 64
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
        while (u->off_q.head < u->off_q.tail) {
            int32_t p = u->off_q.item[u->off_q.head++];
            int n = off_implies(u->g, u->light[p].pot, u->y, u->x, imp);
            for (int i = 0; i < n; i++) {
                bool closes = length >= 4 && imp[i].pot == source_pot;
                if (!closes && bits_has(to_on, imp[i].pot))
                    continue;
                int at = pot_cell(imp[i].pot);
                if (!closes && u->part_set
                    && !(u->part[pot_digit(imp[i].pot) - 1][at >> 6] >> (at & 63) & 1u))
                    continue;   /* off the start's part: it never leads back */
                int32_t made = light_new(u, imp[i].pot, imp[i].cause, p);
                if (made < 0)
                    continue;
                if (closes)
                    offer_cycle(u, made, list);
                else if (!push(&u->on_q, made))
                    ch->failed = true;
                else {
                    bits_set(to_on, imp[i].pot);
                    if (u->part_set)
                        left[pot_digit(imp[i].pot) - 1][at >> 6] &= ~((uint64_t)1 << (at & 63));
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

/* Whether candidate `cand` (cell * BD_SIZE + digit - 1) has its digit's
 * other place in a unit of two places with it (rg->partner). */
static inline bool unit_partner(const reach_grid *rg, int cand)
{
    return (rg->partner[cand][0] | rg->partner[cand][1]) != 0;
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
 * set (`made_set`, a bit set of potentials: to_off for the on half, to_on
 * for the off half) does not hold it yet. (SE also leaves out, in the on
 * half, a potential among its first parents: every potential a walk takes
 * from a queue, and so every first parent, went into its set when
 * queued.) */
static void forcing_half(unary *u, bool on, int start_pot, uint64_t *made_set, int32_t *target)
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
        int n = on ? on_implies(u->g, p_pot, u->y, imp) : off_implies(u->g, p_pot, u->y, true, imp);
        for (int i = 0; i < n; i++) {
            int pot = imp[i].pot;   /* the opposite state of p's */
            bool hit = pot == opposite;
            /* a potential among p's first parents is in its set already */
            bool keep = !bits_has(made_set, pot);
            if (!hit && !keep)
                continue;
            int32_t made = light_new(u, pot, imp[i].cause, p);
            if (made < 0) {
                ch->failed = true;
                continue;
            }
            if (hit) {
                *target = made;
                opposite = -1;
            }
            if (keep) {
                bits_set(made_set, pot);
                if (!push(to, made))
                    ch->failed = true;
            }
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
    uint64_t to_on[(POTENTIALS + 63) / 64] = {0}, to_off[(POTENTIALS + 63) / 64] = {0};
    int start_pot = ch->nodes[start].pot;
    u->light_count = 0;
    int32_t first = light_new(u, start_pot, CAUSE_NONE, -1);
    if (first < 0)
        return -1;
    u->on_q.head = u->on_q.tail = u->off_q.head = u->off_q.tail = 0;
    bits_set(pot_on(start_pot) ? to_on : to_off, start_pot);
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
            forcing_half(u, on, start_pot, on ? to_off : to_on, &target);
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
 * `rg` (grid g's, or NULL) gives the peers. */
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
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = seen[0][d][w] & seen[1][d][w] & ~cells[w]; bits;
                 bits &= bits - 1u) {
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
static void offer_forcing(unary *u, int32_t target, const chain_grid *g, chint_list *list)
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

/* All starts' reach at once, for one kind of links: the graph whose nodes
 * are the candidates, with an edge from s to u when s on switches off a
 * potential t whose switching off switches u on (reach_links' two
 * steps). The potentials on that reach_links reaches from s on are the
 * nodes reachable from s (s included); those it switches off are what
 * those switch off. Tarjan's walk finds the graph's strongly connected
 * parts, each after every part it reaches, so each part's reach is its
 * own nodes and the reach of the parts its edges lead to, made once and
 * shared by all its nodes. A reach is a cell set a digit (as reach's
 * `on`), with a mask of its digits: only those digits' words are set. A
 * node without edges reaches itself only, and has no part nor row. */
typedef struct closure {
    uint64_t row[CANDIDATES][BD_SIZE * 2];   /* by part: its reach */
    uint16_t digits[CANDIDATES];     /* by part, bit d: the reach has digit d + 1 */
    int16_t taken[CANDIDATES];       /* by part: the last part whose row took in its row */
    uint16_t size[CANDIDATES];       /* by part: its number of nodes */
    uint16_t first_member[CANDIDATES];   /* by part: where its nodes begin in `member` */
    uint16_t member[CANDIDATES], member_count;   /* the parts' nodes, part after part */
    uint16_t linked[BD_CELLS];       /* bit d: (cell, d + 1) off switches something on */
    uint16_t switched[CANDIDATES][4];   /* by linked candidate t: what t off switches on
                                           (partners_of's order), switched_count of them */
    uint8_t switched_count[CANDIDATES];
    int16_t index[CANDIDATES], low[CANDIDATES], part[CANDIDATES];   /* a sink's
                                     index is SINK_INDEX, its part -1 */
    uint16_t stack[CANDIDATES], path[CANDIDATES];
    uint16_t order[CANDIDATES];      /* the nodes with edges, as walked */
    uint32_t at[CANDIDATES];         /* a node on the path: its next edge */
    uint32_t first[CANDIDATES], end[CANDIDATES];   /* its edges: edge[first..end) */
    uint16_t edge[CANDIDATES * 4 * (HOUSE_CELLS + BD_SIZE)];
    uint8_t may_remove[CANDIDATES];  /* by part: cycle_may_remove's answer, once
                                        asked (MAY_REMOVE_), else 0 */
} closure;

/* Tarjan's index of a node without edges: more than any walked node's,
 * so that an edge to it never lowers a node's low link. */
enum { SINK_INDEX = INT16_MAX };

/* cycles.c's space, one block: the grid for reach.c's walks first (so
 * that ch->cycles_grid, which points to it, frees the block), then the
 * closure of the kind of links being searched. */
typedef struct cycles_space {
    reach_grid rg;
    closure cl;
    closure both;                /* nested: the closure with both links */
    uint8_t may[CANDIDATES];     /* nested: both links' tests (MAY_) */
    uint16_t live[CANDIDATES];   /* nested: the starts where one passed */
    int live_count;
    uint64_t removable[BD_SIZE][2];   /* nested: by digit, the candidates
                                    whose "on" reaches their "off" */
    uint64_t idle_nodes[3];      /* nested, by kind of links: the nodes the
                                    other starts' tests count */
    bool both_kept;              /* nested: `both` is the closure of the grid
                                    `both_grid` records */
    grid_record both_grid;
} cycles_space;

/* The tests of a start with both links that passed (a bit each). */
enum { MAY_CYCLE = 1, MAY_ON = 2, MAY_OFF = 4, MAY_ALL = 7 };

/* Appends to `edge` (from `count`) the nodes that t = (cell, d + 1)
 * switched off switches on with the walk's links (links_off's): with y
 * its cell's other candidate in a cell of two, with x its digit's other
 * place in each unit of two. The new count. */
static inline uint32_t partners_of(const unary *u, int cell, int d, uint16_t *edge,
                                   uint32_t count)
{
    const reach_grid *rg = u->rg;
    if (u->y && rg->cell_left[cell] == 2)
        edge[count++] = (uint16_t)(cell * BD_SIZE + bit_digit(rg->cell_cand[cell] & ~(1u << d)) - 1);
    if (u->x) {
        const uint64_t *partner = rg->partner[cell * BD_SIZE + d];
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = partner[w]; bits; bits &= bits - 1u)
                edge[count++] = (uint16_t)((w * 64 + low_index(bits)) * BD_SIZE + d);
    }
    return count;
}

/* Appends to `edge` (from `count`) what t (a linked candidate) switched
 * off switches on, as cl->switched holds it, but s. The new count. */
static inline uint32_t switched_but(const closure *cl, int t, int s, uint16_t *edge,
                                    uint32_t count)
{
    for (int i = 0; i < cl->switched_count[t]; i++)
        if (cl->switched[t][i] != s)
            edge[count++] = cl->switched[t][i];
    return count;
}

/* The edges of node s = (cell, d + 1): through each potential s on
 * switches off (its digit's other places in its units, with y its cell's
 * other candidates) that switches something on (u->linked, candidates
 * only, and by cell u->cl->linked), what that one switches on (u->cl->switched, made by
 * closure_make: partners_of's nodes, in its order). The links that lead
 * back to s (a place of its digit in a unit of two with it, its cell's
 * other candidate in a cell of two) are left out: such an edge changes no
 * reach and no part: leaving out s leaves out all of them (a place of
 * digit d in s's cell is s; the Y-link of a candidate of s's cell leads
 * to s or to nothing) and nothing else. */
static uint32_t edges_of(const unary *u, int cell, int d, uint16_t *edge, uint32_t count)
{
    const reach_grid *rg = u->rg;
    const closure *cl = u->cl;
    int s = cell * BD_SIZE + d;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = rg->peers[cell][w] & u->linked[2 * d + w]; bits;
             bits &= bits - 1u)
            count = switched_but(cl, (w * 64 + low_index(bits)) * BD_SIZE + d, s, edge, count);
    for (unsigned ds = u->y ? cl->linked[cell] & ~(1u << d) : 0; ds; ds &= ds - 1u)
        count = switched_but(cl, cell * BD_SIZE + bit_digit(ds) - 1, s, edge, count);
    return count;
}

/* Whether node s has no edge: its reach is itself (its row is not set). */
static inline bool is_sink(const closure *cl, int s)
{
    return cl->first[s] == cl->end[s];
}

/* Whether node s is on a cycle of the closure's graph: in a part of more
 * than one node (an edge never leads back to its own node). */
static inline bool on_cycle(const closure *cl, int s)
{
    return !is_sink(cl, s) && cl->size[cl->part[s]] > 1;
}

/* Adds node s (cell * 9 + d) to `row`, whose words are set for the digits
 * of *digits only: a digit's words are cleared when it first comes. */
static inline void row_add_node(uint64_t *row, unsigned *digits, int s)
{
    int d = bdi_cand_digit[s] - 1, cell = bdi_cand_cell[s];
    if (!(*digits >> d & 1u)) {
        row[2 * d] = row[2 * d + 1] = 0;
        *digits |= 1u << d;
    }
    row[2 * d + (cell >> 6)] |= (uint64_t)1 << (cell & 63);
}

/* Adds to `row` (its words set for the digits of *digits only) the row
 * `from`, whose words are set for the digits of `more`: a digit's words
 * are cleared when it first comes. */
static inline void row_take(uint64_t *row, unsigned *digits, const uint64_t *from, unsigned more)
{
    for (unsigned ds = more & ~*digits; ds; ds &= ds - 1u) {
        int w = 2 * (bit_digit(ds) - 1);
        row[w] = row[w + 1] = 0;
    }
    *digits |= more;
    for (unsigned ds = more; ds; ds &= ds - 1u) {
        int w = 2 * (bit_digit(ds) - 1);
        row[w] |= from[w];
        row[w + 1] |= from[w + 1];
    }
}

/* Closes the part whose first node on the stack is `root`: its reach, set
 * as the part's row, its nodes leaving the stack. `part` numbers it. An
 * edge leads to a node without edges (a sink: no part, part -1), a node
 * of this part, or a part closed before (Tarjan's walk closes a part after
 * every part it reaches); the row of each of those is taken in once. */
static void close_part(closure *cl, int root, int *depth, int16_t part)
{
    uint64_t *row = cl->row[part];   /* a digit's words cleared when it comes */
    unsigned digits = 0;
    int top = *depth, bottom = top;
    do
        cl->part[cl->stack[--bottom]] = part;
    while (cl->stack[bottom] != root);
    cl->taken[part] = part;
    cl->may_remove[part] = 0;
    cl->size[part] = (uint16_t)(top - bottom);
    cl->first_member[part] = cl->member_count;
    for (int i = bottom; i < top; i++) {
        int s = cl->stack[i];
        cl->member[cl->member_count++] = (uint16_t)s;
        row_add_node(row, &digits, s);
        for (uint32_t e = cl->first[s]; e < cl->end[s]; e++) {
            int v = cl->edge[e], other = cl->part[v];
            if (other < 0) {
                row_add_node(row, &digits, v);
                continue;
            }
            if (cl->taken[other] == part)
                continue;   /* this part, or a part already taken in */
            cl->taken[other] = part;
            row_take(row, &digits, cl->row[other], cl->digits[other]);
        }
    }
    cl->digits[part] = (uint16_t)digits;
    *depth = bottom;
}

/* Closes node s as a part of its own numbered `part` when each of its
 * edges leads to a sink or to a node closed already (whose part's row is
 * made): it is on no cycle then, and its reach is itself, those sinks and
 * those parts' reach. False, and nothing closed (the row's words may be
 * written: a part's row is read only for its digits), when an edge leads
 * to a node not closed yet. */
static bool close_early(closure *cl, int s, int16_t part)
{
    uint64_t *row = cl->row[part];
    unsigned digits = 0;
    row_add_node(row, &digits, s);
    for (uint32_t e = cl->first[s]; e < cl->end[s]; e++) {
        int v = cl->edge[e], other = cl->part[v];
        if (other < 0 && cl->index[v] != SINK_INDEX)
            return false;
        if (other < 0) {
            row_add_node(row, &digits, v);
            continue;
        }
        row_take(row, &digits, cl->row[other], cl->digits[other]);
    }
    cl->digits[part] = (uint16_t)digits;
    cl->index[s] = SINK_INDEX;   /* not walked: closed */
    cl->part[s] = part;
    cl->taken[part] = part;
    cl->may_remove[part] = 0;
    cl->size[part] = 1;
    cl->first_member[part] = cl->member_count;
    cl->member[cl->member_count++] = (uint16_t)s;
    return true;
}

/* Sets u->cl's edges (edges_of, node by node in the order of the cells
 * and their digits: with Y-links only, the candidates of the cells of two;
 * else all) and marks each node unwalked (index -1, part -1) or a sink
 * (SINK_INDEX); into cl->order the nodes with edges, in that order; their
 * number. */
static int closure_edges(unary *u)
{
    closure *cl = u->cl;
    const reach_grid *rg = u->rg;
    uint32_t count = 0;
    int nodes = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned ds = u->x || rg->cell_left[cell] == 2 ? rg->cell_cand[cell] : 0; ds;
             ds &= ds - 1u) {
            int d = bit_digit(ds) - 1, s = cell * BD_SIZE + d;
            uint32_t first = count;
            count = edges_of(u, cell, d, cl->edge, count);
            cl->first[s] = first;
            cl->end[s] = count;
            cl->part[s] = -1;
            cl->index[s] = SINK_INDEX;
            if (count > first) {
                cl->index[s] = -1;
                cl->order[nodes++] = (uint16_t)s;
            }
        }
    return nodes;
}

/* Makes u->cl the closure of the grid's candidates with u's links (the
 * nodes without edges, sinks, left out of Tarjan's walk: each is its own
 * part, which reaches itself only; its index SINK_INDEX). With Y-links
 * only, the nodes are the candidates of the cells of two: the only starts,
 * and all that a potential off switches on is one of them. */
static void closure_make(unary *u)
{
    closure *cl = u->cl;
    memset(cl->linked, 0, sizeof cl->linked);
    cl->member_count = 0;
    for (int d = 0; d < BD_SIZE; d++)
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = u->linked[2 * d + w]; bits; bits &= bits - 1u) {
                int t = w * 64 + low_index(bits);
                cl->linked[t] |= (uint16_t)(1u << d);
                cl->switched_count[t * BD_SIZE + d] =
                    (uint8_t)partners_of(u, t, d, cl->switched[t * BD_SIZE + d], 0);
            }
    int nodes = closure_edges(u);
    int16_t next = 0, parts = 0;
    for (int i = 0; i < nodes; i++)   /* without the walk where it may */
        if (close_early(cl, cl->order[i], parts))
            parts++;
    int depth = 0;
    for (int i = 0; i < nodes; i++) {
        int start = cl->order[i];
        if (cl->index[start] >= 0)
            continue;   /* walked, or closed early */
        int length = 0;   /* Tarjan's walk, its path held in cl->path */
        cl->path[length++] = (uint16_t)start;
        cl->index[start] = cl->low[start] = next++;
        cl->at[start] = cl->first[start];
        cl->stack[depth++] = (uint16_t)start;
        while (length) {
            int s = cl->path[length - 1];
            if (cl->at[s] < cl->end[s]) {
                int v = cl->edge[cl->at[s]++];
                if (cl->index[v] < 0) {
                    cl->index[v] = cl->low[v] = next++;
                    cl->at[v] = cl->first[v];
                    cl->stack[depth++] = (uint16_t)v;
                    cl->path[length++] = (uint16_t)v;
                } else if (cl->part[v] < 0 && cl->index[v] < cl->low[s]) {
                    cl->low[s] = cl->index[v];   /* on the stack (a sink's
                                                    index is never less) */
                }
                continue;
            }
            length--;
            if (cl->low[s] == cl->index[s])
                close_part(cl, s, &depth, parts++);
            if (length) {
                int parent = cl->path[length - 1];
                if (cl->low[s] < cl->low[parent])
                    cl->low[parent] = cl->low[s];
            }
        }
    }
}

/* Whether (cell, digit) has a potential whose switching off switches it
 * on: with Y-links, its cell's other candidate in a cell of two; with
 * X-links, its digit's other place in a unit of two places. A cycle
 * through it, and a chain from it off back to it on, ends with one; none,
 * and the walks that look for them would find nothing. */
static bool has_partner(const unary *u, int cell, int digit)
{
    if (u->y && digit_count(u->g->cand[cell]) == 2)
        return true;
    for (int kind = 0; u->x && kind < UNIT_KINDS; kind++)
        if (digit_count(unit_places(u->g, unit_at(kind, cell), digit)) == 2)
            return true;
    return false;
}

/* u->cl, made first if it is not made yet for the grid and links. */
static const closure *closure_of(unary *u)
{
    if (!u->cl_made) {
        closure_make(u);
        u->cl_made = true;
    }
    return u->cl;
}

/* The reach of node s in the closure `cl` (its row, or for a node without
 * edges the node alone, made in `buf`). */
static const uint64_t *reach_row(const closure *cl, int s, uint64_t *buf)
{
    memset(buf, 0, BD_SIZE * 2 * sizeof *buf);
    if (is_sink(cl, s)) {
        int cell = s / BD_SIZE;
        buf[2 * (s % BD_SIZE) + (cell >> 6)] = (uint64_t)1 << (cell & 63);
        return buf;
    }
    int part = cl->part[s];
    for (unsigned ds = cl->digits[part]; ds; ds &= ds - 1u) {
        int w = 2 * (bit_digit(ds) - 1);
        buf[w] = cl->row[part][w];
        buf[w + 1] = cl->row[part][w + 1];
    }
    return buf;
}

/* The reach of node s in the closure `cl`, read in place: its row, whose
 * words are set for the digits of *digits (bit d - 1 for digit d) only,
 * or for a node without edges the node alone, made in `alone`. */
static inline const uint64_t *row_in_place(const closure *cl, int s, uint64_t *alone,
                                           unsigned *digits)
{
    if (!is_sink(cl, s)) {
        *digits = cl->digits[cl->part[s]];
        return cl->row[cl->part[s]];
    }
    int cell = s / BD_SIZE, d = s % BD_SIZE;
    alone[2 * d + (cell >> 6)] = (uint64_t)1 << (cell & 63);
    alone[2 * d + 1 - (cell >> 6)] = 0;
    *digits = 1u << d;
    return alone;
}

/* Into `r`, the sets reach_links reaches with the cell rules when the
 * potentials on are those of `on` (a closure's row; only the words of the
 * digits of `digits`, bit d - 1 for digit d, are read): what those switch
 * off too; r->conflict when a potential is both on and off. A potential on
 * (at, d) switches off its digit in its peers, and at's other candidates:
 * candidate (at, e) goes when a digit other than e is on at `at` (a cell
 * of `any` that is not one where e alone is on). So a potential on is
 * switched off by its cell when two digits are on there (`twice`), and
 * by its digit in another cell when one of its peers has it on. */
static void closure_reach(const reach_grid *rg, const uint64_t *on, unsigned digits, reach *r)
{
    uint64_t any[2] = {0, 0}, twice[2] = {0, 0};   /* cells with a digit on; with two */
    memset(r->on, 0, sizeof r->on);
    for (unsigned ds = digits; ds; ds &= ds - 1u) {
        int d = bit_digit(ds) - 1;
        for (int w = 0; w < 2; w++) {
            r->on[d][w] = on[2 * d + w];
            twice[w] |= any[w] & on[2 * d + w];
            any[w] |= on[2 * d + w];
        }
    }
    for (int e = 0; e < BD_SIZE; e++)
        for (int w = 0; w < 2; w++)
            r->off[e][w] = rg->cand[e][w] & any[w] & ~(r->on[e][w] & ~twice[w]);
    uint64_t both = twice[0] | twice[1];
    for (unsigned on_digits = digits; on_digits; on_digits &= on_digits - 1u) {
        int d = bit_digit(on_digits) - 1;
        uint64_t peers[2] = {0, 0};
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = on[2 * d + w]; bits; bits &= bits - 1u) {
                int at = w * 64 + low_index(bits);
                peers[0] |= rg->peers[at][0];
                peers[1] |= rg->peers[at][1];
            }
        r->off[d][0] |= rg->cand[d][0] & peers[0];
        r->off[d][1] |= rg->cand[d][1] & peers[1];
        both |= (on[2 * d] & peers[0]) | (on[2 * d + 1] & peers[1]);
    }
    r->conflict = both != 0;
}

/* reaches_opposite without the closure (its budget spent): reach_links_by
 * from the start, and whether it holds the start's opposite. */
static bool walk_reaches_opposite(unary *u, int cell, int digit, bool on)
{
    reach r;
    reach_links_by(u->rg, u->linked, pot_of(cell, digit, on), u->y, u->x, &r);
    const uint64_t *opposite = on ? r.off[digit - 1] : r.on[digit - 1];
    return opposite[cell >> 6] >> (cell & 63) & 1u;
}

/* Whether what closure `cl` reaches from (cell, d + 1) on holds a
 * potential on that switches it off: its digit in a peer, or with Y-links
 * (`y`) another digit in its cell. */
static inline bool on_meets_opposite(const closure *cl, const reach_grid *rg, bool y, int cell,
                                     int d)
{
    int s = cell * BD_SIZE + d, w = cell >> 6;
    if (is_sink(cl, s))
        return false;
    const uint64_t *row = cl->row[cl->part[s]];   /* its digits' words only */
    unsigned digits = cl->digits[cl->part[s]];
    if ((digits >> d & 1u)
        && ((row[2 * d] & rg->peers[cell][0]) || (row[2 * d + 1] & rg->peers[cell][1])))
        return true;
    for (unsigned ds = y ? rg->cell_cand[cell] & digits & ~(1u << d) : 0; ds; ds &= ds - 1u)
        if (row[2 * (bit_digit(ds) - 1) + w] >> (cell & 63) & 1u)
            return true;
    return false;
}

/* Whether the forcing chain walk from (cell, digit) on (`on`) or off may
 * meet its opposite: whether reach_links gets there (the walk goes
 * everywhere reach_links does, until it meets it), read from the closure:
 * from on, whether a potential on that it reaches switches the start off;
 * from off, whether the start is among what its partners on reach (a
 * partner's part's row read for the start's digit only; a partner
 * without edges reaches itself only). True without u->rg, and when the chainer's budget (one node for the walk) is
 * spent. */
static bool reaches_opposite(unary *u, int cell, int digit, bool on)
{
    if (!u->rg)
        return true;
    bdi_chainer *ch = u->ch;
    if (ch->budget && bdi_budget_spend(ch->budget)) {   /* a node for the walk */
        ch->failed = ch->cut_short = true;
        return true;
    }
    if (!u->cl)
        return walk_reaches_opposite(u, cell, digit, on);
    const closure *cl = closure_of(u);
    const reach_grid *rg = u->rg;
    int d = digit - 1, w = cell >> 6;
    uint64_t bit = (uint64_t)1 << (cell & 63);
    if (on)
        return on_meets_opposite(cl, rg, u->y, cell, d);
    uint16_t partners[1 + 2 * UNIT_KINDS];
    uint32_t count = partners_of(u, cell, d, partners, 0);
    for (uint32_t i = 0; i < count; i++) {
        int p = partners[i];
        if (is_sink(cl, p))
            continue;   /* it reaches itself only, not the start */
        int part = cl->part[p];
        if ((cl->digits[part] >> d & 1u) && (cl->row[part][2 * d + w] & bit))
            return true;
    }
    return false;
}

/* Into `seers` (a cell set a digit, as reach's `on`), the potentials on
 * that switch partner (`at`, d + 1) off: the candidates other than the
 * start (cell, digit) that see it, the same digit in a unit, or with
 * Y-links another digit in its cell. */
static void partner_seers(const unary *u, int cell, int digit, int at, int d, uint64_t *seers)
{
    const reach_grid *rg = u->rg;
    memset(seers, 0, BD_SIZE * 2 * sizeof *seers);
    seers[2 * d] = rg->cand[d][0] & rg->peers[at][0];
    seers[2 * d + 1] = rg->cand[d][1] & rg->peers[at][1];
    for (unsigned ds = u->y ? rg->cell_cand[at] & ~(1u << d) : 0; ds; ds &= ds - 1u)
        seers[2 * (bit_digit(ds) - 1) + (at >> 6)] |= (uint64_t)1 << (at & 63);
    seers[2 * (digit - 1) + (cell >> 6)] &= ~((uint64_t)1 << (cell & 63));
}

/* Whether partner (`at`, digit `d` + 1) of the start may close a cycle
 * through it: a cycle closes when a potential (at, d + 1) switched off
 * switches the start on again; that potential off is made from a
 * potential on other than the start that it sees (the same digit in a
 * unit, or with Y-links the same cell) and that the walk reached by links
 * never through (at, d + 1) off (SE's walk does not go back through a
 * potential among a node's first parents). So reach_links_past from the
 * start on, past (at, d + 1) off, must reach such a potential on. Notes
 * what it reads when it does not. (Made without the closure only.) */
static bool partner_may_close(unary *u, int cell, int digit, int at, int d)
{
    reach r;
    uint64_t seers[BD_SIZE * 2];
    partner_seers(u, cell, digit, at, d, seers);
    memset(&r, 0, sizeof r);
    r.off[d][at >> 6] |= (uint64_t)1 << (at & 63);
    return reach_links_meet(u->rg, u->linked, pot_of(cell, digit, true), u->y, u->x, &r, seers);
}

enum { MAY_REMOVE_NO = 1, MAY_REMOVE_YES = 2 };   /* closure's may_remove */

/* Whether a cycle through the nodes `node` (`size` of them: a strongly
 * connected part of the graph of u's links, as the closure's parts are)
 * may remove a candidate. A cycle offers its removals (cycle_removals):
 * the candidates of a digit d that see a potential on and a potential off
 * of digit d on the cycle's first-parent path, outside the cycle's cells
 * (nested, only those of u->removable can be: both_forcing_tests).
 * Each potential on of that path (the start's) reaches the start along
 * the path and is reached from it: it is in the start's part. Each
 * potential off of the path switches on the potential on after it, so it
 * is a partner of a node of the part, and the potential on before it
 * switches it off (a peer with its digit, or with Y-links another digit
 * of its cell). So such a candidate sees, with digit d, a node of the part
 * and one of those partners; when no candidate does, the cycle walk finds
 * nothing to offer. */
static bool part_may_remove(const unary *u, const uint16_t *node, int size)
{
    const reach_grid *rg = u->rg;
    uint64_t off[BD_SIZE][2] = {{0}}, seen_on[BD_SIZE][2] = {{0}}, seen_off[BD_SIZE][2] = {{0}};
    for (int i = 0; i < size; i++) {   /* what the part switches off */
        int cell = node[i] / BD_SIZE, d = node[i] % BD_SIZE;
        for (int w = 0; w < 2; w++) {
            off[d][w] |= rg->cand[d][w] & rg->peers[cell][w];
            seen_on[d][w] |= rg->peers[cell][w];
        }
        for (unsigned ds = u->y ? rg->cell_cand[cell] & ~(1u << d) : 0; ds; ds &= ds - 1u)
            off[bit_digit(ds) - 1][cell >> 6] |= (uint64_t)1 << (cell & 63);
    }
    for (int i = 0; i < size; i++) {   /* those that are a node's partners */
        int cell = node[i] / BD_SIZE, d = node[i] % BD_SIZE;
        for (int w = 0; u->x && w < 2; w++)
            for (uint64_t bits = rg->partner[node[i]][w] & off[d][w]; bits; bits &= bits - 1u) {
                int at = w * 64 + low_index(bits);
                seen_off[d][0] |= rg->peers[at][0];
                seen_off[d][1] |= rg->peers[at][1];
            }
        if (u->y && rg->cell_left[cell] == 2) {
            int e = bit_digit(rg->cell_cand[cell] & ~(1u << d)) - 1;
            if (off[e][cell >> 6] >> (cell & 63) & 1u) {
                seen_off[e][0] |= rg->peers[cell][0];
                seen_off[e][1] |= rg->peers[cell][1];
            }
        }
    }
    uint64_t any = 0;
    for (int d = 0; d < BD_SIZE; d++)
        for (int w = 0; w < 2; w++)
            any |= seen_on[d][w] & seen_off[d][w] & rg->cand[d][w]
                   & (u->removable ? u->removable[d][w] : ~(uint64_t)0);
    return any != 0;
}

/* part_may_remove for node s's part in u->cl (made with u's links; s on
 * a cycle of its graph); the answer, the same for every node of the
 * part, is kept by part and made once a closure. */
static bool cycle_may_remove(const unary *u, closure *cl, int s)
{
    int part = cl->part[s];
    if (!cl->may_remove[part])
        cl->may_remove[part] =
            part_may_remove(u, cl->member + cl->first_member[part], cl->size[part])
                ? MAY_REMOVE_YES
                : MAY_REMOVE_NO;
    return cl->may_remove[part] == MAY_REMOVE_YES;
}

/* Into `node` and the cell sets `in` (by digit), the strongly connected
 * part of start s = (cell, d + 1) in
 * the graph of u's links (the closure's: an edge from t to v when t on
 * switches off a partner of v), from `r`, what reach_links reaches from s
 * on; its number of nodes. The part is the nodes of r's potentials on that
 * reach s: every node such a node reaches is in r, so the walk back from s
 * keeps to r: the nodes before v are the potentials on of r that switch
 * off a partner of v (see it with its digit, or with Y-links share its
 * cell). */
static int part_of(const unary *u, const reach *r, int cell, int d, uint16_t *node,
                   uint64_t (*in)[2])
{
    const reach_grid *rg = u->rg;
    memset(in, 0, BD_SIZE * sizeof *in);
    int count = 0;
    in[d][cell >> 6] = (uint64_t)1 << (cell & 63);
    node[count++] = (uint16_t)(cell * BD_SIZE + d);
    for (int i = 0; i < count; i++) {
        uint16_t partners[1 + 2 * UNIT_KINDS];
        uint32_t n = partners_of(u, node[i] / BD_SIZE, node[i] % BD_SIZE, partners, 0);
        for (uint32_t j = 0; j < n; j++) {
            int at = partners[j] / BD_SIZE, e = partners[j] % BD_SIZE;
            for (int w = 0; w < 2; w++)
                for (uint64_t bits = r->on[e][w] & rg->peers[at][w] & ~in[e][w]; bits;
                     bits &= bits - 1u) {
                    in[e][w] |= bits & -bits;
                    node[count++] = (uint16_t)((w * 64 + low_index(bits)) * BD_SIZE + e);
                }
            uint64_t bit = (uint64_t)1 << (at & 63);
            for (unsigned ds = u->y ? rg->cell_cand[at] & ~(1u << e) : 0; ds; ds &= ds - 1u) {
                int f = bit_digit(ds) - 1;
                if ((r->on[f][at >> 6] & ~in[f][at >> 6]) & bit) {
                    in[f][at >> 6] |= bit;
                    node[count++] = (uint16_t)(at * BD_SIZE + f);
                }
            }
        }
    }
    return count;
}

/* may_cycle's part test without the closure, for start (cell, digit): from
 * reach_links' walk from it on, its part (part_of, into u->part); false when
 * the start is on no cycle (a part of one node) or part_may_remove says
 * no. */
static bool walk_part_may_remove(unary *u, int cell, int digit)
{
    reach r;
    uint16_t node[CANDIDATES];
    reach_links_by(u->rg, u->linked, pot_of(cell, digit, true), u->y, u->x, &r);
    int size = part_of(u, &r, cell, digit - 1, node, u->part);
    return size > 1 && part_may_remove(u, node, size);
}

/* u->part, the nodes of node s's part in the closure u->cl (made). */
static void part_from_closure(unary *u, int s)
{
    const closure *cl = u->cl;
    int part = cl->part[s];
    const uint16_t *node = cl->member + cl->first_member[part];
    memset(u->part, 0, sizeof u->part);
    for (int i = 0; i < cl->size[part]; i++) {
        int cell = node[i] / BD_SIZE;
        u->part[node[i] % BD_SIZE][cell >> 6] |= (uint64_t)1 << (cell & 63);
    }
}

/* may_cycle's test with the closure u->cl (made first if need be), for
 * start s: s is on a cycle of its graph and cycle_may_remove says yes. */
static bool closure_may_cycle(unary *u, int s)
{
    return on_cycle(closure_of(u), s) && cycle_may_remove(u, u->cl, s);
}

/* Whether a cycle through the start s = (cell, digit) that removes
 * something may exist; true without u->rg, and when the chainer's budget
 * (a node for the walks) is spent. The callers ask only for a start with a
 * partner. With the closure: s must be on a cycle of the closure's graph
 * (on_cycle), and cycle_may_remove must say that a cycle through s may
 * remove something; the walk would offer nothing otherwise (offer_cycle
 * offers only a cycle that removes something), so it is not made.
 * Whether a partner may close a cycle at all is not asked then: the walk
 * keeps to s's part and stops once it has made its closers (find_cycles),
 * which costs less than the test. Without the closure: first whether one of its partners may close a
 * cycle (partner_may_close), then the same two tests on the start's part
 * found from reach_links' walk from s on (walk_part_may_remove).
 * When it says yes, the start's part is in u->part (u->part_set), for
 * find_cycles to keep to the part. */
static bool may_cycle(unary *u, int cell, int digit)
{
    if (!u->rg)
        return true;
    bdi_chainer *ch = u->ch;
    if (ch->budget && bdi_budget_spend(ch->budget)) {
        ch->failed = ch->cut_short = true;
        return true;
    }
    const chain_grid *g = u->g;
    int d = digit - 1, s = cell * BD_SIZE + d;
    if (u->cl) {
        bool may = closure_may_cycle(u, s);
        if (may) {
            part_from_closure(u, s);
            u->part_set = true;
        }
        return may;
    }
    bool close = false;
    if (u->y && digit_count(g->cand[cell]) == 2) {
        int other = bit_digit(g->cand[cell] & ~digit_bit(digit)) - 1;
        close = partner_may_close(u, cell, digit, cell, other);
    }
    for (int kind = 0; !close && u->x && kind < UNIT_KINDS; kind++) {
        int unit = unit_at(kind, cell);
        unsigned places = unit_places(g, unit, digit);
        if (digit_count(places) != 2)
            continue;
        int at = unit_cell_of(unit, bit_digit(places & ~(1u << unit_pos(unit, cell))) - 1);
        close = partner_may_close(u, cell, digit, at, d);
    }
    if (!close || !walk_part_may_remove(u, cell, digit))
        return false;
    u->part_set = true;
    return true;
}

/* A breadth-first walk of the static links' potentials, a half layer at
 * a time (a set of potentials is a cell set a digit, as reach's): those
 * reached on and off, and the last half layer. */
typedef struct layers {
    uint64_t on[BD_SIZE * 2], off[BD_SIZE * 2], front[BD_SIZE * 2];
} layers;

/* The next half layer of `l`, whose last one holds potentials on (`from_on`)
 * or off, made with the walk's links (SE's getOnToOff and getOffToOn, as
 * reach_links): those it switches off or on that `l` has not reached, added
 * to its sets; false when there are none. */
static bool layers_step(const unary *u, layers *l, bool from_on)
{
    const reach_grid *rg = u->rg;
    uint64_t next[BD_SIZE * 2] = {0};
    for (int i = 0; i < BD_SIZE * 2; i++)
        for (uint64_t bits = l->front[i]; bits; bits &= bits - 1u) {
            int d = i / 2, at = (i & 1) * 64 + low_index(bits), w = at >> 6;
            uint64_t bit = (uint64_t)1 << (at & 63);
            if (from_on) {
                next[2 * d] |= rg->cand[d][0] & rg->peers[at][0];
                next[2 * d + 1] |= rg->cand[d][1] & rg->peers[at][1];
                for (unsigned ds = u->y ? rg->cell_cand[at] & ~(1u << d) : 0; ds; ds &= ds - 1u)
                    next[2 * (bit_digit(ds) - 1) + w] |= bit;
                continue;
            }
            if (u->y && rg->cell_left[at] == 2)
                next[2 * (bit_digit(rg->cell_cand[at] & ~(1u << d)) - 1) + w] |= bit;
            if (u->x) {
                next[2 * d] |= rg->partner[at * BD_SIZE + d][0];
                next[2 * d + 1] |= rg->partner[at * BD_SIZE + d][1];
            }
        }
    uint64_t *seen = from_on ? l->off : l->on, any = 0;
    for (int i = 0; i < BD_SIZE * 2; i++) {
        l->front[i] = next[i] & ~seen[i];
        seen[i] |= l->front[i];
        any |= l->front[i];
    }
    return any != 0;
}

/* `l` holding (cell, d + 1) alone, on or off, as its last half layer. */
static void layers_start(layers *l, int cell, int d, bool on)
{
    memset(l, 0, sizeof *l);
    uint64_t *set = on ? l->on : l->off;
    set[2 * d + (cell >> 6)] = l->front[2 * d + (cell >> 6)] = (uint64_t)1 << (cell & 63);
}

enum { HALF_LAYERS = 32 };   /* forcing_may_win's walk: at most this deep */

/* With a best hint in the list: whether SE's forcing chain walk from
 * (cell, digit) on (`on`) or off may give a hint that comes before it. The
 * walk is breadth-first and makes each potential once, so its target (the
 * start's opposite) is at the half layer of its distance D from the start,
 * and has D + 1 potentials; find_forcing stops before a half layer whose
 * target could not win, the last it may make being J. Each link's
 * contrapositive is a link (a on switches b off when b on switches a off;
 * a off switches b on when b off switches a on), so a path from the start
 * to a potential x and one from the start to x's opposite make one to the
 * start's opposite, and the middle of a path of D links is such an x, at
 * most D / 2 rounded up from the start each way: D <= J when, within
 * (J + 1) / 2 half layers, some potential is reached both on and off at
 * half layers that add up to J at most. */
static bool forcing_may_win(const unary *u, int cell, int digit, bool on)
{
    int most = 0;   /* J */
    while (chint_could_win(u->list, u->forcing_base + length_difficulty(most + 2), most + 2,
                           u->sort_key))
        if (++most >= 2 * HALF_LAYERS - 1)
            return true;
    layers l;
    layers_start(&l, cell, digit - 1, on);
    uint64_t front[HALF_LAYERS][BD_SIZE * 2];   /* front[k]: half layer k */
    memcpy(front[0], l.front, sizeof front[0]);
    bool from_on = on;
    for (int k = 1; 2 * k - 1 <= most; k++, from_on = !from_on) {
        if (!layers_step(u, &l, from_on))
            return false;
        memcpy(front[k], l.front, sizeof front[k]);
        /* the opposite states are at half layers of the other parity */
        for (int other = k - 1; other >= 0 && other + k <= most; other -= 2) {
            uint64_t meet = 0;
            for (int i = 0; i < BD_SIZE * 2; i++)
                meet |= front[k][i] & front[other][i];
            if (meet)
                return true;
        }
    }
    return false;
}

/* A test of may_cycle or reaches_opposite known to fail (u->may): the
 * node it counts, counted; true, as the test answers, when that spends
 * the chainer's budget. */
static bool test_counted(unary *u)
{
    bdi_chainer *ch = u->ch;
    if (ch->budget && bdi_budget_spend(ch->budget)) {
        ch->failed = ch->cut_short = true;
        return true;
    }
    return false;
}

/* Counts `n` nodes against the chainer's budget, as n spends one at a
 * time would; sets ch->failed and cut_short when that spends it. */
static void nodes_counted(bdi_chainer *ch, uint64_t n)
{
    if (ch->budget && bdi_budget_spend_many(ch->budget, n))
        ch->failed = ch->cut_short = true;
}

/* Into sp->may, by start, the forcing chain tests of the search with both
 * links (u's links, u->cl its closure) that pass (MAY_ON, MAY_OFF; the
 * caller sets the budget aside), and into sp->removable, by digit, the
 * candidates whose "on" reaches their "off" (the only ones a cycle can
 * remove, below); whether a test passes, or a candidate that is no start
 * (its cell's only one) reaches its "off" from its "on". When
 * none does, none of the three nested searches can find a hint (keep_all:
 * no bound cuts a walk short). Each hint rests on a candidate whose "on"
 * reaches its "off", or "off" its "on". A forcing chain (X-links only or
 * both) is such a walk, of links among both's, and reach_links reaches
 * more with more links. A cycle (X, Y or both links) removes a candidate
 * r of digit d outside its cells that sees one of its potentials on, p,
 * and one off, q, both of digit d (cycle_removals): r on switches q off
 * (a link of every kind), the cycle's links lead from q off round to p
 * on, and p on switches r off; so r on reaches r off with both links,
 * whether r is a start (an empty cell's, of two candidates or more) or
 * not. */
static bool both_forcing_tests(unary *u, cycles_space *sp)
{
    const chain_grid *g = u->g;
    const closure *cl = closure_of(u);
    bool any = false;
    memset(sp->removable, 0, sizeof sp->removable);
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int count = digit_count(g->cand[cell]);
        bool start = !g->value[cell] && count > 1;
        for (unsigned ds = g->cand[cell]; ds; ds &= ds - 1u) {
            int digit = bit_digit(ds), cand = cell * BD_SIZE + digit - 1;
            unsigned bits = on_meets_opposite(cl, u->rg, true, cell, digit - 1) ? MAY_ON : 0;
            if (bits)
                sp->removable[digit - 1][cell >> 6] |= (uint64_t)1 << (cell & 63);
            any |= bits != 0;
            if (!start)
                continue;
            if ((count == 2 || unit_partner(u->rg, cand))
                && reaches_opposite(u, cell, digit, false)) {
                bits |= MAY_OFF;
                any = true;
            }
            sp->may[cand] = (uint8_t)bits;
        }
    }
    return any;
}

/* The tests of the search with both links (u's links, u->cl its closure),
 * without counting their nodes: into sp->may, by start, those that pass
 * (both_forcing_tests', and MAY_CYCLE); into sp->live the starts where one
 * does, in the searches' order; into sp->idle_nodes, by kind of links
 * (LINK_KINDS), the nodes unary_walks counts for the others. False, and
 * sp->may, live and idle_nodes not made, when both_forcing_tests finds
 * that no search can find a hint. A test fails with X-links only or
 * Y-links only where it fails with both: both kinds' links are among
 * both's (the closure's rows and reach_links' walks reach more with more
 * links), as are their partners and the potentials that see a partner.
 * So at an idle start each kind's tests fail, and count a node each and
 * one for the start: with X-links the cycle's (with a partner in a unit),
 * the chain from on's, from off's (with that partner); with Y-links (cells
 * of two only) the cycle's; with both, as with X-links, a partner being
 * in a unit or the cell. The cycle test (closure_may_cycle) passes only where a
 * cycle through the start may remove something (cycle_may_remove, with
 * both links: a cycle of fewer links has its potentials among those of
 * both's parts). */
static bool both_tests(unary *u, cycles_space *sp)
{
    bdi_chainer *ch = u->ch;
    bdi_budget *budget = ch->budget;
    ch->budget = NULL;
    const chain_grid *g = u->g;
    bool any = both_forcing_tests(u, sp);
    sp->live_count = 0;
    memset(sp->idle_nodes, 0, sizeof sp->idle_nodes);
    for (int cell = 0; any && cell < BD_CELLS; cell++) {
        if (g->value[cell] || digit_count(g->cand[cell]) <= 1)
            continue;
        bool two = digit_count(g->cand[cell]) == 2;
        for (unsigned ds = g->cand[cell]; ds; ds &= ds - 1u) {
            int digit = bit_digit(ds), cand = cell * BD_SIZE + digit - 1;
            bool in_unit = unit_partner(u->rg, cand);
            bool partner = in_unit || two;
            if (partner && closure_may_cycle(u, cand))   /* no part wanted */
                sp->may[cand] |= MAY_CYCLE;
            if (sp->may[cand]) {
                sp->live[sp->live_count++] = (uint16_t)cand;
                continue;
            }
            sp->idle_nodes[0] += in_unit ? 4u : 2u;
            sp->idle_nodes[1] += two ? 2u : 0u;
            sp->idle_nodes[2] += partner ? 4u : 2u;
        }
    }
    ch->budget = budget;
    return any;
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
static int32_t forcing_from(unary *u, int32_t start, chint_list *list)
{
    if (!list->keep_all || !list->count)
        return find_forcing(u, start);
    int pot = u->ch->nodes[start].pot, cell = pot_cell(pot);
    uint16_t removed[BD_CELLS] = {0};
    unsigned bit = digit_bit(pot_digit(pot));
    removed[cell] = (uint16_t)(pot_on(pot) ? bit : u->g->cand[cell] & ~bit);
    const chint *kept = kept_with(list, removed, cell);
    if (!kept)
        return find_forcing(u, start);
    chint_list bound = {.found = true, .best = *kept};
    u->list = &bound;
    int32_t target = forcing_may_win(u, cell, pot_digit(pot), pot_on(pot))
                         ? find_forcing(u, start)
                         : -1;
    u->list = list;
    return target;
}

/* SE's doUnaryChaining from candidate (cell, digit) (none from a cell of
 * more than two candidates without X-links). The tests that a walk may
 * find something (may_cycle, reaches_opposite) come first; when none may,
 * no node is made (the start's node is counted against the budget all
 * the same). */
static void unary_chaining(unary *u, int cell, int digit, chint_list *list)
{
    if (digit_count(u->g->cand[cell]) > 2 && !u->x)
        return;
    bdi_chainer *ch = u->ch;
    int cand = cell * BD_SIZE + digit - 1;
    u->part_set = false;
    bool partner = has_partner(u, cell, digit);
    /* with a best hint, the walks' bounds first (cheap when the best is
     * short); without, the closure's tests alone; a test that failed with
     * both links fails with fewer, and is only counted */
    bool bound = u->rg && list->found && !list->keep_all;
    unsigned may = u->may ? u->may[cand] : MAY_ALL;
    bool cycle = partner && (may & MAY_CYCLE ? may_cycle(u, cell, digit) : test_counted(u));
    bool from_on_may =
        u->x && (may & MAY_ON ? reaches_opposite(u, cell, digit, true) : test_counted(u));
    if (from_on_may && bound && !forcing_may_win(u, cell, digit, true))
        from_on_may = false;
    bool from_off_may = u->x && partner
                        && (may & MAY_OFF ? reaches_opposite(u, cell, digit, false)
                                          : test_counted(u));
    if (from_off_may && bound && !forcing_may_win(u, cell, digit, false))
        from_off_may = false;
    if (!cycle && !from_on_may && !from_off_may) {
        /* no walk: the start's node is counted but not made */
        if (ch->budget && bdi_budget_spend(ch->budget))
            ch->failed = ch->cut_short = true;
        return;
    }
    cmark mark = chain_mark(ch);
    u->source = node_new(ch, pot_of(cell, digit, true), CAUSE_NONE, -1);
    if (u->source < 0)
        return;
    if (cycle)
        find_cycles(u, list);
    int32_t chains[2];
    int chain_count = 0;
    if (u->x) {
        int32_t from_on = from_on_may ? forcing_from(u, u->source, list) : -1;
        int32_t off =
            from_off_may ? node_new(ch, pot_of(cell, digit, false), CAUSE_NONE, -1) : -1;
        int32_t from_off = off >= 0 ? forcing_from(u, off, list) : -1;
        if (from_on >= 0)
            chains[chain_count++] = from_on;
        if (from_off >= 0)
            chains[chain_count++] = from_off;
    }
    for (int i = 0; i < chain_count && !ch->failed; i++)
        offer_forcing(u, chains[i], u->g, list);
    chain_release(ch, mark);
}

enum { NONE_SLOTS = 4096 };   /* a power of two */

/* A grid as the search reads it: its candidates and its filled cells. */
typedef struct none_key {
    uint16_t cand[BD_CELLS];
    uint64_t filled[2];
} none_key;

/* The grids on which a nested search found no hint: hash[i] 0 for an
 * empty slot (a hash of 0 is stored as 1). */
struct cycles_none {
    uint32_t count;
    uint64_t hash[NONE_SLOTS];
    none_key key[NONE_SLOTS];
};

/* `g` as a none_key into `k`; returns the key's hash, never 0. */
static uint64_t none_key_of(const chain_grid *g, none_key *k)
{
    memset(k, 0, sizeof *k);
    memcpy(k->cand, g->cand, sizeof k->cand);
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (g->value[cell])
            k->filled[cell >> 6] |= (uint64_t)1 << (cell & 63);
    uint64_t h = 0x9e3779b97f4a7c15u;
    const unsigned char *bytes = (const unsigned char *)k;
    for (size_t at = 0; at + 8 <= sizeof *k; at += 8) {
        uint64_t word;
        memcpy(&word, bytes + at, sizeof word);
        h = (h ^ word) * 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    return h ? h : 1;
}

/* The slot of key `k` (hash `h`) in table `t`: the one holding it, or the
 * empty one where it would go. */
static uint32_t none_slot(const struct cycles_none *t, const none_key *k, uint64_t h)
{
    uint32_t at = (uint32_t)(h & (NONE_SLOTS - 1));
    while (t->hash[at] && (t->hash[at] != h || memcmp(&t->key[at], k, sizeof *k)))
        at = (at + 1) & (NONE_SLOTS - 1);
    return at;
}

/* Whether the chainer's table holds key `k` (hash `h`). */
static bool none_has(const bdi_chainer *ch, const none_key *k, uint64_t h)
{
    const struct cycles_none *t = ch->cycles_none;
    return t && t->hash[none_slot(t, k, h)];
}

/* Adds key `k` (hash `h`, not held yet) to the chainer's table, made on
 * first use; the table is emptied first when three quarters full. Without
 * memory, nothing is kept. */
static void none_add(bdi_chainer *ch, const none_key *k, uint64_t h)
{
    struct cycles_none *t = ch->cycles_none;
    if (!t) {
        t = malloc(sizeof *t);   /* a key is set when its slot is taken */
        if (!t)
            return;
        t->count = 0;
        memset(t->hash, 0, sizeof t->hash);
        ch->cycles_none = t;
    }
    if (t->count >= NONE_SLOTS / 4 * 3) {
        t->count = 0;
        memset(t->hash, 0, sizeof t->hash);
    }
    uint32_t at = none_slot(t, k, h);
    t->hash[at] = h;
    memcpy(&t->key[at], k, sizeof *k);   /* its padding too, as memcmp reads it */
    t->count++;
}

enum { FEW_TESTS = 160 };   /* fewer: walks cost less than a closure */

/* Whether the tests that may pass at sp's live starts (both links'
 * answers) in a search with X-links (`x`) or Y-links only are many enough
 * that the closure may cost less than a walk for each: FEW_TESTS or more. */
static bool many_tests(const chain_grid *g, const cycles_space *sp, bool x)
{
    int tests = 0;
    for (int i = 0; i < sp->live_count; i++) {
        int cand = sp->live[i];
        if (x)
            tests += digit_count(sp->may[cand]);
        else if (digit_count(g->cand[cand / BD_SIZE]) == 2)
            tests += (sp->may[cand] & MAY_CYCLE) != 0;
    }
    return tests >= FEW_TESTS;
}

/* SE's three searches: X-links only, Y-links only, both (y, x). */
static const bool LINK_KINDS[3][2] = {{false, true}, {true, false}, {true, true}};

void cycles_hints(bdi_chainer *ch, const chain_grid *g, chint_list *list)
{
    none_key key;
    uint64_t hash = 0;
    if (list->keep_all) {
        hash = none_key_of(g, &key);
        if (none_has(ch, &key, hash))
            return;   /* the search found no hint on this grid before */
    }
    unary u = {.ch = ch, .g = g, .list = list};
    if (!ch->cycles_grid) {
        cycles_space *space = malloc(sizeof *space);
        if (space) {
            space->both_kept = false;
            ch->cycles_grid = &space->rg;
        }
    }
    if (ch->cycles_grid) {
        reach_grid_init(ch->cycles_grid, g, true, false);
        u.rg = ch->cycles_grid;
        u.cl = &((cycles_space *)(void *)ch->cycles_grid)->cl;   /* rg is its first member */
    }
    closure *cl = u.cl;
    uint64_t linked_of[3][BD_SIZE * 2];   /* reach_links_linked's: X, Y, both */
    if (u.rg) {
        for (int k = 0; k < 2; k++)
            reach_links_linked(u.rg, LINK_KINDS[k][0], LINK_KINDS[k][1], linked_of[k]);
        for (int i = 0; i < BD_SIZE * 2; i++)   /* what either kind switches on */
            linked_of[2][i] = linked_of[0][i] | linked_of[1][i];
    }
    cycles_space *space = u.rg && list->keep_all ? (cycles_space *)(void *)u.rg : NULL;
    bool both_made = false, none = false;
    if (space) {   /* nested: both links' tests first, for all three searches */
        u.y = u.x = true;
        memcpy(u.linked, linked_of[2], sizeof u.linked);
        u.cl = &space->both;
        u.removable = (const uint64_t (*)[2])space->removable;   /* made first */
        none = !both_tests(&u, space);
        u.may = space->may;
        both_made = u.cl_made;
        space->both_kept = both_made;   /* for the static search on this grid */
        if (both_made)
            record_grid(&space->both_grid, g);
    }
    for (int k = 0; k < 3 && !none; k++) {
        u.y = LINK_KINDS[k][0];
        u.x = LINK_KINDS[k][1];
        u.sort_key = u.x && u.y ? 4 : u.y ? 3 : 2;
        u.cycle_base = u.x && u.y ? 7.0 : 6.5;
        u.forcing_base = u.x && u.y ? 7.0 : 6.6;
        if (u.rg)
            memcpy(u.linked, linked_of[k], sizeof u.linked);
        u.cl_made = space && k == 2 && both_made;   /* both_tests made it */
        if (space)
            u.cl = k == 2 ? &space->both : many_tests(g, space, u.x) ? cl : NULL;
        else
            u.cl = cl;
        if (!chint_could_win(list, u.cycle_base, 0, 0))
            continue;   /* every hint of these links rates more than the best */
        if (space) {   /* the idle starts counted, the others walked */
            nodes_counted(ch, space->idle_nodes[k]);
            for (int i = 0; i < space->live_count && !ch->failed; i++)
                unary_chaining(&u, space->live[i] / BD_SIZE, space->live[i] % BD_SIZE + 1, list);
            continue;
        }
        for (int cell = 0; cell < BD_CELLS && !ch->failed; cell++) {
            if (g->value[cell] || digit_count(g->cand[cell]) <= 1)
                continue;
            for (unsigned ds = g->cand[cell]; ds; ds &= ds - 1u)
                unary_chaining(&u, cell, bit_digit(ds), list);
        }
    }
    free(u.on_q.item);
    free(u.off_q.item);
    free(u.light);
    if (list->keep_all && !list->count && !ch->failed)
        none_add(ch, &key, hash);
}

const struct closure *cycles_both_closure(const bdi_chainer *ch, const chain_grid *g)
{
    if (!ch->cycles_grid)
        return NULL;
    const cycles_space *sp = (const cycles_space *)(const void *)ch->cycles_grid;
    return sp->both_kept && record_is(&sp->both_grid, g) ? &sp->both : NULL;
}

size_t cycles_closure_size(void)
{
    return sizeof(closure);
}

void cycles_closure_make(struct closure *cl, const reach_grid *rg, bool y, bool x)
{
    unary u = {.rg = rg, .y = y, .x = x, .cl = cl};
    reach_links_linked(rg, y, x, u.linked);
    closure_make(&u);
}

bool cycles_closure_on(const struct closure *cl, const reach_grid *rg, int cand, reach *r)
{
    uint64_t alone[BD_SIZE * 2];
    unsigned digits;
    const uint64_t *row = row_in_place(cl, cand, alone, &digits);
    closure_reach(rg, row, digits, r);
    return !r->conflict;
}

bool cycles_reach_rows(const reach_grid *rg, bool y, bool x, uint64_t (*rows)[BD_SIZE * 2])
{
    closure *cl = malloc(sizeof *cl);
    if (!cl)
        return false;
    cycles_closure_make(cl, rg, y, x);
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned ds = x || rg->cell_left[cell] == 2 ? rg->cell_cand[cell] : 0; ds;
             ds &= ds - 1u) {
            int s = cell * BD_SIZE + bit_digit(ds) - 1;
            reach_row(cl, s, rows[s]);
        }
    free(cl);
    return true;
}
