/*
 * human.h - the human-technique engine: Sudoku Explainer's (SE, serate
 * 1.2.1.3) solving path and rating, rebuilt (rate.c drives it). This
 * header offers the files of the family the candidate state, the record of
 * one step (a "hint" in SE's words) and the entry point of each of SE's
 * hint producers.
 *
 * The state is SE's grid: each cell's value (0: empty) and its candidates,
 * a nine-bit mask (bit d-1 for digit d; 0 once the cell is filled). SE
 * never checks a step against the rules: a placement fills the cell,
 * clears its candidates and removes its digit from the cells that share a
 * unit with it, nothing more; so does this state.
 *
 * Units are numbered as bd_step.units numbers them: rows 0..8, columns
 * 9..17, boxes 18..26 (UNIT_ROW, UNIT_COL, UNIT_BOX times 9 plus the
 * index); a unit's cells are numbered 0..8 as units.h numbers them, which
 * is also SE's order (left to right, top to bottom, row by row in a box).
 * SE walks the unit kinds in several orders, and each producer says which;
 * its usual one, "block, row, column", is SE_KINDS.
 *
 * Where SE's choice of hint depends on an order (the first hint found is
 * the one applied), the producers scan in SE's order, which their header
 * comments give; the chaining producers, which sort their hints, pick the
 * first by SE's sort (difficulty, then complexity, then kind), ties going
 * to the hint found first. Difficulties are doubles computed as SE computes
 * them (the same additions in the same order), so that sums such as
 * 6.5 + 0.1 + 0.1 compare as they do in SE.
 */
#ifndef BITDOKU_HUMAN_H
#define BITDOKU_HUMAN_H

#include "core/bits.h"
#include "core/budget.h"
#include "core/units.h"

#include <stddef.h>

enum {
    UNIT_COUNT = UNIT_KINDS * BD_SIZE,  /* 27 */
    ALL_UNITS = (1 << UNIT_COUNT) - 1,  /* a unit set: bit u for unit u */
    HOUSE_CELLS = 20,                   /* the cells sharing a unit with a cell */
    POTENTIALS = BD_CELLS * BD_SIZE * 2 /* SE's potentials: a candidate, on or off */
};

/* SE's usual order of unit kinds: block, row, column. */
extern const int SE_KINDS[UNIT_KINDS];

/* SE's order of units for singles: boxes, columns, rows, each 0..8; and
 * each unit's place in it. */
extern const uint8_t SE_SINGLES_ORDER[UNIT_COUNT];
extern const uint8_t SE_SINGLES_RANK[UNIT_COUNT];

/* The unit number (0..26) of unit (kind, index). */
static inline int unit_number(int kind, int index)
{
    return kind * BD_SIZE + index;
}

/* Tables (state.c, computed while compiling; the cells of each unit by
 * position are units.h's bdi_unit_cells): each cell's unit of each kind
 * (indexed by UNIT_ROW, UNIT_COL, UNIT_BOX); the cell's position in that
 * unit; each cell's three units as bits of a unit mask (bit u for unit u). */
extern const uint8_t bdi_cell_units[BD_CELLS][UNIT_KINDS];
extern const uint8_t bdi_cell_pos[BD_CELLS][UNIT_KINDS];
extern const uint32_t bdi_cell_unit_bits[BD_CELLS];

/* Tables computed while compiling. REP9 and REP81 repeat M(i) for nine and
 * for 81 consecutive i. CELL_SET(T, a) is the initializer of a cell set of
 * two words (cell c at bit c % 64 of word c / 64) holding the cells c
 * (below 81) for which T(a, c) holds; IN_UNIT(u, c) says cell c is in unit
 * u (rows 0..8, columns 9..17, boxes 18..26), IS_PEER(a, c) that c is a
 * house cell of a. */
#define REP9(M, i) M(i), M((i) + 1), M((i) + 2), M((i) + 3), M((i) + 4), M((i) + 5), M((i) + 6), \
                   M((i) + 7), M((i) + 8)
#define REP81(M)                                                                            \
    REP9(M, 0), REP9(M, 9), REP9(M, 18), REP9(M, 27), REP9(M, 36), REP9(M, 45), REP9(M, 54), \
        REP9(M, 63), REP9(M, 72)
#define CELL_BIT(T, a, j) ((uint64_t)((j) < BD_CELLS && T(a, j)) << ((j) % 64))
#define CELL_BITS8(T, a, j)                                                                 \
    (CELL_BIT(T, a, j) | CELL_BIT(T, a, (j) + 1) | CELL_BIT(T, a, (j) + 2)                  \
     | CELL_BIT(T, a, (j) + 3) | CELL_BIT(T, a, (j) + 4) | CELL_BIT(T, a, (j) + 5)          \
     | CELL_BIT(T, a, (j) + 6) | CELL_BIT(T, a, (j) + 7))
#define CELL_BITS64(T, a, j)                                                                \
    (CELL_BITS8(T, a, j) | CELL_BITS8(T, a, (j) + 8) | CELL_BITS8(T, a, (j) + 16)           \
     | CELL_BITS8(T, a, (j) + 24) | CELL_BITS8(T, a, (j) + 32) | CELL_BITS8(T, a, (j) + 40) \
     | CELL_BITS8(T, a, (j) + 48) | CELL_BITS8(T, a, (j) + 56))
#define CELL_SET(T, a) {CELL_BITS64(T, a, 0), CELL_BITS64(T, a, 64)}
#define IN_UNIT(u, c)                                                                       \
    ((u) < 9    ? (c) / 9 == (u)                                                            \
     : (u) < 18 ? (c) % 9 == (u) - 9                                                        \
                : (c) / 27 * 3 + (c) % 9 / 3 == (u) - 18)
#define IS_PEER(a, c)                                                                       \
    ((a) != (c) && (IN_UNIT((a) / 9, c) || IN_UNIT(9 + (a) % 9, c)                         \
                    || IN_UNIT(18 + (a) / 27 * 3 + (a) % 9 / 3, c)))

/* Each unit's cells, and each cell's house cells (the cell left out), as
 * cell sets of two words (state.c). */
extern const uint64_t bdi_unit_bits[UNIT_COUNT][2];
extern const uint64_t bdi_peer_bits[BD_CELLS][2];

/* The cell and the digit of candidate i = cell * 9 + digit - 1 (state.c). */
extern const uint8_t bdi_cand_cell[BD_CELLS * BD_SIZE];
extern const uint8_t bdi_cand_digit[BD_CELLS * BD_SIZE];

/* The unit number of the unit of `kind` holding `cell`. */
static inline int unit_at(int kind, int cell)
{
    return bdi_cell_units[cell][kind];
}

/* The cell at position `pos` of unit `unit` (0..26). */
static inline int unit_cell_of(int unit, int pos)
{
    return bdi_unit_cells[unit][pos];
}

/* The position of `cell` in unit `unit` (which holds it). */
static inline int unit_pos(int unit, int cell)
{
    return bdi_cell_pos[cell][unit / BD_SIZE];
}

/* SE's getHouseCells order of the 20 cells that share a unit with a cell:
 * its box's other cells in box order, then its row's cells outside the
 * box left to right, then its column's cells outside the box top to
 * bottom (state.c). */
extern const uint8_t bdi_house[BD_CELLS][HOUSE_CELLS];

/* True when two different cells share a unit. */
static inline bool sees(int a, int b)
{
    return a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b));
}

/* The combination after `set` among the low `bits` bits (the same number
 * of bits set, the next larger value: Gosper's step), or 0 after the
 * last; `set` not 0. */
static inline unsigned next_set(unsigned set, int bits)
{
    unsigned low = set & -set, ripple = set + low;
    unsigned next = ripple | (((set ^ ripple) >> 2) / low);
    return next < (1u << bits) ? next : 0;
}

/* Bit i of `packed` moved to the i-th lowest bit of `within` (the
 * combinations of k bits among n, in increasing order, become those of k
 * bits of `within`, also in increasing order). */
static inline unsigned spread_bits(unsigned packed, unsigned within)
{
    unsigned out = 0;
    for (; within && packed; within &= within - 1u, packed >>= 1)
        if (packed & 1u)
            out |= within & -within;
    return out;
}

/* The index of the lowest set bit of a non-zero word (a cell of a cell
 * set): the instruction under gcc and clang, else bit_count's arithmetic
 * (BD_PORTABLE builds that too). */
static inline int low_index(uint64_t bits)
{
#if defined(__GNUC__) && !defined(BD_PORTABLE)
    return __builtin_ctzll(bits);
#else
    return bit_count((bits & (~bits + 1u)) - 1u);
#endif
}

/* ------------------------------------------------------------------ */
/* The candidate state (state.c)                                       */

typedef struct bdi_state {
    uint16_t cand[BD_CELLS];    /* SE's potential values: bit d-1 */
    uint8_t value[BD_CELLS];    /* 0: empty */
    uint16_t places[UNIT_COUNT][BD_SIZE]; /* [unit][digit - 1]: the positions
                                   of the unit whose cells have the digit as
                                   a candidate (bit pos) */
    uint16_t filled[UNIT_COUNT];  /* the positions of filled cells */
    uint16_t lone[UNIT_COUNT];    /* the digits with exactly one place in
                                     the unit (one bit in places[unit][d-1]) */
    uint32_t one_empty;           /* the units with exactly one empty cell,
                                     bit i for SE_SINGLES_ORDER[i] */
} bdi_state;

/* The state of SE's grid for `puzzle`: the givens, and for each empty
 * cell the digits no given of its units holds. False when two givens of a
 * unit clash (the state is still made). */
bool bdi_state_init(bdi_state *st, const bd_grid *puzzle);

/* The state for pencil marks (see bd_rate_marks). False when two filled
 * cells of a unit clash. */
bool bdi_state_init_marks(bdi_state *st, const bd_marks *marks);

/* Fills places[], filled[], lone[] and one_empty from cand[] and value[]. */
void bdi_state_index(bdi_state *st);

/* The places of `digit` in unit `unit`: bit pos for each position whose
 * cell has the digit as a candidate. */
static inline unsigned unit_places(const bdi_state *st, int unit, int digit)
{
    return st->places[unit][digit - 1];
}

/* The empty cells of unit `unit`. */
static inline int unit_empty_count(const bdi_state *st, int unit)
{
    return BD_SIZE - digit_count(st->filled[unit]);
}

/* Removes candidate `digit` from `cell` (which has it or not), keeping
 * places[] and lone[] of the cell's three units. */
static inline void state_remove(bdi_state *st, int cell, int digit)
{
    unsigned bit = digit_bit(digit);
    if (!(st->cand[cell] & bit))
        return;
    st->cand[cell] &= (uint16_t)~bit;
    for (int kind = 0; kind < UNIT_KINDS; kind++) {
        int unit = bdi_cell_units[cell][kind];
        unsigned places = st->places[unit][digit - 1] & ~(1u << bdi_cell_pos[cell][kind]);
        st->places[unit][digit - 1] = (uint16_t)places;
        unsigned one = places && !(places & (places - 1u)) ? bit : 0;
        st->lone[unit] = (uint16_t)((st->lone[unit] & ~bit) | one);
    }
}

/* Fills `cell` with `digit` as SE does: the cell's candidates go, and the
 * digit leaves every cell sharing a unit with it. */
void bdi_state_place(bdi_state *st, int cell, int digit);

/* True when every cell is filled. */
bool bdi_state_solved(const bdi_state *st);

/* True when the state can still lead to a solution as far as a glance
 * tells: every empty cell has a candidate, every digit not yet in a unit
 * has a place there, and no digit is twice in a unit. */
bool bdi_state_sane(const bdi_state *st);

/* ------------------------------------------------------------------ */
/* One step: SE's hint                                                  */

/* A link of a chain, as bd_link (bitdoku.h). */
typedef bd_link bdi_link;

enum { STEP_CELLS = 16 };

typedef struct bdi_step {
    bd_technique tech;
    double difficulty;            /* SE's getDifficulty() */
    int cell, digit;              /* SE's getCell(), getValue(): a placement,
                                     or cell -1 */
    uint16_t removed[BD_CELLS];   /* SE's removable potentials */
    /* What the text and the picture need: */
    int subtype;                  /* unique loop and BUG: the type (1-4);
                                     chains: a CHAIN_ kind */
    int unit, unit2;              /* the units of the pattern, or -1 */
    unsigned digits;              /* the pattern's digits */
    unsigned lines, lines2;       /* fish: base and cover lines (masks) */
    int cell_count;
    uint8_t cells[STEP_CELLS];    /* the pattern's cells, in SE's order */
    int loop_count;
    uint8_t loop[BD_CELLS];       /* a unique loop's cells, in order */
    int extra_count;
    uint8_t extra[STEP_CELLS];    /* cells of a subset used by a unique loop
                                     or BUG type 3 */
    unsigned extra_digits;
    uint16_t pattern[BD_CELLS];   /* see bd_step */
    uint32_t units;
    int complexity;               /* chains: SE's getComplexity() */
    int chain_level;              /* chains: SE's nesting level (0..5) */
    int chain_source;             /* chains: the assumption's cell, or -1 */
    int chain_digit;              /* its digit */
    int link_count;
    bool links_cut;
    bdi_link links[BD_STEP_LINKS];
    /* chains, for the text: each branch's first-parent path of potentials
     * (chains.h numbers them) from its assumption to its end */
    int branch_count;
    int branch_start[BD_SIZE + 1];  /* branch i is path[start[i]..start[i+1]) */
    uint16_t path[BD_STEP_LINKS];
} bdi_step;

/* Chain kinds (bdi_step.subtype). */
enum {
    CHAIN_CYCLE,                  /* a bidirectional cycle */
    CHAIN_FORCING,                /* a forcing chain: an assumption leads to
                                     its own negation */
    CHAIN_CONTRADICTION,          /* an assumption leads to a contradiction */
    CHAIN_DOUBLE,                 /* both states of a candidate lead to one
                                     conclusion */
    CHAIN_CELL,                   /* each candidate of a cell leads to it */
    CHAIN_REGION                  /* each place of a digit in a unit leads to it */
};

/* Starts a step of `tech` rated `difficulty`, removing nothing, placing
 * nothing. */
void bdi_step_start(bdi_step *s, bd_technique tech, double difficulty);

/* Notes the removal of the digits `digits` from `cell`. */
static inline void step_remove(bdi_step *s, int cell, unsigned digits)
{
    s->removed[cell] |= (uint16_t)digits;
}

/* True when the step removes any candidate (SE's isWorth()). */
bool bdi_step_worth(const bdi_step *s);

/* Applies a step as SE's hint.apply() does: its removals, then its
 * placement. */
void bdi_step_apply(bdi_state *st, const bdi_step *s);

/* Marks the cells and digits of the step's pattern (pattern, units). */
static inline void step_mark(bdi_step *s, int cell, unsigned digits)
{
    s->pattern[cell] |= (uint16_t)digits;
}

/* Writes the step as text (no newline) into buf[0..size); returns the
 * length the whole text needs, as snprintf does (notation.c). */
size_t bdi_step_text(const bdi_step *s, char *buf, size_t size);

/* The name of a technique as the CLI prints it (rate.c). */
const char *bdi_technique_word(bd_technique tech);

/* ------------------------------------------------------------------ */
/* The producers. Each looks in `st` for hints of its techniques and    */
/* fills `s` with the one SE would take from it, returning true; it     */
/* never changes `st`. The order SE tries them in is rate.c's.           */

/* Called with each hint a producer finds, in SE's order (the nested
 * rules of dynamic chains take them all); returns true to stop there. */
typedef bool (*bdi_hint_fn)(const bdi_step *s, void *context);

/* singles.c */
bool bdi_hidden_single(const bdi_state *st, bdi_step *s);   /* and full houses */
bool bdi_naked_single(const bdi_state *st, bdi_step *s);

/* intersections.c: pointing and claiming; `direct`: only those that leave
 * a hidden single (which they place); bdi_locking_each tells each lock
 * whose first unit (the box pointing, the line claiming) is in `units`
 * (bit u for unit u) to `each`, stopping when it returns true */
bool bdi_locking(const bdi_state *st, bool direct, bdi_step *s);
bool bdi_locking_each(const bdi_state *st, uint32_t units, bdi_hint_fn each, void *context,
                      bdi_step *s);

/* subsets.c, fish.c: a path's record, for each set search (naked sets,
 * hidden sets, direct hidden sets, by degree), of the units where it last
 * found nothing, with their places and filled cells then (a unit's sets
 * read nothing else); for each fish search (by degree), of the digits
 * whose base lines of a kind gave nothing, with their places in those
 * lines then; for the unique loop search, its last grid (candidates and
 * values), the digit pairs that gave no hint there and, for each, the
 * units of the valid loops it closed (a pair's walks read only the cells
 * holding both its digits, its loops' hints only their cells' units).
 * Empty when `known`, `fish_known` and `loop_idle` are zeroed (a key is
 * read only once kept). */
enum { SETS_MEMO_KINDS = 8, FISH_MEMO_KINDS = 3 };
typedef struct bdi_sets_memo {
    uint32_t known[SETS_MEMO_KINDS];                        /* units kept */
    uint32_t fish_known[FISH_MEMO_KINDS];                   /* kind * 9 + digit - 1 */
    uint16_t key[SETS_MEMO_KINDS][UNIT_COUNT][BD_SIZE + 1]; /* places, filled */
    uint16_t fish_key[FISH_MEMO_KINDS][2][BD_SIZE][BD_SIZE]; /* places by line */
    uint16_t loop_idle[BD_SIZE];    /* digit d - 1: the digits paired with d */
    uint32_t loop_units[BD_SIZE][BD_SIZE];  /* by both digits - 1 */
    uint16_t loop_grid[BD_CELLS];   /* candidates | value << 9 */
} bdi_sets_memo;

/* subsets.c: naked and hidden sets of `degree` cells (2..4); `direct`:
 * hidden sets that leave a hidden single; with the path's record `memo`
 * (NULL: none), a unit where the search found nothing and that has not
 * changed since is passed over. The _each forms (no record) tell each
 * hint in the units `units` (bit u for unit u) to `each`, stopping when
 * it returns true */
bool bdi_naked_set(const bdi_state *st, int degree, bdi_sets_memo *memo, bdi_step *s);
bool bdi_hidden_set(const bdi_state *st, int degree, bool direct, bdi_sets_memo *memo,
                    bdi_step *s);
bool bdi_naked_set_each(const bdi_state *st, int degree, uint32_t units, bdi_hint_fn each,
                        void *context, bdi_step *s);
bool bdi_hidden_set_each(const bdi_state *st, int degree, uint32_t units, bdi_hint_fn each,
                         void *context, bdi_step *s);

/* subsets.c: the sets of `degree` (2..4) members among masks[0..8] (nine-bit
 * masks; the members i those whose masks have two to `degree` bits: SE's
 * searchCommonTuple refuses fewer than two) whose masks' union has exactly
 * `degree` bits, as masks of their members (bit i for masks[i]) in
 * increasing order (SE's order of combinations), into out[] (room for
 * TIGHT_SETS_MAX); how many. The subsets' and the fish's search: a member
 * whose mask takes the union of the members above it past `degree` bits
 * cuts every set holding them all. */
enum { TIGHT_SETS_MAX = 126 };   /* C(9, 4), the most sets of 9 members */
int bdi_tight_sets(const uint16_t *masks, int degree, unsigned *out);

/* fish.c: X-wing, swordfish, jellyfish (degree 2, 3, 4); with the path's
 * record `memo` (NULL: none), a digit whose base lines of a kind gave
 * nothing and have not changed since is passed over; bdi_fish_each tells
 * each fish of the digits `digits` (a digit mask) to `each`, stopping
 * when it returns true */
bool bdi_fish(const bdi_state *st, int degree, bdi_sets_memo *memo, bdi_step *s);
bool bdi_fish_each(const bdi_state *st, int degree, unsigned digits, bdi_hint_fn each,
                   void *context, bdi_step *s);

/* wings.c: XY-wing, or XYZ-wing when `xyz` */
bool bdi_xy_wing(const bdi_state *st, bool xyz, bdi_step *s);

/* uniqueness.c: unique rectangles and loops, types 1-4; with the path's
 * record `memo` (NULL: none), the walks of a digit pair that gave no hint
 * on the last grid and whose walks and loops read nothing changed since
 * are not made */
bool bdi_unique_loop(const bdi_state *st, bdi_sets_memo *memo, bdi_step *s);

/* bug.c: the bivalue universal grave, types 1-4 */
bool bdi_bug(const bdi_state *st, bdi_step *s);

/* exclusion.c: aligned pair (degree 2) and triplet (3) exclusion. A path
 * may keep a record of its searches of one degree (`memo`, made by
 * bdi_exclusion_memo_new, NULL when memory ran short; NULL: none; one
 * record for each degree) that spares the sets known to remove nothing
 * (on any grids, one after another); the hint is the same with or without
 * it. */
typedef struct bdi_exclusion_memo bdi_exclusion_memo;
bdi_exclusion_memo *bdi_exclusion_memo_new(void);
void bdi_exclusion_memo_free(bdi_exclusion_memo *memo);
bool bdi_aligned_exclusion(const bdi_state *st, int degree, bdi_exclusion_memo *memo,
                           bdi_step *s);

/* ------------------------------------------------------------------ */
/* Chains (chains.h has the machinery the chaining files share)         */

/* The chaining work space: one per path, made when a path first needs
 * chains (chains.c). `budget` (may be NULL) is spent a node for each
 * node the chains make: when it says stop (its timeout), the chainer
 * stops as it does when memory runs short. NULL when memory ran short. */
typedef struct bdi_chainer bdi_chainer;
bdi_chainer *bdi_chainer_new(bdi_budget *budget);
void bdi_chainer_free(bdi_chainer *ch);

/* True when the chainer stopped: memory ran short, or its budget was
 * spent (bdi_chainer_cut_short tells which). */
bool bdi_chainer_failed(const bdi_chainer *ch);
bool bdi_chainer_cut_short(const bdi_chainer *ch);

/* SE's chaining producers, in its order (Chaining(multiple, dynamic,
 * nishio, level)):
 *   bdi_cycles:   cycles and forcing X- and XY-chains (6.5 - 7.x)
 *   bdi_forcing:  Nishio (nishio), multiple (multiple), dynamic (dynamic),
 *                 and dynamic with `level` 1..5 of nested chains
 * `want_links`: fill the step's links and pattern for a picture or a
 * text (costs a second pass). False when none applies; *failed is set when
 * memory ran short. */
bool bdi_cycles(bdi_chainer *ch, const bdi_state *st, bool want_links, bdi_step *s);
bool bdi_forcing(bdi_chainer *ch, const bdi_state *st, bool multiple, bool dynamic,
                 bool nishio, int level, bool want_links, bdi_step *s);

#endif /* BITDOKU_HUMAN_H */
