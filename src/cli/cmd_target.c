/*
 * cmd_target.c - the target command: the maximum target score of each
 * puzzle over all its completions (bd_target; the weights are in
 * bitdoku.h), or -1 when it has none; `cut-short`, or `cut-short>=BEST`
 * once a completion was found, when --max-nodes or --timeout stopped the
 * search. With --grid, a completion that reaches the score follows: after
 * a space on a line, or as a grid in the answer's shape (a block); with
 * --csv the columns target and grid.
 */
#include "cmd.h"
#include "answer.h"
#include "bitdoku.h"
#include "settings.h"

void answer_target(const settings *s, const bd_record *rec, answer *a)
{
    bd_grid best;
    int score = -1;
    bd_shape shape = answer_shape(s, rec->shape);
    if (rec->has_marks) {
        answer_refuse(a, "target takes givens, not pencil marks");
        return;
    }
    bd_status status = bd_target(&rec->grid, &s->options, &score, &best, &a->stats);
    bool with_grid = s->print_grid && score >= 0;
    if (status == BD_ENOMEM) {
        answer_fail(a, bd_status_text(status));
        return;
    }
    if (status == BD_CUT_SHORT) {
        a->outcome = OUTCOME_CUT_SHORT;
        answer_put(a, "cut-short");
        if (score >= 0)
            answer_printf(a, ">=%d", score);
    } else {
        a->outcome = status == BD_OK ? OUTCOME_ANSWERED : OUTCOME_NO_SOLUTION;
        answer_printf(a, "%d", score);
    }
    if (!with_grid) {
        answer_put(a, "\n");
        return;
    }
    answer_field(a, shape == BD_SHAPE_LINE ? " " : "\n");
    answer_grid(a, &best, shape);
}

const char *columns_target(const settings *s)
{
    return s->print_grid ? "target,grid" : "target";
}
