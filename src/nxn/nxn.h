/*
 * nxn.h - the N x N family's private header: what its files share and
 * offer each other. The family serves the boards of bitdoku.h (bd_board:
 * N x N cells, boxes of R rows x C columns, N = R * C <= 64) from the
 * top down:
 *
 *   rate.c       bd_board_rate, bd_board_explain: the path of human steps
 *   singles.c, locks.c, subsets.c, fish.c   the techniques, one family a
 *                file, on the candidates of marks.c; step_text.c the
 *                notation
 *   generate.c   bd_board_generate: unique, minimal, symmetric puzzles
 *   unavoidable.c  the unavoidable sets of a full grid, for the generator
 *   smallest.c   bd_board_smallest: the lexicographically smallest solution
 *   search.c     the dispatcher: bd_board_solve, _count, _solutions, the
 *                argument checks, the choice of engine
 *   fast/        the bit-parallel engine (fast.h: the search written once
 *                over the steps of fast_*.h, compiled for 16-, 32- and
 *                64-bit words, and for the fixed geometries of 16 x 16
 *                and 25 x 25; fast3x3.c the same search written for
 *                9 x 9 alone)
 *   dlx.c        Dancing Links, N^3 rows x 4 N^2 columns: the second,
 *                independent engine
 *   visit.c      what an engine keeps of the solutions it finds
 *   board.c      the boards themselves: geometry, givens and solution checks
 *
 * and below them core/ (the search budget) and generate/random.c (the
 * random streams). Both engines follow one contract (nxn_engine_fn): a
 * task (the puzzle, candidates ruled out beforehand, a digit order), the
 * options' limits, and a visitor.
 */
#ifndef BITDOKU_NXN_H
#define BITDOKU_NXN_H

#include "bitdoku.h"
#include "core/bits.h"
#include "core/budget.h"
#include "core/trail.h"

#include <stdbool.h>
#include <stdint.h>

/* A board's geometry, and the numbers derived from it. */
typedef struct nxn_geom {
    int box_rows, box_cols;  /* R, C */
    int size;                /* N = R * C */
    int cells;               /* N * N */
} nxn_geom;

/* The geometry of a valid board. */
nxn_geom nxn_geom_of(const bd_board *board);

/* The box of cell (row, col). */
static inline int nxn_box_of(const nxn_geom *g, int row, int col)
{
    return row / g->box_rows * g->box_rows + col / g->box_cols;
}

/* All N values as a mask, bit v - 1 for value v (N <= 64). */
static inline uint64_t nxn_all_values(int size)
{
    return size == 64 ? UINT64_MAX : (UINT64_C(1) << size) - 1u;
}

/* The bit of value v (1..64) in a value mask. */
static inline uint64_t nxn_value_bit(int value)
{
    return UINT64_C(1) << (value - 1);
}

/* The index (0..63) of the lowest set bit of a non-zero word. */
static inline int nxn_low_index(uint64_t word)
{
#if defined(__GNUC__) && !defined(BD_PORTABLE)
    return __builtin_ctzll(word);
#else
    int index = 0;
    while (!(word & 1u)) {
        word >>= 1;
        index++;
    }
    return index;
#endif
}

/* True when the board's geometry is in range and its cells are 0..N
 * (bd_board_valid without the NULL check). */
bool nxn_board_ok(const bd_board *board);

/* The values used in each row, column and box of `board` (valid): masks
 * of N entries each (units[0..N) rows, [N..2N) columns, [2N..3N) boxes);
 * false when two givens clash. */
bool nxn_units_of_givens(const bd_board *board, uint64_t *units);

/* ------------------------------------------------------------------ */
/* The visitor (visit.c)                                               */

typedef enum nxn_visit_mode { NXN_FIRST, NXN_COUNT, NXN_EACH } nxn_visit_mode;

/* What an engine keeps of the solutions it finds: the first (into
 * `board`), a count up to `limit` (0: none), or each one handed to
 * `on_each` (written into `board` first). `board` is the caller's; its
 * geometry is set by the caller. */
typedef struct nxn_visitor {
    nxn_visit_mode mode;
    bool done;                /* wants no more solutions */
    uint64_t count, limit;
    bd_board *board;          /* NXN_FIRST, NXN_EACH: where solutions are written */
    bd_board_fn on_each;
    void *context;
} nxn_visitor;

/* Starts a visitor that has seen nothing yet. `board` may be NULL for
 * NXN_COUNT. */
void nxn_visitor_init(nxn_visitor *visitor, nxn_visit_mode mode, uint64_t limit,
                      bd_board *board);

/* Whether the visitor needs the cells of the next solution written into
 * visitor->board before nxn_visit. */
static inline bool nxn_visitor_wants_cells(const nxn_visitor *visitor)
{
    return visitor->mode != NXN_COUNT;
}

/* Takes a solution (its cells written into visitor->board when
 * nxn_visitor_wants_cells said so). */
void nxn_visit(nxn_visitor *visitor);

/* ------------------------------------------------------------------ */
/* The engines                                                         */

/* A candidate ruled out before the search: `value` may not go in `cell`. */
typedef struct nxn_exclusion {
    int cell, value;
} nxn_exclusion;

/* Picks the next digit to try at a guess on `cell` (row * N + column)
 * among `digits` (a non-empty mask of value bits); returns its bit index
 * 0..N-1. */
typedef int (*nxn_pick_fn)(void *context, int cell, uint64_t digits);

/* The bit-parallel engine's failure weights (fast.h: a unit's weight is
 * the failures blamed on it, halved now and then), carried from one
 * search to the next by a caller that runs many searches on one grid. */
typedef struct nxn_weights {
    uint32_t unit[3 * BD_BOARD_MAX];  /* rows, columns, boxes */
    uint64_t blamed;                  /* the failures blamed so far */
} nxn_weights;

/* What an engine is asked to search. */
typedef struct nxn_task {
    const bd_board *puzzle;           /* valid; its givens need not be checked */
    const nxn_exclusion *excluded;    /* may be NULL when excluded_count is 0 */
    int excluded_count;
    nxn_pick_fn pick;                 /* the bit-parallel engine's digit order at
                                         a guess (NULL: lowest first); Dancing
                                         Links ignores it */
    void *pick_context;
    bdi_budget *budget;               /* a budget shared by several searches,
                                         or NULL: one from the options */
    nxn_weights *weights;             /* the bit-parallel engine starts from
                                         these weights and leaves its own in
                                         them (NULL: starts from zero) on
                                         boards it weighs (10 x 10 up);
                                         9 x 9 (fast3x3.c) and Dancing Links
                                         ignore them */
    bdi_trail *trail;                 /* 9 x 9 (fast3x3.c) only: a search to
                                         resume and where this run stopped
                                         (core/trail.h), with a pick that
                                         draws the same order again; NULL:
                                         none. The other engines ignore it */
    bool units;                       /* 9 x 9 (fast3x3.c) only: a guess may
                                         be on the places of a digit in a row,
                                         column or box when they are fewer
                                         than the chosen cell's candidates
                                         (then the pick is not asked); false:
                                         cells only. The other engines ignore
                                         it */
} nxn_task;

/* How a search ended. */
typedef enum nxn_run { NXN_RAN, NXN_CUT, NXN_NOMEM } nxn_run;

/*
 * The engines' contract: searches task->puzzle without the candidates
 * task->excluded and hands every solution to `visitor` until it is done
 * or the budget (task->budget, or one made from `options`' limits;
 * `options` may be NULL only with task->budget) runs out. Clashing givens,
 * or givens that clash with an exclusion, are no solution. Returns
 * NXN_RAN (searched what the visitor wanted), NXN_CUT (a limit stopped
 * it) or NXN_NOMEM; adds nodes and guesses to `stats` (may be NULL).
 */
typedef nxn_run (*nxn_engine_fn)(const nxn_task *task, const bd_options *options,
                                 nxn_visitor *visitor, bd_stats *stats);

/* The bit-parallel engine (fast.c: the word width chosen by N). */
nxn_run nxn_fast(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                 bd_stats *stats);
/* Its instantiations, one per word width: N <= 16, 32, 64. */
nxn_run nxn_fast16(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                   bd_stats *stats);
nxn_run nxn_fast32(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                   bd_stats *stats);
nxn_run nxn_fast64(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                   bd_stats *stats);
/* The bytes one level of nxn_fast32's or nxn_fast64's search takes on
 * boards of N = `size` (the search holds a level for each guess on its
 * path: a deep search's memory is about this times its depth). */
size_t nxn_fast32_level_bytes(int size);
size_t nxn_fast64_level_bytes(int size);
/* And for boards of 3 x 3, 4 x 4 and 5 x 5 boxes only (9 x 9, 16 x 16,
 * 25 x 25), their geometry fixed at compile time. */
nxn_run nxn_fast3x3(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                    bd_stats *stats);
nxn_run nxn_fast4x4(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                    bd_stats *stats);
nxn_run nxn_fast5x5(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                    bd_stats *stats);
/* The 16 x 16 and 25 x 25 engines' two kernels each, the same search
 * compiled twice: portable (fast4x4.c, fast5x5.c), and for AVX2, POPCNT,
 * BMI1 and BMI2 (fast4x4_avx2.c, fast5x5_avx2.c, built on x86-64 with gcc
 * or clang, where BDI_HAVE_NXN_AVX2 is defined; to be run only where the
 * processor has them). nxn_fast4x4 and nxn_fast5x5 (fast.c) pick one. */
nxn_run nxn_fast4x4_base(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                         bd_stats *stats);
nxn_run nxn_fast4x4_avx2(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                         bd_stats *stats);
nxn_run nxn_fast5x5_base(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                         bd_stats *stats);
nxn_run nxn_fast5x5_avx2(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                         bd_stats *stats);

/* Dancing Links (dlx.c). */
nxn_run nxn_dlx(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                bd_stats *stats);

/* The engine that `options` names (search.c): nxn_fast or nxn_dlx; NULL
 * for an unknown engine. `options` is not NULL. */
nxn_engine_fn nxn_engine_for(const bd_options *options);

/* The status of a search run with a visitor: NXN_NOMEM is BD_ENOMEM,
 * NXN_CUT BD_CUT_SHORT, else BD_OK. */
bd_status nxn_run_status(nxn_run run);

/* ------------------------------------------------------------------ */
/* Human steps (marks.c, singles.c, locks.c, subsets.c, fish.c)        */

/* The number of units: N rows, N columns, N boxes. */
static inline int nxn_unit_count(const nxn_geom *g)
{
    return 3 * g->size;
}

/* Cell number `pos` (0..N-1) of `unit`: a row left to right, a column top
 * to bottom, a box row by row. */
static inline int nxn_unit_cell(const nxn_geom *g, int unit, int pos)
{
    int n = g->size;
    if (unit < n)
        return unit * n + pos;
    if (unit < 2 * n)
        return pos * n + (unit - n);
    int box = unit - 2 * n;
    int row = box / g->box_rows * g->box_rows + pos / g->box_cols;
    int col = box % g->box_rows * g->box_cols + pos % g->box_cols;
    return row * n + col;
}

/* Unit number `i` (0..3N-1) in SE's order of search: the boxes, then the
 * columns, then the rows, each 0..N-1. */
static inline int nxn_unit_in_order(const nxn_geom *g, int i)
{
    int n = g->size;
    return i < n ? 2 * n + i : i < 2 * n ? i : i - 2 * n;
}

/* True when `cell` is in `unit`. */
static inline bool nxn_unit_has(const nxn_geom *g, int unit, int cell)
{
    int n = g->size, row = cell / n, col = cell % n;
    return unit < n ? row == unit : unit < 2 * n ? col == unit - n
                                                 : nxn_box_of(g, row, col) == unit - 2 * n;
}

/* The candidates of a board on a human path: what the steps leave. */
typedef struct nxn_marks {
    nxn_geom g;
    bd_board board;                     /* the values placed */
    uint64_t cand[BD_BOARD_CELLS_MAX];  /* a blank cell's candidates; 0 when filled */
    uint64_t places[3 * BD_BOARD_MAX][BD_BOARD_MAX]; /* scratch of nxn_marks_places */
} nxn_marks;

/* Starts `m` from the givens of `board` (valid): each blank cell's
 * candidates are the values no given of its units holds. */
void nxn_marks_from_board(nxn_marks *m, const bd_board *board);

/* Starts `m` as a blank board of `board`'s geometry with the candidates
 * `cand` (N * N masks; a filled cell of `board` keeps its value and no
 * candidate). */
void nxn_marks_from_cands(nxn_marks *m, const bd_board *board, const uint64_t *cand);

/* Fills m->places[unit][v - 1] with the positions (bit p: nxn_unit_cell's
 * position p) of `unit` where value v is a candidate, for every unit. */
void nxn_marks_places(nxn_marks *m);

/* Starts a step of `technique`: nothing placed, nothing removed. */
void nxn_step_start(bd_board_step *s, const nxn_geom *g, bd_technique technique,
                    double rating);

/* Records that `step` removes `values` from `cell`. */
void nxn_step_remove(bd_board_step *s, int cell, uint64_t values);

/* Applies `s` to `m`: its removals, then its placement (the value leaves
 * the candidates of the cell's units). */
void nxn_marks_apply(nxn_marks *m, const bd_board_step *s);

/* The techniques: each fills `s` with the first step of its kind on `m`
 * (m->places filled by nxn_marks_places) and returns true, or false when
 * there is none. A step that removes nothing is not one. */
bool nxn_hidden_single(const nxn_marks *m, bd_board_step *s);   /* and full house */
bool nxn_naked_single(const nxn_marks *m, bd_board_step *s);
bool nxn_locks(const nxn_marks *m, bd_board_step *s);           /* pointing, claiming */
bool nxn_naked_set(const nxn_marks *m, int degree, bd_board_step *s);
bool nxn_hidden_set(const nxn_marks *m, int degree, bd_board_step *s);
bool nxn_fish(const nxn_marks *m, int degree, bd_board_step *s);

/* The number of set bits of a mask. */
static inline int nxn_bit_count(uint64_t word)
{
#if defined(__GNUC__) && !defined(BD_PORTABLE)
    return __builtin_popcountll(word);
#else
    int count = 0;
    for (; word; word &= word - 1u)
        count++;
    return count;
#endif
}

/* Calls each(context, combination) for the `degree`-subsets (2..4) of
 * the positions set in `from`, as masks, in increasing order of the mask
 * read as a number, until each returns true; true then. */
typedef bool (*nxn_combo_fn)(void *context, uint64_t combination);
bool nxn_each_combination(uint64_t from, int degree, nxn_combo_fn each, void *context);

#endif /* BITDOKU_NXN_H */
