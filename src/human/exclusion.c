/*
 * exclusion.c - SE's AlignedPairExclusion (6.2) and AlignedExclusion of
 * three cells (aligned triplet exclusion, 7.5).
 *
 * A set of `degree` cells ("base" cells) must take one combination of
 * their candidates. A combination is ruled out when two of its cells that
 * share a unit take one digit, or when an "excluder" seen by every base
 * cell would be left with no candidate (its candidates are all in the
 * combination). A base cell's digit that no allowed combination gives it
 * is removed. Despite the name, SE does not require the cells to share a
 * unit.
 *
 * Base cells: those with two or more candidates, none of whose house cells
 * has exactly one candidate, with at least one excluder: a house cell with
 * two (for triplets two or three) candidates. SE's order: base cells row by
 * row; the pairs of them in the order of SE's Permutations (combinations
 * as bit masks over the list, increasing: (0,1), (0,2), (1,2), (0,3), ...);
 * for triplets, the third cell from the pair's "twin area" (the first
 * cell's excluders, then the second's, that are base cells other than the
 * two) in that order. A set needs two common excluders. The first set that
 * removes something is the hint. Which combinations are allowed does not
 * depend on the order they are tried in, so they are tried in any order;
 * a set's trial stops once every candidate of its cells is allowed (it
 * can remove nothing), and leaves out the excluders with a candidate
 * outside the set's (no combination can leave them empty). A triplet's
 * digit with a combination of three different digits at most one of
 * which is an excluder's candidate is allowed before any is tried (no
 * excluder's candidates, two or more, are all in it). A pair's third
 * cells are tried in cell order; only when one removes something are
 * they tried again in SE's order, for the first that does.
 *
 * A path's searches of each degree keep a record (bdi_exclusion_memo,
 * one for the pairs, one for the triplets). A triplet search's record
 * has a table of triplets, made on its first search (a search meets one
 * triplet from each of its pairs, up to three times). Whether a
 * triplet removes something rests only on the candidates of its three
 * cells and of the cells all three see (the excluders are among those):
 * the record keeps, by triplet, the search that found it removes nothing
 * (one of the last IDLE_SPAN: the table is cleared when a search would
 * not fit), and by cell, the search its candidates last changed at. A
 * triplet whose cells (its three and their common peers) have not
 * changed since it was found to remove nothing removes nothing again and
 * is not tried: the first triplet that removes something, the hint, is
 * the same.
 *
 * Both records keep whether their last search found nothing, its base
 * cells, and so which cells changed candidates since ("changed") and
 * which of those or others became or ceased to be base cells ("fresh").
 * Whether a set (pair or triplet) is tried at all rests only on whether
 * its cells are base cells, on their candidates (a triplet's third must
 * be an excluder of one of the first two) and on the candidates of the
 * cells all of them see (the common excluders); what it removes, on the
 * candidates of those cells too. So when the last search found nothing,
 * every set was then idle or not tried, and a set with no fresh cell and
 * no changed cell among those all its cells see that is or was an
 * excluder (two to `degree` candidates) is idle or not tried again: it is
 * passed over, the hint is the same. The walk then meets only the pairs
 * that can hold such a set: those with a fresh cell, those whose cells
 * both see a changed would-be excluder, and (triplets) those a fresh
 * third can join (triplet_partners). A search that finds a hint leaves
 * the next without this (the sets after the hint were not tried); a
 * record lives for one path (a new puzzle gets a new one).
 */
#include "human.h"

#include <stdlib.h>
#include <string.h>

/* A set of cells: bit cell % 64 of word cell / 64. */
typedef struct cellset {
    uint64_t w[2];
} cellset;

/* True when the set has two cells or more. */
static inline bool cs_two(cellset s)
{
    return (s.w[0] && s.w[1]) || (s.w[0] & (s.w[0] - 1u)) || (s.w[1] & (s.w[1] - 1u));
}

/* Adds `cell` to the set `s`. */
static inline void cs_add(cellset *s, int cell)
{
    s->w[cell / 64] |= (uint64_t)1 << (cell % 64);
}

/* Takes the least cell out of the set `s` (not empty); the cell. */
static inline int cs_take(cellset *s)
{
    int w = s->w[0] ? 0 : 1;
    int cell = w * 64 + low_index(s->w[w]);
    s->w[w] &= s->w[w] - 1u;
    return cell;
}

/* True when `cell` is in the set `s`. */
static inline bool cs_has(const cellset *s, int cell)
{
    unsigned c = (unsigned)cell;   /* unsigned: its division is a shift */
    return (s->w[c / 64] >> (c % 64)) & 1u;
}

/* Each row's, column's and box's cells (by index 0..8), and each cell's
 * house cells (the cell left out): state.c's bdi_unit_bits and
 * bdi_peer_bits again, as tables of this file (read through them, a table
 * of another file costs aligned exclusion 4% more instructions). */
#define CS_UNIT(u) {CELL_SET(IN_UNIT, u)}
#define CS_PEERS(c) {CELL_SET(IS_PEER, c)}
static const cellset row_cells[BD_SIZE] = {REP9(CS_UNIT, 0)};
static const cellset col_cells[BD_SIZE] = {REP9(CS_UNIT, 9)};
static const cellset box_cells[BD_SIZE] = {REP9(CS_UNIT, 18)};
static const cellset peer_cells[BD_CELLS] = {REP81(CS_PEERS)};

/* Each cell alone, as a cell set. */
#define IS_CELL(a, c) ((a) == (c))
#define CS_CELL(c) {CELL_SET(IS_CELL, c)}
static const cellset one_cell[BD_CELLS] = {REP81(CS_CELL)};

/* The searches a triplet table spans before it is cleared. */
enum { IDLE_SPAN = UINT8_MAX };

/* The triplets of distinct cells, by index (see triplet_index). */
enum { TRIPLETS = BD_CELLS * (BD_CELLS - 1) * (BD_CELLS - 2) / 6 };

struct bdi_exclusion_memo {
    uint16_t search;                  /* searches so far */
    uint16_t cand[BD_CELLS];          /* the grid of the last one */
    uint16_t changed[BD_CELLS];       /* by cell: the search its
                                         candidates last changed at (0: never) */
    uint8_t *idle;                    /* triplets only, by triplet
                                         (TRIPLETS): the search that found
                                         it removes nothing, less idle_base
                                         (0: none); made on the first
                                         search, cleared when a search would
                                         not fit */
    uint16_t idle_base;               /* the search before idle's first */
    bool last_idle;                   /* the last search found nothing */
    bool after_idle;                  /* this search follows one that found
                                         nothing: the sets below hold */
    cellset bases;                    /* the base cells of the last search */
    cellset changes;                  /* the cells whose candidates changed
                                         since the last search that had two
                                         to `degree` then or have now
                                         (could be excluders) */
    cellset fresh;                    /* the cells whose candidates changed
                                         and those that became or ceased to
                                         be base cells */
};

bdi_exclusion_memo *bdi_exclusion_memo_new(void)
{
    return calloc(1, sizeof(bdi_exclusion_memo));
}

void bdi_exclusion_memo_free(bdi_exclusion_memo *m)
{
    if (m)
        free(m->idle);
    free(m);
}

/* Starts a search of `degree` of `st` (base cells `bases`) in the
 * record, noting what changed since the last search: false when the
 * search goes without the record (no more searches to count). A triplet
 * search's table is made on its first search (it stays NULL when memory
 * is short). */
static bool memo_start(bdi_exclusion_memo *m, const bdi_state *st, int degree, cellset bases)
{
    if (m->search == UINT16_MAX)
        return false;
    m->search++;
    m->after_idle = m->last_idle;
    m->last_idle = false;
    cellset changed = {{0, 0}};
    m->changes = (cellset){{0, 0}};
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (m->cand[cell] != st->cand[cell]) {
            int was = digit_count(m->cand[cell]), is = digit_count(st->cand[cell]);
            if ((was >= 2 && was <= degree) || (is >= 2 && is <= degree))
                cs_add(&m->changes, cell);   /* an excluder then or now */
            m->cand[cell] = st->cand[cell];
            m->changed[cell] = m->search;
            cs_add(&changed, cell);
        }
    for (int w = 0; w < 2; w++) {
        m->fresh.w[w] = changed.w[w] | (m->bases.w[w] ^ bases.w[w]);
        m->bases.w[w] = bases.w[w];
    }
    if (degree == 3 && !m->idle) {
        m->idle = calloc(TRIPLETS, sizeof *m->idle);
        m->idle_base = (uint16_t)(m->search - 1);
    } else if (degree == 3 && m->search - m->idle_base > IDLE_SPAN) {
        memset(m->idle, 0, TRIPLETS * sizeof *m->idle);
        m->idle_base = (uint16_t)(m->search - 1);
    }
    return true;
}

/* C(c, 3) and C(c, 2) by cell c. */
#define CHOOSE3(c) ((c) * ((c) - 1) * ((c) - 2) / 6)
#define CHOOSE2(c) ((c) * ((c) - 1) / 2)
static const int choose3[BD_CELLS] = {REP81(CHOOSE3)};
static const int choose2[BD_CELLS] = {REP81(CHOOSE2)};

/* The index of the triplet of distinct cells {a, b, c}, a < b (c any):
 * with x < y < z its cells in order, C(z, 3) + C(y, 2) + x. */
static int triplet_index(int a, int b, int c)
{
    if (c > b)
        return choose3[c] + choose2[b] + a;
    if (c > a)
        return choose3[b] + choose2[c] + a;
    return choose3[b] + choose2[a] + c;
}

/* True when a cell of `cells` changed after the search `since` in a way
 * that can matter to a triplet whose cells hold the digits `among`: it
 * has fewer than two candidates now, or two or three all among those.
 * Otherwise it is no excluder (four candidates or more), or a candidate
 * outside `among` keeps it from ruling out any combination, now and then
 * (candidates only go along a path: it had as many and that one then). */
static bool excluder_changed(const bdi_exclusion_memo *m, const bdi_state *st, cellset cells,
                             uint16_t since, unsigned among)
{
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = cells.w[w]; bits; bits &= bits - 1u) {
            int cell = w * 64 + low_index(bits);
            unsigned cand = st->cand[cell];
            int count = digit_count(cand);
            if (m->changed[cell] > since && (count < 2 || (count <= 3 && !(cand & ~among))))
                return true;
        }
    return false;
}

typedef struct bases {
    int count;
    uint8_t cell[BD_CELLS];
    cellset excluders[BD_CELLS];            /* by base index */
    cellset all;                            /* the base cells */
    cellset two_three;                      /* the cells with two to
                                               `degree` candidates */
    int index_of[BD_CELLS];                 /* by cell: its base index */
} bases;

/* SE's list of base cells with their excluders: the cells with two
 * candidates or more and no house cell with one, whose house cells with
 * two to `degree` candidates (excluders) are not none. */
static void find_bases(const bdi_state *st, int degree, bases *b)
{
    b->count = 0;
    b->all = (cellset){{0, 0}};
    cellset single = {{0, 0}}, excluder = {{0, 0}};
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int count = digit_count(st->cand[cell]);
        if (count == 1)
            cs_add(&single, cell);
        else if (count >= 2 && count <= degree)
            cs_add(&excluder, cell);
    }
    b->two_three = excluder;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (digit_count(st->cand[cell]) < 2)
            continue;
        const cellset *peers = &peer_cells[cell];
        if ((peers->w[0] & single.w[0]) | (peers->w[1] & single.w[1]))
            continue;   /* a house cell with one candidate */
        cellset ex = {{peers->w[0] & excluder.w[0], peers->w[1] & excluder.w[1]}};
        if (!(ex.w[0] | ex.w[1]))
            continue;
        b->excluders[b->count] = ex;
        cs_add(&b->all, cell);
        b->index_of[cell] = b->count;
        b->cell[b->count++] = (uint8_t)cell;
    }
}

/* Into `useful`, in cell order, the candidates of the cells of `set`
 * that are all among `among` (only such an excluder can rule out a
 * combination of digits from `among`); their number. Their union in
 * `*taken`. */
static int useful_masks(const bdi_state *st, cellset set, unsigned among, uint16_t *useful,
                        unsigned *taken)
{
    int count = 0;
    unsigned all = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = set.w[w]; bits; bits &= bits - 1u) {
            unsigned cand = st->cand[w * 64 + low_index(bits)];
            if (!(cand & ~among)) {
                useful[count++] = (uint16_t)cand;
                all |= cand;
            }
        }
    *taken = all;
    return count;
}

/* Into allowed[0] and allowed[1], the digits of a pair's cells (their
 * candidates full[0] and full[1]; `see01` when they share a unit) that some
 * allowed combination gives them, `useful` holding the masks of the
 * excluders with two candidates, both among the pair's. A combination
 * (a, b) is ruled out when a == b in cells that share a unit, or when an
 * excluder's candidates are {a, b}: so b is ruled out with a when it is a,
 * in cells that share a unit, or when an excluder's mask holds a and b
 * (`with[a]`, the union of such masks less a), and a digit is allowed when
 * some digit of the other cell is not ruled out with it. */
static void pair_allowed(const unsigned *full, bool see01, const uint16_t *useful,
                         int useful_count, unsigned *allowed)
{
    unsigned with[BD_SIZE + 1] = {0};
    for (int e = 0; e < useful_count; e++)
        for (unsigned m = useful[e]; m; m &= m - 1u)
            with[bit_digit(m)] |= useful[e] & ~(m & -m);
    for (unsigned m0 = full[0]; m0; m0 &= m0 - 1u) {
        unsigned b0 = m0 & -m0, out = with[bit_digit(m0)] | (see01 ? b0 : 0u);
        if (full[1] & ~out)
            allowed[0] |= b0;
    }
    for (unsigned m1 = full[1]; m1; m1 &= m1 - 1u) {
        unsigned b1 = m1 & -m1, out = with[bit_digit(m1)] | (see01 ? b1 : 0u);
        if (full[0] & ~out)
            allowed[1] |= b1;
    }
}

/* Into allowed[0..3), the digits of a triplet's cells (their candidates
 * full[0..3); `seeIJ` when cells I and J share a unit) that some allowed
 * combination gives them, `useful` holding the masks of the excluders
 * whose candidates are all among the triplet's. The first two cells'
 * digits are tried in pairs, each with all the third cell's digits at
 * once: an excluder with no candidate outside the pair rules out every
 * third digit; one with a single candidate outside them rules out that
 * third digit. The excluders are read first into tables by digit: for a
 * digit a, the other digit of each excluder {a, x} (`with2`), and for
 * digits a and b, the third digit of each excluder {a, b, c} (`with3`).
 * Stops once every digit is allowed; once the second and third cells'
 * are, goes on to the next digit of the first cell. */
static void triplet_allowed(const unsigned *full, bool see01, bool see02, bool see12,
                            const uint16_t *useful, int useful_count, unsigned *allowed)
{
    unsigned with2[BD_SIZE] = {0};
    uint16_t with3[BD_SIZE][BD_SIZE] = {{0}};
    for (int e = 0; e < useful_count; e++) {
        unsigned m = useful[e];
        int x = bit_digit(m) - 1;
        m &= m - 1u;
        int y = bit_digit(m) - 1;
        m &= m - 1u;
        if (!m) {
            with2[x] |= digit_bit(y + 1);
            with2[y] |= digit_bit(x + 1);
            continue;
        }
        int z = bit_digit(m) - 1;
        with3[x][y] |= (uint16_t)digit_bit(z + 1);
        with3[y][x] |= (uint16_t)digit_bit(z + 1);
        with3[x][z] |= (uint16_t)digit_bit(y + 1);
        with3[z][x] |= (uint16_t)digit_bit(y + 1);
        with3[y][z] |= (uint16_t)digit_bit(x + 1);
        with3[z][y] |= (uint16_t)digit_bit(x + 1);
    }
    for (unsigned m0 = full[0]; m0; m0 &= m0 - 1u) {
        unsigned b0 = m0 & -m0;
        int d0 = bit_digit(b0) - 1;
        unsigned third0 = full[2] & ~((see02 ? b0 : 0u) | with2[d0]);
        /* b1 is b0 in cells that share a unit, or with b0 an excluder */
        for (unsigned m1 = full[1] & ~((see01 ? b0 : 0u) | with2[d0]); m1; m1 &= m1 - 1u) {
            unsigned b1 = m1 & -m1;
            int d1 = bit_digit(b1) - 1;
            unsigned third = third0 & ~((see12 ? b1 : 0u) | with2[d1] | with3[d0][d1]);
            if (!third)
                continue;
            allowed[0] |= b0;
            allowed[1] |= b1;
            allowed[2] |= third;
            if (allowed[1] == full[1] && allowed[2] == full[2]) {
                if (allowed[0] == full[0])
                    return;
                break;   /* b0's other pairs can allow nothing new */
            }
        }
    }
}

/* A triplet's cells other than cell i, by i. */
static const int OTHER_CELLS[3][2] = {{1, 2}, {0, 2}, {0, 1}};

/* The number of digits in a 9-bit mask, and the masks 0..511 by M, as
 * constant expressions for the tables below. */
#define MASK_COUNT(m)                                                                      \
    (((m) & 1) + ((m) >> 1 & 1) + ((m) >> 2 & 1) + ((m) >> 3 & 1) + ((m) >> 4 & 1) +        \
     ((m) >> 5 & 1) + ((m) >> 6 & 1) + ((m) >> 7 & 1) + ((m) >> 8 & 1))
#define MASKS2(M, n) M(n), M((n) + 1)
#define MASKS8(M, n) MASKS2(M, n), MASKS2(M, (n) + 2), MASKS2(M, (n) + 4), MASKS2(M, (n) + 6)
#define MASKS32(M, n) MASKS8(M, n), MASKS8(M, (n) + 8), MASKS8(M, (n) + 16), MASKS8(M, (n) + 24)
#define MASKS128(M, n) \
    MASKS32(M, n), MASKS32(M, (n) + 32), MASKS32(M, (n) + 64), MASKS32(M, (n) + 96)
#define MASKS512(M) MASKS128(M, 0), MASKS128(M, 128), MASKS128(M, 256), MASKS128(M, 384)

/* By mask x: the digits b such that x holds a digit other than b
 * (beside_one_of), two digits other than b (beside_two_of). */
#define BESIDE_ONE(x) \
    (MASK_COUNT(x) >= 2 ? ALL_DIGITS : MASK_COUNT(x) == 1 ? ALL_DIGITS & ~(unsigned)(x) : 0u)
#define BESIDE_TWO(x) \
    (MASK_COUNT(x) >= 3 ? ALL_DIGITS : MASK_COUNT(x) == 2 ? ALL_DIGITS & ~(unsigned)(x) : 0u)
static const uint16_t beside_one_of[1u << BD_SIZE] = {MASKS512(BESIDE_ONE)};
static const uint16_t beside_two_of[1u << BD_SIZE] = {MASKS512(BESIDE_TWO)};

/* True when two sets of digits have one each, the two different: a
 * digit of b beside which a holds another. */
static bool two_apart(unsigned a, unsigned b)
{
    return (beside_one_of[a] & b) != 0;
}

/* The digits b such that two_apart(a less b, c less b): a and c hold a
 * digit other than b each, and the two together two. */
static unsigned apart_beside(unsigned a, unsigned c)
{
    return (unsigned)beside_one_of[a] & beside_one_of[c] & beside_two_of[a | c];
}

/* Into allowed[0..3), digits of a triplet's cells (candidates
 * full[0..3)) that have a combination no excluder can rule out: three
 * different digits, at most one of them among the excluders' candidates
 * `taken` (an excluder rules out a combination holding all its
 * candidates, two or more). For a digit among `taken`, the other two
 * digits are free ones; for a free digit b, one of them is: the free
 * digits are taken all at once, as those b for which the other two cells
 * less b still hold two different digits, one of them free. True when
 * every digit of the three cells is allowed so; else false, from the
 * first cell with a digit it does not allow (the cells after it are not
 * looked at: what triplet_allowed finds does not rest on them). */
static bool surely_allowed(const unsigned *full, unsigned taken, unsigned *allowed)
{
    for (int i = 0; i < 3; i++) {
        unsigned m1 = full[OTHER_CELLS[i][0]], m2 = full[OTHER_CELLS[i][1]];
        unsigned f1 = m1 & ~taken, f2 = m2 & ~taken;
        if (two_apart(f1, f2))
            allowed[i] |= full[i] & taken;
        unsigned free = full[i] & ~taken;
        allowed[i] |= free & (apart_beside(f1, m2) | apart_beside(m1, f2));
        if (allowed[i] != full[i])
            return false;
    }
    return true;
}

/* False when a pair's cells (candidates full[0] and full[1]; `see01`
 * when they share a unit) with `useful_count` excluders whose candidates
 * are two of the pair's can lose no digit: for cell 0 to lose a, each
 * digit b of cell 1 (but a, when the cells share a unit) must make an
 * excluder {a, b} with it, so there are at least as many excluders as
 * cell 1 has digits, less one when the cells share a unit; and the same
 * for cell 1. */
static bool pair_may_remove(const unsigned *full, bool see01, int useful_count)
{
    int least = digit_count(full[0]) < digit_count(full[1]) ? digit_count(full[0])
                                                            : digit_count(full[1]);
    return useful_count >= least - (see01 ? 1 : 0);
}

/* Tries the base cells `cells[0..degree)` with their common excluders
 * `common`: the step removing the digits no allowed combination gives
 * them; false when it removes nothing. A combination is tried as the set
 * of digits it uses: an excluder rules it out when its candidates are all
 * in it (pair_allowed, triplet_allowed). */
static bool try_cells(const bdi_state *st, const int *cells, int degree, cellset common,
                      bdi_step *s)
{
    unsigned allowed[3] = {0, 0, 0};
    unsigned full[3] = {st->cand[cells[0]], st->cand[cells[1]],
                        degree == 3 ? st->cand[cells[2]] : 0u};
    /* only an excluder whose candidates are all among the base cells' can
     * rule a combination out */
    uint16_t useful[HOUSE_CELLS];
    unsigned taken;
    int useful_count = useful_masks(st, common, full[0] | full[1] | full[2], useful, &taken);
    if (degree == 3) {   /* the cheap part first: many triplets end here */
        if (surely_allowed(full, taken, allowed))
            return false;
    }
    bool see01 = cs_has(&peer_cells[cells[0]], cells[1]);
    bool see02 = degree == 3 && cs_has(&peer_cells[cells[0]], cells[2]);
    bool see12 = degree == 3 && cs_has(&peer_cells[cells[1]], cells[2]);
    if (!useful_count && !see01 && !see02 && !see12)
        return false;   /* every combination allowed */
    if (degree == 2 && !pair_may_remove(full, see01, useful_count))
        return false;
    if (degree == 2)
        pair_allowed(full, see01, useful, useful_count, allowed);
    else
        triplet_allowed(full, see01, see02, see12, useful, useful_count, allowed);
    bool removes = false;
    for (int i = 0; i < degree; i++)
        removes |= (st->cand[cells[i]] & ~allowed[i]) != 0;
    if (!removes)
        return false;
    bdi_step_start(s, degree == 2 ? BD_TECH_ALIGNED_PAIR_EXCLUSION
                                  : BD_TECH_ALIGNED_TRIPLET_EXCLUSION,
                   degree == 2 ? 6.2 : 7.5);
    for (int i = 0; i < degree; i++)
        if (st->cand[cells[i]] & ~allowed[i])
            step_remove(s, cells[i], st->cand[cells[i]] & ~allowed[i]);
    for (int i = 0; i < degree; i++) {
        s->cells[s->cell_count++] = (uint8_t)cells[i];
        step_mark(s, cells[i], st->cand[cells[i]]);
    }
    return true;
}

/* Appends the cells of `set` to `area` in increasing order; their
 * number. */
static int append_cells(cellset set, int *area)
{
    int count = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = set.w[w]; bits; bits &= bits - 1u)
            area[count++] = w * 64 + low_index(bits);
    return count;
}

/* The twin area of the base cells i0 and i1 among `only`, as a set: their
 * excluders that are base cells other than the two (twin_area orders
 * them). */
static cellset twin_set(const bases *b, int i0, int i1, cellset only)
{
    const cellset *c0 = &one_cell[b->cell[i0]], *c1 = &one_cell[b->cell[i1]];
    cellset set;
    for (int w = 0; w < 2; w++)
        set.w[w] = (b->excluders[i0].w[w] | b->excluders[i1].w[w]) & b->all.w[w] & only.w[w] &
                   ~(c0->w[w] | c1->w[w]);
    return set;
}

/* The cells of `set` (the twin area of base cells i0 and i1 among some
 * cells: twin_set's answer) in SE's twin-area order: the first cell's
 * excluders, then the second's, in house order. A cell's house order
 * (bdi_house) is its box's cells, then its row's outside the box, then
 * its column's, each part in increasing cell order. */
static int twin_area(const bases *b, int i0, int i1, cellset set, int *area)
{
    cellset left = set;   /* the area's cells not yet taken */
    int count = 0;
    int from[2] = {i0, i1};
    for (int f = 0; f < 2; f++) {
        cellset want = {{b->excluders[from[f]].w[0] & left.w[0],
                         b->excluders[from[f]].w[1] & left.w[1]}};
        if (!(want.w[0] | want.w[1]))
            continue;
        int cell = b->cell[from[f]];
        const cellset *box = &box_cells[box_of(cell)];
        const cellset *row = &row_cells[row_of(cell)];
        const cellset *col = &col_cells[col_of(cell)];
        count += append_cells((cellset){{want.w[0] & box->w[0], want.w[1] & box->w[1]}},
                              area + count);
        count += append_cells((cellset){{want.w[0] & row->w[0] & ~box->w[0],
                                         want.w[1] & row->w[1] & ~box->w[1]}},
                              area + count);
        count += append_cells((cellset){{want.w[0] & col->w[0] & ~box->w[0],
                                         want.w[1] & col->w[1] & ~box->w[1]}},
                              area + count);
        left.w[0] &= ~want.w[0];
        left.w[1] &= ~want.w[1];
    }
    return count;
}

/* Tries the triplet `cells` (cells[0] < cells[1], as base cells are
 * listed; common excluders `common`) unless the record `m` (NULL: none)
 * shows it removes nothing; `pair_last` is the
 * latest change of the first two cells, `pair_peers` the cells both
 * see. */
static bool try_triplet(const bdi_state *st, bdi_exclusion_memo *m, const int *cells,
                        cellset common, cellset pair_peers, uint16_t pair_last, bdi_step *s)
{
    if (!m)
        return try_cells(st, cells, 3, common, s);
    int index = triplet_index(cells[0], cells[1], cells[2]);
    uint8_t mark = m->idle[index], now = (uint8_t)(m->search - m->idle_base);
    if (mark == now)
        return false;   /* met from another of its pairs in this search */
    if (mark) {
        uint16_t idle = (uint16_t)(m->idle_base + mark);
        const cellset *third = &peer_cells[cells[2]];
        cellset seen = {{pair_peers.w[0] & third->w[0], pair_peers.w[1] & third->w[1]}};
        unsigned among = st->cand[cells[0]] | st->cand[cells[1]] | st->cand[cells[2]];
        if (pair_last <= idle && m->changed[cells[2]] <= idle &&
            !excluder_changed(m, st, seen, idle, among))
            return false;
    }
    if (try_cells(st, cells, 3, common, s))
        return true;
    m->idle[index] = now;
    return false;
}

/* Where a search after an idle one looks (record `m`): a pair (i0, i1)
 * can have another answer than at the last search only when i0 or i1 is
 * fresh (`fresh_bases`: the fresh base cells), or when both see a changed
 * would-be excluder (`seen`, by base index: those base cell i sees), or
 * (triplets) when a fresh cell can be its third (triplet_partners). */
typedef struct reach {
    cellset fresh_bases;
    cellset seen[BD_CELLS];
} reach;

/* Fills `r` for the base cells `b` when the search follows an idle one
 * in the record `m` (NULL: none). Returns `r`, or NULL when the search
 * does not follow an idle one (every pair is then worth trying). */
static reach *reach_fill(const bdi_exclusion_memo *m, const bases *b, reach *r)
{
    if (!m || !m->after_idle)
        return NULL;
    r->fresh_bases = (cellset){{m->fresh.w[0] & b->all.w[0], m->fresh.w[1] & b->all.w[1]}};
    for (int i = 0; i < b->count; i++) {
        const cellset *peers = &peer_cells[b->cell[i]];
        r->seen[i] = (cellset){{peers->w[0] & m->changes.w[0], peers->w[1] & m->changes.w[1]}};
    }
    return r;
}

/* The base cells listed before base cell `i1`. */
static cellset bases_below(const bases *b, int i1)
{
    int c1 = b->cell[i1];
    return (cellset){{c1 >= 64 ? b->all.w[0] : b->all.w[0] & (((uint64_t)1 << c1) - 1u),
                      c1 > 64 ? b->all.w[1] & (((uint64_t)1 << (c1 - 64)) - 1u) : 0}};
}

/* The cells that make a pair with base cell `i1` that may have another
 * answer than at the last search (the record's `r`), when i1 is not
 * fresh: the fresh base cells, and the cells that see a changed would-be
 * excluder i1 sees. */
static cellset touched_partners(const reach *r, int i1)
{
    cellset near = r->fresh_bases;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = r->seen[i1].w[w]; bits; bits &= bits - 1u) {
            const cellset *seen = &peer_cells[w * 64 + low_index(bits)];
            near.w[0] |= seen->w[0];
            near.w[1] |= seen->w[1];
        }
    return near;
}

/* The cells that see two or more of the cells of `set`. */
static cellset seen_twice(const cellset *set)
{
    cellset once = {{0, 0}}, twice = {{0, 0}};
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = set->w[w]; bits; bits &= bits - 1u) {
            const cellset *seen = &peer_cells[w * 64 + low_index(bits)];
            twice.w[0] |= once.w[0] & seen->w[0];
            twice.w[1] |= once.w[1] & seen->w[1];
            once.w[0] |= seen->w[0];
            once.w[1] |= seen->w[1];
        }
    return twice;
}

/* The pair step with the base cells `b` (SE's AlignedPairExclusion),
 * with the path's record `rec` (NULL: none); false when no pair removes
 * anything. */
static bool pair_search(const bdi_state *st, const bases *b, bdi_exclusion_memo *rec,
                        bdi_step *s)
{
    reach room;   /* reach_fill fills what is read of it */
    reach *r = reach_fill(rec, b, &room);
    /* the pairs (i0, i1), i0 < i1, by increasing 2^i0 + 2^i1 */
    for (int i1 = 1; i1 < b->count; i1++) {
        /* the cells of i0, in cell order (base order), less the pairs
         * idle or not tried at the last search */
        cellset near = bases_below(b, i1);
        if (r && !cs_has(&rec->fresh, b->cell[i1])) {
            cellset touched = touched_partners(r, i1);
            near.w[0] &= touched.w[0];
            near.w[1] &= touched.w[1];
            if (!(near.w[0] | near.w[1]))
                continue;
        }
        /* the pair needs two common excluders: the cell i0 sees two of
         * i1's excluders (a pair's common excluders are i1's excluders
         * i0 sees, as those have two to `degree` candidates) */
        cellset twice = seen_twice(&b->excluders[i1]);
        near.w[0] &= twice.w[0];
        near.w[1] &= twice.w[1];
        while (near.w[0] | near.w[1]) {
            int i0 = b->index_of[cs_take(&near)];
            cellset pair = {{b->excluders[i0].w[0] & b->excluders[i1].w[0],
                             b->excluders[i0].w[1] & b->excluders[i1].w[1]}};
            int cells[2] = {b->cell[i0], b->cell[i1]};
            if (try_cells(st, cells, 2, pair, s))
                return true;
        }
    }
    if (rec)
        rec->last_idle = true;
    return false;
}

/* The third cells that can make a triplet with the base cells `c0` and
 * `c1` whose answer may differ from the last search's (which found
 * nothing, record `m`): every cell when c0 or c1 is fresh, else the
 * fresh cells and the house cells of each changed cell both see (it is
 * then a house cell of all three). */
static cellset pair_thirds(const bdi_exclusion_memo *m, int c0, int c1)
{
    if (cs_has(&m->fresh, c0) || cs_has(&m->fresh, c1))
        return (cellset){{~(uint64_t)0, ~(uint64_t)0}};
    cellset thirds = m->fresh;
    const cellset *p0 = &peer_cells[c0], *p1 = &peer_cells[c1];
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = p0->w[w] & p1->w[w] & m->changes.w[w]; bits; bits &= bits - 1u) {
            const cellset *seen = &peer_cells[w * 64 + low_index(bits)];
            thirds.w[0] |= seen->w[0];
            thirds.w[1] |= seen->w[1];
        }
    return thirds;
}

/* Tries the triplets of the base cells cells[0], cells[1] (common
 * excluders `pair`, the cells both see `pair_peers`, their latest change
 * `pair_last`) with each third cell of area[0..count) in that order, with
 * the record `m` (NULL: none); true at the first that removes something
 * (its step in `s`). Each third cell sees two of `pair` (the area is made
 * so): the triplet has two common excluders, those of `pair` it sees. */
static bool try_thirds(const bdi_state *st, const bases *b, bdi_exclusion_memo *m, int *cells,
                       cellset pair, cellset pair_peers, uint16_t pair_last, const int *area,
                       int count, bdi_step *s)
{
    for (int t = 0; t < count; t++) {
        const cellset *third = &b->excluders[b->index_of[area[t]]];
        cellset common = {{pair.w[0] & third->w[0], pair.w[1] & third->w[1]}};
        cells[2] = area[t];
        if (try_triplet(st, m, cells, common, pair_peers, pair_last, s))
            return true;
    }
    return false;
}

/* The triplets of the base cells i0 < i1 (their record `m`, the search's
 * `rec` and `r` as triplet_search has them): true at the first that
 * removes something, in SE's order (its step in `s`). */
static bool pair_triplets(const bdi_state *st, const bases *b, bdi_exclusion_memo *m,
                          bdi_exclusion_memo *rec, const reach *r, int i0, int i1, bdi_step *s)
{
    cellset pair = {{b->excluders[i0].w[0] & b->excluders[i1].w[0],
                     b->excluders[i0].w[1] & b->excluders[i1].w[1]}};
    if (!cs_two(pair))
        return false;   /* no set with these two can have two common excluders */
    int cells[3] = {b->cell[i0], b->cell[i1], 0};
    cellset thirds = {{~(uint64_t)0, ~(uint64_t)0}};
    if (r)
        thirds = pair_thirds(rec, cells[0], cells[1]);
    /* the twin area's cells in cell order first: SE's order matters only
     * when one removes something (rare) */
    cellset area_set = twin_set(b, i0, i1, thirds);
    if (!(area_set.w[0] | area_set.w[1]))
        return false;
    /* a third cell's common excluders with the pair are the pair's
     * excluders it sees (they have two or three candidates): only the
     * cells that see two of them can have two */
    cellset twice = seen_twice(&pair);
    area_set.w[0] &= twice.w[0];
    area_set.w[1] &= twice.w[1];
    if (!(area_set.w[0] | area_set.w[1]))
        return false;
    cellset pair_peers = {{0, 0}};
    uint16_t pair_last = 0;
    if (m) {
        const cellset *p0 = &peer_cells[cells[0]], *p1 = &peer_cells[cells[1]];
        pair_peers = (cellset){{p0->w[0] & p1->w[0], p0->w[1] & p1->w[1]}};
        pair_last = m->changed[cells[0]] > m->changed[cells[1]] ? m->changed[cells[0]]
                                                               : m->changed[cells[1]];
    }
    int area[BD_CELLS], count = append_cells(area_set, area);
    if (!try_thirds(st, b, m, cells, pair, pair_peers, pair_last, area, count, s))
        return false;
    /* the first that removes something in SE's order is the hint
     * (with a record, those found idle above are passed over) */
    count = twin_area(b, i0, i1, area_set, area);
    try_thirds(st, b, m, cells, pair, pair_peers, pair_last, area, count, s);
    return true;
}

/* The base cells listed before base cell `i1` that can make a pair with
 * it whose triplets may have another answer than at the last search (the
 * record `m` and its `r` as triplet_search has them; `r` NULL: all): every
 * one when i1 is fresh; else the fresh ones, those that see a changed
 * would-be excluder i1 sees (it is then a house cell of the pair, and
 * pair_thirds takes its house cells), and those with which a fresh base
 * cell f with two or three candidates makes a triplet. When neither cell
 * of a pair is fresh and they see no changed cell in common, pair_thirds
 * leaves only the fresh cells, and of those the twin area holds the fresh
 * base cells f with two or three candidates that one of the pair sees;
 * f has two common excluders with the pair only when the other cell, c0,
 * sees two of i1's excluders that f sees (the pair's common excluders
 * are i1's excluders c0 sees). */
static cellset triplet_partners(const bases *b, const bdi_exclusion_memo *m, const reach *r,
                                int i1)
{
    int c1 = b->cell[i1];
    cellset below = bases_below(b, i1);
    if (!r || cs_has(&m->fresh, c1))
        return below;
    cellset near = touched_partners(r, i1);
    const cellset *ex = &b->excluders[i1];
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = r->fresh_bases.w[w] & b->two_three.w[w]; bits; bits &= bits - 1u) {
            int f = w * 64 + low_index(bits);
            const cellset *seen = &peer_cells[f];
            cellset common = {{ex->w[0] & seen->w[0], ex->w[1] & seen->w[1]}};
            if (!cs_two(common))
                continue;
            cellset twice = seen_twice(&common);
            if (!cs_has(seen, c1)) {   /* then c0 must see f */
                twice.w[0] &= seen->w[0];
                twice.w[1] &= seen->w[1];
            }
            near.w[0] |= twice.w[0];
            near.w[1] |= twice.w[1];
        }
    return (cellset){{below.w[0] & near.w[0], below.w[1] & near.w[1]}};
}

/* The triplet step with the base cells `b` (SE's AlignedExclusion of
 * three cells), with the path's record `rec` (NULL: none); false when no
 * triplet removes anything. */
static bool triplet_search(const bdi_state *st, const bases *b, bdi_exclusion_memo *rec,
                           bdi_step *s)
{
    bdi_exclusion_memo *m = rec && rec->idle ? rec : NULL;
    reach room;   /* reach_fill fills what is read of it */
    reach *r = reach_fill(rec, b, &room);
    /* the pairs (i0, i1), i0 < i1, by increasing 2^i0 + 2^i1 */
    for (int i1 = 1; i1 < b->count; i1++) {
        cellset with = triplet_partners(b, rec, r, i1);
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = with.w[w]; bits; bits &= bits - 1u)
                if (pair_triplets(st, b, m, rec, r, b->index_of[w * 64 + low_index(bits)], i1, s))
                    return true;
    }
    if (rec)
        rec->last_idle = true;
    return false;
}

bool bdi_aligned_exclusion(const bdi_state *st, int degree, bdi_exclusion_memo *memo,
                           bdi_step *s)
{
    bases b;   /* find_bases fills what is read of it */
    find_bases(st, degree, &b);
    if (b.count < degree)
        return false;
    bdi_exclusion_memo *rec = memo && memo_start(memo, st, degree, b.all) ? memo : NULL;
    return degree == 2 ? pair_search(st, &b, rec, s) : triplet_search(st, &b, rec, s);
}
