/*
 * reach.c - what an assumption implies, as sets of candidates (chains.h's
 * reach_from): the potentials SE's doChaining would switch on and off
 * from one potential, without the nodes, found with bit operations over
 * the whole grid, so that a forcing-chain search can tell, before it
 * builds any chain, the parts of its search that cannot give a hint
 * (forcing.c).
 *
 * Representation: a set of cells is two 64-bit words, cell c at bit c % 64
 * of word c / 64; the potentials of a closure are two such sets a digit,
 * the cells where the digit is on and those where it is off. The grid
 * (reach_grid) is the candidates as one cell set a digit and as a mask a
 * cell, the number of candidates of each cell and of places of each
 * unit's digits where the "one left" rule applies, and the cell sets of
 * each unit and of each cell's peers. Its owners make it once
 * (reach_grid_init) and then remake it for each next grid
 * (reach_grid_remake), which brings up to date only what the changed
 * candidates touch when they are few (the grids a path and its chains
 * run through differ by a few cells), and never copies the tables again.
 *
 * Rules, those of chains.c's doChaining with no nested rules: a potential
 * on switches off the digit's other places in its box, row and column and,
 * with the cell rules (`y_links`: all but Nishio's chains), its cell's
 * other candidates; a unit all of whose places of a digit but one are off
 * has that one on, and with the cell rules a cell all of whose candidates
 * but one are off has that one on. A static chain applies the last two to
 * the units of two places and the cells of two candidates only (its grid
 * does not change); a dynamic chain, which removes each potential it
 * switches off, to every unit and cell of two or more. Each rule only
 * adds, so the sets closed under them do not depend on the order the
 * rules are applied in: they are the least sets closed under them that
 * hold the assumption. A candidate both on and off, or a unit or cell
 * (where the rule applies) whose places or candidates are all off, is a
 * contradiction: doChaining meets one exactly when the closure holds one
 * (it derives by the same rules; it stops at its first contradiction, so
 * its sets are then a part of the closure).
 *
 * The closure is a walk: switching a candidate off counts it out of its
 * cell and its three units (from their number of candidates or places,
 * for those where the rule applies), and a count that falls to one
 * switches on what is left; a potential switched on waits on a stack until
 * its peers and its cell's other candidates are switched off. It stops at
 * the first contradiction.
 *
 * reach_links is the walk of cycles.c's static chains (X-links, Y-links
 * or both), which go on through contradictions: what a potential reaches
 * at all, for cycles.c to tell the walks that cannot meet what they look
 * for. A potential off switches on its partners: the cell's other
 * candidate in a cell of two, and the digit's other place in each unit of
 * two (a table of the grid, `partner`).
 */
#include "chains.h"

#include <string.h>

/* Sets bit `cell` of a cell set. */
static inline void cells_add(uint64_t *set, int cell)
{
    set[cell >> 6] |= (uint64_t)1 << (cell & 63);
}

/* By the rules (static 0, dynamic 1) and a 9-bit mask of candidates or
 * places, the count the "one left" rule starts from: the mask's number of
 * bits where the rule applies to it (two in a static walk, two or more in
 * a dynamic one), else 255. Made while compiling (BDI_BY_COUNT9,
 * bits.h). */
#define LEFT_STATIC(c) ((c) == 2 ? 2 : 255)
#define LEFT_DYNAMIC(c) ((c) >= 2 ? (c) : 255)
static const uint8_t left_of[2][1u << BD_SIZE] = {{BDI_BY_COUNT9(LEFT_STATIC)},
                                                    {BDI_BY_COUNT9(LEFT_DYNAMIC)}};

/* rg->two: with the cell rules (`y_links`), the cells of two candidates,
 * counted over the digits' cell sets (one, two, more); else none. */
static void grid_two(reach_grid *rg, bool y_links)
{
    for (int w = 0; w < 2; w++) {
        uint64_t one = 0, two = 0, more = 0;
        for (int d = 0; d < BD_SIZE; d++) {
            uint64_t has = rg->cand[d][w], none = ~(one | two | more);
            more |= two & has;
            two = (two & ~has) | (one & has);
            one = (one & ~has) | (none & has);
        }
        rg->two[w] = y_links ? two : 0;
    }
}

/* The parts of reach_grid_init that rest on the rules (`y_links`,
 * `dynamic`): the counts where the "one left" rule applies (a live cell
 * or unit starts from its number of candidates or places: two or more in
 * a dynamic walk, two in a static one; 255 elsewhere) and the cells of
 * two candidates (`two`, rg->cand made first). A unit's count of a digit
 * is 2 exactly where the unit has two places of it, whatever the rules. */
static void grid_rules(reach_grid *rg, const chain_grid *g, bool y_links, bool dynamic)
{
    rg->y_links = y_links;
    rg->dynamic = dynamic;
    const uint8_t *left = left_of[dynamic];
    if (y_links) {
        for (int cell = 0; cell < BD_CELLS; cell++)
            rg->cell_left[cell] = left[g->cand[cell]];
    } else {
        memset(rg->cell_left, 255, sizeof rg->cell_left);
    }
    memset(rg->unit_left, 255, sizeof rg->unit_left);
    for (int unit = 0; unit < UNIT_COUNT; unit++)
        for (int d = 0; d < BD_SIZE; d++)
            rg->unit_left[d][unit] = left[g->places[unit][d]];
    grid_two(rg, y_links);
}

void reach_grid_rules(reach_grid *rg, const chain_grid *g, bool y_links, bool dynamic)
{
    grid_rules(rg, g, y_links, dynamic);
}

/* The number of counts in rg->unit_left, read as one row of bytes (by
 * digit, then unit; UNIT_LANES a digit, those past its 27 units 255). */
enum { UNIT_DIGITS = BD_SIZE * UNIT_LANES };

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The eight counts from flat index `at` of `counts` (UNIT_DIGITS of them),
 * count at + k in byte k (bits 8k..8k+7), those past the end 0: one load
 * where all eight are there. */
static inline uint64_t eight_counts(const uint8_t *counts, int at)
{
    uint64_t word = 0;
    if (at + 8 <= UNIT_DIGITS) {
        memcpy(&word, counts + at, sizeof word);
        return word;
    }
    for (int k = 0; at + k < UNIT_DIGITS; k++)
        word |= (uint64_t)counts[at + k] << (8 * k);
    return word;
}
#else
/* eight_counts' contract is above (the little-endian build's): here a
 * byte at a time. */
static inline uint64_t eight_counts(const uint8_t *counts, int at)
{
    uint64_t word = 0;
    for (int k = 0; k < 8 && at + k < UNIT_DIGITS; k++)
        word |= (uint64_t)counts[at + k] << (8 * k);
    return word;
}
#endif

/* Of the eight counts of rg->unit_left from flat index `at` (by digit,
 * then unit; those past the end taken as 0), those of 2: bit 8k + 7 set
 * for count at + k, the others clear. */
static inline uint64_t counts_of_two(const reach_grid *rg, int at)
{
    uint64_t word = eight_counts(rg->unit_left[0], at);
    /* a byte is zero exactly where it was 2; (b & 0x7f) + 0x7f carries
     * into its top bit unless b & 0x7f is zero, and no byte carries into
     * the next */
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7fu;
    word ^= 0x0202020202020202u;
    return ~(((word & low7) + low7) | word) & ~low7;
}

/* Clears the nine cell sets from `sets` (a cell's nine partner entries,
 * or `paired`): a copy of a zero block, which gcc makes as nine 16-byte
 * stores (a memset of this size became a string instruction, counted a
 * word at a time). */
static inline void nine_clear(uint64_t (*sets)[2])
{
    static const uint64_t zero[BD_SIZE][2];
    memcpy(sets, zero, sizeof zero);
}

/* The part of reach_grid_init that rests on the grid's candidates alone:
 * rg->cand, a digit's cells nine at a time from its rows' places (rows
 * are units 0..8, and a row's places are its columns), and
 * rg->cell_cand. */
static void grid_cells(reach_grid *rg, const chain_grid *g)
{
    for (int d = 0; d < BD_SIZE; d++) {
        uint64_t low = 0, high = 0;
        for (int row = 0; row < BD_SIZE; row++) {
            uint64_t places = g->places[row][d];
            int at = row * BD_SIZE;
            if (at >= 64) {
                high |= places << (at - 64);
            } else {
                low |= places << at;
                if (at > 64 - BD_SIZE)   /* the row over both words */
                    high |= places >> (64 - at);
            }
        }
        rg->cand[d][0] = low;
        rg->cand[d][1] = high;
    }
    memcpy(rg->cell_cand, g->cand, sizeof rg->cell_cand);
}

/* The partners and `paired` of the units' digits of two places of `g`
 * (rg->unit_left made), added to a table whose entries are clear for the
 * grid's cells with candidates, and `paired` clear: eight counts at a
 * time. */
static void grid_pairs(reach_grid *rg, const chain_grid *g)
{
    for (int at = 0; at < UNIT_DIGITS; at += 8)
        for (uint64_t two = counts_of_two(rg, at); two; two &= two - 1u) {
            int i = at + low_index(two) / 8, d = i / UNIT_LANES, unit = i % UNIT_LANES;
            unsigned places = g->places[unit][d];
            int a = unit_cell_of(unit, bit_digit(places) - 1);
            int b = unit_cell_of(unit, top_digit(places) - 1);
            cells_add(rg->partner[a * BD_SIZE + d], b);
            cells_add(rg->partner[b * BD_SIZE + d], a);
            cells_add(rg->paired[d], a);
            cells_add(rg->paired[d], b);
        }
}

void reach_grid_init(reach_grid *rg, const chain_grid *g, bool y_links, bool dynamic)
{
    memcpy(rg->unit, bdi_unit_bits, sizeof rg->unit);
    memcpy(rg->peers, bdi_peer_bits, sizeof rg->peers);
    grid_cells(rg, g);
    /* the partners of the cells with candidates only are cleared: the
     * whole table (11 KB), cleared at once, cost as much as the rest of
     * this */
    nine_clear(rg->paired);
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (g->cand[cell])   /* nine at once: fewer steps than by candidate */
            nine_clear(rg->partner + cell * BD_SIZE);
    grid_rules(rg, g, y_links, dynamic);
    grid_pairs(rg, g);
}

/* The most candidates that reach_grid_remake brings up to date one by one
 * (with their units), from the last grid to the new one; past it, the
 * grid is made again whole. */
enum { REMAKE_CHANGES = 48 };

/* The partners of the cells with candidates in rg (rg->cand already the
 * new grid's) that had none in `had` (the last grid's rg->cand) cleared:
 * they were never cleared since. */
static void clear_fresh_partners(reach_grid *rg, const uint64_t (*had)[2])
{
    for (int w = 0; w < 2; w++) {
        uint64_t had_any = 0, has_any = 0;
        for (int d = 0; d < BD_SIZE; d++) {
            had_any |= had[d][w];
            has_any |= rg->cand[d][w];
        }
        for (uint64_t fresh = has_any & ~had_any; fresh; fresh &= fresh - 1u)
            nine_clear(rg->partner + (w * 64 + low_index(fresh)) * BD_SIZE);
    }
}

/* reach_grid_remake's grid made whole: the last grid's partners cleared,
 * those of its paired cells (its other cells with candidates have none;
 * those that had none are cleared by clear_fresh_partners). rg->cand and
 * cell_cand are already the new grid's. */
static void remake_whole(reach_grid *rg, const chain_grid *g, bool y_links, bool dynamic)
{
    for (int d = 0; d < BD_SIZE; d++)
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = rg->paired[d][w]; bits; bits &= bits - 1u) {
                uint64_t *entry = rg->partner[(w * 64 + low_index(bits)) * BD_SIZE + d];
                entry[0] = entry[1] = 0;
            }
    nine_clear(rg->paired);
    grid_rules(rg, g, y_links, dynamic);
    grid_pairs(rg, g);
}

/* Adds to cell set `set` the place of digit d + 1 in `unit` of the grid
 * `rg` (its rg->cand) other than `cell`: `cell` and one more are its
 * places. */
static inline void other_place(const reach_grid *rg, int unit, int d, int cell, uint64_t *set)
{
    for (int w = 0; w < 2; w++)
        set[w] |= rg->cand[d][w] & rg->unit[unit][w];
    set[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
}

void reach_grid_remake(reach_grid *rg, const chain_grid *g, bool y_links, bool dynamic)
{
    uint64_t had[BD_SIZE][2];
    memcpy(had, rg->cand, sizeof had);
    grid_cells(rg, g);
    /* the cells whose candidates changed, and how many candidates did */
    uint64_t changed[2] = {0, 0};
    int count = 0;
    for (int d = 0; d < BD_SIZE; d++)
        for (int w = 0; w < 2; w++) {
            uint64_t diff = had[d][w] ^ rg->cand[d][w];
            changed[w] |= diff;
            count += bit_count(diff);
        }
    clear_fresh_partners(rg, (const uint64_t (*)[2])had);
    if (count > REMAKE_CHANGES || rg->y_links != y_links || rg->dynamic != dynamic) {
        remake_whole(rg, g, y_links, dynamic);
        return;
    }
    const uint8_t *left = left_of[dynamic];
    if (y_links)
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = changed[w]; bits; bits &= bits - 1u) {
                int cell = w * 64 + low_index(bits);
                rg->cell_left[cell] = left[g->cand[cell]];
            }
    grid_two(rg, y_links);
    /* the cells with candidates now that had none (partners cleared
     * above): all their pairs are in units touched below */
    for (int d = 0; d < BD_SIZE; d++) {
        /* the units of the changed places of the digit: their counts
         * made again, and the cells of their old and new pairs noted */
        uint32_t units = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = had[d][w] ^ rg->cand[d][w]; bits; bits &= bits - 1u)
                units |= bdi_cell_unit_bits[w * 64 + low_index(bits)];
        uint64_t moved[2] = {0, 0};
        for (; units; units &= units - 1u) {
            int unit = low_index(units);
            if (rg->unit_left[d][unit] == 2)
                for (int w = 0; w < 2; w++)
                    moved[w] |= had[d][w] & rg->unit[unit][w];
            uint8_t now = left[g->places[unit][d]];
            rg->unit_left[d][unit] = now;
            if (now == 2)
                for (int w = 0; w < 2; w++)
                    moved[w] |= rg->cand[d][w] & rg->unit[unit][w];
        }
        /* those cells' partners of the digit made again from their units */
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = moved[w]; bits; bits &= bits - 1u) {
                int cell = w * 64 + low_index(bits);
                uint64_t mates[2] = {0, 0};
                if (rg->cand[d][w] >> (cell & 63) & 1u)
                    for (int kind = 0; kind < UNIT_KINDS; kind++) {
                        int unit = unit_at(kind, cell);
                        if (rg->unit_left[d][unit] == 2)
                            other_place(rg, unit, d, cell, mates);
                    }
                rg->partner[cell * BD_SIZE + d][0] = mates[0];
                rg->partner[cell * BD_SIZE + d][1] = mates[1];
                uint64_t bit = (uint64_t)1 << (cell & 63);
                if (mates[0] | mates[1])
                    rg->paired[d][w] |= bit;
                else
                    rg->paired[d][w] &= ~bit;
            }
    }
}

/* A closure under way: the sets, each live cell's candidates and each
 * live unit's places of each digit not yet off (255 and down for the
 * others, never reaching 1), and the potentials switched on whose peers
 * are not yet switched off. */
typedef struct walk {
    const reach_grid *rg;
    reach *r;
    uint8_t cell_left[BD_CELLS];
    uint8_t unit_left[BD_SIZE][UNIT_LANES];   /* by digit, then unit */
    uint16_t todo[BD_CELLS * BD_SIZE];
    int todo_count;
} walk;

/* Whether cell set `set` holds `cell`. */
static inline bool cells_has(const uint64_t *set, int cell)
{
    return set[cell >> 6] >> (cell & 63) & 1u;
}

/* Takes out of the walk, as (at, d + 1) is switched on, the counts that
 * potential settles: those of the digit's places in its three units and
 * of its cell's candidates. Each is then one that counts (at, d + 1)
 * among what is left, so it could only fall to one with that potential
 * left, already on, or to none with it switched off, a contradiction met
 * where it would be switched off (turn_off_fresh, cell_others_off, the
 * peers' test in reach_from): the rules they serve would do nothing, and
 * the walk makes the same changes to its sets without them. At 255 a
 * count is never reached again (a unit or cell has nine places or
 * candidates). */
static inline void retire(walk *k, int at, int d)
{
    const uint8_t *units = bdi_cell_units[at];
    k->unit_left[d][units[0]] = 255;
    k->unit_left[d][units[1]] = 255;
    k->unit_left[d][units[2]] = 255;
    k->cell_left[at] = 255;
}

/* Switches (cell, d + 1) on; false on a contradiction. */
static inline bool turn_on(walk *k, int cell, int d)
{
    if (cells_has(k->r->on[d], cell))
        return true;
    if (cells_has(k->r->off[d], cell))
        return false;
    cells_add(k->r->on[d], cell);
    k->todo[k->todo_count++] = (uint16_t)(cell * BD_SIZE + d);
    retire(k, cell, d);
    return true;
}

/* The candidates of `cell` not switched off in `r`. */
static unsigned cell_rest(const reach_grid *rg, const reach *r, int cell)
{
    unsigned rest = 0;
    for (unsigned ds = rg->cell_cand[cell]; ds; ds &= ds - 1u)
        if (!cells_has(r->off[bit_digit(ds) - 1], cell))
            rest |= ds & -ds;
    return rest;
}

/* The count of `unit`'s places of digit d + 1 fallen to `left`: on what
 * is left alone there; false on a contradiction (no place). */
static inline bool unit_settle(walk *k, int unit, int d, int left)
{
    if (left > 1)
        return true;
    if (!left)
        return false;
    const reach_grid *rg = k->rg;
    const reach *r = k->r;
    uint64_t rest0 = rg->cand[d][0] & rg->unit[unit][0] & ~r->off[d][0];
    uint64_t rest1 = rg->cand[d][1] & rg->unit[unit][1] & ~r->off[d][1];
    int other = rest0 ? low_index(rest0) : 64 + low_index(rest1);
    return turn_on(k, other, d);
}

/* turn_off_fresh's count of `unit` in `row` (k->unit_left's of digit
 * d + 1), which loses a place of the digit: on what is left alone there;
 * false on a contradiction (no place). A count is above 0 (the walk stops
 * where one falls to 0), so it is left above 1 exactly when it was above
 * 2. */
static inline bool unit_loses(walk *k, uint8_t *row, int unit, int d)
{
    int had = row[unit]--;
    return had > 2 || unit_settle(k, unit, d, had - 1);
}

/* The count of `cell`'s candidates, which loses one (already in the off
 * set): on what is left alone there; false on a contradiction (none). As
 * in unit_loses, the count is above 0. */
static inline bool cell_loses(walk *k, int cell)
{
    int had = k->cell_left[cell]--;
    return had > 2 || (had == 2 && turn_on(k, cell, bit_digit(cell_rest(k->rg, k->r, cell)) - 1));
}

/* unit_loses for the three units of `cell` (in kind order, unrolled),
 * which lose its place of digit d + 1; false on a contradiction. */
static inline bool units_lose(walk *k, int cell, int d)
{
    const uint8_t *units = bdi_cell_units[cell];
    uint8_t *row = k->unit_left[d];
    return unit_loses(k, row, units[0], d) && unit_loses(k, row, units[1], d)
           && unit_loses(k, row, units[2], d);
}

/* turn_off for a candidate (cell, d + 1) not switched off yet. */
static inline bool turn_off_fresh(walk *k, int cell, int d)
{
    reach *r = k->r;
    if (cells_has(r->on[d], cell))
        return false;
    cells_add(r->off[d], cell);
    return cell_loses(k, cell) && units_lose(k, cell, d);
}

/* Switches (cell, d + 1) off, and on what is left alone in its cell and
 * units by that; false on a contradiction. */
static inline bool turn_off(walk *k, int cell, int d)
{
    return cells_has(k->r->off[d], cell) || turn_off_fresh(k, cell, d);
}

#if defined(__GNUC__) && !defined(BD_PORTABLE)
/* Sixteen unit counts of a digit's row (a GCC and Clang vector
 * extension: one SSE2 register). */
typedef uint8_t lanes16 __attribute__((vector_size(16)));

/* By cell, a row of unit counts with 1 at its row, column and box (the
 * cell's units), 0 elsewhere. */
#define DROP_AT(c, i)                                                                       \
    (uint8_t)((i) == (c) / 9 || (i) == 9 + (c) % 9 || (i) == 18 + (c) / 27 * 3 + (c) % 9 / 3)
#define DROP8(c, i)                                                                         \
    DROP_AT(c, i), DROP_AT(c, (i) + 1), DROP_AT(c, (i) + 2), DROP_AT(c, (i) + 3),           \
        DROP_AT(c, (i) + 4), DROP_AT(c, (i) + 5), DROP_AT(c, (i) + 6), DROP_AT(c, (i) + 7)
#define DROP_ROW(c) {DROP8(c, 0), DROP8(c, 8), DROP8(c, 16), DROP8(c, 24)}
static const uint8_t unit_drop[BD_CELLS][UNIT_LANES] = {REP81(DROP_ROW)};
_Static_assert(UNIT_LANES == 2 * sizeof(lanes16), "a row of counts is two vectors");

/* What peers_off takes from a digit's unit counts: a row of counts
 * gathered over its cells (each unit's number of them). */
typedef struct drops {
    lanes16 low, high;
} drops;

/* An empty `dr`. */
static inline void drops_init(drops *dr)
{
    dr->low = (lanes16){0};
    dr->high = (lanes16){0};
}

/* Adds to `dr` a place of digit d + 1 off at `cell` (`k` and `d` are for
 * the portable build, which counts at once). */
static inline void drops_add(drops *dr, walk *k, int d, int cell)
{
    (void)k;
    (void)d;
    lanes16 low, high;
    memcpy(&low, unit_drop[cell], sizeof low);
    memcpy(&high, unit_drop[cell] + sizeof low, sizeof high);
    dr->low += low;
    dr->high += high;
}

/* Takes `dr` from digit d + 1's unit counts, then, for each unit it
 * lowered to one or none, unit_settle; false on a contradiction. */
static inline bool drops_apply(const drops *dr, walk *k, int d)
{
    uint8_t *row = k->unit_left[d];
    lanes16 low, high;
    memcpy(&low, row, sizeof low);
    memcpy(&high, row + sizeof low, sizeof high);
    low -= dr->low;
    high -= dr->high;
    memcpy(row, &low, sizeof low);
    memcpy(row + sizeof low, &high, sizeof high);
    const lanes16 zero = {0}, one = zero + 1;
    lanes16 hit_low = (lanes16)((low <= one) & (dr->low != zero)),
            hit_high = (lanes16)((high <= one) & (dr->high != zero));
    uint64_t hits[4];
    memcpy(hits, &hit_low, sizeof hit_low);
    memcpy(hits + 2, &hit_high, sizeof hit_high);
    if (!(hits[0] | hits[1] | hits[2] | hits[3]))
        return true;
    /* the units hit, bit u for unit u: byte k of a word kept as bit k,
     * the eight summed into the top byte by one product (no carries) */
    const uint64_t weights = 0x8040201008040201u, sum = 0x0101010101010101u;
    uint32_t units = 0;
    for (int j = 0; j < 4; j++)
        units |= (uint32_t)((hits[j] & weights) * sum >> 56) << (8 * j);
    for (; units; units &= units - 1u) {
        int unit = low_index(units);
        if (!unit_settle(k, unit, d, row[unit]))
            return false;
    }
    return true;
}
#else
/* drops' contract is above (the vector build's): here the units' counts
 * are lowered at once and the units touched noted (bit u for unit u). */
typedef struct drops {
    uint32_t units;
} drops;

/* drops_init's contract is above (the vector build's). */
static inline void drops_init(drops *dr)
{
    dr->units = 0;
}

/* drops_add's contract is above (the vector build's). */
static inline void drops_add(drops *dr, walk *k, int d, int cell)
{
    const uint8_t *units = bdi_cell_units[cell];
    k->unit_left[d][units[0]]--;
    k->unit_left[d][units[1]]--;
    k->unit_left[d][units[2]]--;
    dr->units |= bdi_cell_unit_bits[cell];
}

/* drops_apply's contract is above (the vector build's). */
static inline bool drops_apply(const drops *dr, walk *k, int d)
{
    for (uint32_t units = dr->units; units; units &= units - 1u) {
        int unit = low_index(units);
        if (!unit_settle(k, unit, d, k->unit_left[d][unit]))
            return false;
    }
    return true;
}
#endif

/* Switches off the candidates of digit d + 1 at the cells of `bits` (a
 * cell set; none off yet, none on: the caller has tested), and on what
 * is left alone in their cells and units by that; false on a
 * contradiction. All at once: the sets, then each cell's count, then the
 * units' counts (drops); the closure does not depend on the order the
 * rules are applied in. */
static inline bool peers_off(walk *k, int d, const uint64_t bits[2])
{
    reach *r = k->r;
    r->off[d][0] |= bits[0];
    r->off[d][1] |= bits[1];
    drops dr;
    drops_init(&dr);
    for (int w = 0; w < 2; w++)
        for (uint64_t rest = bits[w]; rest; rest &= rest - 1u) {
            int cell = w * 64 + low_index(rest);
            drops_add(&dr, k, d, cell);
            if (!cell_loses(k, cell))
                return false;
        }
    return drops_apply(&dr, k, d);
}

/* Switches off the candidates `ds` (bits d) of cell `at`, whose count
 * retire has taken (no rule of the cell's is left to apply), and on what
 * is left alone in their units by that; false on a contradiction. */
static inline bool cell_others_off(walk *k, int at, unsigned ds)
{
    reach *r = k->r;
    for (; ds; ds &= ds - 1u) {
        int d = bit_digit(ds) - 1;
        if (cells_has(r->off[d], at))
            continue;
        if (cells_has(r->on[d], at))
            return false;
        cells_add(r->off[d], at);
        if (!units_lose(k, at, d))
            return false;
    }
    return true;
}

/* Clears `r`: its sets by nine_clear (a memset or copy of the whole
 * became a string instruction). */
static inline void reach_clear(reach *r)
{
    nine_clear(r->on);
    nine_clear(r->off);
    r->conflict = false;
}

bool reach_from(const reach_grid *rg, int pot, reach *r)
{
    walk k;
    k.rg = rg;
    k.r = r;
    reach_clear(r);
    int cell = pot_cell(pot), d = pot_digit(pot) - 1;
    if (!pot_on(pot) && reach_off_alone(rg, cell, d)) {   /* the walk would stop there */
        cells_add(r->off[d], cell);
        return true;
    }
    memcpy(k.cell_left, rg->cell_left, sizeof k.cell_left);
    memcpy(k.unit_left, rg->unit_left, sizeof k.unit_left);
    k.todo_count = 0;
    bool ok = pot_on(pot) ? turn_on(&k, cell, d) : turn_off(&k, cell, d);
    while (ok && k.todo_count) {
        int cand = k.todo[--k.todo_count];
        int at = cand / BD_SIZE, digit = cand % BD_SIZE;
        if (rg->y_links)
            ok = cell_others_off(&k, at, rg->cell_cand[at] & ~(1u << digit));
        /* the digit's peers not off yet, at once; one on is a
         * contradiction */
        uint64_t bits[2];
        for (int w = 0; w < 2; w++)
            bits[w] = rg->cand[digit][w] & rg->peers[at][w] & ~r->off[digit][w];
        if (ok && (bits[0] | bits[1]))
            ok = !((bits[0] & r->on[digit][0]) | (bits[1] & r->on[digit][1]))
                 && peers_off(&k, digit, bits);
    }
    r->conflict = !ok;
    return ok;
}

/* In a reach_links walk, what (at, d + 1) switched off switches on: with
 * `y` its cell's other candidate in a cell of two, with `x` its digit's
 * other places in its units of two (rg->partner); those not on yet go on
 * the stack `todo` (`count` long). Its new length. */
static inline int links_off(const reach_grid *rg, bool y, bool x, reach *r, int at, int d,
                            uint16_t *todo, int count)
{
    if (y && rg->cell_left[at] == 2) {
        int other = bit_digit(rg->cell_cand[at] & ~(1u << d)) - 1;
        if (!cells_has(r->on[other], at)) {
            cells_add(r->on[other], at);
            todo[count++] = (uint16_t)(at * BD_SIZE + other);
        }
    }
    if (x) {
        const uint64_t *partner = rg->partner[at * BD_SIZE + d];
        for (int w = 0; w < 2; w++) {
            uint64_t fresh = partner[w] & ~r->on[d][w];
            r->on[d][w] |= fresh;
            for (; fresh; fresh &= fresh - 1u)
                todo[count++] = (uint16_t)((w * 64 + low_index(fresh)) * BD_SIZE + d);
        }
    }
    return count;
}

void reach_links(const reach_grid *rg, int pot, bool y, bool x, reach *r)
{
    uint64_t every[2 * BD_SIZE];   /* links_off called for every potential off */
    memset(every, 0xff, sizeof every);
    reach_links_by(rg, every, pot, y, x, r);
}

/* reach_links_by's table (chains.h): by digit the cells where a potential
 * off switches something on with links y and x (with y the cells of two
 * candidates, all their digits; with x the cells with a partner). Most
 * potentials a static walk switches off are not there, and
 * reach_links_by only adds those to its sets, without a links_off call
 * that would find nothing. */
void reach_links_linked(const reach_grid *rg, bool y, bool x, uint64_t *linked)
{
    for (int d = 0; d < BD_SIZE; d++)
        for (int w = 0; w < 2; w++)
            linked[2 * d + w] = (y ? rg->cand[d][w] & rg->two[w] : 0) | (x ? rg->paired[d][w] : 0);
}

/* reach_links with the table of reach_links_linked (chains.h): the same
 * walk and sets, links_off called only where the table says it switches
 * something on. */
void reach_links_by(const reach_grid *rg, const uint64_t *linked, int pot, bool y, bool x,
                    reach *r)
{
    memset(r, 0, sizeof *r);
    reach_links_past(rg, linked, pot, y, x, r);
}

/* reach_links_by from sets `r` already holds: potentials put there first
 * count as reached and are walked from no further (chains.h). */
void reach_links_past(const reach_grid *rg, const uint64_t *linked, int pot, bool y, bool x,
                      reach *r)
{
    reach_links_meet(rg, linked, pot, y, x, r, NULL);
}

/* Whether one of the potentials on todo[from..count) (cell * 9 + d) is in
 * `stop` (a cell set a digit; none when NULL). */
static inline bool stops_at(const uint64_t *stop, const uint16_t *todo, int from, int count)
{
    for (int i = from; stop && i < count; i++) {
        int at = todo[i] / BD_SIZE, digit = todo[i] % BD_SIZE;
        if (stop[2 * digit + (at >> 6)] >> (at & 63) & 1u)
            return true;
    }
    return false;
}

/* reach_links_past stopped at a potential on of `stop`, or never when
 * `stop` is NULL (chains.h); every potential on it reaches goes on the
 * stack, and is looked at when it does. */
bool reach_links_meet(const reach_grid *rg, const uint64_t *linked, int pot, bool y, bool x,
                      reach *r, const uint64_t *stop)
{
    uint16_t todo[BD_CELLS * BD_SIZE];   /* potentials on, to walk from */
    int count = 0;
    int cell = pot_cell(pot), d = pot_digit(pot) - 1;
    if (pot_on(pot)) {
        cells_add(r->on[d], cell);
        todo[count++] = (uint16_t)(cell * BD_SIZE + d);
    } else {
        cells_add(r->off[d], cell);
        if (cells_has(linked + 2 * d, cell))
            count = links_off(rg, y, x, r, cell, d, todo, count);
    }
    /* links_off is called only where `linked` says it switches something
     * on (a potential off elsewhere is only added to its set) */
    if (stops_at(stop, todo, 0, count))
        return true;
    while (count) {
        int cand = todo[--count], from = count;
        int at = cand / BD_SIZE, digit = cand % BD_SIZE;
        for (unsigned ds = y ? rg->cell_cand[at] & ~(1u << digit) : 0; ds; ds &= ds - 1u) {
            int other = bit_digit(ds) - 1;
            if (!cells_has(r->off[other], at)) {
                cells_add(r->off[other], at);
                if (cells_has(linked + 2 * other, at))
                    count = links_off(rg, y, x, r, at, other, todo, count);
            }
        }
        for (int w = 0; w < 2; w++) {
            uint64_t fresh = rg->cand[digit][w] & rg->peers[at][w] & ~r->off[digit][w];
            r->off[digit][w] |= fresh;
            for (fresh &= linked[2 * digit + w]; fresh; fresh &= fresh - 1u)
                count = links_off(rg, y, x, r, w * 64 + low_index(fresh), digit, todo, count);
        }
        if (stops_at(stop, todo, from, count))
            return true;
    }
    return false;
}
