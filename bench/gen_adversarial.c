/*
 * gen_adversarial.c - grows a set of target-sudoku puzzles that are hard for
 * the optimizer (bd_target with default options): an adversarial search.
 *
 * Each climb starts from a sparse puzzle (2-6 givens kept from a random full
 * grid) and mutates it STEPS times; a mutation is kept when the optimizer
 * needs at least as many search nodes (bd_stats.nodes, capped by a node
 * limit) as before. A mutation moves one given to a random blank, gives it
 * another digit, adds a random given or removes one (2-8 givens), always
 * without two equal givens in a unit. Every puzzle tried is a candidate;
 * the KEEP with the most nodes (ties: the first found) are written, the
 * hardest first, one 81-character line per puzzle, '.' for a blank. Most are
 * solvable; an unsolvable one (no completion although no givens clash) is a
 * fair input too and is kept if it is hard.
 *
 * The random numbers come from splitmix64 (benchrand.c) with the seed
 * given, and the node counts are exact, so a set is the same on every
 * machine for the same optimizer. A better optimizer grows another set:
 * the search is against the library it is linked with.
 *
 * Usage: gen_adversarial [-s SEED] [-c CLIMBS] [-m STEPS] [-n NODE_LIMIT]
 *                        [-k KEEP] OUT
 */
#include "bitdoku.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchrand.h"   /* splitmix64: bench_below, bench_random_full */

enum { MIN_GIVENS = 2, MAX_GIVENS = 8, START_MAX_GIVENS = 6, MAX_KEEP = 10000 };

typedef struct settings {
    uint64_t seed, node_limit;
    int climbs, steps, keep;
} settings;

typedef struct candidate {
    bd_grid puzzle;
    uint64_t nodes;
} candidate;

/* The hardest puzzles found so far, hardest first. */
typedef struct hall {
    candidate *best;
    int count, capacity;
} hall;

/* The optimizer's search nodes on `puzzle`, at most node_limit + 1. */
static uint64_t cost(const bd_grid *puzzle, uint64_t node_limit)
{
    bd_options options = bd_options_default();
    options.max_nodes = node_limit;
    bd_stats stats = {0, 0};
    int score;
    bd_target(puzzle, &options, &score, NULL, &stats);
    return stats.nodes;
}

static int givens_of(const bd_grid *puzzle)
{
    int n = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        n += puzzle->cells[cell] != 0;
    return n;
}

/* A random cell of `puzzle` that is given (want_given) or blank. */
static int random_cell(uint64_t *state, const bd_grid *puzzle, bool want_given)
{
    int cell;
    do
        cell = bench_below(state, BD_CELLS);
    while ((puzzle->cells[cell] != 0) != want_given);
    return cell;
}

/* One random mutation of `puzzle` that keeps the givens clash-free. */
static void mutate(uint64_t *state, bd_grid *puzzle)
{
    for (;;) {
        bd_grid next = *puzzle;
        int givens = givens_of(&next), kind = bench_below(state, 4);
        if (kind == 0 || (kind == 2 && givens >= MAX_GIVENS) || (kind == 3 && givens <= MIN_GIVENS)) {
            int from = random_cell(state, &next, true), to = random_cell(state, &next, false);
            next.cells[to] = next.cells[from];
            next.cells[from] = 0;
        } else if (kind == 1) {
            next.cells[random_cell(state, &next, true)] = (uint8_t)(1 + bench_below(state, BD_SIZE));
        } else if (kind == 2) {
            next.cells[random_cell(state, &next, false)] = (uint8_t)(1 + bench_below(state, BD_SIZE));
        } else {
            next.cells[random_cell(state, &next, true)] = 0;
        }
        if (bd_givens_ok(&next) && memcmp(&next, puzzle, sizeof next) != 0) {
            *puzzle = next;
            return;
        }
    }
}

/* Offers a puzzle to the hall: kept if new and among the hardest. */
static void offer(hall *h, const bd_grid *puzzle, uint64_t nodes)
{
    for (int i = 0; i < h->count; i++)
        if (memcmp(&h->best[i].puzzle, puzzle, sizeof *puzzle) == 0)
            return;
    if (h->count == h->capacity && h->best[h->count - 1].nodes >= nodes)
        return;
    int at = h->count < h->capacity ? h->count++ : h->count - 1;
    while (at > 0 && h->best[at - 1].nodes < nodes) {
        h->best[at] = h->best[at - 1];
        at--;
    }
    h->best[at].puzzle = *puzzle;
    h->best[at].nodes = nodes;
}

/* One climb from a fresh sparse puzzle. */
static void climb(uint64_t *state, const settings *set, hall *h)
{
    bd_grid full, puzzle;
    bench_random_full(state, &full);
    memset(&puzzle, 0, sizeof puzzle);
    int givens = MIN_GIVENS + bench_below(state, START_MAX_GIVENS - MIN_GIVENS + 1);
    for (int i = 0; i < givens; i++) {
        int cell = random_cell(state, &puzzle, false);
        puzzle.cells[cell] = full.cells[cell];
    }
    uint64_t nodes = cost(&puzzle, set->node_limit);
    offer(h, &puzzle, nodes);
    for (int step = 0; step < set->steps; step++) {
        bd_grid next = puzzle;
        mutate(state, &next);
        uint64_t next_nodes = cost(&next, set->node_limit);
        offer(h, &next, next_nodes);
        if (next_nodes >= nodes) {
            puzzle = next;
            nodes = next_nodes;
        }
    }
}

static bool parse(int argc, char **argv, settings *set, const char **out)
{
    *set = (settings){.seed = 15, .node_limit = 2000000, .climbs = 200, .steps = 40, .keep = 300};
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        unsigned long long value = strtoull(argv[i + 1], NULL, 10);
        switch (argv[i][1]) {
        case 's': set->seed = value; break;
        case 'n': set->node_limit = value; break;
        case 'c': set->climbs = (int)value; break;
        case 'm': set->steps = (int)value; break;
        case 'k': set->keep = (int)value; break;
        default: return false;
        }
    }
    *out = i + 1 == argc ? argv[i] : NULL;
    return *out && set->climbs > 0 && set->keep > 0 && set->keep <= MAX_KEEP;
}

int main(int argc, char **argv)
{
    settings set;
    const char *path;
    if (!parse(argc, argv, &set, &path)) {
        fprintf(stderr, "usage: gen_adversarial [-s SEED] [-c CLIMBS] [-m STEPS] "
                        "[-n NODE_LIMIT] [-k KEEP] OUT\n");
        return 2;
    }
    hall h = {calloc((size_t)set.keep, sizeof(candidate)), 0, set.keep};
    if (!h.best)
        return 1;
    uint64_t state = set.seed;
    for (int i = 0; i < set.climbs; i++) {
        climb(&state, &set, &h);
        fprintf(stderr, "\rclimb %d/%d, hardest %llu nodes", i + 1, set.climbs,
                (unsigned long long)h.best[0].nodes);
    }
    fprintf(stderr, "\n");
    FILE *out = fopen(path, "w");
    if (!out) {
        perror(path);
        return 1;
    }
    for (int i = 0; i < h.count; i++) {
        for (int cell = 0; cell < BD_CELLS; cell++)
            fputc(h.best[i].puzzle.cells[cell] ? '0' + h.best[i].puzzle.cells[cell] : '.', out);
        fputc('\n', out);
    }
    free(h.best);
    return fclose(out) == 0 ? 0 : 1;
}
