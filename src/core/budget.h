/*
 * budget.h - the search budget every engine spends (budget.c): nodes
 * counted against a node limit and a wall-clock timeout.
 */
#ifndef BITDOKU_BUDGET_H
#define BITDOKU_BUDGET_H

#include "bitdoku.h"

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/*
 * A search budget: counts nodes and stops the search when the
 * node limit or the timeout is reached. The clock is read every
 * `check_every` nodes, a number that adapts to how long nodes take, so that
 * the reads are at most a small fraction of the timeout (and of a
 * millisecond) apart: a timeout holds to within that, whatever the engine.
 */
typedef struct bdi_budget {
    uint64_t nodes;
    uint64_t max_nodes;     /* 0: none */
    double timeout;         /* seconds; 0: none */
    struct timespec start;
    uint64_t next_check;    /* read the clock when nodes reaches this */
    uint64_t check_every;   /* nodes between two reads of the clock */
    double last_check;      /* seconds since start at the last read */
    bool cut;               /* a limit was hit */
} bdi_budget;

/* Starts a budget: options->max_nodes and options->timeout, the clock from
 * now. */
void bdi_budget_init(bdi_budget *budget, const bd_options *options);

/* Seconds since `start` on the wall clock. */
double bdi_seconds_since(const struct timespec *start);

/* Reads the clock for bdi_budget_spend: sets and returns budget->cut when
 * the timeout has passed, and schedules the next read. */
bool bdi_budget_check(bdi_budget *budget);

/* Counts one node; true when the search must stop now. */
static inline bool bdi_budget_spend(bdi_budget *budget)
{
    budget->nodes++;
    if (budget->max_nodes && budget->nodes > budget->max_nodes)
        budget->cut = true;
    else if (budget->nodes >= budget->next_check)
        return bdi_budget_check(budget);
    return budget->cut;
}

/* How many nodes the budget can count from now on (each one
 * budget->nodes++) before a call of bdi_budget_spend would do more: reach
 * the node limit, read the clock, or find it cut. */
static inline uint64_t bdi_budget_room(const bdi_budget *budget)
{
    uint64_t room = 0;
    if (!budget->cut && budget->nodes + 1 < budget->next_check)
        room = budget->next_check - budget->nodes - 1;
    if (budget->max_nodes) {
        uint64_t left = budget->max_nodes > budget->nodes ? budget->max_nodes - budget->nodes : 0;
        room = left < room ? left : room;
    }
    return room;
}

/* Counts `n` nodes at once, exactly as n calls of bdi_budget_spend would,
 * stopping at the first of them that returns true (the node limit passed
 * or the timeout read as passed); returns whether one did. For work that
 * knows how many nodes it stands for (a search's count taken from a memo,
 * starts counted rather than walked). */
static inline bool bdi_budget_spend_many(bdi_budget *budget, uint64_t n)
{
    while (n) {
        /* nodes that n spends may add without a limit or a read of the clock */
        uint64_t room = bdi_budget_room(budget);
        if (n <= room) {
            budget->nodes += n;
            return false;
        }
        budget->nodes += room;
        n -= room + 1;
        if (bdi_budget_spend(budget))
            return true;
    }
    return false;
}

/* For long work between nodes (a bound's iterations): true, with
 * budget->cut set, when the timeout has passed. Reads the clock on each
 * call when there is a timeout. */
bool bdi_budget_expired(bdi_budget *budget);

#endif /* BITDOKU_BUDGET_H */
