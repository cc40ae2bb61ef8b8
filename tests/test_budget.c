/* test_budget.c - the search budget (budget.c): node limits, and a timeout
 * that holds however long a node takes. Nodes are simulated: a loop that
 * spends one node and then busy-waits as long as a node of some engine
 * would take. A wait only makes nodes take longer on a loaded machine, so
 * the node counts asserted here are upper bounds that load cannot break. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/budget.h"

static void busy_wait(double seconds)
{
    struct timespec start;
    timespec_get(&start, TIME_UTC);
    while (bdi_seconds_since(&start) < seconds)
        continue;
}

/* Spends nodes that take `node_seconds` each until the budget says stop
 * (or `most` nodes); returns the nodes spent. */
static uint64_t spend_until_cut(bdi_budget *budget, double node_seconds, uint64_t most)
{
    while (budget->nodes < most && !bdi_budget_spend(budget))
        if (node_seconds > 0)
            busy_wait(node_seconds);
    return budget->nodes;
}

/* Slow nodes (100 us, like a target node that re-solves its bound): a
 * 2 ms timeout stops the search within a couple of nodes of the 20 that
 * fill it, not thousands of nodes later. */
static void test_timeout_with_slow_nodes(void **state)
{
    (void)state;
    bd_options options = bd_options_default();
    options.timeout = 0.002;
    bdi_budget budget;
    bdi_budget_init(&budget, &options);
    uint64_t nodes = spend_until_cut(&budget, 100e-6, 100000);
    assert_true(budget.cut);
    assert_in_range(nodes, 1, 22);
}

/* Cheap nodes: the timeout still stops the search, and the clock is then
 * read only every so many nodes, not at every one. */
static void test_timeout_with_cheap_nodes(void **state)
{
    (void)state;
    bd_options options = bd_options_default();
    options.timeout = 0.002;
    bdi_budget budget;
    bdi_budget_init(&budget, &options);
    spend_until_cut(&budget, 0, UINT64_MAX);
    assert_true(budget.cut);
    assert_true(budget.check_every > 1);
}

/* Nodes whose cost changes: cheap ones until the interval between reads
 * of the clock has grown, then slow ones. The nodes up to the next read
 * overshoot (the price of reading the clock only now and then); after it,
 * the interval fits the slow nodes and the cut comes soon. */
static void test_timeout_when_nodes_slow_down(void **state)
{
    (void)state;
    bd_options options = bd_options_default();
    options.timeout = 0.05;
    bdi_budget budget;
    bdi_budget_init(&budget, &options);
    while (budget.check_every < 16 && !bdi_budget_spend(&budget))
        continue;
    assert_false(budget.cut);
    uint64_t before = budget.nodes, interval = budget.check_every;
    while (!bdi_budget_spend(&budget) && budget.nodes < before + 100000)
        busy_wait(2e-3);
    assert_true(budget.cut);
    /* at most 25 slow nodes fill the 50 ms */
    assert_in_range(budget.nodes - before, 1, interval + 25 + 2);
}

static void test_node_limit(void **state)
{
    (void)state;
    bd_options options = bd_options_default();
    options.max_nodes = 1000;
    bdi_budget budget;
    bdi_budget_init(&budget, &options);
    assert_int_equal(spend_until_cut(&budget, 0, 1000000), 1001);
    assert_true(budget.cut);
}

static void test_no_limit(void **state)
{
    (void)state;
    bd_options options = bd_options_default();
    bdi_budget budget;
    bdi_budget_init(&budget, &options);
    assert_int_equal(spend_until_cut(&budget, 0, 1000000), 1000000);
    assert_false(budget.cut);
    assert_false(bdi_budget_expired(&budget));
}

/* Nodes counted many at a time stop where as many single spends would:
 * under a node limit of 1000, sums of uneven batches against the same
 * count spent one by one, the batch that passes the limit cut after its
 * 1001st node in all. */
static void test_spend_many_as_single_spends(void **state)
{
    (void)state;
    const uint64_t batches[] = {0, 1, 7, 300, 499, 192, 1, 5000};
    bd_options options = bd_options_default();
    options.max_nodes = 1000;
    bdi_budget many, single;
    bdi_budget_init(&many, &options);
    bdi_budget_init(&single, &options);
    for (size_t i = 0; i < sizeof batches / sizeof batches[0]; i++) {
        bool single_cut = false;
        for (uint64_t n = 0; n < batches[i] && !single_cut; n++)
            single_cut = bdi_budget_spend(&single);
        assert_int_equal(bdi_budget_spend_many(&many, batches[i]), single_cut);
        assert_int_equal(many.nodes, single.nodes);
        assert_int_equal(many.cut, single.cut);
    }
    assert_int_equal(many.nodes, 1001);   /* 1000 + the one that passed it */
    assert_true(bdi_budget_spend_many(&many, 3));   /* cut stays cut */
}

/* With a timeout, a batch that reaches the next read of the clock reads
 * it: the next read is scheduled past the nodes counted. */
static void test_spend_many_reads_the_clock(void **state)
{
    (void)state;
    bd_options options = bd_options_default();
    options.timeout = 1000;
    bdi_budget budget;
    bdi_budget_init(&budget, &options);
    for (int i = 0; i < 100; i++) {
        assert_false(bdi_budget_spend_many(&budget, 10000));
        assert_true(budget.next_check > budget.nodes);
    }
    assert_int_equal(budget.nodes, 1000000);
}

/* Work between nodes asks bdi_budget_expired. */
static void test_expired(void **state)
{
    (void)state;
    bd_options options = bd_options_default();
    options.timeout = 0.001;
    bdi_budget budget;
    bdi_budget_init(&budget, &options);
    busy_wait(0.0015);
    assert_true(bdi_budget_expired(&budget));
    assert_true(budget.cut);
    assert_true(bdi_budget_spend(&budget));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timeout_with_slow_nodes),
        cmocka_unit_test(test_timeout_with_cheap_nodes),
        cmocka_unit_test(test_timeout_when_nodes_slow_down),
        cmocka_unit_test(test_node_limit),
        cmocka_unit_test(test_no_limit),
        cmocka_unit_test(test_expired),
        cmocka_unit_test(test_spend_many_as_single_spends),
        cmocka_unit_test(test_spend_many_reads_the_clock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
