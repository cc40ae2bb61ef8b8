/*
 * target_bench.c - times bd_target on the sets written by gen_target.
 *
 * For each set file: every puzzle solved by the branch and bound (default
 * options), then by the exhaustive search (options.exhaustive) under a node
 * limit per puzzle. Reports per set the mean and maximum wall time and
 * nodes per puzzle, the median and 99th percentile of the bound's times,
 * how many puzzles took it over SLOW_MS (issue 15's goal: none),
 * and the speed-up (total exhaustive time / total bound time) when every
 * exhaustive run finished. A set where EXHAUSTIVE_GIVE_UP exhaustive runs hit
 * the limit is not tried further ("did not finish"). The two searches must
 * agree wherever both finish; a disagreement is an error (exit status 1).
 *
 * Usage: target_bench [-n NODE_LIMIT] [-r REPEATS] FILE...
 * REPEATS (default 1) repeats each bound solve and keeps the fastest.
 */
#include "benchutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PUZZLES = 5000, EXHAUSTIVE_GIVE_UP = 3 };

static const double SLOW_MS = 10.0;

typedef struct run {
    double ms;
    uint64_t nodes;
    int score;
    bd_status status;
} run;

typedef struct summary {
    double total_ms, max_ms;
    uint64_t total_nodes, max_nodes;
    int done, unfinished;
} summary;

static run solve(const bd_grid *puzzle, const bd_options *options)
{
    run r;
    bd_stats stats = {0, 0};
    bd_grid best;
    double start = 1e3 * bench_seconds();
    r.status = bd_target(puzzle, options, &r.score, &best, &stats);
    r.ms = 1e3 * bench_seconds() - start;
    r.nodes = stats.nodes;
    if (r.status == BD_OK && (!bd_is_solution_of(puzzle, &best) || bd_score(&best) != r.score)) {
        fprintf(stderr, "target_bench: invalid best grid\n");
        exit(1);
    }
    return r;
}

static void add(summary *s, const run *r)
{
    s->total_ms += r->ms;
    s->total_nodes += r->nodes;
    if (r->ms > s->max_ms)
        s->max_ms = r->ms;
    if (r->nodes > s->max_nodes)
        s->max_nodes = r->nodes;
    s->done++;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The bound's runs over a set: best of `repeats` per puzzle. */
static void bound_runs(const bd_grid *puzzles, int n, int repeats, run *runs)
{
    bd_options options = bd_options_default();
    for (int i = 0; i < n; i++) {
        runs[i] = solve(&puzzles[i], &options);
        for (int k = 1; k < repeats; k++) {
            run again = solve(&puzzles[i], &options);
            if (again.ms < runs[i].ms)
                runs[i].ms = again.ms;
        }
    }
}

static void time_set(const char *path, uint64_t node_limit, int repeats)
{
    static run runs[MAX_PUZZLES];
    static double times[MAX_PUZZLES];
    bench_set set = {NULL, 0, 0};
    if (!bench_load("target_bench", path, MAX_PUZZLES, &set) || set.count == 0)
        exit(1);
    const bd_grid *puzzles = set.grids;
    int n = (int)set.count;
    bound_runs(puzzles, n, repeats, runs);
    summary bound = {0}, exhaustive = {0};
    double bound_ms_where_done = 0;
    bd_options options = bd_options_default();
    options.exhaustive = true;
    options.max_nodes = node_limit;
    for (int i = 0; i < n; i++) {
        add(&bound, &runs[i]);
        times[i] = runs[i].ms;
        if (exhaustive.unfinished >= EXHAUSTIVE_GIVE_UP)
            continue;
        run ex = solve(&puzzles[i], &options);
        if (ex.status == BD_CUT_SHORT) {
            exhaustive.unfinished++;
            continue;
        }
        if (ex.status != runs[i].status || ex.score != runs[i].score) {
            fprintf(stderr, "target_bench: %s puzzle %d: bound %d, exhaustive %d\n",
                    path, i + 1, runs[i].score, ex.score);
            exit(1);
        }
        add(&exhaustive, &ex);
        bound_ms_where_done += runs[i].ms;
    }
    qsort(times, (size_t)n, sizeof times[0], compare_double);
    int slow = 0;
    while (slow < n && times[n - 1 - slow] > SLOW_MS)
        slow++;
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    printf("| %s | %d | %.4f | %.4f | %.4f | %.3f | %d | %.1f | %llu |", name, n,
           bound.total_ms / n, times[n / 2], times[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1],
           bound.max_ms, slow, (double)bound.total_nodes / n,
           (unsigned long long)bound.max_nodes);
    if (exhaustive.unfinished)
        printf(" did not finish (%d of %d hit %llu nodes) | | |\n", exhaustive.unfinished,
               exhaustive.done + exhaustive.unfinished, (unsigned long long)node_limit);
    else
        printf(" %.3f | %.0f | %.1fx |\n", exhaustive.total_ms / n,
               (double)exhaustive.total_nodes / n, exhaustive.total_ms / bound_ms_where_done);
    fflush(stdout);
    bench_free(&set);
}

int main(int argc, char **argv)
{
    uint64_t node_limit = 20000000;
    int repeats = 1, first = 1;
    for (; first + 1 < argc && argv[first][0] == '-'; first += 2) {
        if (strcmp(argv[first], "-n") == 0)
            node_limit = strtoull(argv[first + 1], NULL, 10);
        else if (strcmp(argv[first], "-r") == 0)
            repeats = atoi(argv[first + 1]);
    }
    if (first >= argc || repeats < 1) {
        fprintf(stderr, "usage: target_bench [-n NODE_LIMIT] [-r REPEATS] FILE...\n");
        return 2;
    }
    printf("| set | puzzles | bound mean ms | median ms | p99 ms | max ms | over 10 ms | mean nodes"
           " | max nodes | exhaustive mean ms | exh. mean nodes | speed-up |\n");
    printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int i = first; i < argc; i++)
        time_set(argv[i], node_limit, repeats);
    return ferror(stdout) ? 1 : 0;
}
