/*
 * cmd_generate.c - the generate command: puzzles made by bd_generate instead
 * of read. Puzzle number n (1 to --count) is bd_generate's puzzle of
 * index n - 1 for the seed, on whichever thread it is made, and puzzles
 * are written in order: so the output is the same for every -j.
 *
 * With one job the calling thread makes and writes each puzzle in turn.
 * With N, worker threads make runs of RUN consecutive puzzles, each into a
 * slot of a ring of runs, while the calling thread writes the runs out in
 * order:
 *
 *     written        claimed               (claimed - written <= slots)
 *        | made?  ...  |  next runs to make ...
 *
 * A worker takes the next run only while the ring has a free slot, so
 * memory stays bounded however many puzzles are asked for. One mutex
 * guards the counters and the `done` flags; workers sleep on `room`, the
 * writer on `made`.
 *
 * A puzzle that the tries allowed could not make is answered by no text,
 * and reported on stderr (`bitdoku: puzzle N: ...`); the exit status is
 * then 3, as for a puzzle cut short. With --csv, a header "puzzle" (and
 * "solution"), then a row per puzzle.
 */
#include "cmd.h"
#include "answer.h"
#include "bitdoku.h"
#include "output.h"
#include "session.h"
#include "settings.h"

#include <stdio.h>
#include <stdlib.h>
#include <threads.h>
#include <time.h>

enum { RUN = 8, SLOTS_PER_JOB = 4 };

/* A seed from the clock, for a run without --seed. */
static uint64_t clock_seed(void)
{
    struct timespec now;
    timespec_get(&now, TIME_UTC);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* Writes into s->gave_up what a puzzle that could not be made lacked, e.g.
 * "no minimal puzzle with 17 givens made in 1000 tries". */
static void describe_gave_up(settings *s)
{
    const bd_generate_options *gen = &s->gen;
    char givens[32] = "", symmetry[32] = "", level[32] = "";
    if (gen->min_givens == gen->max_givens)
        snprintf(givens, sizeof givens, " with %d givens", gen->min_givens);
    else if (gen->max_givens < BD_CELLS)
        snprintf(givens, sizeof givens, " with %d-%d givens", gen->min_givens, gen->max_givens);
    if (gen->symmetry != BD_SYMMETRY_NONE)
        snprintf(symmetry, sizeof symmetry, ", %s symmetry", bd_symmetry_name(gen->symmetry));
    if (gen->level >= 0)
        snprintf(level, sizeof level, ", level %s", bd_level_name((bd_level)gen->level));
    snprintf(s->gave_up, sizeof s->gave_up, "no %s%spuzzle%s%s%s made in %llu tries (see --tries)",
             gen->minimal ? "minimal " : "", gen->unsolvable ? "unsolvable " : "", givens,
             symmetry, level, (unsigned long long)gen->max_tries);
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
    bd_generate_stats effort = {0};
    bd_status status = bd_generate(s->seed, number - 1, &s->gen, &puzzle, &solution, &effort);
    a->stats = effort.search;
    a->tries = effort.tries;
    a->checks = effort.checks;
    if (status == BD_CUT_SHORT) {
        a->outcome = OUTCOME_CUT_SHORT;
        a->failure = s->gave_up;
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
    a->block = shape != BD_SHAPE_LINE;
}

/* One job: makes and writes each puzzle in turn. */
static bool run_serial(session *ses)
{
    answer a = {0};
    bool ok = true;
    for (unsigned long number = 1; number <= ses->set.made && ok; number++) {
        make(&ses->set, number, &a);
        ok = output_answer(&ses->out, &a);
    }
    answer_free(&a);
    return ok;
}

typedef struct run {
    answer made[RUN];
    bool done;
} run;

typedef struct ring {
    const settings *s;
    run *runs;
    unsigned long slots;        /* runs in the ring */
    unsigned long total;        /* runs to make */
    unsigned long written, claimed;
    bool closing;               /* make no more */
    mtx_t lock;
    cnd_t room, made;
} ring;

/* A worker thread: claims the next run of puzzles while the ring has room,
 * makes them into its slot, until all are claimed or the ring closes. */
static int worker(void *arg)
{
    ring *r = arg;
    mtx_lock(&r->lock);
    for (;;) {
        while (!r->closing && r->claimed < r->total && r->claimed - r->written == r->slots)
            cnd_wait(&r->room, &r->lock);
        if (r->closing || r->claimed == r->total)
            break;
        unsigned long index = r->claimed++;
        run *slot = &r->runs[index % r->slots];
        mtx_unlock(&r->lock);
        for (unsigned long i = 0; i < RUN && index * RUN + i < r->s->made; i++)
            make(r->s, index * RUN + i + 1, &slot->made[i]);
        mtx_lock(&r->lock);
        slot->done = true;
        cnd_broadcast(&r->made);
    }
    mtx_unlock(&r->lock);
    return 0;
}

/* Writes the runs out in order as they are made; false when output
 * failed. */
static bool write_runs(ring *r, output *o)
{
    bool ok = true;
    for (unsigned long index = 0; index < r->total && ok; index++) {
        run *slot = &r->runs[index % r->slots];
        mtx_lock(&r->lock);
        while (!slot->done)
            cnd_wait(&r->made, &r->lock);
        mtx_unlock(&r->lock);
        for (unsigned long i = 0; i < RUN && index * RUN + i < r->s->made && ok; i++)
            ok = output_answer(o, &slot->made[i]);
        mtx_lock(&r->lock);
        slot->done = false;
        r->written++;
        cnd_broadcast(&r->room);
        mtx_unlock(&r->lock);
    }
    return ok;
}

/* Makes the puzzles on the session's threads, this one writing them in
 * order; on this thread alone when the ring or the threads cannot be had.
 * False when output failed. */
static bool run_threads(session *ses)
{
    ring r = {.s = &ses->set, .slots = (unsigned long)ses->jobs * SLOTS_PER_JOB,
              .total = ses->set.made / RUN + (ses->set.made % RUN != 0)};
    r.runs = calloc(r.slots, sizeof(run));
    if (!r.runs || mtx_init(&r.lock, mtx_plain) != thrd_success) {
        free(r.runs);
        return run_serial(ses);
    }
    cnd_init(&r.room);
    cnd_init(&r.made);
    thrd_t threads[MAX_JOBS];
    int started = 0;
    while (started < ses->jobs && thrd_create(&threads[started], worker, &r) == thrd_success)
        started++;
    bool ok = started > 0 ? write_runs(&r, &ses->out) : run_serial(ses);
    mtx_lock(&r.lock);
    r.closing = true;           /* after a write error, make no more */
    cnd_broadcast(&r.room);
    mtx_unlock(&r.lock);
    for (int i = 0; i < started; i++)
        thrd_join(threads[i], NULL);
    cnd_destroy(&r.room);
    cnd_destroy(&r.made);
    mtx_destroy(&r.lock);
    for (unsigned long i = 0; i < r.slots; i++)
        for (int k = 0; k < RUN; k++)
            answer_free(&r.runs[i].made[k]);
    free(r.runs);
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
    if (s->csv)
        fputs(s->with_solution ? "puzzle,solution\n" : "puzzle\n", ses->out.out);
    return ses->jobs > 1 && s->made > RUN ? run_threads(ses) : run_serial(ses);
}
