/*
 * human.h - the human-technique engine (rate.c and the technique files
 * below it): sets of cells as bitboards, the candidate state, the record
 * of one step, and the entry point of every technique family.
 *
 * A board is a set of cells in the fast engine's band layout: three 27-bit
 * words, one per band of three rows, bit = (row % 3) * 9 + col, so that
 * cell = band * 27 + bit:
 *
 *          col 0 1 2   3 4 5   6 7 8
 *     row 0:   0 1 2 | 3 4 5 | 6 7 8        row  = 0x1FF    << 9 * (r % 3)
 *     row 1:   9 ...                  17    col  = 0x40201  << c (each band)
 *     row 2:  18 ...                  26    box  = 0x1C0E07 << 3 * (b % 3)
 *
 * The candidate state keeps each digit's board of places (open cells only:
 * a placed digit leaves every board) and each cell's candidate mask, in
 * step; a technique reads whichever view suits it.
 *
 * Positions in a unit: a unit's nine cells are numbered 0..8 left to
 * right in a row, top to bottom in a column, row by row in a box;
 * unit_places() gives a board's cells in a unit as a 9-bit mask of those
 * positions.
 */
#ifndef BITDOKU_HUMAN_H
#define BITDOKU_HUMAN_H

#include "core/bits.h"
#include "core/units.h"

enum { BANDS = 3, BAND_CELLS = 27, UNIT_COUNT = UNIT_KINDS * BD_SIZE };

/* The most candidates a chain may have, and its shortest. */
enum { CHAIN_MAX = 16, CHAIN_MIN = 4 };

typedef struct bdi_board {
    uint32_t band[BANDS];
} bdi_board;

/* The index of the lowest set bit of a non-zero word. */
static inline int low_bit(uint32_t word)
{
    return bit_digit(word) - 1;
}

static inline bdi_board board_none(void)
{
    return (bdi_board){{0, 0, 0}};
}

static inline bdi_board board_of(int cell)
{
    bdi_board b = board_none();
    b.band[cell / BAND_CELLS] = 1u << (cell % BAND_CELLS);
    return b;
}

static inline bool board_has(bdi_board b, int cell)
{
    return (b.band[cell / BAND_CELLS] >> (cell % BAND_CELLS)) & 1u;
}

static inline bdi_board board_and(bdi_board a, bdi_board b)
{
    return (bdi_board){{a.band[0] & b.band[0], a.band[1] & b.band[1], a.band[2] & b.band[2]}};
}

static inline bdi_board board_or(bdi_board a, bdi_board b)
{
    return (bdi_board){{a.band[0] | b.band[0], a.band[1] | b.band[1], a.band[2] | b.band[2]}};
}

/* The cells of a that are not in b. */
static inline bdi_board board_minus(bdi_board a, bdi_board b)
{
    return (bdi_board){{a.band[0] & ~b.band[0], a.band[1] & ~b.band[1], a.band[2] & ~b.band[2]}};
}

static inline bool board_empty(bdi_board b)
{
    return (b.band[0] | b.band[1] | b.band[2]) == 0;
}

static inline bool board_same(bdi_board a, bdi_board b)
{
    return a.band[0] == b.band[0] && a.band[1] == b.band[1] && a.band[2] == b.band[2];
}

static inline int board_count(bdi_board b)
{
    return bit_count(b.band[0]) + bit_count(b.band[1]) + bit_count(b.band[2]);
}

/* Removes the lowest cell of *b and returns it; -1 when *b is empty. */
static inline int board_pop(bdi_board *b)
{
    for (int i = 0; i < BANDS; i++)
        if (b->band[i]) {
            int bit = low_bit(b->band[i]);
            b->band[i] &= b->band[i] - 1u;
            return i * BAND_CELLS + bit;
        }
    return -1;
}

/* The lowest cell of b, or -1. */
static inline int board_first(bdi_board b)
{
    return board_pop(&b);
}

/* The cells of a unit: `kind` UNIT_ROW, UNIT_COL or UNIT_BOX, `index` 0..8. */
static inline bdi_board unit_board(int kind, int index)
{
    bdi_board b = board_none();
    if (kind == UNIT_ROW) {
        b.band[index / BD_BOX] = 0x1FFu << (BD_SIZE * (index % BD_BOX));
    } else if (kind == UNIT_COL) {
        b.band[0] = b.band[1] = b.band[2] = 0x40201u << index;
    } else {
        b.band[index / BD_BOX] = 0x1C0E07u << (BD_BOX * (index % BD_BOX));
    }
    return b;
}

/* The 20 cells that share a unit with each cell (cands.c). */
extern const bdi_board bdi_peers[BD_CELLS];

static inline bdi_board peers_of(int cell)
{
    return bdi_peers[cell];
}

/* True when two different cells share a unit. */
static inline bool sees(int a, int b)
{
    return a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b));
}

/* The cells of b in unit (kind, index), as a 9-bit mask of positions. */
static inline unsigned unit_places(bdi_board b, int kind, int index)
{
    if (kind == UNIT_ROW)
        return (b.band[index / BD_BOX] >> (BD_SIZE * (index % BD_BOX))) & 0x1FFu;
    if (kind == UNIT_COL) {
        unsigned places = 0;
        for (int i = 0; i < BANDS; i++) {
            uint32_t x = (b.band[i] >> index) & 0x40201u;   /* bits 0, 9, 18 */
            places |= ((x | x >> 8 | x >> 16) & 7u) << (BD_BOX * i);
        }
        return places;
    }
    uint32_t x = b.band[index / BD_BOX] >> (BD_BOX * (index % BD_BOX));
    return (x & 7u) | ((x >> 9) & 7u) << 3 | ((x >> 18) & 7u) << 6;
}

/* ------------------------------------------------------------------ */
/* The candidate state (cands.c)                                       */

typedef struct bdi_cands {
    bdi_board place[BD_SIZE];     /* [digit - 1]: open cells where it may go */
    uint16_t cell[BD_CELLS];      /* candidates of an open cell; 0 once filled;
                                     valid only when cells_ok */
    bool cells_ok;                /* cell[] agrees with place[] */
    bd_grid grid;                 /* the digits placed so far */
    bdi_board open;               /* the cells not yet filled */
    bool unique;                  /* known to have one solution: uniqueness
                                     techniques may be used */
    bool broken;                  /* a digit was placed where it was no
                                     candidate: the puzzle has no solution */
} bdi_cands;

/* Fills `c` with the givens of `puzzle` and every candidate they allow
 * (cell[] not yet valid); false when two givens clash. */
bool bdi_cands_init(bdi_cands *c, const bd_grid *puzzle);

/* Makes cell[] valid; from then on every change keeps it so. The
 * techniques after the singles read cell[]: call this first. */
void bdi_cands_sync(bdi_cands *c);

/* The candidates of `cell`, read from the boards (valid at any time). */
unsigned bdi_cands_of(const bdi_cands *c, int cell);

/* Fills `c` from pencil marks: a cell with one candidate is filled with it
 * (its peers lose the digit), the others keep the candidates of `marks`
 * that no filled cell sees (cell[] not yet valid); false when two filled
 * cells clash. A cell left with no candidate breaks the state. */
bool bdi_cands_init_marks(bdi_cands *c, const bd_marks *marks);

/* Places `digit` in the open `cell`: it leaves the cell's other candidates
 * and the candidates of its peers. Placing a digit that is no candidate
 * there marks the state broken. */
void bdi_cands_place(bdi_cands *c, int cell, int digit);

/* The open cells holding exactly two candidates. */
bdi_board bdi_bivalue_cells(const bdi_cands *c);

/* ------------------------------------------------------------------ */
/* One step (cands.c applies it, notation.c writes it)                 */

/* A node of a chain: a candidate. Links alternate strong, weak, strong...
 * from the first node; a chain has an even number of nodes. */
typedef struct bdi_node {
    uint8_t cell, digit;
} bdi_node;

typedef struct bdi_step {
    bd_technique tech;
    int tenths;                   /* the rating, in tenths */
    int cell, digit;              /* a placement, or cell -1 */
    bdi_board removed[BD_SIZE];   /* [digit - 1]: candidates removed */
    /* What the text needs, by technique: */
    int kind, index;              /* singles, subsets: the unit; locked
                                     candidates: the box (pointing) or the
                                     line (claiming); fish: kind of base
                                     lines; empty rectangle: box index */
    int kind2, index2;            /* locked candidates: the other unit */
    unsigned digits;              /* subsets, wings, URs: the digits; fish
                                     and one-digit patterns: the digit */
    unsigned base, cover;         /* fish: the base and cover lines (masks) */
    int link_digit;               /* W-wing: the digit of its strong link */
    int cell_count;
    uint8_t cells[BD_SIZE];       /* the pattern's cells, technique's order */
    int node_count;
    bdi_node nodes[CHAIN_MAX];    /* a chain */
} bdi_step;

/* The rating of a technique in tenths (a chain's before its length). */
int bdi_tech_tenths(bd_technique tech);

/* Starts a step record of technique `tech`, with the technique's rating. */
void bdi_step_start(bdi_step *s, bd_technique tech);

/* Sets the nodes of a chain step, and adds the chain's length to its
 * rating (see bitdoku.h). */
void bdi_step_chain(bdi_step *s, const bdi_node *nodes, int count);

/* Notes that the step removes `digit` from `cells` (the cells where it is
 * no candidate are ignored); true when that removes something. */
bool bdi_step_remove(bdi_step *s, const bdi_cands *c, bdi_board cells, int digit);

/* True when the step removes any candidate. */
bool bdi_step_removes(const bdi_step *s);

/* Applies a step to the state: its placement or its removals. */
void bdi_step_apply(bdi_cands *c, const bdi_step *s);

/* Writes the step as text (no newline) into buf[0..size); returns the
 * length the whole text needs, as snprintf does. */
size_t bdi_step_text(const bdi_step *s, char *buf, size_t size);

/* count.c: counts the solutions of the candidate masks `cand` (bit d-1
 * of each cell; a cell with one candidate holds it), stopping at `limit`
 * (0: none); `first` (may be NULL) gets the first solution found. Returns
 * BD_OK with *count exact (limit meaning "limit or more"), or BD_CUT_SHORT
 * when the options' node or time limit stopped it (*count found so far). */
bd_status bdi_count_marks(const uint16_t cand[BD_CELLS], uint64_t limit,
                          const bd_options *options, uint64_t *count, bd_grid *first,
                          bd_stats *stats);

/* ------------------------------------------------------------------ */
/* combine.c                                                           */

/* Called with a set of masks, `chosen` (bit i: masks[i]), whose union `uni`
 * has as many bits as the set has masks; returns true to stop the search. */
typedef bool (*bdi_subset_fn)(unsigned chosen, unsigned uni, void *context);

/* Calls try_set for each set of `size` of the `count` masks whose union
 * has exactly `size` bits, in lexicographic order, until it returns true;
 * returns whether it did. */
bool bdi_find_subset(const unsigned *masks, int count, int size, bdi_subset_fn try_set,
                     void *context);

/* ------------------------------------------------------------------ */
/* The technique families. Each looks for its techniques in `c` and,     */
/* when one applies, fills `s` with the first found and returns true;   */
/* it never changes `c`.                                                */

/* singles.c: the singles of one kind, all at once: cells[] and
 * digits (as the digits of a placement per cell) for the rating fast path.
 * bdi_find_single returns one single, the easiest. */
typedef struct bdi_singles {
    bd_technique tech;            /* the kind found */
    int count;
    uint8_t cell[BD_CELLS], digit[BD_CELLS];
    uint8_t kind[BD_CELLS], index[BD_CELLS];  /* the unit, for the text */
} bdi_singles;

/* Finds every single of the easiest kind that has any (full houses, then
 * hidden singles in boxes, then in lines, then naked singles); false when
 * there is none. */
bool bdi_find_singles(const bdi_cands *c, bdi_singles *found);

/* The step that places found->cell[i]. */
void bdi_single_step(const bdi_singles *found, int i, bdi_step *s);

/* intersections.c */
bool bdi_pointing(const bdi_cands *c, bdi_step *s);
bool bdi_claiming(const bdi_cands *c, bdi_step *s);

/* subsets.c: naked and hidden subsets of `size` cells (2..4) */
bool bdi_naked_subset(const bdi_cands *c, int size, bdi_step *s);
bool bdi_hidden_subset(const bdi_cands *c, int size, bdi_step *s);

/* fish.c: basic fish of `size` lines (2: X-wing, 3: swordfish, 4: jellyfish) */
bool bdi_fish(const bdi_cands *c, int size, bdi_step *s);

/* onedigit.c: single-digit patterns */
bool bdi_skyscraper(const bdi_cands *c, bdi_step *s);
bool bdi_two_string_kite(const bdi_cands *c, bdi_step *s);
bool bdi_empty_rectangle(const bdi_cands *c, bdi_step *s);

/* wings.c */
bool bdi_xy_wing(const bdi_cands *c, bdi_step *s);
bool bdi_xyz_wing(const bdi_cands *c, bdi_step *s);
bool bdi_w_wing(const bdi_cands *c, bdi_step *s);

/* uniqueness.c: unique rectangles; only when c->unique */
bool bdi_unique_rectangle(const bdi_cands *c, int type, bdi_step *s);

/* chains.c */
bool bdi_x_chain(const bdi_cands *c, bdi_step *s);
bool bdi_xy_chain(const bdi_cands *c, bdi_step *s);
bool bdi_aic(const bdi_cands *c, bdi_step *s);

#endif /* BITDOKU_HUMAN_H */
