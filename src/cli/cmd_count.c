/*
 * cmd_count.c - the count command: how many solutions each puzzle has, up
 * to --limit: `N`, or `N+` when there are more than the limit N (the
 * search runs to N + 1, so that a count up to N is exact); with --unique
 * the search stops at two and the answer is `unique`, `multiple` or
 * `none`. A search cut short by --max-nodes or --timeout is answered
 * `cut-short>=N` once N solutions were found, else `cut-short`.
 *
 * The count's words are also those of solve --all (cmd_solve.c), which
 * writes them with count_field before the solutions.
 */
#include "cmd.h"
#include "answer.h"
#include "bitdoku.h"
#include "settings.h"

void count_field(answer *a, bd_status status, uint64_t count, uint64_t limit)
{
    unsigned long long shown = count;
    a->outcome = count == 0 ? OUTCOME_NO_SOLUTION : OUTCOME_ANSWERED;
    if (status == BD_CUT_SHORT) {
        a->outcome = OUTCOME_CUT_SHORT;
        if (count > 0)
            answer_printf(a, "cut-short>=%llu", shown);
        else
            answer_put(a, "cut-short");
    } else {
        bool more = limit && count > limit;
        answer_printf(a, "%llu%s", more ? (unsigned long long)limit : shown, more ? "+" : "");
    }
}

uint64_t count_search_limit(uint64_t limit)
{
    return limit && limit < UINT64_MAX ? limit + 1 : limit;
}

void answer_count(const settings *s, const bd_record *rec, answer *a)
{
    uint64_t count = 0;
    uint64_t limit = s->unique ? 1 : s->limit;
    bd_status status = rec->has_marks
                       ? bd_count_marks(&rec->marks, count_search_limit(limit), &s->options,
                                        &count, &a->stats)
                       : bd_count(&rec->grid, count_search_limit(limit), &s->options, &count,
                                  &a->stats);
    if (s->unique && status != BD_CUT_SHORT) {
        a->outcome = count == 0 ? OUTCOME_NO_SOLUTION : OUTCOME_ANSWERED;
        answer_put(a, count == 0 ? "none\n" : count == 1 ? "unique\n" : "multiple\n");
        return;
    }
    count_field(a, status, count, limit);
    answer_put(a, "\n");
}
