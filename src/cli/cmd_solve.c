/*
 * cmd_solve.c - the solve command (the default): a solution of each
 * puzzle in the answer's shape (answer_shape: the puzzle's own, or
 * --format's), or `no solution`, or `cut-short` when --max-nodes or
 * --timeout stopped the search.
 *
 * With --all, every solution up to --limit: first their count in the
 * words of the count command (count_field, cmd_count.c), then each
 * solution as bd_solutions hands it over, gathered as text in a second
 * answer buffer and appended after the count once it is known. For grids
 * the count is a block of its own and so is each solution; in a --csv row
 * the count and the solutions are two fields, the solutions' lines joined
 * by spaces.
 */
#include "cmd.h"
#include "answer.h"
#include "bitdoku.h"
#include "settings.h"

/* What solve --all gathers as the engine hands its solutions over: the
 * first `limit` of them as text, each in the answer's shape, grids set
 * apart by blank lines (in a --csv row, lines joined by spaces); the one
 * past the limit only counts. */
typedef struct gathered {
    answer *text;
    bd_shape shape;
    uint64_t shown, limit;
} gathered;

/* A bd_solutions visitor: appends `solution` to the text in its shape,
 * after a separator, until the limit; past it only lets the search count. */
static bool gather(const bd_grid *solution, void *context)
{
    gathered *g = context;
    if (g->limit && g->shown == g->limit)
        return true;
    if (g->shown > 0 && (g->text->csv_separator || g->shape != BD_SHAPE_LINE))
        answer_put(g->text, g->text->csv_separator ? " " : "\n");
    answer_grid(g->text, solution, g->shape);
    g->shown++;
    return true;
}

/* solve --all: the count, then every solution up to the limit. For grids
 * the count is a block of its own and so is each solution. */
static void answer_all(const settings *s, const bd_record *rec, answer *a)
{
    answer solutions = {.csv_separator = a->csv_separator};
    gathered g = {&solutions, answer_shape(s, rec->shape), 0, s->limit};
    uint64_t count = 0;
    uint64_t limit = count_search_limit(s->limit);
    bd_status status = rec->has_marks
                       ? bd_solutions_marks(&rec->marks, limit, &s->options, gather, &g, &count,
                                            &a->stats)
                       : bd_solutions(&rec->grid, limit, &s->options, gather, &g, &count,
                                      &a->stats);
    count_field(a, status, count, s->limit);
    answer_field(a, g.shape != BD_SHAPE_LINE && solutions.len ? "\n\n" : "\n");
    if (solutions.len)
        answer_put(a, solutions.text);
    a->out_of_memory = a->out_of_memory || solutions.out_of_memory;
    answer_free(&solutions);
}

void answer_solve(const settings *s, const bd_record *rec, answer *a)
{
    if (s->all) {
        answer_all(s, rec, a);
        return;
    }
    bd_grid solution;
    bd_shape shape = answer_shape(s, rec->shape);
    bd_status status = rec->has_marks
                       ? bd_solve_marks(&rec->marks, &s->options, &solution, &a->stats)
                       : bd_solve(&rec->grid, &s->options, &solution, &a->stats);
    if (status == BD_OK) {
        answer_grid(a, &solution, shape);
        return;
    }
    a->outcome = status == BD_CUT_SHORT ? OUTCOME_CUT_SHORT : OUTCOME_NO_SOLUTION;
    answer_put(a, status == BD_CUT_SHORT ? "cut-short\n" : "no solution\n");
}

const char *columns_solve(const settings *s)
{
    return s->all ? "count,solutions" : "solution";
}
