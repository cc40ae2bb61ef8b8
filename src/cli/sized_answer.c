/*
 * sized_answer.c - one record of a board of any size in, the text of its
 * answer out (an answer, answer.h), by the bd_board functions of
 * bitdoku.h: solve (--all, --smallest), count (-u, -l), check, and one
 * puzzle of generate; rate and explain through sized_rate.c. Thread-safe: everything it touches is the item's.
 *
 * Boards are written in the record's shape and alphabet: a one-line board
 * by a line, a grid by a block of lines. With --csv an answer is a row:
 * the record's CSV row as it came (or, for text input, the puzzle as one
 * line in its alphabet), then our fields, each board one line (solve
 * --all: the solutions apart by spaces).
 *
 * check's verdicts are 9 x 9's words: ok; blank, changed given or clash
 * at the first such cell in reading order (rRcC, values as numbers 1..N,
 * the unit numbered from 1: boxes left to right, top to bottom);
 * malformed, missing or extra answer; for the words "no solution", ok
 * exactly when a count of the puzzle's solutions finds none.
 */
#include "sized.h"
#include "answer.h"
#include "settings.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* How many names `columns` (joined by commas) holds. */
static unsigned count_columns(const char *columns)
{
    unsigned n = 1;
    for (const char *c = columns; c && *c; c++)
        n += *c == ',';
    return n;
}

/* Starts the answer to `item`: with --csv, its row and the separator. */
static void begin(const settings *s, sized_item *item)
{
    answer *a = &item->a;
    a->len = 0;
    a->out_of_memory = false;
    answer_put(a, "");
    a->block = item->block;
    a->outcome = OUTCOME_ANSWERED;
    a->failure = NULL;
    a->stats = (bd_stats){0, 0};
    a->tries = a->checks = 0;
    a->line = item->line;
    a->seconds = 0.0;
    a->csv_separator = s->csv ? ',' : 0;
    if (!s->csv)
        return;
    a->field_start = a->ours_start = 0;
    a->fields = 1;
    a->columns = count_columns(s->columns);
    if (s->cmd == CMD_GENERATE) {   /* a row of our fields alone: puzzle[,solution] */
        a->columns = s->with_solution ? 2 : 1;
        return;
    }
    if (item->row.len)
        answer_put_bytes(a, item->row.bytes, item->row.len);
    else if (item->status == BD_OK && s->cmd != CMD_GENERATE)
        answer_board(a, &item->puzzle, &item->how);
    a->field_start = a->len;
    answer_field(a, "");
    a->ours_start = a->len;
    a->fields = 1;
    a->columns = count_columns(s->columns);
}

/* Adds a search's effort to the answer's. */
static void add_stats(answer *a, const bd_stats *stats)
{
    a->stats.nodes += stats->nodes;
    a->stats.guesses += stats->guesses;
}

/* The words of a search that ended with `status` without a board, and the
 * outcome they stand for. */
static const char *status_words(bd_status status, answer *a)
{
    a->outcome = status == BD_NO_SOLUTION ? OUTCOME_NO_SOLUTION
                 : status == BD_CUT_SHORT ? OUTCOME_CUT_SHORT : OUTCOME_FAILED;
    if (a->outcome == OUTCOME_FAILED)
        a->failure = bd_status_text(status);
    return status == BD_NO_SOLUTION ? "no solution" : status == BD_CUT_SHORT ? "cut-short"
                                                                             : "error";
}

/* The context of solve --all: the solutions found, written once counted. */
typedef struct kept_solutions {
    bd_board *kept;
    uint64_t count;
} kept_solutions;

/* A bd_board_fn: keeps a copy of `solution` in the context's
 * array, which has room for the search's limit; goes on. */
static bool keep_solution(const bd_board *solution, void *context)
{
    kept_solutions *k = context;
    k->kept[k->count++] = *solution;
    return true;
}

/* solve --all: the number of solutions ("N+" past the limit), then each. */
static void answer_all(const settings *s, const sized_item *item, answer *a)
{
    uint64_t limit = s->limit, count = 0;
    bd_stats stats = {0};
    kept_solutions k = {.kept = malloc((size_t)limit * sizeof *k.kept)};
    bd_status status = k.kept ? bd_board_solutions(&item->puzzle, limit, &s->options,
                                                   keep_solution, &k, &count, &stats)
                              : BD_ENOMEM;
    if (status == BD_OK || status == BD_CUT_SHORT) {
        uint64_t more = 0;
        if (status == BD_OK && count == limit)
            bd_board_count(&item->puzzle, limit + 1, &s->options, &more, &stats);
        answer_printf(a, "%s%" PRIu64 "%s\n", status == BD_CUT_SHORT ? "cut-short>=" : "",
                      count, more > limit ? "+" : "");
        answer_field(a, "");
        for (uint64_t i = 0; i < count; i++) {
            if (i && a->csv_separator)
                answer_put(a, " ");     /* a row's solutions apart by spaces, as for 9x9 */
            if (!answer_board(a, &k.kept[i], &item->how))
                break;
        }
        if (a->outcome != OUTCOME_FAILED)
            a->outcome = status == BD_CUT_SHORT ? OUTCOME_CUT_SHORT
                         : count ? OUTCOME_ANSWERED : OUTCOME_NO_SOLUTION;
    } else {
        answer_printf(a, "%s\n", status_words(status, a));
    }
    free(k.kept);
    add_stats(a, &stats);
}

/* solve (or --smallest): the solution, or the words saying why none. */
static void answer_solve(const settings *s, const sized_item *item, answer *a)
{
    bd_board solution;
    bd_stats stats = {0};
    bd_status status = item->smallest
                       ? bd_board_smallest(&item->puzzle, &s->options, &solution, &stats)
                       : bd_board_solve(&item->puzzle, &s->options, &solution, &stats);
    if (status == BD_OK)
        answer_board(a, &solution, &item->how);
    else {
        const char *words = status_words(status, a);
        answer_printf(a, "%s\n", status == BD_NO_SOLUTION && item->none ? item->none : words);
    }
    add_stats(a, &stats);
}

/* count: "N", "N+" past --limit, "cut-short>=N"; -u: unique, multiple or
 * none. */
static void answer_count(const settings *s, const sized_item *item, answer *a)
{
    uint64_t limit = s->unique ? 2 : s->limit ? s->limit + 1 : 0, count = 0;
    bd_stats stats = {0};
    bd_status status = bd_board_count(&item->puzzle, limit, &s->options, &count, &stats);
    if (status != BD_OK && status != BD_CUT_SHORT)
        answer_printf(a, "%s\n", status_words(status, a));
    else if (status == BD_CUT_SHORT) {
        a->outcome = OUTCOME_CUT_SHORT;
        answer_printf(a, "cut-short>=%" PRIu64 "\n", count);
    }
    else if (s->unique)
        answer_put(a, count == 0 ? "none\n" : count == 1 ? "unique\n" : "multiple\n");
    else if (s->limit && count > s->limit)
        answer_printf(a, "%" PRIu64 "+\n", s->limit);
    else
        answer_printf(a, "%" PRIu64 "\n", count);
    add_stats(a, &stats);
}

/* A cell as the community writes it: r1c1 .. rNcN. */
static void put_cell(answer *a, int size, int cell)
{
    answer_printf(a, "r%dc%d", cell / size + 1, cell % size + 1);
}

/* check, the words "no solution": ok when the puzzle has none. */
static void check_no_solution(const settings *s, const sized_item *item, answer *a)
{
    uint64_t count = 0;
    bd_stats stats = {0};
    bd_status status = bd_board_count(&item->puzzle, 1, &s->options, &count, &stats);
    add_stats(a, &stats);
    answer_no_solution(a, status, count);
}

/* check: the verdict on a well-formed proposal of the puzzle's size. */
static void check_board(const sized_item *item, answer *a)
{
    static const char *const UNIT_NAMES[] = {"row", "column", "box"};
    const bd_board *puzzle = &item->puzzle;
    bd_check_result r;
    if (bd_board_check(puzzle, &item->proposal, &r) != BD_OK) {
        answer_fail(a, bd_status_text(BD_EINVAL));
        return;
    }
    if (r.verdict == BD_VALID) {
        answer_put(a, "ok\n");
        return;
    }
    int n = puzzle->size;
    a->outcome = OUTCOME_REJECTED;
    answer_put(a, r.verdict == BD_BLANK ? "blank: "
                  : r.verdict == BD_CHANGED_GIVEN ? "changed given: " : "clash: ");
    put_cell(a, n, r.cell);
    if (r.verdict == BD_CHANGED_GIVEN)
        answer_printf(a, " is %d, but the puzzle gives %d", r.digit, r.given);
    if (r.verdict == BD_CLASH) {
        int row = r.cell / n, col = r.cell % n;
        int unit = r.unit == BD_UNIT_ROW ? row : r.unit == BD_UNIT_COLUMN
                   ? col : row / puzzle->box_rows * puzzle->box_rows + col / puzzle->box_cols;
        answer_printf(a, " is %d, as is ", r.digit);
        put_cell(a, n, r.other);
        answer_printf(a, " (%s %d)", UNIT_NAMES[r.unit], unit + 1);
    }
    answer_put(a, "\n");
}

/* check: the verdict on item's proposal (with two inputs and --csv, the
 * proposal as a line first). */
static void answer_check(const settings *s, const sized_item *item, answer *a)
{
    bool in_row = a->csv_separator && !item->row.len;
    if (in_row && item->proposal_status == BD_OK && item->no_solution)
        answer_put(a, "no solution");
    else if (in_row && item->proposal_status == BD_OK)
        answer_board(a, &item->proposal, &item->how);
    if (in_row)
        answer_field(a, "");
    const bd_board *p = &item->puzzle, *q = &item->proposal;
    if (item->status == BD_EOF) {
        a->outcome = OUTCOME_REJECTED;
        answer_put(a, "extra answer: the puzzles have ended\n");
    } else if (item->status != BD_OK) {
        a->outcome = OUTCOME_MALFORMED;
        answer_put(a, "error\n");
    } else if (item->proposal_status == BD_EOF) {
        a->outcome = OUTCOME_REJECTED;
        answer_printf(a, "missing answer%s\n", item->proposal_why);
    } else if (item->proposal_status != BD_OK) {
        a->outcome = OUTCOME_REJECTED;
        answer_printf(a, "malformed answer: line %ld: %s\n", item->proposal_line,
                      item->proposal_why);
    } else if (item->no_solution) {
        check_no_solution(s, item, a);
    } else if (p->box_rows != q->box_rows || p->box_cols != q->box_cols) {
        a->outcome = OUTCOME_REJECTED;
        answer_printf(a, "malformed answer: line %ld: a %dx%d board in boxes of %dx%d, the "
                      "puzzle's is %dx%d in boxes of %dx%d\n", item->proposal_line, q->size,
                      q->size, q->box_rows, q->box_cols, p->size, p->size, p->box_rows,
                      p->box_cols);
    } else {
        check_board(item, a);
    }
}

/* Ends the answer: the row's last field, and the failure of an answer
 * that ran out of memory. */
static void end(answer *a)
{
    answer_end(a);
    if (a->out_of_memory)
        answer_fail(a, "out of memory");
}

void sized_answer(const settings *s, sized_item *item)
{
    answer *a = &item->a;
    begin(s, item);
    if (s->cmd == CMD_CHECK)
        answer_check(s, item, a);
    else if (item->status != BD_OK) {
        a->outcome = OUTCOME_MALFORMED;
        answer_put(a, "error\n");
    } else if (s->cmd == CMD_COUNT)
        answer_count(s, item, a);
    else if (s->cmd == CMD_RATE)
        sized_rate(s, item, a);         /* sized_rate.c */
    else if (s->cmd == CMD_EXPLAIN)
        sized_explain(s, item, a);
    else if (s->all)
        answer_all(s, item, a);
    else
        answer_solve(s, item, a);
    end(a);
}

void sized_generate(const settings *s, sized_item *item)
{
    answer *a = &item->a;
    begin(s, item);
    bd_board_text how = s->text;
    how.grid = false;
    bd_generate_options options = bd_board_generate_defaults(how.box_rows, how.box_cols);
    options.symmetry = s->gen.symmetry;
    options.minimal = s->gen.minimal;
    options.unsolvable = s->gen.unsolvable;
    options.max_tries = s->gen.max_tries;
    if (s->givens_given) {
        options.min_givens = s->gen.min_givens;
        options.max_givens = s->gen.max_givens;
    }
    bd_board *solution = s->gen.unsolvable ? NULL : &item->proposal;
    bd_generate_stats stats = {0};
    bd_status status = bd_board_generate(s->seed, item->index, how.box_rows, how.box_cols,
                                         &options, &item->puzzle, solution, &stats);
    add_stats(a, &stats.search);
    a->tries = stats.tries;
    a->checks = stats.checks;
    if (status != BD_OK) {
        a->line = item->index + 1;
        answer_fail(a, bd_status_text(status));
        if (status != BD_CUT_SHORT)
            return;
        snprintf(item->note, sizeof item->note, "bitdoku: puzzle %lu not made (not made in "
                 "--tries tries)\n", item->index + 1);
        a->outcome = OUTCOME_CUT_SHORT;     /* reported by the note, nothing written */
        a->failure = NULL;
        a->len = 0;
        return;
    }
    if (options.minimal && !options.unsolvable && stats.unproved > 0) {
        snprintf(item->note, sizeof item->note, "bitdoku: puzzle %lu not proved minimal (%llu "
                 "given%s whose check was cut short)\n", item->index + 1,
                 (unsigned long long)stats.unproved, stats.unproved == 1 ? "" : "s");
        a->outcome = OUTCOME_CUT_SHORT;     /* the note says why; the puzzle is unique */
    }
    if (answer_board(a, &item->puzzle, &how) && s->with_solution) {
        answer_field(a, "");
        answer_board(a, solution, &how);
    }
    end(a);
}
