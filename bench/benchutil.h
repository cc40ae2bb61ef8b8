/*
 * benchutil.h - what the benchmark programs share: a set of puzzles read
 * into memory with the library's reader, and the wall clock.
 */
#ifndef BENCHUTIL_H
#define BENCHUTIL_H

#include "bitdoku.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct bench_set {
    bd_grid *grids;
    size_t count, capacity;
} bench_set;

/*
 * Appends the puzzles of `path` (any input the CLI reads: lines, grids,
 * CSV) to `set`, at most `max_puzzles` in all (0: no limit). Malformed
 * records are reported on stderr, prefixed by `program`, and skipped.
 * False (and a message) when the file cannot be read or memory runs out.
 */
bool bench_load(const char *program, const char *path, size_t max_puzzles, bench_set *set);

/* Frees the set's puzzles; the set is empty again. */
void bench_free(bench_set *set);

/* Seconds of wall-clock time from some fixed point. */
double bench_seconds(void);

#endif
