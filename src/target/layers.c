/*
 * layers.c - the digit-layer relaxation of the target problem: an upper
 * bound on the best completion's score, stronger than the LP bound.
 *
 * A completion puts each digit d in nine cells, one per row, column and
 * box: d's "layer". Relax only "one digit per cell": give each blank cell a
 * price p (in 1/BDI_LAYER_SCALE point) and let every digit choose its layer
 * alone, for the profit d * weight - p on the blanks it takes (0 on a cell
 * where d is placed already; cells holding another digit, or blanks that
 * cannot take d, are closed to it):
 *
 *   L(p) = sum of p over the blanks + sum over digits of the best layer
 *
 * A completion is nine disjoint layers that cover every blank once, so it
 * pays each price exactly once: score <= placed score + L(p) for any prices.
 * The best prices give the bound of the linear programme over convex
 * combinations of layers (its Dantzig-Wolfe master), at least as tight as
 * the LP of the cell/row/column/box model; on sparse grids it usually meets
 * the optimum. Callers find good prices by subgradient steps (target.c);
 * bdi_layer_subgradient gives the direction. All arithmetic is exact in
 * int32.
 *
 * The best layer of one digit: a layer is, in each band b, a one-to-one map
 * of the band's three rows to its three stacks, and, in each stack s, a
 * one-to-one map of the three bands to the stack's three columns (6^3 * 6^3
 * = 46656 layers on an empty grid). For a band and a "triple" T = (column
 * offset in stack 0, 1, 2), the best row map is one of 6 (band_best); the
 * column maps choose one triple per band, 216 ways:
 *
 *   best = max over (sigma_0, sigma_1, sigma_2) of
 *          sum over b of band_best[b][(sigma_0(b), sigma_1(b), sigma_2(b))]
 *
 * About 2,000 additions a digit. The best layer through each cell (the
 * max-marginal, for fixing) comes from the same tables: for each band and
 * triple, the best the other two bands can add (`rest`), plus each row map.
 * A digit left with few layers (at most WALK_LIMIT choices of cell, row by
 * row: most rows already hold it) is walked row by row instead, cutting
 * off partial layers that cannot beat the best found.
 */
#include "target.h"

#include <string.h>

enum {
    TRIPLES = 27,      /* column offsets in the three stacks: t0 + 3 t1 + 9 t2 */
    BIJECTIONS = 6,    /* one-to-one maps of three things onto three */
    CLOSED = -(1 << 26), /* the value of a cell closed to the digit */
    WALK_LIMIT = 1024     /* layers walked row by row below this many choices */
};

/* TRIPLE_OFFSETS[t0 + 3 t1 + 9 t2] = {t0, t1, t2}. */
static const uint8_t TRIPLE_OFFSETS[TRIPLES][BD_BOX] = {
    {0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {1, 1, 0}, {2, 1, 0}, {0, 2, 0}, {1, 2, 0},
    {2, 2, 0}, {0, 0, 1}, {1, 0, 1}, {2, 0, 1}, {0, 1, 1}, {1, 1, 1}, {2, 1, 1}, {0, 2, 1},
    {1, 2, 1}, {2, 2, 1}, {0, 0, 2}, {1, 0, 2}, {2, 0, 2}, {0, 1, 2}, {1, 1, 2}, {2, 1, 2},
    {0, 2, 2}, {1, 2, 2}, {2, 2, 2}};

/* BIJECTION[q][k]: the image of k under the q-th map of {0,1,2}. */
static const uint8_t BIJECTION[BIJECTIONS][BD_BOX] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* COLUMNS12[6 * s2 + s1][b] = t1 + 3 t2: band b's column offsets in stacks
 * 1 and 2 under the maps BIJECTION[s1] and BIJECTION[s2]. */
static const uint8_t COLUMNS12[BIJECTIONS * BIJECTIONS][BD_BOX] = {
    {0, 4, 8}, {0, 5, 7}, {1, 3, 8}, {1, 5, 6}, {2, 3, 7}, {2, 4, 6},
    {0, 7, 5}, {0, 8, 4}, {1, 6, 5}, {1, 8, 3}, {2, 6, 4}, {2, 7, 3},
    {3, 1, 8}, {3, 2, 7}, {4, 0, 8}, {4, 2, 6}, {5, 0, 7}, {5, 1, 6},
    {3, 7, 2}, {3, 8, 1}, {4, 6, 2}, {4, 8, 0}, {5, 6, 1}, {5, 7, 0},
    {6, 1, 5}, {6, 2, 4}, {7, 0, 5}, {7, 2, 3}, {8, 0, 4}, {8, 1, 3},
    {6, 4, 2}, {6, 5, 1}, {7, 3, 2}, {7, 5, 0}, {8, 3, 1}, {8, 4, 0}};

/* The value of band b's cells under row map q and triple (t0, t1, t2):
 * row BIJECTION[q][s] of the band takes column offset t_s in stack s. */
static inline int32_t band_value(const int32_t value[BD_CELLS], int band, int q, int t0,
                                 int t1, int t2)
{
    const int32_t *first = value + band * BD_BOX * BD_SIZE;
    return first[BIJECTION[q][0] * BD_SIZE + t0] + first[BIJECTION[q][1] * BD_SIZE + 3 + t1]
           + first[BIJECTION[q][2] * BD_SIZE + 6 + t2];
}

/* Each cell's profit for `digit` under the prices, or CLOSED (a placed
 * cell's gain is 0 and its price ignored: 0 when it holds the digit). */
static void digit_values(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                         int digit, const uint16_t rows[BD_SIZE], int32_t value[BD_CELLS])
{
    for (int r = 0; r < BD_SIZE; r++) {
        for (int c = 0; c < BD_SIZE; c++) {
            int cell = r * BD_SIZE + c;
            int32_t gain = node->gain[cell], profit = gain ? digit * gain - price[cell] : 0;
            value[cell] = (rows[r] >> c) & 1u ? profit : CLOSED;
        }
    }
}

/* The larger of two values. */
static inline int32_t max2(int32_t a, int32_t b)
{
    return a > b ? a : b;
}

/* For each band and triple T = t0 + 3 t1 + 9 t2: the best row map's value.
 * A hot loop: for each (t1, t2), the six ways two rows take stacks 1 and
 * 2, then the third row's cell in stack 0 for each t0. */
static void band_bests(const int32_t value[BD_CELLS], int32_t best[BD_BOX][TRIPLES])
{
    for (int band = 0; band < BD_BOX; band++) {
        const int32_t *r0 = value + band * BD_BOX * BD_SIZE, *r1 = r0 + BD_SIZE,
                      *r2 = r1 + BD_SIZE;
        for (int t2 = 0; t2 < 3; t2++) {
            for (int t1 = 0; t1 < 3; t1++) {
                /* pair_ij: row i in stack 1, row j in stack 2 */
                int32_t pair12 = r1[3 + t1] + r2[6 + t2], pair21 = r2[3 + t1] + r1[6 + t2];
                int32_t pair02 = r0[3 + t1] + r2[6 + t2], pair20 = r2[3 + t1] + r0[6 + t2];
                int32_t pair01 = r0[3 + t1] + r1[6 + t2], pair10 = r1[3 + t1] + r0[6 + t2];
                int32_t with0 = max2(pair12, pair21), with1 = max2(pair02, pair20),
                        with2 = max2(pair01, pair10);
                int32_t *out = best[band] + 3 * t1 + 9 * t2;
                for (int t0 = 0; t0 < 3; t0++)
                    out[t0] = max2(max2(r0[t0] + with0, r1[t0] + with1), r2[t0] + with2);
            }
        }
    }
}

/* The best of the six ways to give bands 0, 1, 2 distinct offsets: a[k],
 * b[k], c[k] are their values at offset k. */
static inline int32_t assign3(const int32_t *a, const int32_t *b, const int32_t *c)
{
    int32_t x = max2(a[0] + max2(b[1] + c[2], b[2] + c[1]), a[1] + max2(b[0] + c[2], b[2] + c[0]));
    return max2(x, a[2] + max2(b[0] + c[1], b[1] + c[0]));
}

/* The best layer's value over the 216 column maps (sigma_s: band -> column
 * offset in stack s), and in top[b] the triple of each band. Stacks 1 and
 * 2's maps are enumerated (36 pairs), stack 0's is a 3x3 assignment
 * (assign3). A pair whose bands' best over every stack-0 offset cannot beat
 * the best found is skipped without its assignment. */
static int32_t best_value(int32_t best[BD_BOX][TRIPLES], int top[BD_BOX])
{
    int32_t top_value = BDI_LAYER_NONE, over0[BD_BOX][BD_SIZE];
    for (int band = 0; band < BD_BOX; band++)
        for (int j = 0; j < BD_SIZE; j++) {
            const int32_t *in = best[band] + 3 * j;
            over0[band][j] = max2(max2(in[0], in[1]), in[2]);
        }
    for (int pair = 0; pair < BIJECTIONS * BIJECTIONS; pair++) {
        const uint8_t *j = COLUMNS12[pair];
        if (over0[0][j[0]] + over0[1][j[1]] + over0[2][j[2]] <= top_value)
            continue;
        const int32_t *in[BD_BOX] = {best[0] + 3 * j[0], best[1] + 3 * j[1], best[2] + 3 * j[2]};
        int32_t x = assign3(in[0], in[1], in[2]);
        if (x <= top_value)
            continue;
        top_value = x;
        for (int s0 = 0; s0 < BIJECTIONS; s0++) {
            if (in[0][BIJECTION[s0][0]] + in[1][BIJECTION[s0][1]] + in[2][BIJECTION[s0][2]] == x)
                for (int band = 0; band < BD_BOX; band++)
                    top[band] = 3 * j[band] + BIJECTION[s0][band];
        }
    }
    return top_value;
}

/* rest[b][T] = the best that the other two bands add to band b's triple T
 * in a layer (BDI_LAYER_NONE: none fits). */
static void rest_of(int32_t best[BD_BOX][TRIPLES], int32_t rest[BD_BOX][TRIPLES])
{
    for (int band = 0; band < BD_BOX; band++)
        for (int triple = 0; triple < TRIPLES; triple++)
            rest[band][triple] = BDI_LAYER_NONE;
    /* For each pair of stack-1/stack-2 maps: band b at stack-0 offset k,
     * the other two bands at the other two offsets, either way round. */
    for (int pair = 0; pair < BIJECTIONS * BIJECTIONS; pair++) {
        const uint8_t *j = COLUMNS12[pair];
        for (int band = 0; band < BD_BOX; band++) {
            const int32_t *b = best[(band + 1) % BD_BOX] + 3 * j[(band + 1) % BD_BOX];
            const int32_t *c = best[(band + 2) % BD_BOX] + 3 * j[(band + 2) % BD_BOX];
            int32_t *out = rest[band] + 3 * j[band];
            out[0] = max2(out[0], max2(b[1] + c[2], b[2] + c[1]));
            out[1] = max2(out[1], max2(b[0] + c[2], b[2] + c[0]));
            out[2] = max2(out[2], max2(b[0] + c[1], b[1] + c[0]));
        }
    }
}

/* The max-marginals: through[cell] = the best layer that takes the cell,
 * from rest (see best_columns) and each band's row maps. */
static void through_cells(const int32_t value[BD_CELLS], int32_t rest[BD_BOX][TRIPLES],
                          int32_t through[BD_CELLS])
{
    for (int cell = 0; cell < BD_CELLS; cell++)
        through[cell] = BDI_LAYER_NONE;
    for (int band = 0; band < BD_BOX; band++) {
        const int32_t *row[BD_BOX];
        for (int i = 0; i < BD_BOX; i++)
            row[i] = value + (band * BD_BOX + i) * BD_SIZE;
        for (int triple = 0; triple < TRIPLES; triple++) {
            if (rest[band][triple] < BDI_LAYER_FEASIBLE)
                continue;
            /* in[s][i]: row i's cell in stack s at the triple's offset */
            const uint8_t *t = TRIPLE_OFFSETS[triple];
            int32_t in[BD_BOX][BD_BOX];
            for (int st = 0; st < BD_BOX; st++)
                for (int i = 0; i < BD_BOX; i++)
                    in[st][i] = row[i][st * BD_BOX + t[st]];
            /* row i in stack st, the other two rows in the other two
             * stacks either way round */
            for (int st = 0; st < BD_BOX; st++) {
                const int32_t *u = in[(st + 1) % BD_BOX], *v = in[(st + 2) % BD_BOX];
                for (int i = 0; i < BD_BOX; i++) {
                    int j = (i + 1) % BD_BOX, k = (i + 2) % BD_BOX;
                    int32_t x = in[st][i] + max2(u[j] + v[k], u[k] + v[j]);
                    if (x < BDI_LAYER_FEASIBLE)
                        continue;
                    int cell = (band * BD_BOX + i) * BD_SIZE + st * BD_BOX + t[st];
                    through[cell] = max2(through[cell], x + rest[band][triple]);
                }
            }
        }
    }
}

/* Fills pick with the layer of band triples top[] and the best row maps. */
static void pick_of(const int32_t value[BD_CELLS], const int top[BD_BOX], uint8_t pick[BD_SIZE])
{
    for (int band = 0; band < BD_BOX; band++) {
        const uint8_t *t = TRIPLE_OFFSETS[top[band]];
        int at = 0;
        for (int q = 1; q < BIJECTIONS; q++)
            if (band_value(value, band, q, t[0], t[1], t[2])
                > band_value(value, band, at, t[0], t[1], t[2]))
                at = q;
        for (int s = 0; s < BD_BOX; s++)
            pick[band * BD_BOX + BIJECTION[at][s]] = (uint8_t)(s * BD_BOX + t[s]);
    }
}

/* A walk through the layers of one digit, row by row, for digits with few
 * layers left (most rows already hold the digit or offer few cells). */
typedef struct walk {
    int32_t value[BD_CELLS];     /* filled on the open cells only */
    int row[BD_SIZE];            /* the rows, fewest open cells first */
    unsigned open[BD_SIZE];      /* the open columns of each */
    int32_t rest[BD_SIZE + 1];   /* rest[k]: the rows k.. at their best cells */
    uint8_t pick[BD_SIZE];
    bdi_layer *layer;
    int32_t *through;            /* may be NULL */
} walk;

/* Every layer that completes rows row[0..k) of the walk's picks. */
static void walk_rows(walk *w, int k, unsigned cols, unsigned boxes, int32_t sum)
{
    if (k == BD_SIZE) {
        if (sum > w->layer->best) {
            w->layer->best = sum;
            memcpy(w->layer->pick, w->pick, sizeof w->pick);
        }
        for (int r = 0; w->through && r < BD_SIZE; r++)
            w->through[r * BD_SIZE + w->pick[r]] = max2(w->through[r * BD_SIZE + w->pick[r]], sum);
        return;
    }
    if (!w->through && sum + w->rest[k] <= w->layer->best)
        return;   /* cannot beat the best layer found */
    int r = w->row[k];
    for (unsigned free_cols = w->open[k] & ~cols; free_cols; free_cols &= free_cols - 1u) {
        int c = bit_digit(free_cols) - 1;
        unsigned box = 1u << (r / BD_BOX * BD_BOX + c / BD_BOX);
        if (boxes & box)
            continue;
        w->pick[r] = (uint8_t)c;
        walk_rows(w, k + 1, cols | (1u << c), boxes | box, sum + w->value[r * BD_SIZE + c]);
    }
}

/* Solves the layer of `digit` (its open columns row by row in `rows`) by
 * walking its rows when the product of the rows' open cells is at most WALK_LIMIT; false (nothing done) otherwise. */
static bool walk_layer(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                       const uint16_t rows[BD_SIZE], bdi_layer *layer, int32_t *through)
{
    walk w;
    w.layer = layer;
    w.through = through;
    int product = 1, count[BD_SIZE];
    for (int r = 0; r < BD_SIZE; r++) {
        unsigned open = rows[r];
        count[r] = digit_count(open);
        product *= count[r];
        if (product > WALK_LIMIT)
            return false;
        int k = r;   /* insertion by count */
        for (; k > 0 && count[w.row[k - 1]] > count[r]; k--) {
            w.row[k] = w.row[k - 1];
            w.open[k] = w.open[k - 1];
        }
        w.row[k] = r;
        w.open[k] = open;
    }
    layer->best = BDI_LAYER_NONE;
    memset(layer->pick, 0, sizeof layer->pick);
    if (through)
        for (int cell = 0; cell < BD_CELLS; cell++)
            through[cell] = BDI_LAYER_NONE;
    w.rest[BD_SIZE] = 0;
    for (int k = BD_SIZE - 1; k >= 0; k--) {
        int32_t top = CLOSED;
        for (unsigned open = w.open[k]; open; open &= open - 1u) {
            int cell = w.row[k] * BD_SIZE + bit_digit(open) - 1;
            int32_t gain = node->gain[cell];
            w.value[cell] = gain ? digit * gain - price[cell] : 0;
            top = max2(top, w.value[cell]);
        }
        w.rest[k] = w.rest[k + 1] + top;
    }
    if (product > 0)   /* else a row has no open cell: no layer */
        walk_rows(&w, 0, 0, 0, 0);
    return true;
}

/* The open columns of `digit` in each row of the node, from its cells. */
static void open_columns(const bdi_layer_node *node, int digit, uint16_t rows[BD_SIZE])
{
    unsigned bit = digit_bit(digit);
    for (int r = 0; r < BD_SIZE; r++) {
        unsigned open = 0;
        for (int c = 0; c < BD_SIZE; c++)
            if (node->open[r * BD_SIZE + c] & bit)
                open |= 1u << c;
        rows[r] = (uint16_t)open;
    }
}

void bdi_layer_index(bdi_layer_node *node)
{
    memset(node->row_open, 0, sizeof node->row_open);
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned open = node->open[cell]; open; open &= open - 1u)
            node->row_open[bit_digit(open) - 1][cell / BD_SIZE] |= (uint16_t)(1u << (cell % BD_SIZE));
    node->indexed = true;
}

void bdi_layer_solve(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                     bdi_layer *layer, int32_t *through)
{
    int32_t value[BD_CELLS], best[BD_BOX][TRIPLES];
    int top[BD_BOX] = {0, 0, 0};
    uint16_t scanned[BD_SIZE];
    const uint16_t *rows = node->indexed ? node->row_open[digit - 1] : scanned;
    if (!node->indexed)
        open_columns(node, digit, scanned);
    if (walk_layer(node, price, digit, rows, layer, through))
        return;
    digit_values(node, price, digit, rows, value);
    band_bests(value, best);
    int32_t top_value = best_value(best, top);
    layer->best = top_value < BDI_LAYER_FEASIBLE ? BDI_LAYER_NONE : top_value;
    pick_of(value, top, layer->pick);
    if (through) {
        int32_t rest[BD_BOX][TRIPLES];
        rest_of(best, rest);
        through_cells(value, rest, through);
    }
}

int64_t bdi_layer_bound(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                        bdi_layer layers[BD_SIZE])
{
    int64_t total = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (node->gain[cell])
            total += price[cell];
    for (int digit = 1; digit <= BD_SIZE; digit++) {
        bdi_layer_solve(node, price, digit, &layers[digit - 1], NULL);
        if (layers[digit - 1].best == BDI_LAYER_NONE)
            return BDI_LAYER_INFEASIBLE;
        total += layers[digit - 1].best;
    }
    return total;
}

int bdi_layer_subgradient(const bdi_layer_node *node, const bdi_layer layers[BD_SIZE],
                          int8_t g[BD_CELLS])
{
    for (int cell = 0; cell < BD_CELLS; cell++)
        g[cell] = node->gain[cell] ? 1 : 0;
    for (int digit = 0; digit < BD_SIZE; digit++) {
        for (int r = 0; r < BD_SIZE; r++) {
            int cell = r * BD_SIZE + layers[digit].pick[r];
            if (node->gain[cell])
                g[cell]--;
        }
    }
    int norm = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        norm += g[cell] * g[cell];
    return norm;
}
