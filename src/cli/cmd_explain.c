/*
 * cmd_explain.c - the explain command: the solution path of bd_explain, one
 * step per line in the community's notation (r4c7=5 hidden single (box 6),
 * pointing 3 in b1 on r2 => r2c5<>3, r2c8<>3), then a line with the
 * rating, then the solved grid in the output shape: a block, set apart by
 * blank lines. With --hint, only the first step, on one line: the hint for
 * a partly solved grid (`solved` when it has no blank). Puzzles without
 * exactly one solution get the words of the rate command (cmd_rate.c)
 * instead.
 *
 * With --csv the columns are steps (the steps, one a line, in one quoted
 * field), rating, level, hardest and solution; with --hint, hint.
 */
#include "cmd.h"
#include "answer.h"
#include "bitdoku.h"
#include "settings.h"

/* What the steps of one path leave behind. */
typedef struct path_text {
    answer *a;
    bool hint;              /* stop after the first step */
    bd_grid last;           /* the grid after the last step seen */
} path_text;

/* A bd_step_fn: writes the step's line. */
static bool write_step(const bd_step *step, void *context)
{
    path_text *p = context;
    answer_printf(p->a, "%s\n", step->text);
    p->last = step->grid;
    return !p->hint;
}

/* After the steps: the rating and the solution. */
static void write_end(const settings *s, const bd_record *rec, const path_text *p,
                      const bd_rating *rating, answer *a)
{
    if (s->csv) {
        answer_field(a, "");
        rate_fields(a, rating);
        answer_field(a, "");
    } else {
        const char *hardest = rating->steps ? bd_technique_name(rating->hardest) : "none";
        answer_printf(a, "rating %.1f %s (hardest: %s; %d step%s)\n", rating->rating,
                      bd_level_name(rating->level), hardest, rating->steps,
                      rating->steps == 1 ? "" : "s");
    }
    answer_grid(a, &p->last, answer_shape(s, rec->shape));
}

void answer_explain(const settings *s, const bd_record *rec, answer *a)
{
    path_text p = {.a = a, .hint = s->hint, .last = rec->grid};
    bd_rating rating;
    if (rec->has_marks) {
        answer_refuse(a, "explain does not take pencil marks yet");
        return;
    }
    bd_status status = bd_explain(&rec->grid, &s->options, write_step, &p, &rating);
    if (status != BD_OK)
        rate_refused(status, a);
    else if (s->hint && rating.steps == 0)
        answer_put(a, "solved\n");
    else if (!s->hint)
        write_end(s, rec, &p, &rating, a);
}

const char *columns_explain(const settings *s)
{
    return s->hint ? "hint" : "steps,rating,level,hardest,solution";
}
