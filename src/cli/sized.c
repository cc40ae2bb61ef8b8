/*
 * sized.c - boards of any size on the command line (--box, --size,
 * --alphabet, --judge, --smallest): solve, count, check and generate run
 * on the records of sized_read.c, answered by sized_answer.c.
 *
 * The calling thread reads records (or, for generate, numbers the puzzles
 * to make) into groups of GROUP items and writes their answers out in
 * order, each item's note (a malformed record's diagnostic) on stderr
 * just before its answer. With one job it answers each group itself; with
 * N, N worker threads answer the groups handed out through an ordered
 * ring (ring.c) of 2N slots, so the output is the same as with one job
 * and memory stays bounded by the ring, whatever the size of the input.
 */
#include "sized.h"
#include "cli.h"
#include "output.h"
#include "ring.h"
#include "session.h"
#include "settings.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { GROUP = 16, SLOTS_PER_JOB = 2 };

/* The items of one job. */
typedef struct group {
    sized_item items[GROUP];
    int count;
} group;

/* A run: where the items come from, and the groups by slot of the ring. */
typedef struct run {
    session *ses;
    sized_reader *reader;       /* NULL for generate */
    unsigned long next_index;   /* generate: the next puzzle to make */
    group *groups;
    size_t slots;
} run;

/* Answers (or makes) every item of `g`. */
static void answer_group(const settings *s, group *g)
{
    for (int i = 0; i < g->count; i++) {
        if (s->cmd == CMD_GENERATE)
            sized_generate(s, &g->items[i]);
        else
            sized_answer(s, &g->items[i]);
    }
}

/* A ring_work_fn (context: the run): answers the group of job `job`. */
static void answer_job(void *context, size_t job, int worker)
{
    (void)worker;
    run *r = context;
    answer_group(&r->ses->set, &r->groups[job % r->slots]);
}

/* Fills `g` with the next items; false when there are none. */
static bool fill_group(run *r, group *g)
{
    g->count = 0;
    while (g->count < GROUP) {
        sized_item *item = &g->items[g->count];
        if (!r->reader) {
            if (r->next_index >= r->ses->set.made)
                break;
            item->note[0] = '\0';
            item->header_here = false;
            item->index = r->next_index++;
        } else if (!sized_reader_next(r->reader, item)) {
            break;
        }
        g->count++;
    }
    return g->count > 0;
}

/* Writes the answers of `g` in order; false once output failed. */
static bool write_group(run *r, const group *g)
{
    session *ses = r->ses;
    bool ok = true;
    for (int i = 0; i < g->count && ok; i++) {
        const sized_item *item = &g->items[i];
        if (item->header_here)
            ok = output_header_row(&ses->out, item->header.len ? item->header.bytes : NULL,
                                   item->header.len, item->header_csv ? ',' : 0,
                                   ses->set.columns);
        if (item->note[0])
            output_note(&ses->out, item->note);
        ok = ok && output_answer(&ses->out, &item->a);
    }
    return ok;
}

/* One job: reads, answers and writes each group in turn. */
static bool run_serial(run *r)
{
    bool ok = true;
    while (ok && fill_group(r, &r->groups[0])) {
        answer_group(&r->ses->set, &r->groups[0]);
        ok = write_group(r, &r->groups[0]);
    }
    return ok;
}

/* N jobs: hands the groups out while the ring has room, and writes them
 * out in order as they are answered; false when output failed. */
static bool run_ring(run *r, ring *workers)
{
    bool ok = true, more = true;
    size_t job;
    while (ok) {
        while (more && !ring_full(workers)) {
            more = fill_group(r, &r->groups[ring_next_job(workers) % r->slots]);
            if (more)
                ring_hand_out(workers);
        }
        if (!ring_oldest_done(workers, true, &job))
            break;
        ok = write_group(r, &r->groups[job % r->slots]);
        ring_take_back(workers);
    }
    return ok;
}

/* Answers every item on the session's threads (this one alone with one
 * job, or when no thread can be had); false when output failed. */
static bool run_groups(run *r)
{
    int jobs = r->ses->jobs;
    r->slots = jobs > 1 ? (size_t)jobs * SLOTS_PER_JOB : 1;
    r->groups = calloc(r->slots, sizeof *r->groups);
    if (!r->groups) {
        fputs("bitdoku: out of memory\n", r->ses->err);
        r->ses->fatal = true;
        return true;
    }
    ring workers;
    bool ok;
    if (jobs > 1 && ring_start(&workers, r->slots, jobs, answer_job, r)) {
        ok = run_ring(r, &workers);
        ring_stop(&workers);
    } else {
        ok = run_serial(r);
    }
    for (size_t i = 0; i < r->slots; i++)
        for (int k = 0; k < GROUP; k++) {
            answer_free(&r->groups[i].items[k].a);
            free(r->groups[i].items[k].row.bytes);
            free(r->groups[i].items[k].header.bytes);
        }
    free(r->groups);
    return ok;
}

/* A seed from the clock, for generate without --seed. */
static uint64_t clock_seed(void)
{
    uint64_t seed = (uint64_t)time(NULL);
    seed ^= (uint64_t)clock() << 32;
    return seed;
}

bool run_sized(session *ses)
{
    settings *s = &ses->set;
    run r = {.ses = ses};
    if (s->cmd == CMD_GENERATE) {
        if (!s->seed_given)
            s->seed = clock_seed();
        if (ses->stats)
            fprintf(ses->err, "bitdoku: seed %llu (--seed %llu makes these puzzles again)\n",
                    (unsigned long long)s->seed, (unsigned long long)s->seed);
        ses->out.name = NULL;
        if (s->csv)
            fprintf(ses->out.out, "puzzle%s\n", s->with_solution ? ",solution" : "");
        return run_groups(&r);
    }
    if (s->cmd == CMD_CHECK && ses->file_count > 2) {
        fprintf(ses->err, "bitdoku: check takes one input (CSV rows of a puzzle and its "
                          "answer) or two (the puzzles, then the answers)\n"
                          "Try 'bitdoku --help'.\n");
        ses->fatal = true;
        return true;
    }
    if (s->cmd == CMD_CHECK && ses->file_count == 2) {
        if (strcmp(ses->files[0], "-") == 0 && strcmp(ses->files[1], "-") == 0) {
            fprintf(ses->err, "bitdoku: check: only one input can be standard input\n"
                              "Try 'bitdoku --help'.\n");
            ses->fatal = true;
            return true;
        }
        s->columns = "answer,check";
    }
    r.reader = sized_reader_open(ses);
    if (!r.reader) {
        fputs("bitdoku: out of memory\n", ses->err);
        ses->fatal = true;
        return true;
    }
    bool ok = ses->fatal || run_groups(&r);
    sized_reader_close(r.reader);
    return ok;
}
