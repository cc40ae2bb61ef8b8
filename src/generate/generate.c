/*
 * generate.c - puzzles made to order (bd_generate): unique, minimal or
 * with a given number of givens, symmetric, of a difficulty, or without
 * solution.
 *
 * A try starts from a random full grid, filled depth first (the empty cell
 * with fewest free digits first, its digits in random order, a restart
 * after FILL_NODES nodes, which an empty grid practically never needs).
 * The puzzle starts as the whole grid and loses its cells one symmetry
 * class at a time (a class: a cell and its images under the symmetry, one,
 * two or four cells), the classes in random order. A class goes when the
 * puzzle keeps a single solution without it, and stays otherwise:
 *  - it goes at no cost when each of its cells is forced by the givens
 *    left (a naked single, or a hidden single of one of its units), as
 *    every solution then agrees with the full grid there. The first few
 *    dozen classes go this way;
 *  - otherwise any second solution would differ from the full grid in a
 *    cell of the class, so the fast engine looks for one with each other
 *    digit there (bd_solve, digit by digit). A second solution found is
 *    kept as the class's witness: while it remains a solution of the
 *    puzzle without the class, the class is known to be needed.
 *
 * One pass over the classes makes a puzzle where no class can go: a class
 * that stayed was needed by a puzzle with more givens, and taking givens
 * away only adds solutions. So a minimal puzzle costs one check per class
 * at most; with two- or four-cell classes minimality is then checked given
 * by given, and a puzzle that could lose a single given is a failed try.
 * With fewer givens asked for, the pass stops there.
 *
 * When the pass ends with more givens than asked for, a walk goes on from
 * it (WALK_CHECKS checks at most): a step trades a given class, drawn at
 * random, for a blank class of no more cells that rules out its witness
 * (they differ there), tried until the puzzle is unique again, each second
 * solution met narrowing the blank classes that may serve (TRADE_TRIES at
 * most); then whatever can go goes. The count of givens never rises, and
 * the plateaus between falls are wide: this reaches 20 givens about a
 * hundred times sooner than fresh grids do.
 *
 * Witnesses stay valid as givens are taken away; when a class is given, a
 * witness that differs from the full grid there is forgotten.
 *
 * Randomness: one splitmix64 stream (random.c) per seed, index and what
 * the options ask for, drawn in a fixed order, so a puzzle depends on
 * nothing else: not on the machine, not on other puzzles. A minimal puzzle, or one of the pass alone, does
 * not depend on the engine's search order either (only whether a second
 * solution exists decides); a walk does, through the witnesses it draws
 * from, and so does a level, through bd_rate.
 */
#include "generate.h"
#include "core/units.h"

#include <string.h>

enum {
    MIN_GIVENS = 17,    /* no puzzle with fewer has a single solution */
    CLASS_MAX = 4,      /* cells in a symmetry class */
    FILL_NODES = 4096,  /* nodes before a fill starts again */
    WALK_CHECKS = 3000, /* checks the walk to fewer givens may spend */
    TRADE_TRIES = 8     /* classes tried in one trade */
};

/* The symmetry classes of the cells: class k is cells[k][0..size[k]). */
typedef struct classes {
    int count;
    int size[BD_CELLS];
    int cells[BD_CELLS][CLASS_MAX];
} classes;

/* One call of bd_generate: the try under way. */
typedef struct gen {
    const bd_generate_options *opt;
    bdi_rng rng;
    bd_grid solution;       /* the full grid of the try */
    bd_grid puzzle;         /* what is left of it */
    bdi_units units;        /* the digits given in each unit of `puzzle` */
    int givens;             /* given cells in `puzzle` */
    classes cl;             /* the symmetry classes of the try */
    bool known[BD_CELLS];   /* class k stays: witness[k] is a solution of
                               the puzzle without it, not the full grid */
    bd_grid witness[BD_CELLS];
    bd_generate_stats stats;
} gen;

bd_generate_options bd_generate_options_default(void)
{
    bd_generate_options options = {
        .min_givens = MIN_GIVENS,
        .max_givens = BD_CELLS,
        .minimal = true,
        .symmetry = BD_SYMMETRY_NONE,
        .level = -1,
        .unsolvable = false,
        .max_tries = BD_GENERATE_TRIES,
    };
    return options;
}

const char *bd_symmetry_name(bd_symmetry symmetry)
{
    static const char *const NAMES[BD_SYMMETRIES] = {"none", "rot180", "rot90", "mirror",
                                                     "diagonal", "random"};
    return symmetry >= BD_SYMMETRY_NONE && symmetry < BD_SYMMETRIES ? NAMES[symmetry] : "?";
}

/* ------------------------------------------------------------------ */
/* Symmetry classes                                                    */

/* Where one step of `symmetry` takes `cell`. */
static int image(bd_symmetry symmetry, int cell)
{
    int row = row_of(cell), col = col_of(cell), last = BD_SIZE - 1;
    switch (symmetry) {
    case BD_SYMMETRY_ROT180: return (last - row) * BD_SIZE + last - col;
    case BD_SYMMETRY_ROT90: return col * BD_SIZE + last - row;
    case BD_SYMMETRY_MIRROR: return row * BD_SIZE + last - col;
    case BD_SYMMETRY_DIAGONAL: return col * BD_SIZE + row;
    case BD_SYMMETRY_NONE: case BD_SYMMETRY_RANDOM: case BD_SYMMETRIES: break;
    }
    return cell;
}

/* The classes of `symmetry`, in the order of their first cells. */
static void make_classes(bd_symmetry symmetry, classes *cl)
{
    bool seen[BD_CELLS] = {false};
    cl->count = 0;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (seen[cell])
            continue;
        int k = cl->count++;
        cl->size[k] = 0;
        for (int at = cell; !seen[at]; at = image(symmetry, at)) {
            seen[at] = true;
            cl->cells[k][cl->size[k]++] = at;
        }
    }
}

/* True when some count of givens in min..max can be left with the classes
 * of `symmetry`: all but quarter turns can leave any count, and quarter
 * turns (classes of four and the centre) only 4k and 4k + 1. */
static bool reachable(bd_symmetry symmetry, int min, int max)
{
    if (symmetry != BD_SYMMETRY_ROT90)
        return true;
    for (int givens = min; givens <= max; givens++)
        if (givens % 4 <= 1)
            return true;
    return false;
}

/* The symmetry of a try: the one asked for, or for "random" one of those
 * that can reach the givens asked for. */
static bd_symmetry pick_symmetry(gen *g)
{
    static const bd_symmetry SYMMETRIC[] = {BD_SYMMETRY_ROT180, BD_SYMMETRY_ROT90,
                                            BD_SYMMETRY_MIRROR, BD_SYMMETRY_DIAGONAL};
    if (g->opt->symmetry != BD_SYMMETRY_RANDOM)
        return g->opt->symmetry;
    bd_symmetry choices[4];
    int count = 0;
    for (int i = 0; i < 4; i++)
        if (reachable(SYMMETRIC[i], g->opt->min_givens, g->opt->max_givens))
            choices[count++] = SYMMETRIC[i];
    return choices[bdi_rng_below(&g->rng, count)];
}

/* ------------------------------------------------------------------ */
/* A random full grid                                                  */

/* A bit of `mask` (not 0), each equally likely. */
static unsigned random_bit(bdi_rng *rng, unsigned mask)
{
    for (int skip = bdi_rng_below(rng, digit_count(mask)); skip > 0; skip--)
        mask &= mask - 1u;
    return mask & (0u - mask);
}

/* The empty cell of `cells` with fewest free digits (the first such), and
 * its free digits; -1 when no cell is empty. */
static int fewest_free(const bdi_units *units, const uint8_t *cells, unsigned *free_digits)
{
    int best = -1, best_count = BD_SIZE + 1;
    for (int cell = 0; cell < BD_CELLS && best_count > 1; cell++) {
        if (cells[cell])
            continue;
        unsigned digits = units_free(units, cell);
        int count = digit_count(digits);
        if (count < best_count) {
            best = cell;
            best_count = count;
            *free_digits = digits;
        }
    }
    return best;
}

/* Fills the empty cells of `cells` depth first, digits in random order;
 * false on a dead end or when *nodes passes FILL_NODES. */
static bool fill(bdi_rng *rng, bdi_units *units, uint8_t *cells, int *nodes)
{
    unsigned free_digits = 0;
    int cell = fewest_free(units, cells, &free_digits);
    if (cell < 0)
        return true;
    while (free_digits && ++*nodes <= FILL_NODES) {
        unsigned bit = random_bit(rng, free_digits);
        free_digits &= ~bit;
        cells[cell] = (uint8_t)bit_digit(bit);
        units_add(units, cell, bit);
        if (fill(rng, units, cells, nodes))
            return true;
        units_remove(units, cell, bit);
    }
    cells[cell] = 0;
    return false;
}

/* A random solution grid into g->solution, from g's generator. */
static void random_full(gen *g)
{
    for (;;) {
        bdi_units units;
        memset(&units, 0, sizeof units);
        memset(g->solution.cells, 0, BD_CELLS);
        int nodes = 0;
        if (fill(&g->rng, &units, g->solution.cells, &nodes))
            return;
    }
}

/* ------------------------------------------------------------------ */
/* Taking givens away                                                  */

/* True when blank `cell` can only hold its digit of the full grid, given
 * the givens: no other digit is free there, or no other blank of one of
 * its units has that digit free. */
static bool forced(const gen *g, int cell)
{
    unsigned bit = digit_bit(g->solution.cells[cell]);
    if (units_free(&g->units, cell) == bit)
        return true;
    for (int kind = 0; kind < UNIT_KINDS; kind++) {
        int unit = unit_of(kind, cell);
        bool alone = true;
        for (int pos = 0; pos < BD_SIZE && alone; pos++) {
            int other = unit_cell(kind, unit, pos);
            alone = other == cell || g->puzzle.cells[other]
                    || !(units_free(&g->units, other) & bit);
        }
        if (alone)
            return true;
    }
    return false;
}

/* Makes `cell` a given (or a blank again), its digit from the solution. */
static void set_cell(gen *g, int cell, bool given)
{
    int digit = g->solution.cells[cell];
    if (given)
        units_add(&g->units, cell, digit_bit(digit));
    else
        units_remove(&g->units, cell, digit_bit(digit));
    g->puzzle.cells[cell] = given ? (uint8_t)digit : 0;
    g->givens += given ? 1 : -1;
}

/* Makes every cell of symmetry class `k` a given (or blank again). */
static void set_class(gen *g, int k, bool given)
{
    for (int i = 0; i < g->cl.size[k]; i++)
        set_cell(g, g->cl.cells[k][i], given);
}

/* Whether the cells of symmetry class `k` are givens. */
static bool class_given(const gen *g, int k)
{
    return g->puzzle.cells[g->cl.cells[k][0]] != 0;
}

/*
 * A solution of the puzzle other than the full grid, into `other` (may be
 * NULL); false if it has none. Every solution but the full grid differs
 * from it in some blank cell of `cells[0..size)` when the puzzle with
 * those cells given has only the full grid as solution; so the search is
 * for a solution with another digit in one of these cells, by the fast
 * engine, digit by digit.
 */
static bool other_solution(gen *g, const int *cells, int size, bd_grid *other)
{
    bd_grid found;
    g->stats.checks++;
    for (int i = 0; i < size; i++) {
        int cell = cells[i];
        unsigned digits = units_free(&g->units, cell) & ~digit_bit(g->solution.cells[cell]);
        for (; digits; digits &= digits - 1u) {
            g->puzzle.cells[cell] = (uint8_t)bit_digit(digits);
            bd_status status = bd_solve(&g->puzzle, NULL, other ? other : &found,
                                        &g->stats.search);
            g->puzzle.cells[cell] = 0;
            if (status == BD_OK)
                return true;
        }
    }
    return false;
}

/* True when the puzzle without class k still has the full grid as its only
 * solution. Then the class is taken away; otherwise it stays, and
 * witness[k] holds a second solution of the puzzle without it. */
static bool take_away(gen *g, int k)
{
    if (g->known[k])
        return false;
    const int *cells = g->cl.cells[k];
    int size = g->cl.size[k];
    set_class(g, k, false);
    bool all_forced = true;
    for (int i = 0; i < size && all_forced; i++)
        all_forced = forced(g, cells[i]);
    if (all_forced || !other_solution(g, cells, size, &g->witness[k]))
        return true;
    g->known[k] = true;
    set_class(g, k, true);
    return false;
}

/* Takes away every class it can, in random order, down to `stop_at`
 * givens (0: as far as it goes). */
static void take_away_pass(gen *g, int stop_at)
{
    int order[BD_CELLS];
    for (int k = 0; k < g->cl.count; k++)
        order[k] = k;
    bdi_rng_shuffle(&g->rng, order, g->cl.count);
    for (int i = 0; i < g->cl.count && g->givens > stop_at; i++) {
        int k = order[i];
        if (class_given(g, k) && g->givens - g->cl.size[k] >= stop_at)
            take_away(g, k);
    }
}

/* True when no single given can be taken away keeping one solution. */
static bool single_minimal(gen *g)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (!g->puzzle.cells[cell])
            continue;
        set_cell(g, cell, false);
        bool removable = forced(g, cell) || !other_solution(g, &cell, 1, NULL);
        set_cell(g, cell, true);
        if (removable)
            return false;
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* The walk towards fewer givens                                       */

/* The given classes, in random order; returns how many. */
static int given_classes(gen *g, int *found)
{
    int count = 0;
    for (int k = 0; k < g->cl.count; k++)
        if (class_given(g, k))
            found[count++] = k;
    bdi_rng_shuffle(&g->rng, found, count);
    return count;
}

/* True when `other` differs from the full grid in some cell of class k. */
static bool differs_in(const gen *g, const bd_grid *other, int k)
{
    for (int i = 0; i < g->cl.size[k]; i++) {
        int cell = g->cl.cells[k][i];
        if (other->cells[cell] != g->solution.cells[cell])
            return true;
    }
    return false;
}

/* True when class k is one of out[0..n). */
static bool among(int k, const int *out, int n)
{
    for (int i = 0; i < n; i++)
        if (out[i] == k)
            return true;
    return false;
}

/* A blank class, drawn at random, of at most `max_size` cells and none of
 * the classes out[0..n) being traded away, where each of others[0..count)
 * differs from the full grid (so that giving it rules them all out); -1 if
 * there is none. (A class traded for itself would be checked with its own
 * cells searched while given, which blanks them behind the units' back.) */
static int draw_ruling_out(gen *g, int max_size, const int *out, int n,
                           const bd_grid *const *others, int count)
{
    int found[BD_CELLS], found_count = 0;
    for (int k = 0; k < g->cl.count; k++) {
        if (class_given(g, k) || g->cl.size[k] > max_size || among(k, out, n))
            continue;
        bool rules_out = true;
        for (int j = 0; j < count && rules_out; j++)
            rules_out = differs_in(g, others[j], k);
        if (rules_out)
            found[found_count++] = k;
    }
    return found_count ? found[bdi_rng_below(&g->rng, found_count)] : -1;
}

/* Class `in` has become given in place of the classes out[0..n): the
 * witnesses that differ from the full grid in `in` are no longer
 * solutions of their puzzles, and witness[out[0]] is one without `in`. */
static void swapped(gen *g, int in, const int *out, int n)
{
    for (int k = 0; k < g->cl.count; k++)
        g->known[k] = g->known[k] && !differs_in(g, &g->witness[k], k == in ? out[0] : in);
    g->witness[in] = g->witness[out[0]];
    g->known[in] = true;
    for (int i = 0; i < n; i++)
        g->known[out[i]] = false;
}

/*
 * Trades the given classes out[0..n) (each with a witness) for one blank
 * class of at most `max_size` cells, if one leaves the puzzle unique. A
 * class that rules out every second solution met so far (the witnesses of
 * out[] first) is tried; when the puzzle is not unique with it, the
 * solution that shows it joins them, up to TRADE_TRIES classes. Any second
 * solution differs from the full grid in the cells of out[], as the puzzle
 * with them is unique. True when traded.
 */
static bool trade(gen *g, const int *out, int n, int max_size)
{
    const bd_grid *others[TRADE_TRIES + 2];
    bd_grid found[TRADE_TRIES];
    int cells[2 * CLASS_MAX], size = 0, count = 0;
    for (int i = 0; i < n; i++) {
        others[count++] = &g->witness[out[i]];
        for (int j = 0; j < g->cl.size[out[i]]; j++)
            cells[size++] = g->cl.cells[out[i]][j];
        set_class(g, out[i], false);
    }
    for (int t = 0; t < TRADE_TRIES; t++) {
        int in = draw_ruling_out(g, max_size, out, n, others, count);
        if (in < 0)
            break;
        set_class(g, in, true);
        if (!other_solution(g, cells, size, &found[t])) {
            swapped(g, in, out, n);
            return true;
        }
        others[count++] = &found[t];
        set_class(g, in, false);
    }
    for (int i = 0; i < n; i++)
        set_class(g, out[i], true);
    return false;
}

/*
 * Walks from a puzzle where no class can go to others with fewer givens,
 * until it has at most `target` givens or WALK_CHECKS checks are spent. A
 * step trades a given class, drawn at random, for a blank class no larger
 * (trade), and then takes away whatever can go (down to `stop_at`): the
 * count of givens never rises. A class whose witness was forgotten is
 * tried for taking away first.
 */
static void walk(gen *g, int target, int stop_at)
{
    uint64_t budget = g->stats.checks + WALK_CHECKS;
    while (g->givens > target && g->stats.checks < budget) {
        int given[BD_CELLS];
        given_classes(g, given);
        int out = given[0];
        if (!g->known[out])
            take_away(g, out);
        else if (trade(g, &out, 1, g->cl.size[out]))
            take_away_pass(g, stop_at);
    }
}

/* ------------------------------------------------------------------ */
/* Unsolvable puzzles                                                  */

/* Changes one given of the (unique) puzzle to a digit that clashes with no
 * given and leaves the puzzle without solution; false if none does. */
static bool make_unsolvable(gen *g)
{
    int cells[BD_CELLS], count = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (g->puzzle.cells[cell])
            cells[count++] = cell;
    bdi_rng_shuffle(&g->rng, cells, count);
    for (int i = 0; i < count; i++) {
        int cell = cells[i];
        set_cell(g, cell, false);
        unsigned others = units_free(&g->units, cell) & ~digit_bit(g->solution.cells[cell]);
        while (others) {
            unsigned bit = random_bit(&g->rng, others);
            others &= ~bit;
            g->puzzle.cells[cell] = (uint8_t)bit_digit(bit);
            uint64_t solutions = 1;
            g->stats.checks++;
            bd_count(&g->puzzle, 1, NULL, &solutions, &g->stats.search);
            if (solutions == 0)
                return true;
        }
        set_cell(g, cell, true);
    }
    return false;
}

/* ------------------------------------------------------------------ */
/* Tries                                                               */

/* True when the puzzle has the level asked for. */
static bool has_level(gen *g)
{
    bd_rating rating;
    bd_status status = bd_rate(&g->puzzle, NULL, &rating, &g->stats.search);
    return status == BD_OK && (int)rating.level == g->opt->level;
}

/* One try: a full grid, its givens taken away, the tests of the options.
 * True when it made a puzzle that meets them. */
static bool try_once(gen *g, bd_symmetry symmetry)
{
    const bd_generate_options *opt = g->opt;
    random_full(g);
    g->puzzle = g->solution;
    g->givens = BD_CELLS;
    bdi_units_of_givens(&g->units, &g->puzzle);
    make_classes(symmetry, &g->cl);
    memset(g->known, 0, sizeof g->known);
    int stop_at = opt->minimal ? 0 : opt->min_givens;
    take_away_pass(g, stop_at);
    walk(g, opt->max_givens, stop_at);
    if (g->givens < opt->min_givens || g->givens > opt->max_givens)
        return false;
    if (opt->minimal && g->cl.count < BD_CELLS && !single_minimal(g))
        return false;
    if (opt->level >= 0 && !has_level(g))
        return false;
    return !opt->unsolvable || make_unsolvable(g);
}

/* What the options ask for, as a number that changes the seed: puzzles
 * made with other options are not made from the same grids. (The tries
 * allowed are left out: with more, the same puzzles come first.) */
static uint64_t asked(const bd_generate_options *opt)
{
    uint64_t packed = (uint64_t)opt->min_givens | (uint64_t)opt->max_givens << 8
                      | (uint64_t)opt->minimal << 16 | (uint64_t)opt->symmetry << 17
                      | (uint64_t)(opt->level + 1) << 21 | (uint64_t)opt->unsolvable << 25;
    return packed * 0xD1B54A32D192ED03u;     /* an odd multiplier spreads the bits */
}

/* Whether the options ask for something that can be made. */
static bool options_ok(const bd_generate_options *opt)
{
    return opt->min_givens >= MIN_GIVENS && opt->min_givens <= opt->max_givens
           && opt->max_givens <= BD_CELLS && opt->symmetry >= BD_SYMMETRY_NONE
           && opt->symmetry < BD_SYMMETRIES && opt->level >= -1 && opt->level < BD_LEVELS
           && !(opt->unsolvable && opt->level >= 0) && opt->max_tries >= 1
           && reachable(opt->symmetry == BD_SYMMETRY_RANDOM ? BD_SYMMETRY_NONE : opt->symmetry,
                        opt->min_givens, opt->max_givens);
}

bd_status bd_generate(uint64_t seed, uint64_t index, const bd_generate_options *options,
                      bd_grid *puzzle, bd_grid *solution, bd_generate_stats *stats)
{
    if (!options || !puzzle || !options_ok(options))
        return BD_EINVAL;
    gen g = {.opt = options};
    bdi_rng_init(&g.rng, seed ^ asked(options), index);
    bool made = false;
    while (!made && g.stats.tries < options->max_tries) {
        g.stats.tries++;
        made = try_once(&g, pick_symmetry(&g));
    }
    if (made) {
        *puzzle = g.puzzle;
        if (solution && !options->unsolvable)
            *solution = g.solution;
    }
    if (stats)
        *stats = g.stats;
    return made ? BD_OK : BD_CUT_SHORT;
}
