/* test_nxn_fast3x3.c - the 9 x 9 engine of the N x N family
 * (src/nxn/fast/fast3x3.c) against the same search compiled from fast.h for
 * any N up to 16 (nxn_fast16, run on the same 9 x 9 boards): the same
 * solutions in the same order, the same nodes, guesses and ending, with
 * and without excluded candidates, a digit order drawn by a pick
 * function, and a node limit; and its counts against Dancing Links; a
 * search resumed in many short runs (core/trail.h) against one run;
 * guesses on a unit's places (nxn_task.units) counted against Dancing
 * Links and resumed.
 * Puzzles: random grids of testutil (never made by an engine) with 20 to
 * 64 cells blanked, the hard puzzles of puzzles/hard_sample.txt, clashing
 * givens and the empty board. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "bitdoku.h"
#include "nxn/nxn.h"
#include "testutil.h"

#ifndef BITDOKU_PUZZLES_DIR
#error "BITDOKU_PUZZLES_DIR must name the puzzles/ directory"
#endif

enum { KEPT = 64 };

/* The solutions a search handed over, the first KEPT of them kept. */
typedef struct seen {
    int count;
    bd_board boards[KEPT];
} seen;

/* A bd_board_fn: keeps the solution. */
static bool keep(const bd_board *solution, void *context)
{
    seen *s = context;
    if (s->count < KEPT)
        s->boards[s->count] = *solution;
    s->count++;
    return true;
}

/* A nxn_pick_fn: a digit of `digits` drawn from the stream in *context. */
static int draw(void *context, int cell, uint64_t digits)
{
    (void)cell;
    int count = 0, picks[BD_BOARD_MAX];
    for (int d = 0; d < BD_BOARD_MAX; d++)
        if ((digits >> d) & 1u)
            picks[count++] = d;
    return picks[tu_below(context, count)];
}

/* What one engine did with a task. */
typedef struct outcome {
    nxn_run run;
    uint64_t visited;
    bd_stats stats;
    int runs;
} outcome;

/* Runs `engine` on `task` (its pick stream restarted from `seed`) with
 * a node limit of `max_nodes` (0: none), each solution up to `limit`
 * into `found`; with a trail in the task, run after run, each resuming
 * where the last one stopped, until one is not cut short (the outcome of
 * all together). */
static outcome run_engine(nxn_engine_fn engine, nxn_task task, uint64_t seed,
                          uint64_t max_nodes, uint64_t limit, seen *found)
{
    bd_options options = bd_options_default();
    options.max_nodes = max_nodes;
    uint64_t stream = seed;
    if (task.pick)
        task.pick_context = &stream;
    bd_board board = *task.puzzle;
    nxn_visitor visitor;
    nxn_visitor_init(&visitor, NXN_EACH, limit, &board);
    visitor.on_each = keep;
    visitor.context = found;
    found->count = 0;
    outcome o = {.run = NXN_RAN, .runs = 0};
    memset(&o.stats, 0, sizeof o.stats);
    do {
        o.run = engine(&task, &options, &visitor, &o.stats);
        o.runs++;
    } while (o.run == NXN_CUT && task.trail);
    o.visited = visitor.count;
    return o;
}

/* Two searches did the same: the same ending, solutions (the same in the
 * same order, `x` and `y`), nodes and guesses. */
static void assert_same(const outcome *a, const seen *x, const outcome *b, const seen *y)
{
    assert_int_equal(a->run, b->run);
    assert_int_equal(a->visited, b->visited);
    assert_int_equal(a->stats.nodes, b->stats.nodes);
    assert_int_equal(a->stats.guesses, b->stats.guesses);
    assert_int_equal(x->count, y->count);
    for (int i = 0; i < x->count && i < KEPT; i++)
        assert_memory_equal(x->boards[i].cells, y->boards[i].cells, BD_CELLS);
}

/* The two compilations of the search agree on `task`, and Dancing Links
 * counts as many solutions when neither was cut short. */
static void agree(const nxn_task *task, uint64_t seed, uint64_t max_nodes, uint64_t limit)
{
    static seen mine, template;
    outcome a = run_engine(nxn_fast3x3, *task, seed, max_nodes, limit, &mine);
    outcome b = run_engine(nxn_fast16, *task, seed, max_nodes, limit, &template);
    assert_same(&a, &mine, &b, &template);
    if (a.run != NXN_RAN)
        return;
    static seen dlx;
    nxn_task plain = *task;
    plain.pick = NULL;
    outcome c = run_engine(nxn_dlx, plain, seed, 0, limit, &dlx);
    assert_int_equal(c.run, NXN_RAN);
    assert_int_equal(c.visited, a.visited);
}

/* A nxn_pick_fn that draws the same order at every visit: the highest
 * digit first. */
static int highest(void *context, int cell, uint64_t digits)
{
    (void)context;
    (void)cell;
    int d = BD_BOARD_MAX - 1;
    while (!((digits >> d) & 1u))
        d--;
    return d;
}

/* The search of `task` run in runs of `turn` nodes, each resuming the
 * last, visits what one run visits: the same solutions in the same order,
 * the same nodes and guesses in all; and it took more than one run when
 * one run needs more than twice `turn` nodes. */
static void resumes_alike(const nxn_task *task, uint64_t turn, uint64_t limit)
{
    static seen whole, pieces;
    outcome a = run_engine(nxn_fast3x3, *task, 0, 0, limit, &whole);
    nxn_task trailed = *task;
    bdi_trail trail;
    bdi_trail_init(&trail);
    trailed.trail = &trail;
    outcome b = run_engine(nxn_fast3x3, trailed, 0, turn, limit, &pieces);
    assert_int_equal(a.run, NXN_RAN);
    assert_same(&a, &whole, &b, &pieces);
    if (a.stats.nodes > 2 * turn)
        assert_true(b.runs > 1);
}

/* A random 9 x 9 puzzle with `blanks` cells blanked, as a board. */
static void random_board(uint64_t *state, int blanks, bd_board *board)
{
    bd_grid grid;
    tu_random_puzzle(state, blanks, &grid);
    bd_board_from_grid(&grid, board);
}

static void test_random_puzzles(void **state)
{
    (void)state;
    uint64_t stream = 35;
    for (int i = 0; i < 400; i++) {
        bd_board puzzle;
        random_board(&stream, 20 + i % 45, &puzzle);
        nxn_task task = {.puzzle = &puzzle};
        agree(&task, 0, 0, 200);
        if (i % 5 == 0) {
            /* resumed in runs of one node, 8 or 15, digits lowest first,
             * then in runs of 5, highest first */
            resumes_alike(&task, 1 + (uint64_t)(i % 3) * 7, 30);
            nxn_task backwards = {.puzzle = &puzzle, .pick = highest};
            resumes_alike(&backwards, 5, 30);
        }
        task.pick = draw;
        agree(&task, (uint64_t)i, 0, 200);
    }
}

enum { MAX_BOARDS = 20 };

/* Reads the first `max` puzzles of puzzles/<name> (lines that are not
 * one are passed over) as boards; returns how many. */
static int read_boards(const char *name, bd_board *boards, int max)
{
    char path[512], line[256];
    snprintf(path, sizeof path, "%s/%s", BITDOKU_PUZZLES_DIR, name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int read = 0;
    while (read < max && fgets(line, sizeof line, f)) {
        bd_grid grid;
        if (line[0] == '#' || !tu_grid(line, &grid))
            continue;
        bd_board_from_grid(&grid, &boards[read++]);
    }
    fclose(f);
    return read;
}

static void test_hard_puzzles(void **state)
{
    (void)state;
    static bd_board puzzles[MAX_BOARDS + 1];
    int read = read_boards("hard_sample.txt", puzzles, MAX_BOARDS + 1);
    assert_int_equal(read, 20);
    for (int i = 0; i < read; i++) {
        nxn_task task = {.puzzle = &puzzles[i]};
        agree(&task, 0, 0, 2);
        agree(&task, 0, 7, 2);      /* cut short after 7 nodes */
        task.pick = draw;
        agree(&task, (uint64_t)i, 0, 2);
    }
}

static void test_exclusions(void **state)
{
    (void)state;
    uint64_t stream = 11;
    for (int i = 0; i < 200; i++) {
        bd_board puzzle;
        random_board(&stream, 30 + i % 30, &puzzle);
        nxn_exclusion out[8];
        for (int k = 0; k < 8; k++)
            out[k] = (nxn_exclusion){tu_below(&stream, BD_CELLS), 1 + tu_below(&stream, 9)};
        nxn_task task = {.puzzle = &puzzle, .excluded = out, .excluded_count = 1 + i % 8};
        agree(&task, 0, 0, 100);
    }
}

/* Resumed runs (trail.h) of hundreds of nodes on grids without
 * completion (puzzles/target/target_grown10_none.txt, where the target
 * optimizer resumes this engine); test_random_puzzles has runs of one
 * node and a few on puzzles with many solutions. */
static void test_resume(void **state)
{
    (void)state;
    static bd_board grids[MAX_BOARDS];
    int read = read_boards("target/target_grown10_none.txt", grids, 6);
    assert_int_equal(read, 6);
    for (int i = 0; i < read; i++) {
        nxn_task task = {.puzzle = &grids[i]};
        resumes_alike(&task, 100 + (uint64_t)i * 300, 1);
    }
}

/* With guesses on a unit's places (nxn_task.units), the search counts
 * as many solutions as Dancing Links (up to `limit`), and resumed in runs
 * of `turn` nodes it visits what one run visits. */
static void units_agree(const bd_board *puzzle, uint64_t turn, uint64_t limit)
{
    static seen units, dlx;
    nxn_task task = {.puzzle = puzzle, .units = true};
    outcome a = run_engine(nxn_fast3x3, task, 0, 0, limit, &units);
    nxn_task plain = {.puzzle = puzzle};
    outcome b = run_engine(nxn_dlx, plain, 0, 0, limit, &dlx);
    assert_int_equal(a.run, NXN_RAN);
    assert_int_equal(b.run, NXN_RAN);
    assert_int_equal(a.visited, b.visited);
    resumes_alike(&task, turn, limit);
}

/* Guesses on a unit's places: random puzzles with many solutions; grids
 * with a few dozen (puzzles/target/target_grown_few.txt) and some with
 * two givens cleared (where the search guesses on places), every
 * solution counted; grids without completion (lines 5 and 6 of
 * puzzles/target/target_grown12_none.txt, which Dancing Links proves have
 * none; on its first four lines that proof takes seconds). */
static void test_units(void **state)
{
    (void)state;
    uint64_t stream = 38;
    for (int i = 0; i < 200; i++) {
        bd_board puzzle;
        random_board(&stream, 20 + i % 45, &puzzle);
        units_agree(&puzzle, 1 + (uint64_t)(i % 4) * 5, 200);
    }
    /* lines 1 and 10 of target_grown_few.txt, two givens cleared:
     * 1,598 to 2,444 solutions */
    static const char *const sparse[] = {
        "......1....9....3.37.6........4.6..8..1...5...8..7........6.892..8.......16..2..7",
        "......1....9....3.37.6......5.4.6..8..1...5...8..7........6.8.2..8.......16..2..7",
        "......1....9....3.37.6......5.4.6..8..1...5...8..7........6.89...8.......16..2..7",
        "....85.4.5.......2.49...........4.....6..87...1.26..5............2.....13.8.7.9..",
        "....85.4.5.......2.49...........4.....6..87...1.26..5...........62.....13...7.9..",
    };
    for (size_t i = 0; i < sizeof sparse / sizeof sparse[0]; i++) {
        bd_grid grid;
        bd_board puzzle;
        assert_true(tu_grid(sparse[i], &grid));
        bd_board_from_grid(&grid, &puzzle);
        units_agree(&puzzle, 300, 0);
    }
    static bd_board grids[MAX_BOARDS];
    int read = read_boards("target/target_grown_few.txt", grids, MAX_BOARDS);
    assert_int_equal(read, MAX_BOARDS);
    for (int i = 0; i < read; i++)
        units_agree(&grids[i], 20 + (uint64_t)i * 10, 0);
    read = read_boards("target/target_grown12_none.txt", grids, 6);
    assert_int_equal(read, 6);
    for (int i = 4; i < read; i++)
        units_agree(&grids[i], 50 + (uint64_t)i * 100, 1);
}

static void test_edges(void **state)
{
    (void)state;
    bd_board empty, clash;
    assert_int_equal(bd_board_init(&empty, 3, 3), BD_OK);
    nxn_task task = {.puzzle = &empty};
    agree(&task, 0, 0, 50);
    agree(&task, 0, 40, 0);     /* every solution, cut short after 40 nodes */
    clash = empty;
    clash.cells[0] = clash.cells[80] = 5;     /* fine: no common unit */
    clash.cells[10] = 5;                      /* box 0 holds 5 twice */
    task.puzzle = &clash;
    agree(&task, 0, 0, 10);
    static seen none;
    outcome o = run_engine(nxn_fast3x3, task, 0, 0, 10, &none);
    assert_int_equal(o.visited, 0);
    assert_int_equal(o.stats.nodes, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_puzzles),
        cmocka_unit_test(test_hard_puzzles),
        cmocka_unit_test(test_exclusions),
        cmocka_unit_test(test_resume),
        cmocka_unit_test(test_units),
        cmocka_unit_test(test_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
