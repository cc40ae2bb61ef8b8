/*
 * bench.c - the benchmark driver: loads puzzle files into memory and times
 * the library's search on them, in two modes: the first solution (bd_solve)
 * and the uniqueness check (bd_count with a limit of 2).
 *
 * Input: whatever the CLI reads (lines, grids, CSV), read with the
 * library's reader (benchutil.c); malformed records are reported and skipped.
 *
 * Timing: CPU time of this process (clock()), or with --clock wall the
 * wall-clock time (as a peer's harness measures, for side-by-side runs),
 * puzzles already parsed, no output inside the timed loop. A set is run again until at least
 * --min-time seconds have been spent on it, and the mean time per pass is
 * reported. The effort figures (guesses, puzzles solved without a guess)
 * and the answer tallies come from the first pass. After timing, the
 * solutions of the first-solution mode are checked with bd_is_solution_of.
 *
 * Output: one markdown table row per file and mode (see usage()).
 */
#include "benchutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef enum mode { MODE_FIRST = 1, MODE_UNIQUE = 2, MODE_BOTH = 3 } mode;

typedef struct config {
    bd_options options;
    mode modes;
    double min_time;
    size_t max_puzzles;   /* 0: all */
    bool wall;            /* time by the wall clock, not the CPU's */
} config;


/* What one pass over a set found. */
typedef struct tally {
    size_t none, unique, several, cut, no_guess, wrong;
    uint64_t guesses, nodes;
} tally;

static void usage(FILE *out)
{
    fputs("usage: bench [--engine dfs|dlx] [--order mrv|rows] [--mode first|unique|both]\n"
          "             [--min-time SECONDS] [--max N] [--clock cpu|wall] FILE...\n"
          "Prints a markdown table: file, mode, puzzles, puzzles/s, us/puzzle,\n"
          "% solved without a guess, guesses/puzzle, nodes/puzzle, and the answers\n"
          "(unique / several / none / cut short; 'first' mode counts solved as unique).\n"
          "The fast engine's kernel is the library's choice, or BITDOKU_ISA's\n"
          "(auto, base, avx2, avx512): one it cannot honour is an error (status 2).\n",
          out);
}

/* Seconds on the clock `cfg` asks for, from some fixed point. */
static double now(const config *cfg)
{
    return cfg->wall ? bench_seconds() : (double)clock() / CLOCKS_PER_SEC;
}

/* One timed pass in `m`; fills *t when not NULL (the first pass). */
static double run_pass(const bench_set *set, const config *cfg, mode m,
                       bd_grid *solutions, tally *t)
{
    double start = now(cfg);
    for (size_t i = 0; i < set->count; i++) {
        bd_stats stats = {0, 0};
        bd_status status;
        uint64_t count = 0;
        if (m == MODE_FIRST) {
            status = bd_solve(&set->grids[i], &cfg->options, &solutions[i], &stats);
            count = status == BD_OK;
        } else {
            status = bd_count(&set->grids[i], 2, &cfg->options, &count, &stats);
        }
        if (!t)
            continue;
        t->guesses += stats.guesses;
        t->nodes += stats.nodes;
        t->no_guess += stats.guesses == 0;
        if (status == BD_CUT_SHORT)
            t->cut++;
        else if (count == 0)
            t->none++;
        else if (count == 1)
            t->unique++;
        else
            t->several++;
    }
    return now(cfg) - start;
}

static void bench_mode(const char *path, const bench_set *set,
                       const config *cfg, mode m, bd_grid *solutions)
{
    tally t;
    memset(&t, 0, sizeof t);
    double total = run_pass(set, cfg, m, solutions, &t);
    int passes = 1;
    while (total < cfg->min_time) {
        total += run_pass(set, cfg, m, solutions, NULL);
        passes++;
    }
    if (m == MODE_FIRST)
        for (size_t i = 0; i < set->count; i++)
            if (!bd_is_solution_of(&set->grids[i], &solutions[i]))
                t.wrong++;
    double n = (double)set->count, per_pass = total / passes;
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    printf("| %s | %s | %zu | %.0f | %.2f | %.1f | %.2f | %.2f | %zu / %zu / %zu / %zu |%s\n",
           name, m == MODE_FIRST ? "first" : "unique", set->count,
           per_pass > 0 ? n / per_pass : 0.0, per_pass / n * 1e6,
           100.0 * (double)t.no_guess / n, (double)t.guesses / n,
           (double)t.nodes / n, t.unique, t.several, t.none, t.cut,
           m == MODE_FIRST && t.wrong > t.none + t.cut ? " WRONG SOLUTIONS" : "");
    fflush(stdout);
}

static bool bench_file(const char *path, const config *cfg)
{
    bench_set set = {NULL, 0, 0};
    if (!bench_load("bench", path, cfg->max_puzzles, &set))
        return false;
    if (set.count == 0) {
        fprintf(stderr, "bench: %s: no puzzles\n", path);
        bench_free(&set);
        return false;
    }
    bd_grid *solutions = calloc(set.count, sizeof *solutions);
    if (!solutions) {
        bench_free(&set);
        return false;
    }
    if (cfg->modes & MODE_FIRST)
        bench_mode(path, &set, cfg, MODE_FIRST, solutions);
    if (cfg->modes & MODE_UNIQUE)
        bench_mode(path, &set, cfg, MODE_UNIQUE, solutions);
    free(solutions);
    bench_free(&set);
    return true;
}

/* Parses the option at argv[*i]; false on a usage error. */
static bool parse_option(int argc, char **argv, int *i, config *cfg)
{
    const char *opt = argv[*i];
    if (*i + 1 >= argc)
        return false;
    const char *val = argv[++*i];
    if (!strcmp(opt, "--engine") && (!strcmp(val, "dfs") || !strcmp(val, "dlx")))
        cfg->options.engine = !strcmp(val, "dfs") ? BD_ENGINE_DFS : BD_ENGINE_DLX;
    else if (!strcmp(opt, "--order") && (!strcmp(val, "mrv") || !strcmp(val, "rows")))
        cfg->options.order = !strcmp(val, "mrv") ? BD_ORDER_MRV : BD_ORDER_ROWS;
    else if (!strcmp(opt, "--mode") && !strcmp(val, "first"))
        cfg->modes = MODE_FIRST;
    else if (!strcmp(opt, "--mode") && !strcmp(val, "unique"))
        cfg->modes = MODE_UNIQUE;
    else if (!strcmp(opt, "--mode") && !strcmp(val, "both"))
        cfg->modes = MODE_BOTH;
    else if (!strcmp(opt, "--min-time"))
        cfg->min_time = strtod(val, NULL);
    else if (!strcmp(opt, "--max"))
        cfg->max_puzzles = (size_t)strtoul(val, NULL, 10);
    else if (!strcmp(opt, "--clock") && (!strcmp(val, "cpu") || !strcmp(val, "wall")))
        cfg->wall = !strcmp(val, "wall");
    else
        return false;
    return true;
}

int main(int argc, char **argv)
{
    config cfg = {bd_options_default(), MODE_BOTH, 1.0, 0, false};
    int first_file = argc;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        }
        if (argv[i][0] != '-') {
            first_file = i;
            break;
        }
        const char *option = argv[i];
        if (!parse_option(argc, argv, &i, &cfg)) {
            fprintf(stderr, "bench: bad option or value: '%s'\n", option);
            usage(stderr);
            return 2;
        }
    }
    if (first_file == argc) {
        usage(stderr);
        return 2;
    }
    const char *why;
    if (bd_isa(NULL, &why) != BD_OK) {   /* BITDOKU_ISA names no kernel that runs here */
        fprintf(stderr, "bench: BITDOKU_ISA=%s: %s\n", getenv("BITDOKU_ISA"), why);
        return 2;
    }
    puts("| set | mode | puzzles | puzzles/s | us/puzzle | % no guess | guesses/puzzle "
         "| nodes/puzzle | unique / several / none / cut |");
    puts("|---|---|---|---|---|---|---|---|---|");
    int status = 0;
    for (int i = first_file; i < argc; i++)
        if (!bench_file(argv[i], &cfg))
            status = 1;
    return status;
}
