/*
 * ring.h - an ordered ring of worker threads (ring.c): one thread, the
 * feeder, hands out jobs numbered 0, 1, 2, ... to worker threads through
 * a bounded ring of slots, and takes them back done, in their order. The
 * jobs' data is the caller's, in slots of its own: job j's is slot
 * j % slots, which the feeder fills before handing the job out and reads
 * after taking it back, and a worker uses while it does the job.
 */
#ifndef BITDOKU_CLI_RING_H
#define BITDOKU_CLI_RING_H

#include <stdbool.h>
#include <stddef.h>
#include <threads.h>

/* Does job `job` (its data: slot job % slots) on the worker thread
 * numbered `worker` (0..workers-1; one job at a time on each). */
typedef void (*ring_work_fn)(void *context, size_t job, int worker);

/* The ring. The feeder alone hands jobs out and takes them back. */
typedef struct ring {
    ring_work_fn work;
    void *context;
    size_t slots;               /* jobs out at once, at most */
    size_t head, next, tail;    /* counts of jobs: taken back, begun, handed out */
    bool *done;                 /* by slot: its job is done */
    bool closing;               /* no job will be begun any more */
    int workers;                /* threads started */
    int named;                  /* threads that have taken their number */
    thrd_t *threads;
    mtx_t lock;                 /* guards next, tail, done, closing, named */
    cnd_t handed_out;           /* workers wait on it for a job */
    cnd_t job_done;             /* the feeder waits on it for the oldest job */
} ring;

/* Starts up to `workers` threads that do jobs with `work` (and `context`)
 * through a ring of `slots` slots. False, with nothing to stop, when no
 * thread (or no memory for the ring) could be had: the caller then does
 * the jobs itself. */
bool ring_start(ring *r, size_t slots, int workers, ring_work_fn work, void *context);

/* The number of the next job to hand out: the feeder fills its slot, then
 * calls ring_hand_out. Its slot is free unless ring_full. */
size_t ring_next_job(const ring *r);

/* True when every slot holds a job handed out and not yet taken back. */
bool ring_full(const ring *r);

/* True when no job is out. */
bool ring_empty(const ring *r);

/* Hands out job ring_next_job(r), whose slot the feeder has filled. */
void ring_hand_out(ring *r);

/* The oldest job out, in *job, when it is done: true. With `wait`, waits
 * until it is; false at once when no job is out, or (without `wait`) when
 * it is not done yet. */
bool ring_oldest_done(ring *r, bool wait, size_t *job);

/* Takes the oldest job back (ring_oldest_done said it is done): its slot
 * is free for another. */
void ring_take_back(ring *r);

/* Stops the workers once they have done the jobs they have begun (those
 * handed out but not begun are dropped), and releases the ring. */
void ring_stop(ring *r);

#endif
