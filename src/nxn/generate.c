/*
 * generate.c - bd_board_generate: puzzles of any size made to order,
 * unique, minimal or with a count of givens, symmetric, or without
 * solution.
 *
 * A try starts from a random full grid: the bit-parallel engine (fast.h)
 * solves the empty board with the digits of each guess drawn in random
 * order, and starts again when a node bound (FILL_NODES per cell) is hit.
 * The puzzle starts as the whole grid and loses its cells one symmetry
 * class at a time (a cell and its images: one, two or four cells). The
 * unavoidable sets of the grid (unavoidable.h: cells that another grid
 * changes, so that a unique puzzle must give one of them) are read off
 * its structure first (for minimal puzzles on boards from DIGIT_SETS_FROM
 * up, with the small sets of other arrangements of three digits), and
 * every second solution a check finds adds the cells where it differs.
 * The pass keeps a count of the givens left in each grid set (those read
 * off the grid), and checks next the class whose going would leave the
 * fewest givens, one at least, in a grid set it meets (most such sets
 * first, then a random order): each class taken away tends to leave a
 * set with one given, which then stays proved needed with no search, and
 * a class that holds every given left of a grid set stays unchecked. A
 * class goes when the puzzle keeps a single solution without it:
 *  - at no cost when each of its cells is forced by the givens left (its
 *    value is the only one free there, or no other blank of one of its
 *    units has it free): every solution then agrees with the grid there;
 *  - it stays, at no cost, when taking it away leaves an unavoidable set
 *    with no given: the other grid is then a second solution;
 *  - otherwise a second solution would differ from the grid in a cell of
 *    the class; the engine looks for one that differs in the class's
 *    first cell (its grid value excluded there), then for one that keeps
 *    the first cell and differs in the second, and so on: one search a
 *    cell of the class. At each guess these searches try the grid's value
 *    first.
 *    Each search of this pass may spend PASS_WORK / (N * N) nodes (a node
 *    costs about N * N words of work); a class whose check is cut short
 *    there stays, unsettled, and is listed as pending.
 * One pass over the classes leaves a puzzle where no class proved
 * removable is left (taking givens away only adds solutions, so a class
 * proved needed stays needed); with fewer givens asked for (min_givens),
 * the pass stops there. For a minimal puzzle the pending classes are then
 * settled in rounds over their list, each round's searches allowed
 * SETTLE_GROWTH times the nodes of the last, up to pass_nodes() <<
 * SETTLE_GROWTH_MAX, within SETTLE_WORK / (N * N) nodes for the try: a class
 * goes when its check proves the puzzle unique without it, and stays
 * proved needed when the search finds another solution (later removals
 * make that easier: the puzzle only gains solutions). The classes left
 * unsettled stay, counted in the stats as unproved: the puzzle is unique
 * all the same, and minimal when none is left. Every budget is a count of
 * nodes, so the puzzle is the same on every machine.
 * Minimal puzzles from DEEP_FROM up settle deep: their settling may spend
 * DEEP_SETTLE_WORK / (N * N) nodes a try, each search up to pass_nodes()
 * << DEEP_GROWTH_MAX, and the engine's failure weights (fast.h: the units
 * where searches failed are guessed in first) are carried from each check
 * of the try to the next instead of starting from zero: the hard checks
 * of a grid tend to fail in the same units, and a search that starts
 * from them reaches a second solution or a proof in fewer nodes. On
 * sides up to DROP_TO (25 x 25, where it was measured; from 36 x 36 up
 * hardly a try settles, and dropping would make no puzzle at all) a deep
 * try is dropped (another grid is tried) as soon as its pass has more
 * classes pending than 1 / DEEP_PENDING_SHARE of the cells (the settling
 * such a try needs grows steeply with that count, past what a new try
 * costs), or already more than a third of that after two thirds of the
 * cells' count of checks, or a sixth of it after 14 / 25 of them (the
 * pending count grows steadily over the pass's last half, so the drop
 * comes before most of its nodes), and
 * when settling or the check given by given leaves a given unsettled:
 * such a minimal puzzle has every given proved needed, or is not made in
 * the tries allowed.
 * With classes of two or four cells, `minimal` is checked given by given
 * afterwards (a given unsettled by the same growing budgets is counted
 * unproved), and a puzzle that could lose a single given is a failed
 * try; so is a count of givens outside min..max.
 *
 * `unsolvable`: a given of the puzzle, drawn at random, is changed to a
 * value that clashes with no given and leaves no solution (counted by the
 * engine), trying the givens in random order.
 *
 * Randomness: one splitmix64 stream (generate/random.c) for the seed, the
 * index, the geometry and what the options ask for, drawn in a fixed
 * order, and searches that depend on nothing else: the same puzzle on
 * every machine, whatever thread makes it.
 */
#include "nxn.h"
#include "unavoidable.h"
#include "generate/generate.h"

#include <stdlib.h>
#include <string.h>

enum {
    CLASS_MAX = 4,     /* cells in a symmetry class */
    FILL_NODES = 4,         /* nodes per cell before a fill starts again */
    PASS_WORK = 1 << 16,    /* nodes times cells a search of the pass may spend */
    SETTLE_GROWTH = 4,      /* a settling round's nodes a search over the last's */
    SETTLE_GROWTH_MAX = 8,  /* settling's searches spend at most pass_nodes() << this */
    SETTLE_WORK = 1 << 24,  /* nodes times cells all settling searches of a try spend */
    DIGIT_SETS_FROM = 20,   /* minimal puzzles from this side up read sets on three digits */
    DIGIT_SET_CELLS = 12,   /* the most cells of such a set */
    DIGIT_SET_NODES = 32,   /* guesses a search of three digits' arrangements may make */
    DIGIT_SET_ARRANGEMENTS = 16,    /* arrangements it may find (the grid's among them) */
    DEEP_FROM = 25,         /* minimal puzzles from this side up settle deep: */
    DEEP_SETTLE_WORK = 1 << 28,     /* SETTLE_WORK there */
    DEEP_GROWTH_MAX = 14,           /* SETTLE_GROWTH_MAX there */
    DEEP_PENDING_SHARE = 6,         /* a deep try whose pass leaves more than
                                       1 / this of the cells pending is dropped */
    EARLY_CHECKS = 2,       /* ... and one whose pass, at EARLY_CHECKS / 3 of
                               the cells' count of checks, has more than */
    EARLY_SHARE = 3,        /* 1 / EARLY_SHARE of that limit pending */
    FIRST_CHECKS = 14,      /* ... or, at FIRST_CHECKS / 25 of that count, */
    FIRST_SHARE = 6,        /* more than 1 / FIRST_SHARE of the limit */
    DROP_TO = 25            /* ... on sides up to this one */
};

/* One call of bd_board_generate: the try under way. */
typedef struct gen {
    const bd_generate_options *opt;
    nxn_geom g;
    bdi_rng rng;
    bd_board solution;      /* the full grid of the try */
    bd_board puzzle;        /* what is left of it */
    uint64_t units[3 * BD_BOARD_MAX];   /* values given in each unit */
    uint64_t given_cells[NXN_CELL_WORDS];  /* the puzzle's givens as a bit set */
    int givens;
    nxn_usets sets;         /* unavoidable sets of the grid */
    int grid_sets;          /* the first ones, read off the grid's structure */
    int *set_givens;        /* the givens of each grid set, while the pass runs */
    int *cell_set_start;    /* cell c is in grid sets cell_set_list[start[c]..start[c + 1]) */
    int *cell_set_list;
    bd_board other;         /* a second solution found by a check */
    bool deep;              /* a minimal puzzle from DEEP_FROM up */
    bool drops;             /* a deep one up to DROP_TO: unsettled tries are dropped */
    nxn_weights weights;    /* the engine's failure weights, carried from
                               check to check of a try when `deep` */
    int class_count;
    int class_size[BD_BOARD_CELLS_MAX];
    int class_cells[BD_BOARD_CELLS_MAX][CLASS_MAX];
    int class_of[BD_BOARD_CELLS_MAX];   /* the class of each cell */
    int pending[BD_BOARD_CELLS_MAX];    /* classes kept by a check cut short */
    int pending_count;
    int pass_checks;        /* the checks the pass has made */
    bool dropped;           /* hopeless at the pass's early mark */
    bd_generate_stats stats;
} gen;

bd_generate_options bd_board_generate_defaults(int box_rows, int box_cols)
{
    bd_generate_options options = bd_generate_options_default();
    int size = box_rows * box_cols;
    options.min_givens = 0;
    options.max_givens = size >= 1 && size <= BD_BOARD_MAX ? size * size : 0;
    return options;
}

/* ------------------------------------------------------------------ */
/* Symmetry classes                                                    */

/* Where one step of `symmetry` takes `cell` on a board of side n. */
static int image(bd_symmetry symmetry, int n, int cell)
{
    int row = cell / n, col = cell % n, last = n - 1;
    switch (symmetry) {
    case BD_SYMMETRY_ROT180: return (last - row) * n + last - col;
    case BD_SYMMETRY_ROT90: return col * n + last - row;
    case BD_SYMMETRY_MIRROR: return row * n + last - col;
    case BD_SYMMETRY_DIAGONAL: return col * n + row;
    case BD_SYMMETRY_NONE: case BD_SYMMETRY_RANDOM: case BD_SYMMETRIES: break;
    }
    return cell;
}

/* How many classes of one, two and four cells `symmetry` makes on a board
 * of side n. */
static void class_sizes(bd_symmetry symmetry, int n, int counts[CLASS_MAX + 1])
{
    int cells = n * n;
    memset(counts, 0, sizeof *counts * (CLASS_MAX + 1));
    for (int cell = 0; cell < cells; cell++) {
        int size = 1, smallest = cell;
        for (int at = image(symmetry, n, cell); at != cell; at = image(symmetry, n, at)) {
            size++;
            smallest = at < smallest ? at : smallest;
        }
        counts[size] += smallest == cell;
    }
}

/* True when some count of givens in min..max can be left with the
 * classes of `symmetry` on a board of side n: a sum of a singles, b pairs
 * and c quads with a, b, c up to the numbers there are. */
static bool reachable(bd_symmetry symmetry, int n, int min, int max)
{
    int counts[CLASS_MAX + 1];
    class_sizes(symmetry == BD_SYMMETRY_RANDOM ? BD_SYMMETRY_NONE : symmetry, n, counts);
    for (int givens = min; givens <= max; givens++)
        for (int quads = 0; quads <= counts[4] && 4 * quads <= givens; quads++) {
            int rest = givens - 4 * quads;
            int fewest_pairs = rest - counts[1] > 0 ? (rest - counts[1] + 1) / 2 : 0;
            int most_pairs = rest / 2 < counts[2] ? rest / 2 : counts[2];
            if (fewest_pairs <= most_pairs)
                return true;
        }
    return false;
}

/* The classes of `symmetry`, in the order of their first cells: a cell
 * starts a class when no image of it comes before it. */
static void make_classes(gen *gn, bd_symmetry symmetry)
{
    int n = gn->g.size;
    gn->class_count = 0;
    for (int cell = 0; cell < gn->g.cells; cell++) {
        int at = image(symmetry, n, cell);
        while (at > cell)
            at = image(symmetry, n, at);
        if (at < cell)
            continue;
        int k = gn->class_count++;
        gn->class_size[k] = 0;
        at = cell;
        do {
            gn->class_of[at] = k;
            gn->class_cells[k][gn->class_size[k]++] = at;
            at = image(symmetry, n, at);
        } while (at != cell);
    }
}

/* The symmetry of a try: the one asked for, or for "random" one of those
 * that can reach the givens asked for. */
static bd_symmetry pick_symmetry(gen *gn)
{
    static const bd_symmetry SYMMETRIC[] = {BD_SYMMETRY_ROT180, BD_SYMMETRY_ROT90,
                                            BD_SYMMETRY_MIRROR, BD_SYMMETRY_DIAGONAL};
    if (gn->opt->symmetry != BD_SYMMETRY_RANDOM)
        return gn->opt->symmetry;
    bd_symmetry choices[4];
    int count = 0;
    for (int i = 0; i < 4; i++)
        if (reachable(SYMMETRIC[i], gn->g.size, gn->opt->min_givens, gn->opt->max_givens))
            choices[count++] = SYMMETRIC[i];
    return count ? choices[bdi_rng_below(&gn->rng, count)] : BD_SYMMETRY_NONE;
}

/* ------------------------------------------------------------------ */
/* A random full grid                                                  */

/* The engine's digit order at a guess: one of `digits`, each equally
 * likely, from the try's stream. */
static int random_digit(void *context, int cell, uint64_t digits)
{
    gen *gn = context;
    (void)cell;
    for (int skip = bdi_rng_below(&gn->rng, bit_count(digits)); skip > 0; skip--)
        digits &= digits - 1u;
    return nxn_low_index(digits);
}

/* A random solution grid into gn->solution; false when memory ran out. */
static bool random_full(gen *gn)
{
    bd_board empty;
    bd_board_init(&empty, gn->g.box_rows, gn->g.box_cols);
    bd_options limits = bd_options_default();
    limits.max_nodes = (uint64_t)FILL_NODES * (uint64_t)gn->g.cells;
    gn->solution = empty;
    for (;;) {
        nxn_visitor visitor;
        nxn_visitor_init(&visitor, NXN_FIRST, 0, &gn->solution);
        nxn_task task = {.puzzle = &empty, .pick = random_digit, .pick_context = gn};
        nxn_run run = nxn_fast(&task, &limits, &visitor, &gn->stats.search);
        if (run == NXN_NOMEM)
            return false;
        if (visitor.count)
            return true;
    }
}

/* ------------------------------------------------------------------ */
/* Taking givens away                                                  */

/* The units of a cell: row, column and box, as indices into gn->units. */
static void units_of(const gen *gn, int cell, int unit[3])
{
    int n = gn->g.size, r = cell / n, c = cell % n;
    unit[0] = r;
    unit[1] = n + c;
    unit[2] = 2 * n + nxn_box_of(&gn->g, r, c);
}

/* The values no unit of `cell` has given. */
static uint64_t free_values(const gen *gn, int cell)
{
    int unit[3];
    units_of(gn, cell, unit);
    return nxn_all_values(gn->g.size)
           & ~(gn->units[unit[0]] | gn->units[unit[1]] | gn->units[unit[2]]);
}

/* The cell at position `pos` of unit `kind` (0 row, 1 column, 2 box) that
 * holds `cell`. */
static int unit_cell(const gen *gn, int kind, int cell, int pos)
{
    int n = gn->g.size, r = cell / n, c = cell % n;
    if (kind == 0)
        return r * n + pos;
    if (kind == 1)
        return pos * n + c;
    int top = r - r % gn->g.box_rows, left = c - c % gn->g.box_cols;
    return (top + pos / gn->g.box_cols) * n + left + pos % gn->g.box_cols;
}

/* True when blank `cell` can only hold its value of the full grid, given
 * the givens: no other value is free there, or no other blank of one of
 * its units has that value free. */
static bool forced(const gen *gn, int cell)
{
    uint64_t bit = nxn_value_bit(gn->solution.cells[cell]);
    if (free_values(gn, cell) == bit)
        return true;
    for (int kind = 0; kind < 3; kind++) {
        bool alone = true;
        for (int pos = 0; pos < gn->g.size && alone; pos++) {
            int other = unit_cell(gn, kind, cell, pos);
            alone = other == cell || gn->puzzle.cells[other] || !(free_values(gn, other) & bit);
        }
        if (alone)
            return true;
    }
    return false;
}

/* Makes `cell` a given (or a blank again), its value from the grid. */
static void set_cell(gen *gn, int cell, bool given)
{
    int unit[3], value = gn->solution.cells[cell];
    units_of(gn, cell, unit);
    for (int i = 0; i < 3; i++)
        gn->units[unit[i]] = given ? gn->units[unit[i]] | nxn_value_bit(value)
                                   : gn->units[unit[i]] & ~nxn_value_bit(value);
    gn->puzzle.cells[cell] = given ? (uint8_t)value : 0;
    gn->givens += given ? 1 : -1;
    if (gn->set_givens)
        for (int i = gn->cell_set_start[cell]; i < gn->cell_set_start[cell + 1]; i++)
            gn->set_givens[gn->cell_set_list[i]] += given ? 1 : -1;
    uint64_t bit = UINT64_C(1) << (cell % 64);
    gn->given_cells[cell / 64] = given ? gn->given_cells[cell / 64] | bit
                                       : gn->given_cells[cell / 64] & ~bit;
}

/* The engine's digit order in a uniqueness search: the full grid's value
 * of the cell first, when it is among `digits`, then lowest first. */
static int grid_first(void *context, int cell, uint64_t digits)
{
    const gen *gn = context;
    uint64_t bit = nxn_value_bit(gn->solution.cells[cell]);
    return nxn_low_index(digits & bit ? bit : digits);
}

/* How a uniqueness check ended. */
enum {
    CHECK_NOMEM = -1,
    CHECK_UNIQUE = 0,   /* no other solution: the cells can go */
    CHECK_OTHER = 1,    /* another solution found: they must stay */
    CHECK_CUT = 2       /* a search ran out of nodes first: not known */
};

/* Whether the puzzle has a solution other than the full grid, when every
 * such solution differs from it in one of the blank cells[0..size): one
 * search per cell, for a solution that differs there and agrees in the
 * cells before it, each of at most `nodes` nodes. CHECK_OTHER when a
 * search found one (the cells where it differs join the unavoidable
 * sets), else CHECK_CUT when one was cut short, else CHECK_UNIQUE;
 * CHECK_NOMEM when memory ran out. */
static int other_solution(gen *gn, const int *cells, int size, uint64_t nodes)
{
    int result = CHECK_UNIQUE;
    bd_options limits = bd_options_default();
    limits.max_nodes = nodes;
    gn->stats.checks++;
    for (int i = 0; i < size && result != CHECK_OTHER; i++) {
        for (int j = 0; j < i; j++)
            gn->puzzle.cells[cells[j]] = gn->solution.cells[cells[j]];
        nxn_exclusion excluded = {cells[i], gn->solution.cells[cells[i]]};
        nxn_visitor visitor;
        nxn_visitor_init(&visitor, NXN_FIRST, 0, &gn->other);
        nxn_task task = {.puzzle = &gn->puzzle, .excluded = &excluded, .excluded_count = 1,
                         .pick = grid_first, .pick_context = gn,
                         .weights = gn->deep ? &gn->weights : NULL};
        nxn_run run = nxn_fast(&task, &limits, &visitor, &gn->stats.search);
        for (int j = 0; j < i; j++)
            gn->puzzle.cells[cells[j]] = 0;
        if (run == NXN_NOMEM
            || (visitor.count > 0
                && !nxn_usets_add_difference(&gn->sets, &gn->other, &gn->solution)))
            return CHECK_NOMEM;
        if (visitor.count > 0)
            result = CHECK_OTHER;
        else if (run == NXN_CUT)
            result = CHECK_CUT;
    }
    return result;
}

/* Whether the puzzle keeps one solution with the blank cells[0..size)
 * (the givens taken away from a puzzle whose only solution is the grid),
 * each search of at most `nodes` nodes: without a search when each cell
 * is forced (CHECK_UNIQUE) or an unavoidable set has no given left
 * (CHECK_OTHER: such a set holds one of the cells, as none was bare
 * before they went), else as other_solution. */
static int check(gen *gn, const int *cells, int size, uint64_t nodes)
{
    bool all_forced = true;
    for (int i = 0; i < size && all_forced; i++)
        all_forced = forced(gn, cells[i]);
    if (all_forced)
        return CHECK_UNIQUE;
    for (int i = 0; i < size; i++)
        if (nxn_usets_any_bare_at(&gn->sets, gn->given_cells, cells[i]))
            return CHECK_OTHER;
    return other_solution(gn, cells, size, nodes);
}

/* Takes class k away if the puzzle keeps one solution without it, each
 * search of the check of at most `nodes` nodes: CHECK_UNIQUE if it went,
 * CHECK_OTHER if it must stay, CHECK_CUT if it stays unsettled,
 * CHECK_NOMEM when memory ran out. */
static int take_away(gen *gn, int k, uint64_t nodes)
{
    const int *cells = gn->class_cells[k];
    int size = gn->class_size[k];
    for (int i = 0; i < size; i++)
        set_cell(gn, cells[i], false);
    int result = check(gn, cells, size, nodes);
    if (result != CHECK_UNIQUE)
        for (int i = 0; i < size; i++)
            set_cell(gn, cells[i], true);
    return result;
}

/* The nodes a search of the pass may spend: about the same work on every
 * size (a node costs about N * N words). */
static uint64_t pass_nodes(const gen *gn)
{
    return (uint64_t)(PASS_WORK / gn->g.cells);
}

/* Lists, for each cell, the grid sets (the first gn->grid_sets of the
 * store) that hold it, and counts the givens of each set, the puzzle
 * being the whole grid when it is called. False when memory ran out. */
static bool index_sets(gen *gn)
{
    int cells = gn->g.cells, sets = gn->grid_sets, words = gn->sets.words;
    free(gn->set_givens);
    free(gn->cell_set_start);
    free(gn->cell_set_list);
    gn->set_givens = NULL;
    gn->cell_set_list = NULL;
    gn->cell_set_start = calloc((size_t)cells + 1, sizeof *gn->cell_set_start);
    int *givens = calloc((size_t)(sets ? sets : 1), sizeof *givens);
    int *fill = malloc(sizeof *fill * (size_t)cells);
    bool ok = gn->cell_set_start && givens && fill;
    for (int k = 0; ok && k < sets; k++) {
        const uint64_t *set = gn->sets.bits + (size_t)k * (size_t)words;
        for (int w = 0; w < words; w++)
            for (uint64_t word = set[w]; word; word &= word - 1u) {
                gn->cell_set_start[w * 64 + nxn_low_index(word) + 1]++;
                givens[k]++;
            }
    }
    for (int cell = 0; ok && cell < cells; cell++)
        gn->cell_set_start[cell + 1] += gn->cell_set_start[cell];
    if (ok) {
        int total = gn->cell_set_start[cells];
        gn->cell_set_list = malloc(sizeof *gn->cell_set_list * (size_t)(total ? total : 1));
        ok = gn->cell_set_list != NULL;
    }
    if (ok)
        memcpy(fill, gn->cell_set_start, sizeof *fill * (size_t)cells);
    for (int k = 0; ok && k < sets; k++) {
        const uint64_t *set = gn->sets.bits + (size_t)k * (size_t)words;
        for (int w = 0; w < words; w++)
            for (uint64_t word = set[w]; word; word &= word - 1u)
                gn->cell_set_list[fill[w * 64 + nxn_low_index(word)]++] = k;
    }
    free(fill);
    if (!ok) {
        free(givens);
        return false;
    }
    gn->set_givens = givens;
    return true;
}

/* Whether cell `cell` is in unavoidable set k of the store. */
static bool set_has(const gen *gn, int k, int cell)
{
    const uint64_t *set = gn->sets.bits + (size_t)k * (size_t)gn->sets.words;
    return set[cell / 64] >> (cell % 64) & 1u;
}

/* What taking class k away would leave in the grid sets that hold its
 * cells (counts of index_sets kept up to date): returns the fewest givens
 * one of them would keep (0: the class holds every given of one, so it
 * must stay), and sets *locks to how many of them would keep exactly one
 * given (which then stays, proved needed). */
static int class_slack(const gen *gn, int k, int *locks)
{
    int slack = gn->g.cells, size = gn->class_size[k];
    const int *cells = gn->class_cells[k];
    *locks = 0;
    for (int i = 0; i < size; i++)
        for (int j = gn->cell_set_start[cells[i]]; j < gn->cell_set_start[cells[i] + 1]; j++) {
            int set = gn->cell_set_list[j], inside = 1;
            bool met_before = false;
            for (int m = 0; m < size; m++)
                if (m != i && set_has(gn, set, cells[m])) {
                    met_before = met_before || m < i;
                    inside++;
                }
            if (met_before)
                continue;   /* counted at an earlier cell of the class */
            int left = gn->set_givens[set] - inside;
            slack = left < slack ? left : slack;
            *locks += left == 1;
        }
    return slack;
}

/* Brings the slack and locks (class_slack) of the classes up to date
 * after class k went: a class of one cell in a grid set with k is updated
 * from the set's new count of givens, a larger class is marked stale. */
static void after_removal(const gen *gn, int k, int *slacks, int *locks, unsigned char *stale)
{
    bool single = gn->class_size[k] == 1;
    for (int i = 0; i < gn->class_size[k]; i++) {
        int cell = gn->class_cells[k][i];
        for (int j = gn->cell_set_start[cell]; j < gn->cell_set_start[cell + 1]; j++) {
            int set = gn->cell_set_list[j], left = gn->set_givens[set];
            const uint64_t *bits = gn->sets.bits + (size_t)set * (size_t)gn->sets.words;
            for (int w = 0; w < gn->sets.words; w++)
                for (uint64_t word = bits[w]; word; word &= word - 1u) {
                    int other = gn->class_of[w * 64 + nxn_low_index(word)];
                    if (!single || gn->class_size[other] > 1) {
                        stale[other] = 1;
                        continue;
                    }
                    /* the set went from left + 1 givens to left */
                    slacks[other] = left - 1 < slacks[other] ? left - 1 : slacks[other];
                    locks[other] += (left == 2) - (left == 1);
                }
        }
    }
}

/* Whether a try that drops has left too many classes pending to be
 * worth settling (more than 1 / DEEP_PENDING_SHARE of the cells), or was
 * found so at the early mark (early_drop): it costs less to drop it and
 * make another. */
static bool hopeless(const gen *gn)
{
    return gn->drops && (gn->dropped || gn->pending_count * DEEP_PENDING_SHARE > gn->g.cells);
}

/* Marks a try that drops as hopeless when its pass has just made
 * EARLY_CHECKS / 3 of the cells' count of checks and has more than
 * 1 / EARLY_SHARE of hopeless()'s limit pending, or FIRST_CHECKS / 25 of
 * that count with more than 1 / FIRST_SHARE of the limit pending: the
 * pending count grows steadily over the last half of a pass, so such a
 * try would most likely pass the limit at its end, after spending most
 * of the pass's nodes. */
static void early_drop(gen *gn)
{
    int checks = gn->pass_checks, limit_times_pending = gn->pending_count * DEEP_PENDING_SHARE;
    if (gn->drops
        && ((checks == gn->g.cells * EARLY_CHECKS / 3
             && limit_times_pending * EARLY_SHARE > gn->g.cells)
            || (checks == gn->g.cells * FIRST_CHECKS / 25
                && limit_times_pending * FIRST_SHARE > gn->g.cells)))
        gn->dropped = true;
}

/* Takes away every class it can, down to `stop_at` givens, each search
 * of at most pass_nodes() nodes; a class whose check was cut short stays,
 * listed in gn->pending. The next class checked is, among those not
 * checked yet, the one whose going would leave the fewest givens (one at
 * least) in some grid set it meets (class_slack), then the one that would
 * leave the most grid sets with one given, then the first in a random
 * order: so each class taken away tends to leave a set whose one given
 * then stays proved needed with no search. A class that holds every given
 * left of a grid set stays, unchecked. A try that drops stops as soon as
 * it is hopeless(), its other classes unchecked. False when memory ran out. */
static bool take_away_pass(gen *gn, int stop_at)
{
    int classes = gn->class_count;
    int *order = malloc(sizeof *order * (size_t)classes);
    int *slacks = calloc((size_t)classes, sizeof *slacks);
    int *locks = calloc((size_t)classes, sizeof *locks);
    unsigned char *done = calloc((size_t)classes, 1);
    unsigned char *stale = malloc((size_t)classes);
    bool ok = order && slacks && locks && done && stale && index_sets(gn);
    for (int k = 0; ok && k < classes; k++) {
        order[k] = k;
        stale[k] = 1;
    }
    if (ok)
        bdi_rng_shuffle(&gn->rng, order, classes);
    gn->pending_count = 0;
    gn->pass_checks = 0;
    gn->dropped = false;
    while (ok && gn->givens > stop_at && !hopeless(gn)) {
        int best = -1, best_slack = 0, best_locks = 0;
        for (int i = 0; i < classes; i++) {
            int k = order[i];
            if (done[k])
                continue;
            if (stale[k]) {
                slacks[k] = class_slack(gn, k, &locks[k]);
                stale[k] = 0;
            }
            if (slacks[k] == 0)
                done[k] = 1;    /* needed: stays so, as givens only go */
            else if (best < 0 || slacks[k] < best_slack
                     || (slacks[k] == best_slack && locks[k] > best_locks)) {
                best = k;
                best_slack = slacks[k];
                best_locks = locks[k];
            }
        }
        if (best < 0)
            break;
        done[best] = 1;
        if (gn->givens - gn->class_size[best] >= stop_at) {
            int result = take_away(gn, best, pass_nodes(gn));
            ok = result != CHECK_NOMEM;
            if (result == CHECK_CUT)
                gn->pending[gn->pending_count++] = best;
            gn->pass_checks++;
            early_drop(gn);
            if (result == CHECK_UNIQUE)
                after_removal(gn, best, slacks, locks, stale);
        }
    }
    free(order);
    free(slacks);
    free(locks);
    free(done);
    free(stale);
    return ok;
}

/* The settling budget of a try: the nodes its searches may still spend
 * (SETTLE_WORK / (N * N) in all), and the most a search may spend in the
 * round under way. */
typedef struct settling {
    uint64_t left, round;
} settling;

/* How far settling's searches may grow: pass_nodes() << this at most. */
static int growth_max(const gen *gn)
{
    return gn->deep ? DEEP_GROWTH_MAX : SETTLE_GROWTH_MAX;
}

/* A settling budget at its first round: SETTLE_GROWTH times the pass's
 * nodes a search. */
static settling settle_start(const gen *gn)
{
    int work = gn->deep ? DEEP_SETTLE_WORK : SETTLE_WORK;
    return (settling){(uint64_t)(work / gn->g.cells), pass_nodes(gn) * SETTLE_GROWTH};
}

/* The nodes the next search may spend under `st` (0: none left, or past
 * the last round). */
static uint64_t settle_nodes(const gen *gn, const settling *st)
{
    if (st->round > pass_nodes(gn) << growth_max(gn))
        return 0;
    return st->round < st->left ? st->round : st->left;
}

/* Takes away class k with searches of at most settle_nodes(), and
 * charges what they spent to `st`; what take_away returns, or CHECK_CUT
 * without a search when no nodes are left. */
static int settle_class(gen *gn, settling *st, int k)
{
    uint64_t nodes = settle_nodes(gn, st);
    if (nodes == 0)
        return CHECK_CUT;
    uint64_t before = gn->stats.search.nodes;
    int result = take_away(gn, k, nodes);
    uint64_t spent = gn->stats.search.nodes - before;
    st->left -= spent < st->left ? spent : st->left;
    return result;
}

/* Settles the classes of gn->pending, in rounds over the list in its
 * order, each round's searches allowed SETTLE_GROWTH times the nodes of
 * the round before, within the try's settling budget: a class goes when
 * its check proves the puzzle unique without it, and leaves the list
 * when its check ends either way. The classes still listed when the
 * budget is spent stay, unsettled. False when memory ran out. */
static bool settle_pending(gen *gn)
{
    settling st = settle_start(gn);
    while (gn->pending_count > 0 && settle_nodes(gn, &st) > 0) {
        int kept = 0;
        for (int i = 0; i < gn->pending_count; i++) {
            int k = gn->pending[i], result = settle_class(gn, &st, k);
            if (result == CHECK_NOMEM)
                return false;
            if (result == CHECK_CUT)
                gn->pending[kept++] = k;
        }
        gn->pending_count = kept;
        st.round *= SETTLE_GROWTH;
    }
    for (int i = 0; i < gn->pending_count; i++)
        gn->stats.unproved += (uint64_t)gn->class_size[gn->pending[i]];
    return true;
}

/* Checks that no single given can be taken away keeping one solution,
 * each given's check a search of pass_nodes() nodes, then of the growing
 * budgets of settle_pending: 1 when each given was proved needed or its
 * check stayed unsettled (counted in gn->stats.unproved), 0 when one can
 * go, -1 when memory ran out. */
static int single_minimal(gen *gn)
{
    settling st = settle_start(gn);
    for (int cell = 0; cell < gn->g.cells; cell++) {
        if (!gn->puzzle.cells[cell])
            continue;
        set_cell(gn, cell, false);
        int result = check(gn, &cell, 1, pass_nodes(gn));
        for (uint64_t nodes = pass_nodes(gn) * SETTLE_GROWTH;
             result == CHECK_CUT && nodes <= pass_nodes(gn) << growth_max(gn)
             && st.left > 0; nodes *= SETTLE_GROWTH) {
            uint64_t before = gn->stats.search.nodes;
            result = other_solution(gn, &cell, 1, nodes < st.left ? nodes : st.left);
            uint64_t spent = gn->stats.search.nodes - before;
            st.left -= spent < st.left ? spent : st.left;
        }
        set_cell(gn, cell, true);
        if (result == CHECK_NOMEM || result == CHECK_UNIQUE)
            return result == CHECK_NOMEM ? -1 : 0;
        gn->stats.unproved += result == CHECK_CUT;
    }
    return 1;
}

/* ------------------------------------------------------------------ */
/* Unsolvable puzzles                                                  */

/* Changes one given of the (unique) puzzle to a value that clashes with
 * no given and leaves no solution; 1 if done, 0 if no change does, -1
 * when memory ran out. */
static int make_unsolvable(gen *gn)
{
    int *cells = malloc(sizeof *cells * (size_t)gn->g.cells), count = 0;
    if (!cells)
        return -1;
    for (int cell = 0; cell < gn->g.cells; cell++)
        if (gn->puzzle.cells[cell])
            cells[count++] = cell;
    bdi_rng_shuffle(&gn->rng, cells, count);
    int done = 0;
    for (int i = 0; i < count && !done; i++) {
        int cell = cells[i];
        set_cell(gn, cell, false);
        uint64_t others = free_values(gn, cell) & ~nxn_value_bit(gn->solution.cells[cell]);
        while (others && !done) {
            int bit = random_digit(gn, cell, others);
            others &= ~(UINT64_C(1) << bit);
            gn->puzzle.cells[cell] = (uint8_t)(bit + 1);
            uint64_t solutions = 1;
            gn->stats.checks++;
            bd_status status = bd_board_count(&gn->puzzle, 1, NULL, &solutions,
                                              &gn->stats.search);
            if (status == BD_ENOMEM)
                done = -1;
            else if (solutions == 0)
                done = 1;
        }
        if (!done)
            set_cell(gn, cell, true);
    }
    free(cells);
    return done;
}

/* ------------------------------------------------------------------ */
/* Tries                                                               */

/* One try: 1 when it made a puzzle that meets the options, 0 when not,
 * -1 when memory ran out. */
static int try_once(gen *gn, bd_symmetry symmetry)
{
    const bd_generate_options *opt = gn->opt;
    if (!random_full(gn))
        return -1;
    gn->puzzle = gn->solution;
    gn->other = gn->solution;
    gn->givens = gn->g.cells;
    nxn_units_of_givens(&gn->puzzle, gn->units);
    memset(gn->given_cells, 0, sizeof gn->given_cells);
    for (int cell = 0; cell < gn->g.cells; cell++)
        gn->given_cells[cell / 64] |= UINT64_C(1) << (cell % 64);
    nxn_usets_clear(&gn->sets);
    if (!nxn_usets_add_grid(&gn->sets, &gn->solution))
        return -1;
    if (opt->minimal && gn->g.size >= DIGIT_SETS_FROM
        && !nxn_usets_add_digit_sets(&gn->sets, &gn->solution, 3, DIGIT_SET_CELLS,
                                     DIGIT_SET_NODES, DIGIT_SET_ARRANGEMENTS))
        return -1;
    gn->grid_sets = gn->sets.count;
    memset(&gn->weights, 0, sizeof gn->weights);
    make_classes(gn, symmetry);
    if (!take_away_pass(gn, opt->minimal ? 0 : opt->min_givens))
        return -1;
    gn->stats.unproved = 0;
    if (hopeless(gn))
        return 0;
    if (opt->minimal && !settle_pending(gn))
        return -1;
    if (gn->drops && gn->pending_count > 0)
        return 0;   /* such a puzzle is proved minimal, or another is made */
    if (gn->givens < opt->min_givens || gn->givens > opt->max_givens)
        return 0;
    if (opt->minimal && gn->class_count < gn->g.cells) {
        gn->stats.unproved = 0;     /* counted again given by given */
        int minimal = single_minimal(gn);
        if (minimal <= 0)
            return minimal;
        if (gn->drops && gn->stats.unproved > 0)
            return 0;   /* the same */
    }
    return opt->unsolvable ? make_unsolvable(gn) : 1;
}

/* What the call asks for, as a number that changes the seed: other
 * geometries and options make unrelated puzzles. (The tries allowed are
 * left out: with more, the same puzzles come first.) */
static uint64_t asked(const bd_generate_options *opt, int box_rows, int box_cols)
{
    uint64_t packed = (uint64_t)opt->min_givens | (uint64_t)opt->max_givens << 13
                      | (uint64_t)opt->minimal << 26 | (uint64_t)opt->symmetry << 27
                      | (uint64_t)opt->unsolvable << 31 | (uint64_t)box_rows << 32
                      | (uint64_t)box_cols << 40;
    return packed * 0xA24BAED4963EE407u;   /* an odd multiplier spreads the bits */
}

/* Whether the options ask for something that can be made on a board of
 * side n. */
static bool options_ok(const bd_generate_options *opt, int n)
{
    return opt->min_givens >= 0 && opt->min_givens <= opt->max_givens
           && opt->max_givens <= n * n && opt->symmetry >= BD_SYMMETRY_NONE
           && opt->symmetry < BD_SYMMETRIES && opt->level == -1 && opt->max_tries >= 1
           && reachable(opt->symmetry, n, opt->min_givens, opt->max_givens);
}

/* Copies the cells and geometry of `from` (not the unused cells). */
static void copy_board(bd_board *to, const bd_board *from)
{
    to->box_rows = from->box_rows;
    to->box_cols = from->box_cols;
    to->size = from->size;
    memcpy(to->cells, from->cells, (size_t)from->size * (size_t)from->size);
}

bd_status bd_board_generate(uint64_t seed, uint64_t index, int box_rows, int box_cols,
                            const bd_generate_options *options, bd_board *puzzle,
                            bd_board *solution, bd_generate_stats *stats)
{
    bd_board shape;
    if (!options || !puzzle || bd_board_init(&shape, box_rows, box_cols) != BD_OK
        || !options_ok(options, shape.size))
        return BD_EINVAL;
    gen *gn = malloc(sizeof *gn);
    if (!gn)
        return BD_ENOMEM;
    memset(&gn->stats, 0, sizeof gn->stats);
    gn->opt = options;
    gn->g = nxn_geom_of(&shape);
    gn->deep = options->minimal && gn->g.size >= DEEP_FROM;
    gn->drops = gn->deep && gn->g.size <= DROP_TO;
    gn->set_givens = NULL;
    gn->cell_set_start = NULL;
    gn->cell_set_list = NULL;
    nxn_usets_init(&gn->sets, gn->g.cells);
    bdi_rng_init(&gn->rng, seed ^ asked(options, box_rows, box_cols), index);
    int made = 0;
    while (made == 0 && gn->stats.tries < options->max_tries) {
        gn->stats.tries++;
        made = try_once(gn, pick_symmetry(gn));
    }
    if (made > 0) {
        copy_board(puzzle, &gn->puzzle);
        if (solution && !options->unsolvable)
            copy_board(solution, &gn->solution);
    }
    if (stats)
        *stats = gn->stats;
    nxn_usets_free(&gn->sets);
    free(gn->set_givens);
    free(gn->cell_set_start);
    free(gn->cell_set_list);
    free(gn);
    return made > 0 ? BD_OK : made < 0 ? BD_ENOMEM : BD_CUT_SHORT;
}
