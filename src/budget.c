/*
 * budget.c - the search budget every engine spends: a node count, a node
 * limit and a wall-clock timeout. bdi_budget_spend (internal.h) counts a
 * node inline and looks at the clock only now and then; this file holds
 * the clock and the start of a budget. It sits below every engine and
 * calls nothing of the library.
 */
#include "internal.h"

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
    if (budget->timeout > 0)
        timespec_get(&budget->start, TIME_UTC);
}
