/*
 * budget.c - the search budget every engine spends: a node count, a node
 * limit and a wall-clock timeout. bdi_budget_spend (budget.h) counts a
 * node inline and calls bdi_budget_check only when a read of the clock is
 * due. It sits below every engine and calls nothing of the library.
 *
 * How often the clock is read: nodes cost from tens of nanoseconds (the
 * fast engine) to tens of microseconds (a target node that re-solves its
 * bound), so a fixed number of nodes between reads either overshoots a
 * short timeout or reads the clock far too often. Instead the interval
 * starts at one node and adapts at every read: it doubles while reads come
 * less than half a grain apart, and when they come more than a grain apart
 * it shrinks to the nodes that fit in a grain at their latest pace; the
 * grain is 1/64 of the timeout, at most 100 microseconds. A read costs
 * some 25 ns, so even at one read per grain the clock takes well under 1%
 * of the time. What this cannot see is a sudden change of pace: nodes that
 * turn a hundred times slower overshoot by up to a hundred grains once.
 * An engine whose nodes can do long work of their own (target.c's bound)
 * asks bdi_budget_expired there as well.
 */
#include "budget.h"

#include <stdint.h>

enum { MAX_CHECK_EVERY = 1 << 12 };

static const double MAX_GRAIN = 1e-4;   /* seconds */

double bdi_seconds_since(const struct timespec *start)
{
    struct timespec now;
    timespec_get(&now, TIME_UTC);
    return (double)(now.tv_sec - start->tv_sec)
           + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

void bdi_budget_init(bdi_budget *budget, const bd_options *options)
{
    budget->nodes = 0;
    budget->max_nodes = options->max_nodes;
    budget->timeout = options->timeout;
    budget->cut = false;
    budget->check_every = 1;
    budget->last_check = 0.0;
    budget->next_check = budget->timeout > 0 ? 1 : UINT64_MAX;
    if (budget->timeout > 0)
        timespec_get(&budget->start, TIME_UTC);
}

bool bdi_budget_check(bdi_budget *budget)
{
    double now = bdi_seconds_since(&budget->start);
    if (now >= budget->timeout) {
        budget->cut = true;
        return true;
    }
    double grain = budget->timeout / 64 < MAX_GRAIN ? budget->timeout / 64 : MAX_GRAIN;
    double since = now - budget->last_check;
    if (since < grain / 2 && budget->check_every < MAX_CHECK_EVERY) {
        budget->check_every *= 2;
    } else if (since > grain) {     /* as many nodes as fit in a grain now */
        double fit = (double)budget->check_every * grain / since;
        budget->check_every = fit > 1 ? (uint64_t)fit : 1;
    }
    budget->last_check = now;
    budget->next_check = budget->nodes + budget->check_every;
    return budget->cut;
}

bool bdi_budget_expired(bdi_budget *budget)
{
    if (budget->timeout > 0 && !budget->cut
        && bdi_seconds_since(&budget->start) >= budget->timeout)
        budget->cut = true;
    return budget->cut;
}
