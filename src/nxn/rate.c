/*
 * rate.c - the human path on a board: bd_board_rate and bd_board_explain.
 * At each step the techniques are asked in the order of their SE
 * difficulty (bitdoku.h lists them; the direct techniques, wings,
 * uniqueness tests and chains of 9 x 9 have no counterpart here) and the
 * first step found is applied; the path ends when the board is full or
 * when no technique applies (stalled). The board's rating is its hardest
 * step (ER), with SE's pearl (EP: the hardest up to the first placement)
 * and diamond (ED: the first step).
 *
 * Every technique here holds in every solution, so a path that fills the
 * board validly proves the solution unique and costs no search; otherwise
 * bd_board_count (to 2) on the board the path reached tells a puzzle
 * without solution or with several from one the techniques could not
 * finish. bd_board_explain walks the
 * path once to settle the status, then again with the caller's callback.
 * The state (nxn_marks, the step) is one heap block of under 200
 * kilobytes, whatever the board.
 */
#include "nxn.h"

#include <stdlib.h>

typedef bool (*technique_fn)(const nxn_marks *m, bd_board_step *s);

static bool naked_pair(const nxn_marks *m, bd_board_step *s) { return nxn_naked_set(m, 2, s); }
static bool naked_triplet(const nxn_marks *m, bd_board_step *s) { return nxn_naked_set(m, 3, s); }
static bool naked_quad(const nxn_marks *m, bd_board_step *s) { return nxn_naked_set(m, 4, s); }
static bool hidden_pair(const nxn_marks *m, bd_board_step *s) { return nxn_hidden_set(m, 2, s); }
static bool hidden_triplet(const nxn_marks *m, bd_board_step *s)
{
    return nxn_hidden_set(m, 3, s);
}
static bool hidden_quad(const nxn_marks *m, bd_board_step *s) { return nxn_hidden_set(m, 4, s); }
static bool x_wing(const nxn_marks *m, bd_board_step *s) { return nxn_fish(m, 2, s); }
static bool swordfish(const nxn_marks *m, bd_board_step *s) { return nxn_fish(m, 3, s); }
static bool jellyfish(const nxn_marks *m, bd_board_step *s) { return nxn_fish(m, 4, s); }

/* The techniques in the order they are asked (SE's order, by difficulty). */
static const technique_fn TECHNIQUES[] = {
    nxn_hidden_single, nxn_naked_single, nxn_locks,  naked_pair,     x_wing,
    hidden_pair,       naked_triplet,    swordfish,  hidden_triplet, naked_quad,
    jellyfish,         hidden_quad,
};

/* A path's state. */
typedef struct path {
    nxn_marks m;
    bd_board_step step;
} path;

/* Counts the step `s` into rating `r`; `placed` says whether a step
 * before it placed a value. */
static void add_step(bd_board_rating *r, const bd_board_step *s, bool placed)
{
    if (r->steps++ == 0)
        r->diamond = s->rating;
    if (s->rating > r->rating) {
        r->rating = s->rating;
        r->hardest = s->technique;
    }
    if (!placed && s->rating > r->pearl)
        r->pearl = s->rating;
}

/* Walks the path of `puzzle` in `p`, calling `on_step` (may be NULL) with
 * each step until it returns false; fills `r`. */
static void walk(path *p, const bd_board *puzzle, bd_board_step_fn on_step, void *context,
                 bd_board_rating *r)
{
    *r = (bd_board_rating){0, 0, 0, BD_LEVEL_EASY, BD_TECHNIQUES, 0, false};
    nxn_marks_from_board(&p->m, puzzle);
    int blanks = 0;
    for (int cell = 0; cell < p->m.g.cells; cell++)
        blanks += !puzzle->cells[cell];
    bool placed = false;
    while (blanks > 0) {
        nxn_marks_places(&p->m);
        size_t t = 0;
        while (t < sizeof TECHNIQUES / sizeof TECHNIQUES[0] && !TECHNIQUES[t](&p->m, &p->step))
            t++;
        if (t == sizeof TECHNIQUES / sizeof TECHNIQUES[0]) {
            r->stalled = true;
            break;
        }
        nxn_marks_apply(&p->m, &p->step);
        add_step(r, &p->step, placed);
        placed |= p->step.cell >= 0;
        blanks -= p->step.cell >= 0;
        p->step.board = &p->m.board;
        p->step.candidates = p->m.cand;
        if (on_step && !on_step(&p->step, context))
            break;
    }
    if (!placed)
        r->pearl = 0;
    r->level = bd_level_of(r->rating);
}

/* The status of a walked path: BD_OK when it filled the board validly,
 * else what a count to 2 says (one solution: BD_OK, the path stalled).
 * The count is made on the board the path reached: every placement holds
 * in every solution of the puzzle, so the two have the same solutions,
 * and the reached board has more givens to search from. */
static bd_status settle(const path *p, const bd_board *puzzle, const bd_options *options,
                        const bd_board_rating *r, bd_stats *stats)
{
    if (!r->stalled && bd_board_is_solution_of(puzzle, &p->m.board))
        return BD_OK;
    uint64_t count = 0;
    bd_status status = bd_board_count(&p->m.board, 2, options, &count, stats);
    if (status != BD_OK)
        return status;
    return count == 0 ? BD_NO_SOLUTION : count > 1 ? BD_NOT_UNIQUE : BD_OK;
}

/* bd_board_rate and bd_board_explain: the status, and the rating of the
 * path walked with `on_step` when it is BD_OK. */
static bd_status rate_path(const bd_board *puzzle, const bd_options *options,
                           bd_board_step_fn on_step, void *context, bd_board_rating *rating,
                           bd_stats *stats)
{
    if (!bd_board_valid(puzzle))
        return BD_EINVAL;
    if (!bd_board_givens_ok(puzzle))
        return BD_NO_SOLUTION;
    path *p = malloc(sizeof *p);
    if (!p)
        return BD_ENOMEM;
    bd_board_rating r;
    walk(p, puzzle, NULL, NULL, &r);
    bd_status status = settle(p, puzzle, options, &r, stats);
    if (status == BD_OK && on_step)
        walk(p, puzzle, on_step, context, &r);
    if (status == BD_OK && rating)
        *rating = r;
    free(p);
    return status;
}

bd_status bd_board_rate(const bd_board *puzzle, const bd_options *options,
                        bd_board_rating *rating, bd_stats *stats)
{
    if (!rating)
        return BD_EINVAL;
    return rate_path(puzzle, options, NULL, NULL, rating, stats);
}

bd_status bd_board_explain(const bd_board *puzzle, const bd_options *options,
                           bd_board_step_fn on_step, void *context, bd_board_rating *rating)
{
    return rate_path(puzzle, options, on_step, context, rating, NULL);
}
