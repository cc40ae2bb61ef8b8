/*
 * target.c - the target-sudoku optimizer: exact branch and bound.
 *
 * State: the bitmask DFS state of solve.c (cells, and per row, column and
 * box a 9-bit mask of the digits used there), plus allow[cell], the digits
 * a blank may still take in a completion worth looking for. The candidates
 * of a blank are allow[cell] & ~(row | col | box).
 *
 * The bound: a Lagrangian relaxation of the assignment model. Variable
 * x(cell, d) says blank `cell` takes digit d. Keep "one digit per cell" and
 * "each missing digit once per row"; move "once per column" and "once per
 * box" into the objective with prices colp[c][d] and boxp[b][d]:
 *
 *   L = sum over (c, d missing in c) colp + sum over (b, d missing) boxp
 *     + sum over rows of max assignment of the row's blanks to its missing
 *       digits, with profit weight * d - colp[col][d] - boxp[box][d]
 *
 * For any prices, score + L >= every completion's score (each completion is
 * a feasible assignment of every row and pays each price exactly once), so
 * it is an upper bound whatever the prices are. Each row is a 9x9 (or
 * smaller) assignment problem, solved exactly by the Hungarian method.
 * Subgradient steps (Polyak's rule, halving the step when L stalls) move the
 * prices towards the LP bound; between steps, and from a node to its
 * children, each row's Hungarian method starts warm, from its last column
 * potentials and the old pairs still tight, so only the blanks whose
 * pairing broke are re-routed. Prices are integers in units of 1/SCALE
 * point, so all bound arithmetic is exact integer arithmetic; the bound is
 * floor((SCALE * score + L) / SCALE) because scores are integers.
 *
 * Reduced costs: the Hungarian potentials give, for each pair (blank, d),
 * how much the row's optimum drops when the pair is forced. If L minus that
 * drop is below what a completion must reach, no such completion uses the
 * pair and d leaves allow[blank] (for this subtree only).
 *
 * Phases. (1) A short search with the cheap bound only (score + sum of
 * weight x largest candidate; every unit's missing digits still placeable):
 * on dense grids it often finishes, which is exact; otherwise it leaves an
 * incumbent. (2) The root bound: subgradient steps from zero prices until
 * floor(bound) stops falling (patience), aiming just below the incumbent.
 * (3) Passes looking for completions scoring at least `goal`: first goal =
 * the root bound, then stepping down (1, 1, 2, 4, ...). A pass that fails
 * proves the optimum is below its goal; a pass that finds completions keeps
 * the best (branch and bound with the incumbent), and that is the optimum.
 *
 * Nodes: a naked single, else a hidden single (a unit's digit with one
 * place left), else the open blank with fewest candidates (ties: the
 * heavier cell); its digits by the nearest relaxation's reduced cost, the
 * least first (larger digits first in the cheap search); the cheap bound on every node; on
 * branching nodes the Lagrangian at the nearest ancestor's prices,
 * re-solving only the rows that changed, then reduced-cost fixing. When a subtree grows past
 * RETIGHTEN_NODES (then 4x, 16x, ...), its root gets more subgradient steps
 * before its remaining children: a loose bound cannot blow up for long.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum {
    SCALE = 256,            /* prices in 1/256 point */
    PRICE_LIMIT = 128 * SCALE, /* |price| <= this: keeps costs far from FORBID */
    ROOT_ITERATIONS = 150,  /* subgradient steps at the root */
    CHEAP_NODES = 300,      /* nodes for the first, cheap-bound-only search */
    NODE_ITERATIONS = 0,    /* and at other branching nodes (measured best) */
    RETIGHTEN_NODES = 4000, /* a subtree this big gets a tighter bound */
    RETIGHTEN_ITERATIONS = 30,
    PATIENCE = 20,          /* steps without a lower floor(bound): stop */
    DENSE_PATIENCE = 8,     /* the same on grids with few blanks */
    DENSE_BLANKS = 57,
    STALL = 4,              /* steps without progress before halving */
    DENSE_STALL = 2,        /* the same on grids with few blanks */
    MAX_GAP = 64 * SCALE    /* caps the Polyak step's aim */
};

static const int64_t FORBID = (int64_t)1 << 40;     /* a pair not allowed */
static const int64_t NO_BOUND = -((int64_t)1 << 62);  /* infeasible node */

typedef struct prices {
    int32_t col[BD_SIZE][BD_SIZE];   /* [column][digit - 1] */
    int32_t box[BD_SIZE][BD_SIZE];   /* [box][digit - 1] */
} prices;

typedef struct target {
    uint8_t cells[BD_CELLS];
    uint8_t weight[BD_CELLS];  /* bd_weight, looked up once */
    uint8_t unit[BD_CELLS][UNIT_KINDS]; /* row, column and box of each cell */
    bdi_units units;
    uint16_t allow[BD_CELLS];
    uint8_t blanks[BD_CELLS];
    int blank_count;
    int score;                /* of the digits placed so far */
    int goal;                 /* this pass wants completions >= goal */
    int proven;               /* the optimum is known to be <= proven */
    int best_score;           /* the incumbent, -1 if none, and its grid */
    bd_grid best;
    struct relaxation *level; /* per depth, and the root's at BD_CELLS + 1 */
    bdi_budget budget;
    uint64_t guesses;
    bool lagrange;            /* use the Lagrangian bound on branching nodes */
    uint64_t cheap_left;      /* nodes left to the cheap search */
    bool stop;                /* the budget or cheap_left ran out, or done */
    bool fixed;               /* the last reduced-cost fixing removed pairs */
} target;

/* One Lagrangian evaluation at a node: the prices, L, and per row the
 * blanks it had, its optimal assignment (the digit each blank takes) and
 * reduced costs. A descendant re-solves only the rows whose blanks changed
 * or whose assignment lost a pair: removing pairs keeps an assignment that
 * survives optimal, and its reduced costs still valid lower bounds. */
typedef struct relaxation {
    prices price;
    int64_t value;                    /* L in 1/SCALE points, or NO_BOUND */
    int64_t row_value[BD_SIZE];
    unsigned row_blanks[BD_SIZE];     /* bit c: cell (r, c) was blank */
    uint8_t digit[BD_CELLS];
    int32_t drop[BD_CELLS][BD_SIZE];  /* reduced cost of (cell, d), clamped */
    int64_t dual[BD_SIZE][BD_SIZE];   /* [row][digit - 1]: its potential */
} relaxation;

static void place(target *s, int cell, int digit)
{
    s->cells[cell] = (uint8_t)digit;
    units_add(&s->units, cell, digit_bit(digit));
    s->score += digit * s->weight[cell];
}

static void unplace(target *s, int cell)
{
    int digit = s->cells[cell];
    s->cells[cell] = 0;
    units_remove(&s->units, cell, digit_bit(digit));
    s->score -= digit * s->weight[cell];
}

static unsigned candidates(const target *s, int cell)
{
    const uint8_t *unit = s->unit[cell];   /* units_free, from the table */
    const unsigned (*used)[BD_SIZE] = s->units.used;
    return s->allow[cell] & ~(used[UNIT_ROW][unit[UNIT_ROW]] | used[UNIT_COL][unit[UNIT_COL]]
                              | used[UNIT_BOX][unit[UNIT_BOX]]);
}

/* The number of digits in a candidate mask (SWAR: no library call where
 * the target has no popcount instruction). */
static inline int digit_count(unsigned mask)
{
    mask = mask - ((mask >> 1) & 0x5555u);
    mask = (mask & 0x3333u) + ((mask >> 2) & 0x3333u);
    mask = (mask + (mask >> 4)) & 0x0F0Fu;
    return (int)((mask + (mask >> 8)) & 0x1Fu);
}

/* The goal a completion must reach to matter now. */
static int goal_now(const target *s)
{
    return s->best_score >= s->goal ? s->best_score + 1 : s->goal;
}

/* Keeps the completion in cells if it beats the incumbent; stops the
 * search once the incumbent meets the proven upper bound. */
static void record(target *s)
{
    if (s->score > s->best_score) {
        s->best_score = s->score;
        memcpy(s->best.cells, s->cells, BD_CELLS);
    }
    if (s->best_score >= s->proven)
        s->stop = true;
}

/*
 * The Hungarian method (shortest augmenting paths with potentials) for a
 * minimum-cost perfect assignment of n rows to n columns, n <= 9; cost[i][j]
 * may be FORBID. 1-based: u[1..n], v[1..n] are the potentials and
 * match[j] the row on column j (0: free); index 0 is the path root. On
 * entry the matched pairs must be tight (cost = u + v) and every reduced
 * cost of a matched row >= 0; the free rows are added one by one. Returns
 * the minimum cost; fills drop[i][j] with the reduced cost cost - u - v
 * >= 0, a lower bound on how much the minimum rises when i is forced onto
 * j, and -j on the chosen pairs.
 */
static int64_t hungarian(int n, int64_t cost[BD_SIZE][BD_SIZE],
                         int64_t drop[BD_SIZE][BD_SIZE], int64_t u[BD_SIZE + 1],
                         int64_t v[BD_SIZE + 1], int match[BD_SIZE + 1])
{
    int way[BD_SIZE + 1] = {0};
    bool matched[BD_SIZE + 1] = {false};
    for (int j = 1; j <= n; j++)
        matched[match[j]] = true;
    for (int i = 1; i <= n; i++) {
        if (matched[i])
            continue;
        int64_t minv[BD_SIZE + 1];
        bool used[BD_SIZE + 1] = {false};
        for (int j = 0; j <= n; j++)
            minv[j] = INT64_MAX;
        int j0 = 0;
        match[0] = i;
        do {
            used[j0] = true;
            int i0 = match[j0], j1 = 0;
            int64_t delta = INT64_MAX;
            for (int j = 1; j <= n; j++) {
                if (used[j])
                    continue;
                int64_t cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
                if (cur < minv[j]) {
                    minv[j] = cur;
                    way[j] = j0;
                }
                if (minv[j] < delta) {
                    delta = minv[j];
                    j1 = j;
                }
            }
            for (int j = 0; j <= n; j++) {
                if (used[j]) {
                    u[match[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
        } while (match[j0] != 0);
        do {
            int j1 = way[j0];
            match[j0] = match[j1];
            j0 = j1;
        } while (j0);
    }
    int64_t total = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            drop[i][j] = cost[i][j] - u[i + 1] - v[j + 1];
    for (int j = 1; j <= n; j++) {
        total += cost[match[j] - 1][j - 1];
        drop[match[j] - 1][j - 1] = -j;   /* marks the chosen column */
    }
    return total;
}

/*
 * Potentials and matching to start row r's Hungarian method from: none
 * (cold), or with `warm` the duals and digits of rel's last solution of the
 * same row (same blanks, same candidates, other prices): v as they were, u
 * the least reduced cost per blank, and the old pairs that are still tight.
 */
static void start_row(const relaxation *rel, int r, bool warm, int n,
                      const int cells[BD_SIZE], const int digits[BD_SIZE],
                      int64_t cost[BD_SIZE][BD_SIZE], int64_t u[BD_SIZE + 1],
                      int64_t v[BD_SIZE + 1], int match[BD_SIZE + 1])
{
    for (int j = 0; j <= n; j++) {
        u[j] = 0;
        match[j] = 0;
        v[j] = j > 0 && warm ? rel->dual[r][digits[j - 1] - 1] : 0;
    }
    if (!warm)
        return;
    for (int i = 0; i < n; i++) {
        int64_t least = INT64_MAX;
        int at = 0;
        for (int j = 0; j < n; j++) {
            int64_t reduced = cost[i][j] - v[j + 1];
            if (reduced < least || (reduced == least && digits[j] == rel->digit[cells[i]])) {
                least = reduced;
                at = j + 1;
            }
        }
        u[i + 1] = least;
        if (at > 0 && digits[at - 1] == rel->digit[cells[i]] && match[at] == 0)
            match[at] = i + 1;
    }
}

/* Solves row r's assignment problem under the prices (warm: from rel's
 * last solution of the same row, see start_row); fills the digits, duals
 * and reduced costs of its blanks in `rel`. Returns the row's maximum
 * profit, or NO_BOUND when its blanks cannot take its missing digits. */
static int64_t solve_row(const target *s, int r, relaxation *rel, bool warm)
{
    const prices *p = &rel->price;
    int cells[BD_SIZE], digits[BD_SIZE], n = 0, m = 0;
    for (int c = 0; c < BD_SIZE; c++)
        if (!s->cells[r * BD_SIZE + c])
            cells[n++] = r * BD_SIZE + c;
    for (unsigned miss = ALL_DIGITS & ~s->units.used[UNIT_ROW][r]; miss; miss &= miss - 1u)
        digits[m++] = bit_digit(miss);
    if (n == 0)
        return 0;
    int64_t cost[BD_SIZE][BD_SIZE], drop[BD_SIZE][BD_SIZE];
    for (int i = 0; i < n; i++) {
        unsigned cand = candidates(s, cells[i]);
        int c = col_of(cells[i]), b = box_of(cells[i]);
        for (int j = 0; j < n; j++) {
            int d = digits[j];
            cost[i][j] = (cand & digit_bit(d))
                ? p->col[c][d - 1] + p->box[b][d - 1]
                  - (int64_t)SCALE * d * s->weight[cells[i]]
                : FORBID;
        }
    }
    int64_t u[BD_SIZE + 1], v[BD_SIZE + 1];
    int match[BD_SIZE + 1];
    start_row(rel, r, warm, n, cells, digits, cost, u, v, match);
    int64_t min_cost = hungarian(n, cost, drop, u, v, match);
    if (min_cost >= FORBID / 2)
        return NO_BOUND;
    for (int j = 0; j < n; j++)
        rel->dual[r][digits[j] - 1] = v[j + 1];
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int d = digits[j];
            if (drop[i][j] < 0) {
                rel->digit[cells[i]] = (uint8_t)d;
                drop[i][j] = 0;
            }
            rel->drop[cells[i]][d - 1] = (int32_t)(drop[i][j] < INT32_MAX ? drop[i][j] : INT32_MAX);
        }
    }
    return -min_cost;
}

/* The rows whose blanks changed since rel was computed, or whose
 * assignment in rel uses a pair no longer possible. */
static unsigned stale_rows(const target *s, const relaxation *rel)
{
    unsigned stale = 0;
    for (int r = 0; r < BD_SIZE; r++) {
        unsigned blank = 0;
        for (int c = 0; c < BD_SIZE; c++) {
            int cell = r * BD_SIZE + c;
            if (!s->cells[cell]) {
                blank |= 1u << c;
                if (!(candidates(s, cell) & digit_bit(rel->digit[cell])))
                    stale |= 1u << r;
            }
        }
        if (blank != rel->row_blanks[r])
            stale |= 1u << r;
    }
    return stale;
}

/* L under rel->price at the current node, into rel->value; re-solves the
 * rows in `stale` and keeps the others' results already in rel. */
static void evaluate(const target *s, relaxation *rel, unsigned stale, bool warm)
{
    int64_t total = 0;
    for (int r = 0; r < BD_SIZE; r++) {
        if (stale & (1u << r)) {
            rel->row_value[r] = solve_row(s, r, rel, warm);
            rel->row_blanks[r] = 0;
            for (int c = 0; c < BD_SIZE; c++)
                if (!s->cells[r * BD_SIZE + c])
                    rel->row_blanks[r] |= 1u << c;
        }
        if (rel->row_value[r] == NO_BOUND) {
            rel->value = NO_BOUND;
            return;
        }
        total += rel->row_value[r];
    }
    const prices *p = &rel->price;
    for (int u = 0; u < BD_SIZE; u++) {
        for (unsigned miss = ALL_DIGITS & ~s->units.used[UNIT_COL][u]; miss; miss &= miss - 1u)
            total += p->col[u][bit_digit(miss) - 1];
        for (unsigned miss = ALL_DIGITS & ~s->units.used[UNIT_BOX][u]; miss; miss &= miss - 1u)
            total += p->box[u][bit_digit(miss) - 1];
    }
    rel->value = total;
}

/* The subgradient of L: how many times each column (box) takes each of
 * its missing digits in rel, minus one. Returns the squared norm. */
static int64_t subgradient(const target *s, const relaxation *rel,
                           int gcol[BD_SIZE][BD_SIZE], int gbox[BD_SIZE][BD_SIZE])
{
    for (int u = 0; u < BD_SIZE; u++) {
        for (int d = 1; d <= BD_SIZE; d++) {
            gcol[u][d - 1] = (s->units.used[UNIT_COL][u] & digit_bit(d)) ? 0 : -1;
            gbox[u][d - 1] = (s->units.used[UNIT_BOX][u] & digit_bit(d)) ? 0 : -1;
        }
    }
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (s->cells[cell])
            continue;
        int d = rel->digit[cell];
        gcol[col_of(cell)][d - 1]++;
        gbox[box_of(cell)][d - 1]++;
    }
    int64_t norm = 0;
    for (int u = 0; u < BD_SIZE; u++)
        for (int d = 0; d < BD_SIZE; d++)
            norm += gcol[u][d] * gcol[u][d] + gbox[u][d] * gbox[u][d];
    return norm;
}

static int32_t clamp_price(int64_t value)
{
    if (value > PRICE_LIMIT)
        return PRICE_LIMIT;
    if (value < -PRICE_LIMIT)
        return -PRICE_LIMIT;
    return (int32_t)value;
}

/* One subgradient step of `step` (1/SCALE points per unit of g). */
static void step_prices(prices *p, int64_t step, int gcol[BD_SIZE][BD_SIZE],
                        int gbox[BD_SIZE][BD_SIZE])
{
    for (int u = 0; u < BD_SIZE; u++) {
        for (int d = 0; d < BD_SIZE; d++) {
            p->col[u][d] = clamp_price(p->col[u][d] + step * gcol[u][d]);
            p->box[u][d] = clamp_price(p->box[u][d] + step * gbox[u][d]);
        }
    }
}

/* The rows' assignments in rel obey every column and box: a completion.
 * Records it (it is the best completion of this node). */
static void record_assignment(target *s, const relaxation *rel)
{
    uint8_t filled[BD_CELLS];
    int placed = 0;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (!s->cells[cell]) {
            place(s, cell, rel->digit[cell]);
            filled[placed++] = (uint8_t)cell;
        }
    }
    record(s);
    while (placed > 0)
        unplace(s, filled[--placed]);
}

/* Removes from allow every pair whose forced bound falls below the goal;
 * notes in s->fixed whether any was removed. */
static void fix_by_drop(target *s, const relaxation *rel, int64_t need)
{
    s->fixed = false;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (s->cells[cell])
            continue;
        for (unsigned cand = candidates(s, cell); cand; cand &= cand - 1u) {
            int d = bit_digit(cand);
            if (rel->value - rel->drop[cell][d - 1] < need) {
                s->allow[cell] &= (uint16_t)~digit_bit(d);
                s->fixed = true;
            }
        }
    }
}

/* True when rel leaves the node alive: feasible, and the bound reaches
 * the goal. */
static bool alive(const target *s, const relaxation *rel)
{
    return rel->value != NO_BOUND
           && rel->value >= (int64_t)SCALE * (goal_now(s) - s->score);
}

/*
 * Tightens the bound at the current node into `rel`: starts from the
 * nearest ancestor's relaxation `parent` (re-solving only stale rows), or,
 * when parent is NULL, from the prices already in rel. Then up to
 * `iterations` subgradient steps, keeping the best prices in rel. Returns
 * false when the node is done: infeasible, bound below the goal, or solved
 * outright by an assignment that obeys every unit (then recorded).
 * Otherwise narrows allow by reduced costs and returns true.
 */
static bool tighten(target *s, int iterations, const relaxation *parent,
                    relaxation *rel)
{
    unsigned stale = (1u << BD_SIZE) - 1u;
    if (bdi_budget_expired(&s->budget)) {
        s->stop = true;       /* the timeout passed: the search is cut short */
        return false;
    }
    if (parent) {
        *rel = *parent;
        stale = stale_rows(s, rel);
    }
    evaluate(s, rel, stale, parent != NULL);
    if (!alive(s, rel))
        return false;
    if (iterations == 0) {
        fix_by_drop(s, rel, (int64_t)SCALE * (goal_now(s) - s->score));
        return true;
    }
    relaxation trial = *rel;
    int gcol[BD_SIZE][BD_SIZE], gbox[BD_SIZE][BD_SIZE];
    int64_t lambda = SCALE * 3 / 2, floor_bound = rel->value / SCALE;
    int stall = 0, since_floor = 0;
    bool dense = s->blank_count <= DENSE_BLANKS;
    int patience = dense ? DENSE_PATIENCE : PATIENCE;
    int stall_limit = dense ? DENSE_STALL : STALL;
    for (int it = 0; it < iterations && lambda > 0 && since_floor < patience; it++) {
        if (bdi_budget_expired(&s->budget)) {
            s->stop = true;   /* the timeout passed: the search is cut short */
            return false;
        }
        int64_t norm = subgradient(s, &trial, gcol, gbox);
        if (norm == 0) {
            record_assignment(s, &trial);
            return false;
        }
        int64_t gap = trial.value - (int64_t)SCALE * (goal_now(s) - s->score) + SCALE;
        int64_t step = lambda * (gap < MAX_GAP ? gap : MAX_GAP) / (SCALE * norm);
        step_prices(&trial.price, step > 0 ? step : 1, gcol, gbox);
        evaluate(s, &trial, (1u << BD_SIZE) - 1u, true);
        if (!alive(s, &trial))
            return false;
        since_floor++;
        if (trial.value / SCALE < floor_bound) {
            floor_bound = trial.value / SCALE;
            since_floor = 0;
        }
        if (trial.value < rel->value) {
            *rel = trial;
            stall = 0;
        } else if (++stall >= stall_limit) {
            lambda /= 2;
            stall = 0;
        }
    }
    fix_by_drop(s, rel, (int64_t)SCALE * (goal_now(s) - s->score));
    return true;
}

/*
 * A hidden single among the open blanks blanks[depth..]: a unit whose
 * missing digit has one place left. Moves that blank to blanks[depth] and
 * gives the digit's bit; 0 if there is none. `can` and `twice` are per unit
 * the union of its blanks' candidates and the digits seen in two or more.
 */
static unsigned hidden_single(target *s, int depth, unsigned can[UNIT_KINDS][BD_SIZE],
                              unsigned twice[UNIT_KINDS][BD_SIZE])
{
    for (int kind = 0; kind < UNIT_KINDS; kind++) {
        for (int u = 0; u < BD_SIZE; u++) {
            unsigned once = can[kind][u] & ~twice[kind][u];
            if (!once)
                continue;
            unsigned bit = once & (0u - once);
            for (int i = depth; i < s->blank_count; i++) {
                int cell = s->blanks[i];
                if (unit_of(kind, cell) == u && (candidates(s, cell) & bit)) {
                    s->blanks[i] = s->blanks[depth];
                    s->blanks[depth] = (uint8_t)cell;
                    return bit;
                }
            }
        }
    }
    return 0;
}

/*
 * One scan of the open blanks blanks[depth..]: moves the one with fewest
 * candidates (ties: the heavier cell) to blanks[depth] and gives its
 * candidates; a hidden single comes before any blank with two or more.
 * Returns false when the node is dead: a blank without candidates, a unit's
 * missing digit with no place left, or the cheap bound (score + sum of
 * weight x largest candidate) below the goal.
 */
static bool scan(target *s, int depth, unsigned *cand_out)
{
    unsigned can[UNIT_KINDS][BD_SIZE] = {{0}}, twice[3][BD_SIZE] = {{0}};
    int bound = s->score, best_i = depth, best_n = BD_SIZE + 1, best_w = 0;
    unsigned best_cand = 0;
    for (int i = depth; i < s->blank_count; i++) {
        int cell = s->blanks[i], w = s->weight[cell];
        unsigned cand = candidates(s, cell);
        if (!cand)
            return false;
        bound += w * top_digit(cand);
        for (int kind = 0; kind < UNIT_KINDS; kind++) {
            int u = s->unit[cell][kind];
            twice[kind][u] |= can[kind][u] & cand;
            can[kind][u] |= cand;
        }
        int n = digit_count(cand);
        if (n < best_n || (n == best_n && w > best_w)) {
            best_i = i;
            best_n = n;
            best_w = w;
            best_cand = cand;
        }
    }
    if (bound < goal_now(s))
        return false;
    for (int kind = 0; kind < UNIT_KINDS; kind++)
        for (int u = 0; u < BD_SIZE; u++)
            if ((can[kind][u] | s->units.used[kind][u]) != ALL_DIGITS)
                return false;
    if (best_n > 1 && (*cand_out = hidden_single(s, depth, can, twice)) != 0)
        return true;
    uint8_t cell = s->blanks[best_i];
    s->blanks[best_i] = s->blanks[depth];
    s->blanks[depth] = cell;
    *cand_out = best_cand;
    return true;
}

/* Branch and bound below the node where blanks[0..depth) are filled;
 * `parent` is the nearest ancestor's relaxation (NULL without one). */
static void search(target *s, int depth, const relaxation *parent)
{
    if (depth == s->blank_count) {
        record(s);
        return;
    }
    unsigned cand;
    if (!scan(s, depth, &cand))
        return;
    uint16_t saved[BD_CELLS];
    bool narrowed = s->lagrange && (cand & (cand - 1u)) != 0;
    if (narrowed) {
        memcpy(saved, s->allow, sizeof saved);
        if (!tighten(s, NODE_ITERATIONS, parent, &s->level[depth])
            || (s->fixed && !scan(s, depth, &cand))) {
            memcpy(s->allow, saved, sizeof saved);
            return;
        }
    }
    if (cand & (cand - 1u))
        s->guesses++;
    int cell = s->blanks[depth];
    uint64_t entry = s->budget.nodes, next_check = RETIGHTEN_NODES;
    const relaxation *guide = narrowed ? &s->level[depth] : parent;
    while (cand && !s->stop) {
        int digit = top_digit(cand);
        if (guide) {   /* the least reduced cost first: the likeliest */
            for (unsigned rest = cand; rest; rest &= rest - 1u) {
                int d = bit_digit(rest);
                if (guide->drop[cell][d - 1] < guide->drop[cell][digit - 1])
                    digit = d;
            }
        }
        cand &= ~digit_bit(digit);
        if (bdi_budget_spend(&s->budget) || (!s->lagrange && --s->cheap_left == 0)) {
            s->stop = true;
            break;
        }
        place(s, cell, digit);
        search(s, depth + 1, narrowed ? &s->level[depth] : parent);
        unplace(s, cell);
        if (narrowed && cand && s->budget.nodes - entry > next_check) {
            /* A big subtree: the bound may have been loose. Tighten it
             * again here (prices from this node's last relaxation). */
            next_check *= 4;
            if (!tighten(s, RETIGHTEN_ITERATIONS, NULL, &s->level[depth]))
                break;
            cand &= candidates(s, cell);
        }
    }
    if (narrowed)
        memcpy(s->allow, saved, sizeof saved);
}

static void target_init(target *s, const bd_grid *puzzle, const bd_options *options)
{
    memset(s, 0, sizeof *s);
    s->best_score = -1;
    bdi_budget_init(&s->budget, options);
    for (int cell = 0; cell < BD_CELLS; cell++) {
        s->weight[cell] = (uint8_t)bd_weight(cell);
        for (int kind = 0; kind < UNIT_KINDS; kind++)
            s->unit[cell][kind] = (uint8_t)unit_of(kind, cell);
        s->allow[cell] = ALL_DIGITS;
        if (puzzle->cells[cell])
            place(s, cell, puzzle->cells[cell]);
        else
            s->blanks[s->blank_count++] = (uint8_t)cell;
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
    s->cheap_left = CHEAP_NODES;
    search(s, 0, NULL);
    if (s->budget.cut || !s->stop)
        return;   /* the cheap search finished: exact */
    s->stop = false;
    s->lagrange = true;
    unsigned cand;
    relaxation *root = &s->level[BD_CELLS + 1];
    memset(&root->price, 0, sizeof root->price);
    if (!scan(s, 0, &cand) || !tighten(s, ROOT_ITERATIONS, NULL, root))
        return;   /* the incumbent is optimal, or solved by the relaxation */
    s->proven = s->score + (int)(root->value / SCALE);
    for (int pass = 0, step = 1; !s->stop; pass++) {
        s->goal = s->proven - step + 1;
        if (s->goal <= s->best_score)
            s->goal = s->best_score + 1;
        if (s->goal < 0)
            s->goal = 0;
        for (int cell = 0; cell < BD_CELLS; cell++)
            s->allow[cell] = ALL_DIGITS;
        search(s, 0, root);
        if (s->budget.cut || s->best_score >= s->goal || s->goal == 0)
            return;
        s->proven = s->goal - 1;
        if (s->best_score >= s->proven)
            return;
        if (pass >= 1)
            step *= 2;
    }
}

bd_status bdi_bound_target(const bd_grid *puzzle, const bd_options *options,
                           int *score, bd_grid *best, bd_stats *stats)
{
    target s;
    target_init(&s, puzzle, options);
    s.level = malloc((BD_CELLS + 2) * sizeof *s.level);
    if (!s.level)
        return BD_ENOMEM;
    run_passes(&s);
    free(s.level);
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
