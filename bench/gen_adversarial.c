/*
 * gen_adversarial.c - grows a set of target-sudoku puzzles that are hard for
 * the optimizer (bd_target with default options): an adversarial search.
 *
 * Each climb starts from a puzzle of its family and mutates it STEPS
 * times; a mutation is kept when the optimizer costs at least as much as
 * before. A mutation moves one given to a random blank, gives it another
 * digit, adds a random given or removes one, always without two equal
 * givens in a unit, within the family's range of givens, and drawn again
 * (up to REDRAWS times) until the puzzle still belongs to the family.
 * Every puzzle tried is a candidate; the KEEP that cost most (ties: the
 * first found) are written, the costliest first, one 81-character line per
 * puzzle, '.' for a blank.
 *
 * Families (-f): the start, the givens a mutation keeps within, and what
 * the puzzle must stay.
 *   sparse  2-6 givens kept from a random full grid; 2-8 (the default,
 *           and the search of the older sets: the same draws)
 *   wide    0-8 givens kept from a random full grid; 0-12
 *   ring    2-6 givens of a random full grid, all on one of the three
 *           outer rings of the target (its cells of one weight, 32, 24
 *           or 16 of them); 1-12, on that ring
 *   mid     17-30 givens kept from a random full grid; 17-30
 *   few     24-32 givens kept from a random full grid, at most FEW (100)
 *           completions; 17-35 with at most FEW
 *   none    17-19 givens kept from a random full grid, then one changed
 *           until no completion is left (the givens never clash); 17-30,
 *           without a completion
 * Completions are counted by bd_count (the fast engine) under COUNT_NODES
 * nodes; a puzzle it cannot settle there is not taken as of the family.
 *
 * Cost (-o): `nodes`, the optimizer's search nodes (bd_stats.nodes,
 * capped by the node limit: exact, so the set is the same on every
 * machine for the same optimizer); `cpu`, its CPU time (clock(), under the
 * node limit and a timeout of TIMEOUT_S; the least of three timings where
 * it decides anything), which also finds puzzles whose nodes are few but
 * dear; `either`, a mutation kept when it needs at least
 * as many nodes or at least as much CPU time, ranked by CPU time. CPU
 * times are noisy, so `cpu` and `either` give another set each run; the
 * hardest puzzles are what they are for.
 *
 * The random numbers come from splitmix64 (benchrand.c) with the seed
 * given. A better optimizer grows another set: the search is against the
 * library it is linked with.
 *
 * Usage: gen_adversarial [-s SEED] [-c CLIMBS] [-m STEPS] [-n NODE_LIMIT]
 *                        [-k KEEP] [-f FAMILY] [-o nodes|cpu|either] OUT
 */
#include "bitdoku.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "benchrand.h"   /* splitmix64: bench_below, bench_random_full */

enum {
    MAX_KEEP = 10000,
    FEW = 100,              /* the few family's most completions */
    COUNT_NODES = 2000000,  /* bd_count's node limit when a family is checked */
    REDRAWS = 1000,         /* mutations drawn for one that stays in the family */
    CPU_REPEATS = 2,        /* further timings of a puzzle whose CPU time matters */
    RING_CHOICES = 3        /* the ring family's rings: 0-2, 32 to 16 cells, room for 12 */
};

static const double TIMEOUT_S = 10.0;   /* per optimizer call, cpu and either */

typedef enum family { SPARSE, WIDE, RING, MID, FEWEST, NONE, FAMILIES } family;

/* Per family: its name, the givens of a start, the givens a mutation
 * keeps within, and the most completions (-1: any; 0: none). */
typedef struct family_rule {
    const char *name;
    int start_min, start_max, min_givens, max_givens;
    int max_completions;
} family_rule;

static const family_rule RULES[FAMILIES] = {
    [SPARSE] = {"sparse", 2, 6, 2, 8, -1},
    [WIDE] = {"wide", 0, 8, 0, 12, -1},
    [RING] = {"ring", 2, 6, 1, 12, -1},
    [MID] = {"mid", 17, 30, 17, 30, -1},
    [FEWEST] = {"few", 24, 32, 17, 35, FEW},
    [NONE] = {"none", 17, 19, 17, 30, 0},
};

typedef enum objective { BY_NODES, BY_CPU, BY_EITHER } objective;

typedef struct settings {
    uint64_t seed, node_limit;
    int climbs, steps, keep;
    family kind;
    objective by;
} settings;

/* What the optimizer cost on a puzzle. */
typedef struct cost {
    uint64_t nodes;
    double cpu;   /* seconds */
} cost;

typedef struct candidate {
    bd_grid puzzle;
    cost paid;
} candidate;

/* The costliest puzzles found so far, costliest first. */
typedef struct hall {
    candidate *best;
    int count, capacity;
    objective by;
} hall;

/* The optimizer's cost on `puzzle`: nodes at most node_limit + 1. */
static cost cost_of(const bd_grid *puzzle, const settings *set)
{
    bd_options options = bd_options_default();
    options.max_nodes = set->node_limit;
    if (set->by != BY_NODES)
        options.timeout = TIMEOUT_S;
    bd_stats stats = {0, 0};
    int score;
    clock_t start = clock();
    bd_target(puzzle, &options, &score, NULL, &stats);
    cost paid = {stats.nodes, (double)(clock() - start) / CLOCKS_PER_SEC};
    return paid;
}

/* The cost of `puzzle` measured twice more when it matters (it would
 * enter the hall or replace the climb's puzzle), the least CPU time kept:
 * a machine shared with other work inflates single times at random. */
static cost settled_cost(const bd_grid *puzzle, const settings *set, cost paid, bool matters)
{
    for (int again = 0; set->by != BY_NODES && matters && again < CPU_REPEATS; again++) {
        cost next = cost_of(puzzle, set);
        if (next.cpu < paid.cpu)
            paid.cpu = next.cpu;
    }
    return paid;
}

/* Whether `a` ranks above `b` in the hall. */
static bool costlier(objective by, const cost *a, const cost *b)
{
    return by == BY_NODES ? a->nodes > b->nodes : a->cpu > b->cpu;
}

/* Whether a mutation that costs `next` replaces one that cost `now`. */
static bool keeps(objective by, const cost *next, const cost *now)
{
    if (by == BY_NODES)
        return next->nodes >= now->nodes;
    if (by == BY_CPU)
        return next->cpu >= now->cpu;
    return next->nodes >= now->nodes || next->cpu >= now->cpu;
}

static int givens_of(const bd_grid *puzzle)
{
    int n = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        n += puzzle->cells[cell] != 0;
    return n;
}

/* The ring of a cell: 0 on the grid's edge, 4 at the centre. */
static int ring_of(int cell)
{
    int r = cell / BD_SIZE, c = cell % BD_SIZE, ring = r;
    if (c < ring)
        ring = c;
    if (BD_SIZE - 1 - r < ring)
        ring = BD_SIZE - 1 - r;
    if (BD_SIZE - 1 - c < ring)
        ring = BD_SIZE - 1 - c;
    return ring;
}

/* A random cell of `puzzle` that is given (want_given) or blank, on
 * `ring` (-1: anywhere). */
static int random_cell(uint64_t *state, const bd_grid *puzzle, bool want_given, int ring)
{
    int cell;
    do
        cell = bench_below(state, BD_CELLS);
    while ((puzzle->cells[cell] != 0) != want_given || (ring >= 0 && ring_of(cell) != ring));
    return cell;
}

/* Whether `puzzle` has at most `most` completions (-1: any), as bd_count
 * finds under COUNT_NODES nodes; false when it cannot tell. */
static bool completions_within(const bd_grid *puzzle, int most)
{
    if (most < 0)
        return true;
    bd_options options = bd_options_default();
    options.max_nodes = COUNT_NODES;
    uint64_t count = 0;
    bd_status status = bd_count(puzzle, (uint64_t)most + 1, &options, &count, NULL);
    return status == BD_OK && count <= (uint64_t)most;
}

/* One random mutation of `puzzle` that keeps the givens clash-free and
 * within [min_givens, max_givens], on `ring` (-1: anywhere). */
static void mutate_once(uint64_t *state, bd_grid *puzzle, const family_rule *rule, int ring)
{
    for (;;) {
        bd_grid next = *puzzle;
        int givens = givens_of(&next), kind = bench_below(state, 4);
        if (givens == 0)
            kind = 2;
        if (kind == 0 || (kind == 2 && givens >= rule->max_givens)
            || (kind == 3 && givens <= rule->min_givens)) {
            int from = random_cell(state, &next, true, ring);
            int to = random_cell(state, &next, false, ring);
            next.cells[to] = next.cells[from];
            next.cells[from] = 0;
        } else if (kind == 1) {
            next.cells[random_cell(state, &next, true, ring)] =
                (uint8_t)(1 + bench_below(state, BD_SIZE));
        } else if (kind == 2) {
            next.cells[random_cell(state, &next, false, ring)] =
                (uint8_t)(1 + bench_below(state, BD_SIZE));
        } else {
            next.cells[random_cell(state, &next, true, ring)] = 0;
        }
        if (bd_givens_ok(&next) && memcmp(&next, puzzle, sizeof next) != 0) {
            *puzzle = next;
            return;
        }
    }
}

/* A mutation that keeps the puzzle in its family; false (puzzle as it
 * was) when REDRAWS draws found none. */
static bool mutate(uint64_t *state, bd_grid *puzzle, const family_rule *rule, int ring)
{
    for (int i = 0; i < REDRAWS; i++) {
        bd_grid next = *puzzle;
        mutate_once(state, &next, rule, ring);
        if (completions_within(&next, rule->max_completions)) {
            *puzzle = next;
            return true;
        }
    }
    return false;
}

/* Offers a puzzle to the hall: kept if new and among the costliest. */
static void offer(hall *h, const bd_grid *puzzle, cost paid)
{
    for (int i = 0; i < h->count; i++)
        if (memcmp(&h->best[i].puzzle, puzzle, sizeof *puzzle) == 0)
            return;
    if (h->count == h->capacity && !costlier(h->by, &paid, &h->best[h->count - 1].paid))
        return;
    int at = h->count < h->capacity ? h->count++ : h->count - 1;
    while (at > 0 && costlier(h->by, &paid, &h->best[at - 1].paid)) {
        h->best[at] = h->best[at - 1];
        at--;
    }
    h->best[at].puzzle = *puzzle;
    h->best[at].paid = paid;
}

/* `givens` cells of `full` kept at random (on `ring`, -1: anywhere). */
static void keep_cells(uint64_t *state, const bd_grid *full, int givens, int ring,
                       bd_grid *puzzle)
{
    memset(puzzle, 0, sizeof *puzzle);
    for (int i = 0; i < givens; i++) {
        int cell = random_cell(state, puzzle, false, ring);
        puzzle->cells[cell] = full->cells[cell];
    }
}

/* A puzzle of the none family: a start of the mid density with one given
 * changed, again and again, until the givens do not clash and no
 * completion is left. */
static void unsolvable_start(uint64_t *state, const bd_grid *full, int givens, bd_grid *puzzle)
{
    for (;;) {
        keep_cells(state, full, givens, -1, puzzle);
        for (int i = 0; i < REDRAWS; i++) {
            bd_grid next = *puzzle;
            next.cells[random_cell(state, &next, true, -1)] =
                (uint8_t)(1 + bench_below(state, BD_SIZE));
            if (bd_givens_ok(&next) && completions_within(&next, 0)) {
                *puzzle = next;
                return;
            }
        }
    }
}

/* A fresh start of the family; its ring in *ring (-1 but for RING). */
static void start(uint64_t *state, const settings *set, bd_grid *puzzle, int *ring)
{
    const family_rule *rule = &RULES[set->kind];
    bd_grid full;
    bench_random_full(state, &full);
    *ring = set->kind == RING ? bench_below(state, RING_CHOICES) : -1;
    for (;;) {
        int givens = rule->start_min + bench_below(state, rule->start_max - rule->start_min + 1);
        if (set->kind == NONE) {
            unsolvable_start(state, &full, givens, puzzle);
            return;
        }
        keep_cells(state, &full, givens, *ring, puzzle);
        if (completions_within(puzzle, rule->max_completions))
            return;
    }
}

/* One climb from a fresh puzzle of the family. */
static void climb(uint64_t *state, const settings *set, hall *h)
{
    bd_grid puzzle;
    int ring;
    start(state, set, &puzzle, &ring);
    cost now = settled_cost(&puzzle, set, cost_of(&puzzle, set), true);
    offer(h, &puzzle, now);
    for (int step = 0; step < set->steps; step++) {
        bd_grid next = puzzle;
        if (!mutate(state, &next, &RULES[set->kind], ring))
            break;
        cost paid = cost_of(&next, set);
        bool enters = h->count < h->capacity || costlier(h->by, &paid, &h->best[h->count - 1].paid);
        paid = settled_cost(&next, set, paid, enters || keeps(set->by, &paid, &now));
        offer(h, &next, paid);
        if (keeps(set->by, &paid, &now)) {
            puzzle = next;
            now = paid;
        }
    }
}

/* -f's family by name; FAMILIES if none has it. */
static family family_named(const char *name)
{
    family kind = SPARSE;
    while (kind < FAMILIES && strcmp(RULES[kind].name, name) != 0)
        kind++;
    return kind;
}

static bool parse(int argc, char **argv, settings *set, const char **out)
{
    *set = (settings){.seed = 15, .node_limit = 2000000, .climbs = 200, .steps = 40,
                      .keep = 300, .kind = SPARSE, .by = BY_NODES};
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        unsigned long long value = strtoull(argv[i + 1], NULL, 10);
        switch (argv[i][1]) {
        case 's': set->seed = value; break;
        case 'n': set->node_limit = value; break;
        case 'c': set->climbs = (int)value; break;
        case 'm': set->steps = (int)value; break;
        case 'k': set->keep = (int)value; break;
        case 'f': set->kind = family_named(argv[i + 1]); break;
        case 'o':
            set->by = strcmp(argv[i + 1], "cpu") == 0      ? BY_CPU
                      : strcmp(argv[i + 1], "either") == 0 ? BY_EITHER
                      : strcmp(argv[i + 1], "nodes") == 0  ? BY_NODES
                                                           : (objective)-1;
            break;
        default: return false;
        }
    }
    *out = i + 1 == argc ? argv[i] : NULL;
    return *out && set->climbs > 0 && set->keep > 0 && set->keep <= MAX_KEEP
           && set->kind < FAMILIES && (int)set->by >= 0;
}

int main(int argc, char **argv)
{
    settings set;
    const char *path;
    if (!parse(argc, argv, &set, &path)) {
        fprintf(stderr, "usage: gen_adversarial [-s SEED] [-c CLIMBS] [-m STEPS] "
                        "[-n NODE_LIMIT] [-k KEEP]\n"
                        "                       [-f sparse|wide|ring|mid|few|none] "
                        "[-o nodes|cpu|either] OUT\n");
        return 2;
    }
    hall h = {calloc((size_t)set.keep, sizeof(candidate)), 0, set.keep, set.by};
    if (!h.best)
        return 1;
    uint64_t state = set.seed;
    for (int i = 0; i < set.climbs; i++) {
        climb(&state, &set, &h);
        fprintf(stderr, "\rclimb %d/%d, costliest %llu nodes, %.1f ms", i + 1, set.climbs,
                (unsigned long long)h.best[0].paid.nodes, 1e3 * h.best[0].paid.cpu);
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
