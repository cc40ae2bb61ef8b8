/*
 * dlx_target.c - the target optimizer of the Dancing Links engine: exact
 * branch and bound on the exact-cover matrix of dlx.h, with a bound of its
 * own, made independently of target.c's, so that `-e dlx` cross-checks the
 * default optimizer on every grid, the sparse ones included.
 *
 * The bound: the linear relaxation of exact cover, through prices on the
 * unit columns. Give every uncovered unit column u (a row, column or box
 * holding a digit) a price y[u]. A completion below a node takes one row
 * in each uncovered cell column and covers each uncovered unit column
 * exactly once, so it scores at most
 *
 *     score so far + sum of y[u] over the uncovered unit columns
 *       + sum over the uncovered cell columns of the largest reduced
 *         profit of their rows, profit(row) - y[the row's 3 unit columns]
 *
 * whatever the prices (the profit of a row: the weight of its cell times
 * its digit). The best prices give the bound of the linear relaxation (the
 * kept constraints, one row per cell, have integral solutions): on the
 * empty grid, 2906, the maximum itself.
 *
 * The prices: iterative scaling (Sinkhorn) on the entropy-smoothed
 * relaxation. With x(row) = exp((profit - prices of its cell and unit
 * columns) / tau), each step sets the price of every cell column, then of
 * every row-digit, column-digit and box-digit column in turn, so that the
 * x of its rows sum to 1; the temperature tau falls from TAU_START to
 * TAU_END points over ROOT_STEPS steps, and the prices approach the best
 * ones of the relaxation. They are found once, at the root, in floating
 * point, then rounded to integers in 1/SCALE points: every bound is then
 * exact integer arithmetic, valid whatever rounding did to the prices.
 *
 * Big subtrees are priced again. Root prices are good for the root, not
 * for a node deep in a plateau: on sparse grids whose optimum lies 1-3
 * points below an integral LP bound, nodes kept half a point above the
 * goal by the root's prices would fall below it under their own. So once
 * the children of a branching node have taken REPRICE_NODES nodes (then 4
 * times as many, 16 times, ...), the node is priced again: REPRICE_STEPS
 * Sinkhorn steps warm from the current prices, cooling from TAU_WARM to
 * TAU_COLD, on the node's own matrix. The new prices are kept for its
 * remaining children (and put back when the node is done) if they give a
 * lower bound there; then the node is pruned or its rows removed as below,
 * looking one row ahead. A grid that needs few nodes never pays for it.
 * SCALE and TAU_COLD are fine enough for such bounds to come close to the
 * LP bound. The other nodes keep their nearest priced ancestor's prices.
 *
 * Reduced costs: forcing row r of cell column c lowers the bound by
 * best(c) - reduced(r). A row whose forced bound is below the goal is
 * taken out of the matrix for the subtree (its four nodes unlinked from
 * their columns, put back in reverse order when the subtree is done).
 * Where a node is priced again, the removal also looks one row ahead: a
 * row also costs the other cells whose only best row it rules out (their
 * best falls to their second best), the bound the row's child would find.
 *
 * The search. (1) A dive of at most CHEAP_NODES nodes without bounds, rows
 * by profit, the largest first: on dense grids it often finishes, which is
 * exact; otherwise it leaves a completion to beat. (2) The root's prices,
 * and with them a proven maximum, floor(bound). (3) Passes that look for
 * completions scoring at least a goal: first the proven maximum, then lower
 * by 1, 1, 2, 4, ... A pass that finds none proves the maximum below its
 * goal; a pass that finds some keeps the best, with the goal raised past it
 * (branch and bound), and that best is the maximum. At each node the
 * column with fewest rows (dlx.h); on a branching node the bound, then
 * reduced-cost removal, and the rows by their forced bound, the largest
 * first.
 */
#include "dlx.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
    SCALE = 1024,               /* prices in 1/1024 point */
    PRICE_LIMIT = 256 * SCALE,  /* |price| <= this */
    CHEAP_NODES = 1000,         /* the first dive, without bounds */
    ROOT_STEPS = 60,            /* Sinkhorn steps at the root */
    REPRICE_NODES = 3000,       /* a subtree this big is priced again */
    REPRICE_STEPS = 20,         /* Sinkhorn steps then */
    LEVELS = BD_CELLS + 1       /* a bound per depth, the root's last */
};

/* Sinkhorn's temperatures, in points: at the root, then at a node priced
 * again (warm). */
static const double TAU_START = 8.0, TAU_END = 0.02, TAU_WARM = 0.1, TAU_COLD = 0.002;

static const int64_t NO_BOUND = -((int64_t)1 << 62);

/* The bound at a node under the prices. */
typedef struct node_bound {
    int64_t value;               /* minus the score, in 1/SCALE points;
                                    NO_BOUND: no completion */
    int64_t best[BD_CELLS + 1];  /* by cell column: its best reduced profit */
} node_bound;

/* What a branching node keeps: its bound, and the prices to put back once
 * it has priced its subtree again. */
typedef struct level {
    node_bound bound;
    int32_t outer_price[MATRIX_COLUMNS + 1];
} level;

typedef struct bb {
    dlx *x;
    int32_t profit[MATRIX_ROWS];          /* by slot: weight x digit, points */
    int32_t price[MATRIX_COLUMNS + 1];    /* by column header; 0 on cells */
    double smooth[MATRIX_COLUMNS + 1];    /* Sinkhorn's prices, in points */
    int32_t old_price[MATRIX_COLUMNS + 1]; /* before a re-pricing */
    node_bound trial;                     /* the bound a re-pricing finds */
    level *level;                         /* LEVELS of them */
    int16_t removed[MATRIX_ROWS];         /* rows taken out by reduced costs */
    int removed_top;
    int score;                    /* of the givens and the rows chosen */
    int goal;                     /* completions below it do not matter */
    int proven;                   /* the maximum is known to be <= proven */
    int best_score;               /* the best completion, -1 if none */
    bd_grid best;
    bool bounded;                 /* phase 1 is over: bounds in use */
    uint64_t cheap_left;
    uint64_t reprice_nodes;       /* REPRICE_NODES, or a test's own */
    bool stop;                    /* the budget ran out, or proven optimal */
} bb;

/* The slot (matrix row, one cell-digit pair) of row node `n`. */
static inline int slot_of(int n)
{
    return (row_start(n) - FIRST_NODE) / ROW_NODES;
}

/* The profit of the row of node `n` less the prices of its unit columns,
 * in 1/SCALE points. */
static inline int64_t reduced(const bb *b, int n)
{
    const node *nd = b->x->nodes;
    int start = row_start(n);
    return (int64_t)b->profit[slot_of(n)] * SCALE - b->price[nd[start + 1].column]
           - b->price[nd[start + 2].column] - b->price[nd[start + 3].column];
}

/* Fills b->profit from the matrix: a row's cell and digit are read off its
 * cell and row-digit columns. */
static void init_profits(bb *b)
{
    const dlx *x = b->x;
    for (int c = x->heads[ROOT].right; c != ROOT && c <= BD_CELLS; c = x->heads[c].right) {
        for (int n = x->nodes[c].down; n != c; n = x->nodes[n].down) {
            int digit = (x->nodes[n + 1].column - 1 - BD_CELLS) % BD_SIZE + 1;
            b->profit[slot_of(n)] = bd_weight(c - 1) * digit;
        }
    }
}

/* What a completion must reach, in 1/SCALE points beyond the score, to
 * matter now: the goal, or more than the best found. */
static int64_t need_now(const bb *b)
{
    int goal = b->best_score >= b->goal ? b->best_score + 1 : b->goal;
    return (int64_t)SCALE * (goal - b->score);
}

/* Keeps the completion made of the rows chosen at depths 0..depth-1 if it
 * beats the best; stops once the best meets the proven maximum. */
static void record(bb *b, int depth)
{
    if (b->score > b->best_score) {
        b->best_score = b->score;
        bdi_dlx_fill_grid(b->x, depth, &b->best);
    }
    if (b->best_score >= b->proven)
        b->stop = true;
}

/* The bound at the current node, into nb. */
static void evaluate(const bb *b, node_bound *nb)
{
    const dlx *x = b->x;
    int64_t total = 0;
    for (int c = x->heads[ROOT].right; c != ROOT; c = x->heads[c].right) {
        if (c > BD_CELLS) {
            total += b->price[c];
            continue;
        }
        int64_t best = NO_BOUND;
        for (int n = x->nodes[c].down; n != c; n = x->nodes[n].down) {
            int64_t value = reduced(b, n);
            best = value > best ? value : best;
        }
        if (best == NO_BOUND) {
            nb->value = NO_BOUND;
            return;
        }
        nb->best[c] = best;
        total += best;
    }
    nb->value = total;
}

/* Adds exp(v) to the running log-sum-exp max + log(sum). */
static inline void lse_add(double *max, double *sum, double v)
{
    if (v > *max) {
        *sum = *sum * exp(*max - v) + 1.0;
        *max = v;
    } else {
        *sum += exp(v - *max);
    }
}

/* One Sinkhorn step at temperature tau: for part 0 the cell columns (their
 * prices in cell_price), then the unit columns of the rows' nodes 1, 2 and
 * 3 in turn. */
static void scale_step(bb *b, double tau, double cell_price[BD_CELLS + 1])
{
    const dlx *x = b->x;
    double *y = b->smooth;
    double max[MATRIX_COLUMNS + 1], sum[MATRIX_COLUMNS + 1];
    for (int part = 0; part < ROW_NODES; part++) {
        for (int c = x->heads[ROOT].right; c != ROOT; c = x->heads[c].right) {
            max[c] = -HUGE_VAL;
            sum[c] = 0.0;
        }
        for (int c = x->heads[ROOT].right; c != ROOT && c <= BD_CELLS; c = x->heads[c].right) {
            for (int n = x->nodes[c].down; n != c; n = x->nodes[n].down) {
                int col = x->nodes[n + part].column;
                double v = b->profit[slot_of(n)] - y[x->nodes[n + 1].column]
                           - y[x->nodes[n + 2].column] - y[x->nodes[n + 3].column];
                if (part > 0)
                    v += y[col] - cell_price[c];
                lse_add(&max[col], &sum[col], v / tau);
            }
        }
        for (int c = x->heads[ROOT].right; c != ROOT; c = x->heads[c].right) {
            if (sum[c] > 0)   /* a column of this part */
                *(c <= BD_CELLS ? &cell_price[c] : &y[c]) = tau * (max[c] + log(sum[c]));
        }
    }
}

/* Prices for the node's matrix: `steps` Sinkhorn steps cooling from `hot`
 * to `cold` points, from zero (`warm` false: the root) or from the current
 * prices, rounded into b->price. False on the timeout. */
static bool find_prices(bb *b, int steps, double hot, double cold, bool warm)
{
    const dlx *x = b->x;
    double cell_price[BD_CELLS + 1] = {0};
    double tau = hot, cool = pow(cold / hot, 1.0 / (steps - 1));
    for (int c = x->heads[ROOT].right; c != ROOT; c = x->heads[c].right)
        b->smooth[c] = warm ? (double)b->price[c] / SCALE : 0.0;
    for (int step = 0; step < steps; step++, tau *= cool) {
        if (bdi_budget_expired(&b->x->budget))
            return false;
        scale_step(b, tau, cell_price);
    }
    for (int c = x->heads[ROOT].right; c != ROOT; c = x->heads[c].right) {
        double price = c > BD_CELLS ? floor(b->smooth[c] * SCALE + 0.5) : 0.0;
        b->price[c] = (int32_t)(price > PRICE_LIMIT ? PRICE_LIMIT
                                : price < -PRICE_LIMIT ? -PRICE_LIMIT : price);
    }
    return true;
}

/* Takes out of the matrix every row whose forced bound under nb falls
 * below what must be reached (onto b->removed). */
static void remove_by_reduced_cost(bb *b, const node_bound *nb)
{
    dlx *x = b->x;
    int64_t need = need_now(b);
    for (int c = x->heads[ROOT].right; c != ROOT && c <= BD_CELLS; c = x->heads[c].right) {
        for (int n = x->nodes[c].down; n != c; n = x->nodes[n].down) {
            if (nb->value - nb->best[c] + reduced(b, n) >= need)
                continue;
            for (int k = 0; k < ROW_NODES; k++)
                unlink_node(x, n + k);
            b->removed[b->removed_top++] = (int16_t)n;
        }
    }
}

/* For each cell column with a unique best row under the prices: that row
 * (its first node, into arg) and how far the cell's best falls without it
 * (into drop; 0 for the other cells). */
static void best_rows(const bb *b, int16_t arg[BD_CELLS + 1], int64_t drop[BD_CELLS + 1])
{
    const dlx *x = b->x;
    for (int c = x->heads[ROOT].right; c != ROOT && c <= BD_CELLS; c = x->heads[c].right) {
        int64_t best = NO_BOUND, second = NO_BOUND;
        int best_row = 0;
        for (int n = x->nodes[c].down; n != c; n = x->nodes[n].down) {
            int64_t value = reduced(b, n);
            if (value > best) {
                second = best;
                best = value;
                best_row = n;
            } else if (value > second) {
                second = value;
            }
        }
        arg[c] = (int16_t)best_row;
        drop[c] = best > second && second != NO_BOUND ? best - second : 0;
    }
}

/* How far the best of the other cells falls when the row of first node n
 * is chosen: it rules out one row (its digit) of each cell that shares a
 * unit with its cell, and a cell falls when that row was its unique best
 * (arg, drop of best_rows). A cell in the row's row (or column) and box
 * is in two of the lists: counted in the first only. */
static int64_t knocked_out(const bb *b, int n, const int16_t arg[BD_CELLS + 1],
                           const int64_t drop[BD_CELLS + 1])
{
    const node *nd = b->x->nodes;
    int64_t lost = 0;
    for (int k = 1; k < ROW_NODES; k++) {
        int u = nd[n + k].column;
        for (int m = nd[u].down; m != u; m = nd[m].down) {
            int start = row_start(m);
            if (start == n || (k == ROW_NODES - 1 && (nd[start + 1].column == nd[n + 1].column
                                                      || nd[start + 2].column == nd[n + 2].column)))
                continue;
            if (arg[nd[start].column] == start)
                lost += drop[nd[start].column];
        }
    }
    return lost;
}

/* Reduced-cost removal looking one row ahead: takes out (onto b->removed)
 * every row whose child's bound under the same prices, its own reduced
 * cost less what it knocks out of the other cells, falls below what must
 * be reached. */
static void remove_by_lookahead(bb *b, const node_bound *nb)
{
    dlx *x = b->x;
    int16_t arg[BD_CELLS + 1];
    int64_t drop[BD_CELLS + 1];
    best_rows(b, arg, drop);
    int64_t need = need_now(b);
    for (int c = x->heads[ROOT].right; c != ROOT && c <= BD_CELLS; c = x->heads[c].right) {
        for (int n = x->nodes[c].down; n != c; n = x->nodes[n].down) {
            int64_t forced = nb->value - nb->best[c] + reduced(b, n);
            if (forced >= need && forced - knocked_out(b, n, arg, drop) >= need)
                continue;
            for (int k = 0; k < ROW_NODES; k++)
                unlink_node(x, n + k);
            b->removed[b->removed_top++] = (int16_t)n;
        }
    }
}

/* Puts back the rows removed since the stack was `top` high. */
static void restore_removed(bb *b, int top)
{
    while (b->removed_top > top) {
        int n = b->removed[--b->removed_top];
        for (int k = ROW_NODES - 1; k >= 0; k--)
            relink_node(b->x, n + k);
    }
}

/* The bound at a branching node (into nb), then reduced-cost removal.
 * False when no completion below the node can matter. */
static bool bound_node(bb *b, node_bound *nb)
{
    evaluate(b, nb);
    if (nb->value == NO_BOUND || nb->value < need_now(b))
        return false;
    remove_by_reduced_cost(b, nb);
    return true;
}

/* The rows of column c, first nodes, in the order to try them: by forced
 * bound under nb (by profit without one), the largest first. Returns how
 * many. */
static int order_rows(const bb *b, int c, const node_bound *nb, int16_t rows[BD_SIZE])
{
    const dlx *x = b->x;
    int64_t key[BD_SIZE];
    int count = 0;
    for (int n = x->nodes[c].down; n != c; n = x->nodes[n].down) {
        int start = row_start(n);
        int64_t k = nb ? reduced(b, start) - nb->best[x->nodes[start].column]
                       : b->profit[slot_of(start)];
        int i = count++;
        for (; i > 0 && key[i - 1] < k; i--) {
            key[i] = key[i - 1];
            rows[i] = rows[i - 1];
        }
        key[i] = k;
        rows[i] = (int16_t)start;
    }
    return count;
}

static void search(bb *b, int depth);

/* Prices the node's matrix again (its branching column uncovered), warm
 * from the current prices, and keeps the new prices when they give a lower
 * bound than nb's (then into nb). False when no completion below the node
 * can matter (or on the timeout); otherwise removes rows, looking ahead. */
static bool reprice(bb *b, node_bound *nb)
{
    memcpy(b->old_price, b->price, sizeof b->price);
    if (!find_prices(b, REPRICE_STEPS, TAU_WARM, TAU_COLD, true)) {
        b->stop = true;
        return false;
    }
    evaluate(b, &b->trial);
    if (b->trial.value < nb->value)
        *nb = b->trial;
    else
        memcpy(b->price, b->old_price, sizeof b->price);
    if (nb->value == NO_BOUND || nb->value < need_now(b))
        return false;
    remove_by_lookahead(b, nb);
    return true;
}

/* The rows of column c that are not among the `done` first nodes of
 * tried, in the order of order_rows, into rows; returns how many. */
static int rows_left(const bb *b, int c, const node_bound *nb, const int16_t tried[BD_SIZE],
                     int done, int16_t rows[BD_SIZE])
{
    int16_t all[BD_SIZE];
    int count = order_rows(b, c, nb, all), left = 0;
    for (int i = 0; i < count; i++) {
        int k = 0;
        while (k < done && tried[k] != all[i])
            k++;
        if (k == done)
            rows[left++] = all[i];
    }
    return left;
}

/* Chooses the row of first node `start` (of column c) at `depth` and
 * searches below. */
static void try_row(bb *b, int depth, int c, int start)
{
    dlx *x = b->x;
    int r = start;
    while (x->nodes[r].column != c)
        r++;        /* the row's node in column c */
    x->chosen[depth] = (int16_t)r;
    b->score += b->profit[slot_of(r)];
    cover_row(x, r);
    search(b, depth + 1);
    uncover_row(x, r);
    b->score -= b->profit[slot_of(r)];
}

/* Tries the rows of column c in the order of order_rows (lv: the node's
 * level, holding its bound; NULL on a node without one). When the
 * children have taken REPRICE_NODES nodes (then 4 times as many, ...) and
 * rows are left, the node is priced again and the rows left are tried
 * under its new bound; its prices are put back before it returns. */
static void branch(bb *b, int depth, int c, level *lv)
{
    dlx *x = b->x;
    int16_t rows[BD_SIZE], tried[BD_SIZE];
    int count = order_rows(b, c, lv ? &lv->bound : NULL, rows), done = 0;
    x->guesses += count >= 2;
    marks open = save_marks(x);
    cover(x, c);
    marks covered = save_marks(x);
    uint64_t entry = x->budget.nodes, next_check = b->reprice_nodes;
    bool repriced = false, alive = true;
    for (int i = 0; i < count && !b->stop; i++) {
        if (bdi_budget_spend(&x->budget) || (!b->bounded && --b->cheap_left == 0)) {
            b->stop = true;
            break;
        }
        tried[done++] = rows[i];
        try_row(b, depth, c, rows[i]);
        restore_marks(x, covered);
        if (!lv || i + 1 == count || b->stop || x->budget.nodes - entry <= next_check)
            continue;
        next_check *= 4;
        uncover(x, c);
        restore_marks(x, open);
        if (!repriced)
            memcpy(lv->outer_price, b->price, sizeof b->price);
        repriced = true;
        alive = reprice(b, &lv->bound);
        if (!alive)
            break;
        count = rows_left(b, c, &lv->bound, tried, done, rows);
        i = -1;
        cover(x, c);
        covered = save_marks(x);
    }
    if (alive)
        uncover(x, c);
    if (repriced)
        memcpy(b->price, lv->outer_price, sizeof b->price);
}

/* Branch and bound below the node where `depth` rows are chosen. */
static void search(bb *b, int depth)
{
    dlx *x = b->x;
    int c = choose_column(x);
    if (c == ROOT) {
        record(b, depth);
        return;
    }
    if (!b->bounded || x->heads[c].size < 2) {
        branch(b, depth, c, NULL);
        return;
    }
    marks before = save_marks(x);
    int removed = b->removed_top;
    level *lv = &b->level[depth];
    if (bound_node(b, &lv->bound))
        branch(b, depth, choose_column(x), lv);
    restore_removed(b, removed);
    restore_marks(x, before);
}

/*
 * The phases of the top of the file. Leaves the maximum (or -1) in
 * best_score unless the budget ran out.
 */
static void run_phases(bb *b)
{
    b->goal = 0;
    b->proven = INT32_MAX;
    b->cheap_left = CHEAP_NODES;
    search(b, 0);
    if (b->x->budget.cut || !b->stop)
        return;   /* the dive finished: exact */
    b->stop = false;
    b->bounded = true;
    node_bound *root = &b->level[BD_CELLS].bound;
    if (!find_prices(b, ROOT_STEPS, TAU_START, TAU_END, false))
        return;
    evaluate(b, root);
    if (root->value == NO_BOUND)
        return;
    b->proven = b->score + (int)(root->value / SCALE);
    for (int pass = 0, step = 1; !b->stop && b->best_score < b->proven; pass++) {
        b->goal = b->proven - step + 1;
        if (b->goal <= b->best_score)
            b->goal = b->best_score + 1;
        search(b, 0);
        if (b->x->budget.cut || b->best_score >= b->goal)
            return;
        b->proven = b->goal - 1;
        if (pass >= 1)
            step *= 2;
    }
}

bd_status bdi_dlx_bound_target(const bd_grid *puzzle, const bd_options *options,
                               int *score, bd_grid *best, bd_stats *stats)
{
    return bdi_dlx_bound_target_with(puzzle, options, REPRICE_NODES, score, best, stats);
}

bd_status bdi_dlx_bound_target_with(const bd_grid *puzzle, const bd_options *options,
                                    uint64_t reprice_nodes, int *score, bd_grid *best,
                                    bd_stats *stats)
{
    dlx *x = malloc(sizeof *x);
    bb *b = malloc(sizeof *b);
    level *levels = malloc(LEVELS * sizeof *levels);
    bd_status status = BD_ENOMEM;
    if (x && b && levels) {
        bdi_dlx_init(x, puzzle, options, NULL);
        *b = (bb){.x = x, .level = levels, .best_score = -1, .reprice_nodes = reprice_nodes};
        if (!x->clash) {
            init_profits(b);
            b->score = bd_score(puzzle);
            run_phases(b);
        }
        if (stats) {
            stats->nodes += x->budget.nodes;
            stats->guesses += x->guesses;
        }
        *score = b->best_score;
        if (b->best_score >= 0 && best)
            *best = b->best;
        status = x->budget.cut ? BD_CUT_SHORT : b->best_score < 0 ? BD_NO_SOLUTION : BD_OK;
    }
    free(levels);
    free(b);
    free(x);
    return status;
}
