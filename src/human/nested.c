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
 */
#include "chains.h"

#include <stdlib.h>

/* What the advanced potentials of one call collect. */
typedef struct advanced {
    bdi_chainer *ch;
    const chain_grid *g, *source;
    const pset *off;
    int32_t *made;
    int count, cap;
    uint16_t parents[POTENTIALS];
    int parent_count;
} advanced;

/* Whether (cell, digit) was a candidate when the chain began and is not now. */
static bool gone(const advanced *a, int cell, int digit)
{
    unsigned bit = digit_bit(digit);
    return (a->source->cand[cell] & bit) && !(a->g->cand[cell] & bit);
}

/* Adds (cell, digit) off to the rule parents being collected; the caller
 * keeps their count within POTENTIALS. */
static void add_parent(advanced *a, int cell, int digit)
{
    a->parents[a->parent_count++] = (uint16_t)pot_of(cell, digit, false);
}

/* The potentials off a hint brings: its removals, cell by cell, digits
 * 1..9, each with the rule parents; `nested` its chain's record or -1. */
static void bring(advanced *a, const uint16_t *removed, const uint16_t *parents,
                  int parent_count, int32_t nested)
{
    bdi_chainer *ch = a->ch;
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned ds = removed[cell]; ds; ds &= ds - 1u) {
            int32_t node = node_new(ch, pot_of(cell, bit_digit(ds), false), CAUSE_ADVANCED, -1);
            if (node < 0)
                return;
            ch->nodes[node].nested = nested;
            for (int i = 0; i < parent_count; i++) {
                int32_t real = a->off->where[parents[i]];
                if (real >= 0)
                    node_add_parent(ch, node, real);
            }
            if (a->count == a->cap) {
                int want = a->cap ? a->cap * 2 : 64;
                int32_t *bigger = realloc(a->made, (size_t)want * sizeof *bigger);
                if (!bigger) {
                    ch->failed = true;
                    return;
                }
                a->made = bigger;
                a->cap = want;
            }
            a->made[a->count++] = node;
        }
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
                if (a->source->cand[cell] & (ds & -ds))
                    add_parent(a, cell, bit_digit(ds));
        }
    } else {   /* a naked pair */
        for (int i = 0; i < s->cell_count; i++)
            for (unsigned ds = a->source->cand[s->cells[i]] & ~s->digits; ds; ds &= ds - 1u)
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

/* The hints of a chaining rule nested here. */
static void take_chaining(advanced *a, chain_grid *g, int rule, int level)
{
    bdi_chainer *ch = a->ch;
    chint_list list = {.keep_all = true, .outer_source = a->source, .outer_current = g};
    if (rule == 0)
        cycles_hints(ch, g, false, &list);
    else
        forcing_hints(ch, g, true, rule == 2, false, rule == 2 ? level : 0, false, &list);
    chint_sort(&list);
    for (int i = 0; i < list.count && !ch->failed; i++) {
        const chint *h = &list.all[i];
        if (!h->rule_count)
            continue;
        if (ch->nested_count == ch->nested_cap) {
            uint32_t want = ch->nested_cap ? ch->nested_cap * 2 : 64;
            nested_rec *bigger = realloc(ch->nested, want * sizeof *bigger);
            if (!bigger) {
                ch->failed = true;
                break;
            }
            ch->nested = bigger;
            ch->nested_cap = want;
        }
        int32_t rec = (int32_t)ch->nested_count++;
        ch->nested[rec] = (nested_rec){h->complexity, h->fingerprint};
        bring(a, h->removed, list.rule_pots + h->rule_first, (int)h->rule_count, rec);
    }
    chint_list_free(&list);
}

void advanced_potentials(bdi_chainer *ch, chain_grid *g, const chain_grid *source, int level,
                         pset *off, int32_t *pending, int *pending_count)
{
    advanced *a = malloc(sizeof *a);
    if (!a) {
        ch->failed = true;
        return;
    }
    *a = (advanced){.ch = ch, .g = g, .source = source, .off = off};
    bdi_step *s = malloc(sizeof *s);
    if (!s) {
        ch->failed = true;
        free(a);
        return;
    }
    bdi_locking_each(g, take_simple, a, s);
    if (!a->count)
        bdi_hidden_set_each(g, 2, take_simple, a, s);
    if (!a->count)
        bdi_naked_set_each(g, 2, take_simple, a, s);
    if (!a->count)
        bdi_fish_each(g, 2, take_simple, a, s);
    /* the chaining rules: forcing chains (0), multiple (1), dynamic (2) */
    if (level < 4) {
        if (!a->count && level >= 2)
            take_chaining(a, g, 0, 0);
        if (!a->count && level >= 3)
            take_chaining(a, g, 1, 0);
    } else {
        if (!a->count)
            take_chaining(a, g, 2, 0);
        if (!a->count && level >= 5)
            take_chaining(a, g, 2, level - 3);
    }
    for (int i = 0; i < a->count; i++)
        if (set_add(ch, off, a->made[i]))
            pending[(*pending_count)++] = a->made[i];
    free(a->made);
    free(a);
    free(s);
}
