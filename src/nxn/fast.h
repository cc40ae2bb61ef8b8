/*
 * fast.h - the N x N family's bit-parallel engine, written once and
 * compiled into fast16.c, fast32.c and fast64.c, each for words of its
 * width (N <= 16, 32, 64); fast.c picks the narrowest that holds a row.
 * It defines static functions: no file but those includes it. The
 * includer defines `colset`, the unsigned type of a word (a set of columns) and then
 * its entry, which returns enumerate().
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
 * scan ("dirty"), for each digit the bands (bit b for the band of rows
 * b R .. b R + R - 1, so at most N bits) where its words changed since
 * its boxes there were last scanned, and from PLACED_FROM up (not on
 * band words) the columns and the boxes (box b: band b / R, stack b % R)
 * where it is placed:
 *
 *     w[d * N + r]        P[d][r], d, r in 0..N-1
 *     w[N * N + r]        open[r]
 *     w[N * N + N + d]    the changed bands of digit d (on band words,
 *                         below: row d's cells with two candidates at
 *                         the last naked pairs' search)
 *     w[N * N + 2 N + 2 d]      the columns where d is placed, and
 *     w[N * N + 2 N + 2 d + 1]  its boxes (placed_at)
 *     w[N * N + 4 N + r]  from PLACED_FROM up, row r's cells with two
 *                         candidates at the last naked pairs' search
 *                         (paired_at)
 *
 * A box is R consecutive rows (a band) times C consecutive columns (a
 * stack): within one row word, a box is the stack's C bits.
 *
 * Propagation, repeated until nothing changes:
 *  - naked singles, row by row: two accumulators over the N digits give
 *    the open cells seen once and seen twice or more; an open cell seen
 *    never is a contradiction, one seen once is placed with the digit
 *    whose word has it. Repeated alone until it finds nothing;
 *  - then, for each dirty digit, its units: a row word with one bit, a
 *    column seen in one row only (accumulators over the rows), a box
 *    whose stack bits are seen in one row and one column of its band
 *    (accumulators over the band's rows; only the digit's changed
 *    bands, as a box's rules read its band's words alone and a change
 *    of those words marks the band; below EXACT_BANDS_FROM placing a
 *    digit marks all its bands, so that the bands still to scan in the
 *    same pass are all scanned, from there up only those whose words
 *    it changed): each such cell, if open, is a
 *    hidden single; a unit without a bit is a contradiction. And locked
 *    candidates: when a box's places for d lie in one row (or one
 *    column), d leaves the rest of that row (column); when a row's places
 *    lie in one box, d leaves the box's other rows; when a column's
 *    places lie in one band, d leaves the box's other columns there.
 *
 * On 16 x 16 boards of 4 x 4 boxes (fast4x4.c, BAND_WORDS) a digit's
 * scan reads its four bands as 64-bit words, a band's four row words
 * side by side, and finds the same rules by word operations on all of a
 * band's cells at once: rows with one place by a subtraction in each
 * 16-bit lane, boxes with one place or in one row or column from the
 * band's columns seen once and twice taken four bits (a stack) at a time,
 * every band each time (the changed bands are not consulted). Its hidden
 * singles are all found on the words as they are before any is placed;
 * its locked candidates run only when a test on those words says one
 * would remove a place. The changed bands are then neither kept nor
 * read (their words hold the naked pairs' cells, below). The boxes'
 * tests take a digit's four bands at once: their columns seen once and
 * twice are the lanes of two words, and whether any locked candidates
 * would fire is tested on one word holding each row's stacks of every
 * band. Naked singles and naked pairs fold the
 * digits on band words too (eight and twelve words; the naked singles'
 * four bands a vector where the compiler has GNU vectors), and a band's
 * naked singles are placed digit by digit. Naked pairs are looked for
 * only with a cell that has two candidates now and had more at the last
 * search for them on this state or an ancestor (naked_pairs_bands says
 * why the other pairs clear nothing); the cells with two candidates at
 * that search are kept in the words of the changed bands.
 * At the search's level 0 alone (the root, and the last digit tried at
 * each guess made there, where a deduction serves the whole rest of the
 * search), a stall with no naked pair then looks for hidden pairs in rows
 * and boxes (hidden_pairs_bands); at every level, and at levels 0 and 1
 * alone, they cost more than the nodes they save.
 *
 * On boards from 12 x 12 up (PAIRS_FROM), a stalled propagation then
 * looks for naked pairs: the open cells with exactly two candidates (by
 * accumulators over the digits), put in buckets by their lower digit; two
 * in one bucket with the same digits that share a row, a column or a box
 * take both digits from the rest of it, and propagation starts again.
 * From 25 x 25 up (HIDDEN_PAIRS_FROM), when there are none, hidden pairs:
 * each digit with exactly two places in a row, a column or a box gives
 * the two cells as a key; two digits with one key leave those cells no
 * other candidate (skipped when both cells hold the two alone already).
 * When there are none, hidden triples: three digits whose places in one
 * unit lie in the same three cells leave those cells no other candidate.
 * Each digit's units with two or three places ("sets", the keys made
 * from them) are kept and made again only when its words changed; only
 * pairs and triples with a digit changed since the last search that
 * found neither are looked for ("touched" digits). They are kept once
 * for the whole search, not in each level: a level that makes a digit's
 * sets again first saves those a level above made on a trail (by their
 * counts, most of the room for 3 N sets a digit unused), and they are
 * given back when the search returns to that level, so that a level
 * costs its words alone (35 kB on 64 x 64, against 194 kB with the room
 * for the sets and keys in each level).
 *
 * Search. When propagation stalls, the engine guesses on an open cell
 * with fewest candidates (counted by accumulators up to four, exactly
 * beyond). From 10 x 10 up (WEIGHTS_FROM) it takes among those the cells
 * whose units have most failures blamed on them, as "dom/wdeg" does in
 * constraint solvers: each contradiction adds one to the weight of the
 * unit found empty (a row, column or box without a place for a digit),
 * or of the three units of a cell found without a candidate, and every
 * HALVE_EVERY failures all weights are halved, so that the recent ones
 * count most; a cell weighs its row's, column's and box's weights
 * summed. The weights start at zero with each search, or where the
 * task's last search left them (task->weights), and depend on nothing
 * but the inputs, so node counts are the same on every machine.
 * Among those it then takes, on boards below 25 x 25, the one with most
 * open peers; from 25 x 25 up, the one whose candidates are closest
 * to hidden singles: fewest places, each candidate counted in whichever
 * of the cell's units holds it least; the first such in reading order
 * either way. Its digits are tried lowest
 * first, or in the order the task's pick function draws. Each branch but
 * the last works on a copy of the state at the next level; the last one
 * reuses its parent's. Nodes are the root plus each branch tried,
 * guesses the cells guessed on; both are spent against the bdi_budget.
 * The search is a loop, not a recursion: each level holds its state and
 * its guess (the cell, the digits left to try, the trail's mark), so
 * that going back up after a contradiction or a finished branch needs
 * nothing from the C stack, whose use does not grow with the depth
 * (blank 64 x 64 is 3,903 levels deep). The levels live in one buffer,
 * on the C stack while they fit, then on the heap, grown as the search
 * goes deeper; the trail of kept sets and keys is one more, on the heap.
 *
 * Setting up: all givens go in at once. Per digit, the rows, columns and
 * boxes that hold it as a given are collected (two givens of a digit in
 * one unit are a clash); a row word is then the given's column where the
 * row holds the digit, else every column but the given cells, the
 * columns that hold it, and the stacks of its band's boxes that do.
 * Candidates excluded by the task are cleared last.
 */
#include "nxn.h"

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

enum {
    LOCAL_BYTES = 16384,
    PLACES_FROM = 25,    /* the board size from which pick_cell breaks ties by places */
    PAIRS_FROM = 12,     /* the board size from which a stalled propagation looks for naked pairs */
    HIDDEN_PAIRS_FROM = 25,  /* and for hidden pairs */
    WEIGHTS_FROM = 10,       /* the board size from which pick_cell weighs units by their failures */
    EXACT_BANDS_FROM = 20,   /* the board size from which claim marks only the bands it changed */
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
    colset all_bands;                       /* the N / R bands */
    colset band_bit[BD_BOARD_MAX];          /* the band of row r */
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
 * use. pick_cell's tie-break by candidate places: N >= PLACES_FROM. */
static inline bool by_places(const geo *g)
{
    return GEO_N(g) >= PLACES_FROM;
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
 * and from HIDDEN_PAIRS_FROM up touched for hidden_pairs. */
static inline void mark_changed(const geo *g, state *s, uint64_t digits)
{
    s->dirty |= digits;
    if (finds_hidden_pairs(g))
        s->touched |= digits;
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

#if defined(FAST_N) && FAST_N == 16 && FAST_R == 4 && FAST_C == 4
/* Band words (16 x 16 boards of 4 x 4 boxes only): a band of one digit,
 * its four row words side by side in one 64-bit word, lane l (bits
 * 16 l .. 16 l + 15) the band's row l, so that the rules of the band's
 * rows, columns and boxes are a few word operations on all its cells. */
#define BAND_WORDS 1
#define LANE_LOW UINT64_C(0x0001000100010001)    /* bit 0 of each lane */
#define LANE_HIGH UINT64_C(0x8000800080008000)   /* bit 15 of each lane */
#define LANE_REST UINT64_C(0x7FFF7FFF7FFF7FFF)   /* bits 0..14 of each lane */
#define NIBBLE_LOW UINT64_C(0x1111111111111111)  /* bit 0 of each stack's columns in each lane */
#define STACK_LANES UINT64_C(0x000F000F000F000F) /* stack 0's columns in each lane: a box */

/* The band of four row words from `p` as one word (row p[l] in lane l). */
static inline uint64_t load_band(const colset *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 16 | (uint64_t)p[2] << 32 | (uint64_t)p[3] << 48;
}

/* Writes band word x back to the four row words from `p`. */
static inline void store_band(colset *p, uint64_t x)
{
    p[0] = (colset)x;
    p[1] = (colset)(x >> 16);
    p[2] = (colset)(x >> 32);
    p[3] = (colset)(x >> 48);
}

/* Bit 15 of each non-zero lane of x. */
static inline uint64_t lanes_nonzero(uint64_t x)
{
    return (((x & LANE_REST) + LANE_REST) | x) & LANE_HIGH;
}

/* Every bit of each lane whose bit 15 is set in h (h within LANE_HIGH). */
static inline uint64_t lane_masks(uint64_t h)
{
    return (h >> 15) * UINT64_C(0xFFFF);
}

/* The columns set in any lane of x. */
static inline colset band_columns(uint64_t x)
{
    return (colset)(x | x >> 16 | x >> 32 | x >> 48);
}

/* The cells of each band (band words) that one digit or more of the
 * digit words from `p` sees, into once[b], and two or more, into
 * twice[b]. Where the compiler has vectors and the words are little
 * endian, the four bands are one vector (two SSE2 registers, one AVX2
 * register): a band word's bytes are then its four row words as they lie
 * in memory. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ \
    && !defined(BD_PORTABLE)
typedef uint64_t band_quad __attribute__((vector_size(32)));   /* four band words */

static inline void fold_bands(const colset *p, uint64_t once[4], uint64_t twice[4])
{
    band_quad seen_once = {0, 0, 0, 0}, seen_twice = {0, 0, 0, 0};
    for (int d = 0; d < 16; d++) {
        band_quad x;
        memcpy(&x, p + 16 * d, sizeof x);
        seen_twice |= seen_once & x;
        seen_once |= x;
    }
    memcpy(once, &seen_once, sizeof seen_once);
    memcpy(twice, &seen_twice, sizeof seen_twice);
}
#else
static inline void fold_bands(const colset *p, uint64_t once[4], uint64_t twice[4])
{
    for (int b = 0; b < 4; b++)
        once[b] = twice[b] = 0;
    for (int d = 0; d < 16; d++)
        for (int b = 0; b < 4; b++) {
            uint64_t x = load_band(p + 16 * d + 4 * b);
            twice[b] |= once[b] & x;
            once[b] |= x;
        }
}
#endif

/* QUAD_SCANS: in the AVX2 kernel, where the compiler has vectors
 * (fold_bands'), a digit's four band words (its 16 row words, 32 bytes)
 * are one vector for the scans, place and naked pairs; the portable
 * kernel keeps scalar loops over the bands. */
#if defined(__AVX2__) && defined(__GNUC__) && defined(__BYTE_ORDER__) \
    && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && !defined(BD_PORTABLE)
#define QUAD_SCANS 1
#ifdef __has_builtin
#define QUAD_HAS_BUILTIN(x) __has_builtin(x)
#else   /* gcc before 10 */
#define QUAD_HAS_BUILTIN(x) 0
#endif
/* The four words of v or'ed (its two halves first, where the compiler
 * can take them apart: gcc 12, clang). */
static inline uint64_t quad_or(band_quad v)
{
#if QUAD_HAS_BUILTIN(__builtin_shufflevector)
    typedef uint64_t band_pair __attribute__((vector_size(16)));
    band_pair half = __builtin_shufflevector(v, v, 0, 1) | __builtin_shufflevector(v, v, 2, 3);
    return half[0] | half[1];
#else
    return v[0] | v[1] | v[2] | v[3];
#endif
}

/* Digit d's units summed up for scan_digit_bands from its words `pd`:
 * its four band words into band[b]; lane b of *in_band (*twice_in_band)
 * band b's columns with a place (with places in two rows or more).
 * Whether every row has a place. */
static inline bool digit_bands(const colset *pd, uint64_t band[4], uint64_t *in_band,
                               uint64_t *twice_in_band)
{
    const band_quad lanes = {0, 16, 32, 48};
    band_quad x;
    memcpy(&x, pd, sizeof x);
    memcpy(band, &x, sizeof x);
    band_quad nonzero = (((x & LANE_REST) + LANE_REST) | x) & LANE_HIGH;
    /* lanes 0 and 2: rows 0 and 1, rows 2 and 3, or'ed and and'ed */
    band_quad pair_or = x | x >> 16, pair_and = x & x >> 16;
    band_quad once = ((pair_or | pair_or >> 32) & 0xFFFFu) << lanes;
    band_quad twice = ((pair_and | pair_and >> 32 | (pair_or & pair_or >> 32)) & 0xFFFFu) << lanes;
    *in_band = quad_or(once);
    *twice_in_band = quad_or(twice);
    return quad_or(nonzero ^ LANE_HIGH) == 0;
}

/* Whether any bit of v is set: one AVX test where the compiler has it. */
static inline bool quad_any(band_quad v)
{
#if QUAD_HAS_BUILTIN(__builtin_ia32_ptestz256)
    typedef long long quad_ll __attribute__((vector_size(32)));
    return !__builtin_ia32_ptestz256((quad_ll)v, (quad_ll)v);
#else
    return quad_or(v) != 0;
#endif
}

/* place's clear of cell (r, c) from every digit's words `w` (a digit's
 * four band words one vector); the digits (bit d) that had it. */
static inline uint64_t clear_cell_quad(colset *w, int r, int c)
{
    const band_quad lanes = {0, 1, 2, 3};
    int at = 16 * (r & 3) + c;   /* the cell's bit in its band word */
    band_quad cell = (band_quad)(lanes == (uint64_t)(r >> 2)) & (UINT64_C(1) << at);
    band_quad had = {0, 0, 0, 0};
    for (int d = 15; d >= 0; d--) {
        band_quad x;
        memcpy(&x, w + 16 * d, sizeof x);
        had = had << 1 | (x & cell) >> at;
        x &= ~cell;
        memcpy(w + 16 * d, &x, sizeof x);
    }
    return quad_or(had);
}

#else
#define QUAD_SCANS 0
/* digit_bands' contract (above), a band at a time. */
static inline bool digit_bands(const colset *pd, uint64_t band[4], uint64_t *in_band,
                               uint64_t *twice_in_band)
{
    uint64_t rows_ok = LANE_HIGH;
    *in_band = *twice_in_band = 0;
    for (int b = 0; b < 4; b++) {
        uint64_t x = load_band(pd + 4 * b);
        band[b] = x;
        rows_ok &= lanes_nonzero(x);
        /* lanes 0 and 2: rows 0 and 1, rows 2 and 3, or'ed and and'ed */
        uint64_t pair_or = x | x >> 16, pair_and = x & x >> 16;
        *in_band |= ((pair_or | pair_or >> 32) & 0xFFFFu) << (16 * b);
        *twice_in_band |= ((pair_and | pair_and >> 32 | (pair_or & pair_or >> 32)) & 0xFFFFu)
                          << (16 * b);
    }
    return rows_ok == LANE_HIGH;
}
#endif

/* The hidden singles of a digit, band b's into hits[b]: the open cells
 * (`open`, the open words) among its places (its band words `band`) that
 * are alone in their row, in a box of `sole_boxes` (bit 16 b + 4 t: box
 * (b, t) has one place) or in a column of `single_cols`. Whether there
 * is any. */
static inline bool band_singles(const uint64_t band[4], uint64_t sole_boxes, colset single_cols,
                                const colset *open, uint64_t hits[4])
{
#if QUAD_SCANS
    const band_quad lanes = {0, 16, 32, 48};
    band_quad x, o;
    memcpy(&x, band, sizeof x);
    memcpy(&o, open, sizeof o);
    /* the rows with one place (each lane non-zero: no borrow between
     * lanes): lane_masks as (h << 1) - (h >> 15), AVX2 having no 64-bit
     * multiply */
    band_quad y = x & (x - LANE_LOW);
    band_quad h = LANE_HIGH & ~((((y & LANE_REST) + LANE_REST) | y) & LANE_HIGH);
    band_quad boxes = (sole_boxes >> lanes) & 0x1111u;
    boxes = (boxes << 4) - boxes;   /* each such box's four columns */
    boxes |= boxes << 16;
    boxes |= boxes << 32;
    band_quad found = x & o & (((h << 1) - (h >> 15)) | boxes | (uint64_t)single_cols * LANE_LOW);
    memcpy(hits, &found, sizeof found);
    return quad_any(found);
#else
    uint64_t any = 0;
    for (int b = 0; b < 4; b++) {
        uint64_t x = band[b];
        uint64_t singles = lane_masks(LANE_HIGH & ~lanes_nonzero(x & (x - LANE_LOW)))
                           | ((sole_boxes >> (16 * b)) & 0x1111u) * 0xFu * LANE_LOW
                           | (uint64_t)single_cols * LANE_LOW;
        hits[b] = x & singles & load_band(open + 4 * b);
        any |= hits[b];
    }
    return any != 0;
#endif
}

#else
#define BAND_WORDS 0
#define QUAD_SCANS 0
#endif

/* The changed bands of digit d. */
static inline colset *bands_of(const geo *g, state *s, int d)
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
    int capacity = x->capacity * 2 > level + 1 ? x->capacity * 2 : level + 1;
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

/* Whether claim marks only the bands it changed: N >= EXACT_BANDS_FROM
 * (known at compile time where the words are too narrow for such N). */
static inline bool exact_bands(const geo *g)
{
    return sizeof(colset) * CHAR_BIT >= EXACT_BANDS_FROM && GEO_N(g) >= EXACT_BANDS_FROM;
}

/* Takes digit d out of its column and box, but at (r, c), where its row
 * is set to that one cell; the cell is closed. The digit is marked
 * changed, and so are its bands: all of them, or from EXACT_BANDS_FROM
 * up those where its words changed. */
static inline void claim(const geo *g, state *s, int d, int r, int c)
{
    int n = GEO_N(g);
    colset *pd = s->w + (size_t)d * (size_t)n;
    colset keep = (colset)~col_bit(c), column = 0;
    if (exact_bands(g))
        for (int top = 0; top < n; top += GEO_R(g)) {   /* the bands where column c has d */
            colset rows = 0;
            for (int row = top; row < top + GEO_R(g); row++)
                rows |= pd[row];
            column |= (colset)(((rows >> c) & 1u) << (top / GEO_R(g)));
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
        placed[1] |= col_bit(top + c / GEO_C(g));
    }
    if (exact_bands(g))
        *bands_of(g, s, d) |= (colset)(column | g->band_bit[r]);
    else
        *bands_of(g, s, d) = g->all_bands;
}

/* Places d at open cell (r, c), where it is a candidate; the cell's other
 * candidates go first. */
static void place(const geo *g, state *s, int d, int r, int c)
{
#if QUAD_SCANS
    mark_changed(g, s, clear_cell_quad(s->w, r, c));
    claim(g, s, d, r, c);
    return;
#endif
    int n = GEO_N(g);
    colset keep = (colset)~col_bit(c);
    uint64_t dirty = 0;
    colset *pr = s->w + r;
    if (sizeof(colset) * CHAR_BIT <= 32) {   /* bit c + e of dirty for digit e: below 64 */
        for (int e = 0; e < n; e++) {
            colset x = pr[(size_t)e * (size_t)n];
            dirty |= (uint64_t)(x & col_bit(c)) << e;
            pr[(size_t)e * (size_t)n] = x & keep;
        }
        dirty >>= c;
    } else {
        for (int e = 0; e < n; e++) {
            colset x = pr[(size_t)e * (size_t)n];
            dirty |= (uint64_t)((x >> c) & 1u) << e;
            pr[(size_t)e * (size_t)n] = x & keep;
        }
    }
    if (!BAND_WORDS)
        for (uint64_t digits = dirty; digits; digits &= digits - 1u)
            *bands_of(g, s, nxn_low_index(digits)) |= g->band_bit[r];
    mark_changed(g, s, dirty);
    claim(g, s, d, r, c);
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

/* Whether naked_singles and row_singles test all rows at once before
 * their ordered loops: N >= ROW_TESTS_FROM. On 6 x 6 boards the test
 * costs more than the loops it spares (gen_6x6: 2.3% of the instructions;
 * on gen_12x12 it saves 1.0%). */
static inline bool tests_rows_first(const geo *g)
{
    return GEO_N(g) >= ROW_TESTS_FROM;
}

/* The digits (bit d) that are the one candidate of a cell of `singles`
 * in row r of the words p, cells with one candidate or none; perhaps
 * digit 0 as well, when a cell has none. Where the geometry is fixed,
 * from the row's index (bit c of index[k]: bit k of the digit of cell c),
 * a loop without a branch that the compiler unrolls; elsewhere, where
 * that loop is not unrolled and costs more than it spares (gen_12x12
 * +15%), by the digits in order until every cell's is found. */
static inline uint64_t single_digits(const geo *g, const colset *p, int r, colset singles)
{
    int n = GEO_N(g);
    uint64_t digits = 0;
    if (!FIXED_GEOMETRY) {
        for (int d = 0; d < n && singles; d++) {
            colset hits = p[(size_t)d * (size_t)n + (size_t)r] & singles;
            digits |= (uint64_t)(hits != 0) << d;
            singles &= (colset)~hits;
        }
        return digits;
    }
    colset index[6] = {0};
    int slices = n > 32 ? 6 : n > 16 ? 5 : n > 8 ? 4 : 3;   /* the bits of n - 1 */
    for (int d = 1; d < n; d++) {
        colset x = p[(size_t)d * (size_t)n + (size_t)r];
        for (int k = 0; k < slices; k++)
            index[k] |= x & (colset)(0u - (colset)((d >> k) & 1));
    }
    for (colset cells = singles; cells; cells &= (colset)(cells - 1u)) {
        int c = nxn_low_index(cells), d = 0;
        for (int k = 0; k < slices; k++)
            d |= (int)((index[k] >> c) & 1u) << k;
        digits |= UINT64_C(1) << d;
    }
    return digits;
}

/* Places every naked single; -1 on a contradiction, else 1 if anything
 * was placed, 0 if not. */
static int naked_singles(const geo *g, state *s)
{
    int n = GEO_N(g), progress = 0;
    colset *p = s->w, *open = s->w + (size_t)n * (size_t)n;
#if BAND_WORDS
    /* the fold of fold_counts on band words, then a band's four rows at
     * once, its singles placed digit by digit */
    uint64_t seen_once[4], seen_twice[4];
    fold_bands(p, seen_once, seen_twice);
    for (int b = 0; b < 4; b++) {
        uint64_t o = load_band(open + 4 * b);
        if (o & ~seen_once[b])
            return -1;
        uint64_t singles = o & ~seen_twice[b];
        for (int d = 0; d < 16 && singles; d++) {
            const colset *pd = p + 16 * d;
            for (uint64_t hits = load_band(pd + 4 * b) & singles; hits; hits &= hits - 1u) {
                int bit = nxn_low_index(hits), r = 4 * b + bit / 16, c = bit % 16;
                if (!((pd[r] >> c) & 1u))
                    return -1;   /* an earlier single took its only digit */
                claim(g, s, d, r, c);
                singles &= ~(UINT64_C(1) << bit);
                progress = 1;
            }
        }
    }
    return progress;
#endif
    colset seen[2][BD_BOARD_MAX];
    fold_counts(g, s, 2, seen);
    colset rows = g->full;   /* the rows that may hold a cell seen never or once (bit r) */
    if (tests_rows_first(g)) {
        rows = 0;
        for (int r = 0; r < n; r++)   /* no branch: the compiler takes several rows at once */
            rows |= bit_if(col_bit(r), (colset)((open[r] & (colset)~seen[1][r]) != 0));
        if (!rows)
            return 0;
    }
    for (; rows; rows &= (colset)(rows - 1u)) {
        int r = nxn_low_index(rows);
        colset o = open[r];
        if (o & (colset)~seen[0][r])
            return -1;
        colset singles = o & (colset)~seen[1][r];
        /* the digits with a single here, visited lowest first: a claim
         * takes from its own digit's words alone, so the later digits'
         * hits are as they were before the row's first claim */
        uint64_t digits = single_digits(g, p, r, singles);
        for (; digits; digits &= digits - 1u) {
            int d = nxn_low_index(digits);
            colset hits = p[(size_t)d * (size_t)n + (size_t)r] & singles;
            for (; hits; hits &= (colset)(hits - 1u)) {
                int c = nxn_low_index(hits);
                if (!((p[(size_t)d * (size_t)n + (size_t)r] >> c) & 1u))
                    return -1;   /* an earlier single took its only digit */
                claim(g, s, d, r, c);
                singles &= (colset)~col_bit(c);
                progress = 1;
            }
        }
    }
    return progress;
}

/* Places the hidden singles of the rows of digit d (words pd); -1 on a
 * contradiction, else whether anything was placed. */
static int row_singles(const geo *g, state *s, int d, colset *pd, const colset *open)
{
    if (tests_rows_first(g)) {
        /* a row without a place, or with one place in an open cell: at
         * most one place, none of them closed */
        unsigned found = 0;
        for (int r = 0; r < GEO_N(g); r++) {
            colset x = pd[r];
            found |= (unsigned)(((x & (colset)(x - 1u)) | (x & (colset)~open[r])) == 0);
        }
        if (!found)
            return 0;
    }
    int progress = 0;
    for (int r = 0; r < GEO_N(g); r++) {
        colset x = pd[r];
        if (!x)
            return -1;
        if (one_bit(x) && (x & open[r])) {
            place(g, s, d, r, nxn_low_index(x));
            progress = 1;
        }
    }
    return progress;
}

/* The column hidden singles of digit d, and column claiming: a column
 * whose places lie in one band leaves the box's other columns there. -1
 * on a contradiction, else whether anything changed. band[b] is set to
 * the columns of band b's places as they were on the call (the words
 * only lose bits after: a superset of them from then on). */
static int column_singles(const geo *g, state *s, int d, colset *pd, const colset *open,
                          colset band[BD_BOARD_MAX])
{
    int n = GEO_N(g), progress = 0;
    colset twice = 0, bands_once = 0, bands_twice = 0, in_open = 0;
    for (int top = 0; top < n; top += GEO_R(g)) {
        colset b = 0;   /* the band's columns seen once or more; twice takes those seen twice in it */
        for (int r = top; r < top + GEO_R(g); r++) {
            twice |= b & pd[r];
            b |= pd[r];
            if (!keeps_placed(g))
                in_open |= pd[r] & open[r];
        }
        band[top / GEO_R(g)] = b;
        bands_twice |= bands_once & b;
        bands_once |= b;
    }
    colset once = bands_once;
    twice |= bands_twice;
    if (once != g->full)
        return -1;
    colset single = once & (colset)~twice;
    /* the columns with one place, that place open: each a hidden single;
     * where the state keeps them, the columns where d is not placed (a
     * placed digit's column has its closed cell alone) */
    colset hidden = single & (keeps_placed(g) ? (colset)~s->w[placed_at(g, d)] : in_open);
    for (int r = 0; r < n && hidden; r++) {
        colset hits = pd[r] & hidden;
        hidden &= (colset)~hits;
        for (; hits; hits &= (colset)(hits - 1u)) {
            int c = nxn_low_index(hits);
            if (!((pd[r] >> c) & 1u))
                continue;   /* an earlier placement took it */
            place(g, s, d, r, c);
            progress = 1;
        }
    }
    if (progress)
        return progress;   /* the folds are stale: the next scan claims */
    colset claimed = bands_once & (colset)~bands_twice & (colset)~single;
    for (int top = 0; top < n && claimed; top += GEO_R(g)) {
        colset here = band[top / GEO_R(g)], beside = 0;   /* the claimed columns' box fellows */
        for (colset cols = here & claimed; cols; cols &= (colset)(cols - 1u)) {
            int c = nxn_low_index(cols);
            beside |= g->stack_of_col[c] & (colset)~col_bit(c);
        }
        if (!(here & beside))
            continue;   /* nothing to clear in this band (the words only lost bits since the fold) */
        for (int r = top; r < top + GEO_R(g); r++)
            for (colset cols = pd[r] & claimed; cols; cols &= (colset)(cols - 1u)) {
                int c = nxn_low_index(cols);
                colset others = g->stack_of_col[c] & (colset)~col_bit(c);
                for (int rr = top; rr < top + GEO_R(g); rr++)
                    if (pd[rr] & others) {
                        pd[rr] &= (colset)~others;
                        mark_changed(g, s, UINT64_C(1) << d);
                        *bands_of(g, s, d) |= g->band_bit[top];
                        progress = 1;
                    }
            }
    }
    return progress;
}

/* Row claiming in the band from row `top`: a row whose places for
 * digit d lie in one box leaves d out of the box's other rows. Whether
 * anything changed. A row whose places are all closed cells is skipped:
 * it has none, or d is placed there and claim took d from the box's
 * other rows already (a closed cell keeps the placed digit's bit alone). */
static bool row_claims(const geo *g, colset *pd, const colset *open, int top)
{
    bool progress = false;
    for (int r = top; r < top + GEO_R(g); r++) {
        colset x = pd[r];
        if (!(x & open[r]))
            continue;
        colset m = g->stack_of_col[nxn_low_index(x)];
        if (x & (colset)~m)
            continue;
        for (int other = top; other < top + GEO_R(g); other++)
            if (other != r && (pd[other] & m)) {
                pd[other] &= (colset)~m;
                progress = true;
            }
    }
    return progress;
}

/* Clears column `col` (one bit) from digit d's words of rows `from` to
 * `to` - 1, marking the bands of the rows that had it; whether any did. */
static inline int clear_column(const geo *g, state *s, int d, colset col, int from, int to)
{
    colset *pd = s->w + (size_t)d * (size_t)GEO_N(g);
    int progress = 0;
    for (int r = from; r < to; r++)
        if (pd[r] & col) {
            pd[r] &= (colset)~col;
            *bands_of(g, s, d) |= g->band_bit[r];
            progress = 1;
        }
    return progress;
}

/* The box hidden singles of digit d in the band from row `top`, and the
 * box's locked candidates: row claiming, then per box pointing along a
 * row or a column. Each box's places are gathered afresh, after what the
 * boxes before it changed. band[b] holds at least the columns of band b's
 * places (column_singles), so that pointing along a column clears only
 * where a column has places outside the band. -1 on a contradiction, else
 * whether anything changed; 0 at once where the state keeps that d is
 * placed in every box of the band. */
static int band_boxes(const geo *g, state *s, int d, colset *pd, const colset *open, int top,
                      const colset band[BD_BOARD_MAX])
{
    int n = GEO_N(g), bottom = top + GEO_R(g);
    /* the band's boxes where d is placed (bit t), as the state keeps them,
     * else the band's columns whose closed cells hold d (a closed cell
     * keeps its placed digit's bit alone) */
    colset placed = keeps_placed(g) ? s->w[placed_at(g, d) + 1] >> top : 0, placed_cols = 0;
    if (keeps_placed(g) && (placed & nxn_all_values(GEO_R(g))) == nxn_all_values(GEO_R(g)))
        return 0;   /* placed in every box: each row holds its closed cell alone */
    colset outside = 0;   /* at least the columns with places outside the band */
    for (int b = 0; b < n / GEO_R(g); b++)
        if (b != top / GEO_R(g))
            outside |= band[b];
    int progress = row_claims(g, pd, open, top);
    if (!keeps_placed(g))
        for (int r = top; r < bottom; r++)
            placed_cols |= pd[r] & (colset)~open[r];
    /* the band's words of d; where the geometry is fixed, a copy kept
     * equal to them that the compiler holds in registers (elsewhere the
     * copy would be a call of memcpy) */
    colset copy[BD_BOARD_MAX];
    const colset *w = pd + top;
    if (FIXED_GEOMETRY) {
        for (int r = top; r < bottom; r++)
            copy[r - top] = pd[r];
        w = copy;
    }
    for (int t = 0; t < GEO_R(g); t++) {
        colset m = g->stack_mask[t], once = 0;
        if (((placed >> t) & 1u) || (placed_cols & m))
            continue;   /* d is placed in the box: claim left it that place alone */
        int rows = 0, last = top;
        for (int r = top; r < bottom; r++) {
            colset x = w[r - top] & m;
            once |= x;
            if (x) {
                rows++;
                last = r;
            }
        }
        if (!once)
            return -1;
        if (rows == 1 && one_bit(once)) {             /* one place: a single */
            if (open[last] & once) {
                place(g, s, d, last, nxn_low_index(once));
                progress = 1;
                if (FIXED_GEOMETRY)
                    for (int r = top; r < bottom; r++)
                        copy[r - top] = pd[r];
            }
        } else if (rows == 1 && (w[last - top] & (colset)~m)) { /* pointing along a row */
            pd[last] &= m;
            if (FIXED_GEOMETRY)
                copy[last - top] = pd[last];
            progress = 1;
        } else if (rows > 1 && one_bit(once) && (once & outside)) { /* pointing along a column */
            progress |= clear_column(g, s, d, once, 0, top);
            progress |= clear_column(g, s, d, once, bottom, n);
        }
    }
    if (progress) {
        mark_changed(g, s, UINT64_C(1) << d);
        *bands_of(g, s, d) |= g->band_bit[top];
    }
    return progress;
}

#if BAND_WORDS
/* Bit 4 t of each stack t (a nibble of a lane) that has a bit of x, in
 * each lane. */
static inline uint64_t nibbles_any(uint64_t x)
{
    return (x | x >> 1 | x >> 2 | x >> 3) & NIBBLE_LOW;
}

/* Bit 4 t of each stack t that has two bits or more of x, in each
 * lane. */
static inline uint64_t nibbles_multi(uint64_t x)
{
    uint64_t pair_or = (x | x >> 1) & UINT64_C(0x5555555555555555);
    uint64_t pair_and = x & x >> 1 & UINT64_C(0x5555555555555555);
    return (pair_and | pair_and >> 2 | (pair_or & pair_or >> 2)) & NIBBLE_LOW;
}

/* Whether some locked candidates of a digit would remove a place, tested
 * on its four bands at once: `band` its band words, `in_band` (lane b:
 * band b's columns with a place), `multi_column` (nibbles_multi of it),
 * `claimed` (the columns whose places lie in one band, not singles) and
 * `bands_twice` (the columns with places in two bands or more), as
 * scan_digit_bands has them. The rules: a box whose places lie in one
 * row that has places in other boxes, a row whose places lie in one box
 * that has places in other rows, a box whose places lie in one column
 * (in two rows or more) that has places in other bands, a column whose
 * places lie in one band whose box has places in other columns. */
static bool locks_would_fire(const uint64_t band[4], uint64_t in_band, uint64_t multi_column,
                             colset claimed, colset bands_twice)
{
    /* bit 16 l + 4 t + b: row l of band b has places in stack t */
#if QUAD_SCANS
    const band_quad by_band = {0, 1, 2, 3};
    band_quad x;
    memcpy(&x, band, sizeof x);
    x |= x >> 1;
    uint64_t in_stack = quad_or(((x | x >> 2) & NIBBLE_LOW) << by_band);
#else
    uint64_t in_stack = 0;
    for (int b = 0; b < 4; b++) {
        uint64_t x = band[b] | band[b] >> 1;
        in_stack |= ((x | x >> 2) & NIBBLE_LOW) << b;
    }
#endif
    /* bit 4 t + b: box (b, t) has places in two rows or more (a lane
     * fold, as in_band's), then that bit in every lane */
    uint64_t lanes_or = in_stack | in_stack >> 16, lanes_and = in_stack & in_stack >> 16;
    uint64_t two_rows = (lanes_and | lanes_and >> 32 | (lanes_or & lanes_or >> 32)) & 0xFFFFu;
    uint64_t two_rows_all = two_rows * LANE_LOW;
    /* bit 16 l + b: row l of band b has places in two stacks or more (a
     * fold of each lane's nibbles), then that bit in each of its nibbles */
    uint64_t nibbles_or = in_stack | in_stack >> 4, nibbles_and = in_stack & in_stack >> 4;
    uint64_t two_stacks = (nibbles_and | nibbles_and >> 8 | (nibbles_or & nibbles_or >> 8)) & STACK_LANES;
    two_stacks *= 0x1111u;
    /* lane b, bit 4 t: box (b, t) has places in two rows or more */
#if QUAD_SCANS
    const band_quad lanes = {0, 16, 32, 48};
    uint64_t two_rows_lanes = quad_or((((band_quad){0, 0, 0, 0} + two_rows) >> by_band & 0x1111u) << lanes);
#else
    uint64_t two_rows_lanes = 0;
    for (int b = 0; b < 4; b++)
        two_rows_lanes |= ((two_rows >> b) & 0x1111u) << (16 * b);
#endif
    uint64_t claimed_lanes = in_band & (uint64_t)claimed * LANE_LOW;
    return (in_stack & two_stacks & ~two_rows_all)                                  /* a box in one row */
           || (in_stack & ~two_stacks & two_rows_all)                               /* a row in one box */
           || (in_band & (~multi_column & two_rows_lanes) * 0xFu & (uint64_t)bands_twice * LANE_LOW) /* a box's column */
           || (in_band & nibbles_any(claimed_lanes) * 0xFu) != claimed_lanes;      /* a column's box */
}

/* Digit d's units scanned on its four band words (the file comment's
 * rules, every band every time): the hidden singles of its rows, columns
 * and boxes are found at once on the words as they are and placed (then
 * the scan ends, its words being stale); when there are none and some
 * locked candidates would remove a place (columns whose places lie in
 * one band, boxes whose places lie in one row or one column, rows whose
 * places lie in one box), those rules run, each on the words as the
 * earlier ones left them. -1 on a contradiction, else 1 if anything
 * changed, 0 if not. */
static int scan_digit_bands(const geo *g, state *s, int d)
{
    colset *pd = s->w + (size_t)d * 16u;
    const colset *open = s->w + 256;
    uint64_t band[4], in_band, twice_in_band;
    if (!digit_bands(pd, band, &in_band, &twice_in_band))
        return -1;   /* a row without a place */
    uint64_t boxes = nibbles_any(in_band), multi_column = nibbles_multi(in_band);
    if (boxes != NIBBLE_LOW)
        return -1;   /* a box without a place */
    /* the boxes with one place: one column, seen in one row */
    uint64_t sole_boxes = boxes & ~multi_column & ~nibbles_any(twice_in_band);
    uint64_t pair_or = in_band | in_band >> 16, pair_and = in_band & in_band >> 16;
    colset bands_once = (colset)(pair_or | pair_or >> 32);
    colset bands_twice = (colset)(pair_and | pair_and >> 32 | (pair_or & pair_or >> 32));
    if (bands_once != g->full)
        return -1;   /* a column without a place */
    colset single_cols = bands_once & (colset)~(bands_twice | band_columns(twice_in_band));
    uint64_t hits[4];
    if (band_singles(band, sole_boxes, single_cols, open, hits)) {
        for (int b = 0; b < 4; b++)
            for (; hits[b]; hits[b] &= hits[b] - 1u) {
                int bit = nxn_low_index(hits[b]), r = 4 * b + bit / 16, c = bit % 16;
                if ((pd[r] >> c) & 1u)   /* else an earlier placement took it */
                    place(g, s, d, r, c);
            }
        return 1;
    }
    int progress = 0;
    /* would any locked candidates remove a place? */
    colset claimed = bands_once & (colset)~bands_twice & (colset)~single_cols;
    if (!locks_would_fire(band, in_band, multi_column, claimed, bands_twice))
        return 0;
    uint64_t before[4];
    memcpy(before, band, sizeof before);
    /* columns whose places lie in one band: the box's other columns there */
    for (int b = 0; b < 4 && claimed; b++) {
        colset clear = 0;
        for (colset cols = claimed & (colset)(in_band >> (16 * b)); cols; cols &= (colset)(cols - 1u)) {
            int c = nxn_low_index(cols);
            clear |= g->stack_of_col[c] & (colset)~col_bit(c);
        }
        band[b] &= ~((uint64_t)clear * LANE_LOW);
    }
    for (int b = 0; b < 4; b++) {
        /* rows whose places lie in one box: the box's other rows */
        uint64_t x = band[b], stacks = x | x >> 1;
        if (lanes_nonzero(x) != LANE_HIGH) {   /* emptied by a column's claim */
            for (int e = 0; e < 4; e++)
                store_band(pd + 4 * e, band[e]);
            return -1;
        }
        stacks = (stacks | stacks >> 2) & NIBBLE_LOW;   /* bit 4 t of a lane: places in stack t */
        uint64_t boxed = LANE_HIGH & ~lanes_nonzero(stacks & (stacks - LANE_LOW));
        for (; boxed; boxed &= boxed - 1u) {
            uint64_t lane = lane_masks(boxed & (0u - boxed));
            uint64_t box = (uint64_t)(colset)((stacks & lane) >> (nxn_low_index(lane))) * 0xFu;
            band[b] &= ~(box * LANE_LOW & ~lane);
        }
        /* boxes whose places lie in one row (the row's other boxes) or
         * one column (the column's other bands) */
        for (int t = 0; t < 4; t++) {
            uint64_t box = band[b] & STACK_LANES << (4 * t);
            if (!box)
                break;   /* emptied by a claim: the digit's next scan finds it */
            uint64_t rows = lanes_nonzero(box);
            colset cols = band_columns(box);
            if (!(rows & (rows - 1u)))
                band[b] &= ~(lane_masks(rows) & ~(STACK_LANES << (4 * t)));
            else if (one_bit(cols))
                for (int other = 0; other < 4; other++)
                    if (other != b)
                        band[other] &= ~((uint64_t)cols * LANE_LOW);
        }
    }
    for (int b = 0; b < 4; b++)
        if (band[b] != before[b]) {
            store_band(pd + 4 * b, band[b]);
            progress = 1;
        }
    if (progress)
        mark_changed(g, s, UINT64_C(1) << d);
    return progress;
}
#endif

/* Scans digit d's units (the file comment). -1 on a contradiction, else
 * 1 if anything changed, 0 if not. */
static int scan_digit(const geo *g, state *s, int d)
{
#if BAND_WORDS
    return scan_digit_bands(g, s, d);
#endif
    int n = GEO_N(g);
    colset *pd = s->w + (size_t)d * (size_t)n;
    const colset *open = s->w + (size_t)n * (size_t)n;
    int progress = row_singles(g, s, d, pd, open);
    if (progress < 0)
        return -1;
    colset places[BD_BOARD_MAX];   /* column_singles' columns of each band's places */
    int found = column_singles(g, s, d, pd, open, places);
    if (found < 0)
        return -1;
    progress |= found;
    colset *bands = bands_of(g, s, d);
    for (colset todo = *bands; todo; todo &= (colset)(todo - 1u)) {
        int band = nxn_low_index(todo);
        *bands &= (colset)~g->band_bit[band * GEO_R(g)];
        found = band_boxes(g, s, d, pd, open, band * GEO_R(g), places);
        if (found < 0)
            return -1;
        progress |= found;
    }
    return progress;
}

/* Scans every dirty digit once; -1 on a contradiction, else 1 if
 * anything changed, 0 if not. */
static int hidden_singles(const geo *g, state *s)
{
    int progress = 0;
    for (uint64_t todo = s->dirty; todo; todo &= todo - 1u) {
        int d = nxn_low_index(todo);
        s->dirty &= ~(UINT64_C(1) << d);
        int found = scan_digit(g, s, d);
        if (found < 0)
            return -1;
        progress |= found;
    }
    return progress;
}

/* Singles and locked candidates to a fixed point; false on a
 * contradiction. Out of line: inlined in its one caller, settle, its
 * loops ran short of registers on the widths without a fixed geometry
 * (bench/notebook/sizes.md, session 42). */
static OUT_OF_LINE bool propagate(const geo *g, state *s)
{
    for (;;) {
        int found = naked_singles(g, s);
        if (found < 0)
            return false;
        if (found)
            continue;
        if (s->open_count == 0)
            return true;
        found = hidden_singles(g, s);
        if (found <= 0)
            return found == 0;
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

/* The open cells of each row, of each column within each band, and of
 * each box, counted once for a choice of the cell to guess on. */

/* Counts the open cells of `s` by row, column, band column and box. */
static void count_open(const geo *g, const state *s, open_counts *k)
{
    int n = GEO_N(g);
    const colset *open = s->w + (size_t)n * (size_t)n;
    memset(k->cols, 0, sizeof k->cols);
    for (int band = 0; band * GEO_R(g) < n; band++) {
        uint8_t *bc = k->band_cols[band];
        memset(bc, 0, sizeof k->band_cols[band]);
        for (int r = band * GEO_R(g); r < (band + 1) * GEO_R(g); r++) {
            k->rows[r] = (uint8_t)bit_count(open[r]);
            for (colset cells = open[r]; cells; cells &= (colset)(cells - 1u))
                bc[nxn_low_index(cells)]++;
        }
        for (int t = 0; t < GEO_R(g); t++) {
            int count = 0;
            for (int c = t * GEO_C(g); c < (t + 1) * GEO_C(g); c++) {
                count += bc[c];
                k->cols[c] = (uint8_t)(k->cols[c] + bc[c]);
            }
            k->boxes[band][t] = (uint8_t)count;
        }
    }
}

/* The open cells that share a row, column or box with open cell (r, c),
 * itself included: its row, the rest of its box, the rest of its
 * column. From the counts in `k` (count_open), but on band words, where
 * the cells are counted on the open words a band at a time and `k` is
 * not read. */
static int open_peers(const geo *g, const state *s, const open_counts *k, int r, int c)
{
#if BAND_WORDS
    const colset *open_words = s->w + 256;
    int peers = 0;
    for (int b = 0; b < 4; b++) {
        uint64_t unit = (uint64_t)col_bit(c) * LANE_LOW;   /* the column */
        if (b == r / 4)   /* and the row, and the box */
            unit |= UINT64_C(0xFFFF) << (16 * (r % 4)) | STACK_LANES << (c & ~3);
        peers += bit_count(load_band(open_words + 4 * b) & unit);
    }
    return peers;
#endif
    const colset *open = s->w + (size_t)GEO_N(g) * (size_t)GEO_N(g);
    int band = r / GEO_R(g), stack = c / GEO_C(g);
    return k->rows[r] + k->boxes[band][stack] - bit_count(open[r] & g->stack_of_col[c])
           + k->cols[c] - k->band_cols[band][c];
}

/* For each candidate of open cell (r, c), its places in whichever of
 * the cell's row, column and box has fewest (the cell among them),
 * summed over the candidates. */
static int candidate_places(const geo *g, const state *s, int r, int c)
{
    int n = GEO_N(g), top = r - r % GEO_R(g), places = 0;
    colset column = col_bit(c), box = g->stack_of_col[c];
    for (int d = 0; d < n; d++) {
        const colset *pd = s->w + (size_t)d * (size_t)n;
        if (!(pd[r] & column))
            continue;
        int in_row = bit_count(pd[r]), in_col = 0, in_box = 0;
        for (int row = 0; row < n; row++)   /* no branch: the compiler takes several rows at once */
            in_col += (int)((pd[row] >> c) & 1u);
        for (int row = top; row < top + GEO_R(g); row++)
            in_box += bit_count(pd[row] & box);
        int fewest = in_row < in_col ? in_row : in_col;
        places += fewest < in_box ? fewest : in_box;
    }
    return places;
}

/* The failures blamed on the units of cell (r, c): its row's, its
 * column's and its box's weights summed. */
static inline uint64_t cell_weight(const geo *g, const uint32_t *unit_weight, int r, int c)
{
    int n = GEO_N(g), box = r / GEO_R(g) * GEO_R(g) + c / GEO_C(g);
    return (uint64_t)unit_weight[r] + unit_weight[n + c] + unit_weight[2 * n + box];
}

/* The bits of a count of candidates of one cell, 0 to n (n <= 64). */
static inline int count_bits(int n)
{
    return n >= 64 ? 7 : n >= 32 ? 6 : n >= 16 ? 5 : n >= 8 ? 4 : 3;
}

/* The candidates of each cell counted, bit-sliced: bit c of counts[k][r]
 * is bit k of the count of cell (r, c) (count_bits(N) slices), by a
 * ripple-carry add of each digit's word to its row's count. The loop over
 * the rows is inside the loop over the digits and has no branch, so that
 * the compiler takes several rows at once. */
static void count_candidates(const geo *g, const state *s, colset counts[7][BD_BOARD_MAX])
{
    int n = GEO_N(g), bits = count_bits(n);
    for (int k = 0; k < bits; k++)
        memset(counts[k], 0, sizeof counts[k][0] * (size_t)n);
    for (int d = 0; d < n; d++) {
        const colset *pd = s->w + (size_t)d * (size_t)n;
        for (int r = 0; r < n; r++) {
            colset carry = pd[r];
            for (int k = 0; k < bits; k++) {
                colset sum = counts[k][r] ^ carry;
                carry &= counts[k][r];
                counts[k][r] = sum;
            }
        }
    }
}

/* The open cell to guess on: among those with fewest candidates (two,
 * three or four are told by accumulators over the digits, three of them
 * first and five when no cell has two; beyond, the candidates are
 * counted), the one whose units have most failures blamed on them
 * (cell_weight; all weigh the same when `unit_weight` is NULL), among
 * those the one with most open peers (from PLACES_FROM up, fewest
 * candidate_places), the first such in reading order. After propagation
 * every open cell has two or more. `k` is scratch. `folded`, when not
 * NULL, holds fold_counts(g, s, 3, folded) already. */
static void pick_cell(const geo *g, const state *s, open_counts *k, const uint32_t *unit_weight,
                      const colset (*folded)[BD_BOARD_MAX], int *row, int *col)
{
    int n = GEO_N(g), found_k = 5, best_peers = INT_MIN, levels = 3;
    uint64_t best_weight = 0;
    const colset *open = s->w + (size_t)n * (size_t)n;
    colset seen[FOLD_MAX][BD_BOARD_MAX];
    if (folded)
        memcpy(seen, folded, sizeof seen[0] * 3);
    else
        fold_counts(g, s, levels, seen);
    bool two = false;
    for (int r = 0; r < n && !two; r++)
        two = (open[r] & seen[1][r] & (colset)~seen[2][r]) != 0;
    if (!two) {
        levels = FOLD_MAX;
        fold_counts(g, s, levels, seen);
    }
    if (!by_places(g) && !BAND_WORDS)   /* open_peers' counts */
        count_open(g, s, k);
    for (int r = 0; r < n; r++) {
        if (!open[r])
            continue;
        for (int kk = 2; kk <= found_k && kk < levels; kk++) {
            colset exactly = open[r] & seen[kk - 1][r] & (colset)~seen[kk][r];
            if (!exactly)
                continue;
            if (kk < found_k) {
                best_peers = INT_MIN;
                best_weight = 0;
            }
            found_k = kk;
            for (colset cells = exactly; cells; cells &= (colset)(cells - 1u)) {
                int c = nxn_low_index(cells);
                if (unit_weight) {
                    uint64_t weight = cell_weight(g, unit_weight, r, c);
                    if (weight < best_weight)
                        continue;
                    if (weight > best_weight) {
                        best_weight = weight;
                        best_peers = INT_MIN;
                    }
                }
                int peers = by_places(g) ? -candidate_places(g, s, r, c)
                                         : open_peers(g, s, k, r, c);
                if (peers > best_peers) {
                    best_peers = peers;
                    *row = r;
                    *col = c;
                }
            }
            break;
        }
    }
    if (found_k < 5)
        return;
    int best = n + 1, bits = count_bits(n);
    colset counts[7][BD_BOARD_MAX];
    count_candidates(g, s, counts);
    for (int r = 0; r < n; r++)
        for (colset cells = open[r]; cells; cells &= (colset)(cells - 1u)) {
            int c = nxn_low_index(cells), count = 0;
            for (int bit = 0; bit < bits; bit++)
                count |= (int)((counts[bit][r] >> c) & 1u) << bit;
            if (count < best) {
                best = count;
                *row = r;
                *col = c;
            }
        }
}

/* Clears the columns `cols` from digit d's word of row r, marking the
 * digit and the row's band changed when it had any of them; whether it
 * did. */
static inline bool clear_places(const geo *g, state *s, int d, int r, colset cols)
{
    colset *w = s->w + (size_t)d * (size_t)GEO_N(g) + (size_t)r;
    if (!(*w & cols))
        return false;
    *w &= (colset)~cols;
    mark_changed(g, s, UINT64_C(1) << d);
    if (!BAND_WORDS)
        *bands_of(g, s, d) |= g->band_bit[r];
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

/* Clears column c from digit d's words in every row but r0 and r1,
 * marking the digit (and the rows' bands) changed when any had it;
 * whether any did. */
static bool clear_column_but(const geo *g, state *s, int d, int c, int r0, int r1)
{
    bool progress = false;
#if BAND_WORDS
    /* a band at a time: the column's bit in each lane, but the two rows' */
    colset *pd = s->w + (size_t)d * 16u;
    uint64_t column = col_bit(c);
    for (int b = 0; b < 4; b++) {
        uint64_t cut = load_band(pd + 4 * b) & column * LANE_LOW;
        if (r0 / 4 == b)
            cut &= ~(column << (16 * (r0 % 4)));
        if (r1 / 4 == b)
            cut &= ~(column << (16 * (r1 % 4)));
        if (cut) {
            store_band(pd + 4 * b, load_band(pd + 4 * b) & ~cut);
            progress = true;
        }
    }
    if (progress)
        s->dirty |= UINT64_C(1) << d;
    return progress;
#endif
    colset rows = column_rows(g, s->w + (size_t)d * (size_t)GEO_N(g), c)
                  & (colset)~(g->bit[r0] | g->bit[r1]);
    for (; rows; rows &= (colset)(rows - 1u))
        progress |= clear_places(g, s, d, nxn_low_index(rows), col_bit(c));
    return progress;
}

/* Naked pair {digits} at open cells (r0, c0) and (r1, c1), in one box
 * when `same_box`: both digits leave every row, column and box the two
 * cells share, but the two cells. Whether anything changed. */
static inline bool clear_pair(const geo *g, state *s, uint64_t digits, int r0, int c0, int r1, int c1,
                              bool same_box)
{
    bool progress = false;
    for (; digits; digits &= digits - 1u) {
        int d = nxn_low_index(digits);
        if (r0 == r1)
            progress |= clear_places(g, s, d, r0, (colset)(g->full & (colset)~(col_bit(c0) | col_bit(c1))));
        if (c0 == c1)
            progress |= clear_column_but(g, s, d, c0, r0, r1);
        if (same_box) {
            int top = r0 - r0 % GEO_R(g);
            for (int r = top; r < top + GEO_R(g); r++) {
                colset keep = (colset)((r == r0 ? col_bit(c0) : 0) | (r == r1 ? col_bit(c1) : 0));
                progress |= clear_places(g, s, d, r, (colset)(g->stack_of_col[c0] & (colset)~keep));
            }
        }
    }
    return progress;
}

#if BAND_WORDS
/* The open cells that had two candidates when naked_pairs_bands last
 * ran on this state or an ancestor (the words that hold the changed
 * bands off band words, unused here; init_state clears them). */
static inline colset *paired_before(const geo *g, state *s)
{
    return bands_of(g, s, 0);
}

/* The three-level fold of fold_counts on band words, of the digit
 * words from `w`: into fold[k][b] the cells of band b (band words) that
 * k + 1 digits or more see; and into planes[0][k][b] (planes[1][k][b])
 * those whose lowest (second-lowest) candidate has bit k set, so that a
 * cell's two candidates, when it has two, are read off them
 * (pair_of_cell) rather than gathered digit by digit. */
static inline void pair_fold(const colset *w, uint64_t fold[3][4], uint64_t planes[2][4][4])
{
#if QUAD_SCANS
    band_quad once = {0, 0, 0, 0}, twice = once, thrice = once;
    band_quad low[4] = {once, once, once, once}, high[4] = {once, once, once, once};
    for (int d = 0; d < 16; d++) {
        band_quad x;
        memcpy(&x, w + 16 * d, sizeof x);
        band_quad first = x & ~once, second = x & once & ~twice;
        for (int k = 0; k < 4; k++)
            if ((d >> k) & 1) {
                low[k] |= first;
                high[k] |= second;
            }
        thrice |= twice & x;
        twice |= once & x;
        once |= x;
    }
    memcpy(fold[0], &once, sizeof once);
    memcpy(fold[1], &twice, sizeof twice);
    memcpy(fold[2], &thrice, sizeof thrice);
    for (int k = 0; k < 4; k++) {
        memcpy(planes[0][k], &low[k], sizeof low[k]);
        memcpy(planes[1][k], &high[k], sizeof high[k]);
    }
#else
    memset(fold, 0, sizeof(uint64_t[3][4]));
    memset(planes, 0, sizeof(uint64_t[2][4][4]));
    for (int d = 0; d < 16; d++)
        for (int b = 0; b < 4; b++) {
            uint64_t x = load_band(w + 16 * d + 4 * b);
            uint64_t first = x & ~fold[0][b], second = x & fold[0][b] & ~fold[1][b];
            for (int k = 0; k < 4; k++) {
                uint64_t mine = 0u - (uint64_t)((d >> k) & 1);
                planes[0][k][b] |= first & mine;
                planes[1][k][b] |= second & mine;
            }
            fold[2][b] |= fold[1][b] & x;
            fold[1][b] |= fold[0][b] & x;
            fold[0][b] |= x;
        }
#endif
}

/* The two candidates of a cell with two, as a digit mask, from
 * `planes`: planes[0][k][b] (planes[1][k][b]) holds the cells of band b
 * (band words) whose lowest (second-lowest) candidate has bit k set;
 * `bit` is the cell's bit in band b's word. */
static inline uint64_t pair_of_cell(uint64_t planes[2][4][4], int b, int bit)
{
    int low = 0, high = 0;
    for (int k = 0; k < 4; k++) {
        low |= (int)((planes[0][k][b] >> bit) & 1u) << k;
        high |= (int)((planes[1][k][b] >> bit) & 1u) << k;
    }
    return UINT64_C(1) << low | UINT64_C(1) << high;
}

/* naked_pairs on band words (16 x 16 boards of 4 x 4 boxes): the
 * digits folded a band word at a time, and only pairs with a cell that
 * is "fresh", not in paired_before, looked for.
 *
 * Why the others clear nothing: paired_before is the two-candidate cells
 * P0 of an earlier call's entry state S0, whose pairs (two cells of P0
 * with the same digits {a, b} sharing a unit U) that call cleared: a and
 * b left U's other cells. Every state after, this one included (here,
 * in a child of a guess made after the call, as a level is copied with
 * its words), has each cell's candidates a subset of its S0 ones. Two
 * cells of P0 that have two candidates now have S0's two; if those are
 * the same {a, b} and they share U, U's other cells lost a and b when S0's
 * pair was cleared, and cannot have them back. So the pairs cleared are
 * the same as when every pair is compared (the state after the call, its
 * dirty digits and the result are equal: clearing is a removal of
 * places, in any order the same), found on the words as they are on
 * entry, before any is cleared. */
static bool naked_pairs_bands(const geo *g, state *s, colset paired[BD_BOARD_MAX],
                              colset folded[][BD_BOARD_MAX])
{
    const colset *open = s->w + 256;
    /* the three-level fold of fold_counts on band words, and with it
     * the bits of each cell's lowest and second-lowest candidate
     * (pair_fold) */
    uint64_t fold[3][4], planes[2][4][4];
    pair_fold(s->w, fold, planes);
    for (int k = 0; k < 3; k++)
        for (int b = 0; b < 4; b++)
            store_band(folded[k] + 4 * b, fold[k][b]);
    /* the cells with two candidates, and the fresh ones among them */
    uint64_t pair_band[4], fresh[4], any_fresh = 0;
    colset *before = paired_before(g, s);
    for (int b = 0; b < 4; b++) {
        pair_band[b] = load_band(open + 4 * b) & fold[1][b] & ~fold[2][b];
        store_band(paired + 4 * b, pair_band[b]);
        fresh[b] = pair_band[b] & ~load_band(before + 4 * b);
        store_band(before + 4 * b, pair_band[b]);
        any_fresh |= fresh[b];
    }
    if (!any_fresh)
        return false;
    /* the candidates of each fresh cell ([64 b + bit]) */
    uint64_t candidates[256];
    for (int b = 0; b < 4; b++)
        for (uint64_t cells = fresh[b]; cells; cells &= cells - 1u) {
            int bit = nxn_low_index(cells);
            candidates[64 * b + bit] = pair_of_cell(planes, b, bit);
        }
    /* each fresh cell's partners: the cells with its two candidates alone
     * in its row, column or box (a fresh partner before it in reading
     * order took it as its partner already), all found before any clear */
    enum { PAIRS_MAX = 256 * 39 / 2 };   /* a cell has 39 peers; each pair once */
    int count = 0;
    uint16_t first[PAIRS_MAX], second[PAIRS_MAX];
    for (int b = 0; b < 4; b++)
        for (uint64_t cells = fresh[b]; cells; cells &= cells - 1u) {
            int bit = nxn_low_index(cells), c = bit % 16;
            uint64_t digits = candidates[64 * b + bit];
            int low = nxn_low_index(digits), high = nxn_low_index(digits & (digits - 1u));
            for (int other = 0; other < 4; other++) {
                uint64_t same = pair_band[other] & load_band(s->w + 16 * low + 4 * other)
                                & load_band(s->w + 16 * high + 4 * other);
                uint64_t unit = (uint64_t)col_bit(c) * LANE_LOW;   /* the column */
                if (other == b)   /* and the row, and the box */
                    unit |= UINT64_C(0xFFFF) << (bit & ~15) | (STACK_LANES << (c & ~3));
                same &= unit & ~(other == b ? UINT64_C(1) << bit : 0);
                if (other < b)
                    same &= ~fresh[other];
                else if (other == b)
                    same &= ~(fresh[b] & ((UINT64_C(1) << bit) - 1u));
                for (; same; same &= same - 1u) {
                    first[count] = (uint16_t)(64 * b + bit);
                    second[count++] = (uint16_t)(64 * other + nxn_low_index(same));
                }
            }
        }
    bool progress = false;
    for (int i = 0; i < count; i++) {
        int r0 = first[i] / 64 * 4 + first[i] % 64 / 16, c0 = first[i] % 16;
        int r1 = second[i] / 64 * 4 + second[i] % 64 / 16, c1 = second[i] % 16;
        progress |= clear_pair(g, s, candidates[first[i]], r0, c0, r1, c1,
                               r0 / 4 == r1 / 4 && c0 / 4 == c1 / 4);
    }
    return progress;
}

/* Whether word x has exactly two bits. */
static inline bool two_bits(uint64_t x)
{
    uint64_t rest = x & (x - 1u);
    return rest && !(rest & (rest - 1u));
}

/* Bit 15 of each lane of x that has exactly two bits (an empty lane is
 * given one bit first, so that no subtraction borrows across lanes). */
static inline uint64_t lanes_two(uint64_t x)
{
    x |= LANE_HIGH & ~lanes_nonzero(x);
    uint64_t rest = x & (x - LANE_LOW);   /* each lane without its lowest bit */
    uint64_t some = lanes_nonzero(rest);
    rest |= LANE_HIGH & ~some;
    return some & ~lanes_nonzero(rest & (rest - LANE_LOW));
}

/* Hidden pair {digits} at open cells (r0, c0) and (r1, c1): the two
 * cells lose every other candidate, unless both are in `paired` (two
 * candidates alone, so those two already). Whether anything changed. */
static bool clear_hidden_pair(const geo *g, state *s, uint64_t digits, int r0, int c0, int r1,
                              int c1, const colset paired[BD_BOARD_MAX])
{
    if ((paired[r0] >> c0) & (paired[r1] >> c1) & 1u)
        return false;
    bool progress = false;
    for (int e = 0; e < 16; e++)
        if (!((digits >> e) & 1u)) {
            progress |= clear_places(g, s, e, r0, col_bit(c0));
            progress |= clear_places(g, s, e, r1, col_bit(c1));
        }
    return progress;
}

/* Hidden pair {a, b} in unit u of a 16 x 16 board of 4 x 4 boxes (u
 * below 16: row 4 (u % 4) + u / 4; else box u - 16, which is 4 band +
 * stack), if both digits' places there are the same two cells on the
 * words as they are now (an earlier pair's clear may have taken a
 * place): clear_hidden_pair on them. Whether anything changed. */
static bool unit_hidden_pair(const geo *g, state *s, int a, int b, int u,
                             const colset paired[BD_BOARD_MAX])
{
    const colset *pa = s->w + 16 * a, *pb = s->w + 16 * b;
    uint64_t digits = UINT64_C(1) << a | UINT64_C(1) << b;
    if (u < 16) {
        int r = 4 * (u % 4) + u / 4;
        if (pa[r] != pb[r] || !two_bits(pa[r]))
            return false;
        return clear_hidden_pair(g, s, digits, r, nxn_low_index(pa[r]), r,
                                 nxn_low_index(pa[r] & (pa[r] - 1u)), paired);
    }
    int band = (u - 16) / 4;
    uint64_t mask = STACK_LANES << (4 * (u % 4));
    uint64_t xa = load_band(pa + 4 * band) & mask;
    if (xa != (load_band(pb + 4 * band) & mask) || !two_bits(xa))
        return false;
    int low = nxn_low_index(xa), high = nxn_low_index(xa & (xa - 1u));
    return clear_hidden_pair(g, s, digits, 4 * band + low / 16, low % 16, 4 * band + high / 16,
                             high % 16, paired);
}

/* Hidden pairs in rows and boxes on band words (16 x 16 boards of 4 x 4
 * boxes): two digits whose places in one row or one box are the same two
 * cells leave those cells no other candidate (unit_hidden_pair;
 * `paired` as naked_pairs_bands left it). Each digit's rows and boxes
 * with exactly two places, not both in `paired` cells (two such cells
 * holding a hidden pair hold those two digits alone: nothing to clear),
 * are found first, on its band words; the units where two digits or
 * more have such places then get those digits as a mask, and only the
 * digits of one unit's mask are compared, there. Columns
 * are left out: comparing two digits' columns costs a pass over the
 * rows, and with them the search took more instructions (bench/notebook/
 * sizes.md, session 42). Whether anything changed. */
static bool hidden_pairs_bands(const geo *g, state *s, const colset paired[BD_BOARD_MAX])
{
    uint32_t units[16];   /* digit d's units found (unit_hidden_pair's numbers) */
    uint32_t seen = 0, shared = 0;   /* the units found for one digit, for two or more */
    for (int d = 0; d < 16; d++) {
        uint32_t mine = 0;
        uint64_t rows = 0;   /* bit 16 k + b: row 4 b + k found */
        for (int b = 0; b < 4; b++) {
            uint64_t x = load_band(s->w + 16 * d + 4 * b);
            uint64_t loose = x & ~load_band(paired + 4 * b);   /* places in cells of 3 or more */
            rows |= (lanes_two(x) & lanes_nonzero(loose)) >> (15 - b);
            for (int t = 0; t < 4; t++) {
                uint64_t box = STACK_LANES << (4 * t);
                mine |= (uint32_t)(two_bits(x & box) & ((loose & box) != 0)) << (16 + 4 * b + t);
            }
        }
        mine |= (uint32_t)((rows | rows >> 12 | rows >> 24 | rows >> 36) & 0xFFFFu);
        units[d] = mine;
        shared |= seen & mine;
        seen |= mine;
    }
    if (!shared)
        return false;
    uint16_t at[32];   /* [u]: the digits unit u was found for, for u in shared */
    for (uint32_t todo = shared; todo; todo &= todo - 1u)
        at[nxn_low_index(todo)] = 0;
    for (int d = 0; d < 16; d++)
        for (uint32_t mine = units[d] & shared; mine; mine &= mine - 1u)
            at[nxn_low_index(mine)] |= (uint16_t)(1u << d);
    bool progress = false;
    for (; shared; shared &= shared - 1u) {
        int u = nxn_low_index(shared);
        for (unsigned first = at[u]; first & (first - 1u); first &= first - 1u)
            for (unsigned second = first & (first - 1u); second; second &= second - 1u)
                progress |= unit_hidden_pair(g, s, nxn_low_index(first), nxn_low_index(second), u,
                                             paired);
    }
    return progress;
}
#endif

/* Whether naked_pairs finds each row's pair digits first (pair_digits):
 * N >= PAIR_DIGITS_FROM (known at compile time where the words are too
 * narrow for such N). Below it trying every digit of a row costs less
 * (12 x 12: a row's pair cells have about 3 digits of 12, and the scan
 * over all the digits' rows costs more than it saves). */
static inline bool finds_pair_digits(const geo *g)
{
    return sizeof(colset) * CHAR_BIT >= PAIR_DIGITS_FROM && GEO_N(g) >= PAIR_DIGITS_FROM;
}

/* Into row_digits[r] for each row r, a digit mask (N digits fit in a
 * colset) holding each digit that is a candidate of some cell of
 * paired[r]. The loop over the rows is inside the loop over the digits
 * and has no branch, so that the compiler takes several rows at once. */
static inline void pair_digits(const geo *g, const state *s, const colset paired[BD_BOARD_MAX],
                               colset row_digits[BD_BOARD_MAX])
{
    int n = GEO_N(g);
    memset(row_digits, 0, sizeof row_digits[0] * (size_t)n);
    for (int d = 0; d < n; d++) {
        const colset *pd = s->w + (size_t)d * (size_t)n, bit = col_bit(d);
        for (int r = 0; r < n; r++)
            row_digits[r] |= bit_if(bit, (colset)((pd[r] & paired[r]) != 0));
    }
}

/* Adds digit d to digits[c] for each column c of `hits`. */
static inline void add_pair_digit(uint64_t digits[BD_BOARD_MAX], colset hits, int d)
{
    for (; hits; hits &= (colset)(hits - 1u))
        digits[nxn_low_index(hits)] |= UINT64_C(1) << d;
}

/* Naked pairs: two open cells of one unit with the same two candidates
 * take those two digits from the unit's other cells (each row, column and
 * box they share). Cells with exactly two candidates are found by
 * accumulators over the digits, left in `paired` (the open cells with two
 * candidates) and `folded` (fold_counts(g, s, 3, folded) of `s` as it was
 * on entry). From PLACED_FROM up the state keeps `paired` of the last call
 * on it or an ancestor (paired_at): two cells that both had two candidates
 * then have the same two now (words only lose bits), so that call took
 * their pair's digits from the units they share, and the words have only
 * lost bits since: such a pair is not cleared again. Whether anything
 * changed. */
static bool naked_pairs(const geo *g, state *s, colset paired[BD_BOARD_MAX],
                        colset folded[][BD_BOARD_MAX])
{
#if BAND_WORDS
    return naked_pairs_bands(g, s, paired, folded);
#endif
    int n = GEO_N(g);
    const colset *open = s->w + (size_t)n * (size_t)n;
    int count = 0;
    uint8_t row_of[BD_BOARD_MAX * BD_BOARD_MAX], col_of[BD_BOARD_MAX * BD_BOARD_MAX];
    uint64_t pair_of[BD_BOARD_MAX * BD_BOARD_MAX];
    bool old[BD_BOARD_MAX * BD_BOARD_MAX];   /* the cell had two candidates at the last search */
    colset seen[3][BD_BOARD_MAX];
    fold_counts(g, s, 3, seen);
    memcpy(folded, seen, sizeof seen);
    for (int r = 0; r < n; r++)
        paired[r] = open[r] & seen[1][r] & (colset)~seen[2][r];
    colset *before = keeps_placed(g) ? s->w + paired_at(g) : NULL;
    colset row_digits[BD_BOARD_MAX];   /* [r]: the candidates of row r's pair cells */
    if (finds_pair_digits(g))
        pair_digits(g, s, paired, row_digits);
    for (int r = 0; r < n; r++) {
        colset pairs = paired[r];
        if (!pairs)
            continue;
        uint64_t digits[BD_BOARD_MAX];   /* [c]: the candidates of (r, c) */
        for (colset cells = pairs; cells; cells &= (colset)(cells - 1u))
            digits[nxn_low_index(cells)] = 0;
        if (finds_pair_digits(g))
            for (colset ds = row_digits[r]; ds; ds &= (colset)(ds - 1u)) {
                int d = nxn_low_index(ds);
                add_pair_digit(digits, s->w[(size_t)d * (size_t)n + (size_t)r] & pairs, d);
            }
        else
            for (int d = 0; d < n; d++)
                add_pair_digit(digits, s->w[(size_t)d * (size_t)n + (size_t)r] & pairs, d);
        for (colset cells = pairs; cells; cells &= (colset)(cells - 1u)) {
            int c = nxn_low_index(cells);
            row_of[count] = (uint8_t)r;
            col_of[count] = (uint8_t)c;
            old[count] = before && ((before[r] >> c) & 1u);
            pair_of[count++] = digits[c];
        }
    }
    if (before)
        memcpy(before, paired, sizeof paired[0] * (size_t)n);
    /* the cells in buckets by their lower digit (a counting sort), so that
     * only cells of one bucket are compared */
    int start[BD_BOARD_MAX + 1] = {0};
    uint16_t order[BD_BOARD_MAX * BD_BOARD_MAX];
    for (int i = 0; i < count; i++)
        start[nxn_low_index(pair_of[i]) + 1]++;
    for (int d = 0; d < n; d++)
        start[d + 1] += start[d];
    int fill[BD_BOARD_MAX];
    memcpy(fill, start, sizeof fill[0] * (size_t)n);
    for (int i = 0; i < count; i++)
        order[fill[nxn_low_index(pair_of[i])]++] = (uint16_t)i;
    bool progress = false;
    for (int a = 0; a < count; a++) {
        int i = order[a], end = start[nxn_low_index(pair_of[i]) + 1];   /* the bucket's end */
        for (int b = a + 1; b < end; b++) {
            int j = order[b];
            if (pair_of[i] != pair_of[j] || (old[i] && old[j]))
                continue;   /* not a pair, or one whose clears the last search made */
            int r0 = row_of[i], c0 = col_of[i], r1 = row_of[j], c1 = col_of[j];
            bool same_box = r0 / GEO_R(g) == r1 / GEO_R(g) && c0 / GEO_C(g) == c1 / GEO_C(g);
            if (r0 != r1 && c0 != c1 && !same_box)
                continue;
            progress |= clear_pair(g, s, pair_of[i], r0, c0, r1, c1, same_box);
        }
    }
    return progress;
}

/* Hidden pairs at the search's level 0 (search): on band words those
 * of rows and boxes (hidden_pairs_bands), elsewhere none (from
 * HIDDEN_PAIRS_FROM up, hidden_pairs runs at every level instead).
 * Whether anything changed. */
static inline bool level0_hidden_pairs(const geo *g, state *s, const colset paired[BD_BOARD_MAX])
{
#if BAND_WORDS
    return hidden_pairs_bands(g, s, paired);
#else
    (void)g;
    (void)s;
    (void)paired;
    return false;
#endif
}

/* The kept sets and keys (the search's `kept`, from HIDDEN_PAIRS_FROM
 * up): for each digit its sets (make_sets: a count, then up to 3 N
 * masks, then their units, a byte each), then for each digit its keys
 * (hidden_pairs: a count, then up to 3 N). The bytes of a digit's sets. */
static inline size_t sets_bytes(const geo *g)
{
    size_t n = (size_t)GEO_N(g);
    return 8u * (1u + 3u * n) + (3u * n + 7u) / 8u * 8u;
}

/* The bytes of the kept sets and keys (sets_bytes). */
static inline size_t kept_bytes(const geo *g)
{
    size_t n = (size_t)GEO_N(g);
    return n * sets_bytes(g) + n * 4u * (1u + 3u * n);
}

/* Digit d's sets in `kept`: the count, then the masks (make_sets). */
static inline uint64_t *digit_sets(const geo *g, unsigned char *kept, int d)
{
    return (uint64_t *)(void *)(kept + (size_t)d * sets_bytes(g));
}

/* The unit of each of digit d's sets in `kept` (make_sets). */
static inline uint8_t *set_units(const geo *g, unsigned char *kept, int d)
{
    return (uint8_t *)(digit_sets(g, kept, d) + 1 + 3 * GEO_N(g));
}

/* Digit d's keys in `kept`: the count, then the keys (hidden_pairs). */
static inline uint32_t *digit_keys(const geo *g, unsigned char *kept, int d)
{
    size_t n = (size_t)GEO_N(g);
    size_t at = n * sets_bytes(g) + (size_t)d * 4u * (1u + 3u * n);
    return (uint32_t *)(void *)(kept + at);
}

/* The cell of index i within unit u (rows 0..N-1, columns N..2N-1, boxes
 * 2N..3N-1, cells in reading order), as row and column. */
static inline void unit_cell(const geo *g, int u, int i, int *r, int *c)
{
    int n = GEO_N(g);
    if (u < n) {
        *r = u;
        *c = i;
    } else if (u < 2 * n) {
        *r = i;
        *c = u - n;
    } else {
        *r = g->box_top[u - 2 * n] + g->in_box_row[i];
        *c = g->box_left[u - 2 * n] + g->in_box_col[i];
    }
}

/* Whether word x has exactly three bits. */
static inline bool three_bits(uint64_t x)
{
    uint64_t rest = x & (x - 1u), rest2 = rest & (rest - 1u);
    return rest2 && !(rest2 & (rest2 - 1u));
}

/* Whether word x has two or three bits. */
static inline bool two_or_three(uint64_t x)
{
    uint64_t rest = x & (x - 1u), rest2 = rest & (rest - 1u);
    return rest && !(rest2 & (rest2 - 1u));
}

/* The columns where the digit words pd have two or three places, by a
 * carry-save count over the rows: bit c of ones and twos the low two bits
 * of column c's count, of fours whether it reached four (five operations
 * a row, against eight for accumulators of once, twice, thrice and more). */
static inline colset columns_two_or_three(const geo *g, const colset *pd)
{
    colset ones = 0, twos = 0, fours = 0;
    int r = 0;
    for (; r + 1 < GEO_N(g); r += 2) {   /* two rows and ones: a full adder */
        colset a = pd[r], b = pd[r + 1], half = ones ^ a;
        colset carry = (colset)((ones & a) | (half & b));
        ones = half ^ b;
        fours |= twos & carry;
        twos ^= carry;
    }
    if (r < GEO_N(g)) {
        colset carry = ones & pd[r];
        ones ^= pd[r];
        fours |= twos & carry;
        twos ^= carry;
    }
    return twos & (colset)~fours;
}

/* Writes into digit_sets(g, kept, d) and set_units each unit where digit
 * d has two or three places in `s`: the places as a mask of their
 * indices within the unit (unit_cell), and the unit's number. */
static void make_sets(const geo *g, const state *s, unsigned char *kept, int d)
{
    int n = GEO_N(g), count = 0;
    const colset *pd = s->w + (size_t)d * (size_t)n;
    uint64_t *set = digit_sets(g, kept, d) + 1;
    uint8_t *unit = set_units(g, kept, d);
    colset few_rows = 0;
    for (int r = 0; r < n; r++) {   /* the rows with two or three places; no branch: vectorized */
        colset x = pd[r], rest = x & (colset)(x - 1u), rest2 = rest & (colset)(rest - 1u);
        colset two_three = (colset)((rest != 0) & ((rest2 & (colset)(rest2 - 1u)) == 0));
        few_rows |= bit_if(g->bit[r], two_three);
    }
    for (colset rows = few_rows; rows; rows &= (colset)(rows - 1u)) {
        int r = nxn_low_index(rows);
        unit[count] = (uint8_t)r;
        set[count++] = pd[r];
    }
    for (colset cols = columns_two_or_three(g, pd); cols; cols &= (colset)(cols - 1u)) {
        int c = nxn_low_index(cols);
        unit[count] = (uint8_t)(n + c);
        set[count++] = column_rows(g, pd, c);
    }
    /* the boxes where d is placed (make_sets runs from HIDDEN_PAIRS_FROM
     * up, where the state keeps them) */
    colset placed = s->w[placed_at(g, d) + 1];
    for (int top = 0; top < n; top += GEO_R(g)) {
        for (int t = 0; t < GEO_R(g); t++) {
            if ((placed >> (top + t)) & 1u)
                continue;   /* d is placed in the box: its one place */
            uint64_t places = 0;
            colset stack = stack_columns(g, t);
            for (int r = top; r < top + GEO_R(g); r++) {
                uint64_t row = (uint64_t)((pd[r] & stack) >> (t * GEO_C(g)));
                places |= row << ((r - top) * GEO_C(g));
            }
            if (two_or_three(places)) {
                unit[count] = (uint8_t)(2 * n + top + t);
                set[count++] = places;
            }
        }
    }
    set[-1] = (uint64_t)count;
}

/* Makes digit d's sets in `kept` (make_sets) and, from those with two
 * places whose cells do not both lie in `paired` (two candidates alone: a
 * pair found there is naked already, and clears nothing), its keys: the
 * two cells (r * N + c, in reading order) as cell0 * N * N + cell1. */
static void make_keys(const geo *g, const state *s, unsigned char *kept, int d,
                      const colset paired[BD_BOARD_MAX])
{
    int n = GEO_N(g);
    make_sets(g, s, kept, d);
    const uint64_t *sets = digit_sets(g, kept, d);
    const uint8_t *unit = set_units(g, kept, d);
    uint32_t *keys = digit_keys(g, kept, d), count = 0;
    for (uint64_t i = 0; i < sets[0]; i++) {
        uint64_t places = sets[1 + i], rest = places & (places - 1u);
        if (rest & (rest - 1u))
            continue;
        int r0, c0, r1, c1;
        unit_cell(g, unit[i], nxn_low_index(places), &r0, &c0);
        unit_cell(g, unit[i], nxn_low_index(rest), &r1, &c1);
        if ((paired[r0] >> c0) & (paired[r1] >> c1) & 1u)
            continue;
        keys[1 + count++] = (uint32_t)((r0 * n + c0) * n * n + r1 * n + c1);
    }
    keys[0] = count;
}

/* Hidden triple {digits} at the cells `cells` (three bits: indices in
 * unit u, unit_cell): every other digit leaves the three cells. A cell
 * holding two of the digits that is in `paired` (two candidates at the
 * last naked pairs' search on this state: as many or fewer now) has
 * nothing else, and is skipped. Whether anything changed. Out of line: it
 * is rare, and kept out of the loops of unit_triples. */
static OUT_OF_LINE bool clear_triple(const geo *g, state *s, int u, uint64_t cells, uint64_t digits,
                                     const colset paired[BD_BOARD_MAX])
{
    bool progress = false;
    for (; cells; cells &= cells - 1u) {
        int r, col;
        unit_cell(g, u, nxn_low_index(cells), &r, &col);
        int held = 0;   /* the triple's digits that are candidates of the cell */
        for (uint64_t ds = digits; ds; ds &= ds - 1u)
            held += (int)((s->w[(size_t)nxn_low_index(ds) * (size_t)GEO_N(g) + (size_t)r] >> col) & 1u);
        if (held == 2 && ((paired[r] >> col) & 1u))
            continue;   /* those two are its candidates */
        /* the cell's other digits first, without a branch (most triples
         * found again leave nothing to clear), then cleared in order */
        for (uint64_t others = cell_digits(g, s, r, col) & ~digits; others; others &= others - 1u)
            progress |= clear_places(g, s, nxn_low_index(others), r, col_bit(col));
    }
    return progress;
}

/* The sets b from `from` to count - 1 (count <= 64) of `places` that fit
 * with a set of places places_a: add `room` places to it at most (0 or
 * 1), as bit b of a mask. With AVX2, four sets a step as one vector (the
 * buffer holds three sets more past any unit's, read and masked off);
 * elsewhere one a step, by a loop without a branch. */
#if defined(__AVX2__) && !defined(BD_PORTABLE)
#include <immintrin.h>

static inline uint64_t fitting_sets(const uint64_t *places, int from, int count, uint64_t places_a,
                                    uint64_t room)
{
    const __m256i a = _mm256_set1_epi64x((long long)places_a), one = _mm256_set1_epi64x((long long)room);
    uint64_t fit = 0;
    for (int b = from; b < count; b += 4) {
        __m256i added = _mm256_andnot_si256(a, _mm256_loadu_si256((const void *)(places + b)));
        __m256i ok = _mm256_cmpeq_epi64(_mm256_and_si256(added, _mm256_sub_epi64(added, one)),
                                        _mm256_setzero_si256());
        fit |= (uint64_t)(unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(ok)) << b;
    }
    return fit & nxn_all_values(count);
}
#else
static inline uint64_t fitting_sets(const uint64_t *places, int from, int count, uint64_t places_a,
                                    uint64_t room)
{
    uint64_t fit = 0;
    for (int b = from; b < count; b++) {
        uint64_t added = places[b] & ~places_a;
        fit |= (uint64_t)((added & (added - room)) == 0) << b;
    }
    return fit;
}
#endif

/* The hidden triples of unit u (hidden_triples) from its `count` sets
 * places[i] (digit digit[i], count <= 64), the first `touched` of them of
 * touched digits: each triple whose first set, a, is one of those. The
 * sets b that fit with a (add to a's places `room` of them at most: 3
 * minus a's, 0 or 1) are found first, by a loop without a branch; the
 * other two of a triple are among them. Whether anything changed. */
static inline bool unit_triples(const geo *g, state *s, int u, const uint64_t *places,
                                const uint8_t *digit, int touched, int count,
                                const colset paired[BD_BOARD_MAX])
{
    bool progress = false;
    for (int a = 0; a < touched; a++) {
        uint64_t places_a = places[a], room = !three_bits(places_a);
        uint64_t fit = fitting_sets(places, a + 1, count, places_a, room);
        for (; fit; fit &= fit - 1u) {
            int b = nxn_low_index(fit);
            uint64_t ab = places_a | places[b];
            for (uint64_t rest = fit & (fit - 1u); rest; rest &= rest - 1u) {
                int c = nxn_low_index(rest);
                if (three_bits(ab | places[c]))
                    progress |= clear_triple(g, s, u, ab | places[c],
                                             UINT64_C(1) << digit[a] | UINT64_C(1) << digit[b]
                                                 | UINT64_C(1) << digit[c], paired);
            }
        }
    }
    return progress;
}

/* Hidden triples: three digits whose places in one unit lie in the same
 * three cells leave those cells no other candidate. The places of each
 * digit in each unit where it has two or three (make_sets) are kept in
 * `kept`, made again for the digits in `s->touched` only (by hidden_pairs,
 * which runs first, with the state as here), and only
 * triples with a touched digit are looked for (hidden_pairs says why).
 * Whether anything changed. */
static bool hidden_triples(const geo *g, state *s, unsigned char *kept,
                           const colset paired[BD_BOARD_MAX])
{
    enum { SETS_MAX = 3 * BD_BOARD_MAX * BD_BOARD_MAX + 3 };   /* and three past the last unit's (fitting_sets) */
    int n = GEO_N(g);
    static _Thread_local uint64_t by_unit[SETS_MAX];
    static _Thread_local uint8_t digit_of[SETS_MAX];
    /* unit u's sets from start[u] = u N (a digit has one set a unit at
     * most), those of touched digits first, up to first_untouched[u] */
    int start[3 * BD_BOARD_MAX], fill[3 * BD_BOARD_MAX], first_untouched[3 * BD_BOARD_MAX];
    for (int u = 0; u < 3 * n; u++)
        start[u] = fill[u] = u * n;
    for (int pass = 0; pass < 2; pass++) {
        for (int d = 0; d < n; d++) {
            if (((s->touched >> d) & 1u) == (uint64_t)pass)
                continue;
            const uint64_t *sets = digit_sets(g, kept, d);
            const uint8_t *unit = set_units(g, kept, d);
            uint64_t count = sets[0];   /* read once: the byte stores below may alias it */
            for (uint64_t i = 0; i < count; i++) {
                int at = fill[unit[i]]++;
                by_unit[at] = sets[1 + i];
                digit_of[at] = (uint8_t)d;
            }
        }
        if (pass == 0)
            memcpy(first_untouched, fill, sizeof fill[0] * (size_t)(3 * n));
    }
    bool progress = false;
    for (int u = 0; u < 3 * n; u++)
        progress |= unit_triples(g, s, u, by_unit + start[u], digit_of + start[u],
                                 first_untouched[u] - start[u], fill[u] - start[u], paired);
    return progress;
}

/* Hidden pairs: two digits whose places in some row, column or box are
 * the same two cells (each digit's unit may differ: both cells share a
 * unit) leave those cells no other candidate. Each (digit, unit) with
 * exactly two places gives a key (the two cells), but where both cells
 * are in `paired` (two candidates alone: a pair found there is naked
 * already, and clears nothing); keys are chained by a hash and only keys
 * of one chain compared. Each digit's keys are kept in `kept`
 * (digit_keys), made again (with its sets, make_keys) only for the
 * digits in `s->touched`: the
 * others' places are as when they were made, and their keys as many or
 * more (a key whose cells have since lost all but its two digits finds a
 * pair that clears nothing). Only pairs with a touched digit are looked
 * for: two untouched digits were so when the last search found nothing
 * to clear (the caller clears touched when hidden_triples did not
 * either), with the cells' candidates as now or more. Whether anything changed. */
static bool hidden_pairs(const geo *g, state *s, unsigned char *kept,
                         const colset paired[BD_BOARD_MAX])
{
    enum { KEYS_MAX = 3 * BD_BOARD_MAX * BD_BOARD_MAX, HEADS = 1024 };
    int n = GEO_N(g), count = 0;
    static _Thread_local uint32_t key[KEYS_MAX];
    static _Thread_local uint8_t digit_of[KEYS_MAX];
    static _Thread_local uint16_t next[KEYS_MAX];
    uint16_t head[HEADS];
    int first[BD_BOARD_MAX + 1];   /* digit d's keys: first[d] to first[d + 1] - 1 */
    memset(head, 0, sizeof head);
    for (int d = 0; d < n; d++) {
        if ((s->touched >> d) & 1u)
            make_keys(g, s, kept, d, paired);
        const uint32_t *keys = digit_keys(g, kept, d);
        first[d] = count;
        uint32_t last = keys[0];   /* read once: the byte stores below may alias it */
        for (uint32_t i = 1; i <= last; i++) {
            uint32_t h = (uint32_t)(keys[i] * UINT32_C(2654435761)) >> 22;
            key[count] = keys[i];
            digit_of[count] = (uint8_t)d;
            next[count] = head[h];
            head[h] = (uint16_t)(count + 1);
            count++;
        }
    }
    first[n] = count;
    bool progress = false;
    for (uint64_t todo = s->touched; todo; todo &= todo - 1u) {
        int d = nxn_low_index(todo);
        for (int i = first[d]; i < first[d + 1]; i++) {
            uint32_t h = (uint32_t)(key[i] * UINT32_C(2654435761)) >> 22;
            for (int j = head[h] - 1; j >= 0; j = next[j] - 1) {
                if (key[i] != key[j] || digit_of[j] == d)
                    continue;
                uint64_t pair = UINT64_C(1) << d | UINT64_C(1) << digit_of[j];
                int cells[2] = {(int)(key[i] / (uint32_t)(n * n)),
                                 (int)(key[i] % (uint32_t)(n * n))};
                for (int k = 0; k < 2; k++) {
                    int r = cells[k] / n, c = cells[k] % n;
                    for (int e = 0; e < n; e++)
                        if (!((pair >> e) & 1u))
                            progress |= clear_places(g, s, e, r, col_bit(c));
                }
            }
        }
    }
    return progress;
}

/* After propagation found a contradiction in `s`, blames it on a unit,
 * after halving every unit's weight (rounded down) when the failures
 * blamed reach a multiple of HALVE_EVERY, so that recent failures weigh
 * more than old ones: the first open cell without a candidate (in
 * reading order) adds one to the weights of its row, column and box;
 * else the first digit (lowest first) that has no place in a row, a
 * column or a box (looked for in that order) adds one to that unit's. Every deduction left in `s` is
 * sound, so what is found empty is a true conflict; nothing is blamed
 * when none is found. */
static void blame(ctx *x, const state *s)
{
    const geo *g = &x->g;
    int n = GEO_N(g);
    uint32_t *weight = x->weights.unit;
    if (++x->weights.blamed % HALVE_EVERY == 0)
        for (int i = 0; i < 3 * n; i++)
            weight[i] /= 2;
    const colset *open = s->w + (size_t)n * (size_t)n;
    colset seen[1][BD_BOARD_MAX];
    fold_counts(g, s, 1, seen);
    for (int r = 0; r < n; r++) {
        colset empty = open[r] & (colset)~seen[0][r];
        if (empty) {
            int c = nxn_low_index(empty);
            weight[r]++;
            weight[n + c]++;
            weight[2 * n + r / GEO_R(g) * GEO_R(g) + c / GEO_C(g)]++;
            return;
        }
    }
    for (int d = 0; d < n; d++) {
        const colset *pd = s->w + (size_t)d * (size_t)n;
        colset cols = 0;
        for (int r = 0; r < n; r++) {
            if (!pd[r]) {
                weight[r]++;
                return;
            }
            cols |= pd[r];
        }
        if (cols != g->full) {
            weight[n + nxn_low_index(g->full & (colset)~cols)]++;
            return;
        }
        for (int top = 0; top < n; top += GEO_R(g))
            for (int t = 0; t < GEO_R(g); t++) {
                colset places = 0;
                for (int r = top; r < top + GEO_R(g); r++)
                    places |= pd[r] & g->stack_mask[t];
                if (!places) {
                    weight[2 * n + top + t]++;
                    return;
                }
            }
    }
}

/* Hands the solved state to the visitor (its cells written when it wants
 * them); the search stops when the visitor is done. */
static void found_solution(ctx *x, const state *s)
{
    nxn_visitor *v = x->visitor;
    if (nxn_visitor_wants_cells(v)) {
        int n = GEO_N(&x->g);
        for (int d = 0; d < n; d++)
            for (int r = 0; r < n; r++) {
                int c = nxn_low_index(s->w[(size_t)d * (size_t)n + (size_t)r]);
                v->board->cells[r * n + c] = (uint8_t)(d + 1);
            }
    }
    nxn_visit(v);
    x->stop = v->done;
}

/* Copies state `from` to `to`: its words (the kept sets and keys are
 * the search's, save_kept). */
static void copy_state(const geo *g, state *to, const state *from)
{
    memcpy(to, from, sizeof(state) + state_words(GEO_N(g)) * sizeof(colset));
}

/* What the trail holds after a digit's saved sets, units and keys
 * (save_kept): which digit, their counts, and the level that made them. */
typedef struct saved_kept {
    uint32_t digit, sets, keys;
    int32_t made_at;
} saved_kept;

/* The bytes a digit's save takes on the trail with `sets` sets and `keys`
 * keys: the sets with their count, their units, the keys with their
 * count, each rounded up to 8 bytes, then its saved_kept. */
static inline size_t saved_bytes(size_t sets, size_t keys)
{
    return 8u * (1u + sets) + round8(sets) + round8(4u * (1u + keys)) + sizeof(saved_kept);
}

/* Before the digits `digits` (bit d) have their kept sets and keys made
 * again at `level`: pushes on the trail, by their counts, those that a
 * level above made (x->made_at), so that restore_kept gives them back
 * when the search returns there; those made at `level` are its own to
 * overwrite. False (x->nomem set) when memory ran out. */
static bool save_kept(ctx *x, int level, uint64_t digits)
{
    const geo *g = &x->g;
    for (; digits; digits &= digits - 1u) {
        int d = nxn_low_index(digits);
        if (x->made_at[d] == level)
            continue;
        const uint64_t *sets = digit_sets(g, x->kept, d);
        const uint32_t *keys = digit_keys(g, x->kept, d);
        saved_kept save = {(uint32_t)d, (uint32_t)sets[0], keys[0], x->made_at[d]};
        size_t bytes = saved_bytes(save.sets, save.keys);
        if (x->trail_used + bytes > x->trail_size) {
            size_t size = x->trail_size * 2 > x->trail_used + bytes ? x->trail_size * 2
                                                                   : x->trail_used + bytes;
            unsigned char *grown = realloc(x->trail, size);
            if (!grown) {
                x->nomem = x->stop = true;
                return false;
            }
            x->trail = grown;
            x->trail_size = size;
        }
        unsigned char *at = x->trail + x->trail_used;
        memcpy(at, sets, 8u * (1u + save.sets));
        at += 8u * (1u + save.sets);
        memcpy(at, set_units(g, x->kept, d), save.sets);
        at += round8(save.sets);
        memcpy(at, keys, 4u * (1u + save.keys));
        at += round8(4u * (1u + save.keys));
        memcpy(at, &save, sizeof save);
        x->trail_used += bytes;
        x->made_at[d] = level;
    }
    return true;
}

/* Gives back the kept sets and keys saved on the trail (save_kept) since
 * it held `mark` bytes, the latest first, with the levels that made
 * them. */
static void restore_kept(ctx *x, size_t mark)
{
    const geo *g = &x->g;
    while (x->trail_used > mark) {
        saved_kept save;
        memcpy(&save, x->trail + x->trail_used - sizeof save, sizeof save);
        x->trail_used -= saved_bytes(save.sets, save.keys);
        const unsigned char *at = x->trail + x->trail_used;
        int d = (int)save.digit;
        memcpy(digit_sets(g, x->kept, d), at, 8u * (1u + save.sets));
        at += 8u * (1u + save.sets);
        memcpy(set_units(g, x->kept, d), at, save.sets);
        at += round8(save.sets);
        memcpy(digit_keys(g, x->kept, d), at, 4u * (1u + save.keys));
        x->made_at[d] = save.made_at;
    }
}

/* Propagates the state at `level` until it stalls, then picks the cell
 * to guess on and its digits into the level's guess (level_guess); false
 * when the level's node ended instead: a contradiction, a solution (handed
 * to the visitor), or memory out (x->stop set). */
static bool settle(ctx *x, int level)
{
    const geo *g = &x->g;
    state *s = level_state(x, level);
    bool folded = false;   /* x->folds are naked_pairs' of s as it is */
    for (;;) {
        if (!propagate(g, s)) {
            if (weighted(g))
                blame(x, s);
            return false;
        }
        if (s->open_count == 0) {
            found_solution(x, s);
            return false;
        }
        if (!pairs(g))
            break;
        if (naked_pairs(g, s, x->two, x->folds)
            || (level == 0 && level0_hidden_pairs(g, s, x->two)))
            continue;
        if (finds_hidden_pairs(g)) {
            if (!save_kept(x, level, s->touched))
                return false;
            if (hidden_pairs(g, s, x->kept, x->two) || hidden_triples(g, s, x->kept, x->two))
                continue;
            s->touched = 0;
        }
        folded = true;
        break;
    }
    guess *f = level_guess(x, level);
    pick_cell(g, s, &x->counts, weighted(g) ? x->weights.unit : NULL,
              folded ? (const colset(*)[BD_BOARD_MAX])x->folds : NULL, &f->r, &f->c);
    f->digits = cell_digits(g, s, f->r, f->c);
    x->guesses++;
    return true;
}

/* Searches from the root state at level 0 (the file comment), in a loop
 * whose C stack does not grow with the depth: each level's guess
 * (level_guess) holds its cell and the digits left to try there. A
 * branch but the last goes down a level, on a copy; the last goes on at
 * the same level, on the state it guessed from. A level whose node ends
 * (a contradiction, a solution) hands back to the level above, whose
 * guess it was copied for and still has digits to try. */
static void search(ctx *x)
{
    const geo *g = &x->g;
    int level = 0;
    bool open = settle(x, level);
    for (;;) {
        if (x->stop)
            return;
        if (!open) {
            if (level == 0)
                return;
            level--;
            if (finds_hidden_pairs(g))
                restore_kept(x, level_guess(x, level)->mark);
        }
        guess *f = level_guess(x, level);
        int r = f->r, c = f->c;
        int d = x->pick ? x->pick(x->pick_context, r * GEO_N(g) + c, f->digits)
                        : nxn_low_index(f->digits);
        f->digits &= ~(UINT64_C(1) << d);
        if (bdi_budget_spend(x->budget)) {
            x->stop = true;
            return;
        }
        if (f->digits) {   /* not the last: a copy, a level down */
            if (!ensure_level(x, level + 1)) {
                x->stop = true;
                return;
            }
            level_guess(x, level)->mark = x->trail_used;
            copy_state(g, level_state(x, level + 1), level_state(x, level));
            level++;
        }
        place(g, level_state(x, level), d, r, c);
        open = settle(x, level);
    }
}

/* The geometry of `board` in this width's words. */
static void make_geo(geo *g, const bd_board *board)
{
    g->box_rows = board->box_rows;
    g->box_cols = board->box_cols;
    g->n = board->size;
    g->full = (colset)nxn_all_values(GEO_N(g));
    g->all_bands = (colset)nxn_all_values(GEO_N(g) / GEO_R(g));
    for (int r = 0; r < GEO_N(g); r++)
        g->band_bit[r] = col_bit(r / GEO_R(g));
    for (int t = 0; t < GEO_R(g); t++)
        g->stack_mask[t] = (colset)(nxn_all_values(GEO_C(g)) << (t * GEO_C(g)));
    for (int c = 0; c < GEO_N(g); c++) {
        g->stack_of_col[c] = g->stack_mask[c / GEO_C(g)];
        g->bit[c] = col_bit(c);
    }
    for (int i = 0; i < GEO_N(g); i++) {   /* box i, and cell i of a box */
        g->box_top[i] = (uint8_t)(i / GEO_R(g) * GEO_R(g));
        g->box_left[i] = (uint8_t)(i % GEO_R(g) * GEO_C(g));
        g->in_box_row[i] = (uint8_t)(i / GEO_C(g));
        g->in_box_col[i] = (uint8_t)(i % GEO_C(g));
    }
}

/* Where each digit is given: the rows, columns and boxes that hold it,
 * and its column in each row that does. */
typedef struct givens {
    uint64_t rows[BD_BOARD_MAX], cols[BD_BOARD_MAX], boxes[BD_BOARD_MAX];
    colset taken[BD_BOARD_MAX];             /* the given cells of each row */
    int8_t at[BD_BOARD_MAX][BD_BOARD_MAX]; /* [d][r]: the given's column */
} givens;

/* Collects the givens of `puzzle`; false when two clash. */
static bool collect_givens(const geo *g, const bd_board *puzzle, givens *gv)
{
    int n = GEO_N(g);
    memset(gv->rows, 0, sizeof gv->rows);
    memset(gv->cols, 0, sizeof gv->cols);
    memset(gv->boxes, 0, sizeof gv->boxes);
    for (int r = 0; r < n; r++) {
        colset taken = 0;
        for (int c = 0; c < n; c++) {
            int value = puzzle->cells[r * n + c];
            if (!value)
                continue;
            int d = value - 1, box = r / GEO_R(g) * GEO_R(g) + c / GEO_C(g);
            uint64_t seen = (gv->rows[d] >> r | gv->cols[d] >> c | gv->boxes[d] >> box) & 1u;
            if (seen)
                return false;
            gv->rows[d] |= UINT64_C(1) << r;
            gv->cols[d] |= UINT64_C(1) << c;
            gv->boxes[d] |= UINT64_C(1) << box;
            gv->at[d][r] = (int8_t)c;
            taken |= col_bit(c);
        }
        gv->taken[r] = taken;
    }
    return true;
}

/* Sets up the root state of the task (the file comment); false when the
 * givens clash with each other or with an exclusion. */
static bool init_state(ctx *x, const nxn_task *task, state *s)
{
    const geo *g = &x->g;
    int n = GEO_N(g);
    givens gv;
    if (!collect_givens(g, task->puzzle, &gv))
        return false;
    for (int d = 0; d < n; d++) {
        colset *pd = s->w + (size_t)d * (size_t)n;
        for (int top = 0; top < n; top += GEO_R(g)) {
            colset band = g->full & (colset)~(colset)gv.cols[d];
            uint64_t boxes = gv.boxes[d] >> (top / GEO_R(g) * GEO_R(g));
            for (int t = 0; t < GEO_R(g); t++)
                if ((boxes >> t) & 1u)
                    band &= (colset)~g->stack_mask[t];
            for (int r = top; r < top + GEO_R(g); r++)
                pd[r] = (gv.rows[d] >> r) & 1u ? col_bit(gv.at[d][r])
                                               : band & (colset)~gv.taken[r];
        }
    }
    s->open_count = 0;
    for (int r = 0; r < n; r++) {
        s->w[(size_t)n * (size_t)n + (size_t)r] = g->full & (colset)~gv.taken[r];
        s->open_count += n - bit_count(gv.taken[r]);
    }
    s->dirty = s->touched = nxn_all_values(n);
    for (int d = 0; d < n; d++) {   /* on band words, paired_before: none */
        *bands_of(g, s, d) = BAND_WORDS ? 0 : g->all_bands;
        if (keeps_placed(g)) {
            s->w[placed_at(g, d)] = (colset)gv.cols[d];
            s->w[placed_at(g, d) + 1] = (colset)gv.boxes[d];
            s->w[paired_at(g) + (size_t)d] = 0;   /* row d: no search for pairs yet */
        }
    }
    for (int i = 0; i < task->excluded_count; i++) {
        int cell = task->excluded[i].cell, d = task->excluded[i].value - 1;
        int r = cell / n, c = cell % n;
        if (task->puzzle->cells[cell] == d + 1)
            return false;
        s->w[(size_t)d * (size_t)n + (size_t)r] &= (colset)~col_bit(c);
    }
    return true;
}

/* The engine in this file's width: the contract of nxn_engine_fn. */
static nxn_run enumerate(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                         bd_stats *stats)
{
    ctx context, *x = &context;
    make_geo(&x->g, task->puzzle);
    x->stride = level_bytes(GEO_N(&x->g));
    x->levels = x->local.bytes;
    x->capacity = (int)(LOCAL_BYTES / x->stride);
    x->on_heap = false;
    x->guesses = 0;
    x->weights = task->weights ? *task->weights : (nxn_weights){{0}, 0};
    x->stop = x->nomem = false;
    x->kept = x->trail = NULL;
    x->trail_used = x->trail_size = 0;
    if (finds_hidden_pairs(&x->g)) {
        memset(x->made_at, 0, sizeof x->made_at);   /* the root's: level 0 */
        x->kept = malloc(kept_bytes(&x->g));
        x->nomem = !x->kept;
    }
    x->visitor = visitor;
    x->pick = task->pick;
    x->pick_context = task->pick_context;
    x->budget = task->budget ? task->budget : &x->own;
    if (!task->budget)
        bdi_budget_init(&x->own, options);
    uint64_t nodes_before = x->budget->nodes;
    if (!x->nomem && ensure_level(x, 0) && init_state(x, task, level_state(x, 0))
        && !bdi_budget_spend(x->budget))
        search(x);
    if (stats) {
        stats->nodes += x->budget->nodes - nodes_before;
        stats->guesses += x->guesses;
    }
    if (task->weights)
        *task->weights = x->weights;
    nxn_run run = x->nomem ? NXN_NOMEM : x->budget->cut ? NXN_CUT : NXN_RAN;
    if (x->on_heap)
        free(x->levels);
    free(x->kept);
    free(x->trail);
    return run;
}
