/*
 * cmd_explain.c - the explain command: the solution path of bd_explain, one
 * step per line in the community's notation and Sudoku Explainer's names
 * (r4c7=5 hidden single (box 6), pointing 3 in b1 on r2 => r2c5<>3,
 * r2c8<>3), then a line with the rating, then the solved grid in the output
 * shape: a block, set apart by blank lines. With --hint, one line: the next
 * placement on the path, then, after "after: ", the eliminations the path
 * makes before it, separated by "; " (none: the placement alone), so that
 * each hint moves the grid on by one digit; `solved` when the grid has no
 * blank. A puzzle of pencil marks is explained from its candidates
 * (bd_explain_marks), which carry eliminations already made. Puzzles
 * without exactly one solution get the words of the rate command
 * (cmd_rate.c) instead; a grid without solution, what is wrong with it
 * (wrong.c).
 *
 * With --csv the columns are steps (the steps, one a line, in one quoted
 * field), rating, level, hardest and solution; with --hint, hint.
 */
#include "cmd.h"
#include "answer.h"
#include "bitdoku.h"
#include "settings.h"

#include <stdlib.h>
#include <string.h>

/* What the steps of one path leave behind. */
typedef struct path_text {
    answer *a;
    bool hint;              /* stop at the first placement */
    bool placed;            /* hint: the placement was written */
    reasons why;            /* hint: the eliminations before it */
    bd_grid last;           /* the grid after the last step seen */
} path_text;

/* A bd_step_fn: writes the step's line, or (hint) keeps an elimination
 * until the placement comes. */
static bool write_step(const bd_step *step, void *context)
{
    path_text *p = context;
    p->last = step->grid;
    if (!p->hint) {
        answer_printf(p->a, "%s\n", step->text);
        return true;
    }
    if (step->cell < 0) {
        reasons_add(&p->why, step->text);
        return !p->why.failed;
    }
    answer_put(p->a, step->text);
    reasons_put(p->a, &p->why);
    answer_put(p->a, "\n");
    p->placed = true;
    return false;
}

/* After the steps: the rating and the solution. */
static void write_end(const settings *s, const bd_record *rec, const path_text *p,
                      const bd_rating *rating, answer *a)
{
    if (s->csv) {
        answer_field(a, "");
        rate_fields(a, rating, false);
        answer_field(a, "");
    } else {
        char line[RATING_LINE_SIZE];
        rating_line(line, sizeof line, rating, false);
        answer_printf(a, "%s\n", line);
    }
    answer_grid(a, &p->last, answer_shape(s, rec->shape));
}

/* The end of a hint: `solved`, or the eliminations that led nowhere. */
static void write_hint_end(path_text *p, const bd_rating *rating, answer *a)
{
    if (p->why.failed)
        answer_fail(a, "out of memory");
    else if (rating->steps == 0)
        answer_put(a, "solved\n");
    else if (!p->placed)
        answer_printf(a, "no placement after: %s\n", p->why.text);
}

void answer_explain(const settings *s, const bd_record *rec, answer *a)
{
    path_text p = {.a = a, .hint = s->hint, .last = rec->grid};
    bd_rating rating;
    bd_status status = rec->has_marks
                       ? bd_explain_marks(&rec->marks, &s->options, write_step, &p, &rating)
                       : bd_explain(&rec->grid, &s->options, write_step, &p, &rating);
    if (status == BD_NO_SOLUTION && !rec->has_marks && put_diagnosis(s, &rec->grid, NULL, a)) {
        free(p.why.text);
        return;                 /* what is wrong with it (wrong.c) */
    }
    if (status != BD_OK)
        rate_refused(status, a);
    else if (s->hint)
        write_hint_end(&p, &rating, a);
    else
        write_end(s, rec, &p, &rating, a);
    free(p.why.text);
}

const char *columns_explain(const settings *s)
{
    return s->hint ? "hint" : "steps,rating,level,hardest,solution";
}
