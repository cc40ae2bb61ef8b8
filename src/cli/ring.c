/*
 * ring.c - the ordered worker ring: jobs numbered from 0, handed out by one
 * thread (the feeder) to worker threads and taken back by it in their
 * order, through a ring of `slots` slots:
 *
 *     head            next            tail
 *      | begun, done?  |  not begun    |      free      |
 *
 * head, next and tail count jobs (never wrap); job j sits in slot
 * j % slots. The feeder hands out job `tail` (tail++) while the ring has a
 * free slot, and takes back job `head` once it is done (head++), so that
 * results leave in the order the jobs came in and memory stays bounded
 * whatever their number; a worker begins job `next` (next++), does it
 * without the lock, then marks its slot done. One mutex guards the counts
 * the workers read and the `done` flags; workers sleep on `handed_out`,
 * the feeder on `job_done`. Only the feeder changes head and tail, so it
 * reads them without the lock. The lock's hand-over orders the feeder's
 * writes to a slot before the worker's reads, and the worker's writes
 * before the feeder's reads.
 */
#include "ring.h"

#include <stdlib.h>

/* A worker thread (arg: the ring): takes its number, then does the jobs
 * handed out, one at a time in turn, until the ring closes. */
static int work_jobs(void *arg)
{
    ring *r = arg;
    mtx_lock(&r->lock);
    int worker = r->named++;
    for (;;) {
        while (r->next == r->tail && !r->closing)
            cnd_wait(&r->handed_out, &r->lock);
        if (r->next == r->tail)
            break;
        size_t job = r->next++;
        mtx_unlock(&r->lock);
        r->work(r->context, job, worker);
        mtx_lock(&r->lock);
        r->done[job % r->slots] = true;
        cnd_signal(&r->job_done);
    }
    mtx_unlock(&r->lock);
    return 0;
}

/* Releases what ring_start took, the threads joined or never started. */
static void release(ring *r)
{
    cnd_destroy(&r->handed_out);
    cnd_destroy(&r->job_done);
    mtx_destroy(&r->lock);
    free(r->threads);
    free(r->done);
}

bool ring_start(ring *r, size_t slots, int workers, ring_work_fn work, void *context)
{
    *r = (ring){.work = work, .context = context, .slots = slots};
    r->done = calloc(slots, sizeof *r->done);
    r->threads = workers > 0 ? malloc((size_t)workers * sizeof *r->threads) : NULL;
    if (!r->done || !r->threads || mtx_init(&r->lock, mtx_plain) != thrd_success) {
        free(r->threads);
        free(r->done);
        return false;
    }
    cnd_init(&r->handed_out);
    cnd_init(&r->job_done);
    while (r->workers < workers
           && thrd_create(&r->threads[r->workers], work_jobs, r) == thrd_success)
        r->workers++;
    if (r->workers == 0)
        release(r);
    return r->workers > 0;
}

size_t ring_next_job(const ring *r)
{
    return r->tail;
}

bool ring_full(const ring *r)
{
    return r->tail - r->head == r->slots;
}

bool ring_empty(const ring *r)
{
    return r->tail == r->head;
}

void ring_hand_out(ring *r)
{
    mtx_lock(&r->lock);
    r->tail++;
    cnd_signal(&r->handed_out);
    mtx_unlock(&r->lock);
}

bool ring_oldest_done(ring *r, bool wait, size_t *job)
{
    mtx_lock(&r->lock);
    while (wait && r->head < r->tail && !r->done[r->head % r->slots])
        cnd_wait(&r->job_done, &r->lock);
    bool ready = r->head < r->tail && r->done[r->head % r->slots];
    mtx_unlock(&r->lock);
    *job = r->head;
    return ready;
}

void ring_take_back(ring *r)
{
    mtx_lock(&r->lock);
    r->done[r->head % r->slots] = false;
    r->head++;
    mtx_unlock(&r->lock);
}

void ring_stop(ring *r)
{
    mtx_lock(&r->lock);
    r->closing = true;
    r->next = r->tail;
    cnd_broadcast(&r->handed_out);
    mtx_unlock(&r->lock);
    for (int i = 0; i < r->workers; i++)
        thrd_join(r->threads[i], NULL);
    release(r);
}
