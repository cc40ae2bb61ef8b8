/*
 * sized_rate.c - rate, explain and explain --hint on boards of any size:
 * the human path of bd_board_rate and bd_board_explain (the techniques
 * that generalize, on SE's scale calibrated on 9 x 9), answered as the
 * 9 x 9 commands answer (cmd_rate.c, cmd_explain.c), values in the
 * board's alphabet. A board of 3 x 3 boxes goes to the 9 x 9 commands
 * themselves (SE's whole path, bd_rate and bd_explain).
 *
 * A path that stalls (no technique applies on a board not full) is rated
 * `R+ beyond-these-techniques HARDEST`: R is the hardest step reached
 * (0.0 when none), a lower bound, not SE's rating; explain's rating line
 * says the same, and its board is the one the steps reached; --hint with
 * no placement says `no placement after: ...`, or `no placement: beyond
 * these techniques` when there is no step at all.
 */
#include "sized.h"
#include "cmd.h"
#include "settings.h"

#include <stdlib.h>
#include <string.h>

/* The 9 x 9 record of a board of 3 x 3 boxes. */
static bd_record nine_record(const sized_item *item)
{
    bd_record rec;
    memset(&rec, 0, sizeof rec);
    bd_board_to_grid(&item->puzzle, &rec.grid);
    rec.shape = item->how.grid ? BD_SHAPE_COMPACT : BD_SHAPE_LINE;
    rec.blank = '.';
    rec.line = item->line;
    return rec;
}

/* A board's rating as the 9 x 9 rating it reads as. */
static bd_rating nine_rating(const bd_board_rating *r)
{
    bd_rating nine = {r->rating, r->pearl, r->diamond, r->level, r->hardest, r->steps};
    return nine;
}

/* The three fields of a rating (no line end): 9 x 9's, or for a stalled
 * path `R+ beyond-these-techniques HARDEST`. */
static void put_rating(answer *a, const bd_board_rating *r, bool ep_ed)
{
    bd_rating nine = nine_rating(r);
    if (!r->stalled) {
        rate_fields(a, &nine, ep_ed);
        return;
    }
    answer_printf(a, "%.1f+", r->rating);
    if (ep_ed)
        answer_printf(a, "/%.1f/%.1f", r->pearl, r->diamond);
    answer_field(a, " ");
    answer_put(a, "beyond-these-techniques");
    answer_field(a, " ");
    answer_put(a, r->hardest < BD_TECHNIQUES ? bd_technique_name(r->hardest) : "none");
}

void sized_rate(const settings *s, const sized_item *item, answer *a)
{
    if (item->puzzle.box_rows == BD_BOX && item->puzzle.box_cols == BD_BOX) {
        bd_record rec = nine_record(item);
        answer_rate(s, &rec, a);
        return;
    }
    bd_board_rating rating;
    bd_status status = bd_board_rate(&item->puzzle, &s->options, &rating, &a->stats);
    if (status != BD_OK) {
        rate_refused(status, a);
        return;
    }
    put_rating(a, &rating, s->ep_ed);
    answer_put(a, "\n");
}

/* What explain's steps leave behind. */
typedef struct board_path {
    answer *a;
    bd_alphabet alphabet;
    bool hint;              /* stop at the first placement */
    bool placed;            /* hint: the placement was written */
    bool failed;            /* memory ran short */
    reasons why;            /* hint: the eliminations before it */
    bd_board last;          /* the board after the last step seen */
} board_path;

/* A bd_board_step_fn: writes the step's line, or (hint) keeps an
 * elimination until the placement comes. */
static bool write_step(const bd_board_step *step, void *context)
{
    board_path *p = context;
    p->last = *step->board;
    size_t len = bd_board_step_text(step, p->alphabet, NULL, 0);
    char *text = malloc(len + 1);
    if (!text) {
        p->failed = true;
        return false;
    }
    bd_board_step_text(step, p->alphabet, text, len + 1);
    bool go_on = true;
    if (!p->hint) {
        answer_put_bytes(p->a, text, len);
        answer_put(p->a, "\n");
    } else if (step->cell < 0) {
        reasons_add(&p->why, text);
        go_on = !p->why.failed;
    } else {
        answer_put_bytes(p->a, text, len);
        reasons_put(p->a, &p->why);
        answer_put(p->a, "\n");
        p->placed = true;
        go_on = false;
    }
    free(text);
    return go_on;
}

/* After the steps: the rating line (--csv: the fields) and the board. */
static void write_end(const settings *s, const sized_item *item, const board_path *p,
                      const bd_board_rating *r, answer *a)
{
    if (s->csv) {
        answer_field(a, "");
        put_rating(a, r, false);
        answer_field(a, "");
    } else {
        bd_rating nine = nine_rating(r);
        char line[RATING_LINE_SIZE];
        rating_line(line, sizeof line, &nine, r->stalled);
        answer_printf(a, "%s\n", line);
    }
    answer_board(a, &p->last, &item->how);
}

/* The end of a hint: `solved`, or why there is no placement. */
static void write_hint_end(const board_path *p, const bd_board_rating *r, answer *a)
{
    if (p->failed || p->why.failed)
        answer_fail(a, "out of memory");
    else if (p->placed)
        return;
    else if (r->steps == 0 && !r->stalled)
        answer_put(a, "solved\n");
    else if (p->why.len)
        answer_printf(a, "no placement after: %s\n", p->why.text);
    else
        answer_put(a, "no placement: beyond these techniques\n");
}

void sized_explain(const settings *s, const sized_item *item, answer *a)
{
    if (item->puzzle.box_rows == BD_BOX && item->puzzle.box_cols == BD_BOX) {
        bd_record rec = nine_record(item);
        answer_explain(s, &rec, a);
        return;
    }
    board_path p = {.a = a, .alphabet = item->how.alphabet, .hint = s->hint,
                    .last = item->puzzle};
    bd_board_rating rating;
    bd_status status = bd_board_explain(&item->puzzle, &s->options, write_step, &p, &rating);
    if (status != BD_OK)
        rate_refused(status, a);
    else if (s->hint)
        write_hint_end(&p, &rating, a);
    else if (p.failed)
        answer_fail(a, "out of memory");
    else
        write_end(s, item, &p, &rating, a);
    free(p.why.text);
}
