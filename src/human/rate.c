/*
 * rate.c - the rating driver: bd_rate, bd_explain and their forms from
 * pencil marks. It walks Sudoku Explainer's solution path (serate
 * 1.2.1.3's Solver.getDifficulty): at each step the producers are asked in
 * SE's order and the first hint found is applied; the puzzle's rating (ER)
 * is the hardest step's difficulty, its diamond rating (ED) the hardest
 * after the first step, its pearl rating (EP) the hardest up to the first
 * step that places a digit. With no hint left, SE rates 20.0.
 *
 * SE's order of producers: the direct ones (hidden singles and full
 * houses, direct pointing and claiming, direct hidden pairs, naked
 * singles, direct hidden triplets), the indirect ones (pointing and
 * claiming, naked pairs, X-wings, hidden pairs, naked triplets,
 * swordfish, hidden triplets, XY-wings, XYZ-wings, unique loops, naked
 * quads, jellyfish, hidden quads, BUG, aligned pair exclusion), the
 * chaining ones (cycles and forcing chains, aligned triplet exclusion,
 * Nishio, multiple forcing chains, dynamic forcing chains), dynamic
 * forcing chains (+), and the nested levels 2 to 5.
 *
 * bitdoku rates only puzzles with one solution, which the fast engine
 * checks (bd_count to 2; bd_count_marks for pencil marks) when a step
 * needs it:
 * a uniqueness test (unique loop, BUG) about to be applied, the first
 * chaining producer (whose work dwarfs the check), no hint left, or a path
 * that ends on a grid breaking the rules. A path that fills the grid
 * validly with no uniqueness test proves by itself that the puzzle has one
 * solution. The technique files are below this one; notation.c writes
 * steps as text only when bd_explain has someone to show them to.
 */
#include "human.h"

#include <math.h>
#include <string.h>

/* The families of SE's direct and indirect producers. */
typedef enum {
    LOCKING,       /* pointing and claiming; `flag`: direct */
    NAKED_SINGLE,
    NAKED_SET,     /* of `degree` cells */
    HIDDEN_SET,    /* of `degree` cells; `flag`: direct */
    FISH,          /* of `degree` base lines */
    XY_WING,       /* `flag`: XYZ */
    UNIQUE_LOOP,
    BUG,
} producer_family;

typedef struct producer {
    producer_family family;
    int degree;
    bool flag;
} producer;

/* SE's direct and indirect producers, in its order, after hidden singles
 * (the first, find_hint's own call: most steps' hint); aligned pair
 * exclusion, the last, is find_hint's too: it keeps a record of the path. */
static const producer PRODUCERS[] = {
    {LOCKING, 0, true},    {HIDDEN_SET, 2, true},  {NAKED_SINGLE, 0, false},
    {HIDDEN_SET, 3, true}, {LOCKING, 0, false},    {NAKED_SET, 2, false},
    {FISH, 2, false},      {HIDDEN_SET, 2, false}, {NAKED_SET, 3, false},
    {FISH, 3, false},      {HIDDEN_SET, 3, false}, {XY_WING, 0, false},
    {XY_WING, 0, true},    {UNIQUE_LOOP, 0, false}, {NAKED_SET, 4, false},
    {FISH, 4, false},      {HIDDEN_SET, 4, false}, {BUG, 0, false},
};
enum { PRODUCER_COUNT = sizeof PRODUCERS / sizeof PRODUCERS[0] };

/* SE's chaining producers after the cycles (index 0 here) and the aligned
 * triplet exclusion (1): Chaining(multiple, dynamic, nishio, level). */
typedef struct chaining_row {
    bool multiple, dynamic, nishio;
    int level;
} chaining_row;

static const chaining_row CHAINING[] = {
    {false, true, true, 0},   /* Nishio */
    {true, false, false, 0},  /* multiple */
    {true, true, false, 0},   /* dynamic */
    {true, true, false, 1},   /* dynamic (+) */
    {true, true, false, 2},   /* nested: + forcing chains */
    {true, true, false, 3},   /* + multiple forcing chains */
    {true, true, false, 4},   /* + dynamic forcing chains */
    {true, true, false, 5},   /* + dynamic forcing chains (+) */
};
enum { CHAINING_COUNT = sizeof CHAINING / sizeof CHAINING[0] };

static const char *const TECH_WORDS[BD_TECHNIQUES] = {
    [BD_TECH_FULL_HOUSE] = "full-house",
    [BD_TECH_HIDDEN_SINGLE_BOX] = "hidden-single-box",
    [BD_TECH_HIDDEN_SINGLE_LINE] = "hidden-single-line",
    [BD_TECH_DIRECT_POINTING] = "direct-pointing",
    [BD_TECH_DIRECT_CLAIMING] = "direct-claiming",
    [BD_TECH_DIRECT_HIDDEN_PAIR] = "direct-hidden-pair",
    [BD_TECH_NAKED_SINGLE] = "naked-single",
    [BD_TECH_DIRECT_HIDDEN_TRIPLE] = "direct-hidden-triplet",
    [BD_TECH_POINTING] = "pointing",
    [BD_TECH_CLAIMING] = "claiming",
    [BD_TECH_NAKED_PAIR] = "naked-pair",
    [BD_TECH_X_WING] = "x-wing",
    [BD_TECH_HIDDEN_PAIR] = "hidden-pair",
    [BD_TECH_NAKED_TRIPLE] = "naked-triplet",
    [BD_TECH_SWORDFISH] = "swordfish",
    [BD_TECH_HIDDEN_TRIPLE] = "hidden-triplet",
    [BD_TECH_XY_WING] = "xy-wing",
    [BD_TECH_XYZ_WING] = "xyz-wing",
    [BD_TECH_UNIQUE_LOOP] = "unique-loop",
    [BD_TECH_NAKED_QUAD] = "naked-quad",
    [BD_TECH_JELLYFISH] = "jellyfish",
    [BD_TECH_HIDDEN_QUAD] = "hidden-quad",
    [BD_TECH_BUG] = "bug",
    [BD_TECH_ALIGNED_PAIR_EXCLUSION] = "aligned-pair-exclusion",
    [BD_TECH_X_CYCLE] = "x-cycle",
    [BD_TECH_Y_CYCLE] = "y-cycle",
    [BD_TECH_FORCING_X_CHAIN] = "forcing-x-chain",
    [BD_TECH_CYCLE] = "cycle",
    [BD_TECH_FORCING_CHAIN] = "forcing-chain",
    [BD_TECH_ALIGNED_TRIPLET_EXCLUSION] = "aligned-triplet-exclusion",
    [BD_TECH_NISHIO] = "nishio",
    [BD_TECH_CELL_FORCING_CHAINS] = "cell-forcing-chains",
    [BD_TECH_REGION_FORCING_CHAINS] = "region-forcing-chains",
    [BD_TECH_DYNAMIC_FORCING_CHAINS] = "dynamic-forcing-chains",
    [BD_TECH_DYNAMIC_PLUS] = "dynamic-forcing-chains-plus",
    [BD_TECH_NESTED_FORCING_CHAINS] = "nested-forcing-chains",
    [BD_TECH_UNSOLVED] = "unsolved",
};

static const char *const LEVEL_NAMES[BD_LEVELS] = {
    "easy", "medium", "hard", "fiendish", "diabolical", "beyond",
};

/* The highest ER of each level, in tenths (bitdoku.h has the table). */
static const int LEVEL_TOP[BD_LEVELS - 1] = {12, 15, 25, 60, 89};

const char *bd_technique_name(bd_technique technique)
{
    return (unsigned)technique < BD_TECHNIQUES ? TECH_WORDS[technique] : "none";
}

const char *bdi_technique_word(bd_technique tech)
{
    return bd_technique_name(tech);
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

/* A rating as serate prints it, in tenths: (int)((d + 0.05) * 10). */
static int tenths_of(double difficulty)
{
    return difficulty > 0 ? (int)((difficulty + 0.05) * 10) : 0;
}

bd_level bd_level_of(double rating)
{
    return level_of_tenths(tenths_of(rating));
}

/* A path being walked: the state, what it has cost, whom to tell. */
typedef struct path {
    bdi_state st;
    const bd_grid *puzzle;      /* the givens, or NULL for pencil marks */
    const bd_marks *marks;      /* the pencil marks, or NULL for givens */
    bd_options limits;          /* for the uniqueness check */
    bd_stats *stats;            /* its effort, when asked for */
    bool checked;               /* the uniqueness check has run */
    bd_status status;           /* BD_OK, or why the path stopped */
    double difficulty, pearl, diamond;  /* SE's, as it keeps them */
    bd_technique hardest;
    int steps;
    bdi_chainer *chainer;       /* made when a chaining producer first runs */
    bdi_exclusion_memo *triplets; /* made with it (NULL if memory ran short) */
    bdi_exclusion_memo *pairs;  /* made at the first pair search (NULL:
                                   not yet, or memory ran short) */
    bdi_sets_memo *sets;        /* the set searches' record */
    bdi_budget time;            /* the options' limits, for the chains' nodes */
    bd_step_fn on_step;         /* NULL: rating only, no step records */
    void *context;
    bool stopped;               /* on_step said stop */
    bd_step *shown;             /* room for the step shown to on_step */
    bdi_step step;              /* the hint being taken */
} path;

/* The public record of a step just applied. */
static void fill_step(const path *p, const bdi_step *s, bd_step *out)
{
    out->technique = s->tech;
    out->rating = tenths_of(s->difficulty) / 10.0;
    out->cell = s->cell;
    out->digit = s->cell >= 0 ? s->digit : 0;
    out->removed_count = 0;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        out->removed[cell] = s->removed[cell];
        out->removed_count += digit_count(s->removed[cell]);
    }
    for (int cell = 0; cell < BD_CELLS; cell++) {
        out->grid.cells[cell] = p->st.value[cell];
        out->candidates[cell] = p->st.cand[cell];
    }
    bdi_step_text(s, out->text, sizeof out->text);
    memcpy(out->pattern, s->pattern, sizeof out->pattern);
    out->units = s->units;
    out->link_count = s->link_count;
    out->links_cut = s->links_cut;
    memcpy(out->links, s->links, (size_t)s->link_count * sizeof *s->links);
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
        p->status = bd_count_marks(p->marks, 2, &p->limits, &count, &effort);
    }
    if (p->stats) {
        p->stats->nodes += effort.nodes;
        p->stats->guesses += effort.guesses;
    }
    if (p->status == BD_OK)
        p->status = count == 0 ? BD_NO_SOLUTION : count == 1 ? BD_OK : BD_NOT_UNIQUE;
    return p->status == BD_OK;
}

/* The chaining work space, made once per path, spending p->time; false
 * when memory ran short or a limit was reached (p->status says which). */
static bool ensure_chainer(path *p)
{
    if (!p->chainer) {
        p->chainer = bdi_chainer_new(&p->time);
        p->triplets = bdi_exclusion_memo_new();
    }
    if (!p->chainer || bdi_chainer_failed(p->chainer)) {
        p->status = p->chainer && bdi_chainer_cut_short(p->chainer) ? BD_CUT_SHORT : BD_ENOMEM;
        return false;
    }
    return true;
}

/* The chaining producers, in SE's order; false when none finds a hint (or
 * the path must stop: p->status says why). */
static bool find_chained(path *p, bdi_step *s)
{
    if (!ensure_unique(p) || !ensure_chainer(p))
        return false;
    bool links = p->on_step != NULL;
    if (bdi_cycles(p->chainer, &p->st, links, s))
        return true;
    /* a cycles search cut short may have missed the easier hint: no
     * harder producer may speak for it */
    if (!bdi_chainer_failed(p->chainer) && bdi_aligned_exclusion(&p->st, 3, p->triplets, s))
        return true;
    for (int i = 0; i < CHAINING_COUNT && !bdi_chainer_failed(p->chainer); i++) {
        const chaining_row *r = &CHAINING[i];
        if (bdi_forcing(p->chainer, &p->st, r->multiple, r->dynamic, r->nishio, r->level, links,
                        s))
            return true;
    }
    if (bdi_chainer_failed(p->chainer))
        p->status = bdi_chainer_cut_short(p->chainer) ? BD_CUT_SHORT : BD_ENOMEM;
    return false;
}

/* Runs producer `pr` on `st`: true with the easiest hint it offers in
 * `s`. `sets` is the path's record for the set and fish searches. */
static bool produce(const producer *pr, const bdi_state *st, bdi_sets_memo *sets, bdi_step *s)
{
    switch (pr->family) {
    case LOCKING: return bdi_locking(st, pr->flag, s);
    case NAKED_SINGLE: return bdi_naked_single(st, s);
    case NAKED_SET: return bdi_naked_set(st, pr->degree, sets, s);
    case HIDDEN_SET: return bdi_hidden_set(st, pr->degree, pr->flag, sets, s);
    case FISH: return bdi_fish(st, pr->degree, sets, s);
    case XY_WING: return bdi_xy_wing(st, pr->flag, s);
    case UNIQUE_LOOP: return bdi_unique_loop(st, sets, s);
    case BUG: return bdi_bug(st, s);
    }
    return false;
}

/* The hint SE takes next; false when there is none (or the path must
 * stop). */
static bool find_hint(path *p, bdi_step *s)
{
    if (bdi_hidden_single(&p->st, s))
        return true;
    for (int i = 0; i < PRODUCER_COUNT; i++)
        if (produce(&PRODUCERS[i], &p->st, p->sets, s)) {
            bool needs_unique = s->tech == BD_TECH_UNIQUE_LOOP || s->tech == BD_TECH_BUG;
            return !needs_unique || ensure_unique(p);
        }
    /* the last of them, aligned pair exclusion, keeps the path's record */
    if (!p->pairs)
        p->pairs = bdi_exclusion_memo_new();
    if (bdi_aligned_exclusion(&p->st, 2, p->pairs, s))
        return true;
    return find_chained(p, s);
}

/* Applies a hint and counts it as SE's getDifficulty does. */
static void take(path *p, const bdi_step *s)
{
    bdi_step_apply(&p->st, s);
    p->steps++;
    if (s->difficulty > p->difficulty) {
        p->difficulty = s->difficulty;
        p->hardest = s->tech;
    }
    if (p->pearl == 0.0) {
        if (p->diamond == 0.0)
            p->diamond = p->difficulty;
        if (s->cell >= 0)
            p->pearl = p->difficulty;
    }
    if (p->on_step) {
        fill_step(p, s, p->shown);
        p->stopped = !p->on_step(p->shown, p->context);
    }
}

/* Whether a filled grid keeps the rules: each digit once in each unit. */
static bool valid_solution(const bdi_state *st)
{
    for (int unit = 0; unit < UNIT_COUNT; unit++) {
        unsigned seen = 0;
        for (int pos = 0; pos < BD_SIZE; pos++)
            seen |= cell_bit(st->value[unit_cell_of(unit, pos)]);
        if (seen != ALL_DIGITS)
            return false;
    }
    return true;
}

/*
 * Walks the path. The uniqueness check waits until something needs it
 * (see the top of this file), or until someone is shown the steps (who
 * must not see steps of a puzzle that is then refused).
 */
static void walk(path *p, bool clash_free)
{
    if (!clash_free) {
        p->status = BD_NO_SOLUTION;
        return;
    }
    if (p->on_step && !ensure_unique(p))
        return;
    while (!bdi_state_solved(&p->st) && !p->stopped) {
        if (!find_hint(p, &p->step)) {
            if (p->status != BD_OK || !ensure_unique(p))
                return;
            p->difficulty = 20.0;   /* SE: a puzzle its techniques do not solve */
            p->hardest = BD_TECH_UNSOLVED;
            return;
        }
        take(p, &p->step);
    }
    if (!p->stopped && !valid_solution(&p->st) && ensure_unique(p))
        p->status = BD_NO_SOLUTION;   /* cannot happen: sound steps on one solution */
}

/* The rating of a finished path. */
static void fill_rating(const path *p, bd_rating *rating)
{
    int er = tenths_of(p->difficulty);
    rating->rating = er / 10.0;
    rating->pearl = tenths_of(p->pearl) / 10.0;
    rating->diamond = tenths_of(p->diamond) / 10.0;
    rating->level = level_of_tenths(er);
    rating->hardest = p->steps || p->hardest == BD_TECH_UNSOLVED ? p->hardest : BD_TECHNIQUES;
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
    for (int cell = 0; marks && cell < BD_CELLS; cell++)
        if (marks->cand[cell] & ~ALL_DIGITS)
            return BD_EINVAL;
    path *p = &(path){.puzzle = puzzle, .marks = marks, .limits = bd_options_default(),
                      .stats = stats, .status = BD_OK, .on_step = on_step,
                      .context = context, .difficulty = -INFINITY};
    if (options) {   /* the fast engine counts, whatever engine was asked for */
        p->limits.max_nodes = options->max_nodes;
        p->limits.timeout = options->timeout;
    }
    bdi_budget_init(&p->time, &p->limits);
    bdi_sets_memo sets;   /* its units' keys are read only once written */
    memset(sets.known, 0, sizeof sets.known);
    memset(sets.fish_known, 0, sizeof sets.fish_known);
    memset(sets.loop_idle, 0, sizeof sets.loop_idle);
    p->sets = &sets;
    bd_step shown;
    p->shown = &shown;
    bool clash_free = puzzle ? bdi_state_init(&p->st, puzzle) : bdi_state_init_marks(&p->st, marks);
    walk(p, clash_free);
    bdi_chainer_free(p->chainer);
    bdi_exclusion_memo_free(p->triplets);
    bdi_exclusion_memo_free(p->pairs);
    if (p->status == BD_OK && rating)
        fill_rating(p, rating);
    return p->status;
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
