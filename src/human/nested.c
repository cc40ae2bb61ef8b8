/*
 * nested.c - SE's getAdvancedPotentials: the rules nested in a dynamic
 * forcing chain of level 1 to 5. It runs the chaining producers (cycles.c,
 * forcing.c) as rules; do_chaining (chains.c) reaches it only through the
 * chainer's `advanced`, which chaining.c sets to advanced_potentials.
 *
 * When a dynamic chain of level > 0 has nothing left to process, SE asks
 * other rules about its grid as the chain has left it (the assumption's
 * consequences switched off): pointing and claiming, hidden pairs, naked
 * pairs, X-wings, then by level forcing chains (2), multiple forcing
 * chains (3), dynamic forcing chains (4), and dynamic ones of level 2
 * (5), taking the first rule that yields anything. Each hint of that rule
 * whose "rule parents" are not empty switches off its removals, with those
 * parents: the potentials the chain switched off that the hint rests on
 * (its pattern's places or candidates gone since the chain began; those
 * of a chaining rule's hint come with it from chain_hints.c). A hint
 * of a chaining rule also brings its own complexity, which SE adds to the
 * chain's. The simple rules' hints come in their producers' order, the
 * chaining rules' in SE's sort; each removal is taken cell by cell
 * (SE's order there comes from a hash of the cells' identities, which is
 * not the same from run to run; cells go in order here), digits 1..9.
 *
 * Chains of different starts, and of one start at the path's next step,
 * often reach the same grid. A nested search's hints rest on that grid
 * alone, their rule parents on the chain's first grid too; so a rule's
 * search is made against a first grid holding every candidate, and the
 * answers of the simple rules (rule by rule, as chains first ask for
 * them), of the cycles searches that found hints (cycles.c keeps its own
 * record of the grids where one found none) and of the multiple forcing
 * searches, hints or none, are kept by grid in the chainer's memo
 * (nested_memo), each chain taking from them the parents its own first
 * grid has (take_rule, take_chaining). The cycles search is not asked
 * where none of its hints could have rule parents (static_may_bring), nor
 * where a grid on which it found no hint, kept by the chain's start, has
 * every link of this one (cycles_nested).
 */
#include "chains.h"

#include <stdlib.h>
#include <string.h>

/* What the advanced potentials of one call collect. `first` is what the
 * simple rules' parents are read against: source->cand, or every digit
 * in every cell while a rule's answer is kept for the memo. */
typedef struct advanced {
    bdi_chainer *ch;
    const chain_grid *g, *source;
    const uint16_t *first;
    const pset *off;
    int32_t *made;
    int count, cap;
    uint16_t parents[POTENTIALS];
    int parent_count;
    struct nested_memo *keep;     /* keep_simple's memo, while it runs */
    bool lost;                    /* keep_simple: the pool ran out */
    const uint16_t *base;         /* what the simple rules' hints are asked for
                                     (see run_simple): a grid's candidates */
    int asked;                    /* what is read from `base`: nothing (0),
                                     `units` to `unit_lost` (1), all (2) */
    uint32_t units;               /* the units where g lost candidates since base */
    uint32_t pair_units;          /* those where a cell of two candidates lost some */
    uint32_t place_units;         /* those where a digit of two places lost some */
    unsigned digits;              /* the digits lost by a line where they have two */
    uint16_t unit_lost[UNIT_COUNT]; /* by unit, the digits it lost */
    bdi_step step;                /* the simple rules' hint */
} advanced;

/* Whether (cell, digit) was a candidate when the chain began and is not now. */
static bool gone(const advanced *a, int cell, int digit)
{
    unsigned bit = digit_bit(digit);
    return (a->first[cell] & bit) && !(a->g->cand[cell] & bit);
}

/* Adds (cell, digit) off to the rule parents being collected; the caller
 * keeps their count within POTENTIALS. */
static void add_parent(advanced *a, int cell, int digit)
{
    a->parents[a->parent_count++] = (uint16_t)pot_of(cell, digit, false);
}

/* The potential off `pot` that a hint brings, with the rule parents;
 * `nested` its chain's record or -1. False when no node could be made. */
static bool bring_pot(advanced *a, int pot, const uint16_t *parents, int parent_count,
                      int32_t nested)
{
    bdi_chainer *ch = a->ch;
    int32_t node = node_new(ch, pot, CAUSE_ADVANCED, -1);
    if (node < 0)
        return false;
    ch->nodes[node].nested = nested;
    for (int i = 0; i < parent_count; i++) {
        int32_t real = a->off->where[parents[i]];
        if (real >= 0)
            node_add_parent(ch, node, real);
    }
    int32_t *made = grow_room(a->made, a->count, &a->cap, sizeof *a->made);
    if (!made) {
        ch->failed = true;
        return false;
    }
    a->made = made;
    a->made[a->count++] = node;
    return true;
}

/* The potentials off a hint brings: its removals, cell by cell, digits
 * 1..9, each with the rule parents; `nested` its chain's record or -1. */
static void bring(advanced *a, const uint16_t *removed, const uint16_t *parents,
                  int parent_count, int32_t nested)
{
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned ds = removed[cell]; ds; ds &= ds - 1u)
            if (!bring_pot(a, pot_of(cell, bit_digit(ds), false), parents, parent_count, nested))
                return;
}

/* LockingHint.getRuleParents, for a lock and for a fish: the places of
 * the digit gone from the first units that are in none of the second. */
static void lock_parents(advanced *a, const int *first, int first_count, const int *second,
                         int second_count, int digit)
{
    for (int i = 0; i < first_count; i++)
        for (int pos = 0; pos < BD_SIZE; pos++) {
            int cell = unit_cell_of(first[i], pos);
            if (!gone(a, cell, digit))
                continue;
            bool in_second = false;
            for (int j = 0; j < second_count; j++)
                in_second |= unit_at(second[j] / BD_SIZE, cell) == second[j];
            if (!in_second)
                add_parent(a, cell, digit);
        }
}

/* The rule parents of a simple rule's hint (SE's getRuleParents). */
static void simple_parents(advanced *a, const bdi_step *s)
{
    a->parent_count = 0;
    int digit = bit_digit(s->digits ? s->digits : 1u);
    if (s->tech == BD_TECH_POINTING || s->tech == BD_TECH_CLAIMING) {
        lock_parents(a, &s->unit, 1, &s->unit2, 1, digit);
    } else if (s->tech == BD_TECH_X_WING) {
        int kind = s->unit / BD_SIZE, cover_kind = kind == UNIT_COL ? UNIT_ROW : UNIT_COL;
        int base[BD_SIZE], cover[BD_SIZE], nb = 0, nc = 0;
        for (unsigned m = s->lines; m; m &= m - 1u)
            base[nb++] = unit_number(kind, bit_digit(m) - 1);
        for (unsigned m = s->lines2; m; m &= m - 1u)
            cover[nc++] = unit_number(cover_kind, bit_digit(m) - 1);
        lock_parents(a, base, nb, cover, nc, digit);
    } else if (s->tech == BD_TECH_HIDDEN_PAIR) {
        unsigned mine = 0;
        for (unsigned ds = s->digits; ds; ds &= ds - 1u)
            mine |= unit_places(a->g, s->unit, bit_digit(ds));
        for (int pos = 0; pos < BD_SIZE; pos++) {
            int cell = unit_cell_of(s->unit, pos);
            if (mine >> pos & 1u)
                continue;
            for (unsigned ds = s->digits; ds; ds &= ds - 1u)
                if (a->first[cell] & (ds & -ds))
                    add_parent(a, cell, bit_digit(ds));
        }
    } else {   /* a naked pair */
        for (int i = 0; i < s->cell_count; i++)
            for (unsigned ds = a->first[s->cells[i]] & ~s->digits; ds; ds &= ds - 1u)
                add_parent(a, s->cells[i], bit_digit(ds));
    }
}

/* A simple rule's hint: its potentials, when it has rule parents. */
static bool take_simple(const bdi_step *s, void *context)
{
    advanced *a = context;
    simple_parents(a, s);
    if (a->parent_count)
        bring(a, s->removed, a->parents, a->parent_count, -1);
    return a->ch->failed;
}

/* The simple rules run here, in SE's order: pointing and claiming (0),
 * hidden pairs (1), naked pairs (2), X-wings (3). */
enum { SIMPLE_RULES = 4 };

/* nested_memo's sizes: slots (a power of two) and the bytes of hints.
 * With the multiple forcing searches' answers kept too, the slots, not
 * the pool, were what lost answers (about 9 MB of slots in all). The
 * simple rules' part: its slots and the uint16_t words of its pool. */
enum { MEMO_SLOTS = 32768, MEMO_POOL = 4u << 20, SIMPLE_SLOTS = 16384, SIMPLE_POOL = 1u << 20 };

/* One hint of a nested chaining search as the memo keeps it: what the
 * chain that uses it needs, and the superset of its rule parents (see
 * take_chaining), pots[first .. first + count) of its entry's block. */
typedef struct memo_hint {
    int complexity;
    uint64_t fingerprint;
    uint16_t removed[BD_CELLS];
    uint32_t first, count;
} memo_hint;

/* One search's answer: its grid, rule and level (the key), the nodes it
 * counted against the budget, and its hints (sorted, without repeats) in
 * the pool at `at`: `count` memo_hints, then `pots` uint16_t. */
typedef struct memo_entry {
    uint64_t hash;                /* the key's (slot_in_use tells a slot in use) */
    uint16_t cand[BD_CELLS];
    uint8_t value[BD_CELLS];
    uint8_t rule, level;
    uint64_t spent;
    uint32_t at, count, pots;
} memo_entry;

/* One grid's answers of the simple rules run on it so far (its key is
 * the grid alone: a simple rule reads nothing else). Rule k's hints, when
 * bit k of `known`, are the words pool[at[k] .. at[k] + len[k]) of the
 * simple part: each hint with rule parents against a first grid holding
 * every candidate (the superset, see take_chaining) as its count of
 * removals, its count of parents, its removals (potentials off, cell by
 * cell, digits 1..9), its parents in order. A hint without any is left
 * out: it has none against any first grid; so is one without any
 * against the first grids among `base` (run_simple), the only ones the
 * answers are taken for. */
typedef struct simple_entry {
    uint64_t hash;                /* the key's (slot_in_use tells a slot in use) */
    uint16_t cand[BD_CELLS];
    uint8_t value[BD_CELLS];
    uint16_t base[BD_CELLS];      /* the candidates of a grid holding the first
                                     grids of the chains that asked for them */
    uint8_t known;
    uint32_t at[SIMPLE_RULES], len[SIMPLE_RULES];
} simple_entry;

/* A grid on which the cycles search found no hint: its candidates. */
typedef struct none_grid {
    uint16_t cand[BD_CELLS];
} none_grid;

/* The grids kept a chain's start (see cycles_nested). */
enum { NONE_WAYS = 4 };

/* The calls of advanced_potentials under way at once whose work spaces
 * the memo holds: a chain of level 5 at most runs searches of lower
 * levels. */
enum { NESTED_DEPTH = 6 };

/* The answers of the chaining rules nested in chains, one a slot (a new
 * one replaces the slot's), their hints in one pool emptied when full;
 * and the same way, in a part of their own, the simple rules' answers;
 * and by a chain's start, the last grids where the cycles search found
 * no hint. */
struct nested_memo {
    chain_grid every;             /* every digit in every cell (cand only) */
    uint32_t used, simple_used;
    /* the slots in use (bit i of word i / 64): a memo is made without
     * clearing its megabytes of slots, and emptied by clearing these */
    uint64_t slot_used[MEMO_SLOTS / 64], simple_slot_used[SIMPLE_SLOTS / 64];
    memo_entry slot[MEMO_SLOTS];
    simple_entry simple[SIMPLE_SLOTS];
    _Alignas(uint64_t) unsigned char pool[MEMO_POOL];
    uint16_t simple_pool[SIMPLE_POOL];
    uint8_t none_count[POTENTIALS], none_next[POTENTIALS];
    none_grid none[POTENTIALS][NONE_WAYS];
    /* advanced_potentials' work spaces, by how many of its calls are
     * under way (a call runs rules whose chains call it again, of a lower
     * level: no deeper than NESTED_DEPTH); deeper ones are allocated */
    int depth;
    advanced work[NESTED_DEPTH];
};

/* One step of the hashes below: `h` with the word `w` mixed in. */
static uint64_t mix_word(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0xff51afd7ed558ccdu;
    return h ^ h >> 29;
}

/* The hash of grid g's candidates and values, never 0: taken four
 * candidates and eight values a word. */
static uint64_t grid_hash(const chain_grid *g)
{
    enum { CAND_WORDS = BD_CELLS / 4, VALUE_WORDS = BD_CELLS / 8 };
    uint64_t h = 0x9e3779b97f4a7c15u, w;
    for (int i = 0; i < CAND_WORDS; i++) {
        memcpy(&w, g->cand + 4 * i, sizeof w);
        h = mix_word(h, w);
    }
    for (int i = 0; i < VALUE_WORDS; i++) {
        memcpy(&w, g->value + 8 * i, sizeof w);
        h = mix_word(h, w);
    }
    for (int cell = 4 * CAND_WORDS; cell < BD_CELLS; cell++)
        h = mix_word(h, g->cand[cell]);
    for (int cell = 8 * VALUE_WORDS; cell < BD_CELLS; cell++)
        h = mix_word(h, g->value[cell]);
    return h ? h : 1;
}

/* The hash of the key (g, rule, level) from g's grid_hash, never 0. */
static uint64_t memo_hash(uint64_t grid, int rule, int level)
{
    uint64_t h = mix_word(grid, (uint64_t)(rule * 8 + level));
    return h ? h : 1;
}

/* Whether slot i is in use, by the bits `used`. */
static bool slot_in_use(const uint64_t *used, uint64_t i)
{
    return used[i / 64] >> i % 64 & 1u;
}

/* The chainer's memo, made (every slot empty) on first use; NULL when
 * there is no memory for it. */
static struct nested_memo *memo_of(bdi_chainer *ch)
{
    if (!ch->nested_memo) {
        struct nested_memo *m = malloc(sizeof *m);
        if (!m)
            return NULL;
        memset(&m->every, 0, sizeof m->every);
        for (int cell = 0; cell < BD_CELLS; cell++)
            m->every.cand[cell] = ALL_DIGITS;
        m->used = m->simple_used = 0;
        memset(m->slot_used, 0, sizeof m->slot_used);
        memset(m->simple_slot_used, 0, sizeof m->simple_slot_used);
        memset(m->none_count, 0, sizeof m->none_count);
        memset(m->none_next, 0, sizeof m->none_next);
        m->depth = 0;
        ch->nested_memo = m;
    }
    return ch->nested_memo;
}

/* The memo's entry for (g, rule, level) with hash `h`, or NULL. */
static const memo_entry *memo_find(const bdi_chainer *ch, const chain_grid *g, int rule,
                                   int level, uint64_t h)
{
    const struct nested_memo *m = ch->nested_memo;
    if (!m)
        return NULL;
    const memo_entry *e = &m->slot[h & (MEMO_SLOTS - 1)];
    if (!slot_in_use(m->slot_used, h & (MEMO_SLOTS - 1)) || e->hash != h || e->rule != rule ||
        e->level != level ||
        memcmp(e->cand, g->cand, sizeof e->cand) || memcmp(e->value, g->value, sizeof e->value))
        return NULL;
    return e;
}

/* The hints of an entry in its memo's pool. */
static const memo_hint *memo_hints(const struct nested_memo *m, const memo_entry *e)
{
    return (const memo_hint *)(const void *)(m->pool + e->at);
}

/* Keeps list's hints (sorted; rule parents against the full grid) in
 * the chainer's memo (made) as the answer for (g, rule, level), hash `h`,
 * which spent `spent` nodes. The pool is emptied when the answer does not
 * fit; too big for the pool, it is not kept. */
static void memo_keep(bdi_chainer *ch, const chain_grid *g, int rule, int level, uint64_t h,
                      uint64_t spent, const chint_list *list)
{
    struct nested_memo *m = ch->nested_memo;
    uint32_t pots = 0;
    for (int i = 0; i < list->count; i++)
        pots += list->all[i].rule_count;
    size_t need = (size_t)list->count * sizeof(memo_hint) + pots * sizeof(uint16_t);
    need = (need + 7u) & ~(size_t)7u;
    if (need > MEMO_POOL)
        return;
    if (m->used + need > MEMO_POOL) {
        m->used = 0;
        memset(m->slot_used, 0, sizeof m->slot_used);
    }
    uint64_t at_slot = h & (MEMO_SLOTS - 1);
    m->slot_used[at_slot / 64] |= (uint64_t)1 << at_slot % 64;
    memo_entry *e = &m->slot[at_slot];
    *e = (memo_entry){.hash = h, .rule = (uint8_t)rule, .level = (uint8_t)level, .spent = spent,
                      .at = m->used, .count = (uint32_t)list->count, .pots = pots};
    memcpy(e->cand, g->cand, sizeof e->cand);
    memcpy(e->value, g->value, sizeof e->value);
    memo_hint *hints = (memo_hint *)(void *)(m->pool + m->used);
    uint16_t *to = (uint16_t *)(void *)(hints + list->count);
    uint32_t at = 0;
    for (int i = 0; i < list->count; i++) {
        const chint *c = &list->all[i];
        hints[i] = (memo_hint){.complexity = c->complexity, .fingerprint = c->fingerprint,
                               .first = at, .count = c->rule_count};
        memcpy(hints[i].removed, c->removed, sizeof c->removed);
        memcpy(to + at, list->rule_pots + c->rule_first, c->rule_count * sizeof *to);
        at += c->rule_count;
    }
    m->used += (uint32_t)need;
}

/* Sets a->parents to the potentials of sup[0 .. sup_count), in order,
 * that a->source has (those of a superset of rule parents that its first
 * grid gives). */
static void parents_had(advanced *a, const uint16_t *sup, uint32_t sup_count)
{
    a->parent_count = 0;
    for (uint32_t i = 0; i < sup_count && a->parent_count < POTENTIALS; i++) {
        int pot = sup[i];
        if (a->source->cand[pot_cell(pot)] & digit_bit(pot_digit(pot)))
            a->parents[a->parent_count++] = sup[i];
    }
}

/* Brings one hint of a nested chaining rule: its rule parents are those of
 * `sup` (its superset, in order) that a->source has, and a hint without
 * any brings nothing; else a record of its complexity and fingerprint. */
static void bring_hint(advanced *a, const uint16_t *removed, int complexity,
                       uint64_t fingerprint, const uint16_t *sup, uint32_t sup_count)
{
    bdi_chainer *ch = a->ch;
    parents_had(a, sup, sup_count);
    if (!a->parent_count)
        return;
    if (ch->nested_count == ch->nested_cap) {
        uint32_t want = ch->nested_cap ? ch->nested_cap * 2 : 64;
        nested_rec *bigger = realloc(ch->nested, want * sizeof *bigger);
        if (!bigger) {
            ch->failed = true;
            return;
        }
        ch->nested = bigger;
        ch->nested_cap = want;
    }
    int32_t rec = (int32_t)ch->nested_count++;
    ch->nested[rec] = (nested_rec){complexity, fingerprint};
    bring(a, removed, a->parents, a->parent_count, rec);
}

/* Whether the memo's answer `e` may stand for its search under the
 * chainer's budget: with no limit, or when the nodes the search counted
 * stay within it; then counts them (and reads the clock when due). */
static bool memo_spend(bdi_chainer *ch, const memo_entry *e)
{
    bdi_budget *b = ch->budget;
    if (!b)
        return true;
    if (b->max_nodes && b->nodes + e->spent > b->max_nodes)
        return false;   /* the search itself is cut short where it was */
    if (bdi_budget_spend_many(b, e->spent))
        ch->failed = ch->cut_short = true;
    return true;
}

/* The hints of a chaining rule nested here. A search's hints rest on the
 * chain's grid alone; only their rule parents rest on the chain's first
 * grid (a->source): those of a hint are the candidates gone from certain
 * cells and units since it, walked in an order that does not rest on it,
 * the first occurrence of each kept. So the search is made against a first
 * grid holding every candidate, which gives a superset in that order, and
 * a->source's parents are the superset's potentials a->source has (those
 * of a grid with fewer, in the same order). The memo keeps that answer by
 * grid, rule and level, for the next chain that reaches the same grid:
 * a cycles search's when it found hints, a multiple forcing search's
 * (rule 1) always. That search (static, level 0) reads nothing but its
 * grid: no chain of it nests rules, and it reads no record of the path's
 * searches (it keeps none of its closures; the cycles search's closure of
 * the same grid, when it reads it, is the one it would make). So the
 * nodes it counts against the budget are those its grid gives it to
 * count, and its answer and its nodes stand for it on the same grid
 * again. (A dynamic one's count rests on the closures kept from the
 * path's dynamic searches, or on its nested searches' records.) `grid`
 * is g's grid_hash. Returns whether the search, made or from the memo,
 * found no hint (and the chainer did not fail). */
static bool take_chaining(advanced *a, chain_grid *g, uint64_t grid, int rule, int level)
{
    bdi_chainer *ch = a->ch;
    uint64_t h = memo_hash(grid, rule, level);
    const memo_entry *e = memo_find(ch, g, rule, level, h);
    if (e && memo_spend(ch, e)) {
        const memo_hint *hints = memo_hints(ch->nested_memo, e);
        const uint16_t *pots = (const uint16_t *)(const void *)(hints + e->count);
        for (uint32_t i = 0; i < e->count && !ch->failed; i++)
            bring_hint(a, hints[i].removed, hints[i].complexity, hints[i].fingerprint,
                       pots + hints[i].first, hints[i].count);
        return !e->count && !ch->failed;
    }
    uint64_t before = ch->budget ? ch->budget->nodes : 0;
    chint_list list = {.keep_all = true, .outer_source = &ch->nested_memo->every,
                       .outer_current = g};
    if (rule == 0)
        cycles_hints(ch, g, &list);
    else
        forcing_hints(ch, g, true, rule == 2, false, level, false, &list);
    chint_sort(&list);
    if (!ch->failed && (rule == 0 ? list.count > 0 : rule == 1))
        memo_keep(ch, g, rule, level, h, ch->budget ? ch->budget->nodes - before : 0, &list);
    for (int i = 0; i < list.count && !ch->failed; i++) {
        const chint *c = &list.all[i];
        bring_hint(a, c->removed, c->complexity, c->fingerprint, list.rule_pots + c->rule_first,
                   c->rule_count);
    }
    bool none = !list.count && !ch->failed;
    chint_list_free(&list);
    return none;
}

/* Simple rule `rule` on a->g, each hint to `each`, leaving out those
 * that have no rule parents against any first grid among a->base (each
 * cell's candidates among base's; a->g's among the first grid's). A
 * hint's rule parents (simple_parents) are candidates gone since the
 * first grid, all of them gone since base too: a lock's from its first
 * unit; a naked pair's from its two cells, which have two candidates; a
 * hidden pair's from the places in its unit of its digits, which have
 * two; an X-wing's from the places of its digit in its base lines, which
 * have two. So a lock in a first unit where a->g lost nothing since base,
 * a naked pair in a unit where no cell of two candidates lost any, a
 * hidden pair in one where no digit of two places lost a place, and an
 * X-wing of a digit that no line where it has two places lost, has none,
 * and such a hint brings nothing whichever of those first grids it is
 * read against. The units and digits asked are read when first needed:
 * the rules run in order until one brings something. */
static void run_simple(advanced *a, int rule, bdi_hint_fn each, bdi_step *s)
{
    if (a->asked == 0) {
        uint16_t *unit_lost = a->unit_lost;
        memset(unit_lost, 0, sizeof a->unit_lost);
        a->units = a->pair_units = 0;
        for (int cell = 0; cell < BD_CELLS; cell++) {
            unsigned lost = a->base[cell] & ~a->g->cand[cell];
            if (!lost)
                continue;
            bool pair = digit_count(a->g->cand[cell]) == 2;
            for (int kind = 0; kind < UNIT_KINDS; kind++) {
                int unit = unit_at(kind, cell);
                a->units |= 1u << unit;
                a->pair_units |= (uint32_t)pair << unit;
                unit_lost[unit] |= (uint16_t)lost;
            }
        }
        a->asked = 1;
    }
    if (a->asked == 1 && (rule == 1 || rule == 3)) {
        a->place_units = 0;
        a->digits = 0;
        for (uint32_t us = a->units; us; us &= us - 1u) {
            int unit = bit_digit(us) - 1;
            unsigned two = 0;   /* the digits it lost that have two places in it */
            for (unsigned ds = a->unit_lost[unit]; ds; ds &= ds - 1u)
                if (digit_count(unit_places(a->g, unit, bit_digit(ds))) == 2)
                    two |= ds & -ds;
            a->place_units |= (uint32_t)(two != 0) << unit;
            if (unit / BD_SIZE != UNIT_BOX)
                a->digits |= two;
        }
        a->asked = 2;
    }
    if (rule == 0)
        bdi_locking_each(a->g, a->units, each, a, s);
    else if (rule == 1)
        bdi_hidden_set_each(a->g, 2, a->place_units, each, a, s);
    else if (rule == 2)
        bdi_naked_set_each(a->g, 2, a->pair_units, each, a, s);
    else
        bdi_fish_each(a->g, 2, a->digits, each, a, s);
}

/* A simple rule's hint written to a->keep's pool as simple_entry says
 * (a->first holding every digit); a->lost, and the rule stopped, when the
 * pool has no room for the most it could take. */
static bool keep_simple(const bdi_step *s, void *context)
{
    advanced *a = context;
    struct nested_memo *m = a->keep;
    simple_parents(a, s);
    if (!a->parent_count)
        return false;
    uint32_t most = 2 + BD_CELLS * BD_SIZE + (uint32_t)a->parent_count;
    if (SIMPLE_POOL - m->simple_used < most) {
        a->lost = true;
        return true;
    }
    uint16_t *at = m->simple_pool + m->simple_used, *to = at + 2;
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned ds = s->removed[cell]; ds; ds &= ds - 1u)
            *to++ = (uint16_t)pot_of(cell, bit_digit(ds), false);
    at[0] = (uint16_t)(to - at - 2);
    at[1] = (uint16_t)a->parent_count;
    memcpy(to, a->parents, (size_t)a->parent_count * sizeof *to);
    m->simple_used += (uint32_t)(to - at) + (uint32_t)a->parent_count;
    return false;
}

/* The simple part's slot of grid g (hash `grid`) for a chain whose first
 * grid is `source`: kept answers and all when it holds g and its base
 * holds source's candidates; else its answers dropped, with source's
 * candidates added to its base when it holds g, else emptied for g with
 * source's as its base. */
static simple_entry *simple_slot(struct nested_memo *m, const chain_grid *g, uint64_t grid,
                                 const chain_grid *source)
{
    uint64_t i = grid & (SIMPLE_SLOTS - 1);
    simple_entry *e = &m->simple[i];
    if (slot_in_use(m->simple_slot_used, i) && e->hash == grid &&
        !memcmp(e->cand, g->cand, sizeof e->cand) && !memcmp(e->value, g->value, sizeof e->value)) {
        unsigned beyond = 0;   /* source's candidates outside the base */
        for (int cell = 0; cell < BD_CELLS; cell++)
            beyond |= source->cand[cell] & ~e->base[cell];
        if (beyond) {
            for (int cell = 0; cell < BD_CELLS; cell++)
                e->base[cell] |= source->cand[cell];
            e->known = 0;
        }
        return e;
    }
    m->simple_slot_used[i / 64] |= (uint64_t)1 << i % 64;
    e->hash = grid;
    memcpy(e->cand, g->cand, sizeof e->cand);
    memcpy(e->value, g->value, sizeof e->value);
    memcpy(e->base, source->cand, sizeof e->base);
    e->known = 0;
    return e;
}

/* Runs simple rule `rule` on a->g to keep its hints in *e, a->g's slot;
 * when the pool has no room for them, empties the simple part (and
 * *e = NULL). */
static void keep_rule(advanced *a, simple_entry **e, int rule, bdi_step *s)
{
    struct nested_memo *m = a->ch->nested_memo;
    uint32_t at = m->simple_used;
    a->first = m->every.cand;
    a->keep = m;
    a->lost = false;
    run_simple(a, rule, keep_simple, s);
    a->first = a->source->cand;
    a->keep = NULL;
    if (a->lost) {
        m->simple_used = 0;
        memset(m->simple_slot_used, 0, sizeof m->simple_slot_used);
        *e = NULL;
        return;
    }
    (*e)->at[rule] = at;
    (*e)->len[rule] = m->simple_used - at;
    (*e)->known |= (uint8_t)(1u << rule);
}

/* Brings the kept hints words[0 .. len) of a simple rule (simple_entry's
 * form): each hint's removals, with the parents of its superset that
 * a->source has, when it has any (what take_simple brings of it). */
static void take_kept(advanced *a, const uint16_t *words, uint32_t len)
{
    for (uint32_t i = 0; i < len && !a->ch->failed;) {
        uint32_t removals = words[i], sup = words[i + 1];
        const uint16_t *pots = words + i + 2;
        i += 2 + removals + sup;
        parents_had(a, pots + removals, sup);
        for (uint32_t r = 0; r < removals && a->parent_count; r++)
            if (!bring_pot(a, pots[r], a->parents, a->parent_count, -1))
                break;
    }
}

/* Brings what simple rule `rule` gives on a->g: from *e, a->g's slot in
 * the memo (its hints kept there first when they are not yet), or, with
 * *e NULL, from the rule itself. */
static void take_rule(advanced *a, simple_entry **e, int rule, bdi_step *s)
{
    if (*e && !((*e)->known >> rule & 1u))
        keep_rule(a, e, rule, s);
    if (*e)
        take_kept(a, a->ch->nested_memo->simple_pool + (*e)->at[rule], (*e)->len[rule]);
    else
        run_simple(a, rule, take_simple, s);
}

/* Whether a hint of cycles.c's search on g can have rule parents against
 * first grid `source`. Its chains are static: they turn a potential on
 * only by the cell rule, in a cell of two candidates in g, or by a unit
 * rule, in a unit where the digit has two places in g (chains.h's
 * off_implies), and its rule parents are the candidates such a cell, or
 * the places of the digit such a unit, has lost since `source`, read from
 * the cells' candidates (chain_hints.c's visit_rule; its start is
 * neither). So with no such cell or unit, no hint has any, and the search
 * would bring nothing. */
static bool static_may_bring(const chain_grid *g, const chain_grid *source)
{
    unsigned lost[BD_CELLS];   /* the candidates gone from each cell */
    for (int cell = 0; cell < BD_CELLS; cell++) {
        lost[cell] = source->cand[cell] & ~g->cand[cell];
        if (lost[cell] && digit_count(g->cand[cell]) == 2)
            return true;
    }
    for (int unit = 0; unit < UNIT_COUNT; unit++) {
        unsigned digits = 0;   /* those with a place gone from the unit */
        for (int pos = 0; pos < BD_SIZE; pos++)
            digits |= lost[unit_cell_of(unit, pos)];
        for (; digits; digits &= digits - 1u)
            if (digit_count(unit_places(g, unit, bit_digit(digits))) == 2)
                return true;
    }
    return false;
}

/* Whether the cycles search finds no hint on grid h because it found
 * none on kept grid `n` (see cycles_nested): h's candidates are among n's,
 * and each cell of two candidates and each unit with two places of a digit
 * in h is one in n too: no cell that lost candidates since n has two, and
 * no unit has two places of a digit that one of its cells lost. */
static bool none_covers(const none_grid *n, const chain_grid *h)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned had = n->cand[cell], has = h->cand[cell], lost = had & ~has;
        if (has & ~had)
            return false;
        if (!lost)
            continue;
        if (digit_count(has) == 2)
            return false;
        for (; lost; lost &= lost - 1u)
            for (int kind = 0; kind < UNIT_KINDS; kind++)
                if (digit_count(unit_places(h, unit_at(kind, cell), bit_digit(lost))) == 2)
                    return false;
    }
    return true;
}

/* Whether each empty cell of g with one candidate has none of its peers
 * holding that digit. */
static bool lone_cells_clear(const chain_grid *g)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned bit = g->cand[cell];
        if (g->value[cell] || digit_count(bit) != 1)
            continue;
        for (int kind = 0; kind < UNIT_KINDS; kind++)
            if (digit_count(unit_places(g, unit_at(kind, cell), bit_digit(bit))) != 1)
                return false;
    }
    return true;
}

/* The potential of the assumption a chain starts from, read back from its
 * first potential off `off` (first parents); -1 when it has none yet or
 * the walk is long. */
static int chain_start(const bdi_chainer *ch, const pset *off)
{
    if (!off->count)
        return -1;
    int32_t node = (int32_t)off->order[0];
    for (int steps = 0; ch->nodes[node].parent_count; steps++) {
        if (steps == 8)
            return -1;
        node = (int32_t)node_parents(ch, node)[0];
    }
    return ch->nodes[node].pot;
}

/* The cycles search nested on a->g (hash `grid`) for a chain that starts
 * from potential `start` (or -1): not made where a grid kept for that
 * start, on which it found no hint, covers a->g (none_covers); kept for it
 * when it finds none.
 *
 * Why a covered grid h has no hint either, n being the kept one. Every
 * link of h is one of n: a potential on switches off its cell's other
 * candidates and its digit's other places in its units, which in h are
 * among n's; a potential off switches on the other candidate of a cell of
 * two, or the other place of a unit of two, which are the same in n.
 * So whatever a chain reaches in h it reaches in n, with both links. A
 * hint of h (of any of the three searches) rests on a candidate r whose
 * "on" leads to its "off", or "off" to "on": a forcing chain's start
 * (a cell of two candidates or more in h), or a cycle's removal: r sees a
 * potential p on and a potential q off of the cycle with its digit
 * (cycle_removals), r on switches q off, from which the cycle's links
 * (a closed walk of implications) lead round to p on, which switches r
 * off. The search with both links on n walks from every candidate of a
 * cell of two or more where its tests say a walk may find something, on
 * to the end of what the start reaches, so it would have found a forcing
 * chain from r wherever r's cell has two candidates or more in n; with one
 * (r alone), lone_cells_clear held for n, so no peer holds r's digit there
 * nor in h, and r sees no potential of a cycle. So n's search, finding no
 * hint, finds none of these, and h has none. The kept grids are the last
 * NONE_WAYS of the start's (its chain's grid at the path's next step is
 * mostly covered by its grid at this one). As with cycles.c's record of
 * the grids with none, the search not made counts no nodes. */
static void cycles_nested(advanced *a, chain_grid *g, uint64_t grid, int start)
{
    struct nested_memo *m = a->ch->nested_memo;
    for (int i = 0; start >= 0 && i < m->none_count[start]; i++)
        if (none_covers(&m->none[start][i], g))
            return;
    if (!take_chaining(a, g, grid, 0, 0) || start < 0 || !lone_cells_clear(g))
        return;
    memcpy(m->none[start][m->none_next[start]].cand, g->cand, sizeof g->cand);
    m->none_next[start] = (uint8_t)((m->none_next[start] + 1) % NONE_WAYS);
    if (m->none_count[start] < NONE_WAYS)
        m->none_count[start]++;
}

void advanced_potentials(bdi_chainer *ch, chain_grid *g, const chain_grid *source, int level,
                         pset *off, int32_t *pending, int *pending_count)
{
    struct nested_memo *m = memo_of(ch);
    advanced *a = !m ? NULL : m->depth < NESTED_DEPTH ? &m->work[m->depth] : malloc(sizeof *a);
    if (!a) {
        ch->failed = true;
        return;
    }
    m->depth++;
    a->ch = ch;   /* a->parents and a->step are written before they are read */
    a->g = g;
    a->source = source;
    a->first = source->cand;
    a->off = off;
    a->made = NULL;
    a->count = a->cap = a->parent_count = 0;
    a->keep = NULL;
    a->lost = false;
    uint64_t grid = grid_hash(g);
    simple_entry *e = simple_slot(ch->nested_memo, g, grid, source);
    a->base = e->base;
    a->asked = 0;
    for (int rule = 0; rule < SIMPLE_RULES && !a->count; rule++)
        take_rule(a, &e, rule, &a->step);
    /* the chaining rules: forcing chains (0), multiple (1), dynamic (2) */
    if (level < 4) {
        if (!a->count && level >= 2 && static_may_bring(g, source))
            cycles_nested(a, g, grid, chain_start(ch, off));
        if (!a->count && level >= 3)
            take_chaining(a, g, grid, 1, 0);
    } else {
        if (!a->count)
            take_chaining(a, g, grid, 2, 0);
        if (!a->count && level >= 5)
            take_chaining(a, g, grid, 2, level - 3);
    }
    for (int i = 0; i < a->count; i++)
        if (set_add(ch, off, a->made[i]))
            pending[(*pending_count)++] = a->made[i];
    free(a->made);
    if (--m->depth >= NESTED_DEPTH)
        free(a);
}
