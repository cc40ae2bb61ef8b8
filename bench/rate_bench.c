/*
 * rate_bench.c - the rating benchmark and soundness check: loads puzzle
 * files into memory (with the library's reader) and
 *
 *   - times bd_rate on them: CPU time of this process (clock()), puzzles
 *     already parsed, no output inside the timed loop, each set run again
 *     until --min-time seconds are spent, the mean per pass reported. A
 *     first, untimed pass tallies the ratings (mean, levels) and the time of
 *     each puzzle alone (for the slowest and the 99th percentile);
 *   - with --check, walks each puzzle's solution path with bd_explain and
 *     checks every step against the solution found by Dancing Links (the
 *     independent engine): no placement differs from it, no removal takes
 *     one of its digits, the path ends on it, and bd_rate gives the rating
 *     of the path;
 *   - with --techniques, tallies the hardest technique of each puzzle.
 *
 * Output: markdown table rows (see usage()).
 */
#include "benchutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct config {
    double min_time;
    size_t max_puzzles;     /* 0: all */
    bool check, techniques;
    bool speed;             /* false with --check-only */
} config;


/* What the untimed pass over a set found. */
typedef struct tally {
    size_t rated, by_level[BD_LEVELS], by_hardest[BD_TECHNIQUES + 1];
    size_t no_solution, not_unique, cut_short;
    double rating_sum;
    double *seconds;        /* each puzzle's time alone */
} tally;

static void usage(FILE *out)
{
    fputs("usage: rate_bench [--check | --check-only] [--techniques] [--min-time SECONDS]\n"
          "                  [--max N] FILE...\n"
          "Prints markdown rows: file, puzzles, puzzles/s, us/puzzle, the slowest puzzle\n"
          "and the 99th percentile (us), the mean rating, the puzzles of each level and\n"
          "those not rated. --check: a second table, each step of each path against\n"
          "the solution; --check-only: that table alone, without timing (for long\n"
          "lists checked in slices). --techniques: the hardest technique of each\n"
          "puzzle, tallied.\n",
          out);
}

/* The untimed pass: every rating, and each puzzle's time. */
static void tally_pass(const bench_set *set, tally *t)
{
    for (size_t i = 0; i < set->count; i++) {
        bd_rating rating;
        double started = bench_seconds();
        bd_status status = bd_rate(&set->grids[i], NULL, &rating, NULL);
        t->seconds[i] = bench_seconds() - started;
        if (status == BD_OK) {
            t->rated++;
            t->rating_sum += rating.rating;
            t->by_level[rating.level]++;
            t->by_hardest[rating.hardest]++;
        }
        t->no_solution += status == BD_NO_SOLUTION;
        t->not_unique += status == BD_NOT_UNIQUE;
        t->cut_short += status == BD_CUT_SHORT;
    }
}

/* One timed pass; returns its CPU seconds. */
static double timed_pass(const bench_set *set)
{
    clock_t start = clock();
    for (size_t i = 0; i < set->count; i++) {
        bd_rating rating;
        bd_rate(&set->grids[i], NULL, &rating, NULL);
    }
    return (double)(clock() - start) / CLOCKS_PER_SEC;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static const char *base_name(const char *path)
{
    return strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
}

static void print_speed(const char *path, const bench_set *set, const tally *t, double per_pass)
{
    double n = (double)set->count;
    qsort(t->seconds, set->count, sizeof *t->seconds, by_value);
    printf("| %s | %zu | %.0f | %.2f | %.0f | %.0f | %.2f |", base_name(path), set->count,
           per_pass > 0 ? n / per_pass : 0.0, per_pass / n * 1e6,
           t->seconds[set->count - 1] * 1e6, t->seconds[(size_t)(0.99 * (n - 1))] * 1e6,
           t->rated ? t->rating_sum / (double)t->rated : 0.0);
    for (int level = 0; level < BD_LEVELS; level++)
        printf(" %zu |", t->by_level[level]);
    printf(" %zu / %zu / %zu |\n", t->not_unique, t->no_solution, t->cut_short);
}

static void print_techniques(const char *path, const tally *t)
{
    printf("| %s |", base_name(path));
    for (int tech = 0; tech <= BD_TECHNIQUES; tech++)
        if (t->by_hardest[tech])
            printf(" %s %zu", tech < BD_TECHNIQUES ? bd_technique_name((bd_technique)tech) : "none",
                   t->by_hardest[tech]);
    printf(" |\n");
}

static void bench_techniques(const char *path, const bench_set *set)
{
    tally t;
    memset(&t, 0, sizeof t);
    t.seconds = calloc(set->count, sizeof *t.seconds);
    if (!t.seconds)
        return;
    tally_pass(set, &t);
    print_techniques(path, &t);
    free(t.seconds);
    fflush(stdout);
}

static void bench_speed(const char *path, const bench_set *set, const config *cfg)
{
    tally t;
    memset(&t, 0, sizeof t);
    t.seconds = calloc(set->count, sizeof *t.seconds);
    if (!t.seconds)
        return;
    tally_pass(set, &t);
    double total = 0.0;
    int passes = 0;
    do {
        total += timed_pass(set);
        passes++;
    } while (total < cfg->min_time);
    print_speed(path, set, &t, total / passes);
    free(t.seconds);
    fflush(stdout);
}

/* ------------------------------------------------------------------ */
/* --check                                                             */

typedef struct checker {
    bd_grid solution;
    size_t steps, placements, removals, unsound;
    bd_grid last;
    char first_bad[BD_STEP_TEXT_MAX];
} checker;

/* A bd_step_fn: the step against the solution. */
static bool check_step(const bd_step *step, void *context)
{
    checker *k = context;
    bool sound = step->cell < 0 || step->digit == k->solution.cells[step->cell];
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned truth = 1u << (k->solution.cells[cell] - 1);
        sound &= !(step->removed[cell] & truth);
        sound &= step->grid.cells[cell] ? step->grid.cells[cell] == k->solution.cells[cell]
                                        : (step->candidates[cell] & truth) != 0;
    }
    if (!sound && !k->unsound)
        snprintf(k->first_bad, sizeof k->first_bad, "%s", step->text);
    k->unsound += !sound;
    k->steps++;
    k->placements += step->cell >= 0;
    k->removals += (size_t)step->removed_count;
    k->last = step->grid;
    return true;
}

typedef struct check_tally {
    size_t unique, unsound_paths, off_solution, rating_differs;
    checker all;
} check_tally;

/* Checks one puzzle's path; false when the puzzle has not one solution. */
static bool check_puzzle(const bd_grid *puzzle, check_tally *c)
{
    bd_options dlx = bd_options_default();
    dlx.engine = BD_ENGINE_DLX;
    uint64_t count = 0;
    checker k = {.steps = 0};
    if (bd_count(puzzle, 2, &dlx, &count, NULL) != BD_OK || count != 1
        || bd_solve(puzzle, &dlx, &k.solution, NULL) != BD_OK)
        return false;
    bd_rating explained, rated;
    k.last = *puzzle;
    bd_status status = bd_explain(puzzle, NULL, check_step, &k, &explained);
    bool same = bd_rate(puzzle, NULL, &rated, NULL) == BD_OK && status == BD_OK
                && rated.rating == explained.rating && rated.hardest == explained.hardest;
    c->unique++;
    c->rating_differs += !same;
    c->off_solution += memcmp(&k.last, &k.solution, sizeof k.last) != 0;
    c->unsound_paths += k.unsound > 0;
    if (k.unsound && !c->all.unsound)
        snprintf(c->all.first_bad, sizeof c->all.first_bad, "%s", k.first_bad);
    c->all.steps += k.steps;
    c->all.placements += k.placements;
    c->all.removals += k.removals;
    c->all.unsound += k.unsound;
    return true;
}

static void bench_check(const char *path, const bench_set *set)
{
    check_tally c;
    memset(&c, 0, sizeof c);
    for (size_t i = 0; i < set->count; i++)
        check_puzzle(&set->grids[i], &c);
    printf("| %s | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %zu |%s%s\n", base_name(path),
           set->count, c.unique, c.all.steps, c.all.placements, c.all.removals, c.all.unsound,
           c.unsound_paths, c.off_solution, c.rating_differs,
           c.all.unsound ? " first unsound step: " : "", c.all.first_bad);
    fflush(stdout);
}

/* ------------------------------------------------------------------ */

/* Parses the option at argv[*i]; false on a usage error. */
static bool parse_option(int argc, char **argv, int *i, config *cfg)
{
    const char *opt = argv[*i];
    if (!strcmp(opt, "--check"))
        return cfg->check = true;
    if (!strcmp(opt, "--check-only")) {
        cfg->speed = false;
        return cfg->check = true;
    }
    if (!strcmp(opt, "--techniques"))
        return cfg->techniques = true;
    if (*i + 1 >= argc)
        return false;
    const char *val = argv[++*i];
    if (!strcmp(opt, "--min-time"))
        cfg->min_time = strtod(val, NULL);
    else if (!strcmp(opt, "--max"))
        cfg->max_puzzles = (size_t)strtoul(val, NULL, 10);
    else
        return false;
    return true;
}

typedef enum mode { MODE_SPEED, MODE_TECHNIQUES, MODE_CHECK } mode;

static bool run_file(const char *path, const config *cfg, mode m)
{
    bench_set set = {NULL, 0, 0};
    bool ok = bench_load("rate_bench", path, cfg->max_puzzles, &set) && set.count > 0;
    if (!ok)
        fprintf(stderr, "rate_bench: %s: no puzzles\n", path);
    else if (m == MODE_SPEED)
        bench_speed(path, &set, cfg);
    else if (m == MODE_TECHNIQUES)
        bench_techniques(path, &set);
    else
        bench_check(path, &set);
    bench_free(&set);
    return ok;
}

/* Prints `head` (a table's header and rule) and then each of the `count`
 * files' rows in mode m; nonzero when a file had no puzzles. */
static int run_table(const char *head, char **files, int count, const config *cfg, mode m)
{
    puts(head);
    int status = 0;
    for (int i = 0; i < count; i++)
        status |= !run_file(files[i], cfg, m);
    return status;
}

int main(int argc, char **argv)
{
    config cfg = {1.0, 0, false, false, true};
    int first_file = argc;
    for (int i = 1; i < argc && first_file == argc; i++) {
        if (!strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        }
        if (argv[i][0] != '-')
            first_file = i;
        else if (!parse_option(argc, argv, &i, &cfg)) {
            usage(stderr);
            return 2;
        }
    }
    if (first_file == argc) {
        usage(stderr);
        return 2;
    }
    int status = 0;
    if (cfg.speed)
        status |= run_table("| set | puzzles | puzzles/s | us/puzzle | slowest us | p99 us | mean "
                            "rating | easy | medium | hard | fiendish | diabolical | beyond | "
                            "multiple / none / cut short |\n"
                            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
                            argv + first_file, argc - first_file, &cfg, MODE_SPEED);
    if (cfg.techniques)
        status |= run_table("\n| set | hardest step: puzzles |\n|---|---|", argv + first_file,
                            argc - first_file, &cfg, MODE_TECHNIQUES);
    if (cfg.check)
        status |= run_table("\n| set | puzzles | unique | steps | placements | candidates removed "
                            "| unsound steps | unsound paths | paths off the solution | rating "
                            "differs |\n|---|---|---|---|---|---|---|---|---|---|",
                            argv + first_file, argc - first_file, &cfg, MODE_CHECK);
    return status;
}
