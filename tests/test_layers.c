/* test_layers.c - the digit-layer relaxation (layers.c): each digit's best
 * layer and max-marginals checked against an enumeration of every layer
 * (a plain recursion over the rows, written here), and the bound checked
 * against the exhaustive target search under arbitrary prices; and the
 * units' all-different rule (alldiff.c) against an enumeration of every
 * assignment of each unit's blanks. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "bitdoku.h"
#include "target/target.h"
#include "testutil.h"

/* The enumeration's running state: the values of the cells for one digit
 * (INT32_MIN: closed), and its results. */
typedef struct enumeration {
    int64_t value[BD_CELLS];
    int64_t best;
    int64_t through[BD_CELLS];
    int count;                     /* layers found */
} enumeration;

/* Tries every column for row r that keeps one cell per column and box. */
static void enumerate(enumeration *e, int r, unsigned used_cols, int cols[BD_SIZE], int64_t sum)
{
    if (r == BD_SIZE) {
        e->count++;
        if (sum > e->best)
            e->best = sum;
        for (int i = 0; i < BD_SIZE; i++)
            if (sum > e->through[i * BD_SIZE + cols[i]])
                e->through[i * BD_SIZE + cols[i]] = sum;
        return;
    }
    for (int c = 0; c < BD_SIZE; c++) {
        if ((used_cols >> c) & 1u || e->value[r * BD_SIZE + c] == INT32_MIN)
            continue;
        bool box_taken = false;   /* a row above, in the same band and stack */
        for (int above = r - r % 3; above < r; above++)
            if (cols[above] / 3 == c / 3)
                box_taken = true;
        if (box_taken)
            continue;
        cols[r] = c;
        enumerate(e, r + 1, used_cols | (1u << c), cols, sum + e->value[r * BD_SIZE + c]);
    }
}

/* A random node: some cells placed from a valid full grid, the blanks'
 * candidates those the units allow with a few more taken away, and random
 * prices. */
static void random_node(uint64_t *seed, int placed, bool narrow, bd_grid *puzzle_out,
                        bdi_layer_node *node, int32_t price[BD_CELLS])
{
    bdi_layer_clear(node, true);
    bd_grid puzzle;
    tu_random_puzzle(seed, BD_CELLS - placed, &puzzle);
    *puzzle_out = puzzle;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned cand = ALL_DIGITS;
        for (int other = 0; other < BD_CELLS; other++)
            if (puzzle.cells[other] && other != cell
                && (row_of(other) == row_of(cell) || col_of(other) == col_of(cell)
                    || box_of(other) == box_of(cell)))
                cand &= ~digit_bit(puzzle.cells[other]);
        if (narrow && tu_below(seed, 4) == 0)
            cand &= ~digit_bit(1 + tu_below(seed, BD_SIZE));
        bdi_layer_cell(node, cell, puzzle.cells[cell], cand, bd_weight(cell));
        price[cell] = tu_below(seed, 2 * 40 * BDI_LAYER_SCALE) - 40 * BDI_LAYER_SCALE;
    }
}

/* The layer's pick is a layer of the enumeration's best value. */
static void check_pick(const enumeration *e, const bdi_layer *layer)
{
    int64_t sum = 0;
    unsigned cols_used = 0, boxes_used = 0;
    for (int r = 0; r < BD_SIZE; r++) {
        int cell = r * BD_SIZE + layer->pick[r];
        assert_true(e->value[cell] != INT32_MIN);
        sum += e->value[cell];
        cols_used |= 1u << layer->pick[r];
        boxes_used |= 1u << box_of(cell);
    }
    assert_int_equal(sum, e->best);
    assert_int_equal(cols_used, ALL_DIGITS);
    assert_int_equal(boxes_used, ALL_DIGITS);
}

/* `digit`'s best layer, its pick and max-marginals, and its best layer
 * solved without max-marginals (the walk then cuts off partial layers),
 * alone and as the one digit of bdi_layer_solve_moved (both kernels'
 * choice and the portable one; the other digits' layers left as they
 * were), against the enumeration. */
static void check_digit(const bdi_layer_node *node, const int32_t price[BD_CELLS], int digit,
                        const bd_grid *puzzle)
{
    enumeration e = {.best = INT64_MIN, .count = 0};
    for (int cell = 0; cell < BD_CELLS; cell++) {
        e.through[cell] = BDI_LAYER_NONE;
        if (puzzle->cells[cell])
            e.value[cell] = puzzle->cells[cell] == digit ? 0 : INT32_MIN;
        else if (node->open[cell] & digit_bit(digit))
            e.value[cell] = (int64_t)digit * bd_weight(cell) * BDI_LAYER_SCALE - price[cell];
        else
            e.value[cell] = INT32_MIN;
    }
    int cols[BD_SIZE];
    enumerate(&e, 0, 0, cols, 0);
    bdi_layer layer, alone, moved[2][BD_SIZE];
    int32_t through[BD_CELLS];
    bdi_layer_solve(node, price, digit, &layer, through);
    bdi_layer_solve(node, price, digit, &alone, NULL);
    for (int k = 0; k < 2; k++) {
        for (int d = 0; d < BD_SIZE; d++)
            moved[k][d].best = 7 * d;   /* left so but for the digit's */
        if (k == 0)
            bdi_layer_solve_moved(node, price, digit_bit(digit), moved[k]);
        else
            bdi_layer_solve_moved_base(node, price, digit_bit(digit), moved[k]);
        for (int d = 0; d < BD_SIZE; d++)
            if (d != digit - 1)
                assert_int_equal(moved[k][d].best, 7 * d);
    }
    if (e.count == 0) {
        assert_int_equal(layer.best, BDI_LAYER_NONE);
        assert_int_equal(alone.best, BDI_LAYER_NONE);
        assert_int_equal(moved[0][digit - 1].best, BDI_LAYER_NONE);
        assert_int_equal(moved[1][digit - 1].best, BDI_LAYER_NONE);
        return;
    }
    assert_int_equal(layer.best, e.best);
    assert_int_equal(alone.best, e.best);
    check_pick(&e, &layer);
    check_pick(&e, &alone);
    for (int k = 0; k < 2; k++) {
        assert_int_equal(moved[k][digit - 1].best, e.best);
        check_pick(&e, &moved[k][digit - 1]);
    }
    for (int cell = 0; cell < BD_CELLS; cell++)
        assert_int_equal(through[cell], e.through[cell]);
}

/* `rounds` random nodes from `seed`, each digit checked against the
 * enumeration, indexed and not, and indexed by bdi_layer_index on some
 * wider blanks and givens made blank, then set cell by cell (the digits
 * of the cells changed lose their plans, the others keep them): from
 * empty to nearly full with prices of +-40 points, or (at_limits) with
 * 20-49 givens and every price at +-BDI_LAYER_PRICE_LIMIT, where a layer
 * through a closed cell comes nearest to a real one. */
static void check_rounds(uint64_t seed, int rounds, bool at_limits)
{
    for (int round = 0; round < rounds; round++) {
        bdi_layer_node node;
        bd_grid puzzle;
        int32_t price[BD_CELLS];
        int placed = at_limits ? 20 + tu_below(&seed, 30)
                               : round % 4 == 0 ? 0 : tu_below(&seed, 60);
        random_node(&seed, placed, true, &puzzle, &node, price);
        for (int cell = 0; at_limits && cell < BD_CELLS; cell++) {
            int sign = round % 3 == 0 ? -1 : round % 3 == 1 ? 1 : 2 * tu_below(&seed, 2) - 1;
            price[cell] = sign * BDI_LAYER_PRICE_LIMIT;
        }
        bdi_layer_node unindexed;   /* the same cells, solved without row_open */
        bdi_layer_clear(&unindexed, false);
        for (int cell = 0; cell < BD_CELLS; cell++)
            bdi_layer_cell(&unindexed, cell, puzzle.cells[cell], node.open[cell], bd_weight(cell));
        bdi_layer_node planned;   /* some blanks wider and some givens blank but for their
                                   * digit, indexed (plans made), then the same cells */
        bdi_layer_clear(&planned, false);
        for (int cell = 0; cell < BD_CELLS; cell++) {
            unsigned wider = node.open[cell];
            int digit = puzzle.cells[cell];
            if (tu_below(&seed, 3) == 0 && !digit)
                wider |= digit_bit(1 + tu_below(&seed, BD_SIZE));
            else if (tu_below(&seed, 3) == 0)
                digit = 0;   /* open to the given alone, with its gain */
            bdi_layer_cell(&planned, cell, digit, wider, bd_weight(cell));
        }
        bdi_layer_index(&planned);
        for (int cell = 0; cell < BD_CELLS; cell++)
            bdi_layer_cell(&planned, cell, puzzle.cells[cell], node.open[cell], bd_weight(cell));
        for (int digit = 1; digit <= BD_SIZE; digit++) {
            check_digit(&node, price, digit, &puzzle);
            check_digit(&unindexed, price, digit, &puzzle);
            check_digit(&planned, price, digit, &puzzle);
        }
    }
}

/* Best layers and max-marginals on nodes from empty to nearly full. */
static void test_layers_against_enumeration(void **state)
{
    (void)state;
    check_rounds(15, 40, false);
}

/* The same with every price at +-BDI_LAYER_PRICE_LIMIT (through_cells'
 * threshold relies on the limits). */
static void test_layers_at_price_limits(void **state)
{
    (void)state;
    check_rounds(4871, 12, true);
}

/* Where several layers share the best value, the kernel in use
 * (bdi_layer_solve: the AVX2 one under test_layers where the machine has
 * it) picks the same one as the portable kernel, as target.h promises,
 * and gives the same max-marginals: checked on nodes where every layer of
 * a digit ties (each blank priced at its own profit, so worth 0) and
 * under zero prices (the weights' rings make many ties). Each kernel has
 * its own order of search (the AVX2 one values all 216 column maps at
 * once, the portable one prunes pairs of maps by bounds), so a tie broken
 * another way fails here. */
static void test_kernels_break_ties_alike(void **state)
{
    (void)state;
    uint64_t seed = 2711;
    for (int round = 0; round < 8; round++) {
        bdi_layer_node node;
        bd_grid puzzle;
        int32_t price[BD_CELLS];
        random_node(&seed, 8 * round, round % 2 == 1, &puzzle, &node, price);
        for (int digit = 1; digit <= BD_SIZE; digit++) {
            for (int cell = 0; cell < BD_CELLS; cell++)
                price[cell] = round < 4 ? digit * node.gain[cell] : 0;
            bdi_layer layer, base;
            int32_t through[BD_CELLS], through_base[BD_CELLS];
            bdi_layer_solve(&node, price, digit, &layer, through);
            bdi_layer_solve_base(&node, price, digit, &base, through_base);
            assert_int_equal(layer.best, base.best);
            assert_memory_equal(layer.pick, base.pick, sizeof layer.pick);
            assert_memory_equal(through, through_base, sizeof through);
            bdi_layer_solve(&node, price, digit, &layer, NULL);
            assert_int_equal(layer.best, base.best);
            assert_memory_equal(layer.pick, base.pick, sizeof layer.pick);
        }
    }
}

/* Solves with max-marginals that the solver may answer from its memo
 * (a node's memo keeps recent ones by digit and cell values) against the
 * enumeration: each digit solved, then again with one open blank's price
 * a unit higher (only that cell's key word differs, and the max-marginals
 * through it move), then as first (its answer kept), then with that blank
 * closed to the digit. One memo serves every round, as in a search. */
static void test_remembered_solves(void **state)
{
    (void)state;
    uint64_t seed = 5519;
    bdi_layer_memo *memo = bdi_layer_memo_new();
    assert_non_null(memo);
    for (int round = 0; round < 12; round++) {
        bdi_layer_node node;
        bd_grid puzzle;
        int32_t price[BD_CELLS];
        random_node(&seed, round % 3 == 0 ? 0 : tu_below(&seed, 50), round % 2 == 1, &puzzle,
                    &node, price);
        node.memo = memo;
        for (int digit = 1; digit <= BD_SIZE; digit++) {
            int start = tu_below(&seed, BD_CELLS), cell = -1;   /* an open blank of the digit */
            for (int k = 0; k < BD_CELLS && cell < 0; k++) {
                int at = (start + k) % BD_CELLS;
                if (!puzzle.cells[at] && (node.open[at] & digit_bit(digit)))
                    cell = at;
            }
            if (cell < 0)
                continue;
            check_digit(&node, price, digit, &puzzle);
            price[cell]++;
            check_digit(&node, price, digit, &puzzle);
            price[cell]--;
            check_digit(&node, price, digit, &puzzle);
            bdi_layer_cell(&node, cell, 0, node.open[cell] & ~digit_bit(digit), bd_weight(cell));
            check_digit(&node, price, digit, &puzzle);
        }
    }
    free(memo);
}

/* A digit's layers in the walk's order (layers.c): rows with one open
 * cell first, the others by how many cells are open to the digit, fewer
 * first, rows of one count top down; each row's columns lowest first.
 * The first layer of the best value in that order (best_cols, by row)
 * and how many layers have that value, by a plain recursion. */
typedef struct ordered {
    int64_t value[BD_CELLS];   /* INT32_MIN: closed */
    int row[BD_SIZE];          /* the order */
    int64_t best;
    int ties;
    int cols[BD_SIZE], best_cols[BD_SIZE];
} ordered;

/* Tries every column for the k-th row of the order that keeps one cell
 * per column and box. */
static void enumerate_ordered(ordered *e, int k, unsigned used_cols, unsigned used_boxes,
                              int64_t sum)
{
    if (k == BD_SIZE) {
        if (sum > e->best) {
            e->best = sum;
            e->ties = 0;
            memcpy(e->best_cols, e->cols, sizeof e->cols);
        }
        e->ties += sum == e->best;
        return;
    }
    int r = e->row[k];
    for (int c = 0; c < BD_SIZE; c++) {
        unsigned box = 1u << (r / 3 * 3 + c / 3);
        if ((used_cols >> c & 1u) || (used_boxes & box) || e->value[r * BD_SIZE + c] == INT32_MIN)
            continue;
        e->cols[r] = c;
        enumerate_ordered(e, k + 1, used_cols | 1u << c, used_boxes | box,
                          sum + e->value[r * BD_SIZE + c]);
    }
}

/* Digits of at most 1,024 choices (the product of their rows' open
 * cells) are walked: with several best layers, the pick is the walk's
 * first, with max-marginals and without (where the solver may ask the
 * band tables first), in both kernels, alone and by
 * bdi_layer_solve_moved, on the node as made and indexed (its plans
 * made). Under zero prices and under random ones, on nodes of
 * 20 to 49 givens; the rounds must meet digits of 128 to 1,024 choices
 * with ties and without. */
static void test_walked_digits_keep_the_walk_order(void **state)
{
    (void)state;
    uint64_t seed = 6113;
    int tied = 0, alone = 0;   /* digits of 128 to 1,024 choices met */
    for (int round = 0; round < 40; round++) {
        bdi_layer_node node;
        bd_grid puzzle;
        int32_t price[BD_CELLS];
        random_node(&seed, 20 + tu_below(&seed, 30), round % 2 == 1, &puzzle, &node, price);
        if (round % 3 == 0)
            memset(price, 0, sizeof price);
        bdi_layer_node planned = node;   /* the same, its plans made */
        bdi_layer_index(&planned);
        for (int digit = 1; digit <= BD_SIZE; digit++) {
            ordered e = {.best = INT64_MIN, .ties = 0};
            int count[BD_SIZE], product = 1, k = 0;
            for (int r = 0; r < BD_SIZE; r++) {
                count[r] = 0;
                for (int c = 0; c < BD_SIZE; c++) {
                    int cell = r * BD_SIZE + c;
                    bool open = node.open[cell] & digit_bit(digit);
                    e.value[cell] = !open ? INT32_MIN
                                    : puzzle.cells[cell] ? 0
                                    : (int64_t)digit * bd_weight(cell) * BDI_LAYER_SCALE - price[cell];
                    count[r] += open;
                }
                product *= count[r];
            }
            if (product == 0 || product > 1024)
                continue;
            for (int n = 1; n <= BD_SIZE; n++)
                for (int r = 0; r < BD_SIZE; r++)
                    if (count[r] == n)
                        e.row[k++] = r;
            enumerate_ordered(&e, 0, 0, 0, 0);
            if (e.best == INT64_MIN)
                continue;
            if (product >= 128)
                *(e.ties > 1 ? &tied : &alone) += 1;
            bdi_layer layer;
            int32_t through[BD_CELLS];
            for (int kernel = 0; kernel < 12; kernel++) {
                int32_t *with = kernel % 2 ? through : NULL;
                const bdi_layer_node *at = kernel % 8 < 4 ? &node : &planned;
                bdi_layer layers[BD_SIZE];
                if (kernel >= 8) {   /* 8, 10 on the node; 9, 11 planned; without through */
                    at = kernel % 2 ? &planned : &node;
                    if (kernel < 10)
                        bdi_layer_solve_moved(at, price, digit_bit(digit), layers);
                    else
                        bdi_layer_solve_moved_base(at, price, digit_bit(digit), layers);
                    layer = layers[digit - 1];
                } else if (kernel % 4 < 2) {
                    bdi_layer_solve(at, price, digit, &layer, with);
                } else {
                    bdi_layer_solve_base(at, price, digit, &layer, with);
                }
                assert_int_equal(layer.best, e.best);
                for (int r = 0; r < BD_SIZE; r++)
                    assert_int_equal(layer.pick[r], e.best_cols[r]);
            }
        }
    }
    assert_true(tied > 0 && alone > 0);
}

/* A digit with no place in a row has no layer, and the bound says so. */
static void test_no_layer(void **state)
{
    (void)state;
    bdi_layer_node node;
    int32_t price[BD_CELLS] = {0};
    bdi_layer_clear(&node, true);
    for (int cell = 0; cell < BD_CELLS; cell++)
        bdi_layer_cell(&node, cell, 0, row_of(cell) == 4 ? ALL_DIGITS & ~digit_bit(7) : ALL_DIGITS,
                       bd_weight(cell));
    bdi_layer layer;
    bdi_layer_solve(&node, price, 7, &layer, NULL);
    assert_int_equal(layer.best, BDI_LAYER_NONE);
    bdi_layer_solve(&node, price, 6, &layer, NULL);
    assert_true(layer.best > 0);
    bdi_layer layers[BD_SIZE];
    assert_true(bdi_layer_bound(&node, price, layers) == BDI_LAYER_INFEASIBLE);
}

/* The subgradient counts the layers on each blank: 0 everywhere (norm 0)
 * for the layers of a completion; moving digit 1's pick in row 4 onto
 * digit 2's blank leaves 1's cell bare (+1) and 2's doubly taken (-1),
 * norm 2; moving its pick in row 0 (placed) onto a placed cell changes
 * nothing, as placed cells count 0. The grid: (r, c) holds
 * (3 r + r / 3 + c) mod 9 + 1, a completed sudoku; row 0 is placed. */
static void test_subgradient_counts_layers(void **state)
{
    (void)state;
    bdi_layer_node node;
    bdi_layer layers[BD_SIZE];
    bdi_layer_clear(&node, false);
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int r = row_of(cell), c = col_of(cell), digit = (3 * r + r / 3 + c) % 9 + 1;
        bdi_layer_cell(&node, cell, r == 0 ? digit : 0, digit_bit(digit), bd_weight(cell));
        layers[digit - 1].pick[r] = (uint8_t)c;
    }
    int8_t g[BD_CELLS];
    assert_int_equal(bdi_layer_subgradient(&node, layers, g), 0);
    for (int cell = 0; cell < BD_CELLS; cell++)
        assert_int_equal(g[cell], 0);
    /* row 4 holds 5 6 7 8 9 1 2 3 4: 1 in column 5, 2 in column 6 */
    layers[0].pick[4] = 6;
    /* row 0 holds 1..9: 1 in column 0, 3 in column 2, both placed */
    layers[0].pick[0] = 2;
    assert_int_equal(bdi_layer_subgradient(&node, layers, g), 2);
    for (int cell = 0; cell < BD_CELLS; cell++)
        assert_int_equal(g[cell], cell == 4 * BD_SIZE + 5 ? 1 : cell == 4 * BD_SIZE + 6 ? -1 : 0);
}

/* Under any prices the bound is at least the optimum that the exhaustive
 * search finds, on puzzles with 20-40 blanks. */
static void test_bound_is_valid(void **state)
{
    (void)state;
    uint64_t seed = 1074;
    bd_options exhaustive = bd_options_default();
    exhaustive.exhaustive = true;
    for (int round = 0; round < 60; round++) {
        bdi_layer_node node;
        bd_grid puzzle;
        int32_t price[BD_CELLS];
        random_node(&seed, 41 + tu_below(&seed, 21), false, &puzzle, &node, price);
        int optimum;
        assert_int_equal(bd_target(&puzzle, &exhaustive, &optimum, NULL, NULL), BD_OK);
        bdi_units units;
        assert_true(bdi_units_of_givens(&units, &puzzle));
        for (int cell = 0; cell < BD_CELLS; cell++)
            bdi_layer_cell(&node, cell, puzzle.cells[cell], units_free(&units, cell), bd_weight(cell));
        if (round % 2)   /* zero prices: the plain "best layer per digit" */
            memset(price, 0, sizeof price);
        bdi_layer layers[BD_SIZE];
        int64_t bound = bdi_layer_bound(&node, price, layers);
        assert_true(bound != BDI_LAYER_INFEASIBLE);
        assert_true(bd_score(&puzzle) + bound / BDI_LAYER_SCALE >= optimum);
    }
}

/* The branch and bound (bd_target's default: scan, the layers, the rows)
 * finds the optimum that the exhaustive depth-first enumeration finds, on
 * puzzles with 30-45 blanks. In test_layers_portable this runs target.c's
 * scan lane by lane (no vector extension). */
static void test_branch_and_bound_is_exact(void **state)
{
    (void)state;
    uint64_t seed = 2029;
    bd_options exhaustive = bd_options_default();
    exhaustive.exhaustive = true;
    for (int round = 0; round < 12; round++) {
        bd_grid puzzle;
        tu_random_puzzle(&seed, 30 + tu_below(&seed, 16), &puzzle);
        int optimum, found;
        assert_int_equal(bd_target(&puzzle, &exhaustive, &optimum, NULL, NULL), BD_OK);
        assert_int_equal(bd_target(&puzzle, NULL, &found, NULL, NULL), BD_OK);
        assert_int_equal(found, optimum);
    }
}

/* row_open follows open through any sequence of bdi_layer_cell calls:
 * cells placed, made blank again, narrowed and widened; and
 * bdi_layer_index builds the same from the cells alone. */
static void test_row_open_follows_cells(void **state)
{
    (void)state;
    uint64_t seed = 81;
    bdi_layer_node node;
    bdi_layer_clear(&node, true);
    for (int round = 0; round < 2000; round++) {
        int cell = tu_below(&seed, BD_CELLS);
        int digit = tu_below(&seed, 3) == 0 ? 1 + tu_below(&seed, BD_SIZE) : 0;
        bdi_layer_cell(&node, cell, digit, (unsigned)tu_below(&seed, ALL_DIGITS + 1), bd_weight(cell));
        for (int d = 1; d <= BD_SIZE; d++) {
            for (int r = 0; r < BD_SIZE; r++) {
                unsigned expected = 0;
                for (int c = 0; c < BD_SIZE; c++)
                    if (node.open[r * BD_SIZE + c] & digit_bit(d))
                        expected |= 1u << c;
                assert_int_equal(node.row_open[d - 1][r], expected);
            }
        }
    }
    bdi_layer_node rebuilt;
    bdi_layer_clear(&rebuilt, false);
    for (int cell = 0; cell < BD_CELLS; cell++)
        bdi_layer_cell(&rebuilt, cell, 0, node.open[cell], bd_weight(cell));
    bdi_layer_index(&rebuilt);
    assert_true(rebuilt.indexed);
    assert_memory_equal(rebuilt.row_open, node.row_open, sizeof node.row_open);
}

/* Checks a packed completion of `node`: a valid grid that keeps the placed
 * digits and puts on each blank a digit it may take; and greedy: each digit,
 * 9 down to 1, takes a layer worth as much under `price` as its best layer
 * among the cells the digits before it left. */
static void check_pack(const bdi_layer_node *node, const int32_t price[BD_CELLS],
                       const bd_grid *puzzle, const bd_grid *completion)
{
    assert_true(bd_is_solution_of(puzzle, completion));
    bdi_layer_node left = *node;
    for (int digit = BD_SIZE; digit >= 1; digit--) {
        bdi_layer layer;
        bdi_layer_solve(&left, price, digit, &layer, NULL);
        int32_t taken = 0;
        for (int cell = 0; cell < BD_CELLS; cell++) {
            assert_true(node->open[cell] & digit_bit(completion->cells[cell]));
            if (completion->cells[cell] == digit && left.gain[cell])
                taken += digit * left.gain[cell] - price[cell];
        }
        assert_int_equal(taken, layer.best);
        for (int cell = 0; cell < BD_CELLS; cell++)
            if (completion->cells[cell] == digit)
                bdi_layer_cell(&left, cell, digit, 0, 0);
    }
}

/* Packed completions, with and without the node's best layers given. */
static void test_pack_completes(void **state)
{
    (void)state;
    uint64_t seed = 2906;
    int packed = 0, packed_known = 0;
    for (int round = 0; round < 200; round++) {
        bdi_layer_node node;
        bd_grid puzzle, completion;
        int32_t price[BD_CELLS];
        random_node(&seed, tu_below(&seed, 40), false, &puzzle, &node, price);
        if (round % 2)
            memset(price, 0, sizeof price);
        if (bdi_layer_pack(&node, price, NULL, completion.cells)) {
            packed++;
            check_pack(&node, price, &puzzle, &completion);
        }
        bdi_layer best[BD_SIZE];
        if (bdi_layer_bound(&node, price, best) != BDI_LAYER_INFEASIBLE
            && bdi_layer_pack(&node, price, best, completion.cells)) {
            packed_known++;
            check_pack(&node, price, &puzzle, &completion);
        }
    }
    /* greedy packing may fail; it must not always */
    assert_true(packed >= 25 && packed_known >= 25);
}

/* A pack fails when a unit has no cell open to some digit (no completion
 * then exists): on an empty grid, digit 1 kept out of column 5, digit 3
 * out of box 4 or digit 8 out of row 2, each alone, under zero prices;
 * and a completed grid ((r, c) holds (3 r + r / 3 + c) mod 9 + 1, every
 * cell placed) packs to itself, every unit holding every digit. */
static void test_pack_fails_on_a_bare_unit(void **state)
{
    (void)state;
    int32_t price[BD_CELLS] = {0};
    uint8_t completion[BD_CELLS];
    for (int kind = 0; kind < UNIT_KINDS; kind++) {
        static const int UNIT[UNIT_KINDS] = {2, 5, 4}, DIGIT[UNIT_KINDS] = {8, 1, 3};
        bdi_layer_node node;
        bdi_layer_clear(&node, false);
        for (int cell = 0; cell < BD_CELLS; cell++)
            bdi_layer_cell(&node, cell, 0, ALL_DIGITS, bd_weight(cell));
        for (int pos = 0; pos < BD_SIZE; pos++) {
            int cell = unit_cell(kind, UNIT[kind], pos);
            bdi_layer_cell(&node, cell, 0, ALL_DIGITS & ~digit_bit(DIGIT[kind]), bd_weight(cell));
        }
        assert_false(bdi_layer_pack(&node, price, NULL, completion));
    }
    bdi_layer_node full;
    bdi_layer_clear(&full, false);
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int r = cell / BD_SIZE, c = cell % BD_SIZE;
        bdi_layer_cell(&full, cell, (3 * r + r / 3 + c) % 9 + 1, 0, bd_weight(cell));
    }
    assert_true(bdi_layer_pack(&full, price, NULL, completion));
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int r = cell / BD_SIZE, c = cell % BD_SIZE;
        assert_int_equal(completion[cell], (3 * r + r / 3 + c) % 9 + 1);
    }
}

/* Tries every digit for blank k.. of one unit (cell[], its candidates in
 * cand[]) that no earlier blank took; marks in support[] each candidate
 * some full assignment uses. Returns whether one exists. */
static bool assign_unit(const int cell[BD_SIZE], const uint16_t cand[BD_CELLS], int n, int k,
                        unsigned taken, int chosen[BD_SIZE], unsigned support[BD_SIZE])
{
    if (k == n) {
        for (int i = 0; i < n; i++)
            support[i] |= digit_bit(chosen[i]);
        return true;
    }
    bool any = false;
    for (int d = 1; d <= BD_SIZE; d++) {
        if ((cand[cell[k]] & digit_bit(d)) && !(taken & digit_bit(d))) {
            chosen[k] = d;
            any |= assign_unit(cell, cand, n, k + 1, taken | digit_bit(d), chosen, support);
        }
    }
    return any;
}

/* The rule the slow way: every unit's candidates cut to those some
 * assignment of its blanks uses, again until nothing changes; false when
 * some unit has no assignment. */
static bool consistent_by_enumeration(const bd_grid *puzzle, uint16_t cand[BD_CELLS])
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int kind = 0; kind < UNIT_KINDS; kind++) {
            for (int u = 0; u < BD_SIZE; u++) {
                int cell[BD_SIZE], n = 0, chosen[BD_SIZE];
                unsigned support[BD_SIZE] = {0};
                for (int pos = 0; pos < BD_SIZE; pos++)
                    if (!puzzle->cells[unit_cell(kind, u, pos)])
                        cell[n++] = unit_cell(kind, u, pos);
                if (!assign_unit(cell, cand, n, 0, 0, chosen, support))
                    return false;
                for (int i = 0; i < n; i++) {
                    changed |= support[i] != cand[cell[i]];
                    cand[cell[i]] = (uint16_t)support[i];
                }
            }
        }
    }
    return true;
}

/* Random puzzles with 20-60 givens, each blank's candidates those its
 * units allow less a random few (as the optimizer's fixing takes pairs
 * out): the rule must leave exactly what the enumeration leaves, and say
 * "no completion" exactly when it does, without a memo and with one
 * shared by all the rounds (each puzzle twice: the second run finds its
 * units there), and without a memo but with the last results of its own
 * calls; then the settled grid less a few candidates, whose unchanged
 * units the last results vouch for. */
static void test_units_consistent(void **state)
{
    (void)state;
    bdi_unit_memo *memo = calloc(1, sizeof *memo);
    assert_non_null(memo);
    /* the last results: of the calls with the memo, and of those without */
    uint16_t last[BD_CELLS] = {0}, bare_last[BD_CELLS] = {0};
    uint64_t seed = 2727;
    int failed = 0, narrowed = 0, child_failed = 0, child_narrowed = 0;
    for (int round = 0; round < 400; round++) {
        bd_grid puzzle;
        tu_random_puzzle(&seed, 21 + tu_below(&seed, 41), &puzzle);
        uint16_t cand[BD_CELLS], expected[BD_CELLS];
        for (int cell = 0; cell < BD_CELLS; cell++) {
            unsigned open = 0;
            if (!puzzle.cells[cell]) {
                open = ALL_DIGITS;
                for (int other = 0; other < BD_CELLS; other++)
                    if (puzzle.cells[other]
                        && (row_of(other) == row_of(cell) || col_of(other) == col_of(cell)
                            || box_of(other) == box_of(cell)))
                        open &= ~digit_bit(puzzle.cells[other]);
                if (tu_below(&seed, 10) == 0)
                    open &= ~digit_bit(1 + tu_below(&seed, BD_SIZE));
            }
            cand[cell] = expected[cell] = (uint16_t)open;
        }
        bool ok = consistent_by_enumeration(&puzzle, expected);
        uint16_t before[BD_CELLS];
        memcpy(before, cand, sizeof before);
        assert_int_equal(bdi_units_consistent(puzzle.cells, cand, NULL, NULL), ok);
        for (int run = 0; run < 3; run++) {
            uint16_t again[BD_CELLS];
            memcpy(again, before, sizeof again);
            assert_int_equal(run < 2 ? bdi_units_consistent(puzzle.cells, again, memo, last)
                                     : bdi_units_consistent(puzzle.cells, again, NULL, bare_last),
                             ok);
            for (int cell = 0; ok && cell < BD_CELLS; cell++)
                assert_int_equal(again[cell], expected[cell]);
        }
        if (!ok) {
            failed++;
            continue;
        }
        for (int cell = 0; cell < BD_CELLS; cell++)
            assert_int_equal(cand[cell], expected[cell]);
        narrowed += memcmp(before, cand, sizeof cand) != 0;
        /* a child of the settled grid: blanks of two or more candidates
         * lose one, so most units are those the last call left and only
         * the blanks' own stay on its worklist */
        for (int taken = 0; taken < 3; taken++) {
            int blank = tu_below(&seed, BD_CELLS), tried = 0;
            for (; tried < BD_CELLS && digit_count(cand[blank]) < 2; tried++)
                blank = (blank + 1) % BD_CELLS;
            if (tried < BD_CELLS)
                cand[blank] &= (uint16_t)~digit_bit(top_digit(cand[blank]));
        }
        memcpy(expected, cand, sizeof expected);
        memcpy(before, cand, sizeof before);
        bool child_ok = consistent_by_enumeration(&puzzle, expected);
        child_failed += !child_ok;
        child_narrowed += child_ok && memcmp(before, expected, sizeof before) != 0;
        uint16_t bare[BD_CELLS];
        memcpy(bare, cand, sizeof bare);
        assert_int_equal(bdi_units_consistent(puzzle.cells, cand, memo, last), child_ok);
        assert_int_equal(bdi_units_consistent(puzzle.cells, bare, NULL, bare_last), child_ok);
        for (int cell = 0; child_ok && cell < BD_CELLS; cell++) {
            assert_int_equal(cand[cell], expected[cell]);
            assert_int_equal(bare[cell], expected[cell]);
        }
    }
    free(memo);
    /* both outcomes, and narrowing, must be exercised */
    assert_true(failed >= 50 && 400 - failed >= 50 && narrowed >= 100);
    assert_true(child_failed >= 20 && child_narrowed >= 20);
}

/* By hand, on the empty grid: cells 0 and 1 (row 0, box 0) with the
 * candidates {1, 2} between them take 1 and 2 from row 0 and box 0, so
 * cell 2's {1, 2, 3, 4} keeps {3, 4} and box 0's rows 1 and 2 keep 3-9;
 * row 0's other cells ({3..9}) and every other cell (all digits) keep
 * theirs, and the result is settled (a second pass changes nothing). A
 * third cell of row 0 with only {1, 2} leaves the row without an
 * assignment. */
static void test_units_hall_pair(void **state)
{
    (void)state;
    const unsigned pair = digit_bit(1) | digit_bit(2);
    uint8_t cells[BD_CELLS] = {0};
    uint16_t cand[BD_CELLS], expected[BD_CELLS];
    for (int cell = 0; cell < BD_CELLS; cell++)
        cand[cell] = ALL_DIGITS;
    cand[0] = cand[1] = (uint16_t)pair;
    cand[2] = (uint16_t)(pair | digit_bit(3) | digit_bit(4));
    for (int c = 3; c < BD_SIZE; c++)
        cand[c] = (uint16_t)(ALL_DIGITS & ~pair);
    memcpy(expected, cand, sizeof cand);
    expected[2] = (uint16_t)(digit_bit(3) | digit_bit(4));
    for (int r = 1; r < 3; r++)
        for (int c = 0; c < 3; c++)
            expected[r * BD_SIZE + c] = (uint16_t)(ALL_DIGITS & ~pair);
    for (int pass = 0; pass < 2; pass++) {
        assert_true(bdi_units_consistent(cells, cand, NULL, NULL));
        for (int cell = 0; cell < BD_CELLS; cell++)
            assert_int_equal(cand[cell], expected[cell]);
    }
    cand[5] = (uint16_t)pair;
    assert_false(bdi_units_consistent(cells, cand, NULL, NULL));
}

/* One row's assignments by enumeration: its blanks (cells) take its
 * missing digits (digits), one each, for profit[i][j] (INT64_MIN: blank i
 * may not take digit j); the best total, and the best with blank i on
 * digit j (INT64_MIN: none). */
typedef struct row_enumeration {
    int cells[BD_SIZE], digits[BD_SIZE], n;
    int64_t profit[BD_SIZE][BD_SIZE];
    int64_t best;
    int64_t forced[BD_SIZE][BD_SIZE];
    int pick[BD_SIZE];
} row_enumeration;

/* Tries every digit left for blanks i.. of the row. */
static void enumerate_row(row_enumeration *e, int i, unsigned used, int64_t sum)
{
    if (i == e->n) {
        if (sum > e->best)
            e->best = sum;
        for (int k = 0; k < e->n; k++)
            if (sum > e->forced[k][e->pick[k]])
                e->forced[k][e->pick[k]] = sum;
        return;
    }
    for (int j = 0; j < e->n; j++) {
        if ((used >> j) & 1u || e->profit[i][j] == INT64_MIN)
            continue;
        e->pick[i] = j;
        enumerate_row(e, i + 1, used | (1u << j), sum + e->profit[i][j]);
    }
}

/* Checks the row relaxation `rows` solved at `node` against enumeration,
 * row by row: each row's value is its best assignment's profit; each
 * pair's drop is at most what forcing the pair loses (any drop when no
 * assignment takes it), and with `exact` equal to it (INT32_MAX when none
 * takes it). */
static void check_rows(const bdi_layer_node *node, const bdi_rows *rows, bool exact)
{
    for (int r = 0; r < BD_SIZE; r++) {
        row_enumeration e = {.n = 0, .best = INT64_MIN};
        unsigned missing = ALL_DIGITS;
        for (int c = 0; c < BD_SIZE; c++) {
            int cell = r * BD_SIZE + c;
            if (node->gain[cell])
                e.cells[e.n++] = cell;
            else
                missing &= ~node->open[cell];
        }
        for (int j = 0; missing; missing &= missing - 1u)
            e.digits[j++] = bit_digit(missing);
        for (int i = 0; i < e.n; i++) {
            int cell = e.cells[i];
            for (int j = 0; j < e.n; j++) {
                int d = e.digits[j];
                e.forced[i][j] = INT64_MIN;
                e.profit[i][j] = (node->open[cell] & digit_bit(d))
                    ? (int64_t)d * node->gain[cell] - rows->col[col_of(cell)][d - 1]
                          - rows->box[box_of(cell)][d - 1]
                    : INT64_MIN;
            }
        }
        enumerate_row(&e, 0, 0, 0);
        if (e.n == 0)
            continue;
        assert_true(e.best != INT64_MIN);
        assert_int_equal(rows->row_value[r], e.best);
        for (int i = 0; i < e.n; i++) {
            for (int j = 0; j < e.n; j++) {
                int64_t drop = bdi_rows_drops(rows, r)[e.cells[i] % BD_SIZE][e.digits[j] - 1];
                assert_true(drop >= 0);
                if (e.forced[i][j] == INT64_MIN) {
                    if (exact)
                        assert_int_equal(drop, INT32_MAX);
                    continue;
                }
                assert_true(drop <= e.best - e.forced[i][j]);
                if (exact)
                    assert_int_equal(drop, e.best - e.forced[i][j]);
            }
        }
    }
}

/* A node of `puzzle`: its blanks' candidates those its units allow. */
static void node_of(const bd_grid *puzzle, bdi_layer_node *node)
{
    bdi_units units;
    assert_true(bdi_units_of_givens(&units, puzzle));
    bdi_layer_clear(node, false);
    for (int cell = 0; cell < BD_CELLS; cell++)
        bdi_layer_cell(node, cell, puzzle->cells[cell],
                       puzzle->cells[cell] ? 0 : units_free(&units, cell), bd_weight(cell));
}

/* The row relaxation under random prices against enumeration: its values
 * and reduced costs (lower bounds on each pair's loss), then the drops
 * made exact by bdi_rows_sharpen; and at a child (one more digit placed,
 * its rows inherited from the parent's), re-solving only the rows that
 * changed, the values again and the drops still lower bounds. */
static void test_rows_against_enumeration(void **state)
{
    (void)state;
    uint64_t seed = 3940;
    int children = 0;
    for (int round = 0; round < 60; round++) {
        bd_grid puzzle;
        tu_random_puzzle(&seed, 20 + tu_below(&seed, 41), &puzzle);
        bdi_layer_node node;
        node_of(&puzzle, &node);
        bdi_rows rows;
        bdi_rows_clear(&rows);
        for (int u = 0; u < BD_SIZE; u++) {
            for (int d = 0; d < BD_SIZE; d++) {
                rows.col[u][d] = tu_below(&seed, 2 * 40 * BDI_LAYER_SCALE) - 40 * BDI_LAYER_SCALE;
                rows.box[u][d] = tu_below(&seed, 2 * 40 * BDI_LAYER_SCALE) - 40 * BDI_LAYER_SCALE;
            }
        }
        assert_true(bdi_rows_solve(&node, &rows, true) != BDI_LAYER_INFEASIBLE);
        check_rows(&node, &rows, false);
        bdi_rows_sharpen(&rows);
        check_rows(&node, &rows, true);
        int cell = tu_below(&seed, BD_CELLS);
        while (puzzle.cells[cell])
            cell = (cell + 1) % BD_CELLS;
        unsigned cand = node.open[cell];
        for (int skip = tu_below(&seed, digit_count(cand)); skip > 0; skip--)
            cand &= cand - 1u;
        puzzle.cells[cell] = (uint8_t)bit_digit(cand);
        node_of(&puzzle, &node);
        bdi_rows child;
        bdi_rows_inherit(&child, &rows);
        if (bdi_rows_solve(&node, &child, false) == BDI_LAYER_INFEASIBLE)
            continue;   /* some row has no assignment left */
        children++;
        check_rows(&node, &child, false);
        bdi_rows_sharpen(&child);
        check_rows(&node, &child, false);
    }
    assert_true(children >= 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layers_against_enumeration),
        cmocka_unit_test(test_layers_at_price_limits),
        cmocka_unit_test(test_kernels_break_ties_alike),
        cmocka_unit_test(test_remembered_solves),
        cmocka_unit_test(test_walked_digits_keep_the_walk_order),
        cmocka_unit_test(test_no_layer),
        cmocka_unit_test(test_bound_is_valid),
        cmocka_unit_test(test_branch_and_bound_is_exact),
        cmocka_unit_test(test_subgradient_counts_layers),
        cmocka_unit_test(test_pack_completes),
        cmocka_unit_test(test_pack_fails_on_a_bare_unit),
        cmocka_unit_test(test_row_open_follows_cells),
        cmocka_unit_test(test_units_consistent),
        cmocka_unit_test(test_units_hall_pair),
        cmocka_unit_test(test_rows_against_enumeration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
