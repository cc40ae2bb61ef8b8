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

#include <assert.h>
#include <string.h>

typedef bool (*find_fn)(const bdi_cands *c, bdi_step *s);

static bool naked_pair(const bdi_cands *c, bdi_step *s) { return bdi_naked_subset(c, 2, s); }
static bool naked_triple(const bdi_cands *c, bdi_step *s) { return bdi_naked_subset(c, 3, s); }
static bool naked_quad(const bdi_cands *c, bdi_step *s) { return bdi_naked_subset(c, 4, s); }
static bool hidden_pair(const bdi_cands *c, bdi_step *s) { return bdi_hidden_subset(c, 2, s); }
static bool hidden_triple(const bdi_cands *c, bdi_step *s) { return bdi_hidden_subset(c, 3, s); }
static bool hidden_quad(const bdi_cands *c, bdi_step *s) { return bdi_hidden_subset(c, 4, s); }
static bool x_wing(const bdi_cands *c, bdi_step *s) { return bdi_fish(c, 2, s); }
static bool swordfish(const bdi_cands *c, bdi_step *s) { return bdi_fish(c, 3, s); }
static bool jellyfish(const bdi_cands *c, bdi_step *s) { return bdi_fish(c, 4, s); }
static bool rectangle_1(const bdi_cands *c, bdi_step *s) { return bdi_unique_rectangle(c, 1, s); }
static bool rectangle_2(const bdi_cands *c, bdi_step *s) { return bdi_unique_rectangle(c, 2, s); }
static bool rectangle_4(const bdi_cands *c, bdi_step *s) { return bdi_unique_rectangle(c, 4, s); }

/* The techniques after the singles, in the order they are tried: by
 * rating (bitdoku.h), the order of the table there. Those that need to
 * know that the puzzle has one solution say so. */
typedef struct technique_row {
    find_fn find;
    bool needs_unique;
} technique_row;

static const technique_row TECHNIQUES[] = {
    {bdi_pointing, false},  {bdi_claiming, false},        {naked_pair, false},
    {x_wing, false},        {hidden_pair, false},         {naked_triple, false},
    {swordfish, false},     {hidden_triple, false},       {bdi_skyscraper, false},
    {bdi_two_string_kite, false}, {bdi_xy_wing, false},   {bdi_empty_rectangle, false},
    {bdi_xyz_wing, false},  {rectangle_1, true},          {rectangle_2, true},
    {rectangle_4, true},    {bdi_w_wing, false},          {naked_quad, false},
    {jellyfish, false},     {hidden_quad, false},         {bdi_x_chain, false},
    {bdi_xy_chain, false},  {bdi_aic, false},
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

/* Search: 8.0 + 0.3 x floor(2 log2(nodes / 4)), at most 12.0 (bitdoku.h). */
enum { SEARCH_STEP = 3, SEARCH_TOP = 120 };

const char *bd_technique_name(bd_technique technique)
{
    return (unsigned)technique < BD_TECHNIQUES ? TECH_NAMES[technique] : "none";
}

const char *bd_level_name(bd_level level)
{
    return (unsigned)level < BD_LEVELS ? LEVEL_NAMES[level] : "unknown";
}

/* The level of a rating in tenths: the first whose top it does not pass. */
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
    const bd_grid *puzzle;      /* the givens, or NULL for pencil marks */
    const bd_marks *marks;      /* the pencil marks, or NULL for givens */
    bd_grid solution;           /* for pencil marks: found by the check */
    bd_options limits;          /* for the uniqueness check */
    bd_stats *stats;            /* its effort, when asked for */
    bool checked;               /* the uniqueness check has run */
    bd_status status;           /* BD_OK, or why the path stopped */
    uint64_t search_nodes;      /* the fast engine's nodes on the puzzle */
    int hardest_tenths, steps;
    int pearl_tenths, diamond_tenths;
    bool placed;                /* a step has placed a digit (EP is known) */
    bd_technique hardest;
    bd_step_fn on_step;         /* NULL: rating only, no step records */
    void *context;
    bool stopped;               /* on_step said stop */
    bd_step *shown;             /* room for the step shown to on_step */
} path;

/* The pattern of a step's record: its cells with its digits, its unit,
 * its chain's nodes as links. */
static void fill_pattern(const bdi_step *s, bd_step *out)
{
    memset(out->pattern, 0, sizeof out->pattern);
    out->units = 0;
    out->link_count = 0;
    out->links_cut = false;
    unsigned digits = s->digits ? s->digits : s->cell >= 0 ? digit_bit(s->digit) : 0;
    for (int i = 0; i < s->cell_count; i++)
        out->pattern[s->cells[i]] |= (uint16_t)digits;
    if (s->cell >= 0) {
        out->pattern[s->cell] |= (uint16_t)digit_bit(s->digit);
        out->units |= 1u << (s->kind * BD_SIZE + s->index);
    }
    for (int i = 0; i < s->node_count; i++)
        out->pattern[s->nodes[i].cell] |= (uint16_t)digit_bit(s->nodes[i].digit);
    for (int i = 0; i + 1 < s->node_count; i++) {
        bd_link *link = &out->links[out->link_count++];
        link->from_cell = s->nodes[i].cell;
        link->from_digit = s->nodes[i].digit;
        link->to_cell = s->nodes[i + 1].cell;
        link->to_digit = s->nodes[i + 1].digit;
        link->from_on = (uint8_t)(i % 2 == 1);   /* strong links from off to on */
        link->to_on = (uint8_t)(i % 2 == 0);
        link->branch = 0;
    }
}

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
    for (int cell = 0; cell < BD_CELLS; cell++)
        out->candidates[cell] = (uint16_t)bdi_cands_of(&p->cands, cell);
    bdi_step_text(s, out->text, sizeof out->text);
    fill_pattern(s, out);
}

/* Counts a step of `tech` rated `tenths` on the path, that places a digit
 * or not: ER, and EP and ED as SE keeps them (the hardest so far at the
 * first step, and at the first that places). */
static void count_step(path *p, bd_technique tech, int tenths, bool places)
{
    p->steps++;
    if (tenths > p->hardest_tenths) {
        p->hardest_tenths = tenths;
        p->hardest = tech;
    }
    if (p->placed)
        return;
    if (p->steps == 1)
        p->diamond_tenths = p->hardest_tenths;
    if (places) {
        p->pearl_tenths = p->hardest_tenths;
        p->placed = true;
    }
}

/* Applies a step, counts it, and shows it. */
static void take(path *p, const bdi_step *s)
{
    bdi_step_apply(&p->cands, s);
    count_step(p, s->tech, s->tenths, s->cell >= 0 || s->tech == BD_TECH_SEARCH);
    if (p->on_step) {
        fill_step(p, s, p->shown);
        p->stopped = !p->on_step(p->shown, p->context);
    }
}

/* Places the singles found, one step each; when no one is shown the steps,
 * without their records. */
static void take_singles(path *p, const bdi_singles *singles)
{
    if (!p->on_step) {
        for (int i = 0; i < singles->count; i++) {
            bdi_cands_place(&p->cands, singles->cell[i], singles->digit[i]);
            count_step(p, singles->tech, bdi_tech_tenths(singles->tech), true);
        }
        return;
    }
    bdi_step s;
    for (int i = 0; i < singles->count && !p->stopped; i++) {
        bdi_single_step(singles, i, &s);
        take(p, &s);
    }
}

/* The rating of a search step, in tenths, for the fast engine's nodes. */
static int search_tenths(uint64_t nodes)
{
    uint64_t square = nodes < (1u << 31) ? nodes * nodes : (uint64_t)1 << 62;
    int log2_square = 0;   /* floor(log2(nodes^2)) = floor(2 log2(nodes)) */
    while (square >> (log2_square + 1))
        log2_square++;
    int tenths = bdi_tech_tenths(BD_TECH_SEARCH) + SEARCH_STEP * (log2_square - 4);
    return tenths < bdi_tech_tenths(BD_TECH_SEARCH) ? bdi_tech_tenths(BD_TECH_SEARCH)
           : tenths > SEARCH_TOP ? SEARCH_TOP : tenths;
}

/* The last step when no technique applies: the rest, from the solution. */
static void search_step(path *p)
{
    bd_grid solution = p->solution;
    bd_options options = bd_options_default();
    if (p->puzzle)
        bd_solve(p->puzzle, &options, &solution, NULL);
    bdi_step s;
    bdi_step_start(&s, BD_TECH_SEARCH);
    s.tenths = search_tenths(p->search_nodes);
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (board_has(p->cands.open, cell))
            bdi_cands_place(&p->cands, cell, solution.cells[cell]);
    s.cell = -1;
    memset(s.removed, 0, sizeof s.removed);
    take(p, &s);
}

/* Runs the uniqueness check, once; false when the puzzle has not exactly
 * one solution (p->status says why). */
static bool ensure_unique(path *p)
{
    if (p->checked)
        return p->status == BD_OK;
    p->checked = true;
    uint64_t count = 0;
    bd_stats effort = {0, 0};
    if (p->puzzle) {
        p->status = bd_count(p->puzzle, 2, &p->limits, &count, &effort);
    } else {
        uint16_t cand[BD_CELLS];
        for (int cell = 0; cell < BD_CELLS; cell++)
            cand[cell] = p->marks->cand[cell] & ALL_DIGITS;
        p->status = bdi_count_marks(cand, 2, &p->limits, &count, &p->solution, &effort);
    }
    if (p->stats) {
        p->stats->nodes += effort.nodes;
        p->stats->guesses += effort.guesses;
    }
    p->search_nodes = effort.nodes;
    if (p->status == BD_OK)
        p->status = count == 0 ? BD_NO_SOLUTION : count == 1 ? BD_OK : BD_NOT_UNIQUE;
    p->cands.unique = p->status == BD_OK;
    return p->cands.unique;
}

/* One round: the easiest step that applies, taken; false when none does
 * (or when a technique that needs a unique solution finds none). */
static bool advance(path *p)
{
    bdi_singles singles;
    if (bdi_find_singles(&p->cands, &singles)) {
        take_singles(p, &singles);
        return true;
    }
    bdi_step s;
    bdi_cands_sync(&p->cands);
    for (int t = 0; t < TECHNIQUE_COUNT; t++) {
        if (TECHNIQUES[t].needs_unique && !ensure_unique(p))
            return false;
        if (TECHNIQUES[t].find(&p->cands, &s)) {
            take(p, &s);
            return true;
        }
    }
    return false;
}

/*
 * Walks the path. The uniqueness check waits until something needs it: a
 * uniqueness technique, a search step, a contradiction, or someone to show
 * the steps to (who must not see steps of a puzzle that is then refused).
 * A path that fills the grid with no contradiction and no uniqueness
 * technique proves by itself that the puzzle has exactly one solution:
 * every step holds in every solution, and the grid it ends with is one.
 */
static void walk(path *p)
{
    bool clash_free = p->puzzle ? bdi_cands_init(&p->cands, p->puzzle)
                                : bdi_cands_init_marks(&p->cands, p->marks);
    if (!clash_free) {
        p->status = BD_NO_SOLUTION;   /* clashing givens */
        return;
    }
    if (p->on_step && !ensure_unique(p))
        return;
    while (!board_empty(p->cands.open) && !p->stopped && !p->cands.broken) {
        if (advance(p))
            continue;
        if (!ensure_unique(p))
            return;
        search_step(p);
    }
    if (p->cands.broken && !p->checked) {
        ensure_unique(p);
        assert(p->status != BD_OK);   /* sound steps never contradict a solution */
    }
}

/* The rating of a finished path: its hardest step, level and length. */
static void fill_rating(const path *p, bd_rating *rating)
{
    rating->rating = p->hardest_tenths / 10.0;
    rating->pearl = p->pearl_tenths / 10.0;
    rating->diamond = p->diamond_tenths / 10.0;
    rating->level = level_of_tenths(p->hardest_tenths);
    rating->hardest = p->steps ? p->hardest : BD_TECHNIQUES;
    rating->steps = p->steps;
}

/* Walks the solution path of `puzzle` or of `marks` (bd_rate, bd_explain
 * and their forms from pencil marks), showing each step to `on_step` when
 * given; fills `rating` when it ends solved. */
static bd_status run(const bd_grid *puzzle, const bd_marks *marks, const bd_options *options,
                     bd_step_fn on_step, void *context, bd_rating *rating, bd_stats *stats)
{
    if ((!puzzle && !marks) || (puzzle && !bdi_cells_ok(puzzle))
        || (options && !(options->timeout >= 0)))
        return BD_EINVAL;
    path p = {.puzzle = puzzle, .marks = marks, .limits = bd_options_default(), .stats = stats,
              .status = BD_OK, .on_step = on_step, .context = context};
    if (options) {   /* the fast engine counts, whatever engine was asked for */
        p.limits.max_nodes = options->max_nodes;
        p.limits.timeout = options->timeout;
    }
    bd_step shown;
    p.shown = &shown;
    walk(&p);
    if (p.status == BD_OK && rating)
        fill_rating(&p, rating);
    return p.status;
}

bd_status bd_rate(const bd_grid *puzzle, const bd_options *options, bd_rating *rating,
                  bd_stats *stats)
{
    if (!rating || !puzzle)
        return BD_EINVAL;
    return run(puzzle, NULL, options, NULL, NULL, rating, stats);
}

bd_status bd_rate_marks(const bd_marks *marks, const bd_options *options, bd_rating *rating,
                        bd_stats *stats)
{
    if (!rating || !marks)
        return BD_EINVAL;
    return run(NULL, marks, options, NULL, NULL, rating, stats);
}

bd_status bd_explain(const bd_grid *puzzle, const bd_options *options, bd_step_fn on_step,
                     void *context, bd_rating *rating)
{
    if (!on_step || !puzzle)
        return BD_EINVAL;
    return run(puzzle, NULL, options, on_step, context, rating, NULL);
}

bd_status bd_explain_marks(const bd_marks *marks, const bd_options *options,
                           bd_step_fn on_step, void *context, bd_rating *rating)
{
    if (!on_step || !marks)
        return BD_EINVAL;
    return run(NULL, marks, options, on_step, context, rating, NULL);
}
