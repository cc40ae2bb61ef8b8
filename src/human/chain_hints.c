/*
 * chain_hints.c - the hints of SE's chaining producers: the list each
 * producer fills (the best only, by SE's sort, when the path asks; every
 * hint, sorted and without repeats, when the producer is a rule nested in
 * a chain, each with its rule parents). The producers (cycles.c,
 * forcing.c) offer their hints to it; the files above them read it.
 *
 * SE sorts a producer's hints with a stable sort by difficulty, then
 * complexity, then kind, and drops a hint whose removals equal an earlier
 * one's; the path takes the first. So the best kept is replaced only by a
 * hint that sorts strictly before it. Its links are copied when it becomes
 * the best (the nodes go when the producer moves on), only for a text or
 * a picture.
 *
 * A hint kept for a chain it is nested in carries SE's rule parents
 * (getRuleParents): the potentials the outer chain switched off that the
 * hint's chains rest on, found by walking each chain back from its end.
 *
 * Such a list drops a repeat when it is offered, before its walk: SE keeps
 * of the hints with the same removals the one its sort puts first, and
 * chint_sort's order (chint_before, ties by the order offered) is a strict
 * total order, so that one is the least of them, which the list finds one
 * offer at a time. A later hint goes before the one kept only when
 * chint_before says so (a tie goes to the earlier); then it takes that
 * slot with its own walk, fingerprint and place in the offers, all made as
 * they were when every hint was kept and the repeats dropped after the
 * sort. So the list holds the least of each set of repeats with the fields
 * that hint had, and sorted it is SE's list, hint for hint and in order.
 * (The rule parents of a hint so replaced stay unread in rule_pots.)
 */
#include "chains.h"

#include <stdlib.h>
#include <string.h>

void *grow_room(void *items, int count, int *cap, size_t size)
{
    if (count < *cap)
        return items;
    int want = *cap ? *cap * 2 : 64;
    void *bigger = realloc(items, (size_t)want * size);
    if (bigger)
        *cap = want;
    return bigger;
}

/* collectRuleParents' walk of one hint's chains. */
typedef struct rule_walk {
    const chint *h;
    chint_list *list;
    bool failed;
    uint64_t had[(BD_CELLS * BD_SIZE * 2 + 63) / 64];  /* the hint's parents so far, by pot */
} rule_walk;

/* Appends `pot` to the list's rule parents unless the walk's hint has it
 * already; w->failed when memory ran short. */
static void add_rule_pot(rule_walk *w, int pot)
{
    chint_list *list = w->list;
    uint64_t bit = (uint64_t)1 << (pot & 63);
    if (w->had[pot >> 6] & bit)
        return;
    if (list->rule_count == list->rule_cap) {
        uint32_t want = list->rule_cap ? list->rule_cap * 2 : 256;
        uint16_t *bigger = realloc(list->rule_pots, want * sizeof *bigger);
        if (!bigger) {
            w->failed = true;
            return;
        }
        list->rule_pots = bigger;
        list->rule_cap = want;
    }
    list->rule_pots[list->rule_count++] = (uint16_t)pot;
    w->had[pot >> 6] |= bit;
}

/* One node of the walk: when it is a potential on made by the cell rule
 * or a unit rule (the assumption of a cell or region chain counting as
 * made by its cell's or region's rule), adds the candidates gone from that
 * cell, or the digit's places gone from that unit, since the outer chain
 * began. */
static void visit_rule(const bdi_chainer *ch, int32_t node, void *context)
{
    rule_walk *w = context;
    const chain_grid *src = w->list->outer_source, *cur = w->list->outer_current;
    const cnode *n = &ch->nodes[node];
    int cause = n->cause;
    if (cause == CAUSE_NONE && w->h->kind == CHAIN_CELL)
        cause = CAUSE_NAKED_SINGLE;
    else if (cause == CAUSE_NONE && w->h->kind == CHAIN_REGION)
        cause = w->h->unit / BD_SIZE == UNIT_BOX   ? CAUSE_HIDDEN_BOX
                : w->h->unit / BD_SIZE == UNIT_ROW ? CAUSE_HIDDEN_ROW
                                                   : CAUSE_HIDDEN_COL;
    if (!pot_on(n->pot) || cause == CAUSE_NONE || cause == CAUSE_ADVANCED)
        return;
    int cell = pot_cell(n->pot), digit = pot_digit(n->pot);
    if (cause == CAUSE_NAKED_SINGLE) {
        for (unsigned ds = src->cand[cell] & ~cur->cand[cell]; ds; ds &= ds - 1u)
            add_rule_pot(w, pot_of(cell, bit_digit(ds), false));
        return;
    }
    int kind = cause == CAUSE_HIDDEN_BOX ? UNIT_BOX : cause == CAUSE_HIDDEN_ROW ? UNIT_ROW : UNIT_COL;
    int unit = unit_at(kind, cell);
    unsigned bit = digit_bit(digit);
    for (int pos = 0; pos < BD_SIZE; pos++) {
        int other = unit_cell_of(unit, pos);
        if ((src->cand[other] & bit) && !(cur->cand[other] & bit))
            add_rule_pot(w, pot_of(other, digit, false));
    }
}

/* SE's getRuleParents of a chaining hint, with its fingerprint (one walk
 * of its chains for both): appends to list->rule_pots the potentials
 * switched off by the outer chain that the hint's chains rest on, and
 * sets h->fingerprint. Returns false when memory ran short (the parents
 * are then partial). */
static bool chain_rule_parents(const bdi_chainer *ch, chint *h, chint_list *list)
{
    rule_walk w = {.h = h, .list = list, .failed = false};
    h->fingerprint = chain_fingerprint(ch, h->targets, h->target_count, visit_rule, &w);
    return !w.failed;
}

/* The hint of the list whose removals equal `h`'s, or NULL (a list keeps
 * none twice). */
static chint *kept_repeat(chint_list *list, const chint *h)
{
    for (int i = 0; i < list->count; i++)
        if (!memcmp(list->all[i].removed, h->removed, sizeof h->removed))
            return &list->all[i];
    return NULL;
}

void chint_offer(bdi_chainer *ch, chint_list *list, const chint *h)
{
    if (!list->keep_all) {
        if (list->found && !chint_before(h, &list->best))
            return;
        list->best = *h;
        list->found = true;
        if (list->want_links) {
            memset(list->step->pattern, 0, sizeof list->step->pattern);
            chain_links(ch, h->targets, h->target_count, list->step);
            chain_paths(ch, h->targets, h->target_count, list->step);
        }
        return;
    }
    chint *kept = kept_repeat(list, h);
    if (kept && !chint_before(h, kept))
        return;   /* the one kept sorts first (a tie goes to the earlier) */
    if (!kept) {
        chint *room = grow_room(list->all, list->count, &list->cap, sizeof *list->all);
        if (!room) {
            ch->failed = true;
            return;
        }
        list->all = room;
        kept = &list->all[list->count++];
    }
    *kept = *h;
    kept->order = list->offered++;
    kept->rule_first = list->rule_count;
    if (!chain_rule_parents(ch, kept, list))
        ch->failed = true;
    kept->rule_count = list->rule_count - kept->rule_first;
}

/* qsort's order: SE's, then the order found (which makes it stable). */
static int compare_hints(const void *a, const void *b)
{
    const chint *x = a, *y = b;
    if (chint_before(x, y))
        return -1;
    if (chint_before(y, x))
        return 1;
    return x->order < y->order ? -1 : 1;
}

void chint_sort(chint_list *list)
{
    if (list->count > 1)
        qsort(list->all, (size_t)list->count, sizeof *list->all, compare_hints);
}

void chint_list_free(chint_list *list)
{
    free(list->all);
    free(list->rule_pots);
    list->all = NULL;
    list->rule_pots = NULL;
    list->count = list->cap = 0;
    list->offered = 0;
    list->rule_count = list->rule_cap = 0;
}
