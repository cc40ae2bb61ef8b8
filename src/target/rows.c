/*
 * rows.c - the row relaxation of the target problem: a Lagrangian bound
 * whose best value is the LP bound, used beside the layer bound (layers.c)
 * in the search, where its reduced costs prune other pairs.
 *
 * Variable x(cell, d) says blank `cell` takes digit d. Keep "one digit per
 * cell" and "each missing digit once per row"; move "once per column" and
 * "once per box" into the objective with prices col[c][d] and box[b][d]:
 *
 *   L = sum over (c, d missing in c) col + sum over (b, d missing) box
 *     + sum over rows of max assignment of the row's blanks to its missing
 *       digits, with profit weight * d - col[col][d] - box[box][d]
 *
 * For any prices, the placed score + L bounds every completion's score
 * (a completion is a feasible assignment of every row and pays each price
 * once). Each row is a 9x9 (or smaller) assignment problem, solved exactly
 * by the Hungarian method; its potentials give each pair (blank, d) a
 * reduced cost, a lower bound on how much L drops when the pair is forced,
 * and shortest chains of reduced costs through the row's assignment turn
 * it into the exact drop of the row under the same prices
 * (bdi_rows_sharpen), which fixes more pairs.
 * Subgradient steps (Polyak's rule, halving the step when L stalls) move
 * the prices towards the LP bound; between steps, and from a node to its
 * children, each row's Hungarian method starts warm, from its last column
 * potentials and the old pairs still tight, so only the blanks whose
 * pairing broke are re-routed. A child re-solves only the rows whose blanks
 * changed or whose assignment lost a pair: removing pairs keeps a surviving
 * assignment optimal and its reduced costs valid lower bounds. Such a kept
 * row's drops stay where the ancestor that made them keeps them: each row
 * reads its drops through a pointer, to the node's own storage or to an
 * ancestor's (bdi_rows_inherit copies all but the storage).
 *
 * Values are in 1/BDI_LAYER_SCALE point, prices within +-PRICE_LIMIT, and
 * all arithmetic is exact in int64.
 */
#include "target.h"
#include "engine/fast/fast.h"

#include <stddef.h>
#include <string.h>
#if defined(__AVX2__) && !defined(BD_PORTABLE)
#include <immintrin.h>
#endif

/* The kernels' names: rows.c compiles the solvers as bdi_rows_solve_base,
 * bdi_rows_sharpen_base and bdi_rows_descend_base (and the rest of the
 * file: bdi_rows_clear and the entries, which pick the kernel);
 * rows_avx2.c compiles them again, alone (ROWS_KERNEL_ONLY), with the
 * suffix _avx2 under AVX2 flags. */
#ifndef ROWS_KERNEL
#define ROWS_KERNEL(name) name##_base
#endif

enum {
    SCALE = BDI_LAYER_SCALE,
    PRICE_LIMIT = 128 * SCALE,   /* keeps costs far from FORBID */
    MAX_GAP = 64 * SCALE,        /* caps the Polyak step's aim */
    WAYS = 1 + 12                /* path_from's way: the root, then columns 1..12 */
};

static const int64_t FORBID = (int64_t)1 << 40;     /* a pair not allowed */

/* INLINED marks a function to inline into each caller (GNU C), so that
 * its loops over a constant count of quads unroll; OUT_OF_LINE one to keep
 * out of line (there the compiler vectorizes the portable extend);
 * elsewhere, inline and nothing. */
#if defined(__GNUC__) && !defined(BD_PORTABLE)
#define INLINED inline __attribute__((always_inline))
#define OUT_OF_LINE __attribute__((noinline))
#else
#define INLINED inline
#define OUT_OF_LINE
#endif

#if defined(__AVX2__) && !defined(BD_PORTABLE)
/* units_of below, columns 0..7 of a row in the int32 lanes of one AVX2
 * register (a lane: the cell's digit if placed, else 0), column 8 alone:
 * the columns' sets are the lanes' unions over the rows, a row's set the
 * union of its lanes, a box's the union of three lanes over its band; a
 * row's blanks are the lanes' signs where the gain is not 0. */
static void units_of(const bdi_layer_node *node, unsigned used[UNIT_KINDS][BD_SIZE],
                     unsigned blanks[BD_SIZE])
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i cols = zero, band = zero;
    unsigned col8 = 0, band8 = 0;
    for (int r = 0; r < BD_SIZE; r++) {
        const int first = r * BD_SIZE;
        __m256i filled =
            _mm256_cmpeq_epi32(_mm256_loadu_si256((const __m256i *)&node->gain[first]), zero);
        __m256i placed = _mm256_and_si256(
            filled, _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)&node->open[first])));
        unsigned last = node->gain[first + 8] ? 0u : node->open[first + 8];
        blanks[r] = ((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(filled)) ^ 0xffu)
                    | (unsigned)(node->gain[first + 8] != 0) << (BD_SIZE - 1);
        cols = _mm256_or_si256(cols, placed);
        band = _mm256_or_si256(band, placed);
        col8 |= last;
        band8 |= last;
        __m128i half = _mm_or_si128(_mm256_castsi256_si128(placed),
                                    _mm256_extracti128_si256(placed, 1));
        half = _mm_or_si128(half, _mm_shuffle_epi32(half, 0x4e));
        half = _mm_or_si128(half, _mm_shuffle_epi32(half, 0xb1));
        used[UNIT_ROW][r] = (unsigned)_mm_cvtsi128_si32(half) | last;
        if (r % BD_BOX == BD_BOX - 1) {
            unsigned lane[8];
            _mm256_storeu_si256((__m256i *)lane, band);
            unsigned *box = &used[UNIT_BOX][r - (BD_BOX - 1)];
            box[0] = lane[0] | lane[1] | lane[2];
            box[1] = lane[3] | lane[4] | lane[5];
            box[2] = lane[6] | lane[7] | band8;
            band = zero;
            band8 = 0;
        }
    }
    _mm256_storeu_si256((__m256i *)used[UNIT_COL], cols);
    used[UNIT_COL][8] = col8;
}
#else
/* The digits placed in each unit of the node, and each row's blanks
 * (bit c: cell (row, c) is blank). */
static void units_of(const bdi_layer_node *node, unsigned used[UNIT_KINDS][BD_SIZE],
                     unsigned blanks[BD_SIZE])
{
    memset(used, 0, sizeof(unsigned) * UNIT_KINDS * BD_SIZE);
    for (int r = 0; r < BD_SIZE; r++) {
        blanks[r] = 0;
        for (int c = 0; c < BD_SIZE; c++) {
            int cell = r * BD_SIZE + c;
            if (node->gain[cell]) {
                blanks[r] |= 1u << c;
                continue;
            }
            unsigned placed = node->open[cell];
            used[UNIT_ROW][r] |= placed;
            used[UNIT_COL][c] |= placed;
            used[UNIT_BOX][r / BD_BOX * BD_BOX + c / BD_BOX] |= placed;
        }
    }
}
#endif

#if defined(__AVX2__) && !defined(BD_PORTABLE)
/* The least of the four int64 lanes of a and the four of b. */
static int64_t least_of8(__m256i a, __m256i b)
{
    __m256i m = _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b));
    __m128i lo = _mm256_castsi256_si128(m), hi = _mm256_extracti128_si256(m, 1);
    __m128i m2 = _mm_blendv_epi8(lo, hi, _mm_cmpgt_epi64(lo, hi));
    int64_t x = _mm_cvtsi128_si64(m2), y = _mm_extract_epi64(m2, 1);
    return x < y ? x : y;
}

/* p[0..3], p[4..7] and p[8] (then zeros) of a nine-entry array: lane k
 * of quad q holds p[4q + k]. */
static void load_quads(const int64_t p[BD_SIZE], __m256i q[3])
{
    q[0] = _mm256_loadu_si256((const __m256i *)p);
    q[1] = _mm256_loadu_si256((const __m256i *)(p + 4));
    q[2] = _mm256_setr_epi64x(p[8], 0, 0, 0);
}

/* All ones in lane k of quad q where bit 4q + k + 1 of `set` is on. */
static void mask_quads(unsigned set, __m256i q[3])
{
    __m256i has = _mm256_set1_epi64x((int64_t)set);
    const __m256i bits[3] = {_mm256_setr_epi64x(2, 4, 8, 16), _mm256_setr_epi64x(32, 64, 128, 256),
                             _mm256_setr_epi64x(512, 1024, 2048, 4096)};
    for (int k = 0; k < 3; k++)
        q[k] = _mm256_cmpeq_epi64(_mm256_and_si256(has, bits[k]), bits[k]);
}

/* path_from's columns 1..9 in the lanes of quads: column j in lane
 * (j - 1) % 4 of quad (j - 1) / 4 (lanes past column 9 never open), in
 * three quads when the columns are all nine, else in two: then column 9,
 * if open, takes the lane of the first column that is not (the spare
 * lane), and the third quad is not read. Each lane holds its column's path
 * length times 16 plus its column (column 9's in the spare lane: a length
 * is a sum of at most nine costs within +-FORBID and of potentials, far
 * inside +-2^58, so no product wraps), or INT64_MIN once the column is on
 * the path or when it is not open: the least such key (less one, which
 * wraps INT64_MIN to the top) is the least length with the first column
 * that has it, its length the key shifted right by 4 and its column the
 * low 4 bits. A closed lane is never updated (no key is below INT64_MIN).
 * The path's state after its first step: the keys, and v's entries in the
 * same lanes; `open` (all ones on the open columns' lanes), `column`
 * (each lane's column) and `spare` (all ones on the spare lane, if any;
 * its column `spare_at`, else 9) are the Hungarian method's for all its
 * paths. */
typedef struct path_keys {
    __m256i key[3], v[3], open[3], column[3], spare[2];
    int spare_at;
} path_keys;

/* The lanes of the open columns `cols` (bit j: column j) into keys;
 * returns how many quads hold them (3 or 2). */
static int open_columns(unsigned cols, path_keys *keys)
{
    const __m256i column[3] = {_mm256_setr_epi64x(1, 2, 3, 4), _mm256_setr_epi64x(5, 6, 7, 8),
                               _mm256_setr_epi64x(9, 10, 11, 12)};
    const unsigned all = ALL_DIGITS << 1, last = 1u << BD_SIZE;
    unsigned lanes = cols, spare = 0;
    if (cols != all && (cols & last)) {
        unsigned shut = all & ~cols;
        spare = shut & (0u - shut);   /* the first column not open */
        lanes = (cols & ~last) | spare;
    }
    __m256i at[3];
    mask_quads(lanes, keys->open);
    mask_quads(spare, at);
    for (int k = 0; k < 3; k++)
        keys->column[k] = _mm256_blendv_epi8(column[k], _mm256_set1_epi64x(BD_SIZE), at[k]);
    keys->spare[0] = at[0];
    keys->spare[1] = at[1];
    keys->spare_at = spare ? bit_digit(spare) - 1 : BD_SIZE;
    return cols == all ? 3 : 2;
}

/* p[0..8] in the lanes of `quads` quads as keys lays out the columns
 * 1..9 (load_quads, or p[8] in the spare lane). */
static INLINED void lane_quads(const int64_t p[BD_SIZE], const path_keys *keys, int quads,
                               __m256i q[3])
{
    if (quads == 3) {
        load_quads(p, q);
        return;
    }
    __m256i last = _mm256_set1_epi64x(p[BD_SIZE - 1]);
    for (int k = 0; k < 2; k++)
        q[k] = _mm256_blendv_epi8(_mm256_loadu_si256((const __m256i *)(p + 4 * k)), last,
                                  keys->spare[k]);
}

/* Each lane's key (path length row[j - 1] - row_u - v[j], times 16, plus
 * its column j) into cur, v's entries in keys; closed lanes are the
 * caller's to keep. */
static INLINED void row_keys(const int64_t row[BD_SIZE], int64_t row_u, const path_keys *keys,
                             int quads, __m256i cur[3])
{
    __m256i cost[3], by = _mm256_set1_epi64x(row_u);
    lane_quads(row, keys, quads, cost);
    for (int k = 0; k < quads; k++) {
        cur[k] = _mm256_sub_epi64(_mm256_sub_epi64(cost[k], by), keys->v[k]);
        cur[k] = _mm256_or_si256(_mm256_slli_epi64(cur[k], 4), keys->column[k]);
    }
}

/* The least of the keys of `quads` quads less one, plus one: the least
 * key of a lane not closed. */
static INLINED int64_t least_key(const __m256i key[3], int quads)
{
    const __m256i less = _mm256_set1_epi64x(-1);
    __m256i low[3];
    for (int k = 0; k < quads; k++)
        low[k] = _mm256_add_epi64(key[k], less);
    if (quads == 2)
        return least_of8(low[0], low[1]) + 1;
    __m256i two = _mm256_blendv_epi8(low[0], low[1], _mm256_cmpgt_epi64(low[0], low[1]));
    return least_of8(two, low[2]) + 1;
}

/* The column potentials v into keys' lanes, `quads` of them. */
static INLINED void column_potentials(const int64_t v[BD_SIZE + 1], path_keys *keys, int quads)
{
    lane_quads(v + 1, keys, quads, keys->v);
}

/* As the portable first_step below, in path_keys' lanes (the lanes not
 * open closed), `quads` of them (open_columns). */
static INLINED int first_step(const int64_t row[BD_SIZE], int64_t row_u, path_keys *keys,
                              int quads, int64_t *far_out)
{
    const __m256i closed = _mm256_set1_epi64x(INT64_MIN);
    __m256i cur[3];
    row_keys(row, row_u, keys, quads, cur);
    for (int k = 0; k < quads; k++)
        keys->key[k] = _mm256_blendv_epi8(closed, cur[k], keys->open[k]);
    int64_t least = least_key(keys->key, quads);
    *far_out = least >> 4;
    return (int)(least & 15);
}

/* As the portable path_from below, every column's key and way updated at
 * once at each step: the same sums and the same first least column;
 * way[j] gets its lane for every j in 1..12 (what the path does not reach
 * is never read), column 9's from the spare lane when it has one. */
static INLINED int path_from(int64_t cost[BD_SIZE][BD_SIZE], const int64_t u[BD_SIZE + 1],
                             const int match[BD_SIZE + 1], path_keys *keys, int quads, int j0,
                             int64_t far, int64_t way[WAYS], int64_t since[BD_SIZE + 1],
                             unsigned *on_path, int64_t *far_out)
{
    const __m256i closed = _mm256_set1_epi64x(INT64_MIN);
    __m256i *key = keys->key, from[3];
    for (int k = 0; k < quads; k++)
        from[k] = _mm256_setzero_si256();   /* the first step's: the root */
    unsigned used = 1u;
    since[0] = 0;
    do {
        used |= 1u << j0;
        since[j0] = far;
        __m256i cur[3], at = _mm256_set1_epi64x(j0);
        row_keys(cost[match[j0] - 1], u[match[j0]] - far, keys, quads, cur);
        for (int k = 0; k < quads; k++) {
            key[k] = _mm256_blendv_epi8(key[k], closed, _mm256_cmpeq_epi64(keys->column[k], at));
            __m256d closer = _mm256_castsi256_pd(_mm256_cmpgt_epi64(key[k], cur[k]));
            key[k] = _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(key[k]),
                                                          _mm256_castsi256_pd(cur[k]), closer));
            from[k] = _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(from[k]),
                                                           _mm256_castsi256_pd(at), closer));
        }
        int64_t least = least_key(key, quads);
        far = least >> 4;
        j0 = (int)(least & 15);
    } while (match[j0] != 0);
    for (int k = 0; k < quads; k++)   /* lane k of quad q: column 4q + k + 1 */
        _mm256_storeu_si256((__m256i *)(way + 1 + 4 * k), from[k]);
    if (quads == 2)
        way[BD_SIZE] = way[keys->spare_at];
    *on_path = used;
    *far_out = far;
    return j0;
}
#else
/* The path's state after its first step (path_from below): each open
 * column's path length from the root's row; the open columns (bit j:
 * column j), the Hungarian method's for all its paths. */
typedef struct path_keys {
    int64_t dist[BD_SIZE + 1];
    const int64_t *v;   /* the column potentials */
    unsigned open;
} path_keys;

/* The open columns `cols` into keys; returns 3 (the AVX2 kernel's count
 * of quads, which the portable steps below take and do not read). */
static int open_columns(unsigned cols, path_keys *keys)
{
    keys->open = cols;
    return 3;
}

/* The column potentials v into keys (`quads`: open_columns'). */
static INLINED void column_potentials(const int64_t v[BD_SIZE + 1], path_keys *keys, int quads)
{
    (void)quads;
    keys->v = v;
}

/* The first step of a shortest augmenting path of the Hungarian method
 * below, from the free row whose costs are `row` and potential row_u (the
 * path's root, column 0): each open column j of keys (open_columns) gets
 * the length row[j - 1] - row_u - v[j] (v as column_potentials last put
 * it in keys) in keys; returns the first column with the least length,
 * that length into *far_out. */
static INLINED int first_step(const int64_t row[BD_SIZE], int64_t row_u, path_keys *keys,
                              int quads, int64_t *far_out)
{
    (void)quads;
    int64_t nearest = INT64_MAX;
    int first = 0;
    const int64_t *v = keys->v;
    for (unsigned left = keys->open; left; left &= left - 1u) {
        int j = bit_digit(left) - 1;
        keys->dist[j] = row[j - 1] - row_u - v[j];
        if (keys->dist[j] < nearest) {
            nearest = keys->dist[j];
            first = j;
        }
    }
    *far_out = nearest;
    return first;
}

/* The rest of that path, from column j0 (matched; its length far), to
 * the first free column it reaches: fills way[j] (the column before j on
 * the path, for j on it; other entries may change), since[j] (the path's
 * length when j joined it) and *on_path (bit j: column j on the path,
 * with the root 0), the path's length into *far_out, and returns its last
 * column. The potentials move lazily: far is the sum of the steps so far,
 * dist[j] column j's path length plus far. Ties go to the first column. */
static INLINED int path_from(int64_t cost[BD_SIZE][BD_SIZE], const int64_t u[BD_SIZE + 1],
                             const int match[BD_SIZE + 1], path_keys *keys, int quads, int j0,
                             int64_t far, int64_t way[WAYS], int64_t since[BD_SIZE + 1],
                             unsigned *on_path, int64_t *far_out)
{
    (void)quads;
    int64_t *dist = keys->dist;
    const int64_t *v = keys->v;
    for (unsigned left = keys->open; left; left &= left - 1u)
        way[bit_digit(left) - 1] = 0;   /* the first step's: the root */
    /* bit j: column j is on the path (used) or not yet (open) */
    unsigned used = 1u, open = keys->open;
    since[0] = 0;
    do {
        used |= 1u << j0;
        open &= ~(1u << j0);
        since[j0] = far;
        int i0 = match[j0], j1 = 0;
        const int64_t *row = cost[i0 - 1];
        int64_t nearest = INT64_MAX, row_u = u[i0] - far;
        for (unsigned left = open; left; left &= left - 1u) {
            int j = bit_digit(left) - 1;
            int64_t cur = row[j - 1] - row_u - v[j];
            if (cur < dist[j]) {
                dist[j] = cur;
                way[j] = j0;
            }
            if (dist[j] < nearest) {
                nearest = dist[j];
                j1 = j;
            }
        }
        far = nearest;
        j0 = j1;
    } while (match[j0] != 0);
    *on_path = used;
    *far_out = far;
    return j0;
}
#endif

#if defined(__AVX2__) && !defined(BD_PORTABLE)
/* As the portable potential_sum below, the nine entries in the lanes of
 * three quads (load_quads), v's masked by `cols` (mask_quads). */
static int64_t potential_sum(unsigned cols, const int64_t u[BD_SIZE + 1],
                             const int64_t v[BD_SIZE + 1])
{
    __m256i uq[3], vq[3], on[3];
    load_quads(u + 1, uq);
    load_quads(v + 1, vq);
    mask_quads(cols, on);
    __m256i sum = _mm256_add_epi64(_mm256_add_epi64(uq[0], uq[1]), uq[2]);
    for (int k = 0; k < 3; k++)
        sum = _mm256_add_epi64(sum, _mm256_and_si256(vq[k], on[k]));
    __m128i half = _mm_add_epi64(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    return _mm_cvtsi128_si64(half) + _mm_extract_epi64(half, 1);
}
#else
/* The sum of the row potentials u[1..BD_SIZE] and the column potentials
 * v[j] of the columns j in `cols` (bit j): the cost of an assignment of
 * the rows to those columns whose pairs are all tight, where u is 0 on
 * the rows past the assignment's. */
static int64_t potential_sum(unsigned cols, const int64_t u[BD_SIZE + 1],
                             const int64_t v[BD_SIZE + 1])
{
    int64_t total = 0;
    for (int i = 1; i <= BD_SIZE; i++)
        total += u[i];
    for (unsigned on = cols; on; on &= on - 1u)
        total += v[bit_digit(on) - 1];
    return total;
}
#endif

/*
 * The Hungarian method (shortest augmenting paths with potentials) for a
 * minimum-cost perfect assignment of n rows to the n columns `cols` (bit
 * j: column j, 1..BD_SIZE), n <= 9; cost[i][j - 1] may be FORBID. Rows
 * are 1-based: u[1..n] and v[j] are the potentials (u[i] = 0 for i > n)
 * and match[j] the row on column j (0: free); index 0 is the path root.
 * On entry the matched pairs must be tight (cost = u + v) and every
 * reduced cost of a matched row >= 0; the rows no column holds, `free`
 * (bit i: row i), are added one by one, the lowest first; a path whose
 * first step (first_step) reaches a free column ends there, with no
 * other potential moved. Returns the minimum cost; then
 * every reduced cost cost[i][j - 1] - u[i + 1] - v[j] is >= 0, a lower
 * bound on how much the minimum rises when i is forced onto j, and 0 on
 * the matched pairs.
 */
static INLINED int64_t hungarian_in(unsigned cols, unsigned free,
                                    int64_t cost[BD_SIZE][BD_SIZE], int64_t u[BD_SIZE + 1],
                                    int64_t v[BD_SIZE + 1], int match[BD_SIZE + 1],
                                    path_keys *keys, int quads)
{
    int64_t way[WAYS];
    column_potentials(v, keys, quads);   /* again whenever v moves */
    for (; free; free &= free - 1u) {
        int i = bit_digit(free) - 1;
        int64_t far;
        int j0 = first_step(cost[i - 1], u[i], keys, quads, &far);
        if (match[j0] == 0) {   /* a path of one step: only row i and the root move */
            u[i] += far;
            v[0] -= far;
            match[j0] = i;
            continue;
        }
        /* each column on the path (and its row) takes the steps after it
         * joined the path once the path ends: the same sums as moving the
         * potentials at every step */
        int64_t since[BD_SIZE + 1];
        unsigned used;
        match[0] = i;
        j0 = path_from(cost, u, match, keys, quads, j0, far, way, since, &used, &far);
        for (unsigned on = used; on; on &= on - 1u) {
            int j = bit_digit(on) - 1;
            u[match[j]] += far - since[j];
            v[j] -= far - since[j];
        }
        column_potentials(v, keys, quads);
        do {
            int j1 = (int)way[j0];
            match[j0] = match[j1];
            j0 = j1;
        } while (j0);
    }
    return potential_sum(cols, u, v);   /* the matched pairs are tight */
}

/* hungarian_in with the lanes of the columns `cols` (open_columns): the
 * steps specialised to their count of quads. */
static int64_t hungarian(unsigned cols, unsigned free, int64_t cost[BD_SIZE][BD_SIZE],
                         int64_t u[BD_SIZE + 1], int64_t v[BD_SIZE + 1], int match[BD_SIZE + 1])
{
    path_keys keys;
    if (open_columns(cols, &keys) == 2)
        return hungarian_in(cols, free, cost, u, v, match, &keys, 2);
    return hungarian_in(cols, free, cost, u, v, match, &keys, 3);
}

/*
 * The potentials to start row r's Hungarian method from: none (cold), or
 * with `warm` the column potentials of rel's last solution of the same row
 * (same blanks, same candidates, other prices) as they were; no pairs.
 */
static void start_row(const bdi_rows *rel, int r, bool warm, int64_t u[BD_SIZE + 1],
                      int64_t v[BD_SIZE + 1], int match[BD_SIZE + 1])
{
    memset(u, 0, sizeof(int64_t) * (BD_SIZE + 1));
    memset(match, 0, sizeof(int) * (BD_SIZE + 1));
    v[0] = 0;
    if (warm)
        memcpy(v + 1, rel->dual[r], sizeof rel->dual[r]);
    else
        memset(v + 1, 0, sizeof(int64_t) * BD_SIZE);
}

/* Above every reduced cost cost - v (costs lie within +-FORBID, the
 * potentials, sums of path lengths under prices within +-PRICE_LIMIT,
 * far inside +-2^61), and no cost added to it overflows. */
static const int64_t UNREAD = (int64_t)1 << 62;

/* Blank `cell`'s cost of each digit d under the prices col and box of its
 * column and box into cost[d - 1] (FORBID where the node does not allow
 * d); returns the least of cost[d - 1] + off[d - 1] over the nine digits. */
#if defined(__AVX2__) && !defined(BD_PORTABLE)
/* As the portable blank_costs below, digits 1..8 in AVX2 lanes: the
 * cost col + box - d * gain in int32 (it lies within +-2^21), widened to
 * int64, FORBID where the candidate bit is clear; digit 9 alone. */
static int64_t blank_costs(const bdi_layer_node *node, int cell, const int32_t col[BD_SIZE],
                           const int32_t box[BD_SIZE], const int64_t off[BD_SIZE],
                           int64_t cost[BD_SIZE])
{
    unsigned cand = node->open[cell];
    int32_t gain = node->gain[cell];
    __m256i net = _mm256_sub_epi32(
        _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)col),
                         _mm256_loadu_si256((const __m256i *)box)),
        _mm256_mullo_epi32(_mm256_set1_epi32(gain), _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 8)));
    /* candidate bit k + 1 of each lane's digit shifted to the lane's sign,
     * which the blend reads */
    const __m256i to_sign_lo = _mm256_setr_epi64x(63, 62, 61, 60);
    const __m256i to_sign_hi = _mm256_setr_epi64x(59, 58, 57, 56);
    const __m256d forbid = _mm256_castsi256_pd(_mm256_set1_epi64x(FORBID));
    __m256i has = _mm256_set1_epi64x((int64_t)cand);
    __m256i lo = _mm256_castpd_si256(_mm256_blendv_pd(
        forbid, _mm256_castsi256_pd(_mm256_cvtepi32_epi64(_mm256_castsi256_si128(net))),
        _mm256_castsi256_pd(_mm256_sllv_epi64(has, to_sign_lo))));
    __m256i hi = _mm256_castpd_si256(_mm256_blendv_pd(
        forbid, _mm256_castsi256_pd(_mm256_cvtepi32_epi64(_mm256_extracti128_si256(net, 1))),
        _mm256_castsi256_pd(_mm256_sllv_epi64(has, to_sign_hi))));
    _mm256_storeu_si256((__m256i *)cost, lo);
    _mm256_storeu_si256((__m256i *)(cost + 4), hi);
    cost[8] = (cand >> 8 & 1u) ? col[8] + box[8] - 9 * (int64_t)gain : FORBID;
    int64_t least = least_of8(_mm256_add_epi64(lo, _mm256_loadu_si256((const __m256i *)off)),
                              _mm256_add_epi64(hi, _mm256_loadu_si256((const __m256i *)(off + 4))));
    int64_t last = cost[8] + off[8];
    return last < least ? last : least;
}
#else
static int64_t blank_costs(const bdi_layer_node *node, int cell, const int32_t col[BD_SIZE],
                           const int32_t box[BD_SIZE], const int64_t off[BD_SIZE],
                           int64_t cost[BD_SIZE])
{
    unsigned cand = node->open[cell];
    int64_t gain = node->gain[cell], least = INT64_MAX;
    for (int k = 0; k < BD_SIZE; k++) {
        cost[k] = (cand >> k & 1u) ? col[k] + box[k] - (k + 1) * gain : FORBID;
        int64_t reduced = cost[k] + off[k];
        least = reduced < least ? reduced : least;
    }
    return least;
}
#endif

/* off[d - 1] = -v[d] for the digits d in `missing`, UNREAD for the
 * others. */
#if defined(__AVX2__) && !defined(BD_PORTABLE)
/* As the portable row_offsets below, digits 1..8 in the lanes of two
 * quads, digit 9 alone. */
static void row_offsets(unsigned missing, const int64_t v[BD_SIZE + 1], int64_t off[BD_SIZE])
{
    __m256i vq[3], on[3];
    load_quads(v + 1, vq);
    mask_quads(missing << 1, on);
    const __m256i unread = _mm256_set1_epi64x(UNREAD), zero = _mm256_setzero_si256();
    for (int k = 0; k < 2; k++)
        _mm256_storeu_si256((__m256i *)(off + 4 * k),
                            _mm256_blendv_epi8(unread, _mm256_sub_epi64(zero, vq[k]), on[k]));
    off[8] = (missing >> 8 & 1u) ? -v[9] : UNREAD;
}
#else
static void row_offsets(unsigned missing, const int64_t v[BD_SIZE + 1], int64_t off[BD_SIZE])
{
    for (int k = 0; k < BD_SIZE; k++)
        off[k] = (missing >> k & 1u) ? -v[k + 1] : UNREAD;
}
#endif

/* blank_costs of the n blanks `cells` of row r into cost[i] and their least
 * reduced costs cost[i][d - 1] - v[d] over the digits d `missing` (not
 * empty) into least[i]: blank_costs' least with off -v[d] on the missing
 * digits and UNREAD on the others, which is never the least (a missing
 * digit's reduced cost is below it). One call a row, so that its loop
 * stays a function of its own (inlined in solve_row, it cost more). */
static void row_costs(const bdi_layer_node *node, const bdi_rows *rel, int r, int n,
                      const int cells[BD_SIZE], unsigned missing, const int64_t v[BD_SIZE + 1],
                      int64_t cost[BD_SIZE][BD_SIZE], int64_t least[BD_SIZE])
{
    static const uint8_t band_box[BD_SIZE] = {0, 0, 0, 1, 1, 1, 2, 2, 2};   /* column / BD_BOX */
    const int32_t(*boxes)[BD_SIZE] = rel->box + r / BD_BOX * BD_BOX;
    int64_t off[BD_SIZE];
    row_offsets(missing, v, off);
    for (int i = 0; i < n; i++) {
        int c = cells[i] - r * BD_SIZE;
        least[i] = blank_costs(node, cells[i], rel->col[c], boxes[band_box[c]], off, cost[i]);
    }
}

/* Row r's drops to be read from rel's own. */
static void point_own(bdi_rows *rel, int r)
{
    rel->drops[r] = (const int32_t(*)[BD_SIZE])(rel->own_drop + r * BD_SIZE);
}

/* The reduced costs cost[i][d - 1] - u[i + 1] - v[d] of the n blanks
 * `cells` of row r into rel's own drops (rel->drops[r] then points to
 * them), capped at INT32_MAX: 0 on the pairs of
 * an optimal assignment, which are tight. All nine digits, in one loop
 * without a gather: the entries of the digits the row does not miss are
 * never read (a blank's candidates are missing digits; sharpen_row's
 * chains never carry them into the others). */
static void row_drops(bdi_rows *rel, int r, int n, const int cells[BD_SIZE],
                      int64_t cost[BD_SIZE][BD_SIZE], const int64_t u[BD_SIZE + 1],
                      const int64_t v[BD_SIZE + 1])
{
    point_own(rel, r);
    for (int i = 0; i < n; i++) {
        int32_t *to = rel->own_drop[cells[i]];
        for (int k = 0; k < BD_SIZE; k++) {
            int64_t drop = cost[i][k] - u[i + 1] - v[k + 1];
            to[k] = (int32_t)(drop < INT32_MAX ? drop : INT32_MAX);
        }
    }
}

/* Row r's blanks (bit c: cell (r, c), units_of) into cells; returns how
 * many (as many as the row's missing digits on a node whose rows are
 * consistent). */
static int row_cells(unsigned blanks, int r, int cells[BD_SIZE])
{
    int n = 0;
    for (; blanks; blanks &= blanks - 1u)
        cells[n++] = r * BD_SIZE + bit_digit(blanks) - 1;
    return n;
}

/* Solves row r's assignment problem under the prices (warm: from rel's
 * last solution of the same row: its column potentials, u the least
 * reduced cost per blank, and the old pairs that are still tight, so only
 * the blanks whose pairing broke are routed); fills the digits and duals
 * of its blanks in `rel`, and with `drops` their reduced costs (else
 * fill_drops can make them later from the digits and duals). Returns the
 * row's maximum profit, or BDI_LAYER_INFEASIBLE when its blanks cannot
 * take its missing digits. */
static int64_t solve_row(const bdi_layer_node *node, unsigned row_used, unsigned blanks, int r,
                         bdi_rows *rel, bool warm, bool drops)
{
    int cells[BD_SIZE];
    unsigned missing = ALL_DIGITS & ~row_used;
    int n = row_cells(blanks, r, cells);
    if (n == 0)
        return 0;
    int64_t cost[BD_SIZE][BD_SIZE];   /* [blank][digit - 1] */
    int64_t u[BD_SIZE + 1], v[BD_SIZE + 1];
    int match[BD_SIZE + 1];
    start_row(rel, r, warm, u, v, match);
    row_costs(node, rel, r, n, cells, missing, v, cost, u + 1);   /* warm: u the least */
    if (!warm)
        memset(u, 0, sizeof u);
    unsigned free = ((1u << n) - 1u) << 1;   /* bit i: row i holds no column */
    for (int i = 0; warm && i < n; i++) {
        int was = rel->digit[cells[i]];   /* kept when still tight and free */
        if ((missing & cell_bit(was)) && cost[i][was - 1] - v[was] == u[i + 1]
            && match[was] == 0) {
            match[was] = i + 1;
            free &= ~(1u << (i + 1));
        }
    }
    int64_t min_cost = hungarian(missing << 1, free, cost, u, v, match);
    if (min_cost >= FORBID / 2)
        return BDI_LAYER_INFEASIBLE;
    /* all nine: a digit the row does not miss gets v's entry from start_row
     * (its old dual, or 0 cold), which nothing reads */
    memcpy(rel->dual[r], v + 1, sizeof rel->dual[r]);
    if (drops)
        row_drops(rel, r, n, cells, cost, u, v);
    for (unsigned on = missing << 1; on; on &= on - 1u) {   /* the chosen pairs: column d */
        int d = bit_digit(on) - 1;
        rel->digit[cells[(ptrdiff_t)match[d] - 1]] = (uint8_t)d;
    }
    return -min_cost;
}

/* Row r's drops (as solve_row makes them) from what rel keeps of its last
 * solve, under rel's prices at the node: the duals v, the digits, and u,
 * each blank's cost of its digit less that digit's dual (its pair is
 * tight). The row must be feasible. */
static void fill_drops(const bdi_layer_node *node, unsigned row_used, unsigned blanks, int r,
                       bdi_rows *rel)
{
    int cells[BD_SIZE];
    int n = row_cells(blanks, r, cells);
    int64_t cost[BD_SIZE][BD_SIZE], u[BD_SIZE + 1], v[BD_SIZE + 1];
    int match[BD_SIZE + 1];
    int64_t least[BD_SIZE];
    start_row(rel, r, true, u, v, match);
    row_costs(node, rel, r, n, cells, ALL_DIGITS & ~row_used, v, cost, least);
    for (int i = 0; i < n; i++) {
        int d = rel->digit[cells[i]];
        u[i + 1] = cost[i][d - 1] - v[d];
    }
    row_drops(rel, r, n, cells, cost, u, v);
}

#if defined(__AVX2__) && !defined(BD_PORTABLE)
/* stale_rows below, columns 0..7 of a row in the int32 lanes of one AVX2
 * register (blank, its digit's bit, open to it), column 8 alone; a digit
 * 0 has no bit (a cell not blank when rel was computed: its row's blanks
 * changed). */
static unsigned stale_rows(const bdi_layer_node *node, const bdi_rows *rel)
{
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1);
    unsigned stale = 0;
    for (int r = 0; r < BD_SIZE; r++) {
        const int first = r * BD_SIZE, last = first + BD_SIZE - 1;
        __m256i placed = _mm256_cmpeq_epi32(
            _mm256_loadu_si256((const __m256i *)&node->gain[first]), zero);
        __m256i digit = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)&rel->digit[first]));
        __m256i bit = _mm256_sllv_epi32(one, _mm256_sub_epi32(digit, one));
        __m256i open = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)&node->open[first]));
        __m256i lost = _mm256_andnot_si256(placed, _mm256_cmpeq_epi32(_mm256_and_si256(open, bit), zero));
        unsigned blank = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(placed)) ^ 0xffu;
        bool gone = !_mm256_testz_si256(lost, lost);
        if (node->gain[last]) {
            blank |= 1u << (BD_SIZE - 1);
            gone |= !(node->open[last] & cell_bit(rel->digit[last]));
        }
        if (gone || blank != rel->row_blanks[r])
            stale |= 1u << r;
    }
    return stale;
}
#else
/* The rows whose blanks changed since rel was computed, or whose
 * assignment in rel uses a pair no longer open. */
static unsigned stale_rows(const bdi_layer_node *node, const bdi_rows *rel)
{
    unsigned stale = 0;
    for (int r = 0; r < BD_SIZE; r++) {
        unsigned blank = 0;
        for (int c = 0; c < BD_SIZE; c++) {
            int cell = r * BD_SIZE + c;
            if (node->gain[cell]) {
                blank |= 1u << c;
                if (!(node->open[cell] & digit_bit(rel->digit[cell])))
                    stale |= 1u << r;
            }
        }
        if (blank != rel->row_blanks[r])
            stale |= 1u << r;
    }
    return stale;
}
#endif

/* The lane of sharpen_row's chains that holds digit 9's column (x = 8):
 * its own, 8, or in the AVX2 kernel, when the row misses 9 and some other
 * digit is not missing, that of the first digit not missing (whose column
 * no chain reads), so that the columns read fit in lanes 0..7. */
#if defined(__AVX2__) && !defined(BD_PORTABLE)
static int nine_lane(unsigned miss)
{
    unsigned shut = ~miss & 0xffu;
    return (miss >> 8 & 1u) && shut ? bit_digit(shut) - 1 : 8;
}
#else
static int nine_lane(unsigned miss)
{
    (void)miss;
    return 8;
}
#endif

/* Adds to each blank's own drops the chains that end on its digit: for the
 * blank on digit x (owner[x], x in `miss`), drop[owner[x]][y] += chain[y][x]
 * for every digit y in miss, capped at INT32_MAX (both terms lie in
 * 0..INT32_MAX, so the unsigned sum does not wrap); column x of the chains
 * in lane x, but column 8 in lane `nine` (nine_lane). */
#if defined(__AVX2__) && !defined(BD_PORTABLE)
/* As the portable add_chains below, digits 1..8 of a blank's drops in the
 * lanes of one AVX2 register, column x of the chains by one masked gather
 * (rows of digits not in miss are not read, their lanes add 0); digit 9
 * alone. The entries of the digits not in miss change to other values
 * that are never read. */
static void add_chains(bdi_rows *rel, uint32_t chain[BD_SIZE][BD_SIZE], unsigned miss,
                       const int owner[BD_SIZE], int nine)
{
    const __m256i stride = _mm256_setr_epi32(0, 9, 18, 27, 36, 45, 54, 63);
    const __m256i bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    const __m256i cap = _mm256_set1_epi32(INT32_MAX);
    __m256i in_miss = _mm256_cmpeq_epi32(
        _mm256_and_si256(_mm256_set1_epi32((int32_t)miss), bits), bits);
    for (unsigned on = miss; on; on &= on - 1u) {
        int x = bit_digit(on) - 1, lane = x == 8 ? nine : x;
        int32_t *to = rel->own_drop[owner[x]];
        __m256i column = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(),
                                                     (const int *)&chain[0][lane], stride,
                                                     in_miss, 4);
        __m256i sum = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)to), column);
        _mm256_storeu_si256((__m256i *)to, _mm256_min_epu32(sum, cap));
        if (miss >> 8 & 1u) {
            uint32_t last = (uint32_t)to[8] + chain[8][lane];
            to[8] = (int32_t)(last < INT32_MAX ? last : INT32_MAX);
        }
    }
}
#else
/* nine_lane is 8 here: every column in its own lane. */
static void add_chains(bdi_rows *rel, uint32_t chain[BD_SIZE][BD_SIZE], unsigned miss,
                       const int owner[BD_SIZE], int nine)
{
    (void)nine;
    for (unsigned on = miss; on; on &= on - 1u) {
        int x = bit_digit(on) - 1;
        int32_t *to = rel->own_drop[owner[x]];
        for (unsigned at = miss; at; at &= at - 1u) {
            int y = bit_digit(at) - 1;
            uint32_t sum = (uint32_t)to[y] + chain[y][x];
            to[y] = (int32_t)(sum < INT32_MAX ? sum : INT32_MAX);
        }
    }
}
#endif

/*
 * The shortest chains (Floyd-Warshall over the digits of `miss`, through
 * each k in turn): chain[x][y] = min(chain[x][y], chain[x][k] + chain[k][y])
 * for x, y in miss, column y in lane y but column 8 in lane `nine`
 * (nine_lane). The chains lie in 0..INT32_MAX, and a sum of two fits in 32
 * bits: one from a chain that cannot reach k (INT32_MAX) shortens none,
 * nor does k's own row (its chain to k is 0). Whole rows of lanes: a sum
 * in a lane no chain reads may wrap, and is never read.
 */
#if defined(__AVX2__) && !defined(BD_PORTABLE)
/* As the portable close_chains below; when the columns read fit in lanes
 * 0..7 (all but `miss` of nine digits), a row of chains in one AVX2
 * register, its chain to k broadcast from lane k by a permute, with no
 * test (a sum with INT32_MAX changes no lane read); else lanes 0..7 and
 * lanes 1..8 by two overlapping minima, both loaded before either is
 * stored (lanes 1..7 get the same value twice). */
static void close_chains(uint32_t chain[BD_SIZE][BD_SIZE], unsigned miss, int nine)
{
    if (miss != ALL_DIGITS) {
        for (unsigned via_k = miss; via_k; via_k &= via_k - 1u) {
            int k = bit_digit(via_k) - 1;
            __m256i at = _mm256_set1_epi32(k == 8 ? nine : k);
            __m256i via = _mm256_loadu_si256((const __m256i *)chain[k]);
            for (unsigned on = miss & ~(1u << k); on; on &= on - 1u) {
                __m256i *row = (__m256i *)chain[(unsigned)bit_digit(on) - 1u];
                __m256i cur = _mm256_loadu_si256(row);
                __m256i to_k = _mm256_permutevar8x32_epi32(cur, at);
                _mm256_storeu_si256(row, _mm256_min_epu32(cur, _mm256_add_epi32(to_k, via)));
            }
        }
        return;
    }
    for (unsigned via_k = miss; via_k; via_k &= via_k - 1u) {
        int k = bit_digit(via_k) - 1;
        const uint32_t *via = chain[k];
        for (unsigned on = miss & ~(1u << k); on; on &= on - 1u) {
            uint32_t *row = chain[bit_digit(on) - 1];
            uint32_t to_k = row[k];
            if (to_k == INT32_MAX)
                continue;
            __m256i by = _mm256_set1_epi32((int32_t)to_k);
            __m256i low = _mm256_min_epu32(
                _mm256_loadu_si256((const __m256i *)row),
                _mm256_add_epi32(by, _mm256_loadu_si256((const __m256i *)via)));
            __m256i high = _mm256_min_epu32(
                _mm256_loadu_si256((const __m256i *)(row + 1)),
                _mm256_add_epi32(by, _mm256_loadu_si256((const __m256i *)(via + 1))));
            _mm256_storeu_si256((__m256i *)row, low);
            _mm256_storeu_si256((__m256i *)(row + 1), high);
        }
    }
}
#else
/* row[y] = min(row[y], to_k + via[y]) for y in 0..8, unsigned (row and
 * via are different rows of the chains). */
static OUT_OF_LINE void extend(uint32_t *restrict row, uint32_t to_k,
                               const uint32_t *restrict via)
{
    for (int y = 0; y < BD_SIZE; y++) {
        uint32_t sum = to_k + via[y];
        row[y] = sum < row[y] ? sum : row[y];
    }
}

/* nine_lane is 8 here: every column in its own lane. */
static INLINED void close_chains(uint32_t chain[BD_SIZE][BD_SIZE], unsigned miss, int nine)
{
    (void)nine;
    for (unsigned via_k = miss; via_k; via_k &= via_k - 1u) {
        int k = bit_digit(via_k) - 1;
        for (unsigned on = miss & ~(1u << k); on; on &= on - 1u) {
            int x = bit_digit(on) - 1;
            uint32_t to_k = chain[x][k];
            if (to_k == INT32_MAX)
                continue;
            extend(chain[x], to_k, chain[k]);
        }
    }
}
#endif

/*
 * Row r's reduced costs in rel's own drops (where a solve at this node
 * put them) made exact: for each pair (blank, d)
 * of the row, how much its assignment's profit drops when the blank is
 * forced onto d, under the same prices. Forcing blank i onto the digit of
 * blank j moves j on to another digit, and so on until some blank takes
 * i's digit: the drop is the least sum of reduced costs along such a
 * chain (shortest paths over the row's digits, Floyd-Warshall), which is
 * at least the pair's own reduced cost.
 */
static void sharpen_row(bdi_rows *rel, int r)
{
    /* chain[x][y] for digits x, y the row misses (bit x of miss; x + 1 is
     * the digit of blank owner[x]): the least cost of moving that blank
     * off x, on along blanks, until some blank takes y; a row of the
     * drops (the blank's own digit at 0), column 8 in lane `nine` too
     * (nine_lane), so the entries of the digits the row does not miss hold
     * what drop holds there or column 8's, which no chain reads */
    uint32_t chain[BD_SIZE][BD_SIZE];
    int owner[BD_SIZE];
    unsigned miss = 0;
    for (unsigned on = rel->row_blanks[r]; on; on &= on - 1u) {
        int cell = r * BD_SIZE + bit_digit(on) - 1, x = rel->digit[cell] - 1;
        const int32_t *from = rel->own_drop[cell];
        for (int y = 0; y < BD_SIZE; y++)
            chain[x][y] = (uint32_t)from[y];
        chain[x][x] = 0;
        owner[x] = cell;
        miss |= 1u << x;
    }
    int nine = nine_lane(miss);
    if (nine != 8)
        for (unsigned on = miss; on; on &= on - 1u)
            chain[bit_digit(on) - 1][nine] = chain[bit_digit(on) - 1][8];
    close_chains(chain, miss, nine);
    add_chains(rel, chain, miss, owner, nine);   /* a chain's own column stays 0: none is below 0 */
    rel->sharp |= 1u << r;
}

#if defined(__AVX2__) && !defined(BD_PORTABLE)
/* unit_prices below, digits 1..8 of a unit in the int32 lanes of one AVX2
 * register (the sum of all 2 * 81 prices within +-PRICE_LIMIT fits in
 * int32), digit 9 alone. */
static int64_t unit_prices(unsigned used[UNIT_KINDS][BD_SIZE], const bdi_rows *rel)
{
    const __m256i bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    __m256i sum = _mm256_setzero_si256();
    int32_t last = 0;
    for (int u = 0; u < BD_SIZE; u++) {
        unsigned col = used[UNIT_COL][u], box = used[UNIT_BOX][u];
        __m256i free_col = _mm256_cmpeq_epi32(
            _mm256_and_si256(_mm256_set1_epi32((int32_t)col), bits), _mm256_setzero_si256());
        __m256i free_box = _mm256_cmpeq_epi32(
            _mm256_and_si256(_mm256_set1_epi32((int32_t)box), bits), _mm256_setzero_si256());
        sum = _mm256_add_epi32(sum, _mm256_and_si256(free_col, _mm256_loadu_si256(
                                                                   (const __m256i *)rel->col[u])));
        sum = _mm256_add_epi32(sum, _mm256_and_si256(free_box, _mm256_loadu_si256(
                                                                   (const __m256i *)rel->box[u])));
        last += (col >> 8 & 1u) ? 0 : rel->col[u][8];
        last += (box >> 8 & 1u) ? 0 : rel->box[u][8];
    }
    __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4e));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0xb1));
    return (int64_t)_mm_cvtsi128_si32(half) + last;
}
#else
/* The sum of rel's prices of the digits each column and box misses (not
 * in `used`, units_of). */
static int64_t unit_prices(unsigned used[UNIT_KINDS][BD_SIZE], const bdi_rows *rel)
{
    int64_t total = 0;
    for (int u = 0; u < BD_SIZE; u++) {
        for (int k = 0; k < BD_SIZE; k++) {
            total += (used[UNIT_COL][u] >> k & 1u) ? 0 : rel->col[u][k];
            total += (used[UNIT_BOX][u] >> k & 1u) ? 0 : rel->box[u][k];
        }
    }
    return total;
}
#endif

/* L under rel's prices at the node (whose units hold the digits `used`
 * and whose rows the blanks `blanks`, units_of), into rel->value;
 * re-solves the rows in `stale` (their drops too with `drops`) and keeps
 * the others' results. */
static void evaluate(const bdi_layer_node *node, unsigned used[UNIT_KINDS][BD_SIZE],
                     const unsigned blanks[BD_SIZE], bdi_rows *rel, unsigned stale, bool warm,
                     bool drops)
{
    int64_t total = 0;
    for (int r = 0; r < BD_SIZE; r++) {
        if (stale & (1u << r)) {
            rel->row_value[r] = solve_row(node, used[UNIT_ROW][r], blanks[r], r, rel, warm, drops);
            rel->sharp &= ~(1u << r);
            rel->row_blanks[r] = blanks[r];
        }
        if (rel->row_value[r] == BDI_LAYER_INFEASIBLE) {
            rel->value = BDI_LAYER_INFEASIBLE;
            return;
        }
        total += rel->row_value[r];
    }
    rel->value = total + unit_prices(used, rel);
}

/* Adds to gcol[column][d - 1] and gbox[box][d - 1] one for each blank of
 * the node that takes digit d in rel. */
static void count_digits(const bdi_layer_node *node, const bdi_rows *rel,
                         int gcol[BD_SIZE][BD_SIZE], int gbox[BD_SIZE][BD_SIZE])
{
    for (int r = 0; r < BD_SIZE; r++) {
        int (*band)[BD_SIZE] = gbox + r / BD_BOX * BD_BOX;
        for (int c = 0; c < BD_SIZE; c++) {
            int cell = r * BD_SIZE + c;
            if (!node->gain[cell])
                continue;
            int k = rel->digit[cell] - 1;
            gcol[c][k]++;
            band[c / BD_BOX][k]++;
        }
    }
}

#if defined(__AVX2__) && !defined(BD_PORTABLE)
/* subgradient below, digits 1..8 of a unit in the int32 lanes of one AVX2
 * register (-1 where the unit's set lacks the digit's bit: a compare with
 * zero), digit 9 alone; the squares summed in lanes (each at most 81). */
static int64_t subgradient(const bdi_layer_node *node, unsigned used[UNIT_KINDS][BD_SIZE],
                           const bdi_rows *rel, int gcol[BD_SIZE][BD_SIZE],
                           int gbox[BD_SIZE][BD_SIZE])
{
    const __m256i bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    const __m256i zero = _mm256_setzero_si256();
    for (int u = 0; u < BD_SIZE; u++) {
        unsigned col = used[UNIT_COL][u], box = used[UNIT_BOX][u];
        __m256i col_has = _mm256_and_si256(_mm256_set1_epi32((int)col), bits);
        __m256i box_has = _mm256_and_si256(_mm256_set1_epi32((int)box), bits);
        _mm256_storeu_si256((__m256i *)gcol[u], _mm256_cmpeq_epi32(col_has, zero));
        _mm256_storeu_si256((__m256i *)gbox[u], _mm256_cmpeq_epi32(box_has, zero));
        gcol[u][8] = (int)(col >> 8 & 1u) - 1;
        gbox[u][8] = (int)(box >> 8 & 1u) - 1;
    }
    count_digits(node, rel, gcol, gbox);
    __m256i sum = zero;
    int64_t norm = 0;
    for (int u = 0; u < BD_SIZE; u++) {
        __m256i c = _mm256_loadu_si256((const __m256i *)gcol[u]);
        __m256i b = _mm256_loadu_si256((const __m256i *)gbox[u]);
        sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(c, c));
        sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(b, b));
        norm += gcol[u][8] * gcol[u][8] + gbox[u][8] * gbox[u][8];
    }
    __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4e));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0xb1));
    return norm + _mm_cvtsi128_si32(half);
}
#else
/* The subgradient of L: how many times each column (box) takes each of
 * its missing digits (not in `used`, units_of) in rel, minus one.
 * Returns the squared norm. */
static int64_t subgradient(const bdi_layer_node *node, unsigned used[UNIT_KINDS][BD_SIZE],
                           const bdi_rows *rel, int gcol[BD_SIZE][BD_SIZE],
                           int gbox[BD_SIZE][BD_SIZE])
{
    for (int u = 0; u < BD_SIZE; u++) {
        for (int k = 0; k < BD_SIZE; k++) {
            gcol[u][k] = (int)(used[UNIT_COL][u] >> k & 1u) - 1;
            gbox[u][k] = (int)(used[UNIT_BOX][u] >> k & 1u) - 1;
        }
    }
    count_digits(node, rel, gcol, gbox);
    int64_t norm = 0;
    for (int u = 0; u < BD_SIZE; u++)
        for (int k = 0; k < BD_SIZE; k++)
            norm += gcol[u][k] * gcol[u][k] + gbox[u][k] * gbox[u][k];
    return norm;
}
#endif

/* One subgradient step of `step` (1/SCALE points per unit of g, at most
 * 3/2 * MAX_GAP: every g is within -1..8, so a price plus its move stays
 * far inside int32), each price brought back within +-PRICE_LIMIT. */
static void step_prices(bdi_rows *rel, int64_t step, int gcol[BD_SIZE][BD_SIZE],
                        int gbox[BD_SIZE][BD_SIZE])
{
    int32_t by = (int32_t)step;
    for (int u = 0; u < BD_SIZE; u++) {
        for (int k = 0; k < BD_SIZE; k++) {
            int32_t col = rel->col[u][k] + by * gcol[u][k];
            int32_t box = rel->box[u][k] + by * gbox[u][k];
            col = col < PRICE_LIMIT ? col : PRICE_LIMIT;
            box = box < PRICE_LIMIT ? box : PRICE_LIMIT;
            rel->col[u][k] = col > -PRICE_LIMIT ? col : -PRICE_LIMIT;
            rel->box[u][k] = box > -PRICE_LIMIT ? box : -PRICE_LIMIT;
        }
    }
}

int64_t ROWS_KERNEL(bdi_rows_solve)(const bdi_layer_node *node, bdi_rows *rel, bool all)
{
    unsigned used[UNIT_KINDS][BD_SIZE], blanks[BD_SIZE];
    units_of(node, used, blanks);
    evaluate(node, used, blanks, rel, all ? (1u << BD_SIZE) - 1u : stale_rows(node, rel), !all,
             true);
    return rel->value;
}

void ROWS_KERNEL(bdi_rows_sharpen)(bdi_rows *rel)
{
    for (int r = 0; r < BD_SIZE; r++)
        if (!(rel->sharp & (1u << r)) && rel->row_value[r] != BDI_LAYER_INFEASIBLE)
            sharpen_row(rel, r);
}

/* All of `from` but its storage of drops into `to`. */
static void copy_head(bdi_rows *to, const bdi_rows *from)
{
    memcpy(to, from, offsetof(bdi_rows, own_drop));
}

/* bdi_rows_descend's steps, at the node whose units hold `used` and whose
 * rows the blanks `blanks` (units_of); sets
 * *moved when rel took a step's rows, whose drops are not made (the steps
 * never read them). */
static bdi_rows_status take_steps(const bdi_layer_node *node, unsigned used[UNIT_KINDS][BD_SIZE],
                                  const unsigned blanks[BD_SIZE], bdi_rows *rel,
                                  const bdi_rows_steps *steps, bool *moved)
{
    bdi_rows trial;   /* its drops are rel's: no step makes any */
    copy_head(&trial, rel);
    int gcol[BD_SIZE][BD_SIZE], gbox[BD_SIZE][BD_SIZE];
    int64_t lambda = SCALE * 3 / 2, floor_bound = rel->value / SCALE;
    int stall = 0, since_floor = 0;
    for (int it = 0; it < steps->iterations && lambda > 0 && since_floor < steps->patience; it++) {
        if (steps->budget && bdi_budget_expired(steps->budget))
            return BDI_ROWS_OPEN;
        int64_t norm = subgradient(node, used, &trial, gcol, gbox);
        if (norm == 0) {
            copy_head(rel, &trial);
            *moved = true;
            return BDI_ROWS_SOLVED;
        }
        int64_t gap = trial.value - steps->need + steps->aim_below;
        int64_t step = lambda * (gap < MAX_GAP ? gap : MAX_GAP) / (SCALE * norm);
        step_prices(&trial, step > 0 ? step : 1, gcol, gbox);
        evaluate(node, used, blanks, &trial, (1u << BD_SIZE) - 1u, true, false);
        if (trial.value == BDI_LAYER_INFEASIBLE || trial.value < steps->need) {
            copy_head(rel, &trial);
            *moved = true;
            return BDI_ROWS_BELOW;
        }
        since_floor++;
        if (trial.value / SCALE < floor_bound) {
            floor_bound = trial.value / SCALE;
            since_floor = 0;
        }
        if (trial.value < rel->value) {
            copy_head(rel, &trial);
            *moved = true;
            stall = 0;
        } else if (++stall >= steps->stall) {
            lambda /= 2;
            stall = 0;
        }
    }
    return BDI_ROWS_OPEN;
}

bdi_rows_status ROWS_KERNEL(bdi_rows_descend)(const bdi_layer_node *node, bdi_rows *rel,
                                              const bdi_rows_steps *steps)
{
    unsigned used[UNIT_KINDS][BD_SIZE], blanks[BD_SIZE];   /* the node's, for every step */
    units_of(node, used, blanks);
    bool moved = false;
    bdi_rows_status status = take_steps(node, used, blanks, rel, steps, &moved);
    if (moved && rel->value != BDI_LAYER_INFEASIBLE)
        for (int r = 0; r < BD_SIZE; r++)
            fill_drops(node, used[UNIT_ROW][r], blanks[r], r, rel);
    return status;
}

#ifndef ROWS_KERNEL_ONLY
void bdi_rows_clear(bdi_rows *rel)
{
    memset(rel, 0, sizeof *rel);
    for (int r = 0; r < BD_SIZE; r++)
        point_own(rel, r);
}

void bdi_rows_inherit(bdi_rows *rel, const bdi_rows *parent)
{
    copy_head(rel, parent);
}

#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
/* The entries below run the AVX2 kernel where bdi_fast_wide says so
 * (src/engine/fast/dispatch.c: BITDOKU_ISA and the processor, as for
 * rows_avx2.c's flags), else the portable one: the same results. */
int64_t bdi_rows_solve(const bdi_layer_node *node, bdi_rows *rel, bool all)
{
    if (bdi_fast_wide())
        return bdi_rows_solve_avx2(node, rel, all);
    return bdi_rows_solve_base(node, rel, all);
}

void bdi_rows_sharpen(bdi_rows *rel)
{
    if (bdi_fast_wide())
        bdi_rows_sharpen_avx2(rel);
    else
        bdi_rows_sharpen_base(rel);
}

bdi_rows_status bdi_rows_descend(const bdi_layer_node *node, bdi_rows *rel,
                                 const bdi_rows_steps *steps)
{
    if (bdi_fast_wide())
        return bdi_rows_descend_avx2(node, rel, steps);
    return bdi_rows_descend_base(node, rel, steps);
}
#else
/* The entries below run the portable kernel, the only one built. */
int64_t bdi_rows_solve(const bdi_layer_node *node, bdi_rows *rel, bool all)
{
    return bdi_rows_solve_base(node, rel, all);
}

void bdi_rows_sharpen(bdi_rows *rel)
{
    bdi_rows_sharpen_base(rel);
}

bdi_rows_status bdi_rows_descend(const bdi_layer_node *node, bdi_rows *rel,
                                 const bdi_rows_steps *steps)
{
    return bdi_rows_descend_base(node, rel, steps);
}
#endif
#endif /* ROWS_KERNEL_ONLY */
