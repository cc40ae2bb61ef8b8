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
 * off partial layers that cannot beat the best found; without
 * max-marginals and from TABLES_FROM choices the tables go first, and
 * their layer stands where no other has its value (the walk would find
 * it too: its answer is its first best layer). A search's memo
 * (the caller's) keeps its recent solves with max-marginals, keyed by the
 * digit and its cells' values (below), for the search's repeats. An
 * indexed node keeps each digit's values but for the prices laid out as
 * the tables read them (the bands side by side); bdi_layer_solve_moved,
 * the steps' solves, lays the prices out so once for all its digits.
 */
#include "target.h"
#include "engine/fast/fast.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && !defined(BD_PORTABLE)
#include <emmintrin.h>
#endif
#if defined(__SSE4_1__) && !defined(BD_PORTABLE)
#include <smmintrin.h>
#endif
#if defined(__AVX2__) && !defined(BD_PORTABLE)
#include <immintrin.h>
#endif

/* The kernels' names: layers.c compiles them as bdi_layer_solve_base,
 * bdi_layer_solve_moved_base and bdi_layer_index_base (and the rest of
 * the file: the entries bdi_layer_solve, bdi_layer_solve_moved and
 * bdi_layer_index, which pick the kernel, and the bound and subgradient);
 * layers_avx2.c compiles them again, alone (LAYERS_KERNEL_ONLY), as
 * bdi_layer_solve_avx2, bdi_layer_solve_moved_avx2 and
 * bdi_layer_index_avx2 under AVX2 flags. */
#ifndef LAYERS_KERNEL
#define LAYERS_KERNEL bdi_layer_solve_base
#define LAYERS_MOVED_KERNEL bdi_layer_solve_moved_base
#define LAYERS_INDEX_KERNEL bdi_layer_index_base
#endif

enum {
    TRIPLES = 27,      /* column offsets in the three stacks: t0 + 3 t1 + 9 t2 */
    BIJECTIONS = 6,    /* one-to-one maps of three things onto three */
    CLOSED = -(1 << 26), /* the value of a cell closed to the digit */
    WALK_LIMIT = 1024,    /* layers walked row by row below this many choices */
    TABLES_FROM = 64,     /* but from this many, without max-marginals, tried by the tables */
    LANES = 4          /* the three bands side by side, and an unused lane */
};

/* A digit's cell values with the bands side by side, for the compiler's
 * vector code: value[i][c][b] is row i of band b, column c (lane BD_BOX
 * holds 0). */
typedef int32_t band_values[BD_BOX][BD_SIZE][LANES];

/* Values by band triple T = t0 + 3 t1 + 9 t2, the bands side by side:
 * x[T][b] for band b (lane BD_BOX unused). */
typedef int32_t triple_values[TRIPLES][LANES];

/* TRIPLE_OFFSETS[t0 + 3 t1 + 9 t2] = {t0, t1, t2}. */
static const uint8_t TRIPLE_OFFSETS[TRIPLES][BD_BOX] = {
    {0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {1, 1, 0}, {2, 1, 0}, {0, 2, 0}, {1, 2, 0},
    {2, 2, 0}, {0, 0, 1}, {1, 0, 1}, {2, 0, 1}, {0, 1, 1}, {1, 1, 1}, {2, 1, 1}, {0, 2, 1},
    {1, 2, 1}, {2, 2, 1}, {0, 0, 2}, {1, 0, 2}, {2, 0, 2}, {0, 1, 2}, {1, 1, 2}, {2, 1, 2},
    {0, 2, 2}, {1, 2, 2}, {2, 2, 2}};

/* SHIFTED[p][T] = T + d, offset by offset modulo 3, for the shift d with
 * d_s = 1 + bit s of p; SHIFTED[7 - p] shifts by -d. The triples that band
 * triple T leaves to the other two bands (every offset different) are T + d
 * and T - d for the eight d. */
static const uint8_t SHIFTED[8][TRIPLES] = {
    {13, 14, 12, 16, 17, 15, 10, 11, 9, 22, 23, 21, 25, 26, 24, 19, 20, 18, 4, 5, 3, 7, 8, 6, 1, 2, 0},
    {14, 12, 13, 17, 15, 16, 11, 9, 10, 23, 21, 22, 26, 24, 25, 20, 18, 19, 5, 3, 4, 8, 6, 7, 2, 0, 1},
    {16, 17, 15, 10, 11, 9, 13, 14, 12, 25, 26, 24, 19, 20, 18, 22, 23, 21, 7, 8, 6, 1, 2, 0, 4, 5, 3},
    {17, 15, 16, 11, 9, 10, 14, 12, 13, 26, 24, 25, 20, 18, 19, 23, 21, 22, 8, 6, 7, 2, 0, 1, 5, 3, 4},
    {22, 23, 21, 25, 26, 24, 19, 20, 18, 4, 5, 3, 7, 8, 6, 1, 2, 0, 13, 14, 12, 16, 17, 15, 10, 11, 9},
    {23, 21, 22, 26, 24, 25, 20, 18, 19, 5, 3, 4, 8, 6, 7, 2, 0, 1, 14, 12, 13, 17, 15, 16, 11, 9, 10},
    {25, 26, 24, 19, 20, 18, 22, 23, 21, 7, 8, 6, 1, 2, 0, 4, 5, 3, 16, 17, 15, 10, 11, 9, 13, 14, 12},
    {26, 24, 25, 20, 18, 19, 23, 21, 22, 8, 6, 7, 2, 0, 1, 5, 3, 4, 17, 15, 16, 11, 9, 10, 14, 12, 13}};

/* BIJECTION[q][k]: the image of k under the q-th map of {0,1,2}. */
static const uint8_t BIJECTION[BIJECTIONS][BD_BOX] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* ROW_COLUMNS[q][T]: a band's picks under row map BIJECTION[q] and triple
 * T, byte i the column of its row i (row BIJECTION[q][s] takes column
 * 3 s + TRIPLE_OFFSETS[T][s]). */
static const uint32_t ROW_COLUMNS[BIJECTIONS][TRIPLES] = {
    {0x060300, 0x060301, 0x060302, 0x060400, 0x060401, 0x060402, 0x060500, 0x060501, 0x060502,
     0x070300, 0x070301, 0x070302, 0x070400, 0x070401, 0x070402, 0x070500, 0x070501, 0x070502,
     0x080300, 0x080301, 0x080302, 0x080400, 0x080401, 0x080402, 0x080500, 0x080501, 0x080502},
    {0x030600, 0x030601, 0x030602, 0x040600, 0x040601, 0x040602, 0x050600, 0x050601, 0x050602,
     0x030700, 0x030701, 0x030702, 0x040700, 0x040701, 0x040702, 0x050700, 0x050701, 0x050702,
     0x030800, 0x030801, 0x030802, 0x040800, 0x040801, 0x040802, 0x050800, 0x050801, 0x050802},
    {0x060003, 0x060103, 0x060203, 0x060004, 0x060104, 0x060204, 0x060005, 0x060105, 0x060205,
     0x070003, 0x070103, 0x070203, 0x070004, 0x070104, 0x070204, 0x070005, 0x070105, 0x070205,
     0x080003, 0x080103, 0x080203, 0x080004, 0x080104, 0x080204, 0x080005, 0x080105, 0x080205},
    {0x030006, 0x030106, 0x030206, 0x040006, 0x040106, 0x040206, 0x050006, 0x050106, 0x050206,
     0x030007, 0x030107, 0x030207, 0x040007, 0x040107, 0x040207, 0x050007, 0x050107, 0x050207,
     0x030008, 0x030108, 0x030208, 0x040008, 0x040108, 0x040208, 0x050008, 0x050108, 0x050208},
    {0x000603, 0x010603, 0x020603, 0x000604, 0x010604, 0x020604, 0x000605, 0x010605, 0x020605,
     0x000703, 0x010703, 0x020703, 0x000704, 0x010704, 0x020704, 0x000705, 0x010705, 0x020705,
     0x000803, 0x010803, 0x020803, 0x000804, 0x010804, 0x020804, 0x000805, 0x010805, 0x020805},
    {0x000306, 0x010306, 0x020306, 0x000406, 0x010406, 0x020406, 0x000506, 0x010506, 0x020506,
     0x000307, 0x010307, 0x020307, 0x000407, 0x010407, 0x020407, 0x000507, 0x010507, 0x020507,
     0x000308, 0x010308, 0x020308, 0x000408, 0x010408, 0x020408, 0x000508, 0x010508, 0x020508}};

/* COLUMNS12[6 * s2 + s1][b] = t1 + 3 t2: band b's column offsets in stacks
 * 1 and 2 under the maps BIJECTION[s1] and BIJECTION[s2]. */
static const uint8_t COLUMNS12[BIJECTIONS * BIJECTIONS][BD_BOX] = {
    {0, 4, 8}, {0, 5, 7}, {1, 3, 8}, {1, 5, 6}, {2, 3, 7}, {2, 4, 6},
    {0, 7, 5}, {0, 8, 4}, {1, 6, 5}, {1, 8, 3}, {2, 6, 4}, {2, 7, 3},
    {3, 1, 8}, {3, 2, 7}, {4, 0, 8}, {4, 2, 6}, {5, 0, 7}, {5, 1, 6},
    {3, 7, 2}, {3, 8, 1}, {4, 6, 2}, {4, 8, 0}, {5, 6, 1}, {5, 7, 0},
    {6, 1, 5}, {6, 2, 4}, {7, 0, 5}, {7, 2, 3}, {8, 0, 4}, {8, 1, 3},
    {6, 4, 2}, {6, 5, 1}, {7, 3, 2}, {7, 5, 0}, {8, 3, 1}, {8, 4, 0}};

/* AT12[pair][b] = LANES * 3 * COLUMNS12[pair][b] + b: where band b's
 * values for the pair lie in a triple_values (stack-0 offset 0). */
static const uint8_t AT12[BIJECTIONS * BIJECTIONS][BD_BOX] = {
    {0, 49, 98}, {0, 61, 86}, {12, 37, 98}, {12, 61, 74}, {24, 37, 86}, {24, 49, 74},
    {0, 85, 62}, {0, 97, 50}, {12, 73, 62}, {12, 97, 38}, {24, 73, 50}, {24, 85, 38},
    {36, 13, 98}, {36, 25, 86}, {48, 1, 98}, {48, 25, 74}, {60, 1, 86}, {60, 13, 74},
    {36, 85, 26}, {36, 97, 14}, {48, 73, 26}, {48, 97, 2}, {60, 73, 14}, {60, 85, 2},
    {72, 13, 62}, {72, 25, 50}, {84, 1, 62}, {84, 25, 38}, {96, 1, 50}, {96, 13, 38},
    {72, 49, 26}, {72, 61, 14}, {84, 37, 26}, {84, 61, 2}, {96, 37, 14}, {96, 49, 2}};

/* Marks a function that the compiler should keep out of line (GNU C);
 * elsewhere, nothing. INLINED: one to inline into each caller. */
#if defined(__GNUC__)
#define OUT_OF_LINE __attribute__((noinline))
#define INLINED inline __attribute__((always_inline))
#else
#define OUT_OF_LINE
#define INLINED inline
#endif

/* The larger of two values. */
static inline int32_t max2(int32_t a, int32_t b)
{
    return a > b ? a : b;
}

/* quad: LANES values, the bands side by side, loaded from and stored to
 * int32_t[LANES] rows. Where the compiler has the C vector extension, one
 * vector (an SSE2 register on x86-64), the larger of two taken without
 * branches; elsewhere (BD_PORTABLE) the same steps lane by lane. */
#if defined(__GNUC__) && !defined(BD_PORTABLE)
typedef int32_t quad __attribute__((vector_size(LANES * sizeof(int32_t))));
#if defined(__has_builtin)
#if __has_builtin(__builtin_shufflevector)
#define QUAD_SHUFFLES 1   /* digit_values transposes quads (gcc >= 12, clang) */
#endif
#endif

/* a + b, lane by lane. */
static inline quad quad_add(quad a, quad b)
{
    return a + b;
}

#ifdef __SSE4_1__
/* The larger of a and b, lane by lane: one pmaxsd (SSE4.1 is on:
 * layers_avx2.c's flags). */
static inline quad quad_max(quad a, quad b)
{
    return (quad)_mm_max_epi32((__m128i)a, (__m128i)b);
}
#else
/* The larger of a and b, lane by lane: a compare mask and a select. */
static inline quad quad_max(quad a, quad b)
{
    quad more = a > b;   /* -1 where a is larger */
    return (a & more) | (b & ~more);
}
#endif

/* The quad {a, b, c, 0}. */
static inline quad quad_of3(int32_t a, int32_t b, int32_t c)
{
    return (quad){a, b, c, 0};
}

/* q's lanes 0..2 turned by one place: lane k takes lane k + 1 mod 3. */
static inline quad quad_turn1(quad q)
{
    return (quad){q[1], q[2], q[0], q[3]};
}

/* q's lanes 0..2 turned by two places: lane k takes lane k + 2 mod 3. */
static inline quad quad_turn2(quad q)
{
    return (quad){q[2], q[0], q[1], q[3]};
}
#else
typedef struct quad {
    int32_t lane[LANES];
} quad;

/* a + b, lane by lane. */
static inline quad quad_add(quad a, quad b)
{
    for (int l = 0; l < LANES; l++)
        a.lane[l] += b.lane[l];
    return a;
}

/* The larger of a and b, lane by lane. */
static inline quad quad_max(quad a, quad b)
{
    for (int l = 0; l < LANES; l++)
        a.lane[l] = max2(a.lane[l], b.lane[l]);
    return a;
}

/* The quad {a, b, c, 0}. */
static inline quad quad_of3(int32_t a, int32_t b, int32_t c)
{
    return (quad){{a, b, c, 0}};
}

/* q's lanes 0..2 turned by one place: lane k takes lane k + 1 mod 3. */
static inline quad quad_turn1(quad q)
{
    return (quad){{q.lane[1], q.lane[2], q.lane[0], q.lane[3]}};
}

/* q's lanes 0..2 turned by two places: lane k takes lane k + 2 mod 3. */
static inline quad quad_turn2(quad q)
{
    return (quad){{q.lane[2], q.lane[0], q.lane[1], q.lane[3]}};
}
#endif

/* The quad in row x (LANES values). */
static inline quad quad_load(const int32_t *x)
{
    quad q;
    memcpy(&q, x, sizeof q);
    return q;
}

/* Stores q into row x. */
static inline void quad_store(int32_t *x, quad q)
{
    memcpy(x, &q, sizeof q);
}

/* The larger of a + b and c + d, lane by lane. */
static inline quad quad_best_sum(quad a, quad b, quad c, quad d)
{
    return quad_max(quad_add(a, b), quad_add(c, d));
}

#ifdef QUAD_SHUFFLES
/* The profits of four cells for `digit` (digit * gain g - price p, 0
 * where the gain is 0: a placed cell), CLOSED where `open` has no bit of
 * `bits` (a cell's column). */
static inline quad cell_profits(quad g, quad p, quad digit, quad open, quad bits)
{
    const quad closed = {CLOSED, CLOSED, CLOSED, CLOSED};
    quad profit = (digit * g - p) & (g != 0);
    quad taken = (open & bits) != 0;   /* -1 where the cell is open */
    return (profit & taken) | (closed & ~taken);
}

/* cell_profits of four cells of a row (gain and price from there on). */
static inline quad row_profits(const int32_t *gain, const int32_t *price, quad digit, quad open,
                               quad bits)
{
    return cell_profits(quad_load(gain), quad_load(price), digit, open, bits);
}

#ifdef __SSE4_1__
/* cell_profits of column 8 of the three bands' rows i, the bands in lanes
 * (lane BD_BOX: 0, an open cell of gain 0). */
static inline quad column8_profits(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                                   int digit, const uint16_t rows[BD_SIZE], int i)
{
    enum { BAND = BD_BOX * BD_SIZE, BIT = 1 << 8 };
    int cell = i * BD_SIZE + 8;
    quad g = {node->gain[cell], node->gain[cell + BAND], node->gain[cell + 2 * BAND], 0};
    quad p = {price[cell], price[cell + BAND], price[cell + 2 * BAND], 0};
    quad open = {rows[i], rows[BD_BOX + i], rows[2 * BD_BOX + i], BIT};
    return cell_profits(g, p, (quad){digit, digit, digit, digit}, open, (quad){BIT, BIT, BIT, BIT});
}
#else
/* Column 8 of the three bands' rows i, the bands in lanes (lane BD_BOX:
 * 0): each cell's profit or CLOSED, lane by lane (without SSE4.1 a quad
 * product takes several instructions, three scalar ones less). */
static inline quad column8_profits(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                                   int digit, const uint16_t rows[BD_SIZE], int i)
{
    int32_t lane[BD_BOX];
    for (int band = 0; band < BD_BOX; band++) {
        int r = band * BD_BOX + i, cell = r * BD_SIZE + 8;
        int32_t gain = node->gain[cell], profit = gain ? digit * gain - price[cell] : 0;
        lane[band] = (rows[r] >> 8) & 1u ? profit : CLOSED;
    }
    return quad_of3(lane[0], lane[1], lane[2]);
}
#endif

#ifdef __AVX2__
/* octo: eight int32 lanes, an AVX2 register. */
typedef int32_t octo __attribute__((vector_size(2 * LANES * sizeof(int32_t))));

/* Stores the high half of x (lanes 4..7) into row at (one vextracti128). */
static inline void octo_store_high(int32_t *at, octo x)
{
    _mm_storeu_si128((__m128i *)at, _mm256_extracti128_si256((__m256i)x, 1));
}

/* row_profits for a row's columns 0..7 at once (one AVX2 register). */
static inline octo row_profits8(const int32_t *gain, const int32_t *price, int digit,
                                unsigned open)
{
    const octo closed = {CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED};
    const octo bits = {1, 2, 4, 8, 16, 32, 64, 128};
    const octo d = {digit, digit, digit, digit, digit, digit, digit, digit};
    const int32_t o = (int32_t)open;
    octo g, p;
    memcpy(&g, gain, sizeof g);
    memcpy(&p, price, sizeof p);
    octo profit = (d * g - p) & (g != 0);
    octo taken = ((octo){o, o, o, o, o, o, o, o} & bits) != 0;   /* -1 where the cell is open */
    return (profit & taken) | (closed & ~taken);
}

/* Stores rows a, b, c (columns 0..7 each: the bands) and a fourth of 0s
 * as columns: value[i][k] = {a[k], b[k], c[k], 0}; each register holds
 * columns k and k + 4 (the 128-bit halves turn apart). */
static inline void octo_columns(octo a, octo b, octo c, band_values value, int i)
{
    const octo zero = {0, 0, 0, 0, 0, 0, 0, 0};
    octo ab_lo = __builtin_shufflevector(a, b, 0, 8, 1, 9, 4, 12, 5, 13);
    octo ab_hi = __builtin_shufflevector(a, b, 2, 10, 3, 11, 6, 14, 7, 15);
    octo c_lo = __builtin_shufflevector(c, zero, 0, 8, 1, 9, 4, 12, 5, 13);
    octo c_hi = __builtin_shufflevector(c, zero, 2, 10, 3, 11, 6, 14, 7, 15);
    octo column[BD_BOX + 1] = {
        __builtin_shufflevector(ab_lo, c_lo, 0, 1, 8, 9, 4, 5, 12, 13),
        __builtin_shufflevector(ab_lo, c_lo, 2, 3, 10, 11, 6, 7, 14, 15),
        __builtin_shufflevector(ab_hi, c_hi, 0, 1, 8, 9, 4, 5, 12, 13),
        __builtin_shufflevector(ab_hi, c_hi, 2, 3, 10, 11, 6, 7, 14, 15)};
    for (int k = 0; k < BD_BOX + 1; k++) {
        quad_store(value[i][k], __builtin_shufflevector(column[k], column[k], 0, 1, 2, 3));
        octo_store_high(value[i][k + 4], column[k]);
    }
}
#endif

/* Stores rows a, b, c (four columns each: the bands) and a fourth of 0s
 * as columns: out[k] = {a[k], b[k], c[k], 0}. */
static inline void quad_columns(quad a, quad b, quad c, band_values value, int i, int column)
{
    const quad zero = {0, 0, 0, 0};
    quad ab01 = __builtin_shufflevector(a, b, 0, 4, 1, 5);
    quad ab23 = __builtin_shufflevector(a, b, 2, 6, 3, 7);
    quad c01 = __builtin_shufflevector(c, zero, 0, 4, 1, 5);
    quad c23 = __builtin_shufflevector(c, zero, 2, 6, 3, 7);
    quad_store(value[i][column], __builtin_shufflevector(ab01, c01, 0, 1, 4, 5));
    quad_store(value[i][column + 1], __builtin_shufflevector(ab01, c01, 2, 3, 6, 7));
    quad_store(value[i][column + 2], __builtin_shufflevector(ab23, c23, 0, 1, 4, 5));
    quad_store(value[i][column + 3], __builtin_shufflevector(ab23, c23, 2, 3, 6, 7));
}

/* Each cell's profit for `digit` under the prices, or CLOSED (a placed
 * cell's gain is 0 and its price ignored: 0 when it holds the digit): a
 * row's columns 0..3 and 4..7 as quads (with AVX2 columns 0..7 in one
 * register), then the three bands' rows i turned into columns
 * (quad_columns, octo_columns); column 8 of the three at once
 * (column8_profits). */
static inline void digit_values(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                                int digit, const uint16_t rows[BD_SIZE], band_values value)
{
    for (int i = 0; i < BD_BOX; i++) {
#ifdef __AVX2__
        octo row[BD_BOX];   /* [band]: columns 0..7 of its row i */
        for (int band = 0; band < BD_BOX; band++) {
            int r = band * BD_BOX + i, cell = r * BD_SIZE;
            row[band] = row_profits8(node->gain + cell, price + cell, digit, rows[r]);
        }
        octo_columns(row[0], row[1], row[2], value, i);
#else
        quad left[BD_BOX], right[BD_BOX];   /* [band]: columns 0..3, 4..7 of its row i */
        for (int band = 0; band < BD_BOX; band++) {
            int r = band * BD_BOX + i, cell = r * BD_SIZE;
            const quad low = {1, 2, 4, 8}, high = {16, 32, 64, 128};
            const quad d = {digit, digit, digit, digit};
            quad open = {rows[r], rows[r], rows[r], rows[r]};
            left[band] = row_profits(node->gain + cell, price + cell, d, open, low);
            right[band] = row_profits(node->gain + cell + 4, price + cell + 4, d, open, high);
        }
        quad_columns(left[0], left[1], left[2], value, i, 0);
        quad_columns(right[0], right[1], right[2], value, i, 4);
#endif
        quad_store(value[i][8], column8_profits(node, price, digit, rows, i));
    }
}

/* banded[i][c][b] = x[cell (3 b + i, c)] (x: the prices, or any value of
 * each cell), 0 in lane BD_BOX: a row's columns 0..7 (with AVX2 in one register, else as two quads) and
 * the three bands' rows i turned into columns as in digit_values; column
 * 8 lane by lane. */
static inline void band_prices(const int32_t x[BD_CELLS], band_values banded)
{
    enum { BAND = BD_BOX * BD_SIZE };
    for (int i = 0; i < BD_BOX; i++) {
        const int32_t *row = x + i * BD_SIZE;   /* band 0's row i */
#ifdef __AVX2__
        octo rows[BD_BOX];
        for (int band = 0; band < BD_BOX; band++)
            memcpy(&rows[band], row + band * BAND, sizeof rows[band]);
        octo_columns(rows[0], rows[1], rows[2], banded, i);
#else
        quad_columns(quad_load(row), quad_load(row + BAND), quad_load(row + 2 * BAND), banded, i, 0);
        quad_columns(quad_load(row + 4), quad_load(row + BAND + 4), quad_load(row + 2 * BAND + 4),
                     banded, i, 4);
#endif
        quad_store(banded[i][8], quad_of3(row[8], row[BAND + 8], row[2 * BAND + 8]));
    }
}

/* digit_values from the digit's values at an indexed node (see target.h)
 * and the prices banded as they are (band_prices): each cell's base less
 * its price where priced, (with AVX2) eight values at once, the last four
 * as a quad. */
static inline void banded_values(const bdi_layer_values *plan, band_values banded,
                                 band_values value)
{
    enum { COUNT = BD_BOX * BD_SIZE * LANES };
    const int32_t *base = &plan->base[0][0][0], *priced = &plan->priced[0][0][0];
    const int32_t *p = &banded[0][0][0];
    int32_t *out = &value[0][0][0];
    int k = 0;
#ifdef __AVX2__
    for (; k + 2 * LANES <= COUNT; k += 2 * LANES) {
        octo x, y, z;
        memcpy(&x, base + k, sizeof x);
        memcpy(&y, p + k, sizeof y);
        memcpy(&z, priced + k, sizeof z);
        x -= y & z;
        memcpy(out + k, &x, sizeof x);
    }
#endif
    for (; k < COUNT; k += LANES)
        quad_store(out + k, quad_load(base + k) - (quad_load(p + k) & quad_load(priced + k)));
}
#else
/* Each cell's profit for `digit` under the prices, or CLOSED (a placed
 * cell's gain is 0 and its price ignored: 0 when it holds the digit). */
static inline void digit_values(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                                int digit, const uint16_t rows[BD_SIZE], band_values value)
{
    for (int r = 0; r < BD_SIZE; r++) {
        for (int c = 0; c < BD_SIZE; c++) {
            int cell = r * BD_SIZE + c;
            int32_t gain = node->gain[cell], profit = gain ? digit * gain - price[cell] : 0;
            value[r % BD_BOX][c][r / BD_BOX] = (rows[r] >> c) & 1u ? profit : CLOSED;
        }
    }
    for (int i = 0; i < BD_BOX; i++)
        for (int c = 0; c < BD_SIZE; c++)
            value[i][c][BD_BOX] = 0;
}

/* banded[i][c][b] = x[cell (3 b + i, c)] (x: the prices, or any value of
 * each cell), 0 in lane BD_BOX. */
static inline void band_prices(const int32_t x[BD_CELLS], band_values banded)
{
    for (int r = 0; r < BD_SIZE; r++)
        for (int c = 0; c < BD_SIZE; c++)
            banded[r % BD_BOX][c][r / BD_BOX] = x[r * BD_SIZE + c];
    for (int i = 0; i < BD_BOX; i++)
        for (int c = 0; c < BD_SIZE; c++)
            banded[i][c][BD_BOX] = 0;
}

/* digit_values from the digit's values at an indexed node (see target.h)
 * and the prices banded as they are (band_prices): each cell's base less
 * its price where priced. */
static inline void banded_values(const bdi_layer_values *plan, band_values banded,
                                 band_values value)
{
    for (int i = 0; i < BD_BOX; i++)
        for (int c = 0; c < BD_SIZE; c++)
            for (int l = 0; l < LANES; l++)
                value[i][c][l] = plan->base[i][c][l] - (banded[i][c][l] & plan->priced[i][c][l]);
}

#endif

#if defined(__AVX2__) && defined(QUAD_SHUFFLES)
enum { TABLE_ROW = 12 };   /* a triple_table row: nine values, a quad's spill, padding */

/* The bands' bests by triple as best_value reads them (stack2_of):
 * row u = t0 + 3 t1 holds triples u, u + 9 and u + 18, band b of triple
 * u + 9 t2 at 3 t2 + b. A triple is stored as a quad (triple_at), whose
 * fourth lane falls on the next triple's band 0: a row's triples are
 * stored in the order u, u + 9, u + 18 (band_bests does). */
typedef int32_t triple_table[BD_SIZE][TABLE_ROW];

/* Where triple T's bands lie in a triple_table. */
static inline int32_t *triple_at(triple_table table, int triple)
{
    return &table[triple % BD_SIZE][BD_BOX * (triple / BD_SIZE)];
}

/* TABLE_AT[pair][b] = TABLE_ROW * 3 t1 + 3 t2 + b for band b's offsets
 * t1 + 3 t2 = COLUMNS12[pair][b]: where band b's value for the pair lies
 * in a triple_table (stack-0 offset 0; offset t0 TABLE_STEP * t0 on). */
static const uint8_t TABLE_AT[BIJECTIONS * BIJECTIONS][BD_BOX] = {
    {0, 40, 80}, {0, 76, 44}, {36, 4, 80}, {36, 76, 8}, {72, 4, 44}, {72, 40, 8},
    {0, 43, 77}, {0, 79, 41}, {36, 7, 77}, {36, 79, 5}, {72, 7, 41}, {72, 43, 5},
    {3, 37, 80}, {3, 73, 44}, {39, 1, 80}, {39, 73, 8}, {75, 1, 44}, {75, 37, 8},
    {3, 43, 74}, {3, 79, 38}, {39, 7, 74}, {39, 79, 2}, {75, 7, 38}, {75, 43, 2},
    {6, 37, 77}, {6, 73, 41}, {42, 1, 77}, {42, 73, 5}, {78, 1, 41}, {78, 37, 5},
    {6, 40, 74}, {6, 76, 38}, {42, 4, 74}, {42, 76, 2}, {78, 4, 38}, {78, 40, 2}};
enum { TABLE_STEP = TABLE_ROW };
#else
/* The bands' bests by triple: a triple_values. */
typedef triple_values triple_table;

/* Where triple T's bands lie in a triple_table. */
static inline int32_t *triple_at(triple_table table, int triple)
{
    return table[triple];
}

#define TABLE_AT AT12   /* where band b's value for a pair lies (see AT12) */
enum { TABLE_STEP = LANES };
#endif

#if defined(__AVX2__) && defined(QUAD_SHUFFLES)
/* The octo of rows x and x + LANES (two quads side by side). */
static inline octo octo_load(const int32_t *x)
{
    octo o;
    memcpy(&o, x, sizeof o);
    return o;
}

/* The octo of row x twice (one vbroadcasti128). */
static inline octo octo_twice(const int32_t *x)
{
    return (octo)_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)x));
}


/* The larger of a + b and c + d, lane by lane (vpmaxsd). */
static inline octo octo_best_sum(octo a, octo b, octo c, octo d)
{
    return (octo)_mm256_max_epi32((__m256i)(a + b), (__m256i)(c + d));
}

/* band_bests' steps for two (t1, t2) at once, an octo's halves: s1[i] and
 * s2[i], row i in stacks 1 and 2 for each; the bests of triple t0 +
 * `low` (the low half) and t0 + `high` stored. */
static inline void band_bests2(band_values v, const octo s1[BD_BOX], const octo s2[BD_BOX],
                               triple_table best, int low, int high)
{
    octo with[BD_BOX];   /* with[i]: the best of the other two rows there */
    with[0] = octo_best_sum(s1[1], s2[2], s1[2], s2[1]);
    with[1] = octo_best_sum(s1[0], s2[2], s1[2], s2[0]);
    with[2] = octo_best_sum(s1[0], s2[1], s1[1], s2[0]);
    for (int t0 = 0; t0 < 3; t0++) {
        octo x = octo_best_sum(octo_twice(v[0][t0]), with[0], octo_twice(v[1][t0]), with[1]);
        x = (octo)_mm256_max_epi32((__m256i)x, (__m256i)(octo_twice(v[2][t0]) + with[2]));
        quad_store(triple_at(best, t0 + low), __builtin_shufflevector(x, x, 0, 1, 2, 3));
        octo_store_high(triple_at(best, t0 + high), x);
    }
}
#endif

/* band_bests' steps for one (t1, t2): the six ways two rows take stacks 1
 * and 2, then the third row's cell in stack 0 for each t0. */
static inline void band_bests1(band_values v, triple_table best, int t1, int t2)
{
    /* s1[i], s2[i]: row i in stacks 1 and 2; with[i]: the best of the
     * other two rows there */
    quad s1[BD_BOX], s2[BD_BOX], with[BD_BOX];
    for (int i = 0; i < BD_BOX; i++) {
        s1[i] = quad_load(v[i][3 + t1]);
        s2[i] = quad_load(v[i][6 + t2]);
    }
    with[0] = quad_best_sum(s1[1], s2[2], s1[2], s2[1]);
    with[1] = quad_best_sum(s1[0], s2[2], s1[2], s2[0]);
    with[2] = quad_best_sum(s1[0], s2[1], s1[1], s2[0]);
    for (int t0 = 0; t0 < 3; t0++) {
        quad x = quad_best_sum(quad_load(v[0][t0]), with[0], quad_load(v[1][t0]), with[1]);
        x = quad_max(x, quad_add(quad_load(v[2][t0]), with[2]));
        quad_store(triple_at(best, t0 + 3 * t1 + 9 * t2), x);
    }
}

#if defined(__AVX2__) && defined(QUAD_SHUFFLES)
/* For each band and triple T = t0 + 3 t1 + 9 t2: the best row map's value,
 * the three bands at once (lanes). A hot loop: with AVX2, two (t1, t2)
 * at once where their stack-1 or stack-2 columns lie side by side in the
 * band_values (t1 = 0, 1 for each t2; then t1 = 2 with t2 = 0, 1), the
 * last, (2, 2), alone. */
static inline void band_bests(band_values v, triple_table best)
{
    octo s1[BD_BOX], s2[BD_BOX];
    for (int t2 = 0; t2 < 3; t2++) {
        for (int i = 0; i < BD_BOX; i++) {
            s1[i] = octo_load(v[i][3]);
            s2[i] = octo_twice(v[i][6 + t2]);
        }
        band_bests2(v, s1, s2, best, 9 * t2, 3 + 9 * t2);
    }
    for (int i = 0; i < BD_BOX; i++) {
        s1[i] = octo_twice(v[i][5]);
        s2[i] = octo_load(v[i][6]);
    }
    band_bests2(v, s1, s2, best, 6, 6 + 9);
    band_bests1(v, best, 2, 2);
}
#else
/* For each band and triple T = t0 + 3 t1 + 9 t2: the best row map's value,
 * the three bands at once (lanes). A hot loop (band_bests1). */
static inline void band_bests(band_values v, triple_table best)
{
    for (int t2 = 0; t2 < 3; t2++)
        for (int t1 = 0; t1 < 3; t1++)
            band_bests1(v, best, t1, t2);
}
#endif

/* top[b] = the triple of band b in the layer of value top_value with the
 * stack 1 and 2 maps of `pair` (6 s2 + s1) and the last stack-0 map that
 * gives it that value. */
static inline void top_triples(triple_table best, int pair, int32_t top_value, int top[BD_BOX])
{
    const int32_t *value = best[0];
    const uint8_t *j = COLUMNS12[pair], *at = TABLE_AT[pair];
    for (int s0 = BIJECTIONS - 1; s0 >= 0; s0--) {   /* the last: from the end */
        const uint8_t *k = BIJECTION[s0];
        if (value[at[0] + k[0] * TABLE_STEP] + value[at[1] + k[1] * TABLE_STEP]
                + value[at[2] + k[2] * TABLE_STEP]
            == top_value) {
            for (int band = 0; band < BD_BOX; band++)
                top[band] = 3 * j[band] + k[band];
            return;
        }
    }
}

/* How many stack-0 maps give the layer with the stack 1 and 2 maps of
 * `pair` the value top_value. */
static int stack0_ties(triple_table best, int pair, int32_t top_value)
{
    const int32_t *value = best[0];
    const uint8_t *at = TABLE_AT[pair];
    int ties = 0;
    for (int s0 = 0; s0 < BIJECTIONS; s0++) {
        const uint8_t *k = BIJECTION[s0];
        ties += value[at[0] + k[0] * TABLE_STEP] + value[at[1] + k[1] * TABLE_STEP]
                    + value[at[2] + k[2] * TABLE_STEP]
                == top_value;
    }
    return ties;
}

#if defined(__AVX2__) && defined(QUAD_SHUFFLES)
/* LANE_OF[b]: where stack2_of's lanes of band b come from in the row
 * (see triple_table): lane q (q < 6) from 3 t2 + b, t2 = BIJECTION[q][b],
 * lanes 6 and 7 as lane 0; band 2's counted from the row's second value. */
static const int32_t LANE_OF[BD_BOX][2 * LANES] = {
    {0, 0, 3, 3, 6, 6, 0, 0}, {4, 7, 1, 7, 1, 4, 4, 4}, {7, 4, 7, 1, 4, 1, 7, 7}};

/* Band b's values at the triples u + 9 t2, lane q (q < 6) for the
 * stack-2 map q (t2 = BIJECTION[q][b]); lanes 6 and 7 repeat lane 0: one
 * permute of row u of the table (`lanes`: LANE_OF[b] loaded), band 2's
 * from the row's second value on. */
static inline octo stack2_of(triple_table best, int band, int u, __m256i lanes)
{
    __m256i row = _mm256_loadu_si256((const __m256i *)(best[u] + (band == 2)));
    return (octo)_mm256_permutevar8x32_epi32(row, lanes);
}

/* The best layer's value over the 216 column maps (sigma_s: band -> column
 * offset in stack s), and in top[b] the triple of each band: with AVX2
 * every map's value, the six stack-2 maps in the lanes of one register
 * (stack2_of), for each stack-1 map the best over the stack-0 maps (the
 * same as a 3x3 assignment); then the first pair (6 s2 + s1) of the best
 * value, by lane compares. With `unique` (may be NULL): whether one
 * column map alone has that value. */
static inline int32_t best_value(triple_table best, int top[BD_BOX], bool *unique)
{
    __m256i lanes[BD_BOX];
    for (int b = 0; b < BD_BOX; b++)
        lanes[b] = _mm256_loadu_si256((const __m256i *)LANE_OF[b]);
    octo pair[BIJECTIONS];   /* pair[s1], lane s2 */
    octo most = {0};
    /* unrolled, the rows read become constants */
#pragma GCC unroll 6
    for (int s1 = 0; s1 < BIJECTIONS; s1++) {
        const uint8_t *t1 = BIJECTION[s1];
        octo a[BD_BOX], b[BD_BOX], c[BD_BOX];   /* [t0]: band 0, 1, 2 at offset t0 */
        for (int t0 = 0; t0 < BD_BOX; t0++) {
            a[t0] = stack2_of(best, 0, t0 + 3 * t1[0], lanes[0]);
            b[t0] = stack2_of(best, 1, t0 + 3 * t1[1], lanes[1]);
            c[t0] = stack2_of(best, 2, t0 + 3 * t1[2], lanes[2]);
        }
        /* the best of the six stack-0 maps: band 0's offset, then the
         * better of the two ways of the others */
        octo x = octo_best_sum(a[0], octo_best_sum(b[1], c[2], b[2], c[1]),
                               a[1], octo_best_sum(b[0], c[2], b[2], c[0]));
        x = (octo)_mm256_max_epi32((__m256i)x,
                                   (__m256i)(a[2] + octo_best_sum(b[0], c[1], b[1], c[0])));
        pair[s1] = x;
        most = s1 ? (octo)_mm256_max_epi32((__m256i)most, (__m256i)x) : x;
    }
    octo half = __builtin_shufflevector(most, most, 4, 5, 6, 7, 0, 1, 2, 3);
    most = (octo)_mm256_max_epi32((__m256i)most, (__m256i)half);
    half = __builtin_shufflevector(most, most, 2, 3, 0, 1, 6, 7, 4, 5);
    most = (octo)_mm256_max_epi32((__m256i)most, (__m256i)half);
    half = __builtin_shufflevector(most, most, 1, 0, 3, 2, 5, 4, 7, 6);
    most = (octo)_mm256_max_epi32((__m256i)most, (__m256i)half);
    unsigned at[BIJECTIONS], any = 0;   /* bit s2 of at[s1]: the pair has the best value */
    for (int s1 = 0; s1 < BIJECTIONS; s1++) {
        at[s1] = (unsigned)_mm256_movemask_ps((__m256)(pair[s1] == most)) & 0x3fu;
        any |= at[s1];
    }
    int s2 = bit_digit(any) - 1, s1 = 0;
    while (!(at[s1] >> s2 & 1u))
        s1++;
    top_triples(best, BIJECTIONS * s2 + s1, most[0], top);
    if (unique) {
        int pairs = 0;
        for (int q = 0; q < BIJECTIONS; q++)
            pairs += digit_count(at[q]);
        *unique = pairs == 1 && stack0_ties(best, BIJECTIONS * s2 + s1, most[0]) == 1;
    }
    return most[0];
}
#else
/* The best of the six ways to give bands 0, 1, 2 distinct offsets: a[k],
 * b[k], c[k] are their values at offset k, LANES apart. */
static inline int32_t assign3(const int32_t *a, const int32_t *b, const int32_t *c)
{
    enum { K1 = LANES, K2 = 2 * LANES };
    int32_t x = max2(a[0] + max2(b[K1] + c[K2], b[K2] + c[K1]),
                     a[K1] + max2(b[0] + c[K2], b[K2] + c[0]));
    return max2(x, a[K2] + max2(b[0] + c[K1], b[K1] + c[0]));
}

/* BOUND_LANE[s1]: where pair_bounds puts the bound of stack 1's map s1
 * (lane k of the first quad: the map b -> b + k mod 3, BIJECTION 0, 3, 4;
 * of the second: b -> k - b mod 3, BIJECTION 1, 2, 5). */
static const uint8_t BOUND_LANE[BIJECTIONS] = {0, LANES, LANES + 1, 1, 2, LANES + 2};

/* The bounds of the 36 pairs of stack 1 and 2 maps: bound[s2][BOUND_LANE[s1]]
 * = the sum over bands b of b's best over every stack-0 offset at stack-1
 * offset BIJECTION[s1][b] and stack-2 offset BIJECTION[s2][b]. With the
 * bands' bests as quads over the stack-1 offset (o_b), a stack-1 map
 * b -> b + k mod 3 sums o_0, o_1 turned by one and o_2 turned by two
 * places, lane k (b -> k - b: o_1 by two, o_2 by one): two quads of three
 * bounds for each stack-2 map. */
static void pair_bounds(triple_values best, int32_t bound[BIJECTIONS][2 * LANES])
{
    int32_t over0[BD_SIZE][LANES];   /* [t1 + 3 t2][b]: band b's best over stack 0 */
    for (int j = 0; j < BD_SIZE; j++) {
        quad x = quad_max(quad_load(best[3 * j]), quad_load(best[3 * j + 1]));
        quad_store(over0[j], quad_max(x, quad_load(best[3 * j + 2])));
    }
    quad o[BD_BOX][BD_BOX], turn1[BD_BOX][BD_BOX], turn2[BD_BOX][BD_BOX];   /* [b][t2] */
    for (int b = 0; b < BD_BOX; b++) {
        for (int t2 = 0; t2 < BD_BOX; t2++) {
            o[b][t2] = quad_of3(over0[3 * t2][b], over0[3 * t2 + 1][b], over0[3 * t2 + 2][b]);
            turn1[b][t2] = quad_turn1(o[b][t2]);
            turn2[b][t2] = quad_turn2(o[b][t2]);
        }
    }
    for (int s2 = 0; s2 < BIJECTIONS; s2++) {
        const uint8_t *t2 = BIJECTION[s2];
        quad first = o[0][t2[0]];
        quad_store(bound[s2], quad_add(first, quad_add(turn1[1][t2[1]], turn2[2][t2[2]])));
        quad_store(bound[s2] + LANES, quad_add(first, quad_add(turn2[1][t2[1]], turn1[2][t2[2]])));
    }
}

/* The best layer's value over the 216 column maps (sigma_s: band -> column
 * offset in stack s), and in top[b] the triple of each band. Stacks 1 and
 * 2's maps are enumerated (36 pairs), stack 0's is a 3x3 assignment
 * (assign3). A pair whose bands' best over every stack-0 offset cannot beat
 * the best found is skipped without its assignment (pair_bounds); with
 * `unique` (may be NULL: whether one column map alone has the best
 * value), one that cannot reach it. */
static inline int32_t best_value(triple_values best, int top[BD_BOX], bool *unique)
{
    int32_t bound[BIJECTIONS][2 * LANES];
    pair_bounds(best, bound);
    const int32_t *value = best[0];
    int32_t top_value = BDI_LAYER_NONE;
    int top_pair = 0, pairs = 0;   /* pairs: how many have top_value (with `unique`) */
    for (int s2 = 0; s2 < BIJECTIONS; s2++) {
        for (int s1 = 0; s1 < BIJECTIONS; s1++) {
            int32_t bound_value = bound[s2][BOUND_LANE[s1]];
            if (bound_value < top_value || (bound_value == top_value && !unique))
                continue;
            const uint8_t *at = AT12[BIJECTIONS * s2 + s1];
            int32_t x = assign3(value + at[0], value + at[1], value + at[2]);
            if (x > top_value)
                top_value = x, top_pair = BIJECTIONS * s2 + s1, pairs = 1;
            else if (x == top_value)
                pairs++;
        }
    }
    top_triples(best, top_pair, top_value, top);
    if (unique)
        *unique = pairs == 1 && stack0_ties(best, top_pair, top_value) == 1;
    return top_value;
}

#endif

#if defined(__AVX2__) && defined(QUAD_SHUFFLES)
/* Triple T's row in rest_of's tables: 4 (t1 + 3 t2) + t0. */
static inline int padded(int triple)
{
    return triple / 3 * 4 + triple % 3;
}

/* rest[T][b] = the best that the other two bands add to band b's triple T
 * in a layer: the best over the eight shifts d of band b + 1 at T + d and
 * band b + 2 at T - d (see SHIFTED), the bands at once (lanes); with AVX2
 * triples T and T + 1 (offset t0 = 0 and 1) in one register: the tables
 * of bands b + 1 and b + 2 hold, after each (t1, t2)'s three offsets t0,
 * offset 0 again, so that T + d and T + 1 + d are neighbours (padded). */
static void rest_of(triple_table best, triple_values rest)
{
    enum { SLOTS = 4 };
    int32_t next[BD_SIZE * SLOTS][LANES], after[BD_SIZE * SLOTS][LANES];   /* [padded(T)] */
    for (int j = 0; j < BD_SIZE; j++) {
        int t1 = j % BD_BOX, t2 = j / BD_BOX;   /* triple t0 + 3 j: row t0 + 3 t1 (triple_at) */
        for (int t0 = 0; t0 < SLOTS; t0++) {
            quad in = quad_load(best[t0 % BD_BOX + BD_BOX * t1] + BD_BOX * t2);
            quad_store(next[SLOTS * j + t0], quad_turn1(in));
            quad_store(after[SLOTS * j + t0], quad_turn2(in));
        }
    }
    /* unrolled, SHIFTED's entries become constant offsets */
#pragma GCC unroll 9
    for (int j = 0; j < BD_SIZE; j++) {
        int triple = 3 * j;   /* offset t0 = 0 */
        octo pair = {0};      /* triples T and T + 1 */
        quad third = {0};     /* triple T + 2 */
        for (int p = 0; p < 4; p++) {
            int plus = padded(SHIFTED[p][triple]), minus = padded(SHIFTED[7 - p][triple]);
            octo x = octo_best_sum(octo_load(next[plus]), octo_load(after[minus]),
                                   octo_load(next[minus]), octo_load(after[plus]));
            plus = padded(SHIFTED[p][triple + 2]), minus = padded(SHIFTED[7 - p][triple + 2]);
            quad y = quad_best_sum(quad_load(next[plus]), quad_load(after[minus]),
                                   quad_load(next[minus]), quad_load(after[plus]));
            pair = p ? (octo)_mm256_max_epi32((__m256i)pair, (__m256i)x) : x;
            third = p ? quad_max(third, y) : y;
        }
        memcpy(rest[triple], &pair, sizeof pair);
        quad_store(rest[triple + 2], third);
    }
}
#else
/* rest[T][b] = the best that the other two bands add to band b's triple T
 * in a layer: the best over the eight shifts d of band b + 1 at T + d and
 * band b + 2 at T - d (see SHIFTED), the bands at once (lanes). */
static void rest_of(triple_table best, triple_values rest)
{
    /* next[T][b], after[T][b]: bands b + 1 and b + 2's values at T (lane
     * BD_BOX: best's, 0 as in every band_values) */
    triple_values next, after;
    for (int triple = 0; triple < TRIPLES; triple++) {
        quad in = quad_load(best[triple]);
        quad_store(next[triple], quad_turn1(in));
        quad_store(after[triple], quad_turn2(in));
    }
    /* unrolled, SHIFTED's entries become constant offsets */
#pragma GCC unroll 27
    for (int triple = 0; triple < TRIPLES; triple++) {
        const uint8_t *plus = SHIFTED[0], *minus = SHIFTED[7];
        quad x = quad_best_sum(quad_load(next[plus[triple]]), quad_load(after[minus[triple]]),
                               quad_load(next[minus[triple]]), quad_load(after[plus[triple]]));
        for (int p = 1; p < 4; p++) {
            plus = SHIFTED[p], minus = SHIFTED[7 - p];
            x = quad_max(x, quad_best_sum(quad_load(next[plus[triple]]),
                                          quad_load(after[minus[triple]]),
                                          quad_load(next[minus[triple]]),
                                          quad_load(after[plus[triple]])));
        }
        quad_store(rest[triple], x);
    }
}
#endif

#ifdef QUAD_SHUFFLES
/* through[r * BD_SIZE + c] = top[r % BD_BOX][c][r / BD_BOX], or
 * BDI_LAYER_NONE where that is below BDI_LAYER_FEASIBLE: a band row's
 * quads (the bands side by side) set to BDI_LAYER_NONE there, then turned
 * into the bands' rows four columns at a time, column 8 lane by lane. */
static void through_rows(band_values top, int32_t through[BD_CELLS])
{
    const quad feasible = {BDI_LAYER_FEASIBLE, BDI_LAYER_FEASIBLE, BDI_LAYER_FEASIBLE,
                           BDI_LAYER_FEASIBLE};
    const quad none = {BDI_LAYER_NONE, BDI_LAYER_NONE, BDI_LAYER_NONE, BDI_LAYER_NONE};
    for (int i = 0; i < BD_BOX; i++) {
        quad q[BD_SIZE];   /* [c]: the bands' row i, column c */
        for (int c = 0; c < BD_SIZE; c++) {
            quad x = quad_load(top[i][c]), low = x < feasible;
            q[c] = (x & ~low) | (none & low);
        }
        for (int c = 0; c < 8; c += 4) {
            quad ab01 = __builtin_shufflevector(q[c], q[c + 1], 0, 4, 1, 5);
            quad ab23 = __builtin_shufflevector(q[c], q[c + 1], 2, 6, 3, 7);
            quad cd01 = __builtin_shufflevector(q[c + 2], q[c + 3], 0, 4, 1, 5);
            quad cd23 = __builtin_shufflevector(q[c + 2], q[c + 3], 2, 6, 3, 7);
            quad_store(through + i * BD_SIZE + c, __builtin_shufflevector(ab01, cd01, 0, 1, 4, 5));
            quad_store(through + (BD_BOX + i) * BD_SIZE + c,
                       __builtin_shufflevector(ab01, cd01, 2, 3, 6, 7));
            quad_store(through + (2 * BD_BOX + i) * BD_SIZE + c,
                       __builtin_shufflevector(ab23, cd23, 0, 1, 4, 5));
        }
        for (int band = 0; band < BD_BOX; band++)
            through[(band * BD_BOX + i) * BD_SIZE + 8] = q[8][band];
    }
}
#else
/* through[r * BD_SIZE + c] = top[r % BD_BOX][c][r / BD_BOX], or
 * BDI_LAYER_NONE where that is below BDI_LAYER_FEASIBLE. */
static void through_rows(band_values top, int32_t through[BD_CELLS])
{
    for (int r = 0; r < BD_SIZE; r++)
        for (int c = 0; c < BD_SIZE; c++) {
            int32_t x = top[r % BD_BOX][c][r / BD_BOX];
            through[r * BD_SIZE + c] = x < BDI_LAYER_FEASIBLE ? BDI_LAYER_NONE : x;
        }
}
#endif

#if defined(__AVX2__) && defined(QUAD_SHUFFLES)
/* The max-marginals: through[cell] = the best layer that takes the cell,
 * from rest (see rest_of) and each band's row maps, the bands at once
 * (lanes): for a cell of row i in stack s at offset t, the best over the
 * other two stacks' offsets (t1, t2) of rest at the triple (t, t1, t2)
 * plus the other two rows in those two stacks, either way round. With
 * AVX2 offsets t1 = 0 and 1 in one register (the band_values' columns lie
 * side by side), t1 = 2 as a quad; the halves and the quad maxed at the
 * end. A layer with a closed cell is below BDI_LAYER_FEASIBLE and a real
 * one above (the prices' limits make it so), so the best over all of them
 * is real when any is. */
static void through_cells(band_values v, triple_values rest, int32_t through[BD_CELLS])
{
    static const int POWER[BD_BOX] = {1, 3, 9};   /* a stack's offset's weight in T */
    band_values top;   /* top[i][c][b]: the best layer through the cell */
    /* unrolled, each stack's offsets into rest become constants */
#pragma GCC unroll 3
    for (int st = 0; st < BD_BOX; st++) {
        int s1 = (st + 1) % BD_BOX, s2 = (st + 2) % BD_BOX;
        octo pairs[BD_BOX][BD_BOX];   /* [i][t]: the best of the rest, t1 = 0 and 1 */
        quad last[BD_BOX][BD_BOX];    /* [i][t]: the same for t1 = 2 */
        for (int t2 = 0; t2 < BD_BOX; t2++) {
            octo a[BD_BOX], b[BD_BOX], pair[BD_BOX];
            quad a2[BD_BOX], b2[BD_BOX], pair2[BD_BOX];
            for (int i = 0; i < BD_BOX; i++) {
                a[i] = octo_load(v[i][s1 * BD_BOX]);
                a2[i] = quad_load(v[i][s1 * BD_BOX + 2]);
                b2[i] = quad_load(v[i][s2 * BD_BOX + t2]);
                b[i] = __builtin_shufflevector(b2[i], b2[i], 0, 1, 2, 3, 0, 1, 2, 3);
            }
            pair[0] = octo_best_sum(a[1], b[2], a[2], b[1]);
            pair[1] = octo_best_sum(a[2], b[0], a[0], b[2]);
            pair[2] = octo_best_sum(a[0], b[1], a[1], b[0]);
            pair2[0] = quad_best_sum(a2[1], b2[2], a2[2], b2[1]);
            pair2[1] = quad_best_sum(a2[2], b2[0], a2[0], b2[2]);
            pair2[2] = quad_best_sum(a2[0], b2[1], a2[1], b2[0]);
            for (int t = 0; t < BD_BOX; t++) {
                int at = t * POWER[st] + t2 * POWER[s2];   /* t1 = 0 */
                octo r = __builtin_shufflevector(quad_load(rest[at]), quad_load(rest[at + POWER[s1]]),
                                                 0, 1, 2, 3, 4, 5, 6, 7);
                quad r2 = quad_load(rest[at + 2 * POWER[s1]]);
                for (int i = 0; i < BD_BOX; i++) {
                    octo x = pair[i] + r;
                    quad y = quad_add(pair2[i], r2);
                    pairs[i][t] = t2 ? (octo)_mm256_max_epi32((__m256i)pairs[i][t], (__m256i)x) : x;
                    last[i][t] = t2 ? quad_max(last[i][t], y) : y;
                }
            }
        }
        for (int i = 0; i < BD_BOX; i++) {
            for (int t = 0; t < BD_BOX; t++) {
                octo x = pairs[i][t];
                quad low = __builtin_shufflevector(x, x, 0, 1, 2, 3);
                quad high = __builtin_shufflevector(x, x, 4, 5, 6, 7);
                quad most = quad_max(quad_max(low, high), last[i][t]);
                quad_store(top[i][st * BD_BOX + t], quad_add(quad_load(v[i][st * BD_BOX + t]), most));
            }
        }
    }
    through_rows(top, through);
}
#else
/* The max-marginals: through[cell] = the best layer that takes the cell,
 * from rest (see rest_of) and each band's row maps, the bands at once
 * (lanes): for a cell of row i in stack s at offset t, the best over the
 * other two stacks' offsets (t1, t2) of rest at the triple (t, t1, t2)
 * plus the other two rows in those two stacks, either way round. A layer
 * with a closed cell is below BDI_LAYER_FEASIBLE and a real one above (the
 * prices' limits make it so), so the best over all of them is real when
 * any is. */
static void through_cells(band_values v, triple_values rest, int32_t through[BD_CELLS])
{
    static const int POWER[BD_BOX] = {1, 3, 9};   /* a stack's offset's weight in T */
    band_values top;   /* top[i][c][b]: the best layer through the cell */
    /* unrolled, each stack's offsets into rest become constants */
#pragma GCC unroll 3
    for (int st = 0; st < BD_BOX; st++) {
        int s1 = (st + 1) % BD_BOX, s2 = (st + 2) % BD_BOX;
        quad best[BD_BOX][BD_BOX];   /* [i][t]: the best of the rest of a layer */
        const quad none = quad_load((const int32_t[LANES]){BDI_LAYER_NONE, BDI_LAYER_NONE,
                                                           BDI_LAYER_NONE, BDI_LAYER_NONE});
        for (int i = 0; i < BD_BOX; i++)
            for (int t = 0; t < BD_BOX; t++)
                best[i][t] = none;
        for (int t1 = 0; t1 < BD_BOX; t1++) {
            for (int t2 = 0; t2 < BD_BOX; t2++) {
                quad a[BD_BOX], b[BD_BOX], pair[BD_BOX];
                for (int i = 0; i < BD_BOX; i++) {
                    a[i] = quad_load(v[i][s1 * BD_BOX + t1]);
                    b[i] = quad_load(v[i][s2 * BD_BOX + t2]);
                }
                pair[0] = quad_best_sum(a[1], b[2], a[2], b[1]);
                pair[1] = quad_best_sum(a[2], b[0], a[0], b[2]);
                pair[2] = quad_best_sum(a[0], b[1], a[1], b[0]);
                for (int t = 0; t < BD_BOX; t++) {
                    quad r = quad_load(rest[t * POWER[st] + t1 * POWER[s1] + t2 * POWER[s2]]);
                    for (int i = 0; i < BD_BOX; i++)
                        best[i][t] = quad_max(best[i][t], quad_add(pair[i], r));
                }
            }
        }
        for (int i = 0; i < BD_BOX; i++)
            for (int t = 0; t < BD_BOX; t++)
                quad_store(top[i][st * BD_BOX + t],
                           quad_add(quad_load(v[i][st * BD_BOX + t]), best[i][t]));
    }
    through_rows(top, through);
}
#endif

#if defined(__GNUC__) && !defined(BD_PORTABLE)
/* Fills pick with the layer of band triples top[] and the best row maps
 * (the first best of the six), the three bands at once (lanes): the
 * values of the triples' cells as quads, each row map's sum, the best
 * and its map kept lane by lane, each band's picks from ROW_COLUMNS.
 * With `unique` (may be NULL): whether each band's best row map is the
 * only one of its value. */
static inline void pick_of(band_values value, const int top[BD_BOX], uint8_t pick[BD_SIZE],
                           bool *unique)
{
    const uint8_t *t[BD_BOX] = {TRIPLE_OFFSETS[top[0]], TRIPLE_OFFSETS[top[1]],
                                TRIPLE_OFFSETS[top[2]]};
    quad in[BD_BOX][BD_BOX];   /* [s][i]: row i in stack s at the band's offset */
    for (int s = 0; s < BD_BOX; s++)
        for (int i = 0; i < BD_BOX; i++)
            in[s][i] = quad_of3(value[i][s * BD_BOX + t[0][s]][0], value[i][s * BD_BOX + t[1][s]][1],
                                value[i][s * BD_BOX + t[2][s]][2]);
    quad sums[BIJECTIONS];   /* [q]: row map q's values */
    sums[0] = quad_add(in[0][0], quad_add(in[1][1], in[2][2]));
    quad at_value = sums[0], at = {0, 0, 0, 0};
    for (int q = 1; q < BIJECTIONS; q++) {
        const uint8_t *row = BIJECTION[q];   /* row[s] takes stack s */
        quad x = quad_add(in[0][row[0]], quad_add(in[1][row[1]], in[2][row[2]]));
        quad more = x > at_value, map = {q, q, q, q};
        at = (at & ~more) | (map & more);
        at_value = quad_max(at_value, x);
        sums[q] = x;
    }
    uint32_t band2 = ROW_COLUMNS[at[2]][top[2]];
    uint64_t rows = ROW_COLUMNS[at[0]][top[0]] | (uint64_t)ROW_COLUMNS[at[1]][top[1]] << 24
                    | (uint64_t)band2 << 48;   /* rows 0..7; row 8 is band2's byte 2 */
    memcpy(pick, &rows, sizeof rows);
    pick[BD_SIZE - 1] = (uint8_t)(band2 >> 16);
    if (unique) {
        quad ties = {0, 0, 0, 0};   /* minus how many maps have the best, lane by lane */
        for (int q = 0; q < BIJECTIONS; q++)
            ties += sums[q] == at_value;
        *unique = ties[0] == -1 && ties[1] == -1 && ties[2] == -1;
    }
}
#else
/* in[s][i] = the value of band `band`'s row i in stack s at column
 * offset t[s]. */
static inline void triple_cells(band_values value, int band, const uint8_t t[BD_BOX],
                                int32_t in[BD_BOX][BD_BOX])
{
    for (int s = 0; s < BD_BOX; s++)
        for (int i = 0; i < BD_BOX; i++)
            in[s][i] = value[i][s * BD_BOX + t[s]][band];
}

/* Fills pick with the layer of band triples top[] and the best row maps
 * (the first best of the six; its picks from ROW_COLUMNS). With `unique`
 * (may be NULL): whether each band's best row map is the only one of
 * its value. */
static inline void pick_of(band_values value, const int top[BD_BOX], uint8_t pick[BD_SIZE],
                           bool *unique)
{
    if (unique)
        *unique = true;
    for (int band = 0; band < BD_BOX; band++) {
        const uint8_t *t = TRIPLE_OFFSETS[top[band]];
        int32_t in[BD_BOX][BD_BOX];
        triple_cells(value, band, t, in);
        int at = 0, ties = 1;
        int32_t at_value = in[0][0] + in[1][1] + in[2][2];
        for (int q = 1; q < BIJECTIONS; q++) {
            const uint8_t *row = BIJECTION[q];   /* row[s] takes stack s */
            int32_t x = in[0][row[0]] + in[1][row[1]] + in[2][row[2]];
            if (x > at_value)
                at = q, at_value = x, ties = 1;
            else if (x == at_value)
                ties++;
        }
        if (unique && ties > 1)
            *unique = false;
        uint32_t columns = ROW_COLUMNS[at][top[band]];
        for (int i = 0; i < BD_BOX; i++)
            pick[band * BD_BOX + i] = (uint8_t)(columns >> 8 * i);
    }
}
#endif

/* A walk through the layers of one digit, row by row, for digits with few
 * layers left (most rows already hold the digit or offer few cells). The
 * rows with one open cell ("forced") are taken before the walk, at once;
 * it branches on the others ("free") only. Its plan (a bdi_layer_plan,
 * see target.h: the forced rows' picks, the free rows' order and open
 * columns) is a function of the digit's open columns alone; the values
 * come from the prices. */
typedef struct walk {
    int32_t value[BD_CELLS];     /* filled on the free rows' open cells only */
    const bdi_layer_plan *plan;
    int32_t rest[BD_SIZE + 1];   /* rest[k]: the free rows k.. at their best cells */
    int32_t sum;                 /* the forced cells' value */
    uint8_t pick[BD_SIZE];
    bdi_layer *layer;
    int32_t *through;            /* may be NULL */
} walk;

/* A layer of the walk's picks, of value `sum`: the layer's pick if it
 * beats `best`, the best value so far (returned, raised), and with
 * `marginals` its cells' max-marginals raised to it. */
static inline int32_t walk_leaf(walk *w, int32_t sum, int32_t best, bool marginals)
{
    if (sum > best) {
        best = sum;
        memcpy(w->layer->pick, w->pick, sizeof w->pick);
    }
    for (int r = 0; marginals && r < BD_SIZE; r++)
        w->through[r * BD_SIZE + w->pick[r]] = max2(w->through[r * BD_SIZE + w->pick[r]], sum);
    return best;
}

/* BOX_BITS[c]: the box of column c in band 0, as a bit */
static const uint16_t BOX_BITS[BD_SIZE] = {1, 1, 1, 2, 2, 2, 4, 4, 4};

/* BOX_COLUMNS[m]: the columns of the boxes of a band in the set m */
static const uint16_t BOX_COLUMNS[8] = {0, 0x7, 0x38, 0x3f, 0x1c0, 0x1c7, 0x1f8, 0x1ff};

/* BOX_SHIFT[r]: the bit of the first box of row r's band */
static const uint8_t BOX_SHIFT[BD_SIZE] = {0, 0, 0, 3, 3, 3, 6, 6, 6};

/* Every layer of the walk's free rows (at least two), depth first, after
 * the forced ones: row row[k] tries its free columns lowest first (free:
 * not taken by the forced rows and rows row[0..k), nor in a box they
 * hold); without `marginals` (max-marginals to raise), a partial layer
 * that cannot beat the best found (its value + rest) is not extended. The
 * last row takes its one free column, whose box is free (the eight rows
 * above hold eight columns in eight boxes, two of the last row's band and
 * two of that column's stack, so the ninth box is theirs). Sets the
 * layer's best value. Leaves come in the order of a walk of all nine rows
 * (fewest open cells first, forced rows first): a forced row does not
 * branch. A loop over an explicit stack, not recursion (the walk is hot):
 * left[k], the free columns row[k] has still to try; cols[k], boxes[k] and
 * sum[k], what the forced rows and rows row[0..k) take and their value. */
static inline void walk_rows(walk *w, bool marginals)
{
    const bdi_layer_plan *plan = w->plan;
    unsigned left[BD_SIZE], cols[BD_SIZE], boxes[BD_SIZE];
    int32_t sum[BD_SIZE], best = BDI_LAYER_NONE;
    int k = 0, last = plan->free_rows - 1;
    left[0] = plan->open[0], cols[0] = plan->cols, boxes[0] = plan->boxes, sum[0] = w->sum;
    while (k >= 0) {
        if (!left[k]) {
            k--;
            continue;
        }
        int r = plan->row[k], c = bit_digit(left[k]) - 1;
        left[k] &= left[k] - 1u;
        w->pick[r] = (uint8_t)c;
        int32_t next = sum[k] + w->value[r * BD_SIZE + c];
        unsigned next_cols = cols[k] | (1u << c);
        if (!marginals && next + w->rest[k + 1] <= best)
            continue;
        if (k + 1 == last) {
            unsigned free = plan->open[last] & ~next_cols;
            if (free) {
                int r_last = plan->row[last], c_last = bit_digit(free) - 1;
                w->pick[r_last] = (uint8_t)c_last;
                best = walk_leaf(w, next + w->value[r_last * BD_SIZE + c_last], best, marginals);
            }
            continue;
        }
        unsigned next_boxes = boxes[k] | (unsigned)BOX_BITS[c] << plan->box_shift[k];
        k++;
        boxes[k] = next_boxes;
        unsigned box_cols = BOX_COLUMNS[(next_boxes >> plan->box_shift[k]) & 7u];
        left[k] = plan->open[k] & ~next_cols & ~box_cols;
        cols[k] = next_cols;
        sum[k] = next;
    }
    w->layer->best = best;
}

/* The value of `cell` (open) to `digit`: its profit, 0 when placed. */
static inline int32_t cell_value(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                                 int digit, int cell)
{
    int32_t gain = node->gain[cell];
    return gain ? digit * gain - price[cell] : 0;
}

/* Takes the forced rows (bit r of `forced`: row r has one open cell) into
 * the plan: their picks, columns and boxes, and which of their cells are
 * blanks (gain: the node's). False when two of them share a column or a
 * box: no layer. */
static bool plan_forced(bdi_layer_plan *plan, const int32_t gain[BD_CELLS],
                        const uint16_t rows[BD_SIZE], unsigned forced)
{
    unsigned cols = 0, boxes = 0, blank = 0;
    plan->forced = (uint16_t)forced;
    for (; forced; forced &= forced - 1u) {
        int r = bit_digit(forced) - 1, c = bit_digit(rows[r]) - 1;
        unsigned box = (unsigned)BOX_BITS[c] << BOX_SHIFT[r];
        if ((cols & rows[r]) | (boxes & box))
            return false;
        cols |= rows[r];
        boxes |= box;
        blank |= (unsigned)(gain[r * BD_SIZE + c] != 0) << r;
        plan->pick[r] = (uint8_t)c;
    }
    plan->cols = (uint16_t)cols;
    plan->boxes = (uint16_t)boxes;
    plan->forced_blank = (uint16_t)blank;
    return true;
}

/* Puts the free rows in the plan's order, fewest open cells first
 * (by_count[n], bit r: row r has n; rows of one count top down), with
 * their open columns less the forced rows' columns and boxes, and their
 * bands. False when one has none left: no layer. */
static bool plan_order(bdi_layer_plan *plan, const uint16_t rows[BD_SIZE],
                       const unsigned by_count[BD_SIZE + 1])
{
    int free_rows = BD_SIZE - digit_count(by_count[1]);
    plan->free_rows = (uint8_t)free_rows;
    for (int n = 2, k = 0; k < free_rows; n++) {
        for (unsigned of_n = by_count[n]; of_n; of_n &= of_n - 1u, k++) {
            int r = bit_digit(of_n) - 1;
            unsigned shift = BOX_SHIFT[r];
            plan->row[k] = (uint8_t)r;
            plan->open[k] = (uint16_t)(rows[r] & ~(unsigned)plan->cols
                                       & ~(unsigned)BOX_COLUMNS[(plan->boxes >> shift) & 7u]);
            plan->box_shift[k] = (uint8_t)shift;
            if (!plan->open[k])
                return false;
        }
    }
    return true;
}

/* The walk's plan for a digit of `choices` (at most WALK_LIMIT) layers to
 * try at the node of gains `gain`, its open columns row by row in `rows`,
 * count[r] of them in row r: none when a row has no open cell or none
 * left by the forced rows. */
static void plan_walk(bdi_layer_plan *plan, const int32_t gain[BD_CELLS],
                      const uint16_t rows[BD_SIZE], const int count[BD_SIZE], int choices)
{
    memset(plan, 0, sizeof *plan);
    plan->choices = (int16_t)choices;
    plan->none = true;
    if (choices == 0)
        return;   /* a row has no open cell: no layer */
    unsigned by_count[BD_SIZE + 1] = {0};   /* bit r: row r has that many */
    for (int r = 0; r < BD_SIZE; r++)
        by_count[count[r]] |= 1u << r;
    plan->none = !plan_forced(plan, gain, rows, by_count[1]) || !plan_order(plan, rows, by_count);
}

/* The forced rows' picks into w and their cells' value into w->sum (the
 * blanks' profits: a placed cell's value is 0). */
static void walk_forced(walk *w, const bdi_layer_node *node, const int32_t price[BD_CELLS],
                        int digit)
{
    const bdi_layer_plan *plan = w->plan;
    int32_t sum = 0;
    memcpy(w->pick, plan->pick, sizeof w->pick);
    for (unsigned forced = plan->forced_blank; forced; forced &= forced - 1u) {
        int r = bit_digit(forced) - 1, cell = r * BD_SIZE + plan->pick[r];
        sum += digit * node->gain[cell] - price[cell];
    }
    w->sum = sum;
}

#if defined(__AVX2__) && defined(QUAD_SHUFFLES)
/* Row r's values into w->value (CLOSED on the columns `open` leaves out)
 * and the best of its open cells: columns 0..7 in one register
 * (row_profits8; its best by three turns of the lanes), column 8 alone. */
static inline int32_t row_values(walk *w, const bdi_layer_node *node,
                                 const int32_t price[BD_CELLS], int digit, int r, unsigned open)
{
    int cell = r * BD_SIZE;
    octo x = row_profits8(node->gain + cell, price + cell, digit, open);
    memcpy(w->value + cell, &x, sizeof x);
    w->value[cell + 8] = open >> 8 & 1u ? cell_value(node, price, digit, cell + 8) : CLOSED;
    x = (octo)_mm256_max_epi32((__m256i)x,
                               (__m256i)__builtin_shufflevector(x, x, 4, 5, 6, 7, 0, 1, 2, 3));
    x = (octo)_mm256_max_epi32((__m256i)x,
                               (__m256i)__builtin_shufflevector(x, x, 2, 3, 0, 1, 6, 7, 4, 5));
    x = (octo)_mm256_max_epi32((__m256i)x,
                               (__m256i)__builtin_shufflevector(x, x, 1, 0, 3, 2, 5, 4, 7, 6));
    return max2(x[0], w->value[cell + 8]);
}
#else
/* Row r's values on the columns of `open` into w->value and the best of
 * them. */
static inline int32_t row_values(walk *w, const bdi_layer_node *node,
                                 const int32_t price[BD_CELLS], int digit, int r, unsigned open)
{
    int32_t top = CLOSED;
    for (; open; open &= open - 1u) {
        int cell = r * BD_SIZE + bit_digit(open) - 1;
        w->value[cell] = cell_value(node, price, digit, cell);
        top = max2(top, w->value[cell]);
    }
    return top;
}
#endif

/* The values of the free rows' open cells and each row's best into
 * w->rest (the rows from k on at their best cells). */
static void walk_values(walk *w, const bdi_layer_node *node, const int32_t price[BD_CELLS],
                        int digit)
{
    const bdi_layer_plan *plan = w->plan;
    w->rest[plan->free_rows] = 0;
    for (int k = plan->free_rows - 1; k >= 0; k--) {
        int32_t top = row_values(w, node, price, digit, plan->row[k], plan->open[k]);
        w->rest[k] = w->rest[k + 1] + top;
    }
}

/*
 * The solves with max-marginals, remembered: a search re-solves the same
 * digit on the same cells and prices often (the children of a node whose
 * best layer of that digit each of them closes), and a solve's layer and
 * max-marginals are a function of its digit and its cells' values alone
 * (each open cell's profit, CLOSED on the others: a key; no profit comes
 * near CLOSED). The caller's memo (a node's `memo`, one a search) holds
 * MEMO_SLOTS solves, each in the slot of its key's hash (a later solve
 * there takes its place); a solve whose key is the slot's exactly takes
 * the slot's answer. Both kernels give the same answers, so either may
 * fill it. Walks of
 * fewer than MEMO_WALKS choices are solved afresh: they cost about what
 * the key does.
 */
enum { MEMO_SLOTS = 512, MEMO_WALKS = 64, KEY_WORDS = BD_CELLS + 1 };

/* key[r * BD_SIZE + c]: cell (r, c)'s profit or CLOSED; key[BD_CELLS]:
 * the digit. */
typedef struct memo_slot {
    int32_t key[KEY_WORDS];
    bdi_layer layer;
    int32_t through[BD_CELLS];
} memo_slot;

/* bit i % 64 of filled[i / 64]: slot i holds a solve (the others are not
 * read: a new memo clears only these bits). */
struct bdi_layer_memo {
    uint64_t filled[MEMO_SLOTS / 64];
    memo_slot slot[MEMO_SLOTS];
};

#if defined(__AVX2__) && defined(QUAD_SHUFFLES)
/* Fills key (see memo_slot) and returns its hash: eight cells at once
 * (their profits, and their openings widened to 32 bits), folded into a
 * register of hashes by turns and exclusive ors; the last cell alone; the
 * lanes mixed at the end. */
static uint32_t memo_key(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                         int32_t key[KEY_WORDS])
{
    enum { STEP = 2 * LANES };
    const octo closed = {CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED};
    const octo d = {digit, digit, digit, digit, digit, digit, digit, digit};
    const octo bit = (octo)_mm256_set1_epi32((int)digit_bit(digit));
    __m256i fold = _mm256_setzero_si256();
    int cell = 0;
    for (; cell + STEP <= BD_CELLS; cell += STEP) {
        octo g, p;
        memcpy(&g, node->gain + cell, sizeof g);
        memcpy(&p, price + cell, sizeof p);
        __m128i cells = _mm_loadu_si128((const __m128i *)(node->open + cell));
        octo taken = ((octo)_mm256_cvtepu16_epi32(cells) & bit) != 0;   /* -1 where open */
        octo x = (((d * g - p) & (g != 0)) & taken) | (closed & ~taken);
        memcpy(key + cell, &x, sizeof x);
        fold = _mm256_or_si256(_mm256_slli_epi32(fold, 5), _mm256_srli_epi32(fold, 27));
        fold = _mm256_xor_si256(fold, (__m256i)x);
    }
    uint32_t h = (uint32_t)digit;
    for (; cell < BD_CELLS; cell++) {
        bool open = node->open[cell] & digit_bit(digit);
        key[cell] = open ? cell_value(node, price, digit, cell) : CLOSED;
        h = (h << 5 | h >> 27) ^ (uint32_t)key[cell];
    }
    key[BD_CELLS] = digit;
    int32_t lane[STEP];
    memcpy(lane, &fold, sizeof lane);
    for (int l = 0; l < STEP; l++)
        h = (h ^ (uint32_t)lane[l]) * 0x9e3779b1u;
    return h ^ h >> 15;
}
#else
/* Fills key (see memo_slot) and returns its hash. */
static uint32_t memo_key(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                         int32_t key[KEY_WORDS])
{
    uint32_t h = (uint32_t)digit;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        bool open = node->open[cell] & digit_bit(digit);
        key[cell] = open ? cell_value(node, price, digit, cell) : CLOSED;
        h = (h ^ (uint32_t)key[cell]) * 0x9e3779b1u;
    }
    key[BD_CELLS] = digit;
    return h ^ h >> 15;
}
#endif

/* With the solve's slot in *slot: true, with the slot's layer and
 * max-marginals in layer and through, when the slot holds the solve;
 * false, with its key in the slot, when not (memo_keep puts the answer
 * there). */
static bool memo_recall(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                        bdi_layer *layer, int32_t *through, memo_slot **slot)
{
    *slot = NULL;
    if (!node->memo)
        return false;
    int32_t key[KEY_WORDS];
    unsigned i = memo_key(node, price, digit, key) % MEMO_SLOTS;
    uint64_t *filled = &node->memo->filled[i / 64], bit = (uint64_t)1 << (i % 64);
    memo_slot *at = &node->memo->slot[i];
    *slot = at;
    if ((*filled & bit) && at->key[BD_CELLS] == digit && memcmp(at->key, key, sizeof key) == 0) {
        *layer = at->layer;
        memcpy(through, at->through, sizeof at->through);
        return true;
    }
    *filled |= bit;
    memcpy(at->key, key, sizeof key);
    return false;
}

/* Puts the solve's answer in its slot (keyed by memo_recall; NULL:
 * nowhere). */
static void memo_keep(memo_slot *slot, const bdi_layer *layer, const int32_t *through)
{
    if (!slot)
        return;
    slot->layer = *layer;
    memcpy(slot->through, through, sizeof slot->through);
}

/* Walks the layers of `digit` by its plan (see walk) into layer and with
 * `through` its max-marginals. With fewer than two free rows the forced
 * ones and the free row's one column left (see walk_rows) are the layer. */
static void walk_digit(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                       const bdi_layer_plan *plan, bdi_layer *layer, int32_t *through)
{
    layer->best = BDI_LAYER_NONE;
    memset(layer->pick, 0, sizeof layer->pick);
    if (through)
        for (int cell = 0; cell < BD_CELLS; cell++)
            through[cell] = BDI_LAYER_NONE;
    if (plan->none)
        return;   /* a row has no open cell (left): no layer */
    walk w;
    w.plan = plan;
    w.layer = layer;
    w.through = through;
    walk_forced(&w, node, price, digit);
    if (plan->free_rows < 2) {
        for (int k = 0; k < plan->free_rows; k++) {
            int c = bit_digit(plan->open[k]) - 1;
            w.pick[plan->row[k]] = (uint8_t)c;
            w.sum += cell_value(node, price, digit, plan->row[k] * BD_SIZE + c);
        }
        layer->best = walk_leaf(&w, w.sum, BDI_LAYER_NONE, through != NULL);
        return;
    }
    walk_values(&w, node, price, digit);
    if (through)
        walk_rows(&w, true);
    else
        walk_rows(&w, false);
}

/* The values of `digit`'s cells (its open columns row by row in `rows`)
 * into value (see digit_values): from `plan` (the node's values of the
 * digit; may be NULL) when given, with the prices banded in `banded`
 * (band_prices; may be NULL: banded here). */
static inline void cell_values(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                               const uint16_t rows[BD_SIZE], const bdi_layer_values *plan,
                               band_values banded, band_values value)
{
    if (plan) {
        band_values own;
        if (!banded) {
            band_prices(price, own);
            banded = own;
        }
        banded_values(plan, banded, value);
    } else {
        digit_values(node, price, digit, rows, value);
    }
}

/* The best layer of a digit of cell values `value` (cell_values) by the
 * band tables into layer, the bands' bests in best. With `unique` (may be
 * NULL): whether no other layer has its value. */
static inline void table_layer(band_values value, triple_table best, bdi_layer *layer,
                               bool *unique)
{
    int top[BD_BOX] = {0, 0, 0};
    bool one_map = true, one_row_map = true;
    band_bests(value, best);
    int32_t top_value = best_value(best, top, unique ? &one_map : NULL);
    layer->best = top_value < BDI_LAYER_FEASIBLE ? BDI_LAYER_NONE : top_value;
    pick_of(value, top, layer->pick, unique && one_map ? &one_row_map : NULL);
    if (unique)
        *unique = one_map && one_row_map;
}

/* table_layer with `unique`, kept out of line (the kernel inlines its
 * other call): whether the layer it puts in `layer` is the only one of
 * the best value. */
OUT_OF_LINE static bool unique_layer(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                                     int digit, const uint16_t rows[BD_SIZE],
                                     const bdi_layer_values *plan, band_values banded,
                                     bdi_layer *layer)
{
    band_values value;
    triple_table best;
    bool unique;
    cell_values(node, price, digit, rows, plan, banded, value);
    table_layer(value, best, layer, &unique);
    return unique;
}

/* How many layers of `digit` the walk would try (the product of the
 * rows' open cells in `rows`, each row's count in count[r]), or
 * WALK_LIMIT + 1 when more than WALK_LIMIT. */
static int walk_choices(const uint16_t rows[BD_SIZE], int count[BD_SIZE])
{
    int product = 1;
    for (int r = 0; r < BD_SIZE; r++) {
        count[r] = digit_count(rows[r]);
        product *= count[r];
        if (product > WALK_LIMIT)
            return WALK_LIMIT + 1;
    }
    return product;
}

/* Walks the layers of `digit` as walk_digit does (the arguments are
 * its), a walk with max-marginals of at least MEMO_WALKS choices looked
 * up in the memo first. */
static void walk_layer(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                       const bdi_layer_plan *plan, bdi_layer *layer, int32_t *through)
{
    memo_slot *slot = NULL;   /* with max-marginals, the solve's slot */
    if (through && plan->choices >= MEMO_WALKS
        && memo_recall(node, price, digit, layer, through, &slot))
        return;
    walk_digit(node, price, digit, plan, layer, through);
    memo_keep(slot, layer, through);
}

#if defined(__AVX2__) && !defined(BD_PORTABLE)
/* The open cells of `digit` among the 32 from node->open + cell, as bits:
 * sixteen cells a register, their masks and the digit's bit compared to
 * 0, packed to a byte a cell (the halves put back in order), the bytes'
 * signs gathered. */
static inline uint32_t open_cells32(const bdi_layer_node *node, __m256i bit, int cell)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i a = _mm256_loadu_si256((const __m256i *)(node->open + cell));
    __m256i b = _mm256_loadu_si256((const __m256i *)(node->open + cell + 16));
    __m256i shut = _mm256_packs_epi16(_mm256_cmpeq_epi16(_mm256_and_si256(a, bit), zero),
                                      _mm256_cmpeq_epi16(_mm256_and_si256(b, bit), zero));
    return ~(uint32_t)_mm256_movemask_epi8(_mm256_permute4x64_epi64(shut, 0xd8));
}

/* The open columns of `digit` in each row of the node, from its cells:
 * cells 0..63 as the bits of one word (open_cells32), 64..79 sixteen at
 * once, 80 alone; each row's nine bits cut from those. */
static void open_columns(const bdi_layer_node *node, int digit, uint16_t rows[BD_SIZE])
{
    const __m256i bit = _mm256_set1_epi16((short)digit_bit(digit)), zero = _mm256_setzero_si256();
    uint64_t low = open_cells32(node, bit, 0) | (uint64_t)open_cells32(node, bit, 32) << 32;
    __m256i last = _mm256_loadu_si256((const __m256i *)(node->open + 64));
    __m256i shut = _mm256_packs_epi16(_mm256_cmpeq_epi16(_mm256_and_si256(last, bit), zero),
                                      _mm256_set1_epi16(-1));
    uint32_t high = ~(uint32_t)_mm256_movemask_epi8(_mm256_permute4x64_epi64(shut, 0xd8));
    high |= (node->open[80] & digit_bit(digit) ? 1u : 0u) << 16;   /* cells 64..80 */
    for (int r = 0; r < 7; r++)
        rows[r] = (uint16_t)(low >> BD_SIZE * r & 0x1ffu);
    rows[7] = (uint16_t)((low >> 63 | (uint64_t)high << 1) & 0x1ffu);
    rows[8] = (uint16_t)(high >> 8 & 0x1ffu);
}
#elif defined(__SSE2__) && !defined(BD_PORTABLE)
/* The open columns of `digit` in each row of the node, from its cells:
 * columns 0..7 of a row at once (the cells' masks and the digit's bit
 * compared to 0, a byte a cell, the bytes' signs gathered), column 8
 * alone. */
static void open_columns(const bdi_layer_node *node, int digit, uint16_t rows[BD_SIZE])
{
    unsigned bit = digit_bit(digit);
    const __m128i bits = _mm_set1_epi16((short)bit), zero = _mm_setzero_si128();
    for (int r = 0; r < BD_SIZE; r++) {
        const uint16_t *open = node->open + r * BD_SIZE;
        __m128i cells = _mm_loadu_si128((const __m128i *)open);
        __m128i shut = _mm_cmpeq_epi16(_mm_and_si128(cells, bits), zero);
        unsigned low = ~(unsigned)_mm_movemask_epi8(_mm_packs_epi16(shut, zero)) & 0xffu;
        rows[r] = (uint16_t)(low | (open[8] & bit ? 1u << 8 : 0u));
    }
}
#else
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
#endif

/* One solve of bdi_layer_solve's kernels (the arguments are theirs),
 * `banded` the prices banded (band_prices) at an indexed node, or NULL.
 * A digit of at most WALK_LIMIT choices is walked (walk_layer), but one
 * without max-marginals of at least TABLES_FROM choices is solved by the
 * band tables first: where a layer has the best value and no other does,
 * the walk would find that layer (it finds the first best in its order),
 * so it is the answer; else it is walked. */
static INLINED void solve_digit(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                               band_values banded, int digit, bdi_layer *layer, int32_t *through)
{
    band_values value;
    triple_table best;
    uint16_t scanned[BD_SIZE];
    const uint16_t *rows = node->indexed ? node->row_open[digit - 1] : scanned;
    if (!node->indexed)
        open_columns(node, digit, scanned);
    const bdi_layer_plan *plan = NULL;   /* the node's, else made here when needed */
    const bdi_layer_values *planned = NULL;   /* the node's, or NULL */
    bdi_layer_plan own;
    int count[BD_SIZE], product;
    if (node->indexed && (node->planned >> (digit - 1) & 1u)) {
        plan = &node->plan[digit - 1];
        planned = &node->values[digit - 1];
        product = plan->choices;
    } else {
        product = walk_choices(rows, count);
    }
    if (product <= WALK_LIMIT) {
        if (through || product < TABLES_FROM
            || !unique_layer(node, price, digit, rows, planned, banded, layer)
            || layer->best == BDI_LAYER_NONE) {
            if (!plan) {
                plan_walk(&own, node->gain, rows, count, product);
                plan = &own;
            }
            walk_layer(node, price, digit, plan, layer, through);
        }
        return;
    }
    memo_slot *slot = NULL;   /* with max-marginals, the solve's slot */
    if (through && memo_recall(node, price, digit, layer, through, &slot))
        return;
    if (slot)
        band_prices(slot->key, value);   /* the key: the cells' values (see memo_slot) */
    else
        cell_values(node, price, digit, rows, planned, banded, value);
    table_layer(value, best, layer, NULL);
    if (through) {
        triple_values rest;
        rest_of(best, rest);
        through_cells(value, rest, through);
        memo_keep(slot, layer, through);
    }
}

/* The contract is in target.h (bdi_layer_solve's kernels). */
void LAYERS_KERNEL(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                   bdi_layer *layer, int32_t *through)
{
    solve_digit(node, price, NULL, digit, layer, through);
}

/* The contract is in target.h (bdi_layer_solve_moved's kernels): at an
 * indexed node the prices are banded once for all the solves. */
void LAYERS_MOVED_KERNEL(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                         unsigned moved, bdi_layer layers[BD_SIZE])
{
    band_values banded;
    if (node->indexed)
        band_prices(price, banded);
    for (; moved; moved &= moved - 1u) {
        int digit = bit_digit(moved);
        solve_digit(node, price, node->indexed ? banded : NULL, digit, &layers[digit - 1], NULL);
    }
}

#if defined(__AVX2__) && defined(QUAD_SHUFFLES)
/* Every digit's values at the node (see target.h): the three bands' cells
 * (i, c) and (i, c + 1) as an octo, (i, 8) as a quad (d x gain summed up
 * digit by digit, the openings as masks; lane BD_BOX of each half open to
 * every digit with gain 0, so 0 there). */
static void plan_values(bdi_layer_node *node)
{
    enum { BAND = BD_BOX * BD_SIZE, ALL = (1 << BD_SIZE) - 1 };
    const octo zero = {0}, closed = {CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED};
    for (int i = 0; i < BD_BOX; i++) {
        for (int c = 0; c < BD_SIZE; c += 2) {
            int cell = i * BD_SIZE + c, next = c + 1 < BD_SIZE ? cell + 1 : cell;
            const int32_t *g = node->gain;
            const uint16_t *at = node->open;
            octo gain = {g[cell], g[cell + BAND], g[cell + 2 * BAND], 0,
                         g[next], g[next + BAND], g[next + 2 * BAND], 0};
            octo open = {at[cell], at[cell + BAND], at[cell + 2 * BAND], ALL,
                         at[next], at[next + BAND], at[next + 2 * BAND], ALL};
            octo blank = gain != zero, sum = zero;   /* -1 on the blanks */
            for (int digit = 1; digit <= BD_SIZE; digit++) {
                const int32_t bit = (int32_t)digit_bit(digit);
                sum += gain;
                octo taken = (open & (octo){bit, bit, bit, bit, bit, bit, bit, bit}) != zero;
                octo base = (sum & taken) | (closed & ~taken), priced = taken & blank;
                if (c + 1 < BD_SIZE) {
                    memcpy(node->values[digit - 1].base[i][c], &base, sizeof base);
                    memcpy(node->values[digit - 1].priced[i][c], &priced, sizeof priced);
                } else {
                    quad_store(node->values[digit - 1].base[i][c],
                               __builtin_shufflevector(base, base, 0, 1, 2, 3));
                    quad_store(node->values[digit - 1].priced[i][c],
                               __builtin_shufflevector(priced, priced, 0, 1, 2, 3));
                }
            }
        }
    }
}
#elif defined(__GNUC__) && !defined(BD_PORTABLE)
/* Every digit's values at the node (see target.h): the three bands' cells
 * (i, c) as a quad (d x gain summed up digit by digit, the openings as
 * masks; lane BD_BOX open to every digit with gain 0, so 0 there). */
static void plan_values(bdi_layer_node *node)
{
    enum { BAND = BD_BOX * BD_SIZE };
    const quad zero = {0, 0, 0, 0}, closed = {CLOSED, CLOSED, CLOSED, CLOSED};
    for (int i = 0; i < BD_BOX; i++) {
        for (int c = 0; c < BD_SIZE; c++) {
            int cell = i * BD_SIZE + c;
            const uint16_t *at = node->open + cell;
            quad gain = {node->gain[cell], node->gain[cell + BAND], node->gain[cell + 2 * BAND], 0};
            quad open = {at[0], at[BAND], at[2 * BAND], (1 << BD_SIZE) - 1}, sum = zero;
            quad blank = gain != zero;   /* -1 on the blanks */
            for (int digit = 1; digit <= BD_SIZE; digit++) {
                const int32_t bit = (int32_t)digit_bit(digit);
                sum += gain;
                quad taken = (open & (quad){bit, bit, bit, bit}) != zero;   /* -1 where open */
                quad_store(node->values[digit - 1].base[i][c], (sum & taken) | (closed & ~taken));
                quad_store(node->values[digit - 1].priced[i][c], taken & blank);
            }
        }
    }
}
#else
/* Every digit's values at the node (see target.h), cell by cell. */
static void plan_values(bdi_layer_node *node)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int i = cell / BD_SIZE % BD_BOX, c = cell % BD_SIZE, band = cell / (BD_BOX * BD_SIZE);
        for (int digit = 1; digit <= BD_SIZE; digit++) {
            bool open = node->open[cell] & digit_bit(digit);
            int32_t gain = node->gain[cell];
            node->values[digit - 1].base[i][c][band] = open ? digit * gain : CLOSED;
            node->values[digit - 1].priced[i][c][band] = -(int32_t)(open && gain != 0);
            node->values[digit - 1].base[i][c][BD_BOX] = 0;
            node->values[digit - 1].priced[i][c][BD_BOX] = 0;
        }
    }
}
#endif


/* The contract is in target.h (bdi_layer_index's kernels). */
void LAYERS_INDEX_KERNEL(bdi_layer_node *node)
{
    for (int digit = 1; digit <= BD_SIZE; digit++) {
        const uint16_t *rows = node->row_open[digit - 1];
        bdi_layer_plan *plan = &node->plan[digit - 1];
        int count[BD_SIZE];
        open_columns(node, digit, node->row_open[digit - 1]);
        int choices = walk_choices(rows, count);
        if (choices <= WALK_LIMIT) {
            plan_walk(plan, node->gain, rows, count, choices);
        } else {
            memset(plan, 0, sizeof *plan);
            plan->choices = (int16_t)choices;
        }
    }
    plan_values(node);
    node->planned = (1u << BD_SIZE) - 1u;
    node->indexed = true;
}

#ifndef LAYERS_KERNEL_ONLY
/* The contract is in target.h. */
bdi_layer_memo *bdi_layer_memo_new(void)
{
    bdi_layer_memo *memo = malloc(sizeof *memo);
    if (memo)
        memset(memo->filled, 0, sizeof memo->filled);   /* every slot empty */
    return memo;
}

#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
/* A kernel of bdi_layer_solve. */
typedef void layer_kernel(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                          bdi_layer *layer, int32_t *through);

/* The kernel in use, NULL until the first solve chooses it. The choice is
 * a pure function of BITDOKU_ISA and the processor (as dispatch.c's, which
 * it follows), so threads that make it at once store the same pointer. */
static _Atomic(layer_kernel *) chosen_kernel;

/* The kernel for this process: the AVX2 one where bdi_fast_wide says so
 * (src/engine/fast/dispatch.c: BITDOKU_ISA and the processor, as for
 * layers_avx2.c's flags), else the portable one. */
static layer_kernel *choose_kernel(void)
{
    return bdi_fast_wide() ? bdi_layer_solve_avx2 : bdi_layer_solve_base;
}

void bdi_layer_solve(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                     bdi_layer *layer, int32_t *through)
{
    layer_kernel *kernel = atomic_load_explicit(&chosen_kernel, memory_order_relaxed);
    if (!kernel) {
        kernel = choose_kernel();
        atomic_store_explicit(&chosen_kernel, kernel, memory_order_relaxed);
    }
    kernel(node, price, digit, layer, through);
}

void bdi_layer_solve_moved(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                           unsigned moved, bdi_layer layers[BD_SIZE])
{
    layer_kernel *kernel = atomic_load_explicit(&chosen_kernel, memory_order_relaxed);
    if (!kernel) {
        kernel = choose_kernel();
        atomic_store_explicit(&chosen_kernel, kernel, memory_order_relaxed);
    }
    if (kernel == bdi_layer_solve_avx2)
        bdi_layer_solve_moved_avx2(node, price, moved, layers);
    else
        bdi_layer_solve_moved_base(node, price, moved, layers);
}

void bdi_layer_index(bdi_layer_node *node)
{
    layer_kernel *kernel = atomic_load_explicit(&chosen_kernel, memory_order_relaxed);
    if (!kernel) {
        kernel = choose_kernel();
        atomic_store_explicit(&chosen_kernel, kernel, memory_order_relaxed);
    }
    if (kernel == bdi_layer_solve_avx2)
        bdi_layer_index_avx2(node);
    else
        bdi_layer_index_base(node);
}
#else
void bdi_layer_solve(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                     bdi_layer *layer, int32_t *through)
{
    bdi_layer_solve_base(node, price, digit, layer, through);
}

void bdi_layer_solve_moved(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                           unsigned moved, bdi_layer layers[BD_SIZE])
{
    bdi_layer_solve_moved_base(node, price, moved, layers);
}

void bdi_layer_index(bdi_layer_node *node)
{
    bdi_layer_index_base(node);
}
#endif

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

#if defined(__SSE2__) && !defined(BD_PORTABLE)
/* Sets g to 0 on the placed cells (gain 0) and returns the sum of its
 * squares: sixteen cells at once (their gains compared to 0 and packed
 * to a byte a cell, the bytes widened to 16 bits and squared in pairs by
 * pmaddwd), the last cell alone. */
static int blank_norm(const bdi_layer_node *node, int8_t g[BD_CELLS])
{
    enum { STEP = 16 };
    const __m128i zero = _mm_setzero_si128();
    __m128i sums = zero;
    int cell = 0;
    for (; cell + STEP <= BD_CELLS; cell += STEP) {
        __m128i placed[LANES];   /* -1 where the gain is 0, four cells each */
        for (int q = 0; q < LANES; q++)
            placed[q] = _mm_cmpeq_epi32(
                _mm_loadu_si128((const __m128i *)(node->gain + cell + LANES * q)), zero);
        __m128i mask = _mm_packs_epi16(_mm_packs_epi32(placed[0], placed[1]),
                                       _mm_packs_epi32(placed[2], placed[3]));
        __m128i x = _mm_andnot_si128(mask, _mm_loadu_si128((const __m128i *)(g + cell)));
        _mm_storeu_si128((__m128i *)(g + cell), x);
        __m128i sign = _mm_cmpgt_epi8(zero, x);
        __m128i low = _mm_unpacklo_epi8(x, sign), high = _mm_unpackhi_epi8(x, sign);
        sums = _mm_add_epi32(sums, _mm_add_epi32(_mm_madd_epi16(low, low), _mm_madd_epi16(high, high)));
    }
    sums = _mm_add_epi32(sums, _mm_shuffle_epi32(sums, _MM_SHUFFLE(1, 0, 3, 2)));
    sums = _mm_add_epi32(sums, _mm_shuffle_epi32(sums, _MM_SHUFFLE(2, 3, 0, 1)));
    int norm = _mm_cvtsi128_si32(sums);
    for (; cell < BD_CELLS; cell++) {
        g[cell] = node->gain[cell] ? g[cell] : 0;
        norm += g[cell] * g[cell];
    }
    return norm;
}
#else
/* Sets g to 0 on the placed cells (gain 0) and returns the sum of its
 * squares: a loop without branches. */
static int blank_norm(const bdi_layer_node *node, int8_t g[BD_CELLS])
{
    int norm = 0;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        g[cell] = node->gain[cell] ? g[cell] : 0;
        norm += g[cell] * g[cell];
    }
    return norm;
}
#endif

int bdi_layer_subgradient(const bdi_layer_node *node, const bdi_layer layers[BD_SIZE],
                          int8_t g[BD_CELLS])
{
    /* 1 less the layers on every cell, then 0 on the placed ones */
    memset(g, 1, BD_CELLS);
    for (int digit = 0; digit < BD_SIZE; digit++)
        for (int r = 0; r < BD_SIZE; r++)
            g[r * BD_SIZE + layers[digit].pick[r]]--;
    return blank_norm(node, g);
}
#endif /* LAYERS_KERNEL_ONLY */
