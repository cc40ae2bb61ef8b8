/* gen_dump.c - prints puzzles of bd_generate for fixed seeds and a few
 * sets of options (minimal, 21 givens by the walk, rot90, a level,
 * unsolvable), one per line. Built against the library and against its
 * portable build (no compiler intrinsics); the test generate_portable
 * compares the two outputs, which must be the same byte for byte. */
#include "bitdoku.h"

#include <stdio.h>

enum { PER_SET = 4 };

static void dump(const char *name, const bd_generate_options *options)
{
    for (uint64_t index = 0; index < PER_SET; index++) {
        bd_grid puzzle;
        char text[BD_FORMAT_MAX];
        bd_status status = bd_generate(42, index, options, &puzzle, NULL, NULL);
        if (status == BD_OK)
            bd_format(&puzzle, BD_SHAPE_LINE, text);
        printf("%s %llu %s", name, (unsigned long long)index,
               status == BD_OK ? text : "failed\n");
    }
}

int main(void)
{
    bd_generate_options options = bd_generate_options_default();
    dump("minimal", &options);
    options.minimal = false;
    options.min_givens = options.max_givens = 21;
    dump("givens21", &options);
    options = bd_generate_options_default();
    options.minimal = false;
    options.symmetry = BD_SYMMETRY_ROT90;
    dump("rot90", &options);
    options = bd_generate_options_default();
    options.level = BD_LEVEL_HARD;
    dump("hard", &options);
    options = bd_generate_options_default();
    options.unsolvable = true;
    dump("unsolvable", &options);
    return ferror(stdout) ? 1 : 0;
}
