/*
 * combine.c - the search that subsets and fish share: among n masks, the
 * sets of k whose union has exactly k bits (k cells holding k digits, k
 * digits confined to k cells, k lines of a digit covered by k lines).
 * Depth-first over the masks in order, abandoning a partial set as soon as
 * its union has more than k bits, so that only promising sets are built.
 */
#include "human.h"

typedef struct combine {
    const unsigned *masks;
    int count, size;
    bdi_subset_fn try_set;
    void *context;
} combine;

/* Extends `chosen` (union `uni`, `depth` masks) with masks from `from` on. */
static bool extend(const combine *cb, int from, int depth, unsigned chosen, unsigned uni)
{
    if (depth == cb->size)
        return cb->try_set(chosen, uni, cb->context);
    for (int i = from; i <= cb->count - (cb->size - depth); i++) {
        unsigned wider = uni | cb->masks[i];
        if (digit_count(wider) <= cb->size && extend(cb, i + 1, depth + 1, chosen | 1u << i, wider))
            return true;
    }
    return false;
}

bool bdi_find_subset(const unsigned *masks, int count, int size, bdi_subset_fn try_set,
                     void *context)
{
    combine cb = {masks, count, size, try_set, context};
    return count >= size && extend(&cb, 0, 0, 0, 0);
}
