/*
 * cmd_rate.c - the rate command: one line per puzzle saying how hard it is for
 * a person, `RATING LEVEL HARDEST` (e.g. `8.3 diabolical region-forcing-chains`):
 * Sudoku Explainer's rating (ER) of the path of bd_rate, its level name and
 * the technique of its hardest step; with --ep-ed the first field is
 * `ER/EP/ED` as serate prints it (`8.3/1.2/1.2`). A puzzle without exactly
 * one solution is not rated: `no solution` or `multiple solutions`; a
 * puzzle whose uniqueness check hit --max-nodes or --timeout is
 * `cut-short`. Three fields separated by single spaces, so that the line
 * splits cleanly in a shell script (the word answers have no number in
 * front). With --csv they are the columns rating (er/ep/ed with --ep-ed),
 * level and hardest; a puzzle not rated has its words in the first and the
 * other two empty.
 */
#include "cmd.h"
#include "answer.h"
#include "bitdoku.h"
#include "settings.h"

#include <stdio.h>

const char *rate_refusal(bd_status status, outcome *out)
{
    switch (status) {
    case BD_NO_SOLUTION: *out = OUTCOME_NO_SOLUTION; return "no solution";
    case BD_NOT_UNIQUE: *out = OUTCOME_ANSWERED; return "multiple solutions";
    case BD_CUT_SHORT: *out = OUTCOME_CUT_SHORT; return "cut-short";
    default: *out = OUTCOME_FAILED; return NULL;
    }
}

void rate_fields(answer *a, const bd_rating *rating, bool ep_ed)
{
    /* A grid with no blank has no step: nothing to rate but 0.0. */
    const char *hardest = rating->hardest < BD_TECHNIQUES ? bd_technique_name(rating->hardest)
                                                          : "none";
    answer_printf(a, "%.1f", rating->rating);
    if (ep_ed)
        answer_printf(a, "/%.1f/%.1f", rating->pearl, rating->diamond);
    answer_field(a, " ");
    answer_put(a, bd_level_name(rating->level));
    answer_field(a, " ");
    answer_put(a, hardest);
}

void rating_line(char *out, size_t size, const bd_rating *rating, bool stalled)
{
    const char *hardest = rating->hardest < BD_TECHNIQUES ? bd_technique_name(rating->hardest)
                                                          : "none";
    snprintf(out, size, "rating %.1f%s %s (hardest: %s; %d step%s; EP %.1f, ED %.1f)",
             rating->rating, stalled ? "+" : "",
             stalled ? "beyond-these-techniques" : bd_level_name(rating->level), hardest,
             rating->steps, rating->steps == 1 ? "" : "s", rating->pearl, rating->diamond);
}

bool rate_refused(bd_status status, answer *a)
{
    const char *words = rate_refusal(status, &a->outcome);
    if (!words) {
        answer_fail(a, bd_status_text(status));
        return false;
    }
    answer_put(a, words);
    answer_put(a, "\n");
    return true;
}

void answer_rate(const settings *s, const bd_record *rec, answer *a)
{
    bd_rating rating;
    bd_status status = rec->has_marks
                       ? bd_rate_marks(&rec->marks, &s->options, &rating, &a->stats)
                       : bd_rate(&rec->grid, &s->options, &rating, &a->stats);
    if (status != BD_OK) {
        rate_refused(status, a);
        return;
    }
    rate_fields(a, &rating, s->ep_ed);
    answer_put(a, "\n");
}

const char *columns_rate(const settings *s)
{
    return s->ep_ed ? "er/ep/ed,level,hardest" : "rating,level,hardest";
}
