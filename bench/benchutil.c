/*
 * benchutil.c - puzzle sets in memory and the clock for the benchmark
 * programs (see benchutil.h). The set is an array that doubles as it
 * grows; files are read with the library's own reader, so a benchmark
 * takes every input the CLI takes.
 */
#include "benchutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Appends `grid` to `set`; false when memory runs out. */
static bool push(bench_set *set, const bd_grid *grid)
{
    if (set->count == set->capacity) {
        size_t capacity = set->capacity ? set->capacity * 2 : 1024;
        bd_grid *grids = realloc(set->grids, capacity * sizeof *grids);
        if (!grids)
            return false;
        set->grids = grids;
        set->capacity = capacity;
    }
    set->grids[set->count++] = *grid;
    return true;
}

bool bench_load(const char *program, const char *path, size_t max_puzzles, bench_set *set)
{
    FILE *file = fopen(path, "rb");
    bd_reader *reader = malloc(sizeof *reader);
    bd_record *rec = malloc(sizeof *rec);
    bool ok = file && reader && rec, pushed = true;
    if (ok)
        bd_reader_init_file(reader, file);
    bd_status status = BD_OK;
    while (ok && pushed && (!max_puzzles || set->count < max_puzzles)
           && (status = bd_read(reader, rec)) != BD_EOF && status != BD_EIO) {
        if (status == BD_OK)
            pushed = push(set, &rec->grid);
        else
            fprintf(stderr, "%s: %s:%lu:%lu: %s, skipped\n", program, path, rec->err_line,
                    rec->err_col, rec->err_msg);
    }
    if (!ok || status == BD_EIO)
        fprintf(stderr, "%s: %s: cannot read\n", program, path);
    else if (!pushed)
        fprintf(stderr, "%s: %s: out of memory\n", program, path);
    free(rec);
    free(reader);
    if (file)
        fclose(file);
    return ok && pushed && status != BD_EIO;
}

void bench_free(bench_set *set)
{
    free(set->grids);
    set->grids = NULL;
    set->count = set->capacity = 0;
}

double bench_seconds(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
