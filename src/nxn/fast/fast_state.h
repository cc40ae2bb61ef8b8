/*
 * fast_state.h - the bit-parallel N x N engine's state and the small steps
 * that every kernel shares: the geometry, the rules by board size, a search
 * level's words and their layout, claiming a placed digit's units, the
 * folds of the digits' words, clearing places. Static functions only: it is
 * the bottom of the engine's headers (fast.h lists them), included through
 * fast_place.h, fast_rows.h or fast_bands.h by the kernels fast16.c,
 * fast32.c, fast64.c, fast4x4.c and fast5x5.c (and, through those,
 * fast4x4_avx2.c and fast5x5_avx2.c). The includer defines `colset`, the
 * unsigned type of a word (a set of columns), and may fix the geometry
 * (FAST_N, FAST_R, FAST_C); fast_bands.h defines BAND_WORDS first.
 *
 * Representation ("digit x row"). For each digit d (0..N-1, the value
 * d + 1) and row r, one word P[d][r] holds the columns of row r where d
 * may still go, bit c for column c. A placed digit keeps its own bit and
 * loses the rest of its row, its column and its box, so in a consistent
 * state every row, column and box holds at least one bit of every digit,
 * and a unit with exactly one bit has the digit fixed there. A word per
 * row marks the cells not yet placed ("open"). The state of one search
 * level is these N * N + 2 N words (N * N + 5 N from PLACED_FROM up),
 * a count of open cells, the digits whose words changed since their last
 * scan ("dirty"), for each digit the boxes (bit b for box b: band b / R,
 * stack b % R, so N bits) where its words changed since they were last
 * scanned, and from PLACED_FROM up (not on band words) the columns and
 * the boxes where it is placed:
 *
 *     w[d * N + r]        P[d][r], d, r in 0..N-1
 *     w[N * N + r]        open[r]
 *     w[N * N + N + d]    the changed boxes of digit d (on band words,
 *                         fast_bands.h: row d's cells with two candidates at
 *                         the last naked pairs' search)
 *     w[N * N + 2 N + 2 d]      the columns where d is placed, and
 *     w[N * N + 2 N + 2 d + 1]  its boxes (placed_at)
 *     w[N * N + 4 N + r]  from PLACED_FROM up, row r's cells with two
 *                         candidates at the last naked pairs' search
 *                         (paired_at)
 *
 * A box is R consecutive rows (a band) times C consecutive columns (a
 * stack): within one row word, a box is the stack's C bits.
 */
#ifndef BITDOKU_NXN_FAST_STATE_H
#define BITDOKU_NXN_FAST_STATE_H

#include "nxn/nxn.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Marks a function that the compiler should keep out of line (GNU C);
 * elsewhere, nothing. */
#if defined(__GNUC__)
#define OUT_OF_LINE __attribute__((noinline))
#else
#define OUT_OF_LINE
#endif

/* The geometry's numbers: the includer's FAST_N, FAST_R and FAST_C (N,
 * a box's rows and its columns) when it fixes them at compile time, so
 * that the compiler unrolls the loops over rows, digits and bands; else
 * the run-time ones of the geo. There are as many stacks as a box has
 * rows. */
#ifdef FAST_N
#define FIXED_GEOMETRY 1
#define GEO_N(g) ((void)(g), FAST_N)
#define GEO_R(g) ((void)(g), FAST_R)
#define GEO_C(g) ((void)(g), FAST_C)
#else
#define FIXED_GEOMETRY 0
#define GEO_N(g) ((g)->n)
#define GEO_R(g) ((g)->box_rows)
#define GEO_C(g) ((g)->box_cols)
#endif
/* Whether the words are read as band words (fast_bands.h, which defines
 * it as 1 before it includes this header): 0 for the row-word kernels. */
#ifndef BAND_WORDS
#define BAND_WORDS 0
#endif

enum {
    LOCAL_BYTES = 16384,
    PLACES_FROM = 25,    /* the board size from which pick_cell breaks ties by places */
    PAIRS_FROM = 12,     /* the board size from which a stalled propagation looks for naked pairs */
    HIDDEN_PAIRS_FROM = 25,  /* and for hidden pairs */
    WEIGHTS_FROM = 10,       /* the board size from which pick_cell weighs units by their failures */
    EXACT_BANDS_FROM = 20,   /* the board size from which claim marks only the boxes it changed */
    ROW_TESTS_FROM = 8,      /* the board size from which the singles' loops test all rows first */
    PAIR_DIGITS_FROM = 20,   /* the board size from which naked_pairs finds each row's pair digits first */
    PLACED_FROM = 20,        /* the board size from which a state keeps where each digit is placed,
                                and the cells the last naked pairs' search found with two candidates */
    HALVE_EVERY = 64         /* the failures blamed between two halvings of every weight */
};

/* The geometry in the words of this width. */
typedef struct geo {
    int box_rows, box_cols, n;              /* a box's rows and columns (the stacks: box_rows) */
    colset full;                            /* the N columns */
    colset band_boxes[BD_BOARD_MAX];        /* the boxes of row r's band (bit b R + t) */
    colset stack_boxes[BD_BOARD_MAX];       /* the boxes of column c's stack, in every band (box_bit) */
    colset stack_of_col[BD_BOARD_MAX];      /* the columns of column c's stack */
    colset stack_mask[BD_BOARD_MAX];        /* the columns of stack t */
    colset bit[BD_BOARD_MAX];               /* col_bit(i), i < N: loaded, not shifted, by
                                               a vector loop (SSE2 has no shift by lane) */
    uint8_t box_top[BD_BOARD_MAX];          /* box b's first row, box_left its first column */
    uint8_t box_left[BD_BOARD_MAX];
    uint8_t in_box_row[BD_BOARD_MAX];       /* a box's cell i (reading order): its row in the */
    uint8_t in_box_col[BD_BOARD_MAX];       /* box, and its column; looked up, not divided */
} geo;

/* The rules and choices by board size, constants where the includer
 * fixes the geometry, so that the compiler drops what a size does not
 * use. pick_cell's tie-break by candidate places: N >= PLACES_FROM (known
 * at compile time where the words are too narrow for such N). */
static inline bool by_places(const geo *g)
{
    return sizeof(colset) * CHAR_BIT >= PLACES_FROM && GEO_N(g) >= PLACES_FROM;
}

/* Naked pairs at a stall: N >= PAIRS_FROM. */
static inline bool pairs(const geo *g)
{
    return GEO_N(g) >= PAIRS_FROM;
}

/* Hidden pairs too: N >= HIDDEN_PAIRS_FROM (known at compile time where
 * the words are too narrow for such N). */
static inline bool finds_hidden_pairs(const geo *g)
{
    return sizeof(colset) * CHAR_BIT >= HIDDEN_PAIRS_FROM && GEO_N(g) >= HIDDEN_PAIRS_FROM;
}

/* Failures weigh units: N >= WEIGHTS_FROM. */
static inline bool weighted(const geo *g)
{
    return GEO_N(g) >= WEIGHTS_FROM;
}

/* The open cells of each row, of each column within each band, and of
 * each box (at most 64 each), counted once for a choice of the cell to
 * guess on. */
typedef struct open_counts {
    uint8_t rows[BD_BOARD_MAX];
    uint8_t cols[BD_BOARD_MAX];
    uint8_t band_cols[BD_BOARD_MAX][BD_BOARD_MAX];   /* [band][column] */
    uint8_t boxes[BD_BOARD_MAX][BD_BOARD_MAX];       /* [band][stack] */
} open_counts;

/* One search level. */
typedef struct state {
    uint64_t dirty;    /* digits changed since their last scan (bit d) */
    uint64_t touched;  /* digits changed since hidden_pairs last found nothing */
    uint64_t stale;    /* digits changed since hidden_pairs last made their sets */
    int64_t open_count;
    colset w[];          /* P, then open (above) */
} state;

/* A search level's guess (search): the cell, the digits still to try
 * there, and where the trail stood before the branch taken below it (the
 * kept sets and keys given back when that branch ends, restore_kept). */
typedef struct guess {
    uint64_t digits;
    size_t mark;
    int r, c;
} guess;

typedef struct ctx {
    geo g;
    size_t stride;               /* bytes per level */
    unsigned char *levels;       /* `capacity` levels */
    int capacity;
    bool on_heap;                /* levels is malloc'ed (else it is `local`) */
    bdi_budget own, *budget;
    uint64_t guesses;
    bool stop, nomem;
    nxn_visitor *visitor;
    nxn_pick_fn pick;
    void *pick_context;
    /* from HIDDEN_PAIRS_FROM up, each digit's kept sets and keys
     * (kept_bytes): those of the level being searched, made at the level
     * made_at[d] or above; the trail holds (save_kept) those of the
     * levels above that the levels below made again */
    unsigned char *kept;
    int made_at[BD_BOARD_MAX];
    unsigned char *trail;
    size_t trail_used, trail_size;
    open_counts counts;          /* pick_cell's scratch */
    colset folds[3][BD_BOARD_MAX];   /* naked_pairs' folds, for pick_cell at the same level */
    colset two[BD_BOARD_MAX];    /* settle's scratch: the open cells with two candidates */
    /* the failures blamed on each unit (blame): rows 0..N-1, columns
     * N..2N-1, boxes 2N..3N-1 (box b: band b / R, stack b % R), and in
     * all; a task's weights are copied in and back out whole */
    nxn_weights weights;
    union {
        uint64_t align;
        unsigned char bytes[LOCAL_BYTES];
    } local;
} ctx;

/* The columns of stack t, made from the geometry: a constant where it
 * is fixed (once the loop over t is unrolled), not a load of the geo's
 * table. */
static inline colset stack_columns(const geo *g, int t)
{
    return (colset)(nxn_all_values(GEO_C(g)) << (t * GEO_C(g)));
}

/* Marks the digits `digits` (bit d) changed: dirty for their next scan,
 * and from HIDDEN_PAIRS_FROM up touched and stale for hidden_pairs. */
static inline void mark_changed(const geo *g, state *s, uint64_t digits)
{
    s->dirty |= digits;
    if (finds_hidden_pairs(g)) {
        s->touched |= digits;
        s->stale |= digits;
    }
}

/* The bit of column c. */
static inline colset col_bit(int c)
{
    return (colset)((colset)1u << c);
}

/* `bit` when `yes` (0 or 1) is 1, else 0: no branch, so that a loop over
 * the rows or digits building a mask of them vectorizes. */
static inline colset bit_if(colset bit, colset yes)
{
    return (colset)(bit & (colset)(0u - yes));
}

/* True when a non-zero word has one bit. */
static inline bool one_bit(colset x)
{
    return !(x & (colset)(x - 1u));
}

/* The changed boxes of digit d (on row words; fast_bands.h reads the
 * word otherwise). */
static inline colset *changed_boxes_of(const geo *g, state *s, int d)
{
    return s->w + (size_t)GEO_N(g) * (size_t)GEO_N(g) + (size_t)GEO_N(g) + (size_t)d;
}

/* The bytes of `bytes` rounded up to 8. */
static inline size_t round8(size_t bytes)
{
    return (bytes + 7u) / 8u * 8u;
}

/* Whether a state keeps the columns and boxes where each digit is placed
 * (placed_at): off band words, N >= PLACED_FROM (known at compile time
 * where the words are too narrow for such N). Below, the scans find them
 * on the words, where that costs less than their upkeep. */
static inline bool keeps_placed_n(int n)
{
    return !BAND_WORDS && sizeof(colset) * CHAR_BIT >= PLACED_FROM && n >= PLACED_FROM;
}

/* keeps_placed_n of the geometry's N. */
static inline bool keeps_placed(const geo *g)
{
    return keeps_placed_n(GEO_N(g));
}

/* The words of a state on boards of N = n (the file comment). */
static inline size_t state_words(int n)
{
    return (size_t)n * (size_t)n + (keeps_placed_n(n) ? 5u : 2u) * (size_t)n;
}

/* The bytes of a state on boards of N = n: its fields and its words,
 * rounded up to 8 (the kept sets and keys are not in it, save_kept). */
static inline size_t state_bytes(int n)
{
    return round8(sizeof(state) + state_words(n) * sizeof(colset));
}

/* Where the state keeps them (keeps_placed), the index in its words of
 * the columns where digit d is placed; its boxes (bit b for box b)
 * follow. */
static inline size_t placed_at(const geo *g, int d)
{
    return (size_t)GEO_N(g) * (size_t)GEO_N(g) + 2u * (size_t)GEO_N(g) + 2u * (size_t)d;
}

/* Where the state keeps them (keeps_placed), the index in its words of
 * row 0's cells with two candidates at the last naked pairs' search on
 * it or an ancestor (naked_pairs); the other rows' follow. */
static inline size_t paired_at(const geo *g)
{
    return (size_t)GEO_N(g) * (size_t)GEO_N(g) + 4u * (size_t)GEO_N(g);
}

/* The bytes of one search level on boards of N = n: a state, then the
 * level's guess. */
static inline size_t level_bytes(int n)
{
    return state_bytes(n) + sizeof(guess);
}

/* The state of level `level` in the search's buffer. */
static inline state *level_state(ctx *x, int level)
{
    return (state *)(void *)(x->levels + (size_t)level * x->stride);
}

/* The guess of level `level`, after its state. */
static inline guess *level_guess(ctx *x, int level)
{
    return (guess *)(void *)(x->levels + (size_t)level * x->stride + state_bytes(GEO_N(&x->g)));
}

/* Makes room for level `level`; false (x->nomem set) when memory ran
 * out. */
static bool ensure_level(ctx *x, int level)
{
    if (level < x->capacity)
        return true;
    int capacity = x->capacity * 4 > level + 1 ? x->capacity * 4 : level + 1;
    unsigned char *grown = x->on_heap ? realloc(x->levels, (size_t)capacity * x->stride)
                                      : malloc((size_t)capacity * x->stride);
    if (!grown) {
        x->nomem = x->stop = true;
        return false;
    }
    if (!x->on_heap)
        memcpy(grown, x->levels, (size_t)x->capacity * x->stride);
    x->levels = grown;
    x->on_heap = true;
    x->capacity = capacity;
    return true;
}

/* The bit of the box of cell (r, c) among a digit's changed boxes
 * (changed_boxes_of): worked out where the geometry is fixed (the divisions are
 * by constants), else looked up, not divided. */
static inline colset box_bit(const geo *g, int r, int c)
{
    if (FIXED_GEOMETRY)
        return col_bit(r - r % GEO_R(g) + c / GEO_C(g));
    return g->band_boxes[r] & g->stack_boxes[c];
}

/* Whether claim marks only the boxes it changed: N >= EXACT_BANDS_FROM
 * (known at compile time where the words are too narrow for such N). */
static inline bool exact_bands(const geo *g)
{
    return sizeof(colset) * CHAR_BIT >= EXACT_BANDS_FROM && GEO_N(g) >= EXACT_BANDS_FROM;
}

/* Takes digit d out of its column and box, but at (r, c), where its row
 * is set to that one cell; the cell is closed. The digit is marked
 * changed, and so are its boxes: all of them, or from EXACT_BANDS_FROM
 * up those where its words may have changed (those of column c holding
 * it, and those of row r's band). */
static inline void claim(const geo *g, state *s, int d, int r, int c)
{
    int n = GEO_N(g);
    colset *pd = s->w + (size_t)d * (size_t)n;
    colset keep = (colset)~col_bit(c), column = 0;
    if (exact_bands(g))
        for (int top = 0; top < n; top += GEO_R(g)) {   /* the boxes where column c has d */
            colset rows = 0;
            for (int row = top; row < top + GEO_R(g); row++)
                rows |= pd[row];
            column |= (colset)(((rows >> c) & 1u) << (top + c / GEO_C(g)));
        }
    for (int row = 0; row < n; row++)
        pd[row] &= keep;
    int top = r - r % GEO_R(g);
    colset box_keep = (colset)~g->stack_of_col[c];
    for (int row = top; row < top + GEO_R(g); row++)
        pd[row] &= box_keep;
    pd[r] = col_bit(c);
    s->w[(size_t)n * (size_t)n + (size_t)r] &= keep;
    s->open_count--;
    mark_changed(g, s, UINT64_C(1) << d);
    if (BAND_WORDS)
        return;   /* the scan reads every band */
    if (keeps_placed(g)) {
        colset *placed = s->w + placed_at(g, d);
        placed[0] |= col_bit(c);
        placed[1] |= box_bit(g, r, c);
    }
    if (exact_bands(g))
        *changed_boxes_of(g, s, d) |= (colset)(column | g->band_boxes[r]);
    else
        *changed_boxes_of(g, s, d) = g->full;
}

enum { FOLD_MAX = 5 };   /* the most levels fold_counts gives */

/* The cells of each row that k + 1 or more digits see, into seen[k][r]
 * for k < `levels` (at most FOLD_MAX). The inner loop runs along the rows
 * of one digit, which lie next to each other, so that the compiler can
 * take several rows at once. */
static inline void fold_counts(const geo *g, const state *s, int levels,
                               colset seen[][BD_BOARD_MAX])
{
    int n = GEO_N(g);
    for (int k = 0; k < levels; k++)
        memset(seen[k], 0, sizeof seen[k][0] * (size_t)n);
    for (int d = 0; d < n; d++) {
        const colset *pd = s->w + (size_t)d * (size_t)n;
        for (int r = 0; r < n; r++) {
            for (int k = levels - 1; k > 0; k--)
                seen[k][r] |= seen[k - 1][r] & pd[r];
            seen[0][r] |= pd[r];
        }
    }
}

/* The candidates of open cell (r, c) as a mask of digit bits. */
static uint64_t cell_digits(const geo *g, const state *s, int r, int c)
{
    uint64_t digits = 0;
    for (int d = 0; d < GEO_N(g); d++)
        digits |= (uint64_t)((s->w[(size_t)d * (size_t)GEO_N(g) + (size_t)r] >> c) & 1u) << d;
    return digits;
}

/* Clears the columns `cols` from digit d's word of row r, marking the
 * digit and the boxes of the row's band changed when it had any of them;
 * whether it did. */
static inline bool clear_places(const geo *g, state *s, int d, int r, colset cols)
{
    colset *w = s->w + (size_t)d * (size_t)GEO_N(g) + (size_t)r;
    if (!(*w & cols))
        return false;
    *w &= (colset)~cols;
    mark_changed(g, s, UINT64_C(1) << d);
    if (!BAND_WORDS)
        *changed_boxes_of(g, s, d) |= g->band_boxes[r];
    return true;
}

/* The rows (bit r) where digit words pd have column c. No branch: the
 * compiler takes several rows at once. */
static inline colset column_rows(const geo *g, const colset *pd, int c)
{
    colset rows = 0;
    for (int r = 0; r < GEO_N(g); r++)
        rows |= bit_if(g->bit[r], (colset)((pd[r] >> c) & 1u));
    return rows;
}

#endif /* BITDOKU_NXN_FAST_STATE_H */
