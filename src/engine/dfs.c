/*
 * dfs.c - the reference engine: the plain bitmask depth-first search
 * (`--order rows`, the exhaustive target, and the tests' oracle).
 *
 * State: the 81 cells, and one 9-bit mask per row, column and box of the
 * digits already used there (bit d-1 for digit d). The candidates of a blank
 * cell are the digits used in none of its three units:
 *
 *     cand = ALL_DIGITS & ~(row[r] | col[c] | box[b])
 *
 * Placing or removing a digit flips one bit in each of the three masks.
 * Pencil marks (bdi_dfs_enumerate_marks) narrow a cell's candidates once
 * more, to the digits its marks allow:
 *
 *     cand = ALL_DIGITS & ~(row[r] | col[c] | box[b]) & allow[cell]
 *
 * The blanks sit in an array; blanks[0..depth) are filled, the rest open.
 * With BD_ORDER_ROWS the array is built once, rows with fewest blanks first
 * and cells left to right, and the search fills it in that order. With
 * BD_ORDER_MRV each node swaps the open blank with fewest candidates to
 * position `depth` (a naked single is taken as soon as it is seen, and a
 * blank with no candidate ends the branch at once).
 *
 * The search enumerates completions and hands each to a visitor, which
 * decides whether to go on: first solution, counting up to a limit, and the
 * exhaustive target maximum are three visitors of the one search.
 */
#include "core/budget.h"
#include "core/engine.h"
#include "core/units.h"

#include <string.h>

typedef struct dfs {
    uint8_t cells[BD_CELLS];
    bdi_units units;
    uint8_t blanks[BD_CELLS];
    uint16_t allow[BD_CELLS];  /* the digits a cell's marks allow */
    int blank_count;
    bd_order order;
    int score;                /* score of the digits placed so far */
    bdi_budget budget;
    uint64_t guesses;
    bool stop;                /* the visitor is done, or a limit was hit */
    bdi_visitor *visitor;     /* the caller's */
} dfs;

/* Puts `digit` on `cell`: the cell, the unit masks and the score. */
static void place(dfs *s, int cell, int digit)
{
    s->cells[cell] = (uint8_t)digit;
    units_add(&s->units, cell, digit_bit(digit));
    s->score += digit * bd_weight(cell);
}

/* Takes the digit off `cell` again, undoing place(). */
static void unplace(dfs *s, int cell)
{
    int digit = s->cells[cell];
    s->cells[cell] = 0;
    units_remove(&s->units, cell, digit_bit(digit));
    s->score -= digit * bd_weight(cell);
}

/* The digits `cell` may still take, as a mask. */
static unsigned candidates(const dfs *s, int cell)
{
    return units_free(&s->units, cell) & s->allow[cell];
}

/* Fills the blanks array in the classic order: rows with fewest blanks
 * first (ties: the upper row), cells left to right within a row. */
static void order_rows(dfs *s)
{
    int blanks_in_row[BD_SIZE] = {0};
    bool row_done[BD_SIZE] = {false};
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (!s->cells[cell])
            blanks_in_row[row_of(cell)]++;
    s->blank_count = 0;
    for (int taken = 0; taken < BD_SIZE; taken++) {
        int best_row = -1;
        for (int r = 0; r < BD_SIZE; r++)
            if (!row_done[r] && (best_row < 0 || blanks_in_row[r] < blanks_in_row[best_row]))
                best_row = r;
        row_done[best_row] = true;
        for (int c = 0; c < BD_SIZE; c++)
            if (!s->cells[best_row * BD_SIZE + c])
                s->blanks[s->blank_count++] = (uint8_t)(best_row * BD_SIZE + c);
    }
}

/* Sets up the state for `puzzle`, whose givens must not clash, and the
 * digits `marks` allow (NULL: all). */
static void dfs_init(dfs *s, const bd_grid *puzzle, const bd_marks *marks,
                     const bd_options *options, bdi_visitor *visitor)
{
    memset(s, 0, sizeof *s);
    s->order = options->order;
    s->visitor = visitor;
    bdi_budget_init(&s->budget, options);
    for (int cell = 0; cell < BD_CELLS; cell++)
        s->allow[cell] = marks ? marks->cand[cell] : ALL_DIGITS;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (puzzle->cells[cell])
            place(s, cell, puzzle->cells[cell]);
        else
            s->blanks[s->blank_count++] = (uint8_t)cell;
    }
    if (s->order == BD_ORDER_ROWS)
        order_rows(s);
}

/* Hands the filled grid to the visitor; stops when it is done. */
static void visit(dfs *s)
{
    bdi_visit(s->visitor, s->cells, s->score);
    s->stop = s->visitor->done;
}

/* Moves the open blank with fewest candidates to blanks[depth]; returns
 * its candidates. */
static unsigned pick_mrv(dfs *s, int depth)
{
    int best_i = depth, best_n = BD_SIZE + 1;
    unsigned best_cand = 0;
    for (int i = depth; i < s->blank_count; i++) {
        unsigned cand = candidates(s, s->blanks[i]);
        int n = digit_count(cand);
        if (n < best_n) {
            best_i = i;
            best_n = n;
            best_cand = cand;
            if (n <= 1)
                break;
        }
    }
    uint8_t cell = s->blanks[best_i];
    s->blanks[best_i] = s->blanks[depth];
    s->blanks[depth] = cell;
    return best_cand;
}

/* Depth-first search from blanks[depth] on, in the chosen order; stops
 * when the visitor is done or the budget runs out. */
static void search(dfs *s, int depth)
{
    if (depth == s->blank_count) {
        visit(s);
        return;
    }
    unsigned cand = s->order == BD_ORDER_MRV ? pick_mrv(s, depth)
                                             : candidates(s, s->blanks[depth]);
    if (cand & (cand - 1u))
        s->guesses++;
    int cell = s->blanks[depth];
    for (; cand; cand &= cand - 1u) {
        if (bdi_budget_spend(&s->budget)) {
            s->stop = true;
            return;
        }
        place(s, cell, bit_digit(cand));
        search(s, depth + 1);
        unplace(s, cell);
        if (s->stop)
            return;
    }
}

bool bdi_dfs_enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                       bd_stats *stats)
{
    return bdi_dfs_enumerate_marks(puzzle, NULL, options, visitor, stats);
}

bool bdi_dfs_enumerate_marks(const bd_grid *puzzle, const bd_marks *marks,
                             const bd_options *options, bdi_visitor *visitor, bd_stats *stats)
{
    dfs s;
    dfs_init(&s, puzzle, marks, options, visitor);
    search(&s, 0);
    if (stats) {
        stats->nodes += s.budget.nodes;
        stats->guesses += s.guesses;
    }
    return s.budget.cut;
}
