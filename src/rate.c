/*
 * rate.c - the rating driver: bd_rate and bd_explain. It checks that the
 * puzzle has exactly one solution (the fast engine counts to 2), then walks
 * the solution path of a person who always uses the easiest technique that
 * applies: the singles first (all of the easiest kind at once, see
 * singles.c), else the first technique of TECHNIQUES that finds a step,
 * and after any progress from the top again. When nothing applies, a
 * search step fills in the rest, rated by the effort the fast engine
 * spent on the puzzle. The puzzle's rating is its hardest step's.
 *
 * The technique families live in the files below this one (singles.c,
 * intersections.c, subsets.c, fish.c, onedigit.c, wings.c, uniqueness.c,
 * chains.c), on the candidate state of cands.c; notation.c writes steps as
 * text, only when bd_explain has someone to show them to.
 */
#include "human.h"

#include <string.h>

typedef bool (*find_fn)(const bdi_cands *c, bdi_step *s);

static bool naked_pair(const bdi_cands *c, bdi_step *s) { return bdi_naked_subset(c, 2, s); }
static bool naked_triple(const bdi_cands *c, bdi_step *s) { return bdi_naked_subset(c, 3, s); }
static bool naked_quad(const bdi_cands *c, bdi_step *s) { return bdi_naked_subset(c, 4, s); }
static bool hidden_pair(const bdi_cands *c, bdi_step *s) { return bdi_hidden_subset(c, 2, s); }
static bool hidden_triple(const bdi_cands *c, bdi_step *s) { return bdi_hidden_subset(c, 3, s); }
static bool hidden_quad(const bdi_cands *c, bdi_step *s) { return bdi_hidden_subset(c, 4, s); }

/* The techniques after the singles, in the order they are tried. */
static const find_fn TECHNIQUES[] = {
    bdi_pointing, bdi_claiming, naked_pair, hidden_pair, naked_triple, hidden_triple,
    naked_quad, hidden_quad,
};
enum { TECHNIQUE_COUNT = sizeof TECHNIQUES / sizeof TECHNIQUES[0] };

static const char *const TECH_NAMES[BD_TECHNIQUES] = {
    [BD_TECH_FULL_HOUSE] = "full-house",
    [BD_TECH_HIDDEN_SINGLE_BOX] = "hidden-single-box",
    [BD_TECH_HIDDEN_SINGLE_LINE] = "hidden-single-line",
    [BD_TECH_NAKED_SINGLE] = "naked-single",
    [BD_TECH_POINTING] = "pointing",
    [BD_TECH_CLAIMING] = "claiming",
    [BD_TECH_NAKED_PAIR] = "naked-pair",
    [BD_TECH_X_WING] = "x-wing",
    [BD_TECH_HIDDEN_PAIR] = "hidden-pair",
    [BD_TECH_NAKED_TRIPLE] = "naked-triple",
    [BD_TECH_SWORDFISH] = "swordfish",
    [BD_TECH_HIDDEN_TRIPLE] = "hidden-triple",
    [BD_TECH_SKYSCRAPER] = "skyscraper",
    [BD_TECH_TWO_STRING_KITE] = "two-string-kite",
    [BD_TECH_XY_WING] = "xy-wing",
    [BD_TECH_EMPTY_RECTANGLE] = "empty-rectangle",
    [BD_TECH_XYZ_WING] = "xyz-wing",
    [BD_TECH_UNIQUE_RECTANGLE_1] = "unique-rectangle-1",
    [BD_TECH_UNIQUE_RECTANGLE_2] = "unique-rectangle-2",
    [BD_TECH_UNIQUE_RECTANGLE_4] = "unique-rectangle-4",
    [BD_TECH_W_WING] = "w-wing",
    [BD_TECH_NAKED_QUAD] = "naked-quad",
    [BD_TECH_JELLYFISH] = "jellyfish",
    [BD_TECH_HIDDEN_QUAD] = "hidden-quad",
    [BD_TECH_X_CHAIN] = "x-chain",
    [BD_TECH_XY_CHAIN] = "xy-chain",
    [BD_TECH_AIC] = "aic",
    [BD_TECH_SEARCH] = "search",
};

static const char *const LEVEL_NAMES[BD_LEVELS] = {
    "easy", "medium", "hard", "fiendish", "diabolical", "beyond",
};

/* The highest rating of each level, in tenths (bitdoku.h has the table). */
static const int LEVEL_TOP[BD_LEVELS - 1] = {23, 35, 44, 64, 79};

/* Search: 8.0, plus 0.1 per doubling of the nodes beyond the first, to 12.0. */
enum { SEARCH_TOP = 120 };

const char *bd_technique_name(bd_technique technique)
{
    return (unsigned)technique < BD_TECHNIQUES ? TECH_NAMES[technique] : "none";
}

const char *bd_level_name(bd_level level)
{
    return (unsigned)level < BD_LEVELS ? LEVEL_NAMES[level] : "unknown";
}

static bd_level level_of_tenths(int tenths)
{
    int level = 0;
    while (level < BD_LEVELS - 1 && tenths > LEVEL_TOP[level])
        level++;
    return (bd_level)level;
}

bd_level bd_level_of(double rating)
{
    return level_of_tenths(rating > 0 ? (int)(rating * 10 + 0.5) : 0);
}

/* A path being walked: the state, what it has cost, whom to tell. */
typedef struct path {
    bdi_cands cands;
    const bd_grid *puzzle;
    uint64_t search_nodes;      /* the fast engine's nodes on the puzzle */
    int hardest_tenths, steps;
    bd_technique hardest;
    bd_step_fn on_step;         /* NULL: rating only, no step records */
    void *context;
    bool stopped;               /* on_step said stop */
    bd_step *shown;             /* room for the step shown to on_step */
} path;

/* The public record of a step just applied. */
static void fill_step(const path *p, const bdi_step *s, bd_step *out)
{
    out->technique = s->tech;
    out->rating = s->tenths / 10.0;
    out->cell = s->cell;
    out->digit = s->cell >= 0 ? s->digit : 0;
    out->removed_count = 0;
    memset(out->removed, 0, sizeof out->removed);
    for (int d = 0; d < BD_SIZE; d++) {
        bdi_board hit = s->removed[d];
        for (int cell; (cell = board_pop(&hit)) >= 0; out->removed_count++)
            out->removed[cell] |= (uint16_t)digit_bit(d + 1);
    }
    out->grid = p->cands.grid;
    memcpy(out->candidates, p->cands.cell, sizeof out->candidates);
    bdi_step_text(s, out->text, sizeof out->text);
}

/* Applies a step, counts it, and shows it. */
static void take(path *p, const bdi_step *s)
{
    bdi_step_apply(&p->cands, s);
    p->steps++;
    if (s->tenths > p->hardest_tenths) {
        p->hardest_tenths = s->tenths;
        p->hardest = s->tech;
    }
    if (p->on_step) {
        fill_step(p, s, p->shown);
        p->stopped = !p->on_step(p->shown, p->context);
    }
}

/* The last step when no technique applies: the rest, from the solution. */
static void search_step(path *p)
{
    bd_grid solution;
    bd_options options = bd_options_default();
    bd_solve(p->puzzle, &options, &solution, NULL);
    bdi_step s;
    bdi_step_start(&s, BD_TECH_SEARCH);
    for (uint64_t nodes = p->search_nodes; nodes > 3 && s.tenths < SEARCH_TOP; nodes >>= 1)
        s.tenths++;
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (board_has(p->cands.open, cell))
            bdi_cands_place(&p->cands, cell, solution.cells[cell]);
    s.cell = -1;
    memset(s.removed, 0, sizeof s.removed);
    take(p, &s);
}

/* One round: the easiest step that applies, taken; false when none does. */
static bool advance(path *p)
{
    bdi_singles singles;
    if (bdi_find_singles(&p->cands, &singles)) {
        bdi_step s;
        for (int i = 0; i < singles.count && !p->stopped; i++) {
            bdi_single_step(&singles, i, &s);
            take(p, &s);
        }
        return true;
    }
    bdi_step s;
    for (int t = 0; t < TECHNIQUE_COUNT; t++)
        if (TECHNIQUES[t](&p->cands, &s)) {
            take(p, &s);
            return true;
        }
    return false;
}

/* Checks the puzzle and that it has exactly one solution. */
static bd_status check_unique(const bd_grid *puzzle, const bd_options *options,
                              uint64_t *nodes, bd_stats *stats)
{
    if (!puzzle || !bdi_cells_ok(puzzle) || (options && !(options->timeout >= 0)))
        return BD_EINVAL;
    bd_options limits = bd_options_default();   /* the fast engine, whatever asked */
    if (options) {
        limits.max_nodes = options->max_nodes;
        limits.timeout = options->timeout;
    }
    uint64_t count = 0;
    bd_stats effort = {0, 0};
    bd_status status = bd_count(puzzle, 2, &limits, &count, &effort);
    if (stats) {
        stats->nodes += effort.nodes;
        stats->guesses += effort.guesses;
    }
    *nodes = effort.nodes;
    if (status != BD_OK)
        return status;
    return count == 0 ? BD_NO_SOLUTION : count == 1 ? BD_OK : BD_NOT_UNIQUE;
}

/* Walks the path of `puzzle` (known to have one solution). */
static void walk(path *p)
{
    bdi_cands_init(&p->cands, p->puzzle);
    p->cands.unique = true;
    while (!board_empty(p->cands.open) && !p->stopped)
        if (!advance(p) && !p->stopped)
            search_step(p);
}

static void fill_rating(const path *p, bd_rating *rating)
{
    rating->rating = p->hardest_tenths / 10.0;
    rating->level = level_of_tenths(p->hardest_tenths);
    rating->hardest = p->steps ? p->hardest : BD_TECHNIQUES;
    rating->steps = p->steps;
}

static bd_status run(const bd_grid *puzzle, const bd_options *options, bd_step_fn on_step,
                     void *context, bd_rating *rating, bd_stats *stats)
{
    path p = {.puzzle = puzzle, .on_step = on_step, .context = context};
    bd_status status = check_unique(puzzle, options, &p.search_nodes, stats);
    if (status != BD_OK)
        return status;
    bd_step shown;
    p.shown = &shown;
    walk(&p);
    if (rating)
        fill_rating(&p, rating);
    return BD_OK;
}

bd_status bd_rate(const bd_grid *puzzle, const bd_options *options, bd_rating *rating,
                  bd_stats *stats)
{
    if (!rating)
        return BD_EINVAL;
    return run(puzzle, options, NULL, NULL, rating, stats);
}

bd_status bd_explain(const bd_grid *puzzle, const bd_options *options, bd_step_fn on_step,
                     void *context, bd_rating *rating)
{
    if (!on_step)
        return BD_EINVAL;
    return run(puzzle, options, on_step, context, rating, NULL);
}
