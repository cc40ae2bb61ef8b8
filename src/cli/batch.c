/*
 * batch.c - answering the records of every input (run_inputs), each input
 * a stream of records answered with one or more threads (run_batch).
 *
 * With one job, records are read, answered and written one after another.
 * With N jobs, the calling thread reads records into a ring of RING_SLOTS
 * slots and writes the answers out in input order, while N worker threads
 * answer the slots between `head` and `tail`, a few at a time:
 *
 *     head          next           tail
 *      |  answered?  |  unclaimed   |     free      |
 *
 * The ring bounds memory whatever the size of the input; the writer waits
 * for the slot at `head` only when the ring is full or the input is done.
 * One mutex guards the indices and the `done` flags; workers sleep on
 * `work` and the writer on `answered`.
 */
#include "cli.h"

#include <stdlib.h>
#include <threads.h>

enum { RING_SLOTS = 1024, CLAIM = 8 };

typedef struct slot {
    bd_record rec;
    bool malformed;
    bool done;
    answer ans;
} slot;

typedef struct ring {
    const settings *s;
    slot *slots;
    size_t head, next, tail;    /* counts of records, not indices */
    bool closing;               /* no more records will come */
    mtx_t lock;
    cnd_t work, answered;
} ring;

/* Before input would wait: write out what is owed (one thread). */
static void flush_answers(void *context)
{
    output *o = context;
    fflush(o->out);
}

/* source_next, and for the first record of the input its header row. */
static bd_status next_record(const settings *s, source *src, output *o, bd_record *rec,
                             bool *first, bool *ok)
{
    bd_status status = source_next(src, rec);
    if (*first && s->csv)
        *ok = output_header(o, src->reader, s->columns);
    *first = false;
    return *ok ? status : BD_EOF;
}

static bool run_serial(const settings *s, source *src, output *o)
{
    src->before_wait = flush_answers;
    src->wait_context = o;
    slot *one = calloc(1, sizeof *one);
    bool ok = one != NULL, first = true;
    bd_status status;
    while (ok && (status = next_record(s, src, o, &one->rec, &first, &ok)) != BD_EOF) {
        answer_record(s, &one->rec, status == BD_EMALFORMED, &one->ans);
        ok = output_answer(o, &one->ans);
    }
    if (one)
        answer_free(&one->ans);
    free(one);
    return ok;
}

static int worker(void *arg)
{
    ring *r = arg;
    mtx_lock(&r->lock);
    for (;;) {
        while (r->next == r->tail && !r->closing)
            cnd_wait(&r->work, &r->lock);
        if (r->next == r->tail)
            break;
        size_t first = r->next, last = r->next + CLAIM;
        if (last > r->tail)
            last = r->tail;
        r->next = last;
        mtx_unlock(&r->lock);
        for (size_t i = first; i < last; i++) {
            slot *sl = &r->slots[i % RING_SLOTS];
            answer_record(r->s, &sl->rec, sl->malformed, &sl->ans);
        }
        mtx_lock(&r->lock);
        for (size_t i = first; i < last; i++)
            r->slots[i % RING_SLOTS].done = true;
        cnd_signal(&r->answered);
    }
    mtx_unlock(&r->lock);
    return 0;
}

/* Writes the answers at the head of the ring that are ready; with `wait`,
 * waits until at least the head one is. False when output failed. */
static bool write_ready(ring *r, output *o, bool wait)
{
    mtx_lock(&r->lock);
    while (wait && r->head < r->tail && !r->slots[r->head % RING_SLOTS].done)
        cnd_wait(&r->answered, &r->lock);
    size_t from = r->head, to = from;
    while (to < r->tail && r->slots[to % RING_SLOTS].done)
        to++;
    mtx_unlock(&r->lock);
    bool ok = true;
    for (size_t i = from; i < to && ok; i++)
        ok = output_answer(o, &r->slots[i % RING_SLOTS].ans);
    mtx_lock(&r->lock);
    for (size_t i = from; i < to; i++)
        r->slots[i % RING_SLOTS].done = false;
    r->head = to;
    mtx_unlock(&r->lock);
    return ok;
}

/* Before input would wait: write out the answers of every record read so
 * far (several threads). */
typedef struct drain_context {
    ring *r;
    output *o;
} drain_context;

static void drain_answers(void *context)
{
    drain_context *d = context;
    bool ok = true;
    while (ok && d->r->head < d->r->tail)
        ok = write_ready(d->r, d->o, true);
    fflush(d->o->out);
}

/* Reads records into the ring until the input ends or output fails. */
static bool feed_ring(ring *r, source *src, output *o);

/* feed_ring, with the source's before_wait hook pointing at this ring for
 * exactly as long as it runs. */
static bool feed(ring *r, source *src, output *o)
{
    drain_context drain = {r, o};
    src->before_wait = drain_answers;
    src->wait_context = &drain;
    bool ok = feed_ring(r, src, o);
    src->before_wait = NULL;
    src->wait_context = NULL;
    return ok;
}

static bool feed_ring(ring *r, source *src, output *o)
{
    bool first = true, ok = true;
    for (;;) {
        if (r->tail - r->head == RING_SLOTS && !write_ready(r, o, true))
            return false;
        slot *sl = &r->slots[r->tail % RING_SLOTS];
        bd_status status = next_record(r->s, src, o, &sl->rec, &first, &ok);
        if (status == BD_EOF)
            return ok;
        sl->malformed = status == BD_EMALFORMED;
        mtx_lock(&r->lock);
        r->tail++;
        cnd_signal(&r->work);
        mtx_unlock(&r->lock);
        if ((r->tail & (CLAIM - 1)) == 0 && !write_ready(r, o, false))
            return false;
    }
}

static bool run_threads(const settings *s, int jobs, source *src, output *o)
{
    ring r = {.s = s, .slots = calloc(RING_SLOTS, sizeof(slot))};
    if (!r.slots || mtx_init(&r.lock, mtx_plain) != thrd_success) {
        free(r.slots);
        return run_serial(s, src, o);
    }
    cnd_init(&r.work);
    cnd_init(&r.answered);
    thrd_t threads[MAX_JOBS];
    int started = 0;
    while (started < jobs && thrd_create(&threads[started], worker, &r) == thrd_success)
        started++;
    bool ok = started > 0 ? feed(&r, src, o) : run_serial(s, src, o);
    while (ok && r.head < r.tail)
        ok = write_ready(&r, o, true);
    mtx_lock(&r.lock);
    r.closing = true;
    r.next = r.tail;            /* after a write error, drop what is left */
    cnd_broadcast(&r.work);
    mtx_unlock(&r.lock);
    for (int i = 0; i < started; i++)
        thrd_join(threads[i], NULL);
    cnd_destroy(&r.work);
    cnd_destroy(&r.answered);
    mtx_destroy(&r.lock);
    for (size_t i = 0; i < RING_SLOTS; i++)
        answer_free(&r.slots[i].ans);
    free(r.slots);
    return ok;
}

bool run_batch(const settings *s, int jobs, source *src, output *o)
{
    if (jobs <= 1)
        return run_serial(s, src, o);
    return run_threads(s, jobs < MAX_JOBS ? jobs : MAX_JOBS, src, o);
}

/* Answers every record of one input; false when output failed. */
static bool run_input(session *ses, const char *name)
{
    source src;
    if (!source_open(&src, name, ses->in, ses->err)) {
        ses->fatal = true;
        return true;
    }
    ses->out.name = src.name;
    bool ok = run_batch(&ses->set, ses->jobs, &src, &ses->out);
    ses->malformed = ses->malformed || src.malformed;
    ses->misframed = ses->misframed || src.misframed;
    ses->fatal = ses->fatal || src.failed;
    source_close(&src);
    return ok;
}

bool run_inputs(session *ses)
{
    if (ses->file_count == 0)
        return run_input(ses, "-");
    for (int i = 0; i < ses->file_count; i++)
        if (!run_input(ses, ses->files[i]))
            return false;
    return true;
}
