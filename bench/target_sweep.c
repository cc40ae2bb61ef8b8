/*
 * target_sweep.c - bd_target on the sparsest puzzles: every class of
 * 2-given puzzles, or random puzzles with a few givens; the optimizer's tail
 * where no adversary chose the puzzles.
 *
 * -g 2 (the default, without -c): every puzzle with two givens, one of each
 * class under the 8 symmetries of the square (they keep every cell's
 * weight, so a class shares its optimum and, up to the search's choices,
 * its difficulty): 33,345 classes. The representative is the one whose
 * (cell, digit) pairs, sorted, come first. With -c COUNT: COUNT random
 * puzzles with GIVENS givens (cells and digits uniform, drawn again while
 * two equal givens share a unit), from splitmix64 (benchrand.c) with
 * seed SEED, the same on every machine.
 *
 * Each puzzle is solved with default options (best of REPEATS wall times)
 * and every best grid is checked. Prints one markdown row (puzzles, mean,
 * median, p99 and max ms, how many over 10 ms, mean and max nodes), then
 * the WORST slowest puzzles, one a line: ms, nodes, optimum, the puzzle.
 *
 * Usage: target_sweep [-g GIVENS] [-c COUNT] [-s SEED] [-r REPEATS] [-w WORST]
 */
#include "bitdoku.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchutil.h"
#include "benchrand.h"   /* splitmix64: bench_below */

enum { SIZE = 9, CELLS = 81, SQUARE_SYMMETRIES = 8, SLOW_MS = 10, MAX_GIVENS = 8 };

typedef struct result {
    bd_grid puzzle;
    double ms;
    uint64_t nodes;
    int score;
} result;

typedef struct results {
    result *items;
    int count, capacity;
} results;

/* Cell `cell` under symmetry k of the square (0: identity). */
static int square_image(int k, int cell)
{
    int r = cell / SIZE, c = cell % SIZE, last = SIZE - 1;
    const int rows[SQUARE_SYMMETRIES] = {r, c, last - r, last - c, c, last - c, r, last - r};
    const int cols[SQUARE_SYMMETRIES] = {c, last - r, last - c, r, r, last - r, last - c, c};
    return rows[k] * SIZE + cols[k];
}

static bool share_unit(int a, int b)
{
    int ra = a / SIZE, ca = a % SIZE, rb = b / SIZE, cb = b % SIZE;
    return ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3);
}

/* A pair of givens as one sortable key: (cell, digit) pairs, smaller first. */
static int pair_key(int a, int da, int b, int db)
{
    int x = a * 10 + da, y = b * 10 + db;
    return x < y ? x * 1000 + y : y * 1000 + x;
}

/* Whether (a, da), (b, db) with a < b is its class's representative. */
static bool representative(int a, int da, int b, int db)
{
    int key = pair_key(a, da, b, db);
    for (int k = 1; k < SQUARE_SYMMETRIES; k++)
        if (pair_key(square_image(k, a), da, square_image(k, b), db) < key)
            return false;
    return true;
}

static result *next_slot(results *set)
{
    if (set->count == set->capacity) {
        set->capacity = set->capacity ? 2 * set->capacity : 1024;
        set->items = realloc(set->items, (size_t)set->capacity * sizeof *set->items);
        if (!set->items) {
            perror("target_sweep");
            exit(1);
        }
    }
    result *slot = &set->items[set->count++];
    memset(slot, 0, sizeof *slot);
    return slot;
}

static void every_two_given_class(results *set)
{
    for (int a = 0; a < CELLS; a++)
        for (int b = a + 1; b < CELLS; b++)
            for (int da = 1; da <= SIZE; da++)
                for (int db = 1; db <= SIZE; db++) {
                    if ((da == db && share_unit(a, b)) || !representative(a, da, b, db))
                        continue;
                    result *slot = next_slot(set);
                    slot->puzzle.cells[a] = (uint8_t)da;
                    slot->puzzle.cells[b] = (uint8_t)db;
                }
}

static void random_puzzles(results *set, int givens, int count, uint64_t seed)
{
    for (int i = 0; i < count; i++) {
        result *slot = next_slot(set);
        int placed = 0;
        while (placed < givens) {
            int cell = bench_below(&seed, CELLS), digit = 1 + bench_below(&seed, SIZE);
            bool ok = slot->puzzle.cells[cell] == 0;
            for (int other = 0; other < CELLS && ok; other++)
                ok = !(slot->puzzle.cells[other] == digit && share_unit(cell, other));
            if (ok) {
                slot->puzzle.cells[cell] = (uint8_t)digit;
                placed++;
            }
        }
    }
}

static void solve_all(results *set, int repeats)
{
    bd_options options = bd_options_default();
    for (int i = 0; i < set->count; i++) {
        result *r = &set->items[i];
        for (int k = 0; k < repeats; k++) {
            bd_stats stats = {0, 0};
            bd_grid best;
            double start = 1e3 * bench_seconds();
            bd_status status = bd_target(&r->puzzle, &options, &r->score, &best, &stats);
            double ms = 1e3 * bench_seconds() - start;
            if (status == BD_OK
                && (!bd_is_solution_of(&r->puzzle, &best) || bd_score(&best) != r->score)) {
                fprintf(stderr, "target_sweep: invalid best grid\n");
                exit(1);
            }
            if (k == 0 || ms < r->ms)
                r->ms = ms;
            r->nodes = stats.nodes;
        }
    }
}

static int slower_first(const void *a, const void *b)
{
    double x = ((const result *)a)->ms, y = ((const result *)b)->ms;
    return (x < y) - (x > y);
}

static void report(results *set, const char *name, int worst)
{
    int n = set->count, slow = 0;
    double total = 0;
    uint64_t nodes = 0, max_nodes = 0;
    for (int i = 0; i < n; i++) {
        total += set->items[i].ms;
        nodes += set->items[i].nodes;
        if (set->items[i].nodes > max_nodes)
            max_nodes = set->items[i].nodes;
        slow += set->items[i].ms > SLOW_MS;
    }
    qsort(set->items, (size_t)n, sizeof *set->items, slower_first);
    printf("| set | puzzles | mean ms | median ms | p99 ms | max ms | over %d ms | mean nodes |"
           " max nodes |\n|---|---|---|---|---|---|---|---|---|\n", SLOW_MS);
    printf("| %s | %d | %.3f | %.3f | %.3f | %.3f | %d | %.1f | %llu |\n", name, n, total / n,
           set->items[n / 2].ms, set->items[n / 100].ms, set->items[0].ms, slow,
           (double)nodes / n, (unsigned long long)max_nodes);
    for (int i = 0; i < worst && i < n; i++) {
        char line[CELLS + 1];
        for (int cell = 0; cell < CELLS; cell++)
            line[cell] = set->items[i].puzzle.cells[cell] ? (char)('0' + set->items[i].puzzle.cells[cell]) : '.';
        line[CELLS] = '\0';
        printf("%.3f ms %llu nodes %d %s\n", set->items[i].ms,
               (unsigned long long)set->items[i].nodes, set->items[i].score, line);
    }
}

int main(int argc, char **argv)
{
    int givens = 2, count = 0, repeats = 1, worst = 10;
    uint64_t seed = 15;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "-g") == 0)
            givens = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-c") == 0)
            count = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-s") == 0)
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "-r") == 0)
            repeats = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-w") == 0)
            worst = atoi(argv[i + 1]);
    }
    if (argc % 2 == 0 || givens < 1 || givens > MAX_GIVENS || count < 0 || repeats < 1
        || (count == 0 && givens != 2)) {
        fprintf(stderr, "usage: target_sweep [-g GIVENS] [-c COUNT] [-s SEED] [-r REPEATS]"
                        " [-w WORST]\n(without -c: every 2-given class)\n");
        return 2;
    }
    results set = {NULL, 0, 0};
    char name[64];
    if (count == 0) {
        every_two_given_class(&set);
        snprintf(name, sizeof name, "every 2-given class");
    } else {
        random_puzzles(&set, givens, count, seed);
        snprintf(name, sizeof name, "%d random %d-given (seed %llu)", count, givens,
                 (unsigned long long)seed);
    }
    solve_all(&set, repeats);
    report(&set, name, worst);
    free(set.items);
    return ferror(stdout) ? 1 : 0;
}
