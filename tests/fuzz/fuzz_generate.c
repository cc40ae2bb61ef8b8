/*
 * fuzz_generate.c - libFuzzer target: any bytes -> generation options, a
 * seed and an index -> bd_generate, with at most two tries.
 *
 * Bytes 0-1 give the range of givens (any values, valid or not), byte 2
 * the symmetry (one past the last too), byte 3 the level (-1 to one past
 * the last), byte 4 the flags (minimal, unsolvable, solution wanted);
 * bytes 5-12 the seed and 13-14 the index. Checks: BD_EINVAL exactly for
 * the options the contract forbids (decided here, apart from the
 * library); on BD_OK the givens in range and in the pattern of the
 * symmetry, no clash, one solution by Dancing Links (none for
 * unsolvable), the solution valid, and the same puzzle made again.
 */
#include "bitdoku.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { INPUT_BYTES = 15, MAX_TRIES = 2 };

static void check(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz_generate: %s\n", what);
        abort();
    }
}

/* Whether the contract of bd_generate allows these options. */
static int allowed(const bd_generate_options *o)
{
    if (o->min_givens < 17 || o->min_givens > o->max_givens || o->max_givens > 81)
        return 0;
    if ((int)o->symmetry < 0 || o->symmetry >= BD_SYMMETRIES || o->level < -1
        || o->level >= BD_LEVELS || (o->unsolvable && o->level >= 0))
        return 0;
    int quarter = 0;          /* some count 4k or 4k+1 in range */
    for (int g = o->min_givens; g <= o->max_givens; g++)
        quarter = quarter || g % 4 <= 1;
    return o->symmetry != BD_SYMMETRY_ROT90 || quarter;
}

/* The image of a cell under one step of a symmetry. */
static int image(bd_symmetry symmetry, int cell)
{
    int r = cell / 9, c = cell % 9;
    switch (symmetry) {
    case BD_SYMMETRY_ROT180: return (8 - r) * 9 + 8 - c;
    case BD_SYMMETRY_ROT90: return c * 9 + 8 - r;
    case BD_SYMMETRY_MIRROR: return r * 9 + 8 - c;
    case BD_SYMMETRY_DIAGONAL: return c * 9 + r;
    default: return cell;
    }
}

static int symmetric(const bd_grid *p, bd_symmetry symmetry)
{
    for (int cell = 0; cell < 81; cell++)
        if ((p->cells[cell] != 0) != (p->cells[image(symmetry, cell)] != 0))
            return 0;
    return 1;
}

static void check_made(const bd_generate_options *o, const bd_grid *puzzle,
                       const bd_grid *solution)
{
    int givens = 0;
    for (int cell = 0; cell < 81; cell++)
        givens += puzzle->cells[cell] != 0;
    check(givens >= o->min_givens && givens <= o->max_givens, "givens out of range");
    check(bd_givens_ok(puzzle), "clashing givens");
    if (o->symmetry != BD_SYMMETRY_RANDOM)
        check(symmetric(puzzle, o->symmetry), "not symmetric");
    else
        check(symmetric(puzzle, BD_SYMMETRY_ROT180) || symmetric(puzzle, BD_SYMMETRY_ROT90)
                  || symmetric(puzzle, BD_SYMMETRY_MIRROR)
                  || symmetric(puzzle, BD_SYMMETRY_DIAGONAL),
              "no symmetry");
    bd_options dlx = bd_options_default();
    dlx.engine = BD_ENGINE_DLX;
    uint64_t count = 0;
    check(bd_count(puzzle, 2, &dlx, &count, NULL) == BD_OK, "count failed");
    check(count == (o->unsolvable ? 0u : 1u), "wrong number of solutions");
    if (!o->unsolvable)
        check(bd_is_solution_of(puzzle, solution), "invalid solution");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < INPUT_BYTES)
        return 0;
    bd_generate_options o = bd_generate_options_default();
    o.min_givens = data[0] % 90;
    o.max_givens = data[1] % 90;
    o.symmetry = (bd_symmetry)(data[2] % (BD_SYMMETRIES + 1));
    o.level = data[3] % (BD_LEVELS + 2) - 1;
    o.minimal = data[4] & 1;
    o.unsolvable = (data[4] & 2) != 0;
    o.max_tries = MAX_TRIES;
    uint64_t seed = 0, index = (uint64_t)data[13] << 8 | data[14];
    for (int i = 5; i < 13; i++)
        seed = seed << 8 | data[i];
    bd_grid puzzle, solution, again;
    bd_grid *wanted = (data[4] & 4) ? &solution : NULL;
    bd_status status = bd_generate(seed, index, &o, &puzzle, wanted, NULL);
    if (!allowed(&o)) {
        check(status == BD_EINVAL, "forbidden options accepted");
        return 0;
    }
    check(status == BD_OK || status == BD_CUT_SHORT, "unexpected status");
    if (status != BD_OK)
        return 0;
    if (!wanted)
        check(bd_generate(seed, index, &o, &puzzle, &solution, NULL) == BD_OK, "not again");
    check_made(&o, &puzzle, &solution);
    check(bd_generate(seed, index, &o, &again, NULL, NULL) == BD_OK, "not made again");
    check(memcmp(&puzzle, &again, sizeof again) == 0, "another puzzle made again");
    return 0;
}
