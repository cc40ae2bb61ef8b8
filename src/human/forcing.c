/*
 * forcing.c - SE's forcing-chain producers (Chaining with multiple,
 * dynamic or Nishio): Nishio forcing chains (7.5), cell and region forcing
 * chains (8.0), dynamic forcing chains (8.5) and those with nested rules
 * (level 1: 9.0, levels 2 to 5: 9.5 to 11.0); plus the length's
 * difficulty, the length of each chain of the hint counted.
 *
 * SE's search (getMultipleChainsHintList): each empty cell, row by row,
 * with more than two candidates (dynamic: more than one); for each of its
 * candidates, 1..9:
 *   - binary chaining: the candidate assumed on, then off, each chained to
 *     the end (chains.c); with contradictions (dynamic, Nishio) an
 *     assumption that leads to one is false; with doubles (dynamic, a cell
 *     of three or more candidates) a potential that both assumptions imply
 *     holds;
 *   - region chaining (not Nishio): in each of its box, row and column (in
 *     that order) where the digit has two places (multiple: two or more)
 *     and this cell is the first, each place assumed on in turn: what all
 *     of them imply holds;
 * then cell chaining (not Nishio; a cell of two candidates, or multiple):
 * what every candidate of the cell implies holds. The hints go in that
 * order; SE sorts them by difficulty, complexity (the chains' potentials
 * counted, nested chains included), then kind (double 1, cell 5, region 6,
 * contradiction 7), first found first.
 *
 * What one candidate assumed on implies does not change during one search
 * (the grid is the same for all its chains: do_chaining leaves it as it
 * was), yet SE asks for it up to four times: once in the candidate's own
 * binary chaining and once in each unit where it is a place but not the
 * first.
 * A search with region chaining (all but Nishio) keeps each such chain
 * once made (its nodes, in the order of its two sets, and its outcome)
 * and rebuilds the sets from that record when asked again: the same nodes
 * in the same order, so every hint and its measures are those of SE's
 * search. The nodes stay until the search ends (only the sets go after
 * each cell). A dynamic search of level 0 that has a best caps the chains
 * it makes then (chain_cap): a chain stops where what it would still make
 * serves only hints that sort after the best; the best's complexity only
 * falls, so the capped chain, its record, and the sets and plans made
 * from it give the rest of the search the same hints that could be taken
 * as the whole chain would.
 *
 * The path's Nishio searches (`reuse`) skip the cells known to give
 * nothing. What a cell gives rests on its candidates, its digits' places
 * in its units, and its chains, each a function of what it reads of the
 * grid (chains.h; a Nishio chain keeps to one digit, so it reads little);
 * the search notes all that (`chain_reads`). A cell that gave no hint is
 * recorded idle with its reads; the next Nishio search compares the grid
 * with the last one's, and a cell whose reads take in a change loses its
 * record. A cell still idle would give nothing again and is skipped: the
 * search has no cut that rests on the hints found, so every other hint,
 * in the same order, is offered as before. (The multiple and dynamic
 * searches' chains, with the cell rules, read most of the grid: few of
 * their cells would stay idle from one search to the next.)
 *
 * Most cells give nothing, and most chains serve no hint. A search of
 * level 0 (no nested rules) first plans each cell (cell_plan): from what
 * each candidate assumed on or off implies, computed as sets on bit
 * operations with no nodes (reach.c), it tells which parts of the cell's
 * chaining (a candidate's chains, its off chain, its region chaining in
 * each unit, the cell chaining) may offer a hint, and the cell's chaining
 * makes the chains of those parts only; a cell with none is skipped (and
 * in a Nishio search recorded idle, with what its chains would read). A
 * part left out would offer no hint, so the hints offered and their order
 * are SE's. A closure of a path's search (static, Nishio, dynamic) stays
 * for the next search of its kind when the grid's changes since (a step's
 * placement or eliminations) touch nothing its walk read, or (Nishio,
 * dynamic) when it implies them all (keep_closures): on top1465's first
 * 100, 96,172 of the 148,374 walks the Nishio and dynamic searches would
 * make. A Nishio or dynamic closure without a contradiction that those
 * rules drop, after a step that only removed candidates, is repaired when
 * first asked for (the candidates gone taken out of it) where repairs
 * shows the result to be the new grid's closure, and walked again
 * otherwise.
 */
#include "chains.h"
#include "engine/fast/fast.h"

#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct forcing {
    bdi_chainer *ch;
    chain_grid *g;
    chain_rules rules;
    bool multiple, dynamic, nishio;
    bool wide_meets;              /* meets_any may take meets_wide
                                     (bdi_fast_wide) */
    int level;
    double base;                  /* SE's Chaining.getDifficulty() */
    bd_technique tech;
    chint_list *list;
    struct on_memo *memo;         /* the chains of candidates assumed on, or
                                     NULL (Nishio: each is asked for once) */
    bool offered;                 /* the cell being searched offered a hint */
    const struct plan *plan;      /* the parts of the cell's chaining that
                                     may offer a hint, or NULL: all */
} forcing;

/* The parts of one cell's chaining (cell_chaining) that may offer a hint,
 * by its candidates in order (index n): the candidate's on chain (needed
 * by all its other parts), its off chain, its region chaining in each unit
 * kind (SE_KINDS order); and the cell chaining. A part left out offers
 * none. */
struct plan {
    bool on[BD_SIZE], off[BD_SIZE];
    bool region[BD_SIZE][UNIT_KINDS];
    bool cell;
};

/* The path's record of its Nishio searches: the grid of the last one,
 * and for each cell whether it is idle (bit set) and what it read. */
struct forcing_memo {
    bool have;
    grid_record last;
    uint64_t idle[(BD_CELLS + 63) / 64];
    chain_reads read[BD_CELLS];
};

/* A unit's places of a digit d + 1 that lost some (`gone`) from the last
 * grid to the current one, which has `now` (cell sets), where the last
 * grid's rule applied (two places or more) and one is left at least;
 * `lone` when one is (see struct repair). */
typedef struct repair_unit {
    uint64_t now[2], gone[2];
    int d;
    bool lone;
} repair_unit;

/* A cell's candidates as repair_unit has a unit's places (9-bit masks). */
typedef struct repair_cell {
    int cell;
    unsigned now, gone;
    bool lone;
} repair_cell;

/* The changes from a dynamic search's last grid to the current one, those
 * of candidates removed only (struct removals), as repairs reads them: by
 * digit the candidates gone (`gone`: removed or placed) and those of them
 * that may not be on in a closure kept (`bad_on`: all but those whose
 * cell and units keep no place of the digit and whose cell keeps no
 * candidate, a placement's); the units that lost places, by digit (those
 * of digit d + 1 from units[unit_first[d]] up to units[unit_first[d + 1]]),
 * and the cells that lost candidates and keep some. */
struct repair {
    uint64_t gone[BD_SIZE][2], bad_on[BD_SIZE][2];
    unsigned gone_digits, bad_digits;   /* bit d: some gone, some bad_on */
    int unit_first[BD_SIZE + 1];
    int cell_count;
    repair_unit units[UNIT_COUNT * BD_SIZE];
    repair_cell cells[BD_CELLS];
};

/* Closures (reach.c) of candidates assumed on, of one kind of chain, by
 * candidate (bit i of `made` for candidate i = cell * 9 + digit - 1): with
 * `have`, those made in earlier searches of that kind, on the grid
 * `last`, and still the closures on the current search's grid. A dynamic
 * search's closure that keep_closures drops, without a contradiction, is
 * `suspect`: still its closure on the last grid, which `fix` (the changes
 * since) may show to be the new one less the potentials gone, when first
 * asked for (reach_make). */
struct reach_kept {
    bool have;
    grid_record last;
    uint64_t made[(BD_CELLS * BD_SIZE + 63) / 64];
    uint64_t suspect[(BD_CELLS * BD_SIZE + 63) / 64];
    struct repair fix;
    reach on[BD_CELLS * BD_SIZE];
};

/* The closures of a search's candidates assumed on, made when first asked
 * for, on the search's grid `rg`, in `kept`: one of `kinds`, by the kind
 * of the search's chains (static, Nishio, dynamic). One search of level 0
 * uses it at a time: its chains have no nested rules, so no search runs
 * inside it. A Nishio or dynamic search, and a static one on the path,
 * keeps the closures of the last one of its kind that its grid's changes
 * leave as they were (keep_closures); a static search (`by_links`: its
 * closures are the link walks of cycles.c, which read of the grid what
 * reach_from's walk reads) makes those it lacks from one closure of the
 * grid (`links`, made when first asked for: `links_made`), kept in the
 * same block after the memo, or reads the one the nested cycles search
 * made for the same grid (`link_cl`: the closure read). A static search nested in a chain keeps none
 * (its grids are the chains', not the path's). A dynamic search's plans
 * meet the chains of its record as sets (chain_sets): `chain`, by
 * candidate, made once a search (bit set in `chain_made`). The search's
 * grid `rg` is `grid`, made from `grid_of` (with `grid_made`) for the
 * rules of the last search that used it, or cycles.c's (ch->cycles_grid)
 * when that one was made from the search's grid with the search's rules
 * (a static search nested after the cycles search on the same grid). */
struct reach_memo {
    bool busy, by_links, links_made;
    bool grid_made;
    grid_record grid_of;
    reach_grid grid;
    const reach_grid *rg;
    struct reach_kept *kept;
    struct reach_kept kinds[3];
    struct closure *links;
    const struct closure *link_cl;   /* the one read: `links`, or cycles.c's */
    uint64_t chain_made[(BD_CELLS * BD_SIZE + 63) / 64];
    reach chain[BD_CELLS * BD_SIZE];
};

/* The chains made from candidates assumed on, by candidate (cell * 9 +
 * digit - 1): where its record starts in `items` (-1: not made yet); a
 * record is its on set's nodes then its off set's, in order. */
typedef struct on_memo {
    int32_t first[BD_CELLS * BD_SIZE];
    uint32_t on_count[BD_CELLS * BD_SIZE], off_count[BD_CELLS * BD_SIZE];
    bool ok[BD_CELLS * BD_SIZE];
    int32_t absurd[BD_CELLS * BD_SIZE][2];
    uint32_t *items;
    uint32_t count, cap;
} on_memo;

/* SE's Chaining.getDifficulty(). */
static double rule_difficulty(bool multiple, bool dynamic, bool nishio, int level)
{
    (void)multiple;
    if (level >= 2)
        return 9.5 + 0.5 * (level - 2);
    if (level > 0)
        return 8.5 + 0.5 * level;
    if (nishio)
        return 7.5;
    if (dynamic)
        return 8.5;
    return 8.0;
}

/* The technique of a forcing search's hints: by nesting level (2 and up
 * nested, 1 dynamic (+)), then Nishio, dynamic or cell forcing chains. */
static bd_technique rule_tech(bool dynamic, bool nishio, int level)
{
    if (level >= 2)
        return BD_TECH_NESTED_FORCING_CHAINS;
    if (level == 1)
        return BD_TECH_DYNAMIC_PLUS;
    if (nishio)
        return BD_TECH_NISHIO;
    return dynamic ? BD_TECH_DYNAMIC_FORCING_CHAINS : BD_TECH_CELL_FORCING_CHAINS;
}

/* Starts a hint; its removals: when `holds`, the target's cell loses its
 * other candidates, else the target's digit. False when that is nothing. */
static bool start_hint(const forcing *f, int kind, int sort_key, int target_pot, bool holds,
                       chint *h)
{
    h->kind = kind;
    h->tech = f->tech;
    h->sort_key = sort_key;
    h->cell = -1;
    h->digit = 0;
    h->unit = -1;
    h->source = -1;
    h->is_x = h->is_y = true;
    h->fingerprint = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        h->removed[cell] = 0;
    int cell = pot_cell(target_pot), digit = pot_digit(target_pot);
    if (holds)
        h->removed[cell] = (uint16_t)(f->g->cand[cell] & ~digit_bit(digit));
    else
        h->removed[cell] = (uint16_t)digit_bit(digit);
    return h->removed[cell] != 0;
}

/* A bound under the ancestors the `count` nodes `targets` count, each
 * itself included (the sum of ancestor_count over them), when it is at
 * most `limit`, else a number above `limit`: each node's path of first
 * parents, counted with the node, whose potentials are among its
 * ancestors (a node is never its own ancestor). */
static int first_parents(const bdi_chainer *ch, const uint32_t *targets, int count, int limit)
{
    int left = limit + 1;   /* the nodes still to count before the bound passes limit */
    for (int i = 0; i < count && left > 0; i++) {
        const cnode *n = &ch->nodes[targets[i]];
        left--;
        while (left > 0 && n->parent_count) {
            n = &ch->nodes[ch->parents[n->parent_first]];
            left--;
        }
    }
    return limit + 1 - left;
}

/* Whether a hint whose targets are the `count` nodes `targets` cannot
 * come before the list's best (measure would leave it unmeasured), by
 * first_parents alone: a test made before the hint is filled in. */
static bool past_best(const forcing *f, const uint32_t *targets, int count)
{
    const chint_list *list = f->list;
    if (list->keep_all || !list->found)
        return false;
    int limit = list->best.complexity;
    return first_parents(f->ch, targets, count, limit) > limit;
}

/* The complexity and difficulty of a hint with its targets set; false
 * (the hint left unmeasured) when the list keeps its best only and the
 * hint cannot come before it. All the search's hints have the same base
 * difficulty, and the length's difficulty never falls as the complexity
 * grows, so a hint more complex than the best sorts after it: once the
 * chains' potentials counted so far, with one for each target still to
 * count (its own potential), pass the best's complexity, the count stops
 * (the nested chains only add to it). */
static bool measure(const forcing *f, chint *h)
{
    const chint_list *list = f->list;
    int limit = !list->keep_all && list->found ? list->best.complexity : INT_MAX;
    int flat = 0;
    for (int i = 0; i < h->target_count; i++) {
        int room = limit == INT_MAX ? INT_MAX : limit - flat - (h->target_count - 1 - i);
        int count = ancestor_count_upto(f->ch, (int32_t)h->targets[i], room);
        if (count > room)
            return false;
        flat += count;
    }
    h->complexity = flat + nested_complexity(f->ch, h->targets, h->target_count);
    h->difficulty = f->base + length_difficulty(h->complexity);
    return true;
}

/* A placement when `result` (SE's getResult) is a potential switched on. */
static void result_placement(int result, chint *h)
{
    if (pot_on(result)) {
        h->cell = pot_cell(result);
        h->digit = pot_digit(result);
    }
}

/* Records the sets `on` and `off` just chained from candidate `cand`;
 * false when memory ran short (ch->failed set). */
static bool memo_keep(bdi_chainer *ch, on_memo *m, int cand, const pset *on, const pset *off,
                      bool ok, const int32_t absurd[2])
{
    uint32_t need = m->count + (uint32_t)on->count + (uint32_t)off->count;
    if (need > m->cap) {
        uint32_t want = m->cap ? m->cap : 4096;
        while (want < need)
            want *= 2;
        uint32_t *bigger = realloc(m->items, (size_t)want * sizeof *bigger);
        if (!bigger) {
            ch->failed = true;
            return false;
        }
        m->items = bigger;
        m->cap = want;
    }
    m->first[cand] = (int32_t)m->count;
    m->on_count[cand] = (uint32_t)on->count;
    m->off_count[cand] = (uint32_t)off->count;
    memcpy(m->items + m->count, on->order, (size_t)on->count * sizeof *m->items);
    memcpy(m->items + m->count + on->count, off->order, (size_t)off->count * sizeof *m->items);
    m->count = need;
    m->ok[cand] = ok;
    m->absurd[cand][0] = absurd[0];
    m->absurd[cand][1] = absurd[1];
    return true;
}

/* The cap of the search's chains made now (chain_rules' cap): in a
 * dynamic search of level 0 whose list keeps its best only and has one,
 * the best's complexity less one. A hint has two targets or more, each
 * with one node or more on its path of first parents; a double's, a
 * region's or a cell's with two or more, as a potential that every
 * branch holds is no branch's assumption (each other branch holds that
 * one the other way: switched off, or as its own assumption). So a hint
 * with a target of complexity - 1 nodes on that path is more complex
 * than the best, or is a contradiction at least as complex, which sorts
 * after it (its sort key is SE's last; a tie goes to the best). The
 * best's complexity never grows, so that a capped chain serves the rest
 * of the search, from the record, as the whole one would. 0 (no cap)
 * otherwise, and when the budget counts to a limit (a capped chain makes
 * fewer nodes). */
static int chain_cap(const forcing *f)
{
    const chint_list *list = f->list;
    if (!f->dynamic || f->nishio || f->level || list->keep_all || !list->found
        || (f->ch->budget && f->ch->budget->max_nodes))
        return 0;
    return list->best.complexity - 1;
}

/* SE's doChaining from (cell, digit) assumed on, into the empty sets `on`
 * and `off`: made, or rebuilt from the search's record when made before.
 * Returns do_chaining's outcome (a contradiction's two nodes in
 * `absurd`). */
static bool on_chain(forcing *f, int cell, int digit, pset *on, pset *off, int32_t absurd[2])
{
    bdi_chainer *ch = f->ch;
    on_memo *m = f->memo;
    int cand = cell * BD_SIZE + digit - 1;
    absurd[0] = absurd[1] = -1;
    if (m && m->first[cand] >= 0) {
        const uint32_t *items = m->items + m->first[cand];
        set_fill(ch, on, items, m->on_count[cand]);
        set_fill(ch, off, items + m->on_count[cand], m->off_count[cand]);
        absurd[0] = m->absurd[cand][0];
        absurd[1] = m->absurd[cand][1];
        return m->ok[cand];
    }
    int32_t start = node_new(ch, pot_of(cell, digit, true), CAUSE_NONE, -1);
    if (start < 0)
        return true;
    set_add(ch, on, start);
    f->rules.cap = chain_cap(f);
    bool ok = do_chaining(ch, f->g, &f->rules, on, off, absurd);
    if (m && !ch->failed)
        memo_keep(ch, m, cand, on, off, ok, absurd);
    return ok;
}

/* SE's createChainingOnHint (`holds`: the target's cell keeps only its
 * digit) and createChainingOffHint (the target's digit goes). */
static void binary_hint(forcing *f, int32_t dst_on, int32_t dst_off, int source_pot,
                        int32_t target, bool holds, bool absurd)
{
    chint h;
    f->offered = true;
    const uint32_t targets[2] = {(uint32_t)dst_on, (uint32_t)dst_off};
    if (past_best(f, targets, 2))
        return;
    int target_pot = f->ch->nodes[target].pot;
    if (!start_hint(f, absurd ? CHAIN_CONTRADICTION : CHAIN_DOUBLE, absurd ? 7 : 1, target_pot,
                    holds, &h))
        return;
    h.source = source_pot;
    h.targets[0] = targets[0];
    h.targets[1] = targets[1];
    h.target_count = 2;
    if (!measure(f, &h))
        return;
    result_placement(f->nishio || absurd ? source_pot ^ 1 : f->ch->nodes[dst_on].pot, &h);
    chint_offer(f->ch, f->list, &h);
}

/* SE's doBinaryChaining of candidate (cell, digit): its on chain into
 * the empty sets `on_to_on` and `on_to_off`; its off chain only when
 * `off_chain` (else it offers no hint). */
static void binary_chaining(forcing *f, int cell, int digit, pset *on_to_on, pset *on_to_off,
                            bool doubles, bool contradictions, bool off_chain)
{
    bdi_chainer *ch = f->ch;
    pset *off_to_on = set_new(ch), *off_to_off = set_new(ch);
    if (!off_to_on || !off_to_off)
        return;
    int32_t absurd[2];
    int on_pot = pot_of(cell, digit, true), off_pot = pot_of(cell, digit, false);
    bool on_ok = on_chain(f, cell, digit, on_to_on, on_to_off, absurd);
    if (ch->failed || !on_to_on->count)
        return;
    int32_t on_node = (int32_t)on_to_on->order[0];
    if (!on_ok && contradictions)
        binary_hint(f, absurd[0], absurd[1], on_pot, on_node, false, true);
    if (!off_chain)
        return;
    int32_t off_node = node_new(ch, off_pot, CAUSE_NONE, -1);
    if (off_node < 0)
        return;
    set_add(ch, off_to_off, off_node);
    f->rules.cap = chain_cap(f);
    if (!do_chaining(ch, f->g, &f->rules, off_to_on, off_to_off, absurd) && contradictions)
        binary_hint(f, absurd[0], absurd[1], off_pot, off_node, true, true);
    if (!doubles)
        return;
    for (int i = 0; i < on_to_on->count; i++) {
        int32_t from_on = (int32_t)on_to_on->order[i];
        int32_t from_off = off_to_on->where[ch->nodes[from_on].pot];
        if (from_off >= 0)
            binary_hint(f, from_on, from_off, on_pot, from_on, true, false);
    }
    for (int i = 0; i < on_to_off->count; i++) {
        int32_t from_on = (int32_t)on_to_off->order[i];
        int32_t from_off = off_to_off->where[ch->nodes[from_on].pot];
        if (from_off >= 0)
            binary_hint(f, from_on, from_off, off_pot, from_off, false, false);
    }
}

/* SE's createRegionReductionHint / createCellReductionHint: `target`
 * implied by every branch (sets[i] holds branch i's outcome). */
static void reduction_hint(forcing *f, bool region, int unit, int source_pot, int32_t target,
                           pset *const *sets, int count)
{
    chint h;
    f->offered = true;
    int target_pot = f->ch->nodes[target].pot;
    uint32_t targets[BD_SIZE];
    for (int i = 0; i < count; i++)
        targets[i] = (uint32_t)sets[i]->where[target_pot];
    if (past_best(f, targets, count))
        return;
    if (!start_hint(f, region ? CHAIN_REGION : CHAIN_CELL, region ? 6 : 5, target_pot,
                    pot_on(target_pot), &h))
        return;
    if (!f->dynamic && !f->nishio && f->level == 0)
        h.tech = region ? BD_TECH_REGION_FORCING_CHAINS : BD_TECH_CELL_FORCING_CHAINS;
    h.unit = unit;
    h.source = source_pot;
    h.target_count = count;
    memcpy(h.targets, targets, (size_t)count * sizeof *targets);
    if (!measure(f, &h))
        return;
    result_placement(f->ch->nodes[h.targets[0]].pot, &h);
    chint_offer(f->ch, f->list, &h);
}

/* One of a cell's units, by kind (SE_KINDS order), as region_places
 * reads it: the unit, and the positions in it before and after the
 * cell's, as place masks. */
typedef struct cell_unit {
    int unit;
    unsigned before, after;
} cell_unit;

/* By cell, its units in SE_KINDS order (box, row, column; units.h's
 * numbers: rows 0..8, columns 9..17, boxes 18..26), each with the cell's
 * position `pos` in it (a box's cells row by row). */
#define UNIT_AT(unit, pos) {(unit), (1u << (pos)) - 1u, ALL_DIGITS & ~((2u << (pos)) - 1u)}
#define CELL_UNITS(c)                                                                       \
    {UNIT_AT(18 + (c) / 27 * 3 + (c) % 9 / 3, (c) / 9 % 3 * 3 + (c) % 3),                    \
     UNIT_AT((c) / 9, (c) % 9), UNIT_AT(9 + (c) % 9, (c) / 9)}
static const cell_unit cell_units[BD_CELLS][UNIT_KINDS] = {REP81(CELL_UNITS)};

/* The places of `digit` (a candidate of the cell) in the cell's unit `cu`
 * when SE chains on that region from the cell: two places (more in the
 * multiple search) of which the cell is the first; 0 otherwise. */
static inline unsigned region_places(const forcing *f, const cell_unit *cu, int digit)
{
    unsigned places = unit_places(f->g, cu->unit, digit), later = places & cu->after;
    if ((places & cu->before) || !later || (!f->multiple && (later & (later - 1u))))
        return 0;
    return places;
}

/* SE's doRegionChainings for candidate (cell, digit), in the unit kinds
 * (SE_KINDS order) that `kinds` leaves in (NULL: all). */
static void region_chaining(forcing *f, int cell, int digit, pset *on_to_on, pset *on_to_off,
                            const bool *kinds)
{
    bdi_chainer *ch = f->ch;
    const cell_unit *units = cell_units[cell];
    for (int k = 0; k < UNIT_KINDS && !ch->failed; k++) {
        if (kinds && !kinds[k])
            continue;
        int unit = units[k].unit;
        unsigned places = region_places(f, &units[k], digit);
        if (!places)
            continue;
        pset *to_on[BD_SIZE], *to_off[BD_SIZE];
        pset *region_on = set_new(ch), *region_off = set_new(ch);
        if (!region_on || !region_off)
            return;
        int n = 0;
        for (unsigned rest = places; rest; rest &= rest - 1u, n++) {
            int other = unit_cell_of(unit, bit_digit(rest) - 1);
            if (other == cell) {   /* the first place (region_places) */
                to_on[n] = on_to_on;
                to_off[n] = on_to_off;
                continue;
            }
            to_on[n] = set_new(ch);
            to_off[n] = set_new(ch);
            if (!to_on[n] || !to_off[n])
                return;
            int32_t absurd[2];
            on_chain(f, other, digit, to_on[n], to_off[n], absurd);
            if (ch->failed)
                return;
            if (n == 1) {   /* what the branches so far share */
                set_meet(ch, region_on, to_on[0], to_on[1]);
                set_meet(ch, region_off, to_off[0], to_off[1]);
            } else {
                set_retain(ch, region_on, to_on[n]);
                set_retain(ch, region_off, to_off[n]);
            }
        }
        int source_pot = pot_of(cell, digit, true);
        for (int i = 0; i < region_on->count; i++)
            reduction_hint(f, true, unit, source_pot, (int32_t)region_on->order[i], to_on, n);
        for (int i = 0; i < region_off->count; i++)
            reduction_hint(f, true, unit, source_pot, (int32_t)region_off->order[i], to_off, n);
    }
}

/* binary_chaining of candidate (cell, digit) when its plan has its on
 * chain's contradiction alone, the chain in the search's record: the
 * hint offered from the record's contradiction nodes, with no sets
 * rebuilt (none is read). False when the record lacks the chain. */
static bool contradiction_only(forcing *f, int cell, int digit)
{
    const on_memo *m = f->memo;
    int cand = cell * BD_SIZE + digit - 1;
    if (!m || m->first[cand] < 0 || !m->on_count[cand])
        return false;
    if (!m->ok[cand] && (f->dynamic || f->nishio)) {
        int32_t start = (int32_t)m->items[m->first[cand]];
        binary_hint(f, m->absurd[cand][0], m->absurd[cand][1], pot_of(cell, digit, true), start,
                    false, true);
    }
    return true;
}

/* The chains from one cell. */
static void cell_chaining(forcing *f, int cell)
{
    bdi_chainer *ch = f->ch;
    int card = digit_count(f->g->cand[cell]);
    pset *value_on[BD_SIZE], *value_off[BD_SIZE];
    pset *cell_on = NULL, *cell_off = NULL, *first_on = NULL, *first_off = NULL;
    int n = 0;
    const struct plan *plan = f->plan;
    /* the cell chaining's own sets, only when it may offer a hint */
    bool cell_part = !f->nishio && (card == 2 || (f->multiple && card > 2)) && (!plan || plan->cell);
    for (unsigned ds = f->g->cand[cell]; ds && !ch->failed; ds &= ds - 1u, n++) {
        if (plan && !plan->on[n])
            continue;
        int digit = bit_digit(ds);
        if (plan && !plan->off[n] && !plan->region[n][0] && !plan->region[n][1]
            && !plan->region[n][2] && !cell_part && contradiction_only(f, cell, digit))
            continue;
        pset *on_to_on = set_new(ch), *on_to_off = set_new(ch);
        if (!on_to_on || !on_to_off)
            return;
        bool doubles = card >= 3 && !f->nishio && f->dynamic;
        bool contradictions = f->dynamic || f->nishio;
        binary_chaining(f, cell, digit, on_to_on, on_to_off, doubles, contradictions,
                        !plan || plan->off[n]);
        if (ch->failed)
            return;
        if (!f->nishio)
            region_chaining(f, cell, digit, on_to_on, on_to_off, plan ? plan->region[n] : NULL);
        value_on[n] = on_to_on;
        value_off[n] = on_to_off;
        if (!cell_part)
            continue;
        /* what the candidates so far share: made at the second one */
        if (!first_on) {
            first_on = on_to_on;
            first_off = on_to_off;
        } else if (!cell_on) {
            cell_on = set_new(ch);
            cell_off = set_new(ch);
            if (!cell_on || !cell_off)
                return;
            set_meet(ch, cell_on, first_on, on_to_on);
            set_meet(ch, cell_off, first_off, on_to_off);
        } else {
            set_retain(ch, cell_on, on_to_on);
            set_retain(ch, cell_off, on_to_off);
        }
    }
    if (!cell_part || ch->failed || !cell_on)
        return;
    for (int i = 0; i < cell_on->count; i++)
        reduction_hint(f, false, -1, pot_of(cell, 0 + bit_digit(f->g->cand[cell]), true),
                       (int32_t)cell_on->order[i], value_on, n);
    for (int i = 0; i < cell_off->count; i++)
        reduction_hint(f, false, -1, pot_of(cell, bit_digit(f->g->cand[cell]), true),
                       (int32_t)cell_off->order[i], value_off, n);
}

/* Counts a closure against the chainer's budget; false (ch->failed and
 * ch->cut_short set) when it is spent. */
static bool reach_spend(bdi_chainer *ch)
{
    if (ch->budget && bdi_budget_spend(ch->budget)) {
        ch->failed = ch->cut_short = true;
        return false;
    }
    return true;
}

/* Whether set `live` (a cell set, not empty) has one cell. */
static inline bool cells_single(const uint64_t live[2])
{
    uint64_t either = live[0] | live[1];
    return !(live[0] && live[1]) && !(either & (either - 1u));
}

/* Whether closure `r` of candidate `cand` (a dynamic walk's, with the cell
 * rules when `y_links`; a walk without them keeps to its digit), made on
 * the last grid, is the new grid's closure once the potentials `fx` has
 * gone are taken out of it. It is when it has no contradiction, its
 * candidate stays, no potential gone is on in it unless all the potentials
 * that one switches off are gone too (bad_on), and for each unit and cell
 * whose places or candidates some of those left (fx's units and cells):
 * where the new grid applies the rule (two left or more), two are not off
 * in `r` or the one not off is on (the closure less what went is closed
 * under the new grid's rules, as it was under the old one's where nothing
 * went); where one is left, the old grid's rule never had it alone (one of
 * those gone is not off in `r`: the new grid, which has no rule there,
 * derives all else the old one did). Then the closure less what went
 * holds the candidate, is closed under the new grid's rules, and is
 * derived by them step by step as the old closure was, so it is the least
 * such set: reach_from's sets. */
static bool repairs(const reach *r, int cand, const struct repair *fx, bool y_links)
{
    int start = cand / BD_SIZE, d0 = cand % BD_SIZE;
    if (r->conflict || bits_has(fx->gone[d0], start))
        return false;
    int low = y_links ? 0 : d0, high = y_links ? BD_SIZE : d0 + 1;
    for (unsigned ds = fx->bad_digits & (y_links ? ~0u : 1u << d0); ds; ds &= ds - 1u) {
        int d = bit_digit(ds) - 1;
        if ((r->on[d][0] & fx->bad_on[d][0]) | (r->on[d][1] & fx->bad_on[d][1]))
            return false;
    }
    for (int i = fx->unit_first[low]; i < fx->unit_first[high]; i++) {
        const repair_unit *u = &fx->units[i];
        const uint64_t *off = r->off[u->d], *on = r->on[u->d];
        if (u->lone) {
            if (!((u->gone[0] & ~off[0]) | (u->gone[1] & ~off[1])))
                return false;
            continue;
        }
        uint64_t live[2] = {u->now[0] & ~off[0], u->now[1] & ~off[1]};
        if (!(live[0] | live[1])
            || (cells_single(live) && ((live[0] & ~on[0]) | (live[1] & ~on[1]))))
            return false;
    }
    for (int i = 0; y_links && i < fx->cell_count; i++) {
        const repair_cell *c = &fx->cells[i];
        unsigned off = 0;
        for (unsigned ds = c->now | c->gone; ds; ds &= ds - 1u)
            if (bits_has(r->off[bit_digit(ds) - 1], c->cell))
                off |= ds & -ds;
        if (c->lone) {
            if (!(c->gone & ~off))
                return false;
            continue;
        }
        unsigned live = c->now & ~off;
        if (!live || (!(live & (live - 1u)) && !bits_has(r->on[bit_digit(live) - 1], c->cell)))
            return false;
    }
    return true;
}

/* Takes the potentials `fx` has gone out of closure `r`. */
static void repair_apply(reach *r, const struct repair *fx)
{
    for (unsigned ds = fx->gone_digits; ds; ds &= ds - 1u)
        for (int w = 0, d = bit_digit(ds) - 1; w < 2; w++) {
            r->on[d][w] &= ~fx->gone[d][w];
            r->off[d][w] &= ~fx->gone[d][w];
        }
}

/* A function that the compiler keeps out of its callers (GCC and Clang;
 * elsewhere a plain static one). */
#if defined(__GNUC__)
#define FORCING_APART static __attribute__((noinline))
#else
#define FORCING_APART static
#endif

/* reach_make's closure of a dynamic walk (reach_from) of candidate `cand`
 * into `r`: the suspect closure there repaired when repairs says it may
 * be, else made. Out of line: reach_make, called for each static closure
 * too, keeps few registers to save. */
FORCING_APART void reach_remake(const struct reach_memo *rm, int cand, reach *r)
{
    const struct reach_kept *kept = rm->kept;
    if (bits_has(kept->suspect, cand) && repairs(r, cand, &kept->fix, rm->rg->y_links)) {
        repair_apply(r, &kept->fix);
        return;
    }
    reach_from(rm->rg, pot_of(cand / BD_SIZE, cand % BD_SIZE + 1, true), r);
}

/* reach_on for (cell, digit), not in the memo yet: made into it
 * (reach_remake for a dynamic walk); NULL when the budget is spent
 * (counted as for a closure made, whether made or repaired). */
static const reach *reach_make(bdi_chainer *ch, struct reach_memo *rm, int cell, int digit)
{
    int cand = cell * BD_SIZE + digit - 1;
    reach *r = &rm->kept->on[cand];
    if (!reach_spend(ch))
        return NULL;
    if (rm->by_links) {
        if (!rm->links_made) {
            cycles_closure_make(rm->links, rm->rg, true, true);
            rm->link_cl = rm->links;
        }
        rm->links_made = true;
        cycles_closure_on(rm->link_cl, rm->rg, cand, r);
    } else {
        reach_remake(rm, cand, r);
    }
    bits_set(rm->kept->made, cand);
    return r;
}

/* The closure of (cell, digit) assumed on, from the memo `rm` (made
 * there when first asked for); NULL when the budget is spent. */
static inline const reach *reach_on(bdi_chainer *ch, struct reach_memo *rm, int cell, int digit)
{
    int cand = cell * BD_SIZE + digit - 1;
    return bits_has(rm->kept->made, cand) ? &rm->kept->on[cand] : reach_make(ch, rm, cell, digit);
}

/* The closure of (cell, digit) assumed off: that of its cell's other
 * candidate assumed on when the cell has two (with the cell rules), else
 * of the digit's other place in a unit of two places (each implies the
 * other, so their closures are the same), from the memo `rm`; else made
 * into `scratch`, but for a closure of that potential alone
 * (reach_off_alone): then `*alone` is set and only scratch->conflict
 * (false) is written, not the sets. NULL when the budget is spent. */
static const reach *reach_off(bdi_chainer *ch, struct reach_memo *rm, const chain_grid *g,
                              int cell, int digit, reach *scratch, bool *alone)
{
    *alone = false;
    unsigned others = g->cand[cell] & ~digit_bit(digit);
    if (rm->rg->y_links && digit_count(others) == 1)
        return reach_on(ch, rm, cell, bit_digit(others));
    for (int kind = 0; kind < UNIT_KINDS; kind++) {
        int unit = unit_at(kind, cell);
        unsigned places = unit_places(g, unit, digit);
        if (digit_count(places) == 2) {
            unsigned other = places & ~(1u << unit_pos(unit, cell));
            return reach_on(ch, rm, unit_cell_of(unit, bit_digit(other) - 1), digit);
        }
    }
    if (!reach_spend(ch))
        return NULL;
    if (reach_off_alone(rm->rg, cell, digit - 1)) {
        *alone = true;
        scratch->conflict = false;
        return scratch;
    }
    reach_from(rm->rg, pot_of(cell, digit, false), scratch);
    return scratch;
}

/* Whether closures `a` and `b` hold a potential in common. */
static inline bool reach_shared(const reach *a, const reach *b)
{
    /* each set as its 18 words, in one flat loop that vectorises */
    const uint64_t *a_on = a->on[0], *a_off = a->off[0], *b_on = b->on[0], *b_off = b->off[0];
    uint64_t shared = 0;
    for (int j = 0; j < BD_SIZE * 2; j++)
        shared |= (a_on[j] & b_on[j]) | (a_off[j] & b_off[j]);
    return shared != 0;
}

/* meets_any's steps where the processor has no AVX2: each set as its 18
 * words, in flat loops that vectorise (SSE2), with no copy of the first
 * branch and no store of the last. */
static bool meets_flat(const reach *const *b, int count)
{
    if (count < 2)
        return !count || reach_shared(b[0], b[0]);
    if (count == 2)
        return reach_shared(b[0], b[1]);
    enum { WORDS = BD_SIZE * 2 };
    uint64_t on[WORDS], off[WORDS];
    const uint64_t *on0 = b[0]->on[0], *off0 = b[0]->off[0];
    const uint64_t *on1 = b[1]->on[0], *off1 = b[1]->off[0];
    for (int j = 0; j < WORDS; j++) {
        on[j] = on0[j] & on1[j];
        off[j] = off0[j] & off1[j];
    }
    for (int i = 2; i < count - 1; i++) {
        const uint64_t *on_i = b[i]->on[0], *off_i = b[i]->off[0];
        for (int j = 0; j < WORDS; j++) {
            on[j] &= on_i[j];
            off[j] &= off_i[j];
        }
    }
    const uint64_t *on_last = b[count - 1]->on[0], *off_last = b[count - 1]->off[0];
    uint64_t any = 0;
    for (int j = 0; j < WORDS; j++)
        any |= (on[j] & on_last[j]) | (off[j] & off_last[j]);
    return any != 0;
}

#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
/* Four words of a closure's sets, as one vector (a GCC and Clang vector
 * extension: one AVX2 register). */
typedef uint64_t words4 __attribute__((vector_size(32)));

/* The vectors of a closure's sets: on then off, 36 words in one block. */
enum { REACH_VECS = 2 * BD_SIZE * 2 / 4 };
_Static_assert(offsetof(reach, off) == offsetof(reach, on) + sizeof(uint64_t) * BD_SIZE * 2,
               "a closure's on and off sets are one block");

/* Into `v`, vector k of closure r's sets (on, then off). */
__attribute__((target("avx2"))) static inline void reach_vec(words4 *v, const reach *r, int k)
{
    memcpy(v, (const char *)r + offsetof(reach, on) + sizeof *v * (size_t)k, sizeof *v);
}

/* meets_any's steps with AVX2, for meets_any to run where the processor
 * has it (built only where CMakeLists.txt builds the AVX2 kernel: x86-64,
 * gcc or clang): the branches met a vector at a time, the meet of those
 * so far in nine registers (the loops unrolled, no copy in memory), where
 * the flat loops' 18 SSE2 registers spill. */
__attribute__((target("avx2"))) static bool meets_wide(const reach *const *b, int count)
{
    if (count < 2)
        return count == 0 || reach_shared(b[0], b[0]);
    if (count == 2)
        return reach_shared(b[0], b[1]);
    words4 acc[REACH_VECS], v, w, any = {0, 0, 0, 0};
#pragma GCC unroll 9
    for (int k = 0; k < REACH_VECS; k++) {
        reach_vec(&v, b[0], k);
        reach_vec(&w, b[1], k);
        acc[k] = v & w;
    }
    for (int i = 2; i < count - 1; i++)
#pragma GCC unroll 9
        for (int k = 0; k < REACH_VECS; k++) {
            reach_vec(&v, b[i], k);
            acc[k] &= v;
        }
#pragma GCC unroll 9
    for (int k = 0; k < REACH_VECS; k++) {
        reach_vec(&v, b[count - 1], k);
        any |= acc[k] & v;
    }
    return (any[0] | any[1] | any[2] | any[3]) != 0;
}

/* Whether the closures b[0..count) of the branches of a region or cell
 * all hold a potential: what every branch implies (true with no branch,
 * as a branch with a contradiction narrows nothing: its chain's sets are a
 * part of its closure, itself a part of everything): meets_wide when
 * `wide` (bdi_fast_wide's answer, asked once a search), else meets_flat
 * (the same answer). */
static bool meets_any(bool wide, const reach *const *b, int count)
{
    return wide ? meets_wide(b, count) : meets_flat(b, count);
}
#else
/* meets_any's contract is above (the wide build's): here always
 * meets_flat, whatever `wide`. */
static bool meets_any(bool wide, const reach *const *b, int count)
{
    (void)wide;
    return meets_flat(b, count);
}
#endif

/* Adds to `seen` the potentials of a Nishio closure `r` of digit d + 1:
 * its walk keeps to the digit (no cell rules), so only the digit's sets
 * are read. */
static void nishio_seen(reach *seen, int d, const reach *r)
{
    for (int w = 0; w < 2; w++) {
        seen->on[d][w] |= r->on[d][w];
        seen->off[d][w] |= r->off[d][w];
    }
}

/* By candidate (cell * 9 + digit - 1): its bit in a cell set a digit
 * read as 18 words, digit d - 1 at words 2 * (d - 1) and up: bit
 * (d - 1) * 128 + cell. */
#define SET_BITS(c)                                                                         \
    (c), 128 + (c), 256 + (c), 384 + (c), 512 + (c), 640 + (c), 768 + (c), 896 + (c), 1024 + (c)
static const uint16_t set_bit[BD_CELLS * BD_SIZE] = {REP81(SET_BITS)};

/* Adds to `sets` (a cell set a digit) the potentials of the `count`
 * nodes `items`: each set as its 18 words, a potential's bit found in
 * one look-up. */
static void nodes_to_sets(const bdi_chainer *ch, const uint32_t *items, uint32_t count,
                          uint64_t (*sets)[2])
{
    uint64_t *words = sets[0];
    uint32_t i = 0;
    for (; i + 1 < count; i += 2) {   /* two at a time: half the loop's own steps */
        int a = set_bit[ch->nodes[items[i]].pot >> 1], b = set_bit[ch->nodes[items[i + 1]].pot >> 1];
        words[a >> 6] |= (uint64_t)1 << (a & 63);
        words[b >> 6] |= (uint64_t)1 << (b & 63);
    }
    if (i < count) {
        int at = set_bit[ch->nodes[items[i]].pot >> 1];
        words[at >> 6] |= (uint64_t)1 << (at & 63);
    }
}

/* Adds to `sets` (a cell set a digit, as nodes_to_sets) the potentials
 * of set `s`, and empties `s` in the same pass (its table's entries back
 * to -1), so that releasing it has nothing left to wipe. */
static void set_to_bits(const bdi_chainer *ch, pset *s, uint64_t (*sets)[2])
{
    uint64_t *words = sets[0];
    int32_t *where = s->where;
    for (int i = 0; i < s->count; i++) {
        int pot = ch->nodes[s->order[i]].pot, at = set_bit[pot >> 1];
        where[pot] = -1;
        words[at >> 6] |= (uint64_t)1 << (at & 63);
    }
    s->count = 0;
}

/* The sets of the chain from (cell, digit) assumed on, as bits: the chain
 * made into the search's record when not there yet (it stays there), its
 * sets made from the record once a search (in rm's `chain`); NULL when
 * memory or the budget ran short (ch->failed set). Only for a dynamic
 * multiple search, whose record f->memo is set (a Nishio search has none,
 * and its plans ask for no chain), and for a candidate whose closure
 * meets a contradiction: its chain gives a hint in its own cell's search,
 * which needs it too. */
static const reach *chain_sets(forcing *f, struct reach_memo *rm, int cell, int digit)
{
    bdi_chainer *ch = f->ch;
    const on_memo *memo = f->memo;
    int cand = cell * BD_SIZE + digit - 1;
    if (memo->first[cand] < 0) {
        cmark mark = chain_mark(ch);
        pset *on = set_new(ch), *off = set_new(ch);
        if (!on || !off)
            return NULL;
        int32_t absurd[2];
        on_chain(f, cell, digit, on, off, absurd);
        reach *made = &rm->chain[cand];
        if (!ch->failed && memo->first[cand] >= 0) {   /* the record's sets, as bits */
            memset(made, 0, sizeof *made);
            set_to_bits(ch, on, made->on);
            set_to_bits(ch, off, made->off);
            bits_set(rm->chain_made, cand);
        }
        /* the sets go; the nodes stay for the search's record */
        chain_release(ch, (cmark){ch->node_count, ch->parent_count, ch->nested_count, mark.sets});
        if (ch->failed || memo->first[cand] < 0)
            return NULL;
    }
    reach *part = &rm->chain[cand];
    if (!bits_has(rm->chain_made, cand)) {
        const uint32_t *items = memo->items + memo->first[cand];
        uint32_t on_count = memo->on_count[cand];
        memset(part, 0, sizeof *part);
        nodes_to_sets(ch, items, on_count, part->on);
        nodes_to_sets(ch, items + on_count, memo->off_count[cand], part->off);
        bits_set(rm->chain_made, cand);
    }
    return part;
}

/* The plan of cell_chaining(f, cell) (search of level 0 on rm's grid),
 * into `plan`; whether any part is in. A Nishio search notes in `read`
 * what the cell's chains read (see cell_search), of use when no part is
 * in. Each hint a part offers
 * rests on a potential its chains' sets hold: a contradiction (dynamic),
 * a potential both the on and the off chain of a candidate reach
 * (dynamic, three candidates or more), or one that every branch of a
 * region or of the cell reaches. A chain with no contradiction has for
 * its sets the closure of its assumption (reach.c), and one with a
 * contradiction a part of it; a part is left out when the closures, the
 * contradictions aside, give none of these. In a dynamic search, a
 * candidate whose closure meets a contradiction (the cell's own, for its
 * off chain's doubles and the cell chaining, or a region branch) is taken
 * as its chain, which its own cell's search makes for its contradiction
 * anyway: then every test is exact, and a part is in exactly when its
 * chains' sets hold a potential of these. The tests follow
 * cell_chaining's: the same candidates, units and branches. */
static bool cell_plan(forcing *f, struct reach_memo *rm, int cell, struct plan *plan,
                      chain_reads *read)
{
    bdi_chainer *ch = f->ch;
    unsigned cands = f->g->cand[cell];
    int card = digit_count(cands);
    const reach *cell_branch[BD_SIZE], *branch[BD_SIZE];   /* without contradiction */
    int cell_count = 0;
    memset(plan, 0, sizeof *plan);
    bool any = false;
    int n = 0;
    reach seen;   /* with `read`, the potentials of the Nishio closures */
    const cell_unit *units = cell_units[cell];
    if (read) {
        memset(&seen, 0, sizeof seen);
        *read = (chain_reads){{0}, {0}};
        reads_cell(read, cell);
        for (unsigned ds = cands; ds; ds &= ds - 1u)
            reads_places(read, cell, bit_digit(ds));
    }
    for (unsigned ds = cands; ds; ds &= ds - 1u, n++) {
        int digit = bit_digit(ds);
        const reach *on = reach_on(ch, rm, cell, digit);
        if (!on)
            return true;
        if (f->nishio) {
            reach scratch;
            bool alone;
            const reach *off = reach_off(ch, rm, f->g, cell, digit, &scratch, &alone);
            if (!off)
                return true;
            plan->off[n] = off->conflict;
            plan->on[n] = on->conflict || plan->off[n];
            any |= plan->on[n];
            if (read) {   /* a closure alone: its reads are noted above */
                nishio_seen(&seen, digit - 1, on);
                if (!alone)
                    nishio_seen(&seen, digit - 1, off);
            }
            continue;
        }
        if (f->dynamic) {
            reach scratch;
            bool alone;
            const reach *off = reach_off(ch, rm, f->g, cell, digit, &scratch, &alone);
            if (!off)
                return true;
            plan->on[n] = on->conflict;
            plan->off[n] = off->conflict;
            /* with a contradiction, the on chain's sets are a part of its
             * closure: the chain itself (made for its hint) */
            if (on->conflict && !(on = chain_sets(f, rm, cell, digit)))
                return true;
            if (card >= 3 && !plan->off[n])   /* doubles */
                plan->off[n] = alone ? bits_has(on->off[digit - 1], cell) : reach_shared(on, off);
        }
        for (int k = 0; k < UNIT_KINDS; k++) {
            int unit = units[k].unit;
            unsigned places = region_places(f, &units[k], digit);
            if (!places)
                continue;
            bool may = false;
            int count = 0;
            if (!on->conflict)   /* the first place is the cell's (region_places) */
                branch[count++] = on;
            for (unsigned rest = places & (places - 1u); rest && !may; rest &= rest - 1u) {
                int other = unit_cell_of(unit, bit_digit(rest) - 1);
                const reach *b = reach_on(ch, rm, other, digit);
                if (b && b->conflict && f->dynamic)
                    b = chain_sets(f, rm, other, digit);
                if (!b)
                    may = true;
                else if (!b->conflict)
                    branch[count++] = b;
            }
            plan->region[n][k] = may || meets_any(f->wide_meets, branch, count);
            plan->on[n] |= plan->region[n][k];
        }
        plan->on[n] |= plan->off[n];
        any |= plan->on[n];
        if (!on->conflict)
            cell_branch[cell_count++] = on;
    }
    /* a Nishio search has no cell chaining (its closures, kept to their
     * digits, are not gathered in cell_branch) */
    if (!f->nishio && (card == 2 || (f->multiple && card > 2)))
        plan->cell = meets_any(f->wide_meets, cell_branch, cell_count);
    if (plan->cell)
        for (int i = 0; i < n; i++)
            plan->on[i] = true;
    /* an idle cell's reads, those of all its closures at once */
    if (read && f->nishio && !any)
        reads_reach(read, &seen, false);
    return any || plan->cell;
}

/* What a dynamic walk needs to know of the changes from grid `last` to
 * grid `g` to keep a closure exactly (keep_closures): by digit, the cells
 * that lost the digit as a candidate (`removed`) and those where it was
 * placed (`placed`; not in `removed`), and the digits with either
 * (`digits`, bit d - 1); by digit whether a unit of two places or more of
 * it now has one (`lone_units`), and whether a cell of two candidates or
 * more now has one (`lone_cells`). False when the
 * changes are not removals only (a candidate added, a cell emptied with
 * no value). */
typedef struct removals {
    uint64_t removed[BD_SIZE][2], placed[BD_SIZE][2];
    unsigned digits, lone_units;
    bool lone_cells;
} removals;

/* Fills `rm` from the grids `last` and `g`; false when `g` is not `last`
 * with candidates removed only (see struct removals). */
static bool grid_removals(const grid_record *last, const chain_grid *g, removals *rm)
{
    memset(rm, 0, sizeof *rm);
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned was = last->cand[cell], now = g->cand[cell];
        if (now & ~was)
            return false;
        if (was == now)
            continue;
        unsigned gone = was & ~now;
        rm->digits |= gone;
        if (!now) {
            int value = g->value[cell];
            if (!value || !(was & digit_bit(value)))
                return false;
            bits_set(rm->placed[value - 1], cell);
            gone &= ~digit_bit(value);
        }
        rm->lone_cells |= digit_count(was) >= 2 && digit_count(now) == 1;
        for (unsigned ds = gone; ds; ds &= ds - 1u)
            bits_set(rm->removed[bit_digit(ds) - 1], cell);
    }
    for (int unit = 0; unit < UNIT_COUNT; unit++)
        for (int d = 0; d < BD_SIZE; d++) {
            unsigned was = last->places[unit][d], now = g->places[unit][d];
            if (now & ~was)
                return false;
            if (digit_count(was) >= 2 && digit_count(now) == 1)
                rm->lone_units |= 1u << d;
        }
    return true;
}

/* Whether closure `r` of a dynamic walk (candidate `cand`) stays exact
 * after the removals `rm`, once their potentials are taken out of it (see
 * keep_closures); with `y_links` the walk has the cell rules. */
static bool keeps_through(const reach *r, int cand, const removals *rm, bool y_links)
{
    int start = cand / BD_SIZE, digit = cand % BD_SIZE;
    if (r->conflict || bits_has(rm->removed[digit], start) || bits_has(rm->placed[digit], start))
        return false;
    /* a walk without the cell rules keeps to its digit */
    if (y_links ? rm->lone_cells || rm->lone_units : rm->lone_units >> digit & 1u)
        return false;
    uint64_t missing = 0;
    for (unsigned ds = rm->digits & (y_links ? ~0u : 1u << digit); ds; ds &= ds - 1u) {
        int d = bit_digit(ds) - 1;
        for (int w = 0; w < 2; w++)
            missing |= (rm->removed[d][w] & ~r->off[d][w]) | (rm->placed[d][w] & ~r->on[d][w]);
    }
    return !missing;
}

/* Fills `fx` (see struct repair) from the removals `rm` from the last
 * grid to `g`, made into `rg`. */
static void repair_make(struct repair *fx, const removals *rm, const reach_grid *rg,
                        const chain_grid *g)
{
    int count = 0;
    uint64_t lost[2] = {0, 0};   /* the cells that lost a candidate */
    fx->gone_digits = fx->bad_digits = 0;
    for (int d = 0; d < BD_SIZE; d++) {
        fx->unit_first[d] = count;
        uint32_t units = 0;
        for (int w = 0; w < 2; w++) {
            fx->gone[d][w] = rm->removed[d][w] | rm->placed[d][w];
            fx->bad_on[d][w] = 0;
            lost[w] |= rm->removed[d][w];
            for (uint64_t bits = fx->gone[d][w]; bits; bits &= bits - 1u) {
                int x = w * 64 + low_index(bits);
                units |= bdi_cell_unit_bits[x];
                if (g->cand[x] || (rg->cand[d][0] & rg->peers[x][0])
                    || (rg->cand[d][1] & rg->peers[x][1]))
                    bits_set(fx->bad_on[d], x);
            }
        }
        if (fx->gone[d][0] | fx->gone[d][1])
            fx->gone_digits |= 1u << d;
        if (fx->bad_on[d][0] | fx->bad_on[d][1])
            fx->bad_digits |= 1u << d;
        for (; units; units &= units - 1u) {
            int unit = low_index(units);
            repair_unit *u = &fx->units[count];
            int now = 0, was = 0;
            for (int w = 0; w < 2; w++) {
                u->now[w] = rg->cand[d][w] & rg->unit[unit][w];
                u->gone[w] = fx->gone[d][w] & rg->unit[unit][w];
                now += bit_count(u->now[w]);
                was += bit_count(u->gone[w]);
            }
            was += now;
            u->d = d;
            u->lone = now == 1;
            count += was >= 2 && now >= 1;
        }
    }
    fx->unit_first[BD_SIZE] = count;
    fx->cell_count = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = lost[w]; bits; bits &= bits - 1u) {
            int cell = w * 64 + low_index(bits);
            unsigned gone = 0;
            for (int d = 0; d < BD_SIZE; d++)
                if (bits_has(rm->removed[d], cell))
                    gone |= 1u << d;
            unsigned now = g->cand[cell];
            if (!now || digit_count(now | gone) < 2)
                continue;
            fx->cells[fx->cell_count++] = (repair_cell){cell, now, gone, digit_count(now) == 1};
        }
}

/* Whether closure `r` holds a potential of the cells `cells` has for its
 * digit (a cell set a digit, digit d - 1 at words 2 * (d - 1) and up;
 * its 18 words twice, for the on set then the off set): each set as its
 * 18 words, in one flat loop that vectorises. */
static bool reach_meets_cells(const reach *r, const uint64_t *cells)
{
    const uint64_t *on = r->on[0], *off = r->off[0];
    uint64_t hit = 0;
    for (int j = 0; j < BD_SIZE * 2; j++)
        hit |= (on[j] | off[j]) & cells[j];
    return hit != 0;
}

#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
/* reach_meets_cells with AVX2, for reach_touches to run where the
 * processor has it: the closure's 36 words (on, then off) against the
 * cells' 18 words twice, a vector at a time. */
__attribute__((target("avx2"))) static bool meets_cells_wide(const reach *r,
                                                             const uint64_t *cells)
{
    words4 v, w, any = {0, 0, 0, 0};
#pragma GCC unroll 9
    for (int k = 0; k < REACH_VECS; k++) {
        reach_vec(&v, r, k);
        memcpy(&w, cells + 4 * k, sizeof w);
        any |= v & w;
    }
    return (any[0] | any[1] | any[2] | any[3]) != 0;
}

/* reach_meets_cells, by meets_cells_wide when `wide` (bdi_fast_wide's
 * answer). */
static bool reach_touches(bool wide, const reach *r, const uint64_t *cells)
{
    return wide ? meets_cells_wide(r, cells) : reach_meets_cells(r, cells);
}
#else
/* reach_touches' contract is above (the wide build's): here always
 * reach_meets_cells, whatever `wide`. */
static bool reach_touches(bool wide, const reach *r, const uint64_t *cells)
{
    (void)wide;
    return reach_meets_cells(r, cells);
}
#endif

/* Readies `kept` for a search on grid `g` (made into `rg`): with `keep`,
 * it keeps each closure made on its last grid that the changes since then
 * leave as it is, or (`dynamic`) as it is but for the potentials removed,
 * and records `g`; else it keeps none. A closure is reach_from's walk, and
 * the walk reads of the grid only, for each potential it switches on or
 * off, the candidates of its cell and the places of its digit in its box,
 * row and column (reach.c): where all those are as they were, the walk
 * takes the same steps to the same sets and outcome. A static search's
 * closure (cycles_closure_on: the links from the candidate, all of them
 * when they meet a contradiction) follows from each potential it holds by
 * the same reads: the cell's candidates and the digit's places in its
 * units.
 *
 * A dynamic walk also stays (keeps_through) when the grid only lost
 * candidates, its closure C has no contradiction and holds every removed
 * candidate switched off, or on where it was placed, and no rule of the
 * walk that counted two or more now counts one (a cell or unit left with a
 * single, whose rule the new grid does not apply): the new closure is C
 * without the removed potentials. C less those is closed under the new
 * grid's rules (a count there is the old one less potentials C holds off),
 * so it holds the new closure; and the new closure with the removed
 * potentials added is closed under the old grid's rules (what a placed
 * potential on switches off is removed; a count that falls to one falls
 * to one in the new grid too, or names a removed potential), so it holds
 * C. */
static void keep_closures(struct reach_kept *kept, const reach_grid *rg, const chain_grid *g,
                          bool keep, bool dynamic, bool wide)
{
    removals rm;
    bool exact = keep && kept->have && dynamic && grid_removals(&kept->last, g, &rm);
    chain_reads changed;
    record_changes(&kept->last, g, &changed);
    memset(kept->suspect, 0, sizeof kept->suspect);
    if (exact)
        repair_make(&kept->fix, &rm, rg, g);
    if (!keep || !kept->have) {
        memset(kept->made, 0, sizeof kept->made);
        kept->have = keep;
        return;
    }
    /* by digit, the cells whose reads of the digit's places or of their
     * own candidates (changed.cells) take in a change */
    uint64_t touched[2 * BD_SIZE][2];   /* the 18 words twice (reach_touches) */
    for (int d = 0; d < BD_SIZE; d++)
        for (int w = 0; w < 2; w++)
            touched[d][w] = changed.cells[w];
    for (int i = 0; i < (int)(sizeof changed.places / sizeof changed.places[0]); i++)
        for (uint64_t bits = changed.places[i]; bits; bits &= bits - 1u) {
            int at = i * 64 + low_index(bits), d = at / UNIT_COUNT, unit = at % UNIT_COUNT;
            touched[d][0] |= rg->unit[unit][0];
            touched[d][1] |= rg->unit[unit][1];
        }
    memcpy(touched[BD_SIZE], touched[0], sizeof touched / 2);
    for (int i = 0; i < (BD_CELLS * BD_SIZE + 63) / 64; i++)
        for (uint64_t made = kept->made[i]; made; made &= made - 1u) {
            int cand = i * 64 + low_index(made);
            reach *r = &kept->on[cand];
            if (exact && keeps_through(r, cand, &rm, rg->y_links)) {
                for (unsigned ds = rm.digits; ds; ds &= ds - 1u) {
                    int d = bit_digit(ds) - 1;
                    for (int w = 0; w < 2; w++) {
                        uint64_t gone = rm.removed[d][w] | rm.placed[d][w];
                        r->on[d][w] &= ~gone;
                        r->off[d][w] &= ~gone;
                    }
                }
                continue;
            }
            if (reach_touches(wide, r, touched[0])) {
                kept->made[i] &= ~((uint64_t)1 << (cand & 63));
                if (exact && !r->conflict)
                    kept->suspect[i] |= (uint64_t)1 << (cand & 63);
            }
        }
}

/* A memo of closures with none kept yet, in one block with the link
 * closure after it; NULL when memory ran short. Only its flags and last
 * grids are set: the closures and the link closure are written before
 * they are read (the bits of `made`, `chain_made` and `links_made` say
 * which), and a block of over a megabyte cleared whole cost as much as a
 * search's plans of a few cells. */
static struct reach_memo *reach_memo_new(void)
{
    struct reach_memo *rm = malloc(sizeof *rm + cycles_closure_size());
    if (!rm)
        return NULL;
    rm->busy = rm->grid_made = false;
    for (int k = 0; k < 3; k++) {
        rm->kinds[k].have = false;
        memset(&rm->kinds[k].last, 0, sizeof rm->kinds[k].last);
    }
    rm->links = (struct closure *)(void *)(rm + 1);
    return rm;
}

/* Whether `rg` was made from grid `g` (its candidates are g's) with the
 * rules `y_links` and `dynamic`. */
static bool grid_is(const reach_grid *rg, const chain_grid *g, bool y_links, bool dynamic)
{
    return rg->y_links == y_links && rg->dynamic == dynamic
           && !memcmp(rg->cell_cand, g->cand, sizeof rg->cell_cand);
}

/* Makes rm's grid `rg` the grid `g` for the rules `y_links` and
 * `dynamic`: cycles.c's when it is that (`cycles`: ch->cycles_grid, or
 * NULL), else rm's own, only the rules' part remade when it was made
 * from `g` (the path's searches of each kind on one grid in turn). */
static void memo_grid(struct reach_memo *rm, const reach_grid *cycles, const chain_grid *g,
                      bool y_links, bool dynamic)
{
    if (cycles && grid_is(cycles, g, y_links, dynamic)) {
        rm->rg = cycles;
        return;
    }
    if (rm->grid_made && record_is(&rm->grid_of, g)) {
        if (rm->grid.y_links != y_links || rm->grid.dynamic != dynamic)
            reach_grid_rules(&rm->grid, g, y_links, dynamic);
    } else {
        if (rm->grid_made)
            reach_grid_remake(&rm->grid, g, y_links, dynamic);
        else
            reach_grid_init(&rm->grid, g, y_links, dynamic);
        record_grid(&rm->grid_of, g);
        rm->grid_made = true;
    }
    rm->rg = &rm->grid;
}

/* The path's record of its Nishio searches, brought to grid `g` (each
 * idle cell whose reads meet what changed since the last one loses its
 * record); NULL when memory ran short (the search then goes without). */
static struct forcing_memo *memo_update(bdi_chainer *ch, const chain_grid *g)
{
    struct forcing_memo *fm = ch->forcing_memo;
    if (!fm) {
        fm = calloc(1, sizeof *fm);
        if (!fm)
            return NULL;
        ch->forcing_memo = fm;
    }
    chain_reads changed;
    record_changes(&fm->last, g, &changed);
    if (!fm->have) {
        fm->have = true;
        return fm;
    }
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (bits_has(fm->idle, cell) && reads_meet(&fm->read[cell], &changed))
            fm->idle[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
    return fm;
}

/* The chains from one cell; with the record `fm` (NULL: none), skipped
 * when it says idle, else with the cell's reads noted and its record
 * made. */
static void cell_search(forcing *f, struct forcing_memo *fm, int cell)
{
    bdi_chainer *ch = f->ch;
    if (!fm) {
        cell_chaining(f, cell);
        return;
    }
    if (bits_has(fm->idle, cell))
        return;
    chain_reads *read = &fm->read[cell];
    *read = (chain_reads){{0}, {0}};
    reads_cell(read, cell);
    for (unsigned ds = f->g->cand[cell]; ds; ds &= ds - 1u)
        reads_places(read, cell, bit_digit(ds));
    f->offered = false;
    ch->reads = read;
    cell_chaining(f, cell);
    ch->reads = NULL;
    if (!f->offered && !ch->failed && !f->plan)
        bits_set(fm->idle, cell);
}

/* An empty record of chains for a search, with the chainer's spare room
 * for its nodes (ch->memo_items, taken from it) when it has some; NULL
 * when memory ran short. */
static on_memo *memo_take(bdi_chainer *ch)
{
    on_memo *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    m->items = ch->memo_items;
    m->cap = ch->memo_cap;
    ch->memo_items = NULL;
    ch->memo_cap = 0;
    m->count = 0;
    for (int i = 0; i < BD_CELLS * BD_SIZE; i++)
        m->first[i] = -1;
    return m;
}

/* Ends a search's use of record `m`, freed: its room for nodes kept as
 * the chainer's spare when the chainer has none (a search nested in a
 * chain may have put its own there), else freed too. */
static void memo_give(bdi_chainer *ch, on_memo *m)
{
    if (!ch->memo_items) {
        ch->memo_items = m->items;
        ch->memo_cap = m->cap;
    } else {
        free(m->items);
    }
    free(m);
}

void forcing_hints(bdi_chainer *ch, chain_grid *g, bool multiple, bool dynamic, bool nishio,
                   int level, bool reuse, chint_list *list)
{
    forcing f = {.ch = ch, .g = g, .multiple = multiple, .dynamic = dynamic, .nishio = nishio,
                 .level = level, .list = list, .wide_meets = bdi_fast_wide()};
    f.rules = (chain_rules){.y_links = !nishio, .dynamic = dynamic, .level = level};
    f.base = rule_difficulty(multiple, dynamic, nishio, level);
    f.tech = rule_tech(dynamic, nishio, level);
    if (!nishio) {
        f.memo = memo_take(ch);
        if (!f.memo) {
            ch->failed = true;
            return;
        }
    }
    struct forcing_memo *fm = reuse && nishio && level == 0 && !list->keep_all && !ch->reads
                                  ? memo_update(ch, g) : NULL;
    struct reach_memo *rm = NULL;
    if (level == 0 && !ch->reads) {
        if (!ch->reach_memo)
            ch->reach_memo = reach_memo_new();
        rm = ch->reach_memo;
        if (rm && !rm->busy) {
            rm->busy = true;
            rm->by_links = !dynamic && !nishio;
            /* a nested cycles search may have made it for this grid */
            rm->link_cl = rm->by_links ? cycles_both_closure(ch, g) : NULL;
            rm->links_made = rm->link_cl != NULL;
            memset(rm->chain_made, 0, sizeof rm->chain_made);
            memo_grid(rm, ch->cycles_grid, g, !nishio, dynamic);
            rm->kept = &rm->kinds[rm->by_links ? 0 : nishio ? 1 : 2];
            keep_closures(rm->kept, rm->rg, g, dynamic || reuse, dynamic, f.wide_meets);
        } else {
            rm = NULL;
        }
    }
    cmark search = chain_mark(ch);
    for (int cell = 0; cell < BD_CELLS && !ch->failed; cell++) {
        int card = digit_count(g->cand[cell]);
        if (g->value[cell] || !(card > 2 || (card > 1 && dynamic)))
            continue;
        if (fm && bits_has(fm->idle, cell))
            continue;
        struct plan plan;
        if (rm && !cell_plan(&f, rm, cell, &plan, fm ? &fm->read[cell] : NULL)) {
            if (fm && !ch->failed)   /* idle, with the reads its chains would note */
                bits_set(fm->idle, cell);
            continue;
        }
        f.plan = rm ? &plan : NULL;
        cmark mark = chain_mark(ch);
        cell_search(&f, fm, cell);
        if (f.memo)   /* the sets go; the nodes stay for the record */
            mark = (cmark){ch->node_count, ch->parent_count, ch->nested_count, mark.sets};
        chain_release(ch, mark);
    }
    chain_release(ch, search);
    if (rm)
        rm->busy = false;
    if (f.memo)
        memo_give(ch, f.memo);
}
