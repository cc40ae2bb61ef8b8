/*
 * chain_hints.c - the hints of SE's chaining producers: the list each
 * producer fills (the best only, by SE's sort, when the path asks; every
 * hint, sorted and without repeats, when the producer is a rule nested in
 * a chain), and the producers' entry points for the path (human.h).
 *
 * SE sorts a producer's hints with a stable sort by difficulty, then
 * complexity, then kind, and drops a hint whose removals equal an earlier
 * one's; the path takes the first. So the best kept is replaced only by a
 * hint that sorts strictly before it. Its links are copied when it becomes
 * the best (the nodes go when the producer moves on), only for a text or
 * a picture.
 */
#include "chains.h"

#include <stdlib.h>
#include <string.h>

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
    if (list->count == list->cap) {
        int want = list->cap ? list->cap * 2 : 64;
        chint *bigger = realloc(list->all, (size_t)want * sizeof *bigger);
        if (!bigger) {
            ch->failed = true;
            return;
        }
        list->all = bigger;
        list->cap = want;
    }
    chint *kept = &list->all[list->count++];
    *kept = *h;
    kept->order = (uint32_t)(list->count - 1);
    kept->fingerprint = chain_fingerprint(ch, h->targets, h->target_count);
    kept->rule_first = list->rule_count;
    chain_rule_parents(ch, kept, list);
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
    int kept = 0;
    for (int i = 0; i < list->count; i++) {
        bool repeat = false;
        for (int j = 0; j < kept && !repeat; j++)
            repeat = !memcmp(list->all[j].removed, list->all[i].removed,
                             sizeof list->all[i].removed);
        if (!repeat)
            list->all[kept++] = list->all[i];
    }
    list->count = kept;
}

void chint_list_free(chint_list *list)
{
    free(list->all);
    free(list->rule_pots);
    list->all = NULL;
    list->rule_pots = NULL;
    list->count = list->cap = 0;
    list->rule_count = list->rule_cap = 0;
}

/* Fills the step from the best hint (its links and pattern are there
 * already when asked for). */
static void best_step(const chint *h, bdi_step *s)
{
    s->tech = h->tech;
    s->difficulty = h->difficulty;
    s->cell = h->cell;
    s->digit = h->digit;
    memcpy(s->removed, h->removed, sizeof s->removed);
    s->subtype = h->kind;
    s->unit = h->unit;
    s->complexity = h->complexity;
    s->chain_source = h->source >= 0 ? pot_cell(h->source) : -1;
    s->chain_digit = h->source >= 0 ? pot_digit(h->source) : 0;
    s->extra_digits = (unsigned)(h->source >= 0 && pot_on(h->source));
    s->lines = (unsigned)h->is_x | (unsigned)h->is_y << 1;
}

/* Starts the step that will receive the best's links. */
static void links_start(bdi_step *s)
{
    bdi_step_start(s, BD_TECH_FORCING_CHAIN, 0);
}

bool bdi_cycles(bdi_chainer *ch, const bdi_state *st, bool want_links, bdi_step *s)
{
    chain_grid g = *st;
    chint_list list = {.want_links = want_links, .step = s};
    links_start(s);
    cycles_hints(ch, &g, &list);
    if (!list.found || ch->failed)
        return false;
    best_step(&list.best, s);
    return true;
}

bool bdi_forcing(bdi_chainer *ch, const bdi_state *st, bool multiple, bool dynamic,
                 bool nishio, int level, bool want_links, bdi_step *s)
{
    chain_grid g = *st;
    chint_list list = {.want_links = want_links, .step = s};
    links_start(s);
    forcing_hints(ch, &g, multiple, dynamic, nishio, level, &list);
    if (!list.found || ch->failed)
        return false;
    best_step(&list.best, s);
    s->chain_level = level;
    return true;
}
