/*
 * fast3x3.c - the bit-parallel N x N engine for 9 x 9 boards of 3 x 3
 * boxes only: the search of fast.h (its rules, its cell to guess on and
 * its digit order, so the same nodes, guesses and solutions in the same
 * order), written for this one geometry on words of 27 bits.
 *
 * Representation ("digit x band"). A band is three rows; its 27 cells are
 * the bits of one word, bit 9 i + c for row i of the band (0..2) and
 * column c (0..8):
 *
 *     row 0: bits  0 ..  8     a box of the band: 3 bits of each row,
 *     row 1: bits  9 .. 17     e.g. bits 0-2, 9-11, 18-20 for the
 *     row 2: bits 18 .. 26     first (BOX_BITS)
 *
 * For each digit d (the value d + 1) and band b, p[d][b] holds the cells
 * of the band where d may still go; a placed digit keeps its own bit and
 * leaves its row, column and box, and the other digits leave its cell.
 * open[b] marks the cells not yet placed. A level is these 30 words, the
 * digits changed since their last scan (dirty) and the count of open
 * cells: 128 bytes, copied at a guess.
 *
 * A segment is the three cells of a row in one box (bits 9 i + 3 t ..
 * 9 i + 3 t + 2 for stack t); SEG_BASE marks the lowest cell of each.
 * The locked candidates of a digit are whole-band word arithmetic on the
 * segments: within a band, a row whose places lie in one segment clears
 * its box's other rows, and a box whose places lie in one row clears that
 * row's other boxes (band_locks); across bands, the columns that hold a
 * place in each band form a word of the same shape (bit 9 b + c: column c
 * has a place in band b), where a box whose places lie in one column
 * clears that column from the other bands, and a column whose places lie
 * in one band clears the box's other columns there (stack_locks). A scan
 * of a digit applies both once, each to the words as they are, and the
 * same arithmetic yields the digit's hidden singles (a row, box or column
 * with one place, open), placed where they are still candidates, and its
 * empty units (a contradiction); a scan that removed anything marks the
 * digit changed again, so that the next pass scans it again.
 *
 * Propagation (fast.h's order of steps): naked singles by two
 * accumulators over the digits, repeated until none, then one scan of
 * each dirty digit, until a pass over the dirty digits changes nothing.
 * Every rule only removes candidates and stays true once true, so this
 * reaches the same state as fast.h's order of the same rules: the same
 * contradictions and the same open cells and candidates after each node.
 *
 * Search (as fast.h below 10 x 10, where no failure weights are kept):
 * the open cell with fewest candidates (accumulators up to four, counted
 * exactly beyond), among those with two to four the one with most open
 * cells in its row, column and box, the first in reading order; its
 * digits lowest first or in the order the task's pick function draws;
 * each branch but the last on a copy of the level. Nodes are the root
 * plus each branch tried, guesses the cells guessed on. The levels live
 * on the C stack: a search is at most 81 levels deep. A search resumed
 * from a trail (core/trail.h) follows its path first.
 *
 * With the task's `units` (not fast.h's rule: the target optimizer's
 * proof that a grid has no completion), a node whose chosen cell has
 * three or more candidates guesses instead on the places of one digit in
 * a row, column or box when they are fewer (pick_unit: the fewest, two
 * or more; of as few, the places with most open peers), each place in
 * turn, as Dancing Links does on its column with fewest rows; a trail
 * then holds the place's index.
 */
#include "nxn/nxn.h"

#include <assert.h>

enum { DIGITS = 9, BANDS = 3, BOARD_SIDE = 9, BAND_ROWS = 3 };

#define ROW_BITS UINT32_C(0x1FF)         /* the first row of a band */
#define COLUMN_BITS UINT32_C(0x40201)    /* column 0 of a band: bits 0, 9, 18 */
#define BOX_BITS UINT32_C(0x1C0E07)      /* the band's first box */
#define BAND_ALL UINT32_C(0x7FFFFFF)     /* the 27 cells */
#define SEG_BASE UINT32_C(0x1249249)     /* the lowest cell of each segment */
#define STACK_BASE UINT32_C(0x49)        /* the segments of row 0: bits 0, 3, 6 */
#define STACK0 COLUMN_BITS               /* the segments of stack 0, one a row */

/* The cells of a band's rows (bit i: row i of the band), and of its
 * boxes (bit t: the box of stack t), named by 3-bit masks. */
static const uint32_t ROWS_OF[8] = {
    0, ROW_BITS, ROW_BITS << 9, ROW_BITS * 0x201u, ROW_BITS << 18, ROW_BITS * 0x40001u,
    ROW_BITS * 0x40200u, BAND_ALL};
static const uint32_t BOXES_OF[8] = {
    0, BOX_BITS, BOX_BITS << 3, BOX_BITS * 9u, BOX_BITS << 6, BOX_BITS * 0x41u,
    BOX_BITS * 0x48u, BAND_ALL};

/* One search level. */
typedef struct state {
    uint32_t p[DIGITS][BANDS];   /* the places of digit d in band b */
    uint32_t open[BANDS];        /* the cells not placed */
    uint32_t dirty;              /* digits changed since their last scan (bit d) */
    int open_count;
} state;

typedef struct ctx {
    bdi_budget own, *budget;
    uint64_t guesses;
    bool stop;
    nxn_visitor *visitor;
    nxn_pick_fn pick;
    void *pick_context;
    bdi_trail *trail;    /* where the path is written (trail.h) */
    bool units;          /* nxn_task's units */
    unsigned follow;     /* resuming: the levels of the path not yet left
                            (0 once the search leaves it) */
} ctx;

/* The lowest bit of each 3-bit group (at SEG_BASE) whose group in `x`
 * holds exactly one bit. */
static inline uint32_t groups_of_one(uint32_t x)
{
    uint32_t a = x & SEG_BASE, b = (x >> 1) & SEG_BASE, c = (x >> 2) & SEG_BASE;
    return (a ^ b ^ c) & ~((a & b) | (a & c) | (b & c));
}

/* The same bits of the band's other two rows: rows rotated by one and by
 * two. */
static inline uint32_t other_rows(uint32_t x)
{
    return ((x << 9) | (x >> 18) | (x << 18) | (x >> 9)) & BAND_ALL;
}

/* The same segment bits (at SEG_BASE) of the row's other two stacks. */
static inline uint32_t other_stacks(uint32_t x)
{
    uint32_t t0 = x & STACK0, t1 = x & (STACK0 << 3), t2 = x & (STACK0 << 6);
    return (t0 << 3) | (t0 << 6) | (t1 << 3) | (t1 >> 3) | (t2 >> 3) | (t2 >> 6);
}

/* The same bits of the other two cells of their 3-bit group. */
static inline uint32_t other_in_group(uint32_t x)
{
    uint32_t g0 = x & SEG_BASE, g1 = x & (SEG_BASE << 1), g2 = x & (SEG_BASE << 2);
    return (g0 << 1) | (g0 << 2) | (g1 << 1) | (g1 >> 1) | (g2 >> 1) | (g2 >> 2);
}

/* The locked candidates of one digit within band word `x`: a row whose
 * places lie in one segment leaves the segment's box in the other rows,
 * a box whose places lie in one row leaves that row's other boxes, all
 * found on `x` as it is. Returns the band's word after them; `singles`
 * gets the cells of `x` alone in their row or their box, and `empty`
 * whether a row or a box of `x` has no place. */
static inline uint32_t band_locks(uint32_t x, uint32_t *singles, bool *empty)
{
    uint32_t seg = (x | x >> 1 | x >> 2) & SEG_BASE;
    /* per row (at bit 9 i) and per box (at bit 3 t), its segments counted
     * in two bits: the sums never carry into the next count */
    uint32_t rows = seg + (seg >> 3) + (seg >> 6), boxes = seg + (seg >> 9) + (seg >> 18);
    uint32_t row_one = rows & ~(rows >> 1) & STACK0;
    uint32_t box_one = boxes & ~(boxes >> 1) & STACK_BASE;
    uint32_t claimed = seg & (row_one * STACK_BASE), pointed = seg & (box_one * STACK0);
    uint32_t alone = groups_of_one(x) & ((row_one * STACK_BASE) | (box_one * STACK0));
    *singles = x & (alone * 7u);
    *empty = ((seg | seg >> 3 | seg >> 6) & STACK0) != STACK0
             || ((seg | seg >> 9 | seg >> 18) & STACK_BASE) != STACK_BASE;
    return x & ~((other_rows(claimed) | other_stacks(pointed)) * 7u);
}

/* The columns of band word `x` that hold a place (9 bits). */
static inline uint32_t columns_of(uint32_t x)
{
    return (x | x >> 9 | x >> 18) & ROW_BITS;
}

/* The columns of band word `x` with exactly one place in the band. */
static inline uint32_t columns_once(uint32_t x)
{
    uint32_t a = x & ROW_BITS, b = (x >> 9) & ROW_BITS, c = x >> 18;
    return (a ^ b ^ c) & ~((a & b) | (a & c) | (b & c));
}

/* The locked candidates of digit words `p` across the bands: a box whose
 * places lie in one column leaves that column in the other bands, a
 * column whose places lie in one band leaves the box's other columns
 * there, all found on `p` as it is, and applied to `p`. `singles[b]`
 * gets the cells alone in their column; false when a column or a box has
 * no place. */
static inline bool stack_locks(uint32_t p[BANDS], uint32_t singles[BANDS])
{
    /* bit 9 b + c: column c has a place in band b */
    uint32_t v = columns_of(p[0]) | columns_of(p[1]) << 9 | columns_of(p[2]) << 18;
    uint32_t r0 = v & ROW_BITS, r1 = (v >> 9) & ROW_BITS, r2 = v >> 18;
    if ((r0 | r1 | r2) != ROW_BITS || ((v | v >> 1 | v >> 2) & SEG_BASE) != SEG_BASE)
        return false;
    uint32_t col_one = (r0 ^ r1 ^ r2) & ~((r0 & r1) | (r0 & r2) | (r1 & r2));
    uint32_t in_one_column = v & (groups_of_one(v) * 7u);
    uint32_t in_one_band = v & (col_one * COLUMN_BITS);
    uint32_t keep = v & ~(other_rows(in_one_column) | other_in_group(in_one_band));
    for (int b = 0; b < BANDS; b++) {
        singles[b] = p[b] & ((columns_once(p[b]) & col_one) * COLUMN_BITS);
        p[b] &= ((keep >> (9 * b)) & ROW_BITS) * COLUMN_BITS;
    }
    return true;
}

/* Places digit d at open cell `bit` of band b, where it is the only
 * candidate: d leaves the cell's row, column and box. */
static inline void place_alone(state *s, int d, int b, int bit)
{
    uint32_t cell = UINT32_C(1) << bit;
    int row = bit / BOARD_SIDE, col = bit % BOARD_SIDE;
    uint32_t column = COLUMN_BITS << col;
    for (int other = 0; other < BANDS; other++)
        s->p[d][other] &= ~column;
    s->p[d][b] &= ~((ROW_BITS << (BOARD_SIDE * row)) | (BOX_BITS << (col / 3 * 3)));
    s->p[d][b] |= cell;
    s->open[b] &= ~cell;
    s->open_count--;
    s->dirty |= UINT32_C(1) << d;
}

/* Places digit d at open cell `bit` of band b, where it is a candidate:
 * the cell's other candidates go first (their digits marked changed). */
static void place(state *s, int d, int b, int bit)
{
    uint32_t cell = UINT32_C(1) << bit, dirty = 0;
    for (int e = 0; e < DIGITS; e++) {
        dirty |= (uint32_t)((s->p[e][b] >> bit) & 1u) << e;
        s->p[e][b] &= ~cell;
    }
    s->dirty |= dirty;
    place_alone(s, d, b, bit);
}

/* Places every naked single; -1 on a contradiction, else 1 if anything
 * was placed, 0 if not. */
static int naked_singles(state *s)
{
    uint32_t once[BANDS] = {0}, twice[BANDS] = {0};
    for (int d = 0; d < DIGITS; d++)
        for (int b = 0; b < BANDS; b++) {
            twice[b] |= once[b] & s->p[d][b];
            once[b] |= s->p[d][b];
        }
    int progress = 0;
    for (int b = 0; b < BANDS; b++) {
        if (s->open[b] & ~once[b])
            return -1;
        for (uint32_t singles = s->open[b] & ~twice[b]; singles; singles &= singles - 1u) {
            int bit = nxn_low_index(singles), d = 0;
            while (d < DIGITS && !((s->p[d][b] >> bit) & 1u))
                d++;
            if (d == DIGITS)
                return -1;   /* an earlier single took its only digit */
            place_alone(s, d, b, bit);
            progress = 1;
        }
    }
    return progress;
}

/* Scans digit d: one round of its locked candidates, all found on its
 * words as they are (the digit is marked changed again when they removed
 * anything, so that the next pass scans it again), then its hidden singles
 * of that round placed where the cell is still a candidate. -1 on a
 * contradiction, else 1 if anything changed, 0 if not. */
static int scan_digit(state *s, int d)
{
    uint32_t *p = s->p[d], singles[BANDS], column_singles[BANDS];
    uint32_t before[BANDS] = {p[0], p[1], p[2]};
    for (int b = 0; b < BANDS; b++) {
        bool empty;
        p[b] = band_locks(p[b], &singles[b], &empty);
        if (empty)
            return -1;
    }
    if (!stack_locks(p, column_singles))
        return -1;
    int progress = p[0] != before[0] || p[1] != before[1] || p[2] != before[2];
    if (progress)
        s->dirty |= UINT32_C(1) << d;
    for (int b = 0; b < BANDS; b++)
        for (uint32_t hits = (singles[b] | column_singles[b]) & s->open[b]; hits;
             hits &= hits - 1u) {
            int bit = nxn_low_index(hits);
            if (!((p[b] >> bit) & 1u))
                continue;   /* taken since: the next scan of d finds why */
            place(s, d, b, bit);
            progress = 1;
        }
    return progress;
}

/* Singles and locked candidates to their fixed point; false on a
 * contradiction. */
static bool propagate(state *s)
{
    for (;;) {
        int found = naked_singles(s);
        if (found < 0)
            return false;
        if (found)
            continue;
        if (s->open_count == 0)
            return true;
        found = 0;
        for (uint32_t todo = s->dirty; todo; todo &= todo - 1u) {
            int d = nxn_low_index(todo);
            s->dirty &= ~(UINT32_C(1) << d);
            int changed = scan_digit(s, d);
            if (changed < 0)
                return false;
            found |= changed;
        }
        if (!found)
            return true;
    }
}

/* The candidates of cell `bit` of band b as a mask of digit bits. */
static uint64_t cell_digits(const state *s, int b, int bit)
{
    uint64_t digits = 0;
    for (int d = 0; d < DIGITS; d++)
        digits |= (uint64_t)((s->p[d][b] >> bit) & 1u) << d;
    return digits;
}

/* The open cells of the row, column and box of open cell `bit` of band
 * b, the cell itself once. */
static inline int open_peers(const state *s, int b, int bit)
{
    int row = bit / BOARD_SIDE, col = bit % BOARD_SIDE;
    uint32_t column = COLUMN_BITS << col;
    uint32_t near = (ROW_BITS << (BOARD_SIDE * row)) | (BOX_BITS << (col / 3 * 3));
    return bit_count(s->open[b] & near) + bit_count(s->open[(b + 1) % BANDS] & column)
           + bit_count(s->open[(b + 2) % BANDS] & column);
}

/* The open cell to guess on (fast.h's pick_cell below 10 x 10): among
 * the cells with fewest candidates, two to four told by accumulators over
 * the digits, the one with most open_peers, the first in reading order;
 * when every open cell has five or more, the first with fewest. After
 * propagation every open cell has two or more. Sets *band and *bit. */
static void pick_cell(const state *s, int *band, int *bit)
{
    uint32_t seen[5][BANDS] = {{0}};
    for (int d = 0; d < DIGITS; d++)
        for (int b = 0; b < BANDS; b++) {
            uint32_t x = s->p[d][b];
            for (int k = 4; k > 0; k--)
                seen[k][b] |= seen[k - 1][b] & x;
            seen[0][b] |= x;
        }
    for (int k = 2; k <= 4; k++) {
        int best = -1;
        for (int b = 0; b < BANDS; b++)
            for (uint32_t cells = s->open[b] & seen[k - 1][b] & ~seen[k][b]; cells;
                 cells &= cells - 1u) {
                int at = nxn_low_index(cells), peers = open_peers(s, b, at);
                if (peers > best) {
                    best = peers;
                    *band = b;
                    *bit = at;
                }
            }
        if (best >= 0)
            return;
    }
    int fewest = DIGITS + 1;
    for (int b = 0; b < BANDS; b++)
        for (uint32_t cells = s->open[b]; cells; cells &= cells - 1u) {
            int at = nxn_low_index(cells), count = bit_count(cell_digits(s, b, at));
            if (count < fewest) {
                fewest = count;
                *band = b;
                *bit = at;
            }
        }
}

/* Hands the solved state to the visitor (its cells written when it wants
 * them); the search stops when the visitor is done. */
static void found_solution(ctx *x, const state *s)
{
    nxn_visitor *v = x->visitor;
    if (nxn_visitor_wants_cells(v))
        for (int d = 0; d < DIGITS; d++)
            for (int b = 0; b < BANDS; b++)
                for (uint32_t cells = s->p[d][b]; cells; cells &= cells - 1u)
                    v->board->cells[b * BAND_ROWS * BOARD_SIDE + nxn_low_index(cells)]
                        = (uint8_t)(d + 1);
    nxn_visit(v);
    x->stop = v->done;
}

/* The budget refused digit d at the guess of level `depth`: the search
 * stops there, the path written (trail.h). */
static void stop_at(ctx *x, unsigned depth, int d)
{
    x->stop = true;
    x->trail->branch[depth] = (uint8_t)d;
    x->trail->depth = depth + 1;
}

static void search(ctx *x, state *s, unsigned depth);

/* The places of digit d in unit `unit` (rows 0-8, columns 9-17, boxes
 * 18-26) into where[] (band * 32 + bit, reading order); their count
 * returned. */
static int unit_places(const state *s, int unit, int d, int where[BOARD_SIDE])
{
    int count = 0, i = unit % BOARD_SIDE;
    for (int b = 0; b < BANDS; b++) {
        uint32_t mask = 0;
        if (unit < BOARD_SIDE)
            mask = b == i / 3 ? ROW_BITS << (BOARD_SIDE * (i % 3)) : 0;
        else if (unit < 2 * BOARD_SIDE)
            mask = COLUMN_BITS << i;
        else
            mask = b == i / 3 ? BOX_BITS << (i % 3 * 3) : 0;
        for (uint32_t cells = s->p[d][b] & mask; cells; cells &= cells - 1u)
            where[count++] = b * 32 + nxn_low_index(cells);
    }
    return count;
}

/* The fewest places (two or more) of one digit in one unit, when fewer
 * than `limit`: their cells into where[] (unit_places' form) and *digit,
 * the count returned; 0 when no unit has so few. Among units of as few
 * places, the one whose places have most open peers in all (open_peers:
 * a guess there takes the digit from most cells), then the first, rows
 * before columns before boxes, digits lowest first. */
static int pick_unit(const state *s, int limit, int *digit, int where[BOARD_SIDE])
{
    if (limit <= 2)
        return 0;   /* no unit has fewer than two places */
    int fewest = limit, unit = -1, best_d = 0, most_peers = 0;
    for (int d = 0; d < DIGITS; d++)
        for (int u = 0; u < 3 * BOARD_SIDE; u++) {
            int n = 0, i = u % BOARD_SIDE;
            if (u < BOARD_SIDE)
                n = bit_count(s->p[d][i / 3] & (ROW_BITS << (BOARD_SIDE * (i % 3))));
            else if (u < 2 * BOARD_SIDE)
                for (int b = 0; b < BANDS; b++)
                    n += bit_count(s->p[d][b] & (COLUMN_BITS << i));
            else
                n = bit_count(s->p[d][i / 3] & (BOX_BITS << (i % 3 * 3)));
            if (n < 2 || n > fewest)
                continue;
            int places[BOARD_SIDE], peers = 0;
            unit_places(s, u, d, places);
            for (int k = 0; k < n; k++)
                peers += open_peers(s, places[k] / 32, places[k] % 32);
            if (n < fewest || peers > most_peers) {
                fewest = n;
                unit = u;
                best_d = d;
                most_peers = peers;
            }
        }
    if (unit < 0)
        return 0;
    *digit = best_d;
    return unit_places(s, unit, best_d, where);
}

/* Guesses digit d at each of the places where[0..count) in turn (indexed
 * in the trail by place), as search does with a cell's digits: the same
 * loop, written twice on purpose (one function for both cost `count --box
 * 3x3` 0.9-1.3% more instructions, gcc 12 not inlining it into search). */
static void search_places(ctx *x, state *s, unsigned depth, int d, const int *where,
                          int count)
{
    bool following = depth < x->follow;
    if (!following)
        x->guesses++;
    for (int k = 0; k < count; k++) {
        if (following) {
            if (k != x->trail->branch[depth])
                continue;   /* finished before the stop */
            following = false;
        } else if (bdi_budget_spend(x->budget)) {
            stop_at(x, depth, k);
            return;
        }
        x->trail->branch[depth] = (uint8_t)k;
        int b = where[k] / 32, bit = where[k] % 32;
        if (k == count - 1) {
            place(s, d, b, bit);
            search(x, s, depth + 1);
            return;
        }
        state child = *s;
        place(&child, d, b, bit);
        search(x, &child, depth + 1);
        if (x->stop)
            return;
        x->follow = 0;   /* the rest of the path is behind */
    }
}

/* Propagates `s`, then guesses; `s` is the caller's to scratch; `depth`
 * is the guesses above the node. A node on the path of a resumed search
 * (depth < x->follow) goes on in the path's digit, counted by the run
 * that stopped, and the ones after it in the task's order (those before
 * were finished; a pick must draw the same order again). */
static void search(ctx *x, state *s, unsigned depth)
{
    if (!propagate(s))
        return;
    if (s->open_count == 0) {
        found_solution(x, s);
        return;
    }
    int b = 0, bit = 0;
    pick_cell(s, &b, &bit);
    uint64_t digits = cell_digits(s, b, bit);
    if (x->units) {
        int d = 0, where[BOARD_SIDE];
        int count = pick_unit(s, bit_count(digits), &d, where);
        if (count) {
            search_places(x, s, depth, d, where, count);
            return;
        }
    }
    bool following = depth < x->follow;
    if (!following)
        x->guesses++;
    assert(depth < BD_CELLS);
    int cell = b * BAND_ROWS * BOARD_SIDE + bit;
    while (digits) {
        int d = x->pick ? x->pick(x->pick_context, cell, digits) : nxn_low_index(digits);
        digits &= ~(UINT64_C(1) << d);
        if (following) {
            if (d != x->trail->branch[depth])
                continue;   /* finished before the stop */
            following = false;
        } else if (bdi_budget_spend(x->budget)) {
            stop_at(x, depth, d);
            return;
        }
        x->trail->branch[depth] = (uint8_t)d;
        if (!digits) {
            place(s, d, b, bit);
            search(x, s, depth + 1);
            return;
        }
        state child = *s;
        place(&child, d, b, bit);
        search(x, &child, depth + 1);
        if (x->stop)
            return;
        x->follow = 0;   /* the rest of the path is behind */
    }
}

/* Sets up the root state of the task: every given placed at once (per
 * digit, the rows, columns and boxes that hold it are collected; a cell
 * of a band keeps d when its row holds d there, or when none of its row,
 * column and box holds d and it is not a given), then the task's
 * exclusions cleared. False when givens clash with each other or with an
 * exclusion. */
static bool init_state(const nxn_task *task, state *s)
{
    const uint8_t *cells = task->puzzle->cells;
    uint32_t rows[DIGITS] = {0}, cols[DIGITS] = {0}, boxes[DIGITS] = {0};
    uint32_t given[DIGITS][BANDS] = {{0}};
    for (int b = 0; b < BANDS; b++) {
        s->open[b] = BAND_ALL;
        for (int bit = 0; bit < BAND_ROWS * BOARD_SIDE; bit++) {
            int value = cells[b * BAND_ROWS * BOARD_SIDE + bit];
            if (!value)
                continue;
            int d = value - 1, row = b * BAND_ROWS + bit / BOARD_SIDE, col = bit % BOARD_SIDE;
            int box = b * 3 + col / 3;
            if (((rows[d] >> row) | (cols[d] >> col) | (boxes[d] >> box)) & 1u)
                return false;
            rows[d] |= UINT32_C(1) << row;
            cols[d] |= UINT32_C(1) << col;
            boxes[d] |= UINT32_C(1) << box;
            given[d][b] |= UINT32_C(1) << bit;
            s->open[b] &= ~(UINT32_C(1) << bit);
        }
    }
    s->open_count = 0;
    for (int b = 0; b < BANDS; b++)
        s->open_count += bit_count(s->open[b]);
    for (int d = 0; d < DIGITS; d++)
        for (int b = 0; b < BANDS; b++) {
            uint32_t out = cols[d] * COLUMN_BITS | ROWS_OF[(rows[d] >> (3 * b)) & 7u]
                           | BOXES_OF[(boxes[d] >> (3 * b)) & 7u];
            s->p[d][b] = given[d][b] | (s->open[b] & ~out);
        }
    s->dirty = (UINT32_C(1) << DIGITS) - 1u;
    for (int i = 0; i < task->excluded_count; i++) {
        int cell = task->excluded[i].cell, d = task->excluded[i].value - 1;
        if (task->puzzle->cells[cell] == d + 1)
            return false;
        int b = cell / (BAND_ROWS * BOARD_SIDE), bit = cell % (BAND_ROWS * BOARD_SIDE);
        s->p[d][b] &= ~(UINT32_C(1) << bit);
    }
    return true;
}

/* nxn_engine_fn's contract, for boards of 3 x 3 boxes only. */
nxn_run nxn_fast3x3(const nxn_task *task, const bd_options *options, nxn_visitor *visitor,
                    bd_stats *stats)
{
    bdi_trail own, *trail = task->trail;
    if (!trail) {
        bdi_trail_init(&own);
        trail = &own;
    }
    bool resuming = trail->stopped;
    ctx context = {.guesses = 0, .stop = false, .visitor = visitor, .pick = task->pick,
                   .pick_context = task->pick_context, .trail = trail, .units = task->units,
                   .follow = resuming ? trail->depth : 0};
    ctx *x = &context;
    x->budget = task->budget ? task->budget : &x->own;
    if (!task->budget)
        bdi_budget_init(&x->own, options);
    uint64_t nodes_before = x->budget->nodes;
    state root;
    /* a resumed search's root was counted by the first run */
    if (init_state(task, &root)) {
        if (resuming || !bdi_budget_spend(x->budget))
            search(x, &root, 0);
        else
            trail->depth = 0;
    }
    trail->stopped = x->budget->cut;
    if (stats) {
        stats->nodes += x->budget->nodes - nodes_before;
        stats->guesses += x->guesses;
    }
    return x->budget->cut ? NXN_CUT : NXN_RAN;
}
