/*
 * generic.h - the fast exact engine's search, written once and compiled
 * into the file of each kernel (base.c, avx2.c, avx512.c): the state,
 * placing a digit, naked singles, triads, the propagation loop, the choice
 * of the guess, the depth-first search and its entry. It defines static
 * functions: no file but a kernel's includes it, and the compiler inlines
 * the kernel's steps into the search (a call per step to another file
 * would cost speed).
 *
 * A kernel's file defines, before it includes this one (the vector
 * kernels through rescan.h, which includes this one after them):
 *   scan_marks            its part of the state: what its hidden-singles
 *                         pass keeps between two scans;
 *   scan_changed(marks)   what a change of cand made here (a placement,
 *                         a triad, a guess) does there;
 * and after it the three steps declared below (hidden_singles,
 * unit_words, init_state), by the rules stated here, then its entry,
 * bdi_fast_enumerate_<isa> (fast.h), which returns enumerate(). Kernels
 * that follow the rules reach the same fixed point and take the same
 * guesses, so they give the same answers, nodes and guesses (test_fast
 * checks each against the base).
 *
 * State, in the band layout of fast.h: per band and digit, the cells of
 * the band where the digit may still go. A placed digit keeps its own bit
 * (and loses it in every other digit), so in a consistent state each row,
 * column and box holds at least one bit of every digit, and a unit with
 * exactly one bit has that digit fixed there. A second word per band marks
 * the cells not yet placed.
 *
 * Propagation, repeated until nothing changes (every rule only removes
 * candidates, and removes more from fewer, so the fixed point is the same
 * whatever the order in which a kernel applies them):
 *  - naked singles (here): per band, two accumulators over the nine digits
 *    give the open cells seen once and seen twice or more; an open cell
 *    seen never is a contradiction, one seen once is placed, its digit read
 *    from four bit planes of the band's digit words (no search over the
 *    digits, whose exit the branch predictor would miss). Repeated alone
 *    until it finds nothing, as it is the cheapest rule;
 *  - the kernel's hidden-singles pass, per digit whose band words changed
 *    since its last scan:
 *    . band reduction and hidden singles of rows and boxes. In a band the
 *      digit's three places form a permutation rows -> boxes (six are
 *      possible); the segments that no fitting permutation uses are
 *      cleared (pointing and claiming), a segment that every one uses is
 *      alone in its row and box, and if it has one cell that cell is a
 *      hidden single of its row and box;
 *    . stack reduction, the same across the bands: the three rows of each
 *      band word are folded into "columns with a place", and the three
 *      bands' folds, stacked as the rows of a band-shaped word, form per
 *      stack a 3 x 3 matrix bands x columns in which the digit is again a
 *      permutation (one column per box, one band per column). The (band,
 *      column) pairs on no fitting permutation are cleared from the band
 *      words: box-column pointing and claiming. It also makes the
 *      propagation the same on a puzzle and on its transpose (test_fast
 *      checks it);
 *    . column hidden singles: the columns with one place.
 *    A unit with no place is a contradiction. The singles found are placed
 *    one by one, each checked to be a candidate still;
 *  - triads (here), once the singles and reductions have nothing left to
 *    do. A segment's three cells hold three distinct digits, as do those of
 *    a minicolumn (a column's three cells in one band). Per segment: the
 *    digits with a place in it, and the digits locked in it (it is the
 *    digit's only segment with a place in its row, hence in its box). When
 *    exactly three digits have a place in a segment, they are its digits:
 *    each leaves the other segments of the row and of the box (a naked
 *    triad); when three are locked in it, the other digits leave it (a
 *    hidden triad). The same for every minicolumn: the digits with a place
 *    in it, the digits for which it is the only minicolumn with a place in
 *    its box; a naked triad's digits leave the column in the other bands
 *    and the box's other columns, a hidden triad's others leave it. A
 *    segment or minicolumn where fewer than three digits have a place, or
 *    four or more are locked, is a contradiction.
 *
 * Search. When propagation stalls with open cells, the engine guesses a
 * configuration. In each band a digit's segments with a place form a 3 x 3
 * matrix rows x boxes, in each stack its minicolumns a matrix bands x
 * columns; at a stall every entry of such a matrix lies on a permutation
 * inside it (the reductions), and each permutation is a configuration of
 * the digit in that unit. A digit is fixed in the unit when one is left
 * (three entries); its configurations follow from its entries there: 3
 * entries one, 5 or 6 two, 7 three, 8 four, 9 six. Two rules choose the
 * guess, both a function of the state and of the guesses made so far in
 * the search, so every kernel takes the same one:
 *  - the easy rule, for the first EASY_GUESSES guesses of a search: the
 *    unit (bands 0-2, then stacks 0-2) with the fewest digits not fixed
 *    (at least one), of those the one with the fewest entries in all (the
 *    most constrained), then the first; in it the digit with the most
 *    entries, then the first. It branches wide and chooses cheaply;
 *  - the hard rule, once the search has made that many guesses: the unit
 *    (with a digit not fixed) whose digits' configurations have the least
 *    product, then the first; in it the digit with the fewest
 *    configurations (at least two), of those the one with the most
 *    entries, then the first. It branches narrow, on the choices that
 *    leave the least to search.
 * Each configuration of the digit is a branch, in the order of
 * PERMUTATIONS. (At a stall
 * with open cells some unit has a digit not fixed: a digit fixed in every
 * band and stack has one place per box, and hidden singles would have
 * placed it.) Each branch but the last works
 * on a copy of the state; the last one reuses the parent's. Nodes are the
 * root plus each branch tried; guesses are the branch points (0: solved by
 * propagation). Both are spent against the bdi_budget.
 *
 * Setting up (the kernel's init_state): all givens go in at once. A digit
 * keeps its givens' cells and loses their rows, boxes and columns and every
 * other given cell, which is what placing them one by one leaves; two
 * givens of one digit in a row, box or column are a clash.
 */
#include "fast.h"
#include "core/bits.h"
#include "core/budget.h"

#include <assert.h>
#include <limits.h>

typedef struct state {
    uint32_t cand[BANDS][BD_SIZE];   /* [band][digit - 1]: places left */
    uint32_t open[BANDS];            /* cells not yet placed */
    scan_marks marks;                /* the kernel's: what its last scan saw */
} state;

typedef struct search_ctx {
    bdi_budget budget;
    uint64_t guesses;
    bool stop;                /* the visitor is done, or a limit was hit */
    bdi_visitor *visitor;     /* the caller's: any mode but VISIT_TARGET */
} search_ctx;

/* A guess: the digit index `digit` in unit `unit` (0..2: that band, 3..5:
 * stack unit - 3), whose matrix (entry (i, k) at bit 3 * i + k: band row
 * i and box k, or band i and the stack's column k) is `entries`. */
typedef struct guess {
    unsigned unit, digit, entries;
} guess;

/*
 * The kernel's steps (defined in its file, after this one).
 *
 * hidden_singles: the hidden-singles pass above over every digit whose
 * band words changed since its last scan (s->marks tells; scanning more
 * changes nothing, as the rules reach one fixed point whatever their
 * order): the reductions, then the singles placed. Returns -1 on a
 * contradiction, else 1 if anything changed (a candidate cleared or a
 * digit placed), 0 if not.
 *
 * unit_words (at a stall, when the reductions have nothing left to do):
 * for every digit index d, its segment word (fast.h) in the low 32 bits of
 * `words[d]` and its minicolumn word in the high 32 bits, their locked
 * entries the same way in `locked[d]` (locked_segments and
 * locked_minicolumns), and for every unit (as in guess) the number of
 * digits not fixed in it, `unfixed[unit]` (a digit is fixed in a unit
 * when each of its entries there is locked).
 *
 * init_state: sets up `s` for `puzzle` (its cells checked to be 0..9, its
 * givens not checked), so that the next hidden_singles scans every digit;
 * false if the givens clash (nothing else is promised of `s` then).
 */
static int hidden_singles(state *s);
static void unit_words(const state *s, uint64_t words[BD_SIZE], uint64_t locked[BD_SIZE],
                       unsigned unfixed[2 * BANDS]);
static bool init_state(state *s, const bd_grid *puzzle);

/* The index (0..31) of the lowest set bit of a non-zero word. */
static inline unsigned low_index(uint32_t word)
{
    return (unsigned)bit_digit(word) - 1u;
}

/* The cells of a band that share a row or a box with each cell of the
 * band (the cell included): ROW_MASK << 9 * row | BOX_MASK << 3 * box. */
static const uint32_t BAND_PEERS[BAND_CELLS] = {
    0x01C0FFFu, 0x01C0FFFu, 0x01C0FFFu, 0x0E071FFu, 0x0E071FFu, 0x0E071FFu,
    0x70381FFu, 0x70381FFu, 0x70381FFu, 0x01FFE07u, 0x01FFE07u, 0x01FFE07u,
    0x0E3FE38u, 0x0E3FE38u, 0x0E3FE38u, 0x703FFC0u, 0x703FFC0u, 0x703FFC0u,
    0x7FC0E07u, 0x7FC0E07u, 0x7FC0E07u, 0x7FC7038u, 0x7FC7038u, 0x7FC7038u,
    0x7FF81C0u, 0x7FF81C0u, 0x7FF81C0u,
};

/*
 * Places digit index `di` (0..8) at bit `pos` of `band`, where it is the
 * only candidate left: the digit leaves the cell's column in every band,
 * and its row and box. The caller has checked that the cell is open and
 * that the digit is a candidate there.
 */
static void place_only(state *s, unsigned di, unsigned band, unsigned pos)
{
    uint32_t bit = 1u << pos;
    uint32_t column = ~(COL_MASK << (pos % BD_SIZE));
    /* read before the column goes: the cell's own band loses its column
     * cells with the box (BAND_PEERS), so its word does not wait for the
     * stores of the other two */
    uint32_t own = s->cand[band][di];
    for (unsigned b = 0; b < BANDS; b++)
        s->cand[b][di] &= column;
    s->cand[band][di] = (own & ~BAND_PEERS[pos]) | bit;
    s->open[band] &= ~bit;
    scan_changed(&s->marks);
}

/* The same where the cell may have other candidates: they go first. */
static void place(state *s, unsigned di, unsigned band, unsigned pos)
{
    for (unsigned d = 0; d < BD_SIZE; d++)
        s->cand[band][d] &= ~(1u << pos);
    place_only(s, di, band, pos);
}

/* Places naked singles until none is left. The bands are scanned in
 * turn from `band`, round and round, until three in a row have nothing to
 * place (a placement may make singles in every band: its column crosses
 * them); `clean` (0..2) of those that come last in the first round are
 * known to have none and are not scanned unless a placement comes first.
 * The digit of a cell with one candidate is read from four "bit planes"
 * (plane k: the cells where a digit index with bit k set is a candidate)
 * rather than by a search over the digits, whose data-dependent exits the
 * branch predictor misses. Returns -1 on a contradiction, else 1 if
 * anything was placed, 0 if not. */
static int naked_singles(state *s, unsigned band, unsigned clean)
{
    int progress = 0;
    for (; clean < BANDS; band = band == BANDS - 1 ? 0 : band + 1) {
        uint32_t open = s->open[band];
        const uint32_t *c = s->cand[band];
        uint32_t once = 0, twice = 0;
        clean++;
        if (!open)
            continue;
        for (unsigned d = 0; d < BD_SIZE; d++) {
            twice |= once & c[d];
            once |= c[d];
        }
        if (open & ~once)
            return -1;
        uint32_t singles = open & ~twice;
        if (!singles)
            continue;
        clean = 0;
        uint32_t plane0 = c[1] | c[3] | c[5] | c[7];
        uint32_t plane1 = c[2] | c[3] | c[6] | c[7];
        uint32_t plane2 = c[4] | c[5] | c[6] | c[7];
        uint32_t plane3 = c[8];
        for (; singles; singles &= singles - 1u) {
            unsigned pos = low_index(singles);
            unsigned d = ((plane0 >> pos) & 1u) | ((plane1 >> pos) & 1u) << 1
                         | ((plane2 >> pos) & 1u) << 2 | ((plane3 >> pos) & 1u) << 3;
            if (!((s->cand[band][d] >> pos) & 1u))
                return -1;   /* an earlier single took its last candidate */
            place_only(s, d, band, pos);
            progress = 1;
        }
    }
    return progress;
}

/* The locked entries of each digit's segment words (`segments`) and
 * minicolumn words (`minicolumns`): the segments alone in their row, the
 * minicolumns alone in their box. At a stall (after the reductions) an
 * entry alone in its row of a unit's matrix is alone in its column too,
 * and the digit is in it. */
static inline uint32_t locked_segments(uint32_t segments)
{
    return segments & ~(word_next_group(segments) | word_group_after_next(segments));
}

static inline uint32_t locked_minicolumns(uint32_t minicolumns)
{
    return minicolumns & ~(word_next_column(minicolumns) | word_column_after_next(minicolumns));
}

/* The segments (low 32 bits) and minicolumns (high 32 bits) that hold an
 * open cell. */
static inline uint64_t open_units(const state *s)
{
    uint32_t segments = 0, minicolumns = 0;
    for (unsigned b = 0; b < BANDS; b++) {
        uint32_t x = s->open[b];
        segments |= ((x | x >> 1 | x >> 2) & SEGMENT_BASES) << b;
        minicolumns |= ((x | x >> BD_SIZE | x >> (2 * BD_SIZE)) & ROW_MASK) << (BD_SIZE * b);
    }
    return segments | (uint64_t)minicolumns << 32;
}

/*
 * Triads (see above) from the digits' segment and minicolumn words
 * (`words`: a segment word in the low 32 bits, the minicolumn word in the
 * high 32) and their locked entries (`locked`, the same way): clears what
 * the naked and hidden triads of the segments and minicolumns that hold an
 * open cell take away. A segment or minicolumn in which fewer than three
 * digits have a place, or four or more are locked, cannot hold three
 * distinct digits: a contradiction. Returns -1 on a contradiction, else 1
 * if anything was cleared, 0 if not. The counts are bit-sliced: plane k
 * has the entries where k digits or more have one.
 */
static int apply_triads(state *s, const uint64_t words[BD_SIZE], const uint64_t locked[BD_SIZE])
{
    uint64_t one = 0, two = 0, three = 0, four = 0, locked_one = 0, locked_two = 0,
             locked_three = 0, locked_four = 0;
    for (unsigned d = 0; d < BD_SIZE; d++) {
        four |= three & words[d];
        three |= two & words[d];
        two |= one & words[d];
        one |= words[d];
        locked_four |= locked_three & locked[d];
        locked_three |= locked_two & locked[d];
        locked_two |= locked_one & locked[d];
        locked_one |= locked[d];
    }
    if (locked_four | (~three & (BAND_MASK | (uint64_t)BAND_MASK << 32)))
        return -1;
    uint64_t open = open_units(s);
    uint64_t naked = three & ~four & open, hidden = locked_three & open;
    if (!(naked | hidden))
        return 0;
    int progress = 0;
    for (unsigned d = 0; d < BD_SIZE; d++) {
        uint64_t mine = naked & words[d], others = hidden & ~locked[d];
        uint32_t seg = (uint32_t)mine, mini = (uint32_t)(mine >> 32);
        uint32_t clear_seg = word_next_group(seg) | word_group_after_next(seg)
                             | word_next_row(seg) | word_row_after_next(seg);
        uint32_t clear_mini = word_next_column(mini) | word_column_after_next(mini)
                              | word_next_row(mini) | word_row_after_next(mini);
        clear_seg = (clear_seg | (uint32_t)others) & (uint32_t)words[d];
        clear_mini = (clear_mini | (uint32_t)(others >> 32)) & (uint32_t)(words[d] >> 32);
        if (!(clear_seg | clear_mini))
            continue;
        for (unsigned b = 0; b < BANDS; b++)
            s->cand[b][d] &= ~(((clear_seg >> b) & SEGMENT_BASES) * 7u
                               | ((clear_mini >> (BD_SIZE * b)) & ROW_MASK) * COL_MASK);
        progress = 1;
    }
    if (progress)
        scan_changed(&s->marks);
    return progress;
}

/* The number of entries of unit `unit` (as in guess) in a digit's words. */
static inline unsigned unit_entries(uint64_t words, unsigned unit)
{
    uint64_t mask = unit < BANDS ? (uint64_t)SEGMENT_BASES << unit
                                 : (uint64_t)(BOX_MASK << (3 * (unit - BANDS))) << 32;
    return (unsigned)bit_count(words & mask);
}

/* Unit `unit`'s matrix of a digit's words (bit 3 * i + k, as in guess). */
static inline unsigned unit_matrix(uint64_t words, unsigned unit)
{
    if (unit < BANDS) {
        /* bit 9i + 3k of the band to 9i + 4 + k, without carries */
        uint32_t gathered = (((uint32_t)words >> unit) & SEGMENT_BASES) * 0x15u;
        return ((gathered >> 4) & 0x7u) | ((gathered >> 10) & 0x38u) | ((gathered >> 16) & 0x1C0u);
    }
    uint32_t t = ((uint32_t)(words >> 32) >> (3 * (unit - BANDS))) & BOX_MASK;
    return (t & 0x7u) | ((t >> 6) & 0x38u) | ((t >> 12) & 0x1C0u);
}

/* The guesses of a search made by the easy rule (see above). */
enum { EASY_GUESSES = 8 };

/* A digit's configurations in a unit at a stall, by its entries there
 * (every entry on a fitting permutation; 0, 1, 2 and 4 entries do not
 * occur). */
static const uint8_t CONFIGURATIONS[10] = {0, 0, 0, 1, 1, 2, 2, 3, 4, 6};

/* The easy rule's unit: of the units with the fewest digits not fixed (at
 * least one), the one with the fewest entries in all, then the first. */
static unsigned easy_unit(const uint64_t words[BD_SIZE], const unsigned unfixed[2 * BANDS])
{
    unsigned best = 2 * BANDS, best_pairs = 0;
    for (unsigned u = 0; u < 2 * BANDS; u++) {
        if (!unfixed[u] || (best < 2 * BANDS && unfixed[u] > unfixed[best]))
            continue;
        unsigned pairs = 0;
        for (unsigned d = 0; d < BD_SIZE; d++)
            pairs += unit_entries(words[d], u);
        if (best == 2 * BANDS || unfixed[u] < unfixed[best] || pairs < best_pairs) {
            best = u;
            best_pairs = pairs;
        }
    }
    return best;
}

/* The product of the configurations of the digits in unit `u`. */
static inline uint32_t unit_product(const uint64_t words[BD_SIZE], unsigned u)
{
    uint32_t product = 1;
    for (unsigned d = 0; d < BD_SIZE; d++)
        product *= CONFIGURATIONS[unit_entries(words[d], u)];
    return product;
}

/* The hard rule's unit: the one (with a digit not fixed) where the product
 * of the digits' configurations is least, then the first. A unit with n
 * digits not fixed has a product of 2^n or more, so once the unit with the
 * fewest is known, the units that cannot do better are not counted. */
static unsigned hard_unit(const uint64_t words[BD_SIZE], const unsigned unfixed[2 * BANDS])
{
    unsigned best = 2 * BANDS;
    for (unsigned u = 0; u < 2 * BANDS; u++)
        if (unfixed[u] && (best == 2 * BANDS || unfixed[u] < unfixed[best]))
            best = u;
    uint32_t best_product = unit_product(words, best);
    for (unsigned u = 0; u < 2 * BANDS; u++) {
        if (u == best || !unfixed[u] || (1u << unfixed[u]) > best_product)
            continue;
        uint32_t product = unit_product(words, u);
        if (product < best_product || (product == best_product && u < best)) {
            best = u;
            best_product = product;
        }
    }
    return best;
}

/* The guess at a stall with open cells (see above), from the digits'
 * words as apply_triads takes them and the units' digits not fixed; `hard`
 * chooses the hard rule. */
static void choose_guess(const uint64_t words[BD_SIZE], const unsigned unfixed[2 * BANDS],
                         bool hard, guess *g)
{
    unsigned best = hard ? hard_unit(words, unfixed) : easy_unit(words, unfixed);
    assert(best < 2 * BANDS);   /* some unit is not fixed: see above */
    /* the easy rule ranks every digit alike, the hard one by its
     * configurations, a fixed digit (one) not at all */
    unsigned digit = 0, most = 0, fewest = UINT_MAX;
    for (unsigned d = 0; d < BD_SIZE; d++) {
        unsigned n = unit_entries(words[d], best);
        unsigned rank = hard ? CONFIGURATIONS[n] : 0;
        if (hard && rank < 2)
            continue;
        if (rank < fewest || (rank == fewest && n > most)) {
            fewest = rank;
            most = n;
            digit = d;
        }
    }
    g->unit = best;
    g->digit = digit;
    g->entries = unit_matrix(words[digit], best);
}

/* The stall's step: triads, or else the guess. Returns -1 if the triads
 * found a contradiction, 1 if they cleared something, else 0 with the
 * guess in *g (by the hard rule if `hard`). */
static int stall_step(state *s, bool hard, guess *g)
{
    uint64_t words[BD_SIZE], locked[BD_SIZE];
    unsigned unfixed[2 * BANDS];
    unit_words(s, words, locked, unfixed);
    int triads = apply_triads(s, words, locked);
    if (triads)
        return triads;
    choose_guess(words, unfixed, hard, g);
    return 0;
}

/* Propagates to the fixed point; false on a contradiction. When it stops
 * with open cells, *g holds the guess, by the hard rule if `hard`, else
 * the easy one. `band` and `clean` start the first naked-singles scan
 * (naked_singles). */
static bool propagate(state *s, bool hard, guess *g, unsigned band, unsigned clean)
{
    for (;; band = 0, clean = 0) {
        int found = naked_singles(s, band, clean);
        if (found < 0)
            return false;
        /* every cell placed, each after its digit was checked to be a
         * candidate there: a solution, nothing left to scan */
        if (!(s->open[0] | s->open[1] | s->open[2]))
            return true;
        found = hidden_singles(s);
        if (found < 0)
            return false;
        if (!found) {
            found = stall_step(s, hard, g);
            if (found < 0)
                return false;
            if (!found)
                return true;
        }
    }
}

/* The configurations of a guess, rows i -> columns PERMUTATIONS[p][i]. */
static const uint8_t PERMUTATIONS[6][3] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0},
};

/* The entries of each permutation, as in guess. */
static const uint16_t PERMUTATION_ENTRIES[6] = {0x111u, 0x0A1u, 0x10Au, 0x062u, 0x08Cu, 0x054u};

/* Restricts the digit of `g` in its unit to configuration `p`. */
static void apply_configuration(state *s, const guess *g, unsigned p)
{
    const uint8_t *to = PERMUTATIONS[p];
    if (g->unit < BANDS) {
        uint32_t keep = 0;
        for (unsigned i = 0; i < BD_BOX; i++)
            keep |= 7u << (BD_SIZE * i + BD_BOX * to[i]);
        s->cand[g->unit][g->digit] &= keep;
    } else {
        unsigned first = BD_BOX * (g->unit - BANDS);
        for (unsigned b = 0; b < BANDS; b++) {
            uint32_t others = (7u << first) & ~(1u << (first + to[b]));
            s->cand[b][g->digit] &= ~(others * COL_MASK);
        }
    }
    scan_changed(&s->marks);
}

/* Hands the solved state `s` to the visitor (as a grid unless it only
 * counts); the search stops when the visitor is done. */
static void found_solution(search_ctx *ctx, const state *s)
{
    if (ctx->visitor->mode == VISIT_COUNT) {
        bdi_visit(ctx->visitor, NULL, 0);   /* counting needs no grid */
    } else {
        /* Solved, every digit holds one cell of each row: exactly three
         * of each band, read without a loop over the bits. */
        bd_grid grid;
        for (unsigned d = 0; d < BD_SIZE; d++)
            for (unsigned b = 0; b < BANDS; b++) {
                uint8_t *band_cells = grid.cells + b * BAND_CELLS;
                uint32_t m = s->cand[b][d];
                band_cells[low_index(m)] = (uint8_t)(d + 1);
                m &= m - 1u;
                band_cells[low_index(m)] = (uint8_t)(d + 1);
                m &= m - 1u;
                band_cells[low_index(m)] = (uint8_t)(d + 1);
            }
        bdi_visit(ctx->visitor, grid.cells, 0);
    }
    ctx->stop = ctx->visitor->done;
}

/* Propagates `s`, then guesses; `s` is the caller's to scratch. `band`
 * and `clean` as for propagate. */
static void search(search_ctx *ctx, state *s, unsigned band, unsigned clean)
{
    guess g;
    if (!propagate(s, ctx->guesses >= EASY_GUESSES, &g, band, clean))
        return;
    if (!(s->open[0] | s->open[1] | s->open[2])) {
        found_solution(ctx, s);
        return;
    }
    unsigned configurations = 0;
    for (unsigned p = 0; p < 6; p++)
        configurations |= (unsigned)((g.entries & PERMUTATION_ENTRIES[p])
                                     == PERMUTATION_ENTRIES[p]) << p;
    ctx->guesses++;
    /* a band's configuration changes that band only: the other two had
     * nothing for naked singles at the stall */
    unsigned first = g.unit < BANDS ? g.unit : 0, known = g.unit < BANDS ? BANDS - 1 : 0;
    while (configurations) {
        unsigned p = low_index(configurations);
        configurations &= configurations - 1u;
        if (bdi_budget_spend(&ctx->budget)) {
            ctx->stop = true;
            return;
        }
        if (!configurations) {
            apply_configuration(s, &g, p);
            search(ctx, s, first, known);
            return;
        }
        state child = *s;
        apply_configuration(&child, &g, p);
        search(ctx, &child, first, known);
        if (ctx->stop)
            return;
    }
}

/* The engine with this file's kernel: the contract of bdi_fast_enumerate
 * (core/engine.h). */
static bool enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                      bd_stats *stats)
{
    search_ctx ctx = {.visitor = visitor};
    state root;
    bdi_budget_init(&ctx.budget, options);
    if (init_state(&root, puzzle) && !bdi_budget_spend(&ctx.budget))
        search(&ctx, &root, 0, 0);
    if (stats) {
        stats->nodes += ctx.budget.nodes;
        stats->guesses += ctx.guesses;
    }
    return ctx.budget.cut;
}
