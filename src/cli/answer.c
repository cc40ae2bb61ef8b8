/*
 * answer.c - one record in, the text of its answer out: a solution grid in
 * the requested shape, a score, a count, or the words that stand for no
 * answer (`no solution`, `cut-short`, `error`). The answers of solve,
 * target and count are here; answer_record frames every command's, and the
 * answer_put family writes the text.
 *
 * An answer's text lives in a buffer of its own that grows as needed and is
 * kept from one record to the next, so that a long answer (many solutions,
 * the steps of a solution path) costs no allocation once the buffer is big
 * enough. If it cannot grow, the answer becomes `error` (out of memory).
 */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { FIRST_CAPACITY = 256 };

/* Makes room for `more` bytes and a NUL after the text; false when there
 * is none to be had (the answer is then marked out of memory). */
static bool reserve(answer *a, size_t more)
{
    if (a->out_of_memory)
        return false;
    if (a->len + more + 1 <= a->cap)
        return true;
    size_t cap = a->cap ? a->cap : FIRST_CAPACITY;
    while (cap < a->len + more + 1)
        cap *= 2;
    char *text = realloc(a->text, cap);
    if (!text) {
        a->out_of_memory = true;
        return false;
    }
    a->text = text;
    a->cap = cap;
    return true;
}

void answer_free(answer *a)
{
    free(a->text);
    *a = (answer){0};
}

void answer_put(answer *a, const char *text)
{
    size_t len = strlen(text);
    if (!reserve(a, len))
        return;
    memcpy(a->text + a->len, text, len + 1);
    a->len += len;
}

void answer_printf(answer *a, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    char probe[1];
    int needed = vsnprintf(probe, 0, fmt, args);
    va_end(args);
    if (needed < 0 || !reserve(a, (size_t)needed))
        return;
    va_start(args, fmt);
    vsnprintf(a->text + a->len, (size_t)needed + 1, fmt, args);
    va_end(args);
    a->len += (size_t)needed;
}

void answer_grid(answer *a, const bd_grid *grid, bd_shape shape)
{
    if (reserve(a, BD_FORMAT_MAX))
        a->len += bd_format(grid, shape, a->text + a->len);
}

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

void answer_solve(const settings *s, const bd_record *rec, answer *a)
{
    bd_grid solution;
    bd_shape shape = answer_shape(s, rec->shape);
    bd_status status = bd_solve(&rec->grid, &s->options, &solution, &a->stats);
    if (status == BD_OK) {
        answer_grid(a, &solution, shape);
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
            answer_printf(a, ">=%d", score);
    } else {
        a->outcome = status == BD_OK ? OUTCOME_ANSWERED : OUTCOME_NO_SOLUTION;
        answer_printf(a, "%d", score);
    }
    if (!with_grid) {
        answer_put(a, "\n");
        return;
    }
    answer_put(a, shape == BD_SHAPE_LINE ? " " : "\n");
    answer_grid(a, &best, shape);
}

void answer_count(const settings *s, const bd_record *rec, answer *a)
{
    /* --limit N searches for N + 1 solutions, so that N+ says "more than
     * N" and a count up to N is exact. */
    uint64_t count = 0;
    uint64_t limit = s->unique ? 1 : s->limit;
    uint64_t search_to = limit && limit < UINT64_MAX ? limit + 1 : limit;
    bd_status status = bd_count(&rec->grid, search_to, &s->options, &count, &a->stats);
    unsigned long long shown = count;
    a->outcome = count == 0 ? OUTCOME_NO_SOLUTION : OUTCOME_ANSWERED;
    if (status == BD_CUT_SHORT) {
        a->outcome = OUTCOME_CUT_SHORT;
        if (count > 0)
            answer_printf(a, "cut-short>=%llu\n", shown);
        else
            answer_put(a, "cut-short\n");
    } else if (s->unique) {
        answer_put(a, count == 0 ? "none\n" : count == 1 ? "unique\n" : "multiple\n");
    } else {
        bool more = limit && count > limit;
        answer_printf(a, "%llu%s\n", more ? (unsigned long long)limit : shown, more ? "+" : "");
    }
}

void answer_fail(answer *a, const char *why)
{
    a->outcome = OUTCOME_FAILED;
    a->failure = why;
    a->len = 0;
    a->out_of_memory = false;
    answer_put(a, "error\n");   /* fits in any buffer there is (see output_answer) */
}

void answer_record(const settings *s, const bd_record *rec, bool malformed, answer *a)
{
    a->len = 0;
    a->out_of_memory = false;
    reserve(a, 0);
    a->block = s->grid_answers && answer_shape(s, rec->shape) != BD_SHAPE_LINE;
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
    if (a->out_of_memory)
        answer_fail(a, "out of memory");
    a->seconds = s->time_each ? cli_seconds() - started : 0.0;
}
