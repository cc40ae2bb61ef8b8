/*
 * cmd_generate.c - the generate command: puzzles made by bd_generate instead
 * of read. Puzzle number n (1 to --count) is bd_generate's puzzle of
 * index n - 1 for the seed, on whichever thread it is made, and puzzles
 * are written in order: so the output is the same for every -j.
 *
 * With one job the calling thread makes and writes each puzzle in turn.
 * With N, the puzzles are made in runs of RUN consecutive ones, a run a
 * job of an ordered ring (ring.c) of N worker threads: the calling thread
 * hands out the next runs while the ring has a free slot, and writes the
 * runs out in order as they come back, so memory stays bounded however
 * many puzzles are asked for.
 *
 * A puzzle that the tries allowed could not make is answered by no text;
 * at the end one line on stderr says how many were not made, which (the
 * first few) and why (`bitdoku: 2 of 3 puzzles not made (1, 3): ...`);
 * the exit status is then 3, as for a puzzle cut short. With --csv, a
 * header "puzzle" (and "solution", "rating,level,hardest"), then a row
 * per puzzle. With --rating, each puzzle's rating (bd_rate) follows it.
 */
#include "cmd.h"
#include "answer.h"
#include "bitdoku.h"
#include "drawing.h"
#include "output.h"
#include "ring.h"
#include "session.h"
#include "settings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { RUN = 8, SLOTS_PER_JOB = 4 };

/* A seed from the clock, for a run without --seed. */
static uint64_t clock_seed(void)
{
    struct timespec now;
    timespec_get(&now, TIME_UTC);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* Writes into s->gave_up what a puzzle that could not be made lacked,
 * its qualities joined by commas and "and", e.g. "no minimal puzzle with
 * 17 givens, rot90 symmetry and level beyond made in 1000 tries". */
static void describe_gave_up(settings *s)
{
    const bd_generate_options *gen = &s->gen;
    char with[3][40];
    int n = 0;
    if (gen->min_givens == gen->max_givens)
        snprintf(with[n++], sizeof with[0], "%d givens", gen->min_givens);
    else if (gen->max_givens < BD_CELLS)
        snprintf(with[n++], sizeof with[0], "%d-%d givens", gen->min_givens, gen->max_givens);
    if (gen->symmetry != BD_SYMMETRY_NONE)
        snprintf(with[n++], sizeof with[0], "%s symmetry", bd_symmetry_name(gen->symmetry));
    if (gen->level >= 0)
        snprintf(with[n++], sizeof with[0], "level %s", bd_level_name((bd_level)gen->level));
    int len = snprintf(s->gave_up, sizeof s->gave_up, "no %s%spuzzle%s",
                       gen->minimal ? "minimal " : "", gen->unsolvable ? "unsolvable " : "",
                       n ? " with " : "");
    for (int i = 0; i < n && len > 0 && (size_t)len < sizeof s->gave_up; i++)
        len += snprintf(s->gave_up + len, sizeof s->gave_up - (size_t)len, "%s%s",
                        i == 0 ? "" : i == n - 1 ? " and " : ", ", with[i]);
    if (len > 0 && (size_t)len < sizeof s->gave_up)
        snprintf(s->gave_up + len, sizeof s->gave_up - (size_t)len,
                 " made in %llu tries (see --tries)", (unsigned long long)gen->max_tries);
}

/* The puzzles given up so far, in order: how many, and the first few. */
enum { SHOWN_GIVEN_UP = 5 };

typedef struct given_up {
    unsigned long count;
    unsigned long first[SHOWN_GIVEN_UP];
} given_up;

/* Notes puzzle `a` (just written) if it was given up. */
static void note_given_up(given_up *g, const answer *a)
{
    if (a->outcome != OUTCOME_CUT_SHORT)
        return;
    if (g->count < SHOWN_GIVEN_UP)
        g->first[g->count] = a->line;
    g->count++;
}

/* The one line on stderr about the puzzles given up, if any. */
static void report_given_up(session *ses, const given_up *g)
{
    if (!g->count)
        return;
    char line[512];
    int len = snprintf(line, sizeof line, "bitdoku: %lu of %lu puzzle%s not made (", g->count,
                       ses->set.made, ses->set.made == 1 ? "" : "s");
    for (unsigned long i = 0; i < g->count && i < SHOWN_GIVEN_UP && len > 0; i++)
        len += snprintf(line + len, sizeof line - (size_t)len, "%s%lu", i ? ", " : "",
                        g->first[i]);
    if (len > 0 && (size_t)len < sizeof line)
        snprintf(line + len, sizeof line - (size_t)len, "%s): %s\n",
                 g->count > SHOWN_GIVEN_UP ? ", ..." : "", ses->set.gave_up);
    output_note(&ses->out, line);
}

/* Appends the rating of `puzzle` to `a`: after a space on a line, as
 * three columns with --csv, or on a line of its own after a grid. */
static void put_rating(const settings *s, const bd_grid *puzzle, bd_shape shape, answer *a)
{
    bd_rating rating;
    bd_stats effort = {0};
    bd_status status = bd_rate(puzzle, &s->options, &rating, &effort);
    a->stats.nodes += effort.nodes;
    a->stats.guesses += effort.guesses;
    if (shape == BD_SHAPE_LINE)
        a->text[a->len - 1] = s->csv ? ',' : ' ';
    if (status != BD_OK) {
        outcome ignored;
        const char *words = rate_refusal(status, &ignored);
        answer_printf(a, "%s%s\n", words ? words : bd_status_text(status), s->csv ? ",," : "");
        return;
    }
    answer_printf(a, s->csv ? "%.1f,%s,%s\n" : "%.1f %s %s\n", rating.rating,
                  bd_level_name(rating.level), bd_technique_name(rating.hardest));
}

/* Makes puzzle number `number` into `a`: a line (with --solution, the
 * solution after a space; with --csv, a comma), or a block of grids. */
static void make(const settings *s, unsigned long number, answer *a)
{
    settings text = *s;         /* answer_begin frames no row: we write it */
    text.csv = false;
    answer_begin(&text, NULL, a);
    a->line = number;
    bd_grid puzzle, solution;
    bd_status status = answer_generate(s, number, &puzzle, &solution, a);
    if (status == BD_CUT_SHORT) {
        a->outcome = OUTCOME_CUT_SHORT;   /* reported once, at the end */
        return;
    }
    if (status != BD_OK) {
        answer_fail(a, bd_status_text(status));
        return;
    }
    bd_shape shape = answer_shape(s, BD_SHAPE_LINE);
    answer_grid(a, &puzzle, shape);
    if (s->with_solution && !a->out_of_memory) {
        if (shape == BD_SHAPE_LINE)
            a->text[a->len - 1] = s->csv ? ',' : ' ';
        else
            answer_put(a, "\n");
        answer_grid(a, &solution, shape);
    }
    if (s->with_rating && !a->out_of_memory)
        put_rating(s, &puzzle, shape, a);
    a->block = shape != BD_SHAPE_LINE;
}

/* One job: makes and writes each puzzle in turn. */
static bool run_serial(session *ses, given_up *g)
{
    answer a = {0};
    bool ok = true;
    for (unsigned long number = 1; number <= ses->set.made && ok; number++) {
        make(&ses->set, number, &a);
        ok = output_answer(&ses->out, &a);
        note_given_up(g, &a);
    }
    answer_free(&a);
    return ok;
}

/* The puzzles of one run, made into a slot of the ring. */
typedef struct run {
    answer made[RUN];
} run;

/* What the workers make: the runs, by slot of the ring. */
typedef struct maker {
    const settings *s;
    run *runs;
    size_t slots;
} maker;

/* How many of the puzzles of run number `index` there are (the last run
 * may be short). */
static unsigned long run_length(const settings *s, size_t index)
{
    unsigned long first = (unsigned long)index * RUN;
    return s->made - first < RUN ? s->made - first : RUN;
}

/* A ring_work_fn (context: the maker): makes the puzzles of run number
 * `job` into its slot. */
static void make_run(void *context, size_t job, int worker)
{
    (void)worker;
    maker *m = context;
    run *slot = &m->runs[job % m->slots];
    for (unsigned long i = 0; i < run_length(m->s, job); i++)
        make(m->s, (unsigned long)job * RUN + i + 1, &slot->made[i]);
}

/* Hands out the runs while the ring has room and writes them out in
 * order as they are made; false when output failed. */
static bool write_runs(ring *r, const maker *m, size_t total, output *o, given_up *g)
{
    bool ok = true;
    size_t index;
    while (ok) {
        while (ring_next_job(r) < total && !ring_full(r))
            ring_hand_out(r);
        if (!ring_oldest_done(r, true, &index))
            break;
        const run *slot = &m->runs[index % m->slots];
        for (unsigned long i = 0; i < run_length(m->s, index) && ok; i++) {
            ok = output_answer(o, &slot->made[i]);
            note_given_up(g, &slot->made[i]);
        }
        ring_take_back(r);
    }
    return ok;
}

/* Makes the puzzles on the session's threads, this one writing them in
 * order; on this thread alone when the ring or the threads cannot be had.
 * False when output failed. */
static bool run_threads(session *ses, given_up *g)
{
    size_t total = ses->set.made / RUN + (ses->set.made % RUN != 0);
    maker m = {.s = &ses->set, .slots = (size_t)ses->jobs * SLOTS_PER_JOB};
    m.runs = calloc(m.slots, sizeof(run));
    ring r;
    if (!m.runs || !ring_start(&r, m.slots, ses->jobs, make_run, &m)) {
        free(m.runs);
        return run_serial(ses, g);
    }
    bool ok = write_runs(&r, &m, total, &ses->out, g);
    ring_stop(&r);              /* after a write error, make no more */
    for (size_t i = 0; i < m.slots; i++)
        for (int k = 0; k < RUN; k++)
            answer_free(&m.runs[i].made[k]);
    free(m.runs);
    return ok;
}

bool run_generate(session *ses)
{
    settings *s = &ses->set;
    if (!s->seed_given)
        s->seed = clock_seed();
    describe_gave_up(s);
    if (ses->stats)
        fprintf(ses->err, "bitdoku: seed %llu (--seed %llu makes these puzzles again)\n",
                (unsigned long long)s->seed, (unsigned long long)s->seed);
    ses->out.name = NULL;
    if (s->pic.kind != PICTURE_NONE)
        return draw_generate(ses);      /* --format svg or html */
    if (s->csv)
        fprintf(ses->out.out, "puzzle%s%s\n", s->with_solution ? ",solution" : "",
                s->with_rating ? ",rating,level,hardest" : "");
    given_up g = {0};
    bool ok = ses->jobs > 1 && s->made > RUN ? run_threads(ses, &g) : run_serial(ses, &g);
    if (ok)
        report_given_up(ses, &g);
    return ok;
}
