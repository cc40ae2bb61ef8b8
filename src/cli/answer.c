/*
 * answer.c - one record in, the text of its answer out: a solution grid in
 * the requested shape, a score, a count, or the words that stand for no
 * answer (`no solution`, `cut-short`, `error`). Also the ordered writer of
 * answers and the reading loop that reports faults of the input.
 */
#include "cli.h"

#include <errno.h>
#include <string.h>
#include <time.h>


/* The shape to write a grid answer in, for a record read in `shape`. */
static bd_shape output_shape(const settings *s, bd_shape shape)
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

static void put_text(answer *a, const char *text)
{
    size_t len = strlen(text);
    memcpy(a->text + a->len, text, len + 1);
    a->len += len;
}

static void answer_solve(const settings *s, const bd_record *rec, answer *a)
{
    bd_grid solution;
    bd_shape shape = output_shape(s, rec->shape);
    bd_status status = bd_solve(&rec->grid, &s->options, &solution, &a->stats);
    if (status == BD_OK) {
        a->len = bd_format(&solution, shape, a->text);
        a->multi_line = shape != BD_SHAPE_LINE;
        return;
    }
    a->outcome = status == BD_CUT_SHORT ? OUTCOME_CUT_SHORT : OUTCOME_NO_SOLUTION;
    put_text(a, status == BD_CUT_SHORT ? "cut-short\n" : "no solution\n");
}

static void answer_target(const settings *s, const bd_record *rec, answer *a)
{
    bd_grid best;
    int score = -1;
    bd_shape shape = output_shape(s, rec->shape);
    bd_status status = bd_target(&rec->grid, &s->options, &score, &best, &a->stats);
    bool with_grid = s->print_grid && score >= 0;
    if (status == BD_CUT_SHORT) {
        a->outcome = OUTCOME_CUT_SHORT;
        put_text(a, "cut-short");
        if (score >= 0)
            a->len += (size_t)sprintf(a->text + a->len, ">=%d", score);
    } else {
        a->outcome = status == BD_OK ? OUTCOME_ANSWERED : OUTCOME_NO_SOLUTION;
        a->len += (size_t)sprintf(a->text + a->len, "%d", score);
    }
    if (!with_grid) {
        put_text(a, "\n");
        return;
    }
    put_text(a, shape == BD_SHAPE_LINE ? " " : "\n");
    a->len += bd_format(&best, shape, a->text + a->len);
    a->multi_line = shape != BD_SHAPE_LINE;
}

static void answer_count(const settings *s, const bd_record *rec, answer *a)
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
            put_text(a, "cut-short\n");
    } else if (s->unique) {
        put_text(a, count == 0 ? "none\n" : count == 1 ? "unique\n" : "multiple\n");
    } else {
        a->len = (size_t)sprintf(a->text, "%llu%s\n", shown, limit && count == limit ? "+" : "");
    }
}

void answer_record(const settings *s, const bd_record *rec, bool malformed, answer *a)
{
    a->len = 0;
    a->text[0] = '\0';
    a->multi_line = false;
    a->outcome = OUTCOME_ANSWERED;
    a->stats = (bd_stats){0, 0};
    a->line = rec->line;
    double started = s->time_each ? cli_seconds() : 0.0;
    if (malformed) {
        a->outcome = OUTCOME_MALFORMED;
        put_text(a, "error\n");
    } else if (s->cmd == CMD_SOLVE) {
        answer_solve(s, rec, a);
    } else if (s->cmd == CMD_TARGET) {
        answer_target(s, rec, a);
    } else {
        answer_count(s, rec, a);
    }
    a->seconds = s->time_each ? cli_seconds() - started : 0.0;
}

double cli_seconds(void)
{
    struct timespec now;
    timespec_get(&now, TIME_UTC);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

enum { PROGRESS_EVERY = 1024 };

/* Answers are written out at least this often (seconds), so that a slow
 * batch shows its progress downstream and a closed pipe is seen soon. */
static const double FLUSH_EVERY = 0.1;

/* Every PROGRESS_EVERY answers, and at most twice a second, rewrites the
 * progress line on the terminal. */
static void show_progress(output *o)
{
    uint64_t total = o->by_outcome[0] + o->by_outcome[1] + o->by_outcome[2] + o->by_outcome[3];
    if (total % PROGRESS_EVERY)
        return;
    double now = cli_seconds();
    if (now - o->last_shown < 0.5)
        return;
    o->last_shown = now;
    o->progress_shown = true;
    fprintf(o->progress, "\rbitdoku: %llu puzzles, %.0f/s ", (unsigned long long)total,
            (double)total / (now - o->started));
    fflush(o->progress);
}

void output_progress_done(output *o)
{
    if (o->progress_shown)
        fprintf(o->progress, "\r%50s\r", "");
    o->progress_shown = false;
}

bool output_answer(output *o, const answer *a)
{
    if (o->any && (a->multi_line || o->last_multi_line))
        fputc('\n', o->out);
    fwrite(a->text, 1, a->len, o->out);
    o->any = true;
    o->last_multi_line = a->multi_line;
    o->by_outcome[a->outcome]++;
    o->stats.nodes += a->stats.nodes;
    o->stats.guesses += a->stats.guesses;
    if (o->each && a->outcome != OUTCOME_MALFORMED)
        fprintf(o->each, "bitdoku: %s:%lu: %llu nodes, %.3f ms\n", o->name, a->line,
                (unsigned long long)a->stats.nodes, a->seconds * 1e3);
    if (o->progress)
        show_progress(o);
    double now = cli_seconds();
    if (now - o->last_flush >= FLUSH_EVERY) {
        o->last_flush = now;   /* slow answers, or a reader that has gone */
        fflush(o->out);
    }
    if (!ferror(o->out))
        return true;
    if (!o->write_errno)
        o->write_errno = errno ? errno : EIO;
    return false;
}

bd_status source_next(source *src, bd_record *rec)
{
    for (;;) {
        bd_status status = bd_read(src->reader, rec);
        if (status == BD_OK || status == BD_EOF)
            return status;
        if (status == BD_EIO) {
            fprintf(src->err, "bitdoku: %s: read error: %s\n", src->name, strerror(errno));
            src->failed = true;
            return BD_EOF;
        }
        if (src->before_wait)
            src->before_wait(src->wait_context);   /* keeps stdout and stderr in step */
        fprintf(src->err, "bitdoku: %s:%lu:%lu: %s\n", src->name, rec->err_line,
                rec->err_col, rec->err_msg);
        src->malformed = true;
        if (status == BD_EMALFORMED)
            return status;
    }
}
