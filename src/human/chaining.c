/*
 * chaining.c - SE's chaining producers as the path asks for them
 * (human.h's bdi_cycles and bdi_forcing): each runs one producer on a copy
 * of the path's state with a list that keeps the best hint only, and turns
 * that hint into the path's step.
 *
 * This file sits above the chaining family: chains.c (the machinery)
 * under chain_hints.c (the hint list) under cycles.c and forcing.c (the
 * producers) under nested.c (the rules nested in a dynamic chain, which
 * run the producers) under this file. The one call that goes back up,
 * do_chaining asking nested.c's rules for more, goes through the
 * chainer's `advanced`, which this file hands down before a producer runs,
 * the way qsort is handed its comparator.
 */
#include "chains.h"

#include <string.h>

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
    ch->advanced = advanced_potentials;
    forcing_hints(ch, &g, multiple, dynamic, nishio, level, true, &list);
    if (!list.found || ch->failed)
        return false;
    best_step(&list.best, s);
    s->chain_level = level;
    return true;
}
