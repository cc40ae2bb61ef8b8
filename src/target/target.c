/*
 * target.c - the target-sudoku optimizer: exact branch and bound.
 *
 * State: the bitmask DFS state of engine/dfs.c (cells, and per row, column and
 * box a 9-bit mask of the digits used there), plus allow[cell], the digits
 * a blank may still take in a completion worth looking for, and
 * blocked[cell] = row | col | box of the cell's units, which place() keeps
 * and the search puts back from a copy after each child (a node with one
 * child leaves that to the nearest node above with more). The candidates
 * of a blank are allow[cell] & ~blocked[cell].
 *
 * The bound: the digit-layer relaxation of layers.c. Each blank cell has a
 * price; each digit picks its best "layer" (nine cells, one per row, column
 * and box) alone, and L = the prices of the blanks + the nine best layers
 * is an upper bound on what the blanks can add to the score, whatever the
 * prices. With good prices it is at least as tight as the LP bound and on
 * most sparse grids it meets the optimum. Prices are integers in
 * 1/BDI_LAYER_SCALE point and every bound test is exact integer arithmetic.
 *
 * Prices come from subgradient steps (Polyak's rule) aimed just below what
 * the node must reach: "need", the goal of the pass or the incumbent + 1.
 * With that aim the steps converge fast when the bound can refute the
 * need, typically in tens of steps from zero prices. At the root, every
 * step also packs the layers into a completion (pack.c), which usually
 * finds the optimum before the bound proves it.
 *
 * Fixing: for each blank and candidate d, the best layer of d through the
 * blank (its max-marginal, `through`) bounds what forcing the pair leaves
 * to d, and every other digit whose best layer takes the blank must leave
 * it, for at best the largest max-marginal of the other cells of that row:
 * if L - best(d) + through(d, cell) less those digits' losses is below the
 * need, d leaves allow[cell] for the subtree. A child node keeps its
 * parent's prices and re-solves only the layers whose best cells are no
 * longer open; the others are still best, and only lose what their cells
 * placed since earned (refresh).
 *
 * The row relaxation (rows.c, the LP bound's Lagrangian with prices on
 * columns and boxes) joins in the passes, i.e. on the grids the root did
 * not prove: its prices are stepped at each pass's root and at retightened
 * nodes, and on a sparse grid (more than DENSE_BLANKS blanks) every
 * branching node below keeps them and re-solves only the rows that changed
 * since its parent; a denser grid's other nodes use the layers alone,
 * which cost less a node, where the rows cut few nodes. The two bounds are complementary (a
 * placed digit re-routes only its own and the displaced digit's layers,
 * but every row whose assignment used the digit in that column or box), so
 * a node is pruned when either falls below the need, and pairs are fixed
 * by either: for the rows, by each pair's exact loss in its row's
 * assignment (bdi_rows_sharpen), not only its reduced cost.
 *
 * Phases. (1) A short search with the cheap bound only (score + sum of
 * weight x largest candidate; every unit's missing digits still placeable),
 * of 300 to 3,000 nodes as the grid is sparser or denser: on dense grids it
 * often finishes, which is exact; otherwise it leaves an incumbent. A
 * cheap search that has met no completion within PROBE_SLACK nodes beyond
 * the blanks asks for one the fast engine (engine/fast/, the search of
 * bd_solve) and the N x N family's 9 x 9 search (nxn/fast/fast3x3.c) in turns
 * (first_completion): a puzzle without completion ends there, in about
 * the time the better of the two takes to prove it, and otherwise that
 * completion is the incumbent. A
 * grid of 17 givens or more (DENSE_BLANKS) whose cheap search ends
 * unfinished has the fast engine list its completions: with at most
 * FEW_COMPLETIONS of them, found within FEW_NODES nodes, the best is the
 * answer (a classic puzzle with one solution, in the time bd_count takes).
 * (2) The root: subgradient steps aimed at the incumbent + 1, packing
 * completions; most grids end here, proven. (3) Otherwise passes
 * looking for completions scoring at least `goal`: first goal = the root
 * bound, then stepping down, each pass starting with steps aimed at its
 * goal (never at or below the incumbent). A pass that fails proves the
 * optimum is below its goal; a pass that finds completions keeps the best
 * (branch and bound with the incumbent), and that is the optimum. On a
 * sparse grid (more than DENSE_BLANKS blanks) the goal steps down one point
 * at a time, so the pass that finds the optimum is the first whose goal it
 * reaches and it ends there: a goal below the optimum would have the pass
 * search, under that low a need, until it met a completion reaching it,
 * which on sparse grids is long. A dense grid steps 1, 1, 2, 4, ...: its
 * bound may sit many points above the optimum, and a grid with few
 * completions meets them soon under any goal.
 *
 * Restarts: how many nodes a failing pass needs depends sharply, and
 * unpredictably, on the prices its root starts from, and no one way of
 * stepping them is best on every grid. So a pass on a sparse
 * grid that runs RESTART_NODES nodes stops and starts again from its root,
 * from prices stepped on until the step vanishes; then from its own prices
 * again, and so on in turn, each attempt allowed RESTART_GROWTH times the
 * nodes of the one before (restart()). The attempts are the same exact
 * pass; the first to finish ends it.
 *
 * Nodes: a naked single (placed as soon as the scan meets it; the checks
 * below wait for its child), else a hidden single (a unit's digit with one
 * place left), else a blank to branch on: in the cheap search the one with
 * fewest candidates (ties: the heavier cell); with the relaxation, after
 * fixing, the fewest candidates counting one more where the digits' best
 * layers do not cover the blank exactly once (ties: covered once, then the
 * lighter cell). Its digits by their best layer through it, the best first
 * (larger digits first in the cheap search). The cheap bound on every
 * node without a naked single; the relaxations and fixing on branching
 * nodes, after the units' all-different rule (alldiff.c) has taken out of
 * allow every candidate that no assignment of its unit's blanks gives it,
 * at each branching node whose nearest relaxation's fixing took pairs out.
 * Fixing narrows allow for a whole subtree, and deep in a proving pass
 * most nodes are left with some unit whose blanks cannot take its missing
 * digits at all: the rule ends them at once, where the layers, which see
 * each digit alone, cannot.
 *
 * Symmetry: when moves of rows or columns that keep every weight leave the
 * puzzle unchanged (symmetry.c; e.g. rows 3 and 5 swapped, when both are
 * blank), their images of a completion all score the same, and the search
 * keeps to the one that obeys digit(a) < digit(b) for a pair of cells per
 * move: a's allowed digits lose 9 and b's lose 1, and placing a digit on
 * either narrows the other's. Up to 4 such orders, 16 images. When a subtree grows
 * past RETIGHTEN_NODES (then 4x, 16x, ...), its root gets more subgradient
 * steps before its remaining children.
 *
 * Local search: on the hard sparse grids the packed completions often stop
 * a point or two below the optimum, and a pass finds the optimum only after
 * refuting every subtree its bound lets through before it. So the first
 * pass that runs IMPROVE_AFTER nodes stops once to improve the incumbent:
 * keeping one band (or stack) of it, the other two thirds of the grid are
 * solved again, exactly, by this same search (a dense puzzle, started from
 * the incumbent), in turn until six in a row gain nothing. It only raises the incumbent, which is a completion:
 * no bound or pruning depends on it beyond the need.
 *
 * Dive: at a pass's first branching node, when the incumbent is one point
 * below the pass's goal, a depth-first dive of DIVE_NODES nodes with the
 * cheap bound only, each blank's digits in the order of the node's
 * relaxation (the bound's best digits first), looks for a completion
 * reaching the goal before the pass branches (dive()); the same kind of
 * heuristic, in the neighbourhood of the relaxation instead of the
 * incumbent.
 */
#include "target.h"
#include "target_avx2.h"
#include "core/engine.h"
#include "engine/fast/fast.h"
#include "nxn/nxn.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && !defined(BD_PORTABLE)
#include <emmintrin.h>
#endif

enum {
    SCALE = BDI_LAYER_SCALE,
    CHEAP_NODES = 300,       /* nodes for the first, cheap-bound-only search */
    CHEAP_NODES_DENSE = 1000,   /* the same with at most CHEAP_DENSE blanks */
    CHEAP_NODES_DENSER = 3000,  /* and with at most CHEAP_DENSER */
    CHEAP_DENSE = 54,
    CHEAP_DENSER = 50,
    ROOT_ITERATIONS = 300,   /* subgradient steps at the root */
    PASS_ITERATIONS = 100,   /* at the start of each pass */
    RESTART_NODES = 2000,    /* a sparse pass this long starts again (restart()) */
    RESTART_GROWTH = 4,      /* and each attempt after may run this many times longer */
    CONVERGE_ITERATIONS = 1000, /* steps for the restart's second prices */
    CONVERGE_PATIENCE = 150, /* and their patience: in effect, until the step vanishes */
    DENSE_PASS_ITERATIONS = 10, /* the same on grids with few blanks */
    PACK_EVERY = 2,          /* root steps per packed completion */
    PATIENCE = 20,           /* steps without a lower floor(bound): stop */
    DENSE_PATIENCE = 10,     /* the same on grids with few blanks */
    DENSE_BLANKS = 64,       /* 17 or more givens: the dense settings above */
    RETIGHTEN_NODES = 3000, /* a subtree this big gets a tighter bound */
    IMPROVE_AFTER = 5000,    /* a pass this long runs the local search, once */
    PROBE_SLACK = 64,        /* cheap nodes beyond the blanks before asking for a completion */
    FAST_TURN = 1024,        /* the fast engine's first turn when asked for one */
    BOXES_TURN = 8 * FAST_TURN,  /* then the N x N engine's (both double each round) */
    FEW_COMPLETIONS = 2,     /* completions the fast engine may list for an exact answer */
    FEW_NODES = 2000,        /* and its nodes for them */
    THIRDS = 2 * BD_BOX,     /* the local search's neighbourhoods: bands, stacks */
    RETIGHTEN_ITERATIONS = 30,
    STALL = 5,               /* steps without a lower bound before halving */
    PASS_AIM = 400,          /* the passes aim this far below the goal (0.1 point) */
    ROWS_STALL = 4,          /* the same for the row relaxation */
    DENSE_ROWS_STALL = 2,
    NO_PARTNER = 0xff,
    MAX_ORDERS = 4,
    SCAN_HEAD = 8,           /* blanks scan() tests one by one before all at once */
    SURVEY_ALL = 30,         /* open blanks from which survey() reads every cell */
    SURVEY_ALL_WIDE = 12,    /* the same with the AVX2 kernel */
    DIVE_NODES = 50,         /* nodes of the dive at a pass's first branching node */
    MEMO_AFTER = 64         /* units_consistent's calls before it clears a memo for them */
};

typedef struct target {
    uint8_t cells[BD_CELLS];
    uint8_t weight[BD_CELLS];  /* bd_weight, looked up once */
    uint8_t unit[BD_CELLS][UNIT_KINDS]; /* row, column and box of each cell */
    bdi_units units;
    uint16_t blocked[BD_CELLS]; /* the digits placed in the cell's row, column or box */
    uint16_t placed[BD_CELLS];  /* the bit of place()'s last digit there (stale on a blank) */
    uint16_t allow[BD_CELLS];
    uint16_t base_allow[BD_CELLS]; /* allow at the start of each pass */
    uint8_t partner[BD_CELLS];  /* the other cell of its symmetry order, or NO_PARTNER */
    bool below[BD_CELLS];       /* its digit must be below its partner's */
    uint8_t blanks[BD_CELLS];
    uint8_t position[BD_CELLS]; /* of each blank in blanks[]: blanks[position[c]] == c */
    int blank_count;
    uint8_t given[BD_CELLS];    /* the puzzle */
    int score;                /* of the digits placed so far */
    int goal;                 /* this pass wants completions >= goal */
    int proven;               /* the optimum is known to be <= proven */
    int best_score;           /* the incumbent, -1 if none, and its grid */
    bd_grid best;
    struct relaxation *level; /* per depth, the root's at BD_CELLS + 1, and
                               * restart()'s two root relaxations at BD_CELLS
                               * and BD_CELLS + 2 */
    bdi_unit_memo *memo;      /* for the units' rule, NULL: none yet (units_consistent) */
    int units_calls;          /* units_consistent's calls, up to MEMO_AFTER */
    uint16_t units_last[BD_CELLS]; /* the rule's last result (bdi_units_consistent) */
    bdi_layer_memo *layer_memo;   /* for the layer solves, NULL: none yet (layer_memo()) */
    bdi_budget budget;
    uint64_t guesses;
    bool lagrange;            /* use the layer bound on branching nodes */
    uint64_t cheap_left;      /* nodes left to the cheap search */
    bool stop;                /* the budget or cheap_left ran out, or done */
    bool fixed;               /* the last fixing removed pairs */
    bool rows_on;             /* the row relaxation joins the layers */
    bool rows_tuned;          /* and its root prices are stepped already */
    uint64_t improve_at;      /* nodes at which to run improve(), 0: not in this pass */
    uint64_t probe_at;        /* nodes at which to ask the fast engine for a completion, 0: never */
    bool list_few;            /* ask it for every completion when the cheap search ends unfinished */
    bool none;                /* the puzzle has no completion */
    bool improved;            /* improve() ran, or this is one of its re-fills */
    int patience;             /* descend()'s patience, 0: as the grid's density sets it */
    bool pass_root;           /* tighten() runs at a pass's root */
    uint64_t pass_cap;        /* nodes at which the pass stops for a restart, 0: never */
    bool capped;              /* the pass stopped there */
    int branching;            /* branching nodes above the current node */
    bool wide;                /* run the AVX2 kernels (target_avx2.c) */
} target;

/* The layer relaxation at a node: the prices, each digit's best layer and
 * max-marginals under them, and L (in 1/SCALE point). A digit's
 * max-marginals are kept as solved, with its best value then in anchor:
 * a settled layer's values all move together, so through[d][cell] -
 * anchor[d] is what d's best layer loses when it must take the cell (for
 * an entry BDI_LAYER_NONE, where no layer takes it, see lost()). The
 * max-marginals of a digit solved at the node are in own[d]; a settled
 * digit's are those of the ancestor that solved it, which stays as it is
 * while the node's subtree is searched, and through[d] points to them
 * there (a copy of the whole relaxation must solve every digit before it
 * reads them). */
typedef struct relaxation {
    int32_t price[BD_CELLS];
    bdi_layer layer[BD_SIZE];
    const int32_t *through[BD_SIZE];
    int32_t own[BD_SIZE][BD_CELLS];
    int32_t anchor[BD_SIZE];
    int64_t value;
    bdi_rows rows;            /* the row relaxation, once rows_on (its drops may be
                               * an ancestor's: a copy of the whole relaxation must
                               * solve every row before it reads them) */
    unsigned blank[3];        /* the node's blanks (bit c % 32 of blank[c / 32]) */
    int8_t g[BD_CELLS];       /* the subgradient there: 1 - the layers taking each blank */
    bool fixed;               /* its fixing took pairs out of allow */
    int64_t slack;            /* L less the need at its fixing (fix_by_layers) */
    int64_t rows_over;        /* the rows' test's threshold there, INT64_MAX: none */
    /* [d - 1][r]: d's best value less that of its best layer through
     * another cell of row r than its pick, GAP_NONE if none (leaving_costs;
     * a settled layer keeps it, as its values all move together; within
     * +-2^26, as layer values lie within 9 x (90 x SCALE + the price limit)) */
    int32_t gap[BD_SIZE][BD_SIZE];
    /* leaving_costs' sums: leave[cell] over the digits d whose best layer
     * takes the blank with a positive share, min(share, FIX_CAP) (below
     * 9 x 2^29 < 2^32), those digits in mine[cell] (bit d - 1); on the
     * node's blanks (other cells: anything) */
    uint32_t leave[BD_CELLS];
    uint16_t mine[BD_CELLS];
} relaxation;

static const int32_t GAP_NONE = INT32_MIN;

/* ORs `lanes` (a 16-bit mask repeated in each 16-bit lane) into the four
 * uint16_t at `at`, as one read-modify-write. */
static inline void block4(uint16_t *at, uint64_t lanes)
{
    uint64_t x;
    memcpy(&x, at, sizeof x);
    x |= lanes;
    memcpy(at, &x, sizeof x);
}

/* The same for the two uint16_t at `at`. */
static inline void block2(uint16_t *at, uint32_t lanes)
{
    uint32_t x;
    memcpy(&x, at, sizeof x);
    x |= lanes;
    memcpy(at, &x, sizeof x);
}

/* Whether this process runs the AVX2 kernels of target_avx2.c: where
 * they are built and bdi_fast_wide says so (BITDOKU_ISA and the
 * processor). */
static bool wide_kernels(void)
{
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
    return bdi_fast_wide();
#else
    return false;
#endif
}

/* Puts `digit` on `cell`: the cell, the unit masks, the blocked digits of
 * the cells of its row, column and box, and the score. */
static inline void place(target *s, int cell, int digit)
{
    unsigned bit = digit_bit(digit);
    const uint8_t *unit = s->unit[cell];
    s->cells[cell] = (uint8_t)digit;
    s->placed[cell] = (uint16_t)bit;
    for (int kind = 0; kind < UNIT_KINDS; kind++)   /* units_add, from the table */
        s->units.used[kind][unit[kind]] |= bit;
    s->score += digit * s->weight[cell];
    uint64_t lanes = bit * UINT64_C(0x0001000100010001);
    uint16_t *row = s->blocked + unit[UNIT_ROW] * BD_SIZE, *col = s->blocked + unit[UNIT_COL];
    uint16_t *box = s->blocked + bdi_unit_cells[UNIT_BOX * BD_SIZE + unit[UNIT_BOX]][0];
    block4(row, lanes);
    block4(row + 4, lanes);
    row[8] |= (uint16_t)bit;
    for (int i = 0; i < BD_SIZE; i++)
        col[i * BD_SIZE] |= (uint16_t)bit;
    for (int i = 0; i < BD_BOX; i++) {
        block2(box + i * BD_SIZE, (uint32_t)lanes);
        box[i * BD_SIZE + 2] |= (uint16_t)bit;
    }
}

/* Takes the digit off `cell` again, undoing place() but for s->blocked,
 * which keeps the digit's bits: the caller puts back its copy of
 * s->blocked from before the place(). */
static void unplace(target *s, int cell)
{
    int digit = s->cells[cell];
    unsigned bit = s->placed[cell];
    const uint8_t *unit = s->unit[cell];
    s->cells[cell] = 0;
    for (int kind = 0; kind < UNIT_KINDS; kind++)   /* units_remove, from the table */
        s->units.used[kind][unit[kind]] &= ~bit;
    s->score -= digit * s->weight[cell];
}

/* The digits `cell` may take: allowed there and used in none of its
 * units. */
static unsigned candidates(const target *s, int cell)
{
    return s->allow[cell] & ~(unsigned)s->blocked[cell];
}

/* The goal a completion must reach to matter now. */
static int goal_now(const target *s)
{
    return s->best_score >= s->goal ? s->best_score + 1 : s->goal;
}

/* Keeps the completion `cells` (scoring `score`) if it beats the
 * incumbent (then the search needs no probe for one: probe_at 0); stops
 * the search once the incumbent meets the proven upper bound. */
static void offer(target *s, int score, const uint8_t cells[BD_CELLS])
{
    if (score > s->best_score) {
        s->best_score = score;
        s->probe_at = 0;
        memcpy(s->best.cells, cells, BD_CELLS);
    }
    if (s->best_score >= s->proven)
        s->stop = true;
}

/* Offers the completion in s->cells (every cell placed). */
static void record(target *s)
{
    offer(s, s->score, s->cells);
}

/* What the layer relaxation sees of the current node: what bdi_layer_cell
 * would set on every cell (a blank's candidates and weight x SCALE, a
 * placed digit's bit and 0), written here with masks: where s->wide by
 * the AVX2 kernel (sixteen cells a vector); else with SSE2 eight
 * cells a vector (the weights widened to 32 bits and scaled by a
 * multiply-add), the last cell alone; elsewhere (BD_PORTABLE) a loop
 * without branches. */
static void snapshot(const target *s, bdi_layer_node *node)
{
    bdi_layer_clear(node, false);
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
    if (s->wide) {
        bdi_target_snapshot_avx2(s->cells, s->allow, s->blocked, s->placed, s->weight, SCALE,
                                 node->open, node->gain);
        return;
    }
#endif
    int cell = 0;
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    const __m128i zero = _mm_setzero_si128(), scale = _mm_set1_epi32(SCALE);
    for (; cell + 8 <= BD_CELLS; cell += 8) {
        __m128i blank8 = _mm_cmpeq_epi8(_mm_loadl_epi64((const __m128i *)(s->cells + cell)), zero);
        __m128i blank = _mm_unpacklo_epi8(blank8, blank8);   /* a 16-bit mask a cell */
        __m128i allow = _mm_loadu_si128((const __m128i *)(s->allow + cell));
        __m128i blocked = _mm_loadu_si128((const __m128i *)(s->blocked + cell));
        __m128i placed = _mm_loadu_si128((const __m128i *)(s->placed + cell));
        __m128i open = _mm_or_si128(_mm_and_si128(_mm_andnot_si128(blocked, allow), blank),
                                    _mm_andnot_si128(blank, placed));
        _mm_storeu_si128((__m128i *)(node->open + cell), open);
        __m128i weight = _mm_loadl_epi64((const __m128i *)(s->weight + cell));
        weight = _mm_unpacklo_epi8(_mm_and_si128(weight, blank8), zero);   /* 16 bits, then 32 */
        _mm_storeu_si128((__m128i *)(node->gain + cell),
                         _mm_madd_epi16(_mm_unpacklo_epi16(weight, zero), scale));
        _mm_storeu_si128((__m128i *)(node->gain + cell + 4),
                         _mm_madd_epi16(_mm_unpackhi_epi16(weight, zero), scale));
    }
#endif
    for (; cell < BD_CELLS; cell++) {
        unsigned blank = s->cells[cell] == 0, mask = 0u - blank;
        node->open[cell] = (uint16_t)((candidates(s, cell) & mask) | (s->placed[cell] & ~mask));
        node->gain[cell] = s->weight[cell] * SCALE & -(int32_t)blank;
    }
}

/* What L must reach for the node to matter, in 1/SCALE point. */
static int64_t need_now(const target *s)
{
    return (int64_t)SCALE * (goal_now(s) - s->score);
}

/* Offers the completion of the node that puts cells[cell] on each blank
 * (the node's cells stay as they are). */
static void record_completion(target *s, const uint8_t cells[BD_CELLS])
{
    uint8_t filled[BD_CELLS];
    int score = s->score;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        filled[cell] = s->cells[cell] ? s->cells[cell] : cells[cell];
        score += s->cells[cell] ? 0 : cells[cell] * s->weight[cell];
    }
    offer(s, score, filled);
}

/* The layers of rel, which cover every blank once: their completion. */
static void record_layers(target *s, const relaxation *rel)
{
    uint8_t cells[BD_CELLS];
    memcpy(cells, s->cells, sizeof cells);
    for (int digit = 1; digit <= BD_SIZE; digit++)
        for (int r = 0; r < BD_SIZE; r++)
            cells[r * BD_SIZE + rel->layer[digit - 1].pick[r]] = (uint8_t)digit;
    record_completion(s, cells);
}

/* The sum of rel's prices on the node's blanks. */
static int32_t blank_prices(const bdi_layer_node *node, const relaxation *rel)
{
    int32_t prices = 0;   /* within 81 x BDI_LAYER_PRICE_LIMIT: no overflow */
    for (int cell = 0; cell < BD_CELLS; cell++)   /* a loop without branches (a mask) */
        prices += rel->price[cell] & -(int32_t)(node->gain[cell] != 0);
    return prices;
}

/* L from the layers in rel, with `prices` = blank_prices(node, rel):
 * false when some digit has no layer. */
static bool total_of(relaxation *rel, int32_t prices)
{
    int64_t value = prices;
    for (int digit = 0; digit < BD_SIZE; digit++) {
        if (rel->layer[digit].best == BDI_LAYER_NONE)
            return false;
        value += rel->layer[digit].best;
    }
    rel->value = value;
    return true;
}

/* What digit d's best layer in rel loses when it must take `cell`
 * (through less best, <= 0), or BDI_LAYER_NONE less its best value when
 * no layer of d takes the cell. */
static int32_t lost(const relaxation *rel, int d, int cell)
{
    int32_t through = rel->through[d][cell];
    return through == BDI_LAYER_NONE ? through - rel->layer[d].best : through - rel->anchor[d];
}

/* Solves digit's layer in rel, with max-marginals, at the node. */
static void solve_layer(const bdi_layer_node *node, relaxation *rel, int digit)
{
    bdi_layer *layer = &rel->layer[digit - 1];
    bdi_layer_solve(node, rel->price, digit, layer, rel->own[digit - 1]);
    rel->through[digit - 1] = rel->own[digit - 1];
    rel->anchor[digit - 1] = layer->best;
}

/*
 * Solves the layers of the digits `fresh` (bit d - 1) in rel as
 * refresh() does, the largest digit first, rel as inherited from the
 * parent's node, `gone` (bit c % 32 of gone[c / 32]) the cells placed
 * since then and `weight` each cell's weight; false, leaving the rest
 * unsolved, once the layers' sum is sure to stay below `need`. Every
 * layer of d left takes the cells placed since with d and was a layer of
 * d at the parent, so it is worth at most the parent's best through each
 * of them (best + lost(), loss[d - 1] the least) less what they earned
 * there (d x weight x SCALE - price, summed in lower[d - 1]): that stands
 * in for each digit still to solve (a cell no layer took there: no layer
 * is left, and the bound is far below any need).
 */
static bool solve_within(const bdi_layer_node *node, relaxation *rel, unsigned fresh,
                         const unsigned gone[3], const uint8_t weight[BD_CELLS], int64_t need)
{
    int64_t lower[BD_SIZE] = {0}, loss[BD_SIZE] = {0}, most = 0;   /* the layers' sum at most */
    for (int word = 0; word < 3; word++)
        for (unsigned bits = gone[word]; bits; bits &= bits - 1u) {
            int cell = word * 32 + bit_digit(bits) - 1, digit = bit_digit(node->open[cell]);
            int64_t through = lost(rel, digit - 1, cell);   /* the parent's, <= 0 */
            lower[digit - 1] += (int64_t)digit * weight[cell] * SCALE - rel->price[cell];
            loss[digit - 1] = through < loss[digit - 1] ? through : loss[digit - 1];
        }
    for (int d = 0; d < BD_SIZE; d++)
        most += rel->layer[d].best + (fresh & (1u << d) ? loss[d] - lower[d] : 0);
    if (most < need)
        return false;
    for (unsigned digits = fresh; digits; digits &= ~digit_bit(top_digit(digits))) {
        int digit = top_digit(digits);
        most -= rel->layer[digit - 1].best + loss[digit - 1] - lower[digit - 1];
        solve_layer(node, rel, digit);
        if ((most += rel->layer[digit - 1].best) < need)
            return false;   /* also where the digit has no layer left */
    }
    return true;
}

/* The digits (bit d - 1) whose layer in `layers` takes a cell closed to d
 * at the node: where `wide`, by the AVX2 kernel. */
static unsigned closed_layers(const bdi_layer_node *node, const bdi_layer layers[BD_SIZE],
                              bool wide)
{
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
    if (wide)
        return bdi_target_closed_avx2(node->open, layers);
#else
    (void)wide;
#endif
    unsigned fresh = 0;
    for (int digit = 1; digit <= BD_SIZE; digit++) {
        unsigned closed = 0;   /* the digit's bit when a cell of the layer is closed to it */
        for (int r = 0; r < BD_SIZE; r++)
            closed |= ~(unsigned)node->open[r * BD_SIZE + layers[digit - 1].pick[r]];
        fresh |= closed & digit_bit(digit);
    }
    return fresh;
}

/* Re-solves, with max-marginals, the layers of rel: with `gone` NULL all
 * of them; otherwise rel is as inherited from the parent's node, `gone`
 * (bit c % 32 of gone[c / 32]) the cells placed since then and `weight`
 * each cell's weight, and only the layers whose best cells are not all
 * open at the node are re-solved, the others settled (a layer kept from an
 * ancestor whose cells are all still open is still the best, but the
 * cells of it placed since then, with its digit so that every layer left
 * takes them, no longer pay or earn: its value and its max-marginals move
 * down together by what they did, the max-marginals through its anchor,
 * which stays), and two digits or more to re-solve are solved by
 * solve_within, which may find L below `need` before it solves them all:
 * then false. Sets in *solved (unless NULL) the digits re-solved (bit
 * d - 1). False when some digit has no layer. `wide`: the layers' closed
 * cells found by the AVX2 kernel.
 */
static inline bool refresh(const bdi_layer_node *node, relaxation *rel, unsigned *solved,
                           const unsigned gone[3], const uint8_t weight[BD_CELLS], int64_t need,
                           bool wide)
{
    bool all = gone == NULL;
    unsigned fresh = all ? ALL_DIGITS : closed_layers(node, rel->layer, wide);
    int32_t prices;
    if (!all) {
        /* from the parent's: its blanks' prices are its L less its layers'
         * values, and a settled layer's value is its cells' profits */
        int64_t sum = rel->value;
        for (int d = 0; d < BD_SIZE; d++)
            sum -= rel->layer[d].best;
        for (int word = 0; word < 3; word++)
            for (unsigned bits = gone[word]; bits; bits &= bits - 1u) {
                int cell = word * 32 + bit_digit(bits) - 1, digit = bit_digit(node->open[cell]);
                bdi_layer *layer = &rel->layer[digit - 1];
                sum -= rel->price[cell];
                if (!(fresh & digit_bit(digit)) && layer->pick[cell / BD_SIZE] == cell % BD_SIZE)
                    layer->best -= digit * weight[cell] * SCALE - rel->price[cell];
            }
        prices = (int32_t)sum;
    } else {
        prices = blank_prices(node, rel);
    }
    if (!all && (fresh & (fresh - 1u))) {
        if (!solve_within(node, rel, fresh, gone, weight, need - prices))
            return false;
    } else {
        for (unsigned digits = fresh; digits; digits &= digits - 1u)
            solve_layer(node, rel, bit_digit(digits));
    }
    if (solved)
        *solved = fresh;
    return total_of(rel, prices);
}

/* Tries a packed completion under rel's prices (pack.c). */
static void try_pack(target *s, const bdi_layer_node *node, const relaxation *rel)
{
    uint8_t cells[BD_CELLS];
    if (bdi_layer_pack(node, rel->price, rel->layer, cells))
        record_completion(s, cells);
}

/* Sets bit c % 32 of nonzero[c / 32] for each cell c whose g is not 0:
 * with SSE2 sixteen cells at once (their bytes compared to 0, the signs
 * gathered), the last cell alone; elsewhere (BD_PORTABLE) cell by cell. */
static void nonzero_cells(const int8_t g[BD_CELLS], unsigned nonzero[3])
{
    nonzero[0] = nonzero[1] = nonzero[2] = 0;
    int cell = 0;
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    const __m128i zero = _mm_setzero_si128();
    for (; cell + 16 <= BD_CELLS; cell += 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(g + cell));
        unsigned bits = ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, zero)) & 0xffffu;
        nonzero[cell / 32] |= bits << (cell % 32);
    }
#endif
    for (; cell < BD_CELLS; cell++)
        nonzero[cell / 32] |= (unsigned)(g[cell] != 0) << (cell % 32);
}

/* One Polyak step on rel's prices towards `aim`, from the subgradient g
 * (squared norm `norm`) at L = rel->value; `lambda` in 1/SCALE. Returns
 * the digits open on some cell whose price moved: only their layers can
 * change; adds the prices' changes to *prices (g is 0 on placed cells:
 * the sum of the prices on the blanks stays that). With `wide`, by the
 * AVX2 kernel, its step cut to 2^22: a step that long moves any price
 * with g != 0 past a limit already (prices lie within
 * +-BDI_LAYER_PRICE_LIMIT = 2^21), so the clipped prices are the same. */
static unsigned step_prices(const bdi_layer_node *node, relaxation *rel, const int8_t g[BD_CELLS],
                            int norm, int64_t aim, int64_t lambda, bool wide, int32_t *prices)
{
    int64_t step = lambda * (rel->value - aim) / ((int64_t)SCALE * norm);
    if (step < 1)
        step = 1;
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
    enum { LONGEST = 1 << 22 };
    if (wide) {
        int32_t change;
        unsigned moved = bdi_target_step_avx2(g, node->open,
                                              (int32_t)(step < LONGEST ? step : LONGEST),
                                              BDI_LAYER_PRICE_LIMIT, rel->price, &change);
        *prices += change;
        return moved;
    }
#else
    (void)wide;
#endif
    unsigned moved = 0, nonzero[3];
    nonzero_cells(g, nonzero);
    for (int word = 0; word < 3; word++) {
        for (unsigned bits = nonzero[word]; bits; bits &= bits - 1u) {
            int cell = word * 32 + bit_digit(bits) - 1;
            moved |= node->open[cell];
            int64_t price = rel->price[cell] - step * g[cell];
            if (price > BDI_LAYER_PRICE_LIMIT)
                price = BDI_LAYER_PRICE_LIMIT;
            if (price < -BDI_LAYER_PRICE_LIMIT)
                price = -BDI_LAYER_PRICE_LIMIT;
            *prices += (int32_t)price - rel->price[cell];
            rel->price[cell] = (int32_t)price;
        }
    }
    return moved;
}

/* The Polyak aim: with no need yet (no incumbent, no goal) a few points
 * below the best L so far; at the root, a point below the incumbent + 1;
 * in the passes, about a tenth of a point below the goal. The passes' goals sit
 * right at the bound on the hardest grids, whose optimum is 1 below an
 * integral LP bound: every tenth of a point of slack left at the root
 * lets whole subtrees through. */
static int64_t aim_of(const target *s, int64_t best)
{
    if (s->best_score < 0 && s->goal == 0)
        return best - 4 * SCALE;
    return need_now(s) - (s->goal > 0 ? PASS_AIM : SCALE);
}

/* One subgradient step on the layer relaxation `trial` (subgradient g,
 * squared norm `norm`): prices towards `aim` (step_prices, `wide` as
 * there, *prices the sum of trial's prices on the blanks, kept so), the
 * layers that may change re-solved, L updated; false when some digit has
 * no layer left. */
static bool step_layers(const bdi_layer_node *node, relaxation *trial, const int8_t g[BD_CELLS],
                        int norm, int64_t aim, int64_t lambda, bool wide, int32_t *prices)
{
    unsigned moved = step_prices(node, trial, g, norm, aim, lambda, wide, prices);
    bdi_layer_solve_moved(node, trial->price, moved, trial->layer);
    return total_of(trial, *prices);
}

/*
 * Up to `iterations` subgradient steps from rel's prices, keeping in rel
 * the prices of the least L, with every layer and max-marginal solved.
 * With `pack`, each step also tries the packed completion. Returns false
 * when the node is done: no completion, or L below the need (a completion
 * whose layers meet is recorded on the way).
 */
static bool descend(target *s, const bdi_layer_node *node, relaxation *rel, int iterations,
                    bool pack)
{
    relaxation trial;   /* the steps' prices, layers and L (its other parts unused) */
    memcpy(trial.price, rel->price, sizeof trial.price);
    memcpy(trial.layer, rel->layer, sizeof trial.layer);
    trial.value = rel->value;
    int32_t prices = blank_prices(node, &trial);   /* trial's on the blanks */
    int64_t lambda = SCALE * 3 / 2, floor_bound = rel->value / SCALE;
    int stall = 0, since_floor = 0;
    int patience = s->blank_count <= DENSE_BLANKS ? DENSE_PATIENCE : PATIENCE;
    if (s->patience > 0)
        patience = s->patience;
    for (int it = 0; it < iterations && lambda > 0 && since_floor < patience; it++) {
        if (bdi_budget_expired(&s->budget)) {
            s->stop = true;   /* the timeout passed: the search is cut short */
            return false;
        }
        int8_t g[BD_CELLS];
        int norm = bdi_layer_subgradient(node, trial.layer, g);
        if (norm == 0) {
            record_layers(s, &trial);
            return false;
        }
        if (pack && it % PACK_EVERY == 0) {
            try_pack(s, node, &trial);
            if (s->stop || rel->value < need_now(s))
                return false;
        }
        if (!step_layers(node, &trial, g, norm, aim_of(s, rel->value), lambda, s->wide, &prices))
            return false;
        since_floor++;
        if (trial.value / SCALE < floor_bound) {
            floor_bound = trial.value / SCALE;
            since_floor = 0;
        }
        if (trial.value < rel->value) {
            memcpy(rel->price, trial.price, sizeof rel->price);
            rel->value = trial.value;
            stall = 0;
            if (rel->value < need_now(s))
                return false;
        } else if (++stall >= STALL) {
            lambda /= 2;
            stall = 0;
        }
    }
    return refresh(node, rel, NULL, NULL, NULL, 0, s->wide);
}

/* leaving_costs' costs are clipped at FIX_CAP, which bounds the slack of
 * layer_tests' int32 sums (see there). */
enum { FIX_SHIFT = 29, FIX_CAP = 1 << FIX_SHIFT };

/* Digit d's share of what its pick in row r costs (leaving_costs): its
 * best value less that of its best layer through another cell of the row
 * (rel->gap), or less BDI_LAYER_NONE where there is none. */
static int64_t share(const relaxation *rel, int d, int r)
{
    int64_t gap = rel->gap[d][r];
    return gap == GAP_NONE ? (int64_t)rel->layer[d].best - BDI_LAYER_NONE : gap;
}

/* Adds to rel's leave and mine (leaving_costs), or with `out` takes out,
 * what digit d's best layer in `from` (rel or its parent's relaxation)
 * gave them there: on the picks that were blanks there (from->blank),
 * min(share, FIX_CAP) where the share is positive. */
static void count_shares(relaxation *rel, const relaxation *from, int d, bool out)
{
    for (int r = 0; r < BD_SIZE; r++) {
        int taken = r * BD_SIZE + from->layer[d].pick[r];
        if (!(from->blank[taken / 32] >> (taken % 32) & 1u))
            continue;
        int64_t loss = share(from, d, r);
        if (loss > 0) {
            uint32_t part = (uint32_t)(loss < FIX_CAP ? loss : FIX_CAP);
            if (out) {
                rel->leave[taken] -= part;
                rel->mine[taken] &= (uint16_t)~(1u << d);
            } else {
                rel->leave[taken] += part;
                rel->mine[taken] |= (uint16_t)(1u << d);
            }
        }
    }
}

/* Digit d's gaps (rel->gap[d]) in the rows whose pick is a blank: its
 * best value less the largest max-marginal of the row's other cells,
 * GAP_NONE where that is BDI_LAYER_NONE. With `wide`, by the AVX2 kernel
 * (eight cells of a row at once). */
static void find_gaps(relaxation *rel, int d, bool wide)
{
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
    if (wide) {
        bdi_target_gaps_avx2(rel->through[d], rel->layer[d].pick, rel->blank, rel->layer[d].best,
                             rel->gap[d]);
        return;
    }
#else
    (void)wide;
#endif
    for (int r = 0; r < BD_SIZE; r++) {
        int pick = rel->layer[d].pick[r], taken = r * BD_SIZE + pick;
        if (!(rel->blank[taken / 32] >> (taken % 32) & 1u))
            continue;
        const int32_t *row = rel->through[d] + r * BD_SIZE;
        int32_t other = BDI_LAYER_NONE;
        for (int c = 0; c < BD_SIZE; c++) {   /* the row's cells but the taken one */
            int32_t through = c == pick ? BDI_LAYER_NONE : row[c];
            other = through > other ? through : other;
        }
        rel->gap[d][r] = other == BDI_LAYER_NONE ? GAP_NONE : rel->layer[d].best - other;
    }
}

/*
 * What each blank costs the layers that must leave it: the sum over the
 * digits d whose best layer takes the blank of best(d) minus the best
 * layer of d that avoids it, when positive: d's share (share(), for its
 * pick in row r), with bit d - 1 of rel->mine[cell] set; the blank's cost
 * is min(that sum, FIX_CAP), which is min(rel->leave[cell], FIX_CAP) as
 * no share is negative (layer_tests takes it so). A layer
 * takes one cell of each row, so the best layer of d avoiding a cell is at
 * most the largest max-marginal through[d] of the other cells of its row:
 * each share is a lower bound on what d loses when the blank takes
 * another digit. The rows' gaps (rel->gap) are found anew for the digits
 * `solved` (bit d - 1), whose layers were solved at this node, and kept
 * for the others, settled since their gaps were found (the blanks placed
 * since are skipped). With `parent` (rel inherited from it, and solved
 * there by leaving_costs), leave and mine start from the parent's, less
 * what the digits `solved` gave them there: a settled digit gives each
 * blank what it gave it at the parent (the same pick and gap, and a share
 * without gap is above FIX_CAP at any value).
 */
static void leaving_costs(relaxation *rel, const relaxation *parent, unsigned solved, bool wide)
{
    unsigned digits = ALL_DIGITS;   /* whose shares are counted here */
    if (parent) {
        memcpy(rel->leave, parent->leave, sizeof rel->leave);
        memcpy(rel->mine, parent->mine, sizeof rel->mine);
        for (digits = solved; digits; digits &= digits - 1u)
            count_shares(rel, parent, bit_digit(digits) - 1, true);
        digits = solved;
    } else {
        memset(rel->leave, 0, sizeof rel->leave);
        memset(rel->mine, 0, sizeof rel->mine);
    }
    for (; digits; digits &= digits - 1u) {
        int d = bit_digit(digits) - 1;
        if (solved & (1u << d))
            find_gaps(rel, d, wide);
        count_shares(rel, rel, d, false);
    }
}

/* The layers' test of fix_by_layers on every cell and digit, with each
 * cell's cost, cost[cell] = min(rel->leave[cell], FIX_CAP)
 * (leaving_costs): bit d of fired[cell] set when
 * cost[cell] - lost(rel, d, cell) > slack, for 0 <= slack < FIX_CAP,
 * computed as anchor(d) - through[d][cell] + cost[cell] > slack (with
 * SSE2: not through[d][cell] + slack - anchor(d) + 1 > cost[cell]). Layer
 * values lie within +-2^26 and max-marginals are those or
 * BDI_LAYER_NONE (-2^30), so the terms stay within int32; where no layer
 * takes the cell both forms exceed 2^29 and fire, and a cost clipped at
 * FIX_CAP fires as its whole would. With `wide`, by the AVX2 kernel
 * (eight cells at once); else with SSE2 four cells at once (the last cell
 * alone); elsewhere (BD_PORTABLE) cell by cell. */
static void layer_tests(const relaxation *rel, int32_t slack, uint16_t fired[BD_CELLS], bool wide)
{
    const uint32_t *leave = rel->leave;
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
    if (wide) {
        bdi_target_layer_tests_avx2(rel->through, rel->anchor, leave, FIX_CAP, slack, fired);
        return;
    }
#else
    (void)wide;
#endif
    int cell = 0;
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    /* the test fails where through + slack - anchor(d) + 1 > cost: -1 there */
    __m128i over[BD_SIZE], all = _mm_set1_epi32(ALL_DIGITS), cap = _mm_set1_epi32(FIX_CAP);
    for (int d = 0; d < BD_SIZE; d++)
        over[d] = _mm_set1_epi32(slack - rel->anchor[d] + 1);
    for (; cell + 4 <= BD_CELLS; cell += 4) {
        __m128i sum = _mm_loadu_si128((const __m128i *)(leave + cell)), acc = _mm_setzero_si128();
        __m128i below = _mm_cmpeq_epi32(_mm_srli_epi32(sum, FIX_SHIFT), acc);   /* sum < FIX_CAP */
        __m128i c = _mm_or_si128(_mm_and_si128(below, sum), _mm_andnot_si128(below, cap));
        for (int d = BD_SIZE - 1; d >= 0; d--) {   /* acc = 2 acc - (the test fails) */
            __m128i t = _mm_loadu_si128((const __m128i *)(rel->through[d] + cell));
            acc = _mm_add_epi32(_mm_add_epi32(acc, acc),
                                _mm_cmpgt_epi32(_mm_add_epi32(t, over[d]), c));
        }
        acc = _mm_add_epi32(acc, all);   /* ALL_DIGITS less the digits failing */
        _mm_storel_epi64((__m128i *)(fired + cell), _mm_packs_epi32(acc, acc));
    }
#endif
    for (; cell < BD_CELLS; cell++) {
        unsigned bits = 0;
        int32_t cost = leave[cell] < FIX_CAP ? (int32_t)leave[cell] : FIX_CAP;
        for (int d = 0; d < BD_SIZE; d++)
            bits |= (unsigned)(cost - rel->through[d][cell] > slack - rel->anchor[d]) << d;
        fired[cell] = (uint16_t)bits;
    }
}

/* The rows' test of fix_by_layers on one cell: bit d set when drop[d] >
 * slack. With SSE2 four digits at once; elsewhere (BD_PORTABLE) digit by
 * digit. */
static unsigned rows_test(const int32_t drop[BD_SIZE], int32_t slack)
{
    unsigned bits = 0;
    int d = 0;
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    __m128i over = _mm_set1_epi32(slack);
    for (; d + 4 <= BD_SIZE; d += 4) {
        __m128i gt = _mm_cmpgt_epi32(_mm_loadu_si128((const __m128i *)(drop + d)), over);
        bits |= (unsigned)_mm_movemask_ps(_mm_castsi128_ps(gt)) << d;
    }
#endif
    for (; d < BD_SIZE; d++)
        bits |= (unsigned)(drop[d] > slack) << d;
    return bits;
}

/* The sum of the shares in row r of the digits d of `digits` (bit d). */
static int64_t shares(const relaxation *rel, int r, unsigned digits)
{
    int64_t sum = 0;
    for (; digits; digits &= digits - 1u)
        sum += share(rel, bit_digit(digits) - 1, r);
    return sum;
}

/* The pairs of the blank `cell` that fix_by_layers takes out of allow,
 * from those its tests fire on (`out`, which holds by_rows, the rows'):
 * each of the others whose digit is in `retest` is tested again with the
 * shares (leaving_costs) of the other digits of mine, and kept when it
 * passes. Returns what goes. */
static inline unsigned fix_cell(target *s, const relaxation *rel, int cell, unsigned out,
                         unsigned retest, unsigned by_rows, unsigned mine,
                         int64_t slack)
{
    for (unsigned again = out & retest & ~by_rows; again; again &= again - 1u) {
        int d = bit_digit(again) - 1;
        unsigned bit = again & (0u - again);
        int64_t left = shares(rel, cell / BD_SIZE, mine & ~bit) - (int64_t)lost(rel, d, cell);
        if (left <= slack)
            out &= ~bit;
    }
    s->allow[cell] &= (uint16_t)~out;
    return out;
}

/* ROW_WORDS[r]: the cells of row r as bits c % 32 of word c / 32. */
static const unsigned ROW_WORDS[BD_SIZE][3] = {
    {0x000001ffu, 0x00000000u, 0x00000000u},
    {0x0003fe00u, 0x00000000u, 0x00000000u},
    {0x07fc0000u, 0x00000000u, 0x00000000u},
    {0xf8000000u, 0x0000000fu, 0x00000000u},
    {0x00000000u, 0x00001ff0u, 0x00000000u},
    {0x00000000u, 0x003fe000u, 0x00000000u},
    {0x00000000u, 0x7fc00000u, 0x00000000u},
    {0x00000000u, 0x80000000u, 0x000000ffu},
    {0x00000000u, 0x00000000u, 0x0001ff00u},
};

/* Removes from allow every pair (cell, d) whose child cannot reach the
 * need under the node's prices: d's best layer through the cell, with the
 * other digits' best layers kept off it (leaving_costs), or (with `rows`)
 * the row bound less the pair's drop (rows.c: what its row's assignment
 * loses, or at least its reduced cost); notes in s->fixed whether
 * any was removed. The pairs are the node's (node->open on the blanks,
 * which are their candidates at the node). When L is within FIX_CAP of
 * the need, the layers' test runs on every pair with the cell's whole
 * cost (layer_tests), and a pair it fires on whose digit has a share of
 * that cost (and which the rows do not fix) is tested again without it
 * (fix_cell): the test with less cost fires on fewer pairs. Otherwise
 * every pair is tested by fix_cell. At a child (`parent`) where no layer
 * was re-solved (`solved` 0) and the slack L - need is at least the
 * parent's, the layers' tests are not run: the costs (leave, mine) and
 * the max-marginals are the parent's, each loss through a cell no layer
 * takes and each share without gap at most the parent's (the settled
 * values only fell), so each pair they would take out they took out at
 * the parent, for the subtree. The rows' test by the AVX2 kernel
 * (bdi_target_rows_tests_avx2) where s->wide, else cell by cell
 * (rows_test); at a child (`parent`) whose rows' slack is at least the
 * parent's (rel->rows_over), not on the rows whose drops are the parent's:
 * each of their open pairs that the test would fire on fired at the
 * parent, whose fixing took it out of allow for the subtree. With SSE2
 * the cells where nothing is tested again go eight at a time. */
static void fix_by_layers(target *s, const bdi_layer_node *node, relaxation *rel,
                          const relaxation *parent, unsigned solved, bool rows)
{
    int64_t need = need_now(s);
    int64_t slack = rel->value - need, rows_slack = rows ? rel->rows.value - need : 0;
    uint16_t fired[BD_CELLS], every[BD_CELLS], by_rows[BD_CELLS] = {0};
    const uint16_t *mine = rel->mine, *retest = mine;   /* the digits fix_cell tests again */
    /* nothing re-solved since the parent, whose slack was not above: the
     * layers fire on none of the pairs left (fix_by_layers) */
    bool settled = parent && !solved && slack >= parent->slack;
    rel->slack = slack;
    leaving_costs(rel, parent, solved, s->wide);
    if (settled) {
        memset(fired, 0, sizeof fired);
    } else if (slack < FIX_CAP) {
        layer_tests(rel, (int32_t)slack, fired, s->wide);
    } else {
        for (int cell = 0; cell < BD_CELLS; cell++)
            fired[cell] = every[cell] = ALL_DIGITS;
        retest = every;
    }
    rel->rows_over = INT64_MAX;
    if (rows) {
        int32_t over = (int32_t)(rows_slack > INT32_MAX ? INT32_MAX
                                 : rows_slack < INT32_MIN ? INT32_MIN : rows_slack);
        unsigned tested[3];   /* the blanks whose rows the test reads */
        memcpy(tested, rel->blank, sizeof tested);
        if (parent && over >= parent->rows_over)
            for (int r = 0; r < BD_SIZE; r++)
                if (rel->rows.drops[r] == parent->rows.drops[r])
                    for (int word = 0; word < 3; word++)
                        tested[word] &= ~ROW_WORDS[r][word];
        rel->rows_over = over;
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
        if (s->wide)
            bdi_target_rows_tests_avx2(rel->rows.drops, tested, node->open, over, by_rows);
        else
#endif
        for (int r = 0, cell = 0; r < BD_SIZE; r++) {
            const int32_t(*drop)[BD_SIZE] = bdi_rows_drops(&rel->rows, r);
            for (int c = 0; c < BD_SIZE; c++, cell++)
                if (tested[cell / 32] >> (cell % 32) & 1u)
                    by_rows[cell] = (uint16_t)(rows_test(drop[c], over) & node->open[cell]);
        }
    }
    unsigned fixed = 0;
    int cell = 0;
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    const __m128i zero = _mm_setzero_si128();
    __m128i gone = zero;
    for (; cell + 8 <= BD_CELLS; cell += 8) {
        __m128i open = _mm_loadu_si128((const __m128i *)(node->open + cell));
        __m128i br = _mm_loadu_si128((const __m128i *)(by_rows + cell));
        __m128i blank = _mm_cmpeq_epi8(_mm_loadl_epi64((const __m128i *)(s->cells + cell)), zero);
        blank = _mm_unpacklo_epi8(blank, blank);   /* a 16-bit mask a cell */
        __m128i out = _mm_and_si128(
            _mm_or_si128(_mm_and_si128(_mm_loadu_si128((const __m128i *)(fired + cell)), open), br),
            blank);
        __m128i again = _mm_andnot_si128(
            br, _mm_and_si128(out, _mm_loadu_si128((const __m128i *)(retest + cell))));
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(again, zero)) != 0xffff) {
            for (int k = cell; k < cell + 8; k++)
                if (!s->cells[k])
                    fixed |= fix_cell(s, rel, k, (fired[k] & node->open[k]) | by_rows[k],
                                      retest[k], by_rows[k], mine[k], slack);
            continue;
        }
        __m128i *allow = (__m128i *)(s->allow + cell);
        _mm_storeu_si128(allow, _mm_andnot_si128(out, _mm_loadu_si128(allow)));
        gone = _mm_or_si128(gone, out);
    }
    fixed |= _mm_movemask_epi8(_mm_cmpeq_epi16(gone, zero)) != 0xffff;
#endif
    for (; cell < BD_CELLS; cell++)
        if (!s->cells[cell])
            fixed |= fix_cell(s, rel, cell, (fired[cell] & node->open[cell]) | by_rows[cell],
                              retest[cell], by_rows[cell], mine[cell], slack);
    s->fixed = fixed != 0;
}

/* Subgradient steps on the row relaxation (solved at this node) aimed at
 * the need: false when the node is done (bound below the need, or the
 * rows' assignments meet and that completion is recorded). */
static bool descend_rows(target *s, const bdi_layer_node *node, relaxation *rel, int iterations)
{
    bool dense = s->blank_count <= DENSE_BLANKS;
    bdi_rows_steps steps = {
        .iterations = iterations,
        .patience = dense ? DENSE_PATIENCE : PATIENCE,
        .stall = dense ? DENSE_ROWS_STALL : ROWS_STALL,
        .need = need_now(s),
        .aim_below = PASS_AIM,
        .budget = &s->budget,
    };
    bdi_rows_status status = bdi_rows_descend(node, &rel->rows, &steps);
    if (s->budget.cut) {
        s->stop = true;       /* the timeout passed: the search is cut short */
        return false;
    }
    if (status == BDI_ROWS_SOLVED) {
        uint8_t cells[BD_CELLS];
        for (int cell = 0; cell < BD_CELLS; cell++)
            cells[cell] = s->cells[cell] ? s->cells[cell] : rel->rows.digit[cell];
        record_completion(s, cells);
    }
    return status == BDI_ROWS_OPEN;
}

/* A child's relaxation from its parent's: the layer part (the
 * max-marginals by reference, see relaxation). */
static void inherit(relaxation *rel, const relaxation *parent)
{
    memcpy(rel->price, parent->price, sizeof rel->price);
    memcpy(rel->layer, parent->layer, sizeof rel->layer);
    memcpy(rel->through, parent->through, sizeof rel->through);
    memcpy(rel->anchor, parent->anchor, sizeof rel->anchor);
    memcpy(rel->gap, parent->gap, sizeof rel->gap);
    rel->value = parent->value;
}

/* The same for the row part: as solved at the parent when the child
 * solves its rows (`rows`: it re-solves those that changed, and reads the
 * others' drops from the parent's, see bdi_rows_inherit), else the row
 * prices alone (a retightened node solves them anew). */
static void inherit_rows(relaxation *rel, const relaxation *parent, bool rows)
{
    if (rows) {
        bdi_rows_inherit(&rel->rows, &parent->rows);
    } else {
        memcpy(rel->rows.col, parent->rows.col, sizeof rel->rows.col);
        memcpy(rel->rows.box, parent->rows.box, sizeof rel->rows.box);
    }
}

/* The search's memo of layer solves, made at tighten's first call (its
 * first solves repeat too); NULL without memory, which only costs time. */
static bdi_layer_memo *layer_memo(target *s)
{
    if (!s->layer_memo)
        s->layer_memo = bdi_layer_memo_new();
    return s->layer_memo;
}

/*
 * The layer bound at the current node into `rel`: from the nearest
 * ancestor's relaxation `parent` (re-solving only stale layers), or, when
 * parent is NULL, from the prices already in rel; then up to `iterations`
 * subgradient steps (packing completions with `pack`); once the rows are
 * on, the row bound too, and its steps where the prices are stepped.
 * Returns false when the node is done: no completion, or either bound
 * below the need (a completion met on the way is recorded). Otherwise
 * narrows allow by fixing and returns true.
 */
static bool tighten(target *s, int iterations, const relaxation *parent, relaxation *rel,
                    bool pack)
{
    /* the rows, once on: solved afresh at a pass's root and a retightened
     * node (their prices stepped there, but kept by the passes after the
     * first); on a sparse grid at a child too, from the parent's, whose
     * rows are solved (every tighten that lets a node branch solved them) */
    bool rows = s->rows_on && (parent == NULL || s->blank_count > DENSE_BLANKS);
    bool rows_steps = rows && parent == NULL && !(s->pass_root && s->rows_tuned);
    if (bdi_budget_expired(&s->budget)) {
        s->stop = true;       /* the timeout passed: the search is cut short */
        return false;
    }
    bdi_layer_node node;
    snapshot(s, &node);
    node.memo = layer_memo(s);
    if (iterations > 0)
        bdi_layer_index(&node);   /* the steps solve many layers here */
    unsigned filled[3], gone[3];   /* the cells placed, and placed since the parent */
    nonzero_cells((const int8_t *)s->cells, filled);
    for (int word = 0; word < 3; word++) {
        unsigned blank = ~filled[word] & (word < 2 ? ~0u : (1u << (BD_CELLS - 64)) - 1u);
        gone[word] = parent ? parent->blank[word] & ~blank : 0;
        rel->blank[word] = blank;
    }
    if (parent)
        inherit(rel, parent);
    unsigned solved;   /* the digits whose gaps leaving_costs finds anew */
    if (!refresh(&node, rel, &solved, parent ? gone : NULL, s->weight, need_now(s), s->wide)
        || rel->value < need_now(s))
        return false;
    if (parent)   /* the rows only for a node the layers let through */
        inherit_rows(rel, parent, rows);
    if (rows && bdi_rows_solve(&node, &rel->rows, parent == NULL) < need_now(s))
        return false;
    if (iterations > 0 && (!descend(s, &node, rel, iterations, pack)
                           || (rows_steps && !descend_rows(s, &node, rel, iterations))))
        return false;
    if (rel->value < need_now(s))
        return false;
    /* the layers meet: the node's best completion; not at a child with no
     * layer re-solved, whose every cell placed since the parent is its
     * digit's pick and no other's (the others' layers would be closed
     * there), so that the layers meet no more than at the parent */
    if (!parent || iterations > 0 || solved) {
        if (bdi_layer_subgradient(&node, rel->layer, rel->g) == 0) {
            record_layers(s, rel);
            return false;
        }
    } else {
        memcpy(rel->g, parent->g, sizeof rel->g);   /* the same on the blanks left */
    }
    if (rows)
        bdi_rows_sharpen(&rel->rows);
    fix_by_layers(s, &node, rel, iterations > 0 ? NULL : parent,
                  iterations > 0 ? ALL_DIGITS : solved, rows);
    rel->fixed = s->fixed;
    return true;
}

/* Swaps blanks[i] and blanks[depth], keeping their positions. */
static void to_front(target *s, int i, int depth)
{
    uint8_t cell = s->blanks[i], other = s->blanks[depth];
    s->blanks[i] = other;
    s->blanks[depth] = cell;
    s->position[other] = (uint8_t)i;
    s->position[cell] = (uint8_t)depth;
}

/*
 * A hidden single among the open blanks blanks[depth..]: a unit whose
 * missing digit has one place left. Moves that blank to blanks[depth] and
 * gives the digit's bit; 0 if there is none. `can` and `twice` are per unit
 * the union of its blanks' candidates and the digits seen in two or more;
 * by_row[cell] each blank's candidates. The units are tried in the order
 * kind * BD_SIZE + index from `first`, none of those before it having
 * such a digit.
 */
static unsigned hidden_single(target *s, int depth, uint16_t can[UNIT_KINDS][BD_SIZE],
                              uint16_t twice[UNIT_KINDS][BD_SIZE],
                              const uint16_t by_row[BD_CELLS], int first)
{
    for (int unit = first; unit < UNIT_KINDS * BD_SIZE; unit++) {
        int kind = unit / BD_SIZE, u = unit % BD_SIZE;
        unsigned once = (unsigned)can[kind][u] & ~(unsigned)twice[kind][u];
        if (!once)
            continue;
        unsigned bit = once & (0u - once);
        for (int pos = 0;; pos++) {   /* the unit's one blank with the bit */
            int cell = bdi_unit_cells[unit][pos];
            if (by_row[cell] & bit) {
                to_front(s, s->position[cell], depth);
                return bit;
            }
        }
    }
    return 0;
}

/* TRANSPOSED[cell]: the cell's index when the grid is read column by
 * column (column * BD_SIZE + row). */
static const uint8_t TRANSPOSED[BD_CELLS] = {
    0, 9,  18, 27, 36, 45, 54, 63, 72, 1, 10, 19, 28, 37, 46, 55, 64, 73, 2, 11, 20,
    29, 38, 47, 56, 65, 74, 3, 12, 21, 30, 39, 48, 57, 66, 75, 4, 13, 22, 31, 40, 49,
    58, 67, 76, 5, 14, 23, 32, 41, 50, 59, 68, 77, 6, 15, 24, 33, 42, 51, 60, 69, 78,
    7, 16, 25, 34, 43, 52, 61, 70, 79, 8, 17, 26, 35, 44, 53, 62, 71, 80};

/* Folds `count` lines of nine masks (lines[k * BD_SIZE + lane]) into
 * can[lane] (their union) and twice[lane] (the bits in two or more), both
 * starting empty. Where the compiler has the C vector extension, lanes
 * 0..7 are one vector of eight 16-bit lanes (SIMD where the target has it)
 * and lane 8 a scalar beside it; elsewhere (BD_PORTABLE) lane by lane. */
#if defined(__GNUC__) && !defined(BD_PORTABLE)
typedef uint16_t lanes8 __attribute__((vector_size(16)));

static void fold_lines(const uint16_t *lines, int count, uint16_t can[BD_SIZE],
                       uint16_t twice[BD_SIZE])
{
    lanes8 any = {0}, more = {0};   /* lanes 0..7 */
    unsigned any8 = 0, more8 = 0;  /* lane 8 */
    for (int k = 0; k < count; k++) {
        lanes8 mask;
        memcpy(&mask, lines + k * BD_SIZE, sizeof mask);
        more |= any & mask;
        any |= mask;
        unsigned mask8 = lines[k * BD_SIZE + BD_SIZE - 1];
        more8 |= any8 & mask8;
        any8 |= mask8;
    }
    memcpy(can, &any, sizeof any);
    memcpy(twice, &more, sizeof more);
    can[BD_SIZE - 1] = (uint16_t)any8;
    twice[BD_SIZE - 1] = (uint16_t)more8;
}
#else
static void fold_lines(const uint16_t *lines, int count, uint16_t can[BD_SIZE],
                       uint16_t twice[BD_SIZE])
{
    for (int lane = 0; lane < BD_SIZE; lane++) {
        unsigned any = 0, more = 0;
        for (int k = 0; k < count; k++) {
            unsigned mask = lines[k * BD_SIZE + lane];
            more |= any & mask;
            any |= mask;
        }
        can[lane] = (uint16_t)any;
        twice[lane] = (uint16_t)more;
    }
}
#endif

/* Per unit, the union of its blanks' candidates (can) and the digits in
 * two or more of them (twice), from the candidates by cell (by_row, 0 on
 * placed cells) and the same read column by column (by_col): the rows are
 * the lanes of by_col's columns folded, the columns those of each band's
 * rows folded and the three bands joined, each box the three columns of
 * its band joined (with SSE2 eight columns and two boxes of a band at
 * once). */
static void unit_masks(const uint16_t by_row[BD_CELLS], const uint16_t by_col[BD_CELLS],
                       uint16_t can[UNIT_KINDS][BD_SIZE], uint16_t twice[UNIT_KINDS][BD_SIZE])
{
    uint16_t band_can[BD_BOX][BD_SIZE], band_twice[BD_BOX][BD_SIZE];
    fold_lines(by_col, BD_SIZE, can[UNIT_ROW], twice[UNIT_ROW]);
    for (int band = 0; band < BD_BOX; band++)
        fold_lines(by_row + band * BD_BOX * BD_SIZE, BD_BOX, band_can[band], band_twice[band]);
    int c = 0, box = 0, boxes = 1;   /* the columns and boxes left to join one by one */
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    /* columns 0..7 as vectors; each band's first two boxes from its
     * columns shifted by one and two lanes, read at lanes 0 and 3 */
    __m128i va[BD_BOX], vt[BD_BOX];
    for (int band = 0; band < BD_BOX; band++) {
        va[band] = _mm_loadu_si128((const __m128i *)band_can[band]);
        vt[band] = _mm_loadu_si128((const __m128i *)band_twice[band]);
        __m128i a1 = _mm_srli_si128(va[band], 2), a2 = _mm_srli_si128(va[band], 4);
        __m128i t1 = _mm_srli_si128(vt[band], 2), t2 = _mm_srli_si128(vt[band], 4);
        __m128i a01 = _mm_or_si128(va[band], a1), any = _mm_or_si128(a01, a2);
        __m128i pairs = _mm_or_si128(_mm_and_si128(va[band], a1), _mm_and_si128(a01, a2));
        __m128i more = _mm_or_si128(_mm_or_si128(_mm_or_si128(vt[band], t1), t2), pairs);
        can[UNIT_BOX][band * BD_BOX] = (uint16_t)_mm_extract_epi16(any, 0);
        can[UNIT_BOX][band * BD_BOX + 1] = (uint16_t)_mm_extract_epi16(any, 3);
        twice[UNIT_BOX][band * BD_BOX] = (uint16_t)_mm_extract_epi16(more, 0);
        twice[UNIT_BOX][band * BD_BOX + 1] = (uint16_t)_mm_extract_epi16(more, 3);
    }
    __m128i ab = _mm_or_si128(va[0], va[1]);
    _mm_storeu_si128((__m128i *)can[UNIT_COL], _mm_or_si128(ab, va[2]));
    __m128i pairs = _mm_or_si128(_mm_and_si128(va[0], va[1]), _mm_and_si128(ab, va[2]));
    _mm_storeu_si128((__m128i *)twice[UNIT_COL],
                     _mm_or_si128(_mm_or_si128(_mm_or_si128(vt[0], vt[1]), vt[2]), pairs));
    c = 8;
    box = 2;
    boxes = BD_BOX;
#endif
    for (; c < BD_SIZE; c++) {
        unsigned a = band_can[0][c], b = band_can[1][c], e = band_can[2][c];
        can[UNIT_COL][c] = (uint16_t)(a | b | e);
        twice[UNIT_COL][c] = (uint16_t)(band_twice[0][c] | band_twice[1][c] | band_twice[2][c]
                                        | (a & b) | ((a | b) & e));
    }
    for (; box < BD_SIZE; box += boxes) {
        int band = box / BD_BOX, first = box % BD_BOX * BD_BOX;
        const uint16_t *a = &band_can[band][first], *t = &band_twice[band][first];
        can[UNIT_BOX][box] = (uint16_t)(a[0] | a[1] | a[2]);
        twice[UNIT_BOX][box] = (uint16_t)(t[0] | t[1] | t[2] | (a[0] & a[1])
                                          | ((a[0] | a[1]) & a[2]));
    }
}

/* Whether every unit has each digit placed (used) or open in a blank
 * (can, unit_masks). With SSE2 eight units a vector, the [kind][unit]
 * arrays read as 27 units in a row (used packed to 16 bits: its masks
 * are below 2^9), the last three alone; elsewhere (BD_PORTABLE) unit by
 * unit. */
static bool units_covered(uint16_t can[UNIT_KINDS][BD_SIZE], unsigned used[UNIT_KINDS][BD_SIZE])
{
    int unit = 0;
    bool covered = true;
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    const uint16_t *c = &can[0][0];
    const unsigned *u = &used[0][0];
    __m128i every = _mm_set1_epi16(-1), all = _mm_set1_epi16(ALL_DIGITS);
    for (; unit + 8 <= UNIT_KINDS * BD_SIZE; unit += 8) {
        __m128i placed = _mm_packs_epi32(_mm_loadu_si128((const __m128i *)(u + unit)),
                                         _mm_loadu_si128((const __m128i *)(u + unit + 4)));
        __m128i open = _mm_loadu_si128((const __m128i *)(c + unit));
        every = _mm_and_si128(every, _mm_cmpeq_epi16(_mm_or_si128(placed, open), all));
    }
    covered = _mm_movemask_epi8(every) == 0xffff;
#endif
    for (; unit < UNIT_KINDS * BD_SIZE; unit++) {
        int kind = unit / BD_SIZE, index = unit % BD_SIZE;
        covered &= (can[kind][index] | used[kind][index]) == ALL_DIGITS;
    }
    return covered;
}

/*
 * Every cell's candidates into cand[] (0 on a filled cell), and in few[]
 * (bit c % 32 of few[c / 32]) the blanks with one candidate or none. With
 * SSE2 eight cells a vector, two vectors' tests gathered in one movemask,
 * the last cell alone; elsewhere (BD_PORTABLE) cell by cell.
 */
static inline void open_candidates(const target *s, uint16_t cand[BD_CELLS], unsigned few[3])
{
    few[0] = few[1] = few[2] = 0;
    int cell = 0;
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi16(1);
    for (; cell + 16 <= BD_CELLS; cell += 16) {
        __m128i scarce[2];
        for (int half = 0; half < 2; half++) {
            int at = cell + 8 * half;
            __m128i digits = _mm_loadl_epi64((const __m128i *)(s->cells + at));
            __m128i open = _mm_cmpeq_epi16(_mm_unpacklo_epi8(digits, zero), zero);
            __m128i allow = _mm_loadu_si128((const __m128i *)(s->allow + at));
            __m128i blocked = _mm_loadu_si128((const __m128i *)(s->blocked + at));
            __m128i c = _mm_and_si128(_mm_andnot_si128(blocked, allow), open);
            _mm_storeu_si128((__m128i *)(cand + at), c);
            __m128i rest = _mm_and_si128(c, _mm_sub_epi16(c, one));   /* c less its low bit */
            scarce[half] = _mm_and_si128(_mm_cmpeq_epi16(rest, zero), open);
        }
        unsigned bits = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(scarce[0], scarce[1]));
        few[cell / 32] |= bits << (cell % 32);
    }
#endif
    for (; cell < BD_CELLS; cell++) {
        unsigned open = s->cells[cell] == 0, c = open ? candidates(s, cell) : 0;
        cand[cell] = (uint16_t)c;
        few[cell / 32] |= (unsigned)(open && !(c & (c - 1u))) << (cell % 32);
    }
}

#if defined(__SSE2__) && !defined(BD_PORTABLE)
/* The grid `by_row` read column by column into by_col (by_col[c * BD_SIZE
 * + r] = by_row[r * BD_SIZE + c]): the first eight rows and columns as an
 * 8 x 8 block of 16-bit lanes, transposed by three rounds of unpacks (16,
 * 32, 64 bits), the ninth row and column alone. */
static void transpose(const uint16_t by_row[BD_CELLS], uint16_t by_col[BD_CELLS])
{
    __m128i x[8], y[8];
    for (int r = 0; r < 8; r++)
        x[r] = _mm_loadu_si128((const __m128i *)(by_row + r * BD_SIZE));
    for (int k = 0; k < 8; k += 2) {   /* rows k, k + 1: columns 0-3, 4-7 */
        y[k] = _mm_unpacklo_epi16(x[k], x[k + 1]);
        y[k + 1] = _mm_unpackhi_epi16(x[k], x[k + 1]);
    }
    for (int k = 0; k < 8; k += 4) {   /* rows k..k + 3: columns 0-1, 2-3, 4-5, 6-7 */
        x[k] = _mm_unpacklo_epi32(y[k], y[k + 2]);
        x[k + 1] = _mm_unpackhi_epi32(y[k], y[k + 2]);
        x[k + 2] = _mm_unpacklo_epi32(y[k + 1], y[k + 3]);
        x[k + 3] = _mm_unpackhi_epi32(y[k + 1], y[k + 3]);
    }
    for (int k = 0; k < 4; k++) {   /* rows 0-7: columns 2k, 2k + 1 */
        _mm_storeu_si128((__m128i *)(by_col + 2 * k * BD_SIZE), _mm_unpacklo_epi64(x[k], x[k + 4]));
        _mm_storeu_si128((__m128i *)(by_col + (2 * k + 1) * BD_SIZE),
                         _mm_unpackhi_epi64(x[k], x[k + 4]));
    }
    for (int k = 0; k < BD_SIZE; k++) {
        by_col[k * BD_SIZE + BD_SIZE - 1] = by_row[(BD_SIZE - 1) * BD_SIZE + k];
        by_col[(BD_SIZE - 1) * BD_SIZE + k] = by_row[k * BD_SIZE + BD_SIZE - 1];
    }
}

/* survey() over every cell, eight cells a vector (by_col by transpose(),
 * the last cell alone): the largest candidate from the exponent of the
 * mask as a float, the choice as the least key count << 11 |
 * (BD_MAX_SCORE_WEIGHT - weight) << 7 | position (NONE on a filled cell),
 * below 2^15. */
static int survey_all(const target *s, const uint16_t cand[BD_CELLS], uint16_t by_col[BD_CELLS],
                      int *sum)
{
    transpose(cand, by_col);
    enum { NONE = 0x7fff };
    const __m128i zero = _mm_setzero_si128(), none = _mm_set1_epi16(NONE);
    const __m128i m1 = _mm_set1_epi16(0x5555), m2 = _mm_set1_epi16(0x3333);
    const __m128i m4 = _mm_set1_epi16(0x0f0f), m8 = _mm_set1_epi16(0x001f);
    const __m128i heavy = _mm_set1_epi16(BD_MAX_SCORE_WEIGHT), bias = _mm_set1_epi16(126);
    __m128i least = none, total = zero;
    int cell = 0;
    for (; cell + 8 <= BD_CELLS; cell += 8) {
        __m128i c = _mm_loadu_si128((const __m128i *)(cand + cell));
        __m128i filled = _mm_cmpeq_epi16(c, zero);
        /* the float's exponent field is 127 + floor(log2 c) */
        __m128i low = _mm_srli_epi32(
            _mm_castps_si128(_mm_cvtepi32_ps(_mm_unpacklo_epi16(c, zero))), 23);
        __m128i high = _mm_srli_epi32(
            _mm_castps_si128(_mm_cvtepi32_ps(_mm_unpackhi_epi16(c, zero))), 23);
        __m128i top = _mm_andnot_si128(filled, _mm_sub_epi16(_mm_packs_epi32(low, high), bias));
        __m128i w = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(s->weight + cell)), zero);
        total = _mm_add_epi32(total, _mm_madd_epi16(top, w));
        __m128i n = _mm_sub_epi16(c, _mm_and_si128(_mm_srli_epi16(c, 1), m1));
        n = _mm_add_epi16(_mm_and_si128(n, m2), _mm_and_si128(_mm_srli_epi16(n, 2), m2));
        n = _mm_and_si128(_mm_add_epi16(n, _mm_srli_epi16(n, 4)), m4);
        n = _mm_and_si128(_mm_add_epi16(n, _mm_srli_epi16(n, 8)), m8);
        __m128i at = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(s->position + cell)), zero);
        __m128i key = _mm_or_si128(_mm_or_si128(_mm_slli_epi16(n, 11),
                                                _mm_slli_epi16(_mm_sub_epi16(heavy, w), 7)), at);
        least = _mm_min_epi16(least, _mm_or_si128(key, _mm_and_si128(filled, none)));
    }
    least = _mm_min_epi16(least, _mm_shuffle_epi32(least, 0x4e));
    least = _mm_min_epi16(least, _mm_shuffle_epi32(least, 0xb1));
    least = _mm_min_epi16(least, _mm_shufflelo_epi16(least, 0xb1));
    total = _mm_add_epi32(total, _mm_shuffle_epi32(total, 0x4e));
    total = _mm_add_epi32(total, _mm_shuffle_epi32(total, 0xb1));
    int best = _mm_extract_epi16(least, 0);
    *sum = _mm_cvtsi128_si32(total);
    for (; cell < BD_CELLS; cell++) {
        if (!cand[cell])
            continue;
        int w = s->weight[cell];
        *sum += w * top_digit(cand[cell]);
        int key = digit_count(cand[cell]) << 11 | (BD_MAX_SCORE_WEIGHT - w) << 7 | s->position[cell];
        best = key < best ? key : best;
    }
    return best == NONE ? -1 : best & 127;
}
#endif

/*
 * The open blanks blanks[depth..] in scan's full pass, from their
 * candidates by cell (cand, 0 on a filled cell; every blank has two or
 * more): the same candidates read column by column into by_col (0 on
 * the filled cells), the cheap bound's sum over the blanks of
 * weight x largest candidate into *sum; returns the position in blanks[]
 * of the blank with fewest candidates (ties: the heavier cell, then the
 * first), -1 if there is none. The sum and the choice go over every
 * cell from SURVEY_ALL_WIDE blanks on by transpose() and the AVX2 kernel
 * (bdi_target_survey_avx2) where s->wide, else from SURVEY_ALL blanks on
 * with SSE2 (survey_all); otherwise blank by blank.
 */
static int survey(const target *s, int depth, const uint16_t cand[BD_CELLS],
                  uint16_t by_col[BD_CELLS], int *sum)
{
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
    if (s->wide && s->blank_count - depth >= SURVEY_ALL_WIDE) {
        transpose(cand, by_col);
        int best = bdi_target_survey_avx2(cand, s->weight, s->position, sum);
        return best == 0x7fff ? -1 : best & 127;
    }
#endif
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    if (s->blank_count - depth >= SURVEY_ALL)
        return survey_all(s, cand, by_col, sum);
#endif
    memset(by_col, 0, BD_CELLS * sizeof *by_col);
    int best_i = -1, best_n = BD_SIZE + 1, best_w = 0, total = 0;
    for (int i = depth; i < s->blank_count; i++) {
        int cell = s->blanks[i], w = s->weight[cell];
        unsigned c = cand[cell];
        total += w * top_digit(c);
        by_col[TRANSPOSED[cell]] = (uint16_t)c;
        int n = digit_count(c);
        if (n < best_n || (n == best_n && w > best_w)) {
            best_i = i;
            best_n = n;
            best_w = w;
        }
    }
    *sum = total;
    return best_i;
}

/* scan()'s pass over every cell, where its first SCAN_HEAD blanks hold no
 * naked single: the same results from the candidates of every cell. */
static bool scan_all(target *s, int depth, unsigned *cand_out)
{
    /* seven lanes past the grid for the AVX2 unit masks (never read into
     * a result) */
    uint16_t by_row[BD_CELLS + 7], by_col[BD_CELLS + 7];
    unsigned few[3];
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
    if (s->wide)
        bdi_target_open_avx2(s->cells, s->allow, s->blocked, by_row, few);
    else
#endif
    open_candidates(s, by_row, few);
    if (few[0] | few[1] | few[2]) {
        int first = BD_CELLS;   /* the least position of such a blank */
        for (int word = 0; word < 3; word++)
            for (unsigned bits = few[word]; bits; bits &= bits - 1u) {
                int at = s->position[word * 32 + bit_digit(bits) - 1];
                first = at < first ? at : first;
            }
        unsigned c = by_row[s->blanks[first]];
        if (!c)
            return false;
        to_front(s, first, depth);
        *cand_out = c;
        return true;
    }
    int bound, best_i = survey(s, depth, by_row, by_col, &bound);
    if (s->score + bound < goal_now(s))
        return false;
    uint16_t can[UNIT_KINDS][BD_SIZE], twice[UNIT_KINDS][BD_SIZE];
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
    if (s->wide) {
        memset(by_row + BD_CELLS, 0, 7 * sizeof *by_row);
        memset(by_col + BD_CELLS, 0, 7 * sizeof *by_col);
        bdi_target_masks_avx2(by_row, by_col, can, twice);
    } else
#endif
    unit_masks(by_row, by_col, can, twice);
    int first = 0;   /* the first unit that may hold a hidden single */
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
    if (s->wide) {
        if ((first = bdi_target_units_avx2((const uint16_t (*)[BD_SIZE])can,
                                           (const uint16_t (*)[BD_SIZE])twice,
                                           (const unsigned (*)[BD_SIZE])s->units.used)) < 0)
            return false;
    } else
#endif
    if (!units_covered(can, s->units.used))
        return false;
    if ((*cand_out = hidden_single(s, depth, can, twice, by_row, first)) != 0)
        return true;
    *cand_out = 0;   /* no blank left */
    if (best_i >= 0) {
        *cand_out = by_row[s->blanks[best_i]];
        to_front(s, best_i, depth);
    }
    return true;
}

/*
 * One scan of the open blanks blanks[depth..]: moves the one with fewest
 * candidates (ties: the heavier cell) to blanks[depth] and gives its
 * candidates; a naked single comes first (the first in the blanks' order,
 * placed at once, the checks left to its child), then a hidden single.
 * Returns false when the node is dead: a blank without candidates (before
 * any naked single, the first blank of one candidate or none in the
 * blanks' order), a unit's missing digit with no place left, or the cheap
 * bound (score + sum of weight x largest candidate) below the goal. Where
 * s->wide, the candidates pass, the units' masks and their tests run in
 * the AVX2 kernels (target_avx2.c), with the same results.
 */
static inline bool scan(target *s, int depth, unsigned *cand_out)
{
    int head = s->blank_count - depth < SCAN_HEAD ? s->blank_count : depth + SCAN_HEAD;
    for (int i = depth; i < head; i++) {
        unsigned c = candidates(s, s->blanks[i]);
        if (!(c & (c - 1u))) {   /* one candidate or none */
            if (!c)
                return false;
            to_front(s, i, depth);
            *cand_out = c;
            return true;
        }
    }
    return scan_all(s, depth, cand_out);
}

/* The digit of `cand` to try next on `cell`: the one whose best layer in
 * `guide` through the cell loses least (the likeliest; of those tied, the
 * largest when it is one, else the smallest). Without a relaxation the
 * callers take the largest. */
static int next_digit(const relaxation *guide, int cell, unsigned cand)
{
    int digit = top_digit(cand);
    int32_t least = lost(guide, digit - 1, cell);   /* what the digit so far loses */
    for (unsigned rest = cand; rest; rest &= rest - 1u) {
        int d = bit_digit(rest);
        int32_t loses = lost(guide, d - 1, cell);
        if (loses > least) {
            digit = d;
            least = loses;
        }
    }
    return digit;
}

/* The digits the partner of a cell holding `digit` may take (the orders of
 * symmetry.c): above it when the cell's digit must be below the partner's,
 * else below it. */
static uint16_t order_allows(bool below, int digit)
{
    unsigned under = digit_bit(digit) - 1u;
    return (uint16_t)(below ? ALL_DIGITS & ~under & ~digit_bit(digit) : under);
}

/*
 * The branching blank at a node with a relaxation `rel` (several open
 * blanks have two or more candidates): the fewest candidates, counting one
 * more on a blank that the digits' best layers cover zero or two or more
 * times; ties: a blank covered once, then the lighter. Moves it to
 * blanks[depth] and gives its candidates. A blank the layers disagree on
 * is where the relaxation is least like a completion: branching there
 * moves the bound most (rel->g, the subgradient, is 0 where the layers
 * cover a blank once). With the AVX2 kernels the keys of every cell
 * sixteen at a time (bdi_target_choose_avx2); else with SSE2 eight at a
 * time (candidates counted by bit halving, as in survey_all); elsewhere
 * (BD_PORTABLE) blank by blank.
 */
static unsigned choose_by_layers(target *s, int depth, const relaxation *rel)
{
    const int8_t *g = rel->g;   /* 0 where the layers cover the blank once */
    int best_i = depth;
    unsigned best_cand = 0;
#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
    if (s->wide) {
        int best = bdi_target_choose_avx2(s->cells, s->allow, s->blocked, g, s->weight,
                                          s->position);
        if (best != 0x7fff) {
            best_i = best & 127;
            best_cand = candidates(s, s->blanks[best_i]);
        }
        to_front(s, best_i, depth);
        return best_cand;
    }
#endif
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    /* every cell eight a vector, the last alone: the key below << 7 |
     * position (the first blank of the least key), NONE on a filled cell;
     * below 2^15, as the key is at most 21 x 11 + 10 */
    enum { NONE = 0x7fff };
    const __m128i zero = _mm_setzero_si128(), none = _mm_set1_epi16(NONE);
    const __m128i m1 = _mm_set1_epi16(0x5555), m2 = _mm_set1_epi16(0x3333);
    const __m128i m4 = _mm_set1_epi16(0x0f0f), m8 = _mm_set1_epi16(0x001f);
    const __m128i one = _mm_set1_epi16(1);
    const __m128i tiers = _mm_set1_epi16(BD_MAX_SCORE_WEIGHT + 1);
    __m128i least = none;
    int cell = 0;
    for (; cell + 8 <= BD_CELLS; cell += 8) {
        __m128i blank = _mm_cmpeq_epi8(_mm_loadl_epi64((const __m128i *)(s->cells + cell)), zero);
        blank = _mm_unpacklo_epi8(blank, blank);   /* a 16-bit mask a cell */
        __m128i c = _mm_andnot_si128(_mm_loadu_si128((const __m128i *)(s->blocked + cell)),
                                     _mm_loadu_si128((const __m128i *)(s->allow + cell)));
        __m128i n = _mm_sub_epi16(c, _mm_and_si128(_mm_srli_epi16(c, 1), m1));
        n = _mm_add_epi16(_mm_and_si128(n, m2), _mm_and_si128(_mm_srli_epi16(n, 2), m2));
        n = _mm_and_si128(_mm_add_epi16(n, _mm_srli_epi16(n, 4)), m4);
        n = _mm_and_si128(_mm_add_epi16(n, _mm_srli_epi16(n, 8)), m8);
        __m128i agree = _mm_cmpeq_epi8(_mm_loadl_epi64((const __m128i *)(g + cell)), zero);
        __m128i disagree = _mm_andnot_si128(_mm_unpacklo_epi8(agree, agree), one);
        __m128i tier = _mm_add_epi16(_mm_add_epi16(n, n),
                                     _mm_add_epi16(disagree, _mm_add_epi16(disagree, disagree)));
        __m128i w = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(s->weight + cell)), zero);
        __m128i key = _mm_add_epi16(_mm_mullo_epi16(tier, tiers), w);
        __m128i at = _mm_loadl_epi64((const __m128i *)(s->position + cell));
        key = _mm_or_si128(_mm_slli_epi16(key, 7), _mm_unpacklo_epi8(at, zero));
        least = _mm_min_epi16(least, _mm_or_si128(_mm_and_si128(key, blank),
                                                  _mm_andnot_si128(blank, none)));
    }
    least = _mm_min_epi16(least, _mm_shuffle_epi32(least, 0x4e));
    least = _mm_min_epi16(least, _mm_shuffle_epi32(least, 0xb1));
    least = _mm_min_epi16(least, _mm_shufflelo_epi16(least, 0xb1));
    int best = _mm_extract_epi16(least, 0);
    for (; cell < BD_CELLS; cell++) {
        if (s->cells[cell])
            continue;
        int disagree = g[cell] != 0;
        int key = ((digit_count(candidates(s, cell)) + disagree) * 2 + disagree)
                  * (BD_MAX_SCORE_WEIGHT + 1) + s->weight[cell];
        key = key << 7 | s->position[cell];
        best = key < best ? key : best;
    }
    if (best != NONE) {
        best_i = best & 127;
        best_cand = candidates(s, s->blanks[best_i]);
    }
#else
    int best_key = INT32_MAX;
    for (int i = depth; i < s->blank_count; i++) {
        int cell = s->blanks[i];
        unsigned cand = candidates(s, cell);
        int disagree = g[cell] != 0;
        int key = ((digit_count(cand) + disagree) * 2 + disagree) * (BD_MAX_SCORE_WEIGHT + 1)
                  + s->weight[cell];
        if (key < best_key) {
            best_key = key;
            best_i = i;
            best_cand = cand;
        }
    }
#endif
    to_front(s, best_i, depth);
    return best_cand;
}

static void improve(target *s);

/*
 * A dive below the node where blanks[0..depth) are filled, for a
 * completion above the incumbent: depth first with the scan's singles and
 * cheap bound only, each blank's digits in the order of `guide`'s reduced
 * costs (the bound's best digits first), until it records a better
 * completion or has spent `*left` nodes (which s's budget pays). A primal
 * heuristic: it only raises the incumbent, and leaves the node as it was
 * but for the order of blanks[depth..].
 */
static void dive(target *s, int depth, const relaxation *guide, uint64_t *left)
{
    if (depth == s->blank_count) {
        int before = s->best_score;
        record(s);
        if (s->best_score > before)
            *left = 0;
        return;
    }
    unsigned cand;
    if (!scan(s, depth, &cand))
        return;
    int cell = s->blanks[depth];
    uint16_t blocked[BD_CELLS];
    memcpy(blocked, s->blocked, sizeof blocked);
    while (cand && *left && !s->stop) {
        int digit = guide ? next_digit(guide, cell, cand) : top_digit(cand);
        cand &= ~digit_bit(digit);
        (*left)--;
        if (bdi_budget_spend(&s->budget)) {
            s->stop = true;
            break;
        }
        place(s, cell, digit);
        dive(s, depth + 1, guide, left);
        unplace(s, cell);
        memcpy(s->blocked, blocked, sizeof blocked);
    }
}

/* Narrows allow by the units' all-different rule (alldiff.c): false when
 * some unit's blanks cannot take its missing digits, which proves that the
 * node has no completion that allow admits. */
static bool units_consistent(target *s)
{
    if (!s->memo && ++s->units_calls >= MEMO_AFTER)
        s->memo = calloc(1, sizeof *s->memo);   /* NULL (no memory) only costs time */
    uint16_t cand[BD_CELLS], before[BD_CELLS];
    unsigned few[3];   /* unused */
    open_candidates(s, cand, few);
    memcpy(before, cand, sizeof before);
    if (!bdi_units_consistent(s->cells, cand, s->memo, s->units_last))
        return false;
    for (int cell = 0; cell < BD_CELLS; cell++)
        s->allow[cell] &= (uint16_t)~(before[cell] & ~cand[cell]);
    return true;
}

/*
 * Fills `options` for an engine run on s's puzzle under what is left of
 * s's budget and at most `cap` nodes of its own (0: none), which s's
 * budget pays; *budget_caps tells whether s's node limit, not cap, bounds
 * it. False (s->budget.cut set) when nothing is left to run on.
 */
static bool engine_options(target *s, uint64_t cap, bd_options *options, bool *budget_caps)
{
    *options = (bd_options){.engine = BD_ENGINE_DFS, .order = BD_ORDER_MRV};
    *budget_caps = false;
    if (s->budget.max_nodes) {
        uint64_t left = s->budget.max_nodes > s->budget.nodes
                            ? s->budget.max_nodes - s->budget.nodes : 0;
        if (cap == 0 || left <= cap) {
            cap = left;
            *budget_caps = true;
        }
    }
    if (s->budget.timeout > 0)
        options->timeout = s->budget.timeout - bdi_seconds_since(&s->budget.start);
    if ((*budget_caps && cap == 0) || (s->budget.timeout > 0 && !(options->timeout > 0))) {
        s->budget.cut = true;
        return false;
    }
    options->max_nodes = cap;
    return true;
}

/* Charges a run's `spent` to s and returns `cut`, setting s->budget.cut
 * when s's budget is what cut it (`budget_caps`: engine_options). */
static bool charge(target *s, const bd_stats *spent, bool cut, bool budget_caps)
{
    s->budget.nodes += spent->nodes;
    s->guesses += spent->guesses;
    if (cut && (budget_caps || bdi_budget_expired(&s->budget)))
        s->budget.cut = true;
    return cut;
}

/*
 * The fast engine (engine/fast/, the search of bd_solve) on the puzzle,
 * with `visitor` as the caller set it up, under what is left of s's budget
 * and at most `cap` nodes of its own (0: none), which s's budget pays.
 * Returns whether it was cut short, and sets s->budget.cut when s's budget
 * is what cut it.
 */
static bool run_fast(target *s, bdi_visitor *visitor, uint64_t cap)
{
    bd_options options;
    bool budget_caps;
    if (!engine_options(s, cap, &options, &budget_caps))
        return true;
    bd_stats spent = {0, 0};
    bd_grid puzzle;
    memcpy(puzzle.cells, s->given, sizeof puzzle.cells);
    bool cut = bdi_fast_enumerate(&puzzle, &options, visitor, &spent);
    return charge(s, &spent, cut, budget_caps);
}

/*
 * The N x N family's search for 3 x 3 boxes (nxn/fast/fast3x3.c: locked
 * candidates at every node and its own guess rule, with guesses on a
 * unit's places of a digit when fewer than the cell's candidates, the
 * task's `units`) on the puzzle, for its
 * first completion (into `found`, *count 1) or none (*count 0), under what
 * is left of s's budget and at most `cap` nodes (0: none), going on
 * where `trail` says its last run stopped and leaving its own stop there
 * (core/trail.h). Returns whether it was cut short, as run_fast.
 */
static bool run_boxes(target *s, uint64_t cap, bd_grid *found, uint64_t *count,
                      bdi_trail *trail)
{
    bd_options options;
    bool budget_caps;
    if (!engine_options(s, cap, &options, &budget_caps))
        return true;
    bd_grid puzzle;
    memcpy(puzzle.cells, s->given, sizeof puzzle.cells);
    bd_board board, solution;
    bd_board_from_grid(&puzzle, &board);
    solution = board;
    nxn_visitor visitor;
    nxn_visitor_init(&visitor, NXN_FIRST, 0, &solution);
    nxn_task task = {.puzzle = &board, .trail = trail, .units = true};
    bd_stats spent = {0, 0};
    nxn_run run = nxn_fast3x3(&task, &options, &visitor, &spent);
    *count = visitor.count;
    if (visitor.count)
        bd_board_to_grid(&solution, found);
    if (run == NXN_NOMEM)
        s->budget.cut = true;   /* not this engine's way, but then no answer */
    return charge(s, &spent, run != NXN_RAN, budget_caps);
}

/*
 * The first completion of the puzzle (into visitor->best, counted in
 * visitor->count) by two exhaustive engines in turns: the fast engine,
 * quickest on most grids, for FAST_TURN nodes; then the N x N one, whose
 * locked candidates at every node and guesses on a unit's places prove
 * some grids without completion in a small fraction of the fast engine's
 * nodes (and the other way round on others), for BOXES_TURN; then both
 * again with twice the nodes, until one finishes. The N x N engine's
 * turns go on where its last one stopped (core/trail.h); the fast
 * engine's start again (its search is bd_solve's, left as it is), which
 * costs at most the turns it already had. A grid costs about the N x N
 * engine's nodes plus a quarter of them, or at most about 19 times the
 * fast engine's beyond FAST_TURN. Returns whether s's budget cut it
 * short.
 */
static bool first_completion(target *s, bdi_visitor *visitor)
{
    bdi_trail boxes_trail;
    bdi_trail_init(&boxes_trail);
    for (uint64_t turn = FAST_TURN;; turn *= 2) {
        bdi_visitor_init(visitor, VISIT_FIRST, 0);
        if (!run_fast(s, visitor, turn) || s->budget.cut)
            return s->budget.cut;
        uint64_t boxes_turn = turn / FAST_TURN * BOXES_TURN;
        if (!run_boxes(s, boxes_turn, &visitor->best, &visitor->count, &boxes_trail)
            || s->budget.cut)
            return s->budget.cut;
    }
}

/*
 * Asks the engines for a completion of the puzzle: a search that has not
 * met one by now may be on a puzzle that has none, which they prove in
 * about the time bd_count takes (first_completion). Its completion becomes
 * the incumbent. False when there is none (s->none) or the budget ran
 * out; either way the search stops.
 */
static bool probe(target *s)
{
    s->probe_at = 0;
    bdi_visitor visitor;
    if (first_completion(s, &visitor) || visitor.count == 0) {
        s->none = !s->budget.cut;
        s->stop = true;
        return false;
    }
    if (bd_score(&visitor.best) > s->best_score) {
        s->best_score = bd_score(&visitor.best);
        s->best = visitor.best;
    }
    return true;
}

static void search(target *s, int depth, const relaxation *parent);

/* Whether the node may place its next child: charges the node to the
 * budget (and to the cheap search's nodes); false, the search stopped,
 * when either ran out, when the pass reached its cap (restart() takes
 * over), or when the engines' probe finds no completion. */
static inline bool may_place(target *s)
{
    if (bdi_budget_spend(&s->budget) || (!s->lagrange && --s->cheap_left == 0)) {
        s->stop = true;
        return false;
    }
    if (s->pass_cap && s->budget.nodes >= s->pass_cap) {
        s->stop = s->capped = true;   /* restart() takes over */
        return false;
    }
    return !(s->probe_at && s->budget.nodes >= s->probe_at && s->best_score < 0 && !probe(s));
}

/* Whether branch() runs the units' rule again after a node's own fixing:
 * on a sparse grid, in a pass whose incumbent is one point below its goal
 * (the pass proves that nothing reaches the goal), once the search has run
 * RETIGHTEN_NODES nodes. */
static bool late_rule(const target *s)
{
    return s->blank_count > DENSE_BLANKS && s->best_score == s->goal - 1
           && s->budget.nodes >= RETIGHTEN_NODES;
}

/* The node where blanks[0..depth) are filled, whose scan gave `cand`: the
 * root of a search, or a node with two candidates or more (when s->lagrange,
 * narrowed by the units' rule and the relaxations first); its children
 * searched in turn. `parent` as for search(). */
static void branch(target *s, int depth, const relaxation *parent, unsigned cand)
{
    uint16_t saved[BD_CELLS];
    bool narrowed = s->lagrange && (cand & (cand - 1u)) != 0;
    if (narrowed) {
        memcpy(saved, s->allow, sizeof saved);
        /* the rule again where the nearest relaxation's fixing narrowed allow,
         * and once more after this node's own fixing where a sparse grid's
         * proving pass (its incumbent one point below the goal) has run
         * RETIGHTEN_NODES nodes: there the fixing often leaves a unit that
         * cannot be completed, and the search is long enough to pay */
        if (((!parent || parent->fixed) && !units_consistent(s))
            || !tighten(s, 0, parent, &s->level[depth], false)
            || (s->fixed && ((late_rule(s) && !units_consistent(s)) || !scan(s, depth, &cand)))) {
            memcpy(s->allow, saved, sizeof saved);
            return;
        }
    }
    if (narrowed && (cand & (cand - 1u))) {
        if (s->branching == 0 && s->best_score == s->goal - 1) {
            /* the pass's first branching node, one point short: dive */
            uint64_t left = DIVE_NODES;
            dive(s, depth, &s->level[depth], &left);
            if (s->stop) {
                memcpy(s->allow, saved, sizeof saved);
                return;
            }
        }
        cand = choose_by_layers(s, depth, &s->level[depth]);
    }
    if (cand & (cand - 1u))
        s->guesses++;
    int cell = s->blanks[depth];
    uint64_t entry = s->budget.nodes, next_check = RETIGHTEN_NODES;
    const relaxation *guide = narrowed ? &s->level[depth] : parent;
    /* s->blocked as the children find it, put back after each; a node
     * below the root with one child leaves that to the nearest node above
     * with two or more (none of the node's work after its child reads it) */
    uint16_t blocked[BD_CELLS];
    bool restore = depth == 0 || (cand & (cand - 1u)) != 0;
    if (restore)
        memcpy(blocked, s->blocked, sizeof blocked);
    while (cand && !s->stop) {
        int digit = guide ? next_digit(guide, cell, cand) : top_digit(cand);
        cand &= ~digit_bit(digit);
        if (!may_place(s))
            break;
        place(s, cell, digit);
        int other = s->partner[cell];
        uint16_t kept = other == NO_PARTNER ? 0 : s->allow[other];
        if (other != NO_PARTNER)
            s->allow[other] &= order_allows(s->below[cell], digit);
        s->branching += narrowed;
        search(s, depth + 1, narrowed ? &s->level[depth] : parent);
        s->branching -= narrowed;
        if (s->improve_at && s->budget.nodes >= s->improve_at)
            improve(s);   /* a long pass: maybe a better incumbent helps */
        if (other != NO_PARTNER)
            s->allow[other] = kept;
        unplace(s, cell);
        if (restore)
            memcpy(s->blocked, blocked, sizeof blocked);
        if (narrowed && cand && s->budget.nodes - entry > next_check) {
            /* A big subtree: the bound may have been loose. Tighten it
             * again here (from this node's prices). */
            next_check *= 4;
            if (!tighten(s, RETIGHTEN_ITERATIONS, NULL, &s->level[depth], false))
                break;
            cand &= candidates(s, cell);
        }
    }
    if (narrowed)
        memcpy(s->allow, saved, sizeof saved);
}

/*
 * Branch and bound below the node where blanks[0..depth) are filled;
 * `parent` is the nearest ancestor's relaxation (NULL without one). The
 * nodes below the top whose scan finds one candidate (a naked or hidden
 * single) are followed in a loop, each placing its digit as branch() would
 * (the same checks, no relaxation, s->blocked left to the node above), and
 * taken off again in reverse order once the first other node is done.
 */
static void search(target *s, int depth, const relaxation *parent)
{
    uint16_t kept[BD_CELLS];   /* at a single followed, its partner's allow before */
    int top = depth;
    for (;;) {
        if (depth == s->blank_count) {
            record(s);
            break;
        }
        unsigned cand;
        if (!scan(s, depth, &cand))
            break;
        if (depth == 0 || (cand & (cand - 1u))) {
            branch(s, depth, parent, cand);
            break;
        }
        if (!cand || s->stop || !may_place(s))
            break;
        int cell = s->blanks[depth], other = s->partner[cell], digit = bit_digit(cand);
        place(s, cell, digit);
        if (other != NO_PARTNER) {
            kept[depth] = s->allow[other];
            s->allow[other] &= order_allows(s->below[cell], digit);
        }
        depth++;
    }
    while (depth > top) {
        depth--;
        if (s->improve_at && s->budget.nodes >= s->improve_at)
            improve(s);   /* a long pass: maybe a better incumbent helps */
        int cell = s->blanks[depth], other = s->partner[cell];
        if (other != NO_PARTNER)
            s->allow[other] = kept[depth];
        unplace(s, cell);
    }
}

/* Clears `s` for a search from `cells` (which must not clash): those
 * placed, the rest blank, every digit allowed, no symmetry order, no
 * incumbent; the budget is left to the caller. */
static void target_clear(target *s, const uint8_t cells[BD_CELLS])
{
    memset(s, 0, sizeof *s);
    s->best_score = -1;
    s->wide = wide_kernels();
    memcpy(s->given, cells, sizeof s->given);
    for (int cell = 0; cell < BD_CELLS; cell++) {
        s->weight[cell] = (uint8_t)bd_weight(cell);
        for (int kind = 0; kind < UNIT_KINDS; kind++)
            s->unit[cell][kind] = (uint8_t)unit_of(kind, cell);
        s->allow[cell] = ALL_DIGITS;
        s->partner[cell] = NO_PARTNER;
        if (cells[cell]) {
            place(s, cell, cells[cell]);
        } else {
            s->position[cell] = (uint8_t)s->blank_count;
            s->blanks[s->blank_count++] = (uint8_t)cell;
        }
    }
}

/* Sets up the search of `puzzle` (whose givens must not clash): givens
 * placed, blanks listed, every digit allowed but where a symmetry order
 * rules it out (symmetry.c), no incumbent; the budget is left to the
 * caller. */
static void target_init(target *s, const bd_grid *puzzle)
{
    target_clear(s, puzzle->cells);
    uint8_t orders[MAX_ORDERS][2];
    for (int i = bdi_symmetry_orders(puzzle, orders) - 1; i >= 0; i--) {
        int low = orders[i][0], high = orders[i][1];
        s->partner[low] = (uint8_t)high;
        s->partner[high] = (uint8_t)low;
        s->below[low] = true;
        s->allow[low] &= (uint16_t)~digit_bit(BD_SIZE);
        s->allow[high] &= (uint16_t)~digit_bit(1);
    }
    memcpy(s->base_allow, s->allow, sizeof s->allow);
}

/* The cheap search's nodes: the denser the grid, the likelier it finishes
 * alone, and so the more of its nodes it may spend before the root's
 * subgradient steps, which cost as much as 1,000-3,000 of them. */
static uint64_t cheap_budget(int blanks)
{
    if (blanks <= CHEAP_DENSER)
        return CHEAP_NODES_DENSER;
    return blanks <= CHEAP_DENSE ? CHEAP_NODES_DENSE : CHEAP_NODES;
}

static void run_passes(target *s);
static void restart(target *s, relaxation *root);

/*
 * The optimum of the puzzle made of the incumbent's cells in `keep` and the
 * givens (the rest blank), found by the whole search (run_passes, without
 * a local search of its own) from the incumbent, with the levels `level`
 * and s's budget. Keeps a better completion as the incumbent; true if it
 * found one.
 */
static bool refill(target *s, const bool keep[BD_CELLS], relaxation *level)
{
    bd_grid part;
    for (int cell = 0; cell < BD_CELLS; cell++)
        part.cells[cell] = s->given[cell] || keep[cell] ? s->best.cells[cell] : 0;
    target sub;
    target_init(&sub, &part);
    sub.budget = s->budget;
    sub.level = level;
    sub.memo = s->memo;
    sub.units_calls = s->units_calls;
    memcpy(sub.units_last, s->units_last, sizeof sub.units_last);
    sub.layer_memo = s->layer_memo;
    sub.improved = true;
    sub.best_score = s->best_score;
    sub.best = s->best;
    run_passes(&sub);
    s->memo = sub.memo;       /* the same, or one it made */
    s->units_calls = sub.units_calls;
    memcpy(s->units_last, sub.units_last, sizeof s->units_last);
    s->layer_memo = sub.layer_memo;   /* the same, or one it made */
    s->budget = sub.budget;   /* its nodes count; a cut stops us too */
    if (sub.best_score <= s->best_score)
        return false;
    s->best_score = sub.best_score;
    s->best = sub.best;
    return true;
}

/*
 * A local search from the incumbent, for a pass that has run long without
 * reaching its goal (the pass finds the goal's completions only by refuting
 * all that its bound lets through before them): the incumbent's band or
 * stack kept in turn, and the other two thirds of the grid solved again,
 * exactly (refill); sweeps repeat while one improves, until the incumbent
 * reaches the goal. Runs once a search; stops it when the incumbent meets
 * the proven bound.
 */
static void improve(target *s)
{
    s->improve_at = 0;
    s->improved = true;
    relaxation *level = malloc((BD_CELLS + 3) * sizeof *level);
    if (!level)
        return;   /* only a heuristic: the search goes on without it */
    /* round robin over the thirds, until THIRDS in a row gain nothing */
    for (int third = 0, failed = 0; s->best_score >= 0 && failed < THIRDS
                                    && s->best_score < s->proven && !s->budget.cut;
         third = (third + 1) % THIRDS) {
        bool keep[BD_CELLS];
        for (int cell = 0; cell < BD_CELLS; cell++)
            keep[cell] = third < BD_BOX ? row_of(cell) / BD_BOX == third
                                        : col_of(cell) / BD_BOX == third - BD_BOX;
        failed = refill(s, keep, level) ? 0 : failed + 1;
    }
    free(level);
    if (s->best_score >= s->proven || s->budget.cut)
        s->stop = true;
}

/* What the fast engine's completions leave: the best score and grid. */
typedef struct listing {
    int best_score;
    bd_grid best;
} listing;

/* bd_solution_fn: keeps the completion if it scores more than the best. */
static bool keep_best(const bd_grid *completion, void *context)
{
    listing *seen = context;
    int score = bd_score(completion);
    if (score > seen->best_score) {
        seen->best_score = score;
        seen->best = *completion;
    }
    return true;
}

/*
 * The exact answer from the fast engine's list of the puzzle's completions
 * when there are at most FEW_COMPLETIONS and it lists them within
 * FEW_NODES nodes (which s's budget pays): a puzzle with one solution is
 * answered in about the time bd_count takes, where the bound would first
 * prove what the list shows. True when the search is over: the incumbent
 * the best of them, proven, or the budget ran out (s->budget.cut); false
 * when there are more completions, or the nodes ran out.
 */
static bool list_completions(target *s)
{
    bdi_visitor visitor;
    bdi_visitor_init(&visitor, VISIT_COUNT, FEW_COMPLETIONS + 1);
    listing seen = {s->best_score, s->best};
    bdi_visitor_each(&visitor, keep_best, &seen);
    if (run_fast(s, &visitor, FEW_NODES))
        return s->budget.cut;
    if (visitor.count > FEW_COMPLETIONS)
        return false;
    s->best_score = seen.best_score;
    s->best = seen.best;
    return true;
}

/*
 * The pass at the root `root` again, after it ran RESTART_NODES nodes on a
 * sparse grid (s->capped): a proving pass's size depends sharply on the
 * prices it starts from, and no one price set is best on every grid. So
 * the pass runs again from two price sets in turn, each attempt under a
 * node cap RESTART_GROWTH times the last (the nodes of every attempt but
 * the one that finishes are spent for nothing): the pass's
 * own prices ("A", as the first attempt had them), and prices stepped
 * from them until the step vanishes ("B", CONVERGE_ITERATIONS steps
 * without packing). Every attempt is the same exact pass (the incumbent
 * only improves between them); the first to finish ends it.
 */
static void restart(target *s, relaxation *root)
{
    relaxation *first = &s->level[BD_CELLS], *stepped = &s->level[BD_CELLS + 2];
    *first = *root;
    uint64_t cap = RESTART_NODES;
    for (int attempt = 1; s->capped && !s->budget.cut; attempt++) {
        s->capped = false;
        s->stop = false;
        memcpy(s->allow, s->base_allow, sizeof s->allow);
        cap *= RESTART_GROWTH;
        bool open;
        s->pass_root = true;
        if (attempt == 1) {
            s->patience = CONVERGE_PATIENCE;
            open = tighten(s, CONVERGE_ITERATIONS, NULL, root, false);
            s->patience = 0;
            *stepped = *root;
        } else {
            *root = attempt % 2 ? *stepped : *first;
            open = tighten(s, 0, NULL, root, false);
        }
        s->pass_root = false;
        if (!open || s->stop)
            return;
        s->pass_cap = s->budget.nodes + cap;
        search(s, 0, root);
        s->pass_cap = 0;
    }
}

/*
 * The root bound, then passes with goals stepping down from it. Leaves the
 * optimum (or -1) in best_score unless the budget ran out.
 */
static void run_passes(target *s)
{
    s->goal = 0;
    s->proven = INT32_MAX;
    s->lagrange = false;
    /* a re-fill of improve() starts from the incumbent: no cheap search */
    s->cheap_left = s->improved ? 1 : cheap_budget(s->blank_count);
    search(s, 0, NULL);
    if (s->budget.cut || !s->stop || s->none)
        return;   /* the cheap search finished (exact), or there is no completion */
    if (s->list_few && s->blank_count <= DENSE_BLANKS && list_completions(s))
        return;   /* few completions, all seen */
    s->stop = false;
    s->lagrange = true;
    unsigned cand;
    relaxation *root = &s->level[BD_CELLS + 1];
    memset(root->price, 0, sizeof root->price);
    if (!scan(s, 0, &cand) || !tighten(s, ROOT_ITERATIONS, NULL, root, true))
        return;   /* the incumbent is optimal, or there is no completion */
    s->proven = s->score + (int)(root->value / SCALE);
    s->rows_on = true;   /* not proven at the root: the rows join */
    bdi_rows_clear(&root->rows);
    for (int pass = 0, step = 1; !s->stop; pass++) {
        s->goal = s->proven - step + 1;
        if (s->goal <= s->best_score)
            s->goal = s->best_score + 1;
        if (s->goal < 0)
            s->goal = 0;
        memcpy(s->allow, s->base_allow, sizeof s->allow);
        s->improve_at = s->improved ? 0 : s->budget.nodes + IMPROVE_AFTER;
        bool sparse = s->blank_count > DENSE_BLANKS;
        s->pass_root = true;
        bool open = tighten(s, sparse ? PASS_ITERATIONS : DENSE_PASS_ITERATIONS, NULL, root, true);
        s->pass_root = false;
        s->rows_tuned = true;
        if (open) {
            s->pass_cap = sparse ? s->budget.nodes + RESTART_NODES : 0;
            search(s, 0, root);
            s->pass_cap = 0;
            if (s->capped)
                restart(s, root);
        }
        if (s->budget.cut || s->best_score >= s->goal || s->goal == 0)
            return;
        s->proven = s->goal - 1;
        if (s->best_score >= s->proven)
            return;
        if (pass >= 1 && s->blank_count <= DENSE_BLANKS)
            step *= 2;   /* a sparse grid steps by one point (above) */
    }
}

bd_status bdi_bound_target(const bd_grid *puzzle, const bd_options *options,
                           int *score, bd_grid *best, bd_stats *stats)
{
    target s;
    target_init(&s, puzzle);
    bdi_budget_init(&s.budget, options);
    s.level = malloc((BD_CELLS + 3) * sizeof *s.level);
    if (!s.level)
        return BD_ENOMEM;
    s.probe_at = (uint64_t)(s.blank_count + PROBE_SLACK);
    s.list_few = true;
    run_passes(&s);
    free(s.level);
    free(s.memo);
    free(s.layer_memo);
    if (stats) {
        stats->nodes += s.budget.nodes;
        stats->guesses += s.guesses;
    }
    *score = s.best_score;
    if (s.best_score >= 0 && best)
        *best = s.best;
    if (s.budget.cut)
        return BD_CUT_SHORT;
    return s.best_score < 0 ? BD_NO_SOLUTION : BD_OK;
}
