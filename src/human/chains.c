/*
 * chains.c - the machinery of SE's chaining (chains.h): the node arena and
 * the sets of potentials, SE's two implication rules, its chaining to the
 * end of what an assumption implies (doChaining), and the measures of a
 * chain that its difficulty and SE's sort rest on.
 *
 * Implications (SE's getOnToOff and getOffToOn, inline in chains.h, as
 * every chain step asks for them). A potential on switches
 * off the cell's other candidates (with the cell rules, SE's "Y-links")
 * and its digit's other places in its box, row and column, in SE's order:
 * the cell's digits 1..9, then the house cells in bdi_house order (the
 * box's, then the row's and the column's outside the box), each potential
 * once, its cause the unit kind it was first met in. A potential off
 * switches on the cell's other candidate when the cell has two (cell
 * rules), and the digit's other place in each of its box, row and column
 * that has two ("X-links"). In a dynamic chain the grid loses each
 * potential switched off as it is processed, so that cells and units
 * shrink to two; a potential switched on thanks to that gets as "hidden"
 * parents the potentials whose switching off made the difference: in the
 * cell, its digits gone since the chain began (1..9); in the unit, the
 * places gone (in unit order).
 *
 * doChaining: two queues, the potentials switched on and those switched
 * off, processed one at a time, an "on" whenever one is waiting; a
 * potential already in its set is not made again; a potential that would
 * be both on and off ends the chain with a contradiction. In a chain with
 * nested rules (level > 0), each time both queues run dry the other rules
 * are asked for more, through the chainer's `advanced` (nested.c's, handed
 * down by chaining.c). A chain that changes the grid (dynamic, or with
 * nested rules) runs on its own copy of it, the grid it was given staying
 * as it began (the hidden parents' source).
 *
 * What a chain reads (chain_reads): when the chainer asks for it,
 * do_chaining notes, for each potential it takes, the cell (with the cell
 * rules) and the places of its digit in its box, row and column, all that
 * the implications look at; record_changes tells the cells and places
 * that differ between two grids. The producers' records across a path's
 * searches rest on these.
 *
 * Measures: SE counts a chain's potentials by walking from its end back
 * through all parents, breadth first, each potential once (the first node
 * met for it); chains.h's ancestor_count, and the same walk gives SE's
 * FullChain identity and its nested complexity.
 */
#include "chains.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The first room of the set stack and of the node arena (nodes and
 * parents): the arena's holds a hard search's record of its chains, so
 * that a path seldom regrows it (each regrowth copies all it holds). */
enum { SET_CAP0 = 64, ARENA_CAP0 = 65536 };

/* The chain step's helpers are CHAIN_INLINE (chains.h): inlined into each
 * copy of chain_run whatever the compiler's budget for inlining. */

bdi_chainer *bdi_chainer_new(bdi_budget *budget)
{
    bdi_chainer *ch = calloc(1, sizeof *ch);
    if (!ch)
        return NULL;
    ch->walk_marks = calloc(POTENTIALS + 1, sizeof *ch->walk_marks);
    if (!ch->walk_marks) {
        free(ch);
        return NULL;
    }
    ch->budget = budget;
    return ch;
}

void bdi_chainer_free(bdi_chainer *ch)
{
    if (!ch)
        return;
    for (int i = 0; i < ch->set_cap; i++) {
        if (ch->sets[i]) {
            free(ch->sets[i]->where);
            free(ch->sets[i]->order);
            free(ch->sets[i]);
        }
    }
    free(ch->sets);
    free(ch->nodes);
    free(ch->parents);
    free(ch->nested);
    free(ch->forcing_memo);
    free(ch->reach_memo);
    free(ch->memo_items);
    free(ch->cycles_grid);
    free(ch->cycles_none);
    free(ch->nested_memo);
    free(ch->walk_marks);
    free(ch);
}

bool bdi_chainer_failed(const bdi_chainer *ch)
{
    return ch->failed;
}

bool bdi_chainer_cut_short(const bdi_chainer *ch)
{
    return ch->cut_short;
}

cmark chain_mark(const bdi_chainer *ch)
{
    return (cmark){ch->node_count, ch->parent_count, ch->nested_count, ch->set_count};
}

/* Empties `s`: its table's entries back to -1, two at a time. */
static void set_wipe(const cnode *nodes, pset *s)
{
    int32_t *where = s->where;
    const uint32_t *order = s->order;
    int n = s->count, i = 0;
    for (; i + 1 < n; i += 2) {
        int a = nodes[order[i]].pot, b = nodes[order[i + 1]].pot;
        where[a] = -1;
        where[b] = -1;
    }
    if (i < n)
        where[nodes[order[i]].pot] = -1;
    s->count = 0;
}

void chain_release(bdi_chainer *ch, cmark mark)
{
    while (ch->set_count > mark.sets)
        set_wipe(ch->nodes, ch->sets[--ch->set_count]);
    ch->node_count = mark.nodes;
    ch->parent_count = mark.parents;
    ch->nested_count = mark.nested;
}

/* Grows *array (of `size`-byte items, *cap of them) to hold `need`. */
static bool grow(bdi_chainer *ch, void **array, uint32_t *cap, uint32_t need, size_t size)
{
    if (need <= *cap)
        return true;
    uint32_t want = *cap ? *cap : ARENA_CAP0;
    while (want < need)
        want *= 2;
    void *bigger = realloc(*array, (size_t)want * size);
    if (!bigger) {
        ch->failed = true;
        return false;
    }
    *array = bigger;
    *cap = want;
    return true;
}

bool node_room(bdi_chainer *ch)
{
    return grow(ch, (void **)&ch->nodes, &ch->node_cap, ch->node_count + 1, sizeof *ch->nodes)
           && grow(ch, (void **)&ch->parents, &ch->parent_cap, ch->parent_count + 1,
                   sizeof *ch->parents);
}

void node_add_parent(bdi_chainer *ch, int32_t node, int32_t parent)
{
    if (!grow(ch, (void **)&ch->parents, &ch->parent_cap, ch->parent_count + 1,
              sizeof *ch->parents))
        return;
    ch->parents[ch->parent_count++] = (uint32_t)parent;
    ch->nodes[node].parent_count++;
}

pset *set_new(bdi_chainer *ch)
{
    if (ch->set_count == ch->set_cap) {
        int want = ch->set_cap ? ch->set_cap * 2 : SET_CAP0;
        pset **bigger = realloc(ch->sets, (size_t)want * sizeof *bigger);
        if (!bigger) {
            ch->failed = true;
            return NULL;
        }
        ch->sets = bigger;
        for (int i = ch->set_cap; i < want; i++)
            ch->sets[i] = NULL;
        ch->set_cap = want;
    }
    pset *s = ch->sets[ch->set_count];
    if (!s) {
        s = malloc(sizeof *s);
        int32_t *where = malloc(POTENTIALS * sizeof *where);
        uint32_t *order = malloc(POTENTIALS * sizeof *order);
        if (!s || !where || !order) {
            free(s);
            free(where);
            free(order);
            ch->failed = true;
            return NULL;
        }
        for (int i = 0; i < POTENTIALS; i++)
            where[i] = -1;
        *s = (pset){where, order, 0};
        ch->sets[ch->set_count] = s;
    }
    s->count = 0;
    ch->set_count++;
    return s;
}

void set_retain(const bdi_chainer *ch, pset *s, const pset *other)
{
    /* in locals: the stores below might otherwise be them */
    const cnode *nodes = ch->nodes;
    const int32_t *keep = other->where;
    uint32_t *order = s->order;
    int32_t *where = s->where;
    int count = s->count, kept = 0;
    for (int i = 0; i < count; i++) {
        uint32_t node = order[i];
        int pot = nodes[node].pot;
        if (keep[pot] >= 0)
            order[kept++] = node;
        else
            where[pot] = -1;
    }
    s->count = kept;
}

void set_meet(const bdi_chainer *ch, pset *s, const pset *from, const pset *other)
{
    const cnode *nodes = ch->nodes;
    const int32_t *keep = other->where;
    const uint32_t *items = from->order;
    uint32_t *order = s->order;
    int32_t *where = s->where;
    int count = from->count, kept = 0;
    for (int i = 0; i < count; i++) {
        uint32_t node = items[i];
        int pot = nodes[node].pot;
        if (keep[pot] >= 0) {
            where[pot] = (int32_t)node;
            order[kept++] = node;
        }
    }
    s->count = kept;
}

bool reads_meet(const chain_reads *a, const chain_reads *b)
{
    uint64_t meet = 0;
    for (size_t i = 0; i < sizeof a->cells / sizeof a->cells[0]; i++)
        meet |= a->cells[i] & b->cells[i];
    for (size_t i = 0; i < sizeof a->places / sizeof a->places[0]; i++)
        meet |= a->places[i] & b->places[i];
    return meet != 0;
}

/* Notes in `read` the places of digit d + 1 in the box, row and column
 * of each cell of the cell set at places[2 * (d - 1)] (two words: cell c
 * at bit c % 64 of word c / 64), for each digit d: the bits of
 * reads_places for each. */
static void reads_places_of(chain_reads *read, const uint64_t *places)
{
    for (int d = 0; d < BD_SIZE; d++) {
        if (!(places[2 * d] | places[2 * d + 1]))
            continue;   /* no cell: nothing read (a Nishio walk keeps to a digit) */
        uint32_t units = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t set = places[2 * d + w]; set; set &= set - 1u)
                units |= bdi_cell_unit_bits[w * 64 + low_index(set)];
        /* the digit's 27 bits, over two words when they cross one */
        int at = d * UNIT_COUNT, shift = at & 63;
        read->places[at >> 6] |= (uint64_t)units << shift;
        if (shift > 64 - UNIT_COUNT)
            read->places[(at >> 6) + 1] |= (uint64_t)units >> (64 - shift);
    }
}

void reads_reach(chain_reads *read, const reach *r, bool cells)
{
    uint64_t places[BD_SIZE * 2];
    for (int d = 0; d < BD_SIZE; d++)
        for (int w = 0; w < 2; w++) {
            places[2 * d + w] = r->on[d][w] | r->off[d][w];
            if (cells)
                read->cells[w] |= places[2 * d + w];
        }
    reads_places_of(read, places);
}

void record_changes(grid_record *last, const chain_grid *g, chain_reads *changed)
{
    *changed = (chain_reads){{0}, {0}};
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (last->cand[cell] != g->cand[cell])
            reads_cell(changed, cell);
    for (int unit = 0; unit < UNIT_COUNT; unit++)
        for (int d = 0; d < BD_SIZE; d++)
            if (last->places[unit][d] != g->places[unit][d])
                bits_set(changed->places, d * UNIT_COUNT + unit);
    record_grid(last, g);
}

/* Where hidden_add looks for the hidden parents of `imp` (a potential on
 * in a dynamic chain on `g` that began as `source`): *unit the unit of its
 * cause, or -1 for the cell's; returns the positions of that unit gone
 * since (for the cell, its digits gone), none when it has none. */
CHAIN_INLINE unsigned hidden_gone(implied imp, const chain_grid *g, const chain_grid *source,
                                   int *unit)
{
    int cell = pot_cell(imp.pot), digit = pot_digit(imp.pot);
    if (imp.cause == CAUSE_NAKED_SINGLE) {
        *unit = -1;
        return (unsigned)(source->cand[cell] & ~g->cand[cell]);
    }
    int kind = imp.cause == CAUSE_HIDDEN_BOX ? UNIT_BOX
               : imp.cause == CAUSE_HIDDEN_ROW ? UNIT_ROW : UNIT_COL;
    *unit = unit_at(kind, cell);
    return unit_places(source, *unit, digit) & ~unit_places(g, *unit, digit);
}

/* Adds to node `made`, of implied potential `imp`, the hidden parents
 * `gone` in `unit` as hidden_gone gives them, those `offs` holds, in
 * that order (node_add_parent's parents, with room made once). */
CHAIN_INLINE void hidden_parents(bdi_chainer *ch, int32_t made, implied imp, unsigned gone, int unit,
                           const pset *offs)
{
    uint32_t first = ch->parent_count;
    if (!grow(ch, (void **)&ch->parents, &ch->parent_cap, first + (uint32_t)digit_count(gone),
              sizeof *ch->parents))
        return;
    const int32_t *where = offs->where;
    uint32_t *parents = ch->parents, n = first;
    int cell = pot_cell(imp.pot), digit = pot_digit(imp.pot);
    for (; gone; gone &= gone - 1u) {
        int pot = unit < 0 ? pot_of(cell, bit_digit(gone), false)
                           : pot_of(unit_cell_of(unit, bit_digit(gone) - 1), digit, false);
        int32_t parent = where[pot];
        if (parent >= 0)
            parents[n++] = (uint32_t)parent;
    }
    ch->nodes[made].parent_count += n - first;
    ch->parent_count = n;
}

/* Adds to node `made` (implied potential `imp`, switched on in a dynamic
 * chain on `g` that began as `source`) its hidden parents, looked up in
 * `offs`: hidden_parents called only where some are gone. */
CHAIN_INLINE void hidden_add(bdi_chainer *ch, int32_t made, implied imp, const chain_grid *g,
                              const chain_grid *source, const pset *offs)
{
    int unit;
    unsigned gone = hidden_gone(imp, g, source, &unit);
    if (gone)
        hidden_parents(ch, made, imp, gone, unit, offs);
}

/* For cell c, by unit kind (row, column, box), the mask that keeps all
 * but the cell's position in that unit's places. */
#define PLACE_KEEP(c) {(uint16_t)~(1u << (c) % 9), (uint16_t)~(1u << (c) / 9), \
                       (uint16_t)~(1u << ((c) / 9 % 3 * 3 + (c) % 9 % 3))}

/* What an off step reads and writes of candidate i = cell * 9 + digit - 1
 * (computed while compiling): by unit kind (row, column, box), where the
 * places of its digit in the cell's unit of that kind are, as a byte
 * offset into a grid's places[][] (place_of), and the mask that keeps all
 * but the cell's position there; its cell, its digit and the digit's bit
 * (16 bytes). */
typedef struct cand_site {
    uint16_t at[UNIT_KINDS];
    uint16_t keep[UNIT_KINDS];
    uint8_t cell, digit;
    uint16_t bit;
} cand_site;

#define SITE_UNITS(c) {(c) / 9, 9 + (c) % 9, 18 + (c) / 27 * 3 + (c) % 9 / 3}
#define SITE_AT(c, d, u) (uint16_t)(((u) * BD_SIZE + (d)) * sizeof(uint16_t))
#define CAND_SITE(i)                                                                        \
    {{SITE_AT((i) / 9, (i) % 9, (i) / 81),                                                   \
      SITE_AT((i) / 9, (i) % 9, 9 + (i) / 9 % 9),                                            \
      SITE_AT((i) / 9, (i) % 9, 18 + (i) / 243 * 3 + (i) / 9 % 9 / 3)},                      \
     PLACE_KEEP((i) / 9), (uint8_t)((i) / 9), (uint8_t)((i) % 9 + 1), (uint16_t)(1u << (i) % 9)}
#define CELL_SITES(c)                                                                       \
    CAND_SITE((c) * 9), CAND_SITE((c) * 9 + 1), CAND_SITE((c) * 9 + 2),                     \
        CAND_SITE((c) * 9 + 3), CAND_SITE((c) * 9 + 4), CAND_SITE((c) * 9 + 5),             \
        CAND_SITE((c) * 9 + 6), CAND_SITE((c) * 9 + 7), CAND_SITE((c) * 9 + 8)
static const cand_site cand_sites[BD_CELLS * BD_SIZE] = {REP81(CELL_SITES)};

/* The places word of grid `g` at byte offset `at` (a cand_site's). */
CHAIN_INLINE uint16_t *place_of(chain_grid *g, unsigned at)
{
    return (uint16_t *)(void *)((unsigned char *)g->places + at);
}

/* The other place of the candidate at `site` in its unit of `kind`,
 * whose places of its digit are `places`, two of them. */
CHAIN_INLINE int site_mate(const cand_site *site, int kind, unsigned places)
{
    return unit_cell_of(unit_at(kind, site->cell), bit_digit(places & site->keep[kind]) - 1);
}

/* do_chaining's count of its nodes against the chainer's budget: each of
 * the next `room` nodes is counted by ++*nodes alone (bdi_budget_room);
 * with no budget, into `none`, with no end. */
typedef struct chain_spend {
    uint64_t *nodes;
    uint64_t room;
    uint64_t none;
} chain_spend;

/* Sets `sp` from the chainer's budget as it is now. */
static void spend_refresh(const bdi_chainer *ch, chain_spend *sp)
{
    if (ch->budget) {
        sp->nodes = &ch->budget->nodes;
        sp->room = bdi_budget_room(ch->budget);
    } else {
        sp->nodes = &sp->none;
        sp->room = UINT64_MAX;
    }
}

/* A node's hidden parents as chain_node is told them: with `was` set,
 * those that `offs` holds of the positions in `unit` (-1: the digits of
 * the node's cell) that the word `was` has and `now` has not (hidden_gone's
 * words: the source grid's and the chain's grid's as it was when the
 * node's potential was implied); else, for a potential on with `source`
 * set, those hidden_add finds from `g` and `source`. */
typedef struct hidden_from {
    const chain_grid *g, *source;
    const uint16_t *was;
    unsigned now;
    int unit;
} hidden_from;

/* No hidden parents (hidden_from). */
#define NO_HIDDEN ((hidden_from){NULL, NULL, NULL, 0u, -1})

/* Adds to node `made`, of `imp`, its hidden parents as `h` tells them. */
CHAIN_INLINE void hidden_from_add(bdi_chainer *ch, int32_t made, implied imp, hidden_from h,
                                   const pset *offs)
{
    if (h.was) {
        unsigned gone = *h.was & ~h.now;
        if (gone)
            hidden_parents(ch, made, imp, gone, h.unit, offs);
    } else if (h.source && pot_on(imp.pot)) {
        hidden_add(ch, made, imp, h.g, h.source, offs);
    }
}

/* A node for do_chaining, whose nodes all have a parent: node_new's node
 * of `imp` with `parent` (the same count of the budget, failure and -1
 * included), counted through `sp` while it has room, and its hidden
 * parents as `h` tells them. */
CHAIN_INLINE int32_t chain_node(bdi_chainer *ch, chain_spend *sp, implied imp, int32_t parent,
                                 hidden_from h, const pset *offs)
{
    if (!sp->room) {   /* a limit or the clock may be due: the budget's own way */
        int32_t made = node_new(ch, imp.pot, imp.cause, parent);
        if (made >= 0)
            hidden_from_add(ch, made, imp, h, offs);
        spend_refresh(ch, sp);
        return made;
    }
    sp->room--;
    ++*sp->nodes;
    if ((ch->node_count >= ch->node_cap || ch->parent_count >= ch->parent_cap) && !node_room(ch))
        return -1;
    uint32_t made = ch->node_count++, first = ch->parent_count++;
    ch->nodes[made] = (cnode){imp.pot, imp.cause, first, 1, -1};
    ch->parents[first] = (uint32_t)parent;
    hidden_from_add(ch, (int32_t)made, imp, h, offs);
    return (int32_t)made;
}

/* An on step's offs as do_chaining takes them: `out` the potentials off
 * not yet in the off set, in SE's order, `n` their number, up to a
 * potential whose on is in the on set (`clash`, then set). */
typedef struct fresh_offs {
    implied *out;
    int n;
    implied clash;
} fresh_offs;

/* Adds `imp`, an off, to `f` unless `off_where` has it; false when
 * `on_where` has its on (f->clash; an off's potential is even, its on the
 * next). */
CHAIN_INLINE bool fresh_take(fresh_offs *f, implied imp, const int32_t *on_where,
                              const int32_t *off_where)
{
    if (on_where[imp.pot + 1] >= 0) {
        f->clash = imp;
        return false;
    }
    if (off_where[imp.pot] < 0)
        f->out[f->n++] = imp;
    return true;
}

/* Adds to `f` the offs of `digit` at the cells of `unit` at positions
 * `places`, with `cause`, as fresh_take does, up to a clash (false). */
CHAIN_INLINE bool fresh_part(fresh_offs *f, int unit, unsigned places, int digit, int cause,
                              const int32_t *on_where, const int32_t *off_where)
{
    for (; places; places &= places - 1u)
        if (!fresh_take(f,
                        (implied){(uint16_t)pot_of(unit_cell_of(unit, bit_digit(places) - 1),
                                                   digit, false),
                                  (uint8_t)cause},
                        on_where, off_where))
            return false;
    return true;
}

/* on_implies(g, pot, y_links, ...) into `f`, those off_where has left
 * out, up to the first whose on on_where has: false then (f->clash). */
CHAIN_INLINE bool fresh_on(fresh_offs *f, const chain_grid *g, int pot, bool y_links,
                            const int32_t *on_where, const int32_t *off_where)
{
    int cell = pot_cell(pot), digit = pot_digit(pot);
    for (unsigned others = y_links ? g->cand[cell] & ~digit_bit(digit) : 0; others;
         others &= others - 1u)
        if (!fresh_take(f,
                        (implied){(uint16_t)pot_of(cell, bit_digit(others), false),
                                  CAUSE_NAKED_SINGLE},
                        on_where, off_where))
            return false;
    int box = unit_at(UNIT_BOX, cell), row = unit_at(UNIT_ROW, cell), col = unit_at(UNIT_COL, cell);
    return fresh_part(f, box, unit_places(g, box, digit) & ~(1u << bdi_cell_pos[cell][UNIT_BOX]),
                      digit, CAUSE_HIDDEN_BOX, on_where, off_where)
           && fresh_part(f, row, unit_places(g, row, digit) & ~box_part(cell, UNIT_ROW), digit,
                         CAUSE_HIDDEN_ROW, on_where, off_where)
           && fresh_part(f, col, unit_places(g, col, digit) & ~box_part(cell, UNIT_COL), digit,
                         CAUSE_HIDDEN_COL, on_where, off_where);
}

/* An off step's potential switched on, `imp`, child of `p`, as SE's loop
 * takes it: false at a contradiction (its off in `off`: the two nodes in
 * contradiction[]); else made, with its hidden parents (as `h` tells
 * them), and added to `on` unless `on` has it. */
CHAIN_INLINE bool take_on(bdi_chainer *ch, chain_spend *sp, implied imp, int32_t p,
                           hidden_from h, pset *on, const pset *off, int32_t contradiction[2])
{
    int q = imp.pot;
    if (off->where[q & ~1] >= 0) {
        contradiction[0] = chain_node(ch, sp, imp, p, h, off);
        contradiction[1] = off->where[q & ~1];
        return false;
    }
    if (on->where[q] < 0) {
        int32_t made = chain_node(ch, sp, imp, p, h, off);
        if (made >= 0)
            set_put(on, q, made);
    }
    return true;
}

/* The links an off step may take, by kind: the cell's (a cell of two
 * candidates, with the cell rules) and each unit's (two places of the
 * digit). */
enum { LINK_CELL = 1, LINK_BOX = 2, LINK_ROW = 4, LINK_COL = 8 };

/* The hidden parents (hidden_from) of an on that an off step implies by
 * its link `kind` (a unit kind, or -1: the cell's), the off of the
 * candidate at `site`, whose word for that link (the cell's candidates,
 * or the digit's places in that unit) is `now` in the chain's grid before
 * the step's removal: with `early` (the removal made before the links
 * are taken), from `now` and source's word (hidden_gone's words, which
 * are the on's cell's or its cause's unit's); else from `g` and `source`,
 * as they are. */
CHAIN_INLINE hidden_from link_hidden(const chain_grid *g, const chain_grid *source, bool early,
                                     const cand_site *site, int kind, unsigned now)
{
    if (!early)
        return (hidden_from){g, source, NULL, 0u, -1};
    if (kind < 0)
        return (hidden_from){NULL, NULL, &source->cand[site->cell], now, -1};
    const uint16_t *was = (const uint16_t *)(const void *)((const unsigned char *)source->places
                                                           + site->at[kind]);
    return (hidden_from){NULL, NULL, was, now, site->at[kind] / (BD_SIZE * sizeof(uint16_t))};
}

/* An off step's potentials switched on, the off of the candidate at
 * `site` (node `p`), taken as they come (take_on), all but the link
 * `skip` (LINK_*, or 0): the cell's other candidate in a cell of two
 * (with `y_links`), then the X-links in SE_KINDS' order (a cell met again
 * through a second unit, only ever the box's mate, is the same
 * potential). `cand` is the cell's candidates, `in_box`, `in_row` and
 * `in_col` the places of the digit in its units, in the chain's grid `g`
 * before the step's removal, which with `early` (a dynamic chain) is made
 * already (link_hidden). False at a contradiction. */
CHAIN_INLINE bool off_links(bdi_chainer *ch, chain_spend *sp, const cand_site *site, int32_t p,
                             const chain_grid *g, const chain_grid *source, bool early,
                             bool y_links, unsigned skip, pset *on, const pset *off,
                             int32_t contradiction[2], unsigned cand, unsigned in_box,
                             unsigned in_row, unsigned in_col)
{
    int cell = site->cell, digit = site->digit;
    if (y_links && digit_count(cand) == 2 && skip != LINK_CELL) {
        implied y = {(uint16_t)pot_of(cell, bit_digit(cand & ~site->bit), true),
                     CAUSE_NAKED_SINGLE};
        if (!take_on(ch, sp, y, p, link_hidden(g, source, early, site, -1, cand), on, off,
                     contradiction))
            return false;
    }
    int box_mate =
        digit_count(in_box) == 2 && skip != LINK_BOX ? site_mate(site, UNIT_BOX, in_box) : -1;
    if (box_mate >= 0
        && !take_on(ch, sp, (implied){(uint16_t)pot_of(box_mate, digit, true), CAUSE_HIDDEN_BOX},
                    p, link_hidden(g, source, early, site, UNIT_BOX, in_box), on, off,
                    contradiction))
        return false;
    int row_mate =
        digit_count(in_row) == 2 && skip != LINK_ROW ? site_mate(site, UNIT_ROW, in_row) : -1;
    if (row_mate >= 0 && row_mate != box_mate
        && !take_on(ch, sp, (implied){(uint16_t)pot_of(row_mate, digit, true), CAUSE_HIDDEN_ROW},
                    p, link_hidden(g, source, early, site, UNIT_ROW, in_row), on, off,
                    contradiction))
        return false;
    int col_mate =
        digit_count(in_col) == 2 && skip != LINK_COL ? site_mate(site, UNIT_COL, in_col) : -1;
    return col_mate < 0 || col_mate == box_mate
           || take_on(ch, sp, (implied){(uint16_t)pot_of(col_mate, digit, true), CAUSE_HIDDEN_COL},
                      p, link_hidden(g, source, early, site, UNIT_COL, in_col), on, off,
                      contradiction);
}

/* By the cause of an off node of a chain with no nested rules, the link
 * of its off step that leads back to its parent, an on: the on switched
 * off its cell's other candidates (the cell's link, with two candidates
 * left, is the on) and its digit's other places in one unit (that unit's
 * link, with two places left, is the on). Such a chain's on set holds the
 * parent and its off set never holds the parent's off (that ends the
 * chain first), and the parent's candidate stays in the grid: take_on
 * would leave all as it is, so the off step skips that link. (Nested
 * rules may add an on's off, and then the link is a contradiction.) */
static const uint8_t back_link[CAUSE_ADVANCED + 1] = {
    [CAUSE_NAKED_SINGLE] = LINK_CELL, [CAUSE_HIDDEN_BOX] = LINK_BOX,
    [CAUSE_HIDDEN_ROW] = LINK_ROW, [CAUSE_HIDDEN_COL] = LINK_COL};

/* An off step of node `p`, the off of the candidate at `site`: with
 * `remove` (a dynamic chain with no nested rules), the candidate removed
 * from `g` (cand and places, not lone[], which such a chain does not
 * read: its copy of the grid goes when it ends; a grid without the
 * candidate has no place of it either, and then the stores change
 * nothing); then its potentials switched on (off_links, from the words
 * read before the removal) where it may have some (its cell has two
 * candidates, with `y_links`, or its digit two places in one of the
 * cell's units), all but the link `skip` (LINK_*, or 0). False at a
 * contradiction. */
CHAIN_INLINE bool off_step(bdi_chainer *ch, chain_spend *sp, const cand_site *site, int32_t p,
                           chain_grid *g, const chain_grid *source, bool y_links, bool remove,
                           unsigned skip, pset *on, const pset *off, int32_t contradiction[2])
{
    uint16_t *box = place_of(g, site->at[UNIT_BOX]), *row = place_of(g, site->at[UNIT_ROW]),
             *col = place_of(g, site->at[UNIT_COL]);
    unsigned cand = g->cand[site->cell], in_box = *box, in_row = *row, in_col = *col;
    if (remove) {
        g->cand[site->cell] = (uint16_t)(cand & ~site->bit);
        *row = (uint16_t)(in_row & site->keep[UNIT_ROW]);
        *col = (uint16_t)(in_col & site->keep[UNIT_COL]);
        *box = (uint16_t)(in_box & site->keep[UNIT_BOX]);
    }
    if ((y_links && digit_count(cand) == 2 && skip != LINK_CELL)
        || (digit_count(in_box) == 2 && skip != LINK_BOX)
        || (digit_count(in_row) == 2 && skip != LINK_ROW)
        || (digit_count(in_col) == 2 && skip != LINK_COL))
        return off_links(ch, sp, site, p, g, source, remove, y_links, skip, on, off,
                         contradiction, cand, in_box, in_row, in_col);
    return true;
}

/* chain_node and set_put for each of imp[0..n) in turn, potentials `s`
 * lacks, all children of `parent` with no hidden parents (an on step's
 * offs): the same nodes, set (and so queue) and count of the budget; when the
 * budget's room and the arena hold all n, counted and made in one pass. */
CHAIN_INLINE void chain_nodes_push(bdi_chainer *ch, chain_spend *sp, const implied *imp, int n,
                                    int32_t parent, pset *s)
{
    uint32_t node = ch->node_count, first = ch->parent_count;
    if (sp->room < (uint64_t)n || node + (uint32_t)n > ch->node_cap
        || first + (uint32_t)n > ch->parent_cap) {
        for (int i = 0; i < n; i++) {
            int32_t made = chain_node(ch, sp, imp[i], parent, NO_HIDDEN, NULL);
            if (made >= 0)
                set_put(s, imp[i].pot, made);
        }
        return;
    }
    sp->room -= (uint64_t)n;
    *sp->nodes += (uint64_t)n;
    cnode *nodes = ch->nodes + node;
    uint32_t *parents = ch->parents + first, *order = s->order + s->count;
    int32_t *where = s->where;
    for (int i = 0; i < n; i++) {
        nodes[i] = (cnode){imp[i].pot, imp[i].cause, first + (uint32_t)i, 1, -1};
        parents[i] = (uint32_t)parent;
        where[imp[i].pot] = (int32_t)(node + (uint32_t)i);
        order[i] = node + (uint32_t)i;
    }
    ch->node_count = node + (uint32_t)n;
    ch->parent_count = first + (uint32_t)n;
    s->count += n;
}

/* do_chaining's body, with the rules and ch->reads (`reads`) given apart
 * so that a call with constants makes a copy for them (always inlined);
 * `cap` is rules->cap, 0 in the copies that do not read it. */
CHAIN_INLINE bool chain_run(bdi_chainer *ch, chain_grid *g, bool y_links, bool dynamic, int level,
                            int cap, chain_reads *reads, pset *on, pset *off,
                            int32_t contradiction[2])
{
    const int32_t *const on_where = on->where, *const off_where = off->where;
    /* a dynamic chain (or one with nested rules) runs on a copy, the grid
     * as it began its source; a static one leaves the grid alone: no copy,
     * and no potential is gone from it, so no hidden parents to look for */
    chain_grid work;
    const chain_grid *source = NULL;
    if (dynamic || level > 0) {
        work = *g;
        source = g;
        g = &work;
    }
    /* the queues: each set's nodes from its head on (every node a set
     * gains is queued, in the order it is added, and only those) */
    const uint32_t *const on_order = on->order, *const off_order = off->order;
    int on_head = 0, off_head = 0;
    implied imp[BD_SIZE + HOUSE_CELLS];
    chain_spend sp;
    spend_refresh(ch, &sp);
    if (reads && level > 0)   /* the nested rules read it all */
        memset(reads, 0xff, sizeof *reads);
    /* The cap: the offs are taken in rounds, each those queued before
     * the round began, with `depth` nodes on their paths of first parents
     * (the ons an off step makes are taken at once, and their offs queued
     * for the next round: two nodes more). From one assumption, the first
     * round's offs are the assumption's own (an off, depth 1) or its on
     * step's (depth 2). A round of depth d makes nodes of depth d + 1 or
     * more only, and each later round deeper ones. */
    int depth = off->count ? -1 : 0, round_end = cap > 0 && on->count + off->count == 1 ? 0 : -1;
    bool ok = true;
    while (ok && !ch->failed) {
        if (on_head < on->count) {
            int32_t p = (int32_t)on_order[on_head++];
            int pot = ch->nodes[p].pot;
            if (reads) {
                if (y_links)
                    reads_cell(reads, pot_cell(pot));
                reads_places(reads, pot_cell(pot), pot_digit(pot));
            }
            /* the offs not yet off, up to a contradiction, made together;
             * then the contradiction's node: the order of SE's loop */
            fresh_offs f = {imp, 0, {0, 0}};
            bool clean = fresh_on(&f, g, pot, y_links, on_where, off_where);
            chain_nodes_push(ch, &sp, imp, f.n, p, off);
            if (!clean) {
                contradiction[0] = on_where[f.clash.pot | 1];
                contradiction[1] = chain_node(ch, &sp, f.clash, p, NO_HIDDEN, NULL);
                ok = false;
            }
        } else if (off_head < off->count) {
            if (off_head == round_end) {   /* never, with no cap */
                depth += 2;
                round_end = off->count;
                if (depth + 1 >= cap)
                    break;
            }
            int32_t p = (int32_t)off_order[off_head++];
            int q0 = ch->nodes[p].pot;
            unsigned skip = level == 0 ? back_link[ch->nodes[p].cause] : 0u;
            if (reads) {
                if (y_links)
                    reads_cell(reads, pot_cell(q0));
                reads_places(reads, pot_cell(q0), pot_digit(q0));
            }
            /* the off made in the grid (dynamic, no nested rules), and
             * off_implies' potentials taken as they come, where there may
             * be some */
            const cand_site *site = &cand_sites[q0 >> 1];
            ok = off_step(ch, &sp, site, p, g, source, y_links, dynamic && level == 0, skip, on,
                          off, contradiction);
            if (dynamic && level > 0)
                state_remove(g, site->cell, site->digit);
        } else {
            break;
        }
        if (ok && level > 0 && on_head == on->count && off_head == off->count) {
            /* the nested rules add to `off` and queue what they add: its
             * order from off->count on is that queue's tail */
            int tail = off->count;
            ch->advanced(ch, g, source, level, off, (int32_t *)off->order, &tail);
            spend_refresh(ch, &sp);   /* the nested rules counted nodes */
        }
    }
    return ok;
}

/* A function that the compiler keeps out of its callers (GCC and Clang;
 * elsewhere a plain static one). */
#if defined(__GNUC__)
#define CHAIN_APART static __attribute__((noinline))
#else
#define CHAIN_APART static
#endif

/* The most common kind of chain, in a copy of chain_run of its own, with
 * registers and stack of its own: dynamic with the cell rules, nothing
 * nested, nothing noted, perhaps capped. */
CHAIN_APART bool chain_dynamic(bdi_chainer *ch, chain_grid *g, int cap, pset *on, pset *off,
                               int32_t contradiction[2])
{
    return chain_run(ch, g, true, true, 0, cap, NULL, on, off, contradiction);
}

bool do_chaining(bdi_chainer *ch, chain_grid *g, const chain_rules *rules, pset *on, pset *off,
                 int32_t contradiction[2])
{
    /* the common kinds in copies of their own: chain_dynamic's; dynamic
     * without the cell rules (Nishio's), nothing nested; dynamic with the
     * cell rules and nested rules; static with nothing nested (the
     * multiple search's); then the others */
    if (rules->y_links && rules->dynamic && !rules->level && !ch->reads)
        return chain_dynamic(ch, g, rules->cap, on, off, contradiction);
    if (!rules->y_links && rules->dynamic && !rules->level)
        return chain_run(ch, g, false, true, 0, 0, ch->reads, on, off, contradiction);
    if (rules->y_links && rules->dynamic && rules->level > 0)
        return chain_run(ch, g, true, true, rules->level, 0, ch->reads, on, off, contradiction);
    if (!rules->dynamic && !rules->level)
        return chain_run(ch, g, rules->y_links, false, 0, 0, ch->reads, on, off, contradiction);
    return chain_run(ch, g, rules->y_links, rules->dynamic, rules->level, 0, ch->reads, on, off,
                     contradiction);
}

/* walk_back's walk, which stops once it has taken more than `limit`
 * potentials; how many it took. A node is queued only when its potential
 * was never queued: the queue is first in, first out, so the node queued
 * first for a potential is the one taken first, and the nodes taken, in
 * their order, are those of a walk that queued every parent and skipped
 * the potentials already taken. */
static int walk_upto(const bdi_chainer *ch, int32_t target, visit_fn visit, void *context,
                     int limit)
{
    /* a potential queued in this walk is marked with its stamp */
    uint32_t *marks = ch->walk_marks, stamp = ++marks[POTENTIALS];
    if (!stamp) {   /* the stamps went round: every mark forgotten */
        memset(marks, 0, POTENTIALS * sizeof *marks);
        stamp = marks[POTENTIALS] = 1;
    }
    int32_t items[POTENTIALS];   /* each potential queued once at most */
    int head = 0, tail = 0, taken = 0;
    items[tail++] = target;
    marks[ch->nodes[target].pot] = stamp;
    while (head < tail) {
        int32_t node = items[head++];
        if (++taken > limit)
            break;
        if (visit)
            visit(ch, node, context);
        /* read before the marks are written (which might be them) */
        const uint32_t *parents = node_parents(ch, node);
        uint32_t count = ch->nodes[node].parent_count;
        for (uint32_t i = 0; i < count; i++) {
            uint32_t parent = parents[i];
            int pot = ch->nodes[parent].pot;
            if (marks[pot] != stamp) {
                marks[pot] = stamp;
                items[tail++] = (int32_t)parent;
            }
        }
    }
    return taken;
}

int walk_back(const bdi_chainer *ch, int32_t target, visit_fn visit, void *context)
{
    return walk_upto(ch, target, visit, context, INT_MAX);
}

int ancestor_count(const bdi_chainer *ch, int32_t node)
{
    return walk_upto(ch, node, NULL, NULL, INT_MAX);
}

int ancestor_count_upto(const bdi_chainer *ch, int32_t node, int limit)
{
    return walk_upto(ch, node, NULL, NULL, limit < 0 ? 0 : limit);
}

/* A 64-bit mix of a running hash with a value. */
static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15u + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9u;
    return h ^ (h >> 31);
}

typedef struct nested_sum {
    uint64_t done[64];
    int done_count;
    int total;
} nested_sum;

/* visit_fn for nested_complexity: adds the complexity of node's nested
 * hint, if it has one whose fingerprint `context` (a nested_sum) has not
 * counted yet. */
static void add_nested(const bdi_chainer *ch, int32_t node, void *context)
{
    nested_sum *sum = context;
    int32_t rec = ch->nodes[node].nested;
    if (rec < 0)
        return;
    const nested_rec *r = &ch->nested[rec];
    for (int i = 0; i < sum->done_count; i++)
        if (sum->done[i] == r->fingerprint)
            return;
    if (sum->done_count < 64)
        sum->done[sum->done_count++] = r->fingerprint;
    sum->total += r->complexity;
}

int nested_complexity(const bdi_chainer *ch, const uint32_t *targets, int count)
{
    if (!ch->nested_count)
        return 0;
    nested_sum sum = {.done_count = 0, .total = 0};
    for (int i = 0; i < count; i++)
        walk_back(ch, (int32_t)targets[i], add_nested, &sum);
    return sum.total;
}

/* chain_fingerprint's walk: the running hash, and the caller's visit. */
typedef struct hash_walk {
    uint64_t h;
    visit_fn also;
    void *context;
} hash_walk;

/* visit_fn for chain_fingerprint: mixes node's potential into the hash
 * of `context` (a hash_walk), then passes the node on to its visit. */
static void hash_node(const bdi_chainer *ch, int32_t node, void *context)
{
    hash_walk *w = context;
    w->h = mix(w->h, ch->nodes[node].pot);
    if (w->also)
        w->also(ch, node, w->context);
}

uint64_t chain_fingerprint(const bdi_chainer *ch, const uint32_t *targets, int count,
                           visit_fn also, void *context)
{
    hash_walk w = {mix(0, (uint64_t)count), also, context};
    for (int i = 0; i < count; i++)
        w.h = mix(w.h, ch->nodes[targets[i]].pot);
    for (int i = 0; i < count; i++) {
        w.h = mix(w.h, 0xFFFFu);
        walk_back(ch, (int32_t)targets[i], hash_node, &w);
    }
    return w.h;
}

double length_difficulty(int complexity)
{
    double added = 0.0;
    int ceiling = 4, length = complexity - 2;
    bool odd = false;
    while (length > ceiling) {
        added += 0.1;
        ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
        odd = !odd;
    }
    return added;
}

/* Collects the links of one branch. */
typedef struct link_walk {
    bdi_step *s;
    int branch;
    int first;                  /* the step's links of this branch start here */
} link_walk;

/* visit_fn for a branch's links: marks node's candidate in the step of
 * `context` (a link_walk) and adds a link from each of its parents (none
 * for a node of more than six), setting links_cut when the step is full. */
static void add_links(const bdi_chainer *ch, int32_t node, void *context)
{
    link_walk *w = context;
    const cnode *n = &ch->nodes[node];
    int pot = n->pot;
    step_mark(w->s, pot_cell(pot), digit_bit(pot_digit(pot)));
    const uint32_t *parents = node_parents(ch, node);
    for (uint32_t i = 0; i < n->parent_count && n->parent_count <= 6; i++) {
        if (w->s->link_count == BD_STEP_LINKS) {
            w->s->links_cut = true;
            return;
        }
        int from = ch->nodes[parents[i]].pot;
        bdi_link *l = &w->s->links[w->s->link_count++];
        l->from_cell = (uint8_t)pot_cell(from);
        l->from_digit = (uint8_t)pot_digit(from);
        l->from_on = (uint8_t)pot_on(from);
        l->to_cell = (uint8_t)pot_cell(pot);
        l->to_digit = (uint8_t)pot_digit(pot);
        l->to_on = (uint8_t)pot_on(pot);
        l->branch = (uint8_t)w->branch;
    }
}

void chain_links(const bdi_chainer *ch, const uint32_t *targets, int count, bdi_step *s)
{
    s->link_count = 0;
    s->links_cut = false;
    for (int i = 0; i < count; i++) {
        link_walk w = {s, i, s->link_count};
        walk_back(ch, (int32_t)targets[i], add_links, &w);
        /* the walk goes from the end back: turn the branch around */
        for (int a = w.first, b = s->link_count - 1; a < b; a++, b--) {
            bdi_link t = s->links[a];
            s->links[a] = s->links[b];
            s->links[b] = t;
        }
    }
}

void chain_paths(const bdi_chainer *ch, const uint32_t *targets, int count, bdi_step *s)
{
    int len = 0;
    s->branch_count = 0;
    for (int i = 0; i < count; i++) {
        s->branch_start[s->branch_count++] = len;
        int first = len;
        for (int32_t n = (int32_t)targets[i]; n >= 0 && len < BD_STEP_LINKS;) {
            s->path[len++] = ch->nodes[n].pot;
            n = ch->nodes[n].parent_count ? (int32_t)node_parents(ch, n)[0] : -1;
        }
        for (int a = first, b = len - 1; a < b; a++, b--) {
            uint16_t t = s->path[a];
            s->path[a] = s->path[b];
            s->path[b] = t;
        }
    }
    s->branch_start[s->branch_count] = len;
}
