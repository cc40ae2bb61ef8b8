/*
 * answer.c - one record in, the text of its answer out: a solution grid in
 * the requested shape, a score, a count, or the words that stand for no
 * answer (`no solution`, `cut-short`, `error`). The answers of solve,
 * target and count are here; answer_record frames every command's.
 */
#include "cli.h"

#include <string.h>

bd_shape answer_shape(const settings *s, bd_shape shape)
{
    switch (s->fmt) {
    case FMT_LINE: return BD_SHAPE_LINE;
    case FMT_GRID: return BD_SHAPE_SPACED;
    case FMT_COMPACT: return BD_SHAPE_COMPACT;
    case FMT_PRETTY: return BD_SHAPE_PRETTY;
    case FMT_AUTO: break;
    }
    return shape;
}

void answer_put(answer *a, const char *text)
{
    size_t len = strlen(text);
    memcpy(a->text + a->len, text, len + 1);
    a->len += len;
}

void answer_solve(const settings *s, const bd_record *rec, answer *a)
{
    bd_grid solution;
    bd_shape shape = answer_shape(s, rec->shape);
    bd_status status = bd_solve(&rec->grid, &s->options, &solution, &a->stats);
    if (status == BD_OK) {
        a->len = bd_format(&solution, shape, a->text);
        a->multi_line = shape != BD_SHAPE_LINE;
        return;
    }
    a->outcome = status == BD_CUT_SHORT ? OUTCOME_CUT_SHORT : OUTCOME_NO_SOLUTION;
    answer_put(a, status == BD_CUT_SHORT ? "cut-short\n" : "no solution\n");
}

void answer_target(const settings *s, const bd_record *rec, answer *a)
{
    bd_grid best;
    int score = -1;
    bd_shape shape = answer_shape(s, rec->shape);
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
            a->len += (size_t)sprintf(a->text + a->len, ">=%d", score);
    } else {
        a->outcome = status == BD_OK ? OUTCOME_ANSWERED : OUTCOME_NO_SOLUTION;
        a->len += (size_t)sprintf(a->text + a->len, "%d", score);
    }
    if (!with_grid) {
        answer_put(a, "\n");
        return;
    }
    answer_put(a, shape == BD_SHAPE_LINE ? " " : "\n");
    a->len += bd_format(&best, shape, a->text + a->len);
    a->multi_line = shape != BD_SHAPE_LINE;
}

void answer_count(const settings *s, const bd_record *rec, answer *a)
{
    uint64_t count = 0;
    uint64_t limit = s->unique ? 2 : s->limit;
    bd_status status = bd_count(&rec->grid, limit, &s->options, &count, &a->stats);
    unsigned long long shown = count;
    a->outcome = count == 0 ? OUTCOME_NO_SOLUTION : OUTCOME_ANSWERED;
    if (status == BD_CUT_SHORT) {
        a->outcome = OUTCOME_CUT_SHORT;
        if (count > 0)
            a->len = (size_t)sprintf(a->text, "cut-short>=%llu\n", shown);
        else
            answer_put(a, "cut-short\n");
    } else if (s->unique) {
        answer_put(a, count == 0 ? "none\n" : count == 1 ? "unique\n" : "multiple\n");
    } else {
        a->len = (size_t)sprintf(a->text, "%llu%s\n", shown, limit && count == limit ? "+" : "");
    }
}

void answer_fail(answer *a, const char *why)
{
    a->outcome = OUTCOME_FAILED;
    a->failure = why;
    a->len = 0;
    answer_put(a, "error\n");
}

void answer_record(const settings *s, const bd_record *rec, bool malformed, answer *a)
{
    a->len = 0;
    a->text[0] = '\0';
    a->multi_line = false;
    a->outcome = OUTCOME_ANSWERED;
    a->failure = NULL;
    a->stats = (bd_stats){0, 0};
    a->line = rec->line;
    double started = s->time_each ? cli_seconds() : 0.0;
    if (malformed) {
        a->outcome = OUTCOME_MALFORMED;
        answer_put(a, "error\n");
    } else {
        s->answer(s, rec, a);
    }
    a->seconds = s->time_each ? cli_seconds() - started : 0.0;
}
