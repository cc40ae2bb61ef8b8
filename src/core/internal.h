/*
 * internal.h - helpers shared between the library's .c files: geometry
 * tables, digit <-> bit, popcount, and the search budget (node and time
 * limits). Nothing here is public; cross-file functions carry the bdi_
 * prefix.
 *
 * Digits and bits: digit d (1..9) is bit d-1 of a 9-bit mask. Only
 * digit_bit() and bit_digit() convert between the two.
 */
#ifndef BITDOKU_INTERNAL_H
#define BITDOKU_INTERNAL_H

#include "bitdoku.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

enum { ALL_DIGITS = (1u << BD_SIZE) - 1u };

/* Lets the compiler check printf-style formats of our own functions. */
#if defined(__GNUC__)
#define BDI_PRINTF_LIKE(fmt_arg, first_arg) \
    __attribute__((format(printf, fmt_arg, first_arg)))
#else
#define BDI_PRINTF_LIKE(fmt_arg, first_arg)
#endif

static inline unsigned digit_bit(int digit)
{
    return 1u << (digit - 1);
}

/* digit_bit for a cell's value: 0 (no bit) for a blank. */
static inline unsigned cell_bit(int value)
{
    return (1u << value) >> 1;
}

/* The digit of the lowest set bit of a non-zero mask. */
static inline int bit_digit(unsigned mask)
{
#if defined(__GNUC__) && !defined(BD_PORTABLE)
    return __builtin_ctz(mask) + 1;
#else
    int digit = 1;
    while (!(mask & 1u)) {
        mask >>= 1;
        digit++;
    }
    return digit;
#endif
}

/* The digit of the highest set bit of a non-zero mask. */
static inline int top_digit(unsigned mask)
{
#if defined(__GNUC__) && !defined(BD_PORTABLE)
    return 32 - __builtin_clz(mask);
#else
    int digit = 0;
    while (mask) {
        mask >>= 1;
        digit++;
    }
    return digit;
#endif
}

static inline int popcount(unsigned mask)
{
#if defined(__GNUC__) && !defined(BD_PORTABLE)
    return __builtin_popcount(mask);
#else
    int count = 0;
    for (; mask; mask &= mask - 1u)
        count++;
    return count;
#endif
}

/* The number of bits in a 9-bit mask (SWAR: no library call where the
 * target has no popcount instruction). */
static inline int digit_count(unsigned mask)
{
    mask = mask - ((mask >> 1) & 0x5555u);
    mask = (mask & 0x3333u) + ((mask >> 2) & 0x3333u);
    mask = (mask + (mask >> 4)) & 0x0F0Fu;
    return (int)((mask + (mask >> 8)) & 0x1Fu);
}

static inline int row_of(int cell) { return cell / BD_SIZE; }
static inline int col_of(int cell) { return cell % BD_SIZE; }
static inline int box_of(int cell)
{
    return row_of(cell) / BD_BOX * BD_BOX + col_of(cell) / BD_BOX;
}

/* The three kinds of unit, in the order every per-kind table uses. */
enum { UNIT_ROW, UNIT_COL, UNIT_BOX, UNIT_KINDS };

/* The unit of `kind` that holds `cell`. */
static inline int unit_of(int kind, int cell)
{
    return kind == UNIT_ROW ? row_of(cell) : kind == UNIT_COL ? col_of(cell) : box_of(cell);
}

/* The cell at position `pos` (0..8) of unit (kind, index): positions run
 * left to right in a row, top to bottom in a column, row by row in a box. */
static inline int unit_cell(int kind, int index, int pos)
{
    if (kind == UNIT_ROW)
        return index * BD_SIZE + pos;
    if (kind == UNIT_COL)
        return pos * BD_SIZE + index;
    return (index / BD_BOX * BD_BOX + pos / BD_BOX) * BD_SIZE + index % BD_BOX * BD_BOX
           + pos % BD_BOX;
}

/*
 * The digits used in each unit: used[kind][unit], a 9-bit mask. The state
 * the bitmask searches (solve.c, target.c), the exact-cover set-up (dlx.c)
 * and the givens check share.
 */
typedef struct bdi_units {
    unsigned used[UNIT_KINDS][BD_SIZE];
} bdi_units;

static inline void units_add(bdi_units *units, int cell, unsigned bit)
{
    units->used[UNIT_ROW][row_of(cell)] |= bit;
    units->used[UNIT_COL][col_of(cell)] |= bit;
    units->used[UNIT_BOX][box_of(cell)] |= bit;
}

static inline void units_remove(bdi_units *units, int cell, unsigned bit)
{
    units->used[UNIT_ROW][row_of(cell)] &= ~bit;
    units->used[UNIT_COL][col_of(cell)] &= ~bit;
    units->used[UNIT_BOX][box_of(cell)] &= ~bit;
}

/* The digits that none of the units of `cell` uses. */
static inline unsigned units_free(const bdi_units *units, int cell)
{
    return ALL_DIGITS & ~(units->used[UNIT_ROW][row_of(cell)]
                          | units->used[UNIT_COL][col_of(cell)]
                          | units->used[UNIT_BOX][box_of(cell)]);
}

/* Fills `units` with the digits given in `grid` (cells 0..9); false when
 * two givens clash (a digit twice in a unit). */
bool bdi_units_of_givens(bdi_units *units, const bd_grid *grid);

/*
 * A search budget (budget.c): counts nodes and stops the search when the
 * node limit or the timeout is reached. The clock is read every
 * `check_every` nodes, a number that adapts to how long nodes take, so that
 * the reads are at most a small fraction of the timeout (and of a
 * millisecond) apart: a timeout holds to within that, whatever the engine.
 */
typedef struct bdi_budget {
    uint64_t nodes;
    uint64_t max_nodes;     /* 0: none */
    double timeout;         /* seconds; 0: none */
    struct timespec start;
    uint64_t next_check;    /* read the clock when nodes reaches this */
    uint64_t check_every;   /* nodes between two reads of the clock */
    double last_check;      /* seconds since start at the last read */
    bool cut;               /* a limit was hit */
} bdi_budget;

/* Starts a budget: options->max_nodes and options->timeout, the clock from
 * now. */
void bdi_budget_init(bdi_budget *budget, const bd_options *options);

/* Seconds since `start` on the wall clock. */
double bdi_seconds_since(const struct timespec *start);

/* Reads the clock for bdi_budget_spend: sets and returns budget->cut when
 * the timeout has passed, and schedules the next read. */
bool bdi_budget_check(bdi_budget *budget);

/* Counts one node; true when the search must stop now. */
static inline bool bdi_budget_spend(bdi_budget *budget)
{
    budget->nodes++;
    if (budget->max_nodes && budget->nodes > budget->max_nodes)
        budget->cut = true;
    else if (budget->nodes >= budget->next_check)
        return bdi_budget_check(budget);
    return budget->cut;
}

/* For long work between nodes (a bound's iterations): true, with
 * budget->cut set, when the timeout has passed. Reads the clock on each
 * call when there is a timeout. */
bool bdi_budget_expired(bdi_budget *budget);

/*
 * Pseudo-random numbers (random.c): splitmix64, the same on every machine.
 * A stream is named by a seed and a stream index.
 */
typedef struct bdi_rng {
    uint64_t state;
} bdi_rng;

/* Starts the stream named by `seed` and `stream`. */
void bdi_rng_init(bdi_rng *rng, uint64_t seed, uint64_t stream);

/* The next 64-bit number of the stream. */
uint64_t bdi_rng_next(bdi_rng *rng);

/* A number in [0, n), each equally likely (n >= 1). */
int bdi_rng_below(bdi_rng *rng, int n);

/* Shuffles items[0..n) (Fisher-Yates, from the last item down). */
void bdi_rng_shuffle(bdi_rng *rng, int *items, int n);

/* True when every cell of `grid` is 0..9 (grid.c). */
bool bdi_cells_ok(const bd_grid *grid);

/*
 * One field of a CSV or TSV row (csv.c), as byte offsets into the row:
 * the field is row[start..end), its text (inside the quotes, if quoted,
 * with any "" left doubled) row[text..text_end). A broken quote is a
 * fault at row[fault_at].
 */
typedef enum bdi_field_fault {
    BDI_FIELD_OK,
    BDI_FIELD_UNCLOSED,       /* a quoted field not closed on its line */
    BDI_FIELD_AFTER_QUOTE     /* something other than blanks after the closing quote */
} bdi_field_fault;

typedef struct bdi_field {
    size_t start, end, text, text_end;
    bool quoted;
    bdi_field_fault fault;
    size_t fault_at;
} bdi_field;

/* Reads the field that starts at row[start] (start <= len), separated by
 * `sep`; false when its quotes are broken (f->fault says how). The next
 * field, if f->end < len, starts at f->end + 1. */
bool bdi_csv_field(const char *row, size_t len, size_t start, char sep, bdi_field *f);

/* True when a field's text looks like a grid (see csv.c). */
bool bdi_csv_grid_like(const char *text, size_t len);

/* True when a row looks like a header: no field looks like a grid, every
 * field that is not blank starts with a letter, and one at least does. */
bool bdi_csv_header_like(const char *row, size_t len, char sep);

/* True when a line holding a tab is a row of TSV: it looks like a header,
 * or a field looks like a grid and another field is not blank (so that
 * neither a grid row spaced with tabs nor a puzzle followed by a tab is
 * one). */
bool bdi_csv_tsv_row(const char *text, size_t len);

/* The 1-based column, in characters of UTF-8, of byte `offset` of `text`. */
unsigned long bdi_text_column(const char *text, size_t offset);

/*
 * What a search engine (solve.c, dlx.c, fast.c) keeps of the completions it
 * visits (visitor.c): the first one, a count up to a limit, or the best
 * target score.
 */
typedef enum bdi_visit_mode { VISIT_FIRST, VISIT_COUNT, VISIT_TARGET, VISIT_EACH } bdi_visit_mode;

typedef struct bdi_visitor {
    bdi_visit_mode mode;
    bool done;                /* wants no more completions */
    uint64_t count, limit;    /* completions visited; VISIT_COUNT's and
                                 VISIT_EACH's limit (0: none) */
    int best_score;           /* VISIT_TARGET: the best so far, -1 if none */
    bd_grid best;             /* the first completion, or one with best_score */
    bd_solution_fn on_each;   /* VISIT_EACH: called with every completion */
    void *context;            /* and its context */
} bdi_visitor;

/* Starts a visitor in `mode` (with `limit` for VISIT_COUNT; 0: none) that
 * has seen nothing yet. */
void bdi_visitor_init(bdi_visitor *visitor, bdi_visit_mode mode, uint64_t limit);

/* Turns a visitor that counts (VISIT_COUNT, after bdi_visitor_init) into
 * one that also hands each completion to `on_each` (VISIT_EACH), which may
 * stop the search by returning false. */
void bdi_visitor_each(bdi_visitor *visitor, bd_solution_fn on_each, void *context);

/* Takes a completion: its cells (may be NULL for VISIT_COUNT) and its
 * target score (read by VISIT_TARGET only). */
void bdi_visit(bdi_visitor *visitor, const uint8_t *cells, int score);

/* The results of bd_solve, bd_count and bd_target from what `visitor` kept,
 * given whether a limit cut the search short. */
bd_status bdi_visitor_solution(const bdi_visitor *visitor, bool cut, bd_grid *solution);
bd_status bdi_visitor_count(const bdi_visitor *visitor, bool cut, uint64_t *count);
bd_status bdi_visitor_target(const bdi_visitor *visitor, bool cut, int *score, bd_grid *best);

/*
 * The fast engine's band reduction table (fast.c): for each 3 x 3 matrix of
 * a band's segments (one row inside one box) that have a place for a digit,
 * index bit 3 * row + box, the cells of the segments on some permutation
 * rows -> boxes that fits in the matrix (0: none fits), and the first cells
 * of the segments on every fitting permutation, as 27-bit band words
 * (bit 9 * row + column).
 */
typedef struct bdi_band_fit {
    uint32_t keep, in_all;
} bdi_band_fit;

extern const bdi_band_fit bdi_band_fits[512];

/*
 * The enumerating engines: each searches `puzzle` and hands every
 * completion it finds to `visitor`, which the caller has set up (what to
 * keep, and when it has had enough), until the visitor is done or the
 * budget of `options` runs out. Returns whether the budget cut the search
 * short; adds the effort to `stats` (may be NULL). The caller (search.c,
 * whose table says which engine serves what) has checked the arguments
 * and, but for the fast engine, that the givens do not clash.
 */
typedef bool (*bdi_enumerate_fn)(const bd_grid *puzzle, const bd_options *options,
                                 bdi_visitor *visitor, bd_stats *stats);
/* The plain bitmask DFS in options->order (solve.c); it scores its
 * completions, so it also serves the exhaustive target search, the test
 * oracle. */
bool bdi_dfs_enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                       bd_stats *stats);
/* Dancing Links (dlx.c); scores its completions too. */
bool bdi_dlx_enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                       bd_stats *stats);
/* The fast engine (fast.c): singles propagation on band-wise bit-parallel
 * candidates. It finds clashing givens itself (no completion, no node
 * spent), so search.c calls it before bd_givens_ok. Its completions carry
 * no score: not for VISIT_TARGET. Nodes are the root plus every guess
 * branch tried, guesses the cells guessed on (0: solved by propagation). */
bool bdi_fast_enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                        bd_stats *stats);
/* The same engine as compiled for any processor of the target (the
 * fallback, the only one under BD_PORTABLE), and for x86-64 with AVX-512
 * (built where CMake finds gcc or clang for x86-64; it may run only where
 * bdi_fast_avx512 returns it). All give the same answers, nodes and
 * guesses; bdi_fast_enumerate calls the AVX-512 one where it runs. */
bool bdi_fast_enumerate_base(const bd_grid *puzzle, const bd_options *options,
                             bdi_visitor *visitor, bd_stats *stats);
bool bdi_fast_enumerate_avx512(const bd_grid *puzzle, const bd_options *options,
                               bdi_visitor *visitor, bd_stats *stats);
/* bdi_fast_enumerate_avx512 where the library has it and the processor
 * and system run it (AVX-512F, POPCNT, BMI1, BMI2), else NULL. */
bdi_enumerate_fn bdi_fast_avx512(void);

/* The results of bd_solve, bd_count, bd_solutions and bd_target (their
 * contracts, without the checks) from `engine` run with a visitor of the
 * matching kind (visitor.c): search.c's one way to call an engine. */
bd_status bdi_solve_by(bdi_enumerate_fn engine, const bd_grid *puzzle, const bd_options *options,
                       bd_grid *solution, bd_stats *stats);
bd_status bdi_count_by(bdi_enumerate_fn engine, const bd_grid *puzzle, uint64_t limit,
                       const bd_options *options, uint64_t *count, bd_stats *stats);
bd_status bdi_each_by(bdi_enumerate_fn engine, const bd_grid *puzzle, uint64_t limit,
                      const bd_options *options, bd_solution_fn on_solution, void *context,
                      uint64_t *count, bd_stats *stats);
bd_status bdi_target_by(bdi_enumerate_fn engine, const bd_grid *puzzle, const bd_options *options,
                        int *score, bd_grid *best, bd_stats *stats);

/*
 * The target optimizers: the contract of bd_target in bitdoku.h, with the
 * caller's checks done as for the enumerating engines (the givens checked
 * too), `options` and `score` never NULL (`stats` and `best` may be).
 * bdi_bound_target: branch and bound with Lagrangian bounds (target.c),
 * exact, and fast on sparse grids too.
 */
bd_status bdi_bound_target(const bd_grid *puzzle, const bd_options *options,
                           int *score, bd_grid *best, bd_stats *stats);

/*
 * The digit-layer relaxation (layers.c): an upper bound on the score of the
 * best completion of a partial grid, from a price on each blank cell. See
 * the top of layers.c; any prices give a valid bound, good prices (found by
 * subgradient steps, see target.c) a tight one. Prices are in
 * 1/BDI_LAYER_SCALE point and must lie within +-BDI_LAYER_PRICE_LIMIT; then
 * all values are exact in int32. Entry point for a search of one's own:
 * fill a bdi_layer_node (bdi_layer_cell), then bdi_layer_bound.
 */
enum {
    BDI_LAYER_SCALE = 4096,
    BDI_LAYER_PRICE_LIMIT = 1 << 21,   /* 512 points */
    BDI_LAYER_NONE = -(1 << 30),       /* no layer: the digit has no place */
    BDI_LAYER_FEASIBLE = -(1 << 25)    /* every real layer value is above this */
};
#define BDI_LAYER_INFEASIBLE INT64_MIN  /* the bound of a node without completion */

/* What the relaxation sees of a partial grid, cell by cell (fill it with
 * bdi_layer_cell): open[cell], the digits that may stand there (a blank's
 * candidates, bit d-1, which callers may narrow below what the units rule
 * out; a placed digit's own bit); gain[cell], a blank's weight (bd_weight)
 * times BDI_LAYER_SCALE, 0 for a placed cell. When `indexed`, also the
 * openings by digit: bit c of row_open[d-1][r] when cell (r, c) is open to
 * d, which saves each layer solve a scan of the cells (worth it where many
 * solves share a node). */
typedef struct bdi_layer_node {
    uint16_t open[BD_CELLS];
    int32_t gain[BD_CELLS];
    bool indexed;
    uint16_t row_open[BD_SIZE][BD_SIZE];
} bdi_layer_node;

/* A node to fill cell by cell: unindexed (every cell must then be set), or
 * indexed with every cell closed to every digit. */
static inline void bdi_layer_clear(bdi_layer_node *node, bool indexed)
{
    if (indexed)
        memset(node, 0, sizeof *node);
    node->indexed = indexed;
}

/* Sets `cell` of `node`: `digit` placed there, or blank (digit 0) with
 * the candidates `cand`; `weight` is bd_weight(cell). */
static inline void bdi_layer_cell(bdi_layer_node *node, int cell, int digit, unsigned cand,
                                  int weight)
{
    unsigned open = digit ? digit_bit(digit) : cand;
    if (node->indexed) {
        unsigned old = node->open[cell], col = 1u << (cell % BD_SIZE);
        uint16_t *row_open = &node->row_open[0][cell / BD_SIZE];
        for (unsigned gone = old & ~open; gone; gone &= gone - 1u)
            row_open[(bit_digit(gone) - 1) * BD_SIZE] &= (uint16_t)~col;
        for (unsigned come = open & ~old; come; come &= come - 1u)
            row_open[(bit_digit(come) - 1) * BD_SIZE] |= (uint16_t)col;
    }
    node->open[cell] = (uint16_t)open;
    node->gain[cell] = digit ? 0 : weight * BDI_LAYER_SCALE;
}

/* Fills the node's row_open from open and marks it indexed. */
void bdi_layer_index(bdi_layer_node *node);

/* One digit's best layer: its value (in 1/BDI_LAYER_SCALE point: the
 * profit on the blanks it takes minus their prices), or BDI_LAYER_NONE when
 * the digit has no layer; and the column it takes in each row. */
typedef struct bdi_layer {
    int32_t best;
    uint8_t pick[BD_SIZE];
} bdi_layer;

/* The best layer of `digit` under `price` (the entries of placed cells are
 * ignored). With `through` (81 entries, may be NULL): for each cell, the
 * value of the best layer that takes it, BDI_LAYER_NONE if none does. */
void bdi_layer_solve(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                     bdi_layer *layer, int32_t *through);

/* L(price) = the prices of the blanks + every digit's best layer (in
 * 1/BDI_LAYER_SCALE point), with the layers in layers[digit - 1]; or
 * BDI_LAYER_INFEASIBLE when some digit has no layer, which proves that the
 * node has no completion. Every completion scores at most the placed
 * digits' score + floor(L / BDI_LAYER_SCALE). */
int64_t bdi_layer_bound(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                        bdi_layer layers[BD_SIZE]);

/* The subgradient of L at `layers` (all nine solved for `node`): g[cell] =
 * 1 - how many of the layers take the blank `cell`, 0 on placed cells.
 * Returns the sum of the squares; 0 means the layers form a completion. */
int bdi_layer_subgradient(const bdi_layer_node *node, const bdi_layer layers[BD_SIZE],
                          int8_t g[BD_CELLS]);

/* The greedy completion of pack.c: digits 9 down to 1 each take their best
 * layer under `price` among the cells still open. `best` (may be NULL): the
 * digits' best layers at `node` under `price`, which saves solves. Fills
 * `completion` (81 digits) and returns true, or false when some digit finds
 * no layer. */
bool bdi_layer_pack(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                    const bdi_layer best[BD_SIZE], uint8_t completion[BD_CELLS]);

/*
 * The row relaxation (rows.c): prices on "once per column" and "once per
 * box", each row an assignment problem; its best value is the LP bound.
 * Values in 1/BDI_LAYER_SCALE point, on the same node as the layers.
 */
typedef struct bdi_rows {
    int32_t col[BD_SIZE][BD_SIZE];     /* prices [column][digit - 1] */
    int32_t box[BD_SIZE][BD_SIZE];     /* prices [box][digit - 1] */
    int64_t value;                     /* L, or BDI_LAYER_INFEASIBLE */
    int64_t row_value[BD_SIZE];
    unsigned row_blanks[BD_SIZE];      /* bit c: cell (r, c) was blank */
    uint8_t digit[BD_CELLS];           /* each blank's digit in its row's assignment */
    int32_t drop[BD_CELLS][BD_SIZE];   /* reduced cost of (cell, d): L drops at least this */
    int64_t dual[BD_SIZE][BD_SIZE];    /* [row][digit - 1]: its potential */
} bdi_rows;

typedef enum bdi_rows_status {
    BDI_ROWS_OPEN,     /* L at least the need */
    BDI_ROWS_BELOW,    /* L below the need, or no completion */
    BDI_ROWS_SOLVED    /* the rows' assignments obey every unit: a completion, in digit */
} bdi_rows_status;

/* How bdi_rows_descend steps: at most `iterations` steps, stopping after
 * `patience` without a lower floor(L), halving the step after `stall`
 * without a lower L; aimed at need - aim_below (1/BDI_LAYER_SCALE point),
 * or lower while L is far above (the aim is at most 64 points below L). */
typedef struct bdi_rows_steps {
    int iterations, patience, stall;
    int64_t need, aim_below;   /* Polyak's aim: need - aim_below */
    bdi_budget *budget;        /* may be NULL; stops the steps once expired */
} bdi_rows_steps;

/* Zero prices and nothing solved. */
void bdi_rows_clear(bdi_rows *rel);

/* L at the node under rel's prices: every row solved afresh (`all`), or
 * only the rows that changed since rel was solved at an ancestor. Returns
 * rel->value. */
int64_t bdi_rows_solve(const bdi_layer_node *node, bdi_rows *rel, bool all);

/* Subgradient steps on rel's prices (solved at this node), keeping the
 * least L in rel. */
bdi_rows_status bdi_rows_descend(const bdi_layer_node *node, bdi_rows *rel,
                                 const bdi_rows_steps *steps);

/* The symmetries of a target puzzle (symmetry.c): the row and column moves
 * that keep every cell's weight and leave the puzzle unchanged. Fills
 * orders[i] = {a, b}, two blank cells of one unit, for each i below the
 * count returned (at most 4): among the completions of any one orbit under
 * those moves (all with the same score) exactly one has digit(a) < digit(b)
 * for every i. A search may thus keep to those completions. */
int bdi_symmetry_orders(const bd_grid *puzzle, uint8_t orders[][2]);

/* Dancing Links branch and bound (dlx_target.c), with a bound of its
 * own, independent of bdi_bound_target's. */
bd_status bdi_dlx_bound_target(const bd_grid *puzzle, const bd_options *options,
                               int *score, bd_grid *best, bd_stats *stats);
/* bdi_dlx_bound_target with its subtrees priced again from `reprice_nodes`
 * nodes on (the default: REPRICE_NODES of dlx_target.c); tests set a small
 * one to exercise the re-pricing on small grids. */
bd_status bdi_dlx_bound_target_with(const bd_grid *puzzle, const bd_options *options,
                                    uint64_t reprice_nodes, int *score, bd_grid *best,
                                    bd_stats *stats);

#endif /* BITDOKU_INTERNAL_H */
